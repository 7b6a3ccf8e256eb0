import Dependencies
import Foundation
import Testing

@testable import ComposableArchitecture
@testable import Sharing

#if os(Linux)
  /// Changes still waiting to be written when the process exits are written by the exit hook.
  /// The test runs this test binary again as a child process that changes a file-storage value
  /// and calls `exit(0)` while the value is still alive.
  @Suite struct FileStorageExitTests {
    static let childURLVariable = "FILE_STORAGE_EXIT_TEST_URL"

    @Test func pendingChangesAreWrittenWhenTheProcessExits() async throws {
      try await withScratchDirectory { directory in
        let url = directory.appendingPathComponent("count.json")
        let process = Process()
        process.executableURL = URL(
          fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        )
        process.arguments = [
          "--testing-library", "swift-testing",
          "--filter", "FileStorageExitTests/childChangesAValueAndExits",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(
          [Self.childURLVariable: url.path], uniquingKeysWith: { $1 }
        )
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        #expect(try await runToExit(process) == 0)
        #expect(decodedFile(Int.self, at: url) == 3)
      }
    }

    /// The child's part; skipped unless run as the child.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[Self.childURLVariable] != nil))
    func childChangesAValueAndExits() throws {
      let path = try #require(ProcessInfo.processInfo.environment[Self.childURLVariable])
      let url = URL(fileURLWithPath: path)
      withDependencies {
        $0.defaultFileStorage = .fileSystem
      } operation: {
        @Shared(.fileStorage(url)) var count = 0
        $count.withLock { $0 = 1 }
        // Within the one-second window: these wait to be written.
        $count.withLock { $0 = 2 }
        $count.withLock { $0 = 3 }
        guard decodedFile(Int.self, at: url) == 1 else { exit(2) }
        exit(0)
      }
    }
  }
#endif

import ComposableArchitecture

/// Facts about numbers, worked out locally so that the case studies need no network.
///
/// ```swift
/// @Dependency(\.factClient) var factClient
/// let fact = try await factClient.fetch(7)  // "7 is a prime number."
/// ```
@DependencyClient
public struct FactClient: Sendable {
  /// A sentence about `number`.
  public var fetch: @Sendable (_ number: Int) async throws -> String
}

extension FactClient: DependencyKey {
  public static let liveValue = FactClient(fetch: { number in
    try await Task.sleep(for: .milliseconds(300))
    return FactClient.fact(about: number)
  })

  public static let testValue = FactClient()

  /// The sentence the live client answers for `number`, without the wait.
  public static func fact(about number: Int) -> String {
    if number == 0 { return "0 is the only number that is neither positive nor negative." }
    if isPrime(number) { return "\(number) is a prime number." }
    let squareRoot = Int(Double(number.magnitude).squareRoot())
    if number > 0, squareRoot * squareRoot == number {
      return "\(number) is the square of \(squareRoot)."
    }
    return "\(number) is an \(number.isMultiple(of: 2) ? "even" : "odd") number."
  }

  private static func isPrime(_ number: Int) -> Bool {
    guard number > 1 else { return false }
    var divisor = 2
    while divisor <= number / divisor {
      if number.isMultiple(of: divisor) { return false }
      divisor += 1
    }
    return true
  }
}

extension DependencyValues {
  /// The number-fact client.
  public var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

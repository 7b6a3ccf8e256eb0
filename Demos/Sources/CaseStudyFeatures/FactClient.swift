import ComposableArchitecture

/// Tells a fact about a number.
///
/// The live value needs no network: it works the fact out locally and answers after a second on
/// the continuous clock, the way a slow server would.
///
/// ```swift
/// @Dependency(\.factClient) var factClient
/// let fact = try await factClient.fetch(7)  // "7 is a prime number."
/// ```
@DependencyClient
public struct FactClient: Sendable {
  public var fetch: @Sendable (_ number: Int) async throws -> String

  /// Why no fact came back.
  public struct Failure: Error, Equatable, Sendable {
    public var message: String
    public init(message: String) {
      self.message = message
    }
  }
}

extension FactClient: DependencyKey {
  public static let liveValue = Self(
    fetch: { number in
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: .seconds(1))
      return localFact(about: number)
    }
  )

  public static let testValue = Self()
}

extension DependencyValues {
  /// The source of number facts used by the effects case studies.
  public var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

/// A fact about `number`, worked out without any service.
///
/// ```swift
/// localFact(about: 9)  // "9 is the square of 3."
/// ```
public func localFact(about number: Int) -> String {
  if number < 0 {
    let parity = number.isMultiple(of: 2) ? "even" : "odd"
    return "\(number) is negative: its absolute value, \(-number), is \(parity)."
  }
  if number == 0 {
    return "0 is the only number that is neither positive nor negative."
  }
  if isPrime(number) {
    return "\(number) is a prime number."
  }
  let root = Int(Double(number).squareRoot().rounded())
  if root * root == number {
    return "\(number) is the square of \(root)."
  }
  let divisors = (1...number).filter { number.isMultiple(of: $0) }.map(String.init)
  return "\(number) has \(divisors.count) divisors: \(divisors.joined(separator: ", "))."
}

import ComposableArchitecture
import Foundation
import Testing

/// A perceptible type written by hand, the way a type with custom storage uses the registrar.
final class Odometer: Perceptible, @unchecked Sendable {
  private let registrar = PerceptionRegistrar()
  private var storedKilometers = 0
  private var storedTrip = 0

  var kilometers: Int {
    get {
      registrar.access(self, keyPath: \.kilometers)
      return storedKilometers
    }
    set {
      registrar.withMutation(of: self, keyPath: \.kilometers) {
        storedKilometers = newValue
      }
    }
  }

  var trip: Int {
    get {
      registrar.access(self, keyPath: \.trip)
      return storedTrip
    }
    set {
      registrar.willSet(self, keyPath: \.trip)
      storedTrip = newValue
      registrar.didSet(self, keyPath: \.trip)
    }
  }

  func resetTrip() -> Int {
    registrar.withMutation(of: self, keyPath: \.trip) {
      defer { storedTrip = 0 }
      return storedTrip
    }
  }
}

struct Waypoint: Codable, Hashable {
  var name: String
  var registrar = PerceptionRegistrar()
}

@Suite("PerceptionRegistrar")
struct PerceptionRegistrarTests {
  @Test func accessThenWithMutationNotifiesTheReader() {
    let odometer = Odometer()
    let changes = LockIsolated(0)
    withPerceptionTracking {
      _ = odometer.kilometers
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    odometer.kilometers = 12
    #expect(changes.value == 1)
    #expect(odometer.kilometers == 12)
  }

  @Test func willSetNotifiesBeforeTheValueChanges() {
    let odometer = Odometer()
    odometer.trip = 3
    let seenDuringNotification = LockIsolated<Int?>(nil)
    withPerceptionTracking {
      _ = odometer.trip
    } onChange: { [odometer] in
      seenDuringNotification.setValue(odometer.trip)
    }
    odometer.trip = 8
    #expect(seenDuringNotification.value == 3)
    #expect(odometer.trip == 8)
  }

  @Test func aMutationOfAnotherKeyPathIsNotPerceived() {
    let odometer = Odometer()
    let changes = LockIsolated(0)
    withPerceptionTracking {
      _ = odometer.kilometers
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    odometer.trip = 5
    #expect(changes.value == 0)
  }

  @Test func withMutationReturnsTheMutationsResult() {
    let odometer = Odometer()
    odometer.trip = 42
    let changes = LockIsolated(0)
    withPerceptionTracking {
      _ = odometer.trip
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    #expect(odometer.resetTrip() == 42)
    #expect(odometer.trip == 0)
    #expect(changes.value == 1)
  }

  @Test func registrarsNeverChangeEqualityHashingOrCoding() throws {
    let first = Waypoint(name: "Summit")
    let second = Waypoint(
      name: "Summit", registrar: PerceptionRegistrar(isPerceptionCheckingEnabled: false)
    )
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first != Waypoint(name: "Valley"))

    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(first)
    let json = try #require(String(data: data, encoding: .utf8))
    #expect(json == #"{"name":"Summit","registrar":{}}"#)
    #expect(try JSONDecoder().decode(Waypoint.self, from: data) == first)
  }
}

import ComposableArchitecture
import Foundation
import Testing

@Perceptible
final class Thermostat {
  var target = 20
  var mode = "heat"
  @PerceptionIgnored var adjustments = 0
  let serialNumber = "T-1000"
  var isWarm: Bool { target > 22 }
  var history: [Int] = [] {
    didSet { historyWrites += 1 }
  }
  @PerceptionIgnored var historyWrites = 0
  var sensor = Sensor()

  init() {}
}

final class Sensor {}

@MainActor
@Perceptible
final class MainActorPanel {
  var brightness = 0.5
}

@Perceptible
final class Box<Value: Sendable> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// Counts how many times `onChange` ran for one tracking of `apply`.
private func perceivedChanges(_ apply: () -> Void) -> LockIsolated<Int> {
  let changes = LockIsolated(0)
  withPerceptionTracking(apply) {
    changes.withValue { $0 += 1 }
  }
  return changes
}

@Suite("@Perceptible classes")
struct PerceptibleClassTests {
  @Test func changingATrackedPropertyNotifiesItsReader() {
    let thermostat = Thermostat()
    let changes = perceivedChanges { _ = thermostat.target }
    thermostat.target = 23
    #expect(changes.value == 1)
    #expect(thermostat.target == 23)
    #expect(thermostat.isWarm)
  }

  @Test func changingAnotherPropertyLeavesTheReaderAlone() {
    let thermostat = Thermostat()
    let changes = perceivedChanges { _ = thermostat.target }
    thermostat.mode = "cool"
    #expect(changes.value == 0)
  }

  @Test func ignoredPropertiesAreNeverPerceived() {
    let thermostat = Thermostat()
    let changes = perceivedChanges { _ = thermostat.adjustments }
    thermostat.adjustments += 1
    thermostat.adjustments = 10
    #expect(changes.value == 0)
    #expect(thermostat.adjustments == 10)
  }

  @Test func computedPropertiesArePerceivedThroughWhatTheyRead() {
    let thermostat = Thermostat()
    let changes = perceivedChanges { _ = thermostat.isWarm }
    thermostat.target = 25
    #expect(changes.value == 1)
  }

  @Test func assigningAnEqualValueNotifiesNobody() {
    let thermostat = Thermostat()
    let changes = perceivedChanges { _ = thermostat.mode }
    thermostat.mode = "heat"
    #expect(changes.value == 0)
  }

  @Test func assigningTheSameObjectNotifiesNobodyButANewOneDoes() {
    let thermostat = Thermostat()
    let sameObject = perceivedChanges { _ = thermostat.sensor }
    thermostat.sensor = thermostat.sensor
    #expect(sameObject.value == 0)
    thermostat.sensor = Sensor()
    #expect(sameObject.value == 1)
  }

  @Test func inPlaceMutationNotifiesAndKeepsPropertyObservers() {
    let thermostat = Thermostat()
    let changes = perceivedChanges { _ = thermostat.history }
    thermostat.history.append(21)
    #expect(changes.value == 1)
    #expect(thermostat.history == [21])
    #expect(thermostat.historyWrites == 1)
  }

  @Test func onChangeRunsOnceForOneTracking() {
    let thermostat = Thermostat()
    let changes = perceivedChanges { _ = thermostat.target }
    thermostat.target += 1
    thermostat.target += 1
    #expect(changes.value == 1)
  }

  @Test func observationTrackingSeesPerceptibleClassesToo() {
    let thermostat = Thermostat()
    let changes = LockIsolated(0)
    withObservationTracking {
      _ = thermostat.target
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    thermostat.target = 18
    #expect(changes.value == 1)
  }

  @Test func theMacroConformsTheClassToPerceptibleAndObservable() {
    func isPerceptible<T: Perceptible>(_: T) -> Bool { true }
    let thermostat = Thermostat()
    #expect(isPerceptible(thermostat))
    #expect((thermostat as Any) is any Observable)
  }

  @Test func genericClassesTrackTheirGenericProperties() {
    let box = Box([1, 2])
    let changes = perceivedChanges { _ = box.value }
    box.value.append(3)
    #expect(changes.value == 1)
    #expect(box.value == [1, 2, 3])
  }

  @MainActor
  @Test func mainActorClassesArePerceptible() {
    let panel = MainActorPanel()
    let changes = LockIsolated(0)
    withPerceptionTracking {
      _ = panel.brightness
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    panel.brightness = 1
    #expect(changes.value == 1)
  }
}

import ComposableArchitecture
import Foundation
import Observation
import Testing

// MARK: - Fixtures

@ObservableState
struct ObservedChild: Equatable, Identifiable {
  var id = UUID()
  var count = 0
  var name = ""

  mutating func replace(with other: Self) { self = other }
  mutating func reset() { self = Self() }
}

@ObservableState
enum ObservedDestination: Equatable {
  case first(ObservedChild)
  case second(ObservedChild)
  case inert(Int)
}

@ObservableState
struct ObservedParent: Equatable {
  var child = ObservedChild()
  var sibling = ObservedChild()
  var optional: ObservedChild?
  var rows: IdentifiedArrayOf<ObservedChild> = []
  var children: [ObservedChild] = []
  var destination: ObservedDestination?
  @Presents var presentation: ObservedChild?
  var title = ""

  mutating func swapChildren() {
    let child = self.child
    self.child = self.sibling
    self.sibling = child
  }
}

@ObservableState
struct CodableObserved: Codable, Equatable {
  var count = 0
  var label = ""
}

/// Counts how many times the observation of `read` was invalidated.
@discardableResult
func observations(of read: () -> Void) -> LockIsolated<Int> {
  let changes = LockIsolated(0)
  withObservationTracking(read) {
    changes.withValue { $0 += 1 }
  }
  return changes
}

// MARK: - Value semantics of @ObservableState

@Suite("@ObservableState notifications")
struct ObservableStateTests {
  @Test func readerOfAPropertyHearsItsChange() {
    var state = ObservedChild()
    let countChanges = observations { _ = state.count }
    let nameChanges = observations { _ = state.name }

    state.count += 1

    #expect(countChanges.value == 1)
    #expect(nameChanges.value == 0)
    #expect(state.count == 1)
  }

  @Test func writingAnEqualValueIsSilent() {
    var state = ObservedChild(count: 3)
    let changes = observations { _ = state.count }
    state.count = 3
    #expect(changes.value == 0)
  }

  @Test func mutatingAChildInPlaceNotifiesOnlyTheChildsReaders() {
    var state = ObservedParent()
    let childCount = observations { _ = state.child.count }
    let child = observations { _ = state.child }

    state.child.count += 1

    #expect(childCount.value == 1)
    #expect(child.value == 0)
    #expect(state.child.count == 1)
  }

  @Test func replacingAChildNotifiesTheParentsReaders() {
    var state = ObservedParent()
    let oldChild = state.child
    let oldChildCount = observations { _ = oldChild.count }
    let child = observations { _ = state.child }

    state.child = ObservedChild(count: 42)

    #expect(child.value == 1)
    #expect(oldChildCount.value == 0)
  }

  @Test func replacingAChildFromInsideNotifiesTheParent() {
    var state = ObservedParent()
    let child = observations { _ = state.child }
    state.child.replace(with: ObservedChild(count: 42))
    #expect(child.value == 1)

    let again = observations { _ = state.child }
    state.child.reset()
    #expect(again.value == 1)
    #expect(state.child.count == 0)
  }

  @Test func replacingAChildWithACopyOfItsOlderSelfIsNoticed() {
    let original = ObservedChild(count: 1)
    var copy = original
    copy.count = 2
    var state = ObservedParent(child: original, sibling: copy)
    let childCount = observations { _ = state.child.count }

    state.child.replace(with: state.sibling)

    #expect(childCount.value == 1)
    #expect(state.child.count == 2)
  }

  @Test func swappingSiblingsNotifiesBoth() {
    var state = ObservedParent(child: ObservedChild(count: 1), sibling: ObservedChild(count: -1))
    let child = observations { _ = state.child }
    let sibling = observations { _ = state.sibling }
    state.swapChildren()
    #expect(child.value == 1)
    #expect(sibling.value == 1)
    #expect(state.child.count == -1)
  }

  @Test func optionalChild() {
    var state = ObservedParent()
    let presented = observations { _ = state.optional }
    state.optional = ObservedChild()
    #expect(presented.value == 1)

    let optional = observations { _ = state.optional }
    let presentedState = state.optional
    let count = observations { _ = presentedState?.count }
    state.optional?.count += 1
    #expect(optional.value == 0)
    #expect(count.value == 1)

    let dismissed = observations { _ = state.optional }
    state.optional = nil
    #expect(dismissed.value == 1)
  }

  @Test func identifiedArrayOfRows() {
    var state = ObservedParent(rows: [ObservedChild(), ObservedChild()])
    let rows = observations { _ = state.rows }
    let firstRow = observations { _ = state.rows[0] }
    let firstCount = observations { _ = state.rows[0].count }
    let secondCount = observations { _ = state.rows[1].count }

    state.rows[0].count += 1

    #expect(rows.value == 0)
    #expect(firstRow.value == 0)
    #expect(firstCount.value == 1)
    #expect(secondCount.value == 0)

    let appended = observations { _ = state.rows }
    state.rows.append(ObservedChild())
    #expect(appended.value == 1)
  }

  @Test func arrayOfObservableStates() {
    var state = ObservedParent(children: [ObservedChild()])
    let children = observations { _ = state.children }
    let count = observations { _ = state.children[0].count }
    state.children[0].count += 1
    #expect(children.value == 0)
    #expect(count.value == 1)

    let appended = observations { _ = state.children }
    state.children.append(ObservedChild())
    #expect(appended.value == 1)
  }

  @Test func enumDestinations() {
    var state = ObservedParent()
    let presented = observations { _ = state.destination }
    state.destination = .first(ObservedChild())
    #expect(presented.value == 1)

    let changed = observations { _ = state.destination }
    state.destination = .second(ObservedChild())
    #expect(changed.value == 1)

    let sameChildOtherCase = ObservedChild()
    state.destination = .first(sameChildOtherCase)
    let retagged = observations { _ = state.destination }
    state.destination = .second(sameChildOtherCase)
    #expect(retagged.value == 1)

    state.destination = .inert(0)
    let inert = observations { _ = state.destination }
    state.destination = .inert(1)
    #expect(inert.value == 1)
  }

  @Test func enumCaseIdentityAndModification() {
    let child = ObservedChild()
    #expect(ObservedDestination.first(child)._$id == ObservedDestination.first(child)._$id)
    #expect(ObservedDestination.first(child)._$id != ObservedDestination.second(child)._$id)

    var destination = ObservedDestination.first(child)
    let before = destination._$id
    destination._$willModify()
    #expect(destination._$id != before)
    #expect(destination == .first(child))
  }

  @Test func presentsProperty() {
    var state = ObservedParent()
    let presented = observations { _ = state.presentation }
    state.presentation = ObservedChild()
    #expect(presented.value == 1)
    #expect(state.$presentation.wrappedValue == state.presentation)

    let presentation = observations { _ = state.presentation }
    let count = observations { _ = state.presentation?.count }
    state.presentation?.count += 1
    #expect(presentation.value == 0)
    #expect(count.value == 1)

    let projected = observations { _ = state.$presentation }
    state.$presentation = PresentationState(wrappedValue: nil)
    #expect(projected.value == 1)
    #expect(state.presentation == nil)
  }

  @Test func readerOfPresentedValueHearsAChangeThroughItsProjection() {
    var state = ObservedParent()
    state.presentation = ObservedChild()
    // The presentation reducer dismisses through `$presentation`; a view reads `presentation`.
    let presented = observations { _ = state.presentation }
    state.$presentation = PresentationState(wrappedValue: nil)
    #expect(presented.value == 1)

    let projected = observations { _ = state.$presentation }
    state.presentation = ObservedChild()
    #expect(projected.value == 1)
  }

  @Test func registrarDoesNotAffectEqualityHashingOrCoding() throws {
    let a = ObservedChild(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, count: 1)
    var b = ObservedChild(id: a.id, count: 1)
    #expect(a == b)
    b.count = 2
    #expect(a != b)
    #expect(ObservationStateRegistrar() == ObservationStateRegistrar())
    #expect(ObservationStateRegistrar().hashValue == ObservationStateRegistrar().hashValue)
    let state = CodableObserved(count: 3, label: "x")
    let decoded = try JSONDecoder().decode(
      CodableObserved.self, from: JSONEncoder().encode(state)
    )
    #expect(decoded == state)
  }

  @Test func identityFollowsCopiesAndNewValues() {
    let a = ObservedChild()
    let copy = a
    #expect(a._$id == copy._$id)
    #expect(a._$id != ObservedChild()._$id)
  }
}

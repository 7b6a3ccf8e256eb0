import ComposableArchitecture
import Foundation
import Observation
import Testing

/// `_$modifyMember(_:at:_:)`, which `@ObservableState` generates so that reducers writing through
/// key paths reach a tracked property through its `_modify` accessor: the body gets the property
/// with the type it asks for, and is refused (nil, not called) for any other type or key path.
@Suite("Typed access to the tracked properties of observable state")
struct ObservableStateMemberModificationTests {
  @ObservableState
  struct Basket: Equatable {
    var owner = "Ada"
    var itemCount = 0
    var lines: [String] = []
    @ObservationStateIgnored var note = ""
    var label: String { "\(owner): \(itemCount)" }
  }

  struct PlainBasket: ObservableState {
    var _$id = ObservableStateID()
    mutating func _$willModify() {}
    var itemCount = 0
  }

  @Test func aTrackedPropertyOfTheAskedTypeIsGivenToTheBody() {
    var basket = Basket()
    let result = Basket._$modifyMember(&basket, at: \Basket.itemCount) { (count: inout Int) in
      count += 3
      return count * 10
    }
    #expect(result == 30)
    #expect(basket.itemCount == 3)
  }

  @Test func aPropertyOfAnotherTypeIsRefusedWithoutCallingTheBody() {
    var basket = Basket()
    var called = false
    let result = Basket._$modifyMember(&basket, at: \Basket.itemCount) {
      (text: inout String) -> Int in
      called = true
      text = "changed"
      return 1
    }
    #expect(result == nil)
    #expect(!called)
    #expect(basket.itemCount == 0)
    #expect(basket.owner == "Ada")
  }

  @Test func aRefusedBodyLeavesThePropertyUntouched() {
    var basket = Basket()
    let id = basket._$id
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = basket.itemCount
    } onChange: {
      changed.setValue(true)
    }
    let result: Void? = Basket._$modifyMember(&basket, at: \Basket.itemCount) {
      (flag: inout Bool) in
      flag.toggle()
    }
    #expect(result == nil)
    #expect(!changed.value)
    #expect(basket._$id == id)
  }

  @Test func aModifiedPropertyNotifiesItsReaders() {
    var basket = Basket()
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = basket.lines
    } onChange: {
      changed.setValue(true)
    }
    let result: Void? = Basket._$modifyMember(&basket, at: \Basket.lines) {
      (lines: inout [String]) in
      lines.append("apples")
    }
    #expect(result != nil)
    #expect(basket.lines == ["apples"])
    #expect(changed.value)
  }

  @Test func computedAndIgnoredPropertiesAreNotMembers() {
    var basket = Basket()
    var called = false
    let computed: Void? = Basket._$modifyMember(&basket, at: \Basket.label) { (_: inout String) in
      called = true
    }
    let ignored: Void? = Basket._$modifyMember(&basket, at: \Basket.note) { (note: inout String) in
      called = true
      note = "fragile"
    }
    #expect(computed == nil)
    #expect(ignored == nil)
    #expect(!called)
    #expect(basket.note == "")
  }

  @Test func anOptionalResultIsToldApartFromARefusal() {
    var basket = Basket()
    let result = Basket._$modifyMember(&basket, at: \Basket.owner) {
      (owner: inout String) -> Int? in
      owner = "Grace"
      return nil
    }
    #expect(result == .some(nil))
    #expect(basket.owner == "Grace")
  }

  @Test func aHandWrittenConformanceHasNoMembers() {
    var basket = PlainBasket()
    var called = false
    let result: Void? = PlainBasket._$modifyMember(&basket, at: \PlainBasket.itemCount) {
      (count: inout Int) in
      called = true
      count += 1
    }
    #expect(result == nil)
    #expect(!called)
    #expect(basket.itemCount == 0)
  }

  @Test func theHelperRunsTheBodyOnlyForItsOwnType() {
    var count = 1
    let doubled = _$modify(&count) { (value: inout Int) -> Int in
      value *= 2
      return value
    }
    #expect(doubled == 2)
    #expect(count == 2)

    var called = false
    let refused: Void? = _$modify(&count) { (value: inout Int?) in
      called = true
      value = nil
    }
    #expect(refused == nil)
    #expect(!called)
    #expect(count == 2)
  }
}

import ComposableArchitecture
import Foundation
import Observation
import Testing

/// `_$memberAccessor(at:as:)`, which `@ObservableState` generates so that reducers writing through
/// key paths reach a tracked property through its `_modify` accessor: asked once for a key path
/// and a value type, it hands out an accessor of that property, or `nil` for another type or a
/// key path it doesn't track.
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

  @Test func aTrackedPropertyOfTheAskedTypeHasAnAccessor() throws {
    let itemCount = try #require(Basket._$memberAccessor(at: \Basket.itemCount, as: Int.self))
    var basket = Basket()
    var seen: [Int] = []
    itemCount(&basket) { count in
      seen.append(count)
      count += 3
    }
    itemCount(&basket) { count in
      seen.append(count)
      count *= 10
    }
    #expect(seen == [0, 3])
    #expect(basket.itemCount == 30)
    #expect(itemCount.get(basket) == 30)
    #expect(basket.owner == "Ada")
  }

  @Test func aPropertyAskedForAsAnotherTypeHasNone() {
    #expect(Basket._$memberAccessor(at: \Basket.itemCount, as: String.self) == nil)
    #expect(Basket._$memberAccessor(at: \Basket.owner, as: Int.self) == nil)
    #expect(Basket._$memberAccessor(at: \Basket.lines, as: [Int].self) == nil)
    #expect(Basket._$memberAccessor(at: \Basket.owner, as: String.self) != nil)
  }

  @Test func anAccessorModifiesInPlaceAndNotifiesOnlyThatPropertysReaders() throws {
    let lines = try #require(Basket._$memberAccessor(at: \Basket.lines, as: [String].self))
    var basket = Basket()
    let linesChanged = LockIsolated(false)
    let ownerChanged = LockIsolated(false)
    withObservationTracking {
      _ = basket.lines
    } onChange: {
      linesChanged.setValue(true)
    }
    withObservationTracking {
      _ = basket.owner
    } onChange: {
      ownerChanged.setValue(true)
    }
    lines(&basket) { $0.append("apples") }
    #expect(basket.lines == ["apples"])
    #expect(linesChanged.value)
    #expect(!ownerChanged.value)
  }

  @Test func aReadThroughAnAccessorIsObservedAsThePropertysOwn() throws {
    let lines = try #require(Basket._$memberAccessor(at: \Basket.lines, as: [String].self))
    var basket = Basket()
    let changed = LockIsolated(false)
    withObservationTracking {
      #expect(lines.get(basket) == [])
    } onChange: {
      changed.setValue(true)
    }
    basket.owner = "Grace"
    #expect(!changed.value)
    basket.lines = ["pears"]
    #expect(changed.value)
  }

  @ObservableState
  struct Shelf {
    @Presents var detail: Basket?
  }

  @Test func aPresentedPropertyHasAccessorsByItsNameAndItsProjection() throws {
    let detail = try #require(Shelf._$memberAccessor(at: \Shelf.detail, as: Basket?.self))
    let projection = try #require(
      Shelf._$memberAccessor(at: \Shelf.$detail, as: PresentationState<Basket>.self)
    )
    var shelf = Shelf(detail: Basket())
    #expect(detail.get(shelf)?.owner == "Ada")
    projection(&shelf) { $0.wrappedValue?.owner = "Grace" }
    #expect(shelf.detail?.owner == "Grace")
    detail(&shelf) { $0 = nil }
    #expect(shelf.detail == nil)
    #expect(projection.get(shelf).wrappedValue == nil)
  }

  @Test func computedAndIgnoredPropertiesHaveNoAccessor() {
    #expect(Basket._$memberAccessor(at: \Basket.label, as: String.self) == nil)
    #expect(Basket._$memberAccessor(at: \Basket.note, as: String.self) == nil)
  }

  @Test func aHandWrittenConformanceHasNoMembers() {
    #expect(PlainBasket._$memberAccessor(at: \PlainBasket.itemCount, as: Int.self) == nil)
  }

  @Test func theHelperHandsOutAnAccessorOnlyAsItsMembersType() throws {
    let count: _$MemberAccessor<Basket, Int>? = _$accessor(
      get: { $0.itemCount }, modify: { $1(&$0.itemCount) }
    )
    let refused: _$MemberAccessor<Basket, Int?>? = _$accessor(
      get: { $0.itemCount }, modify: { $1(&$0.itemCount) }
    )
    #expect(refused == nil)
    var basket = Basket()
    let accessor = try #require(count)
    accessor(&basket) { $0 = 7 }
    #expect(basket.itemCount == 7)
    #expect(accessor.get(basket) == 7)
  }
}

import ComposableArchitecture
import Testing

// `ObservableState._$replacedValues(in:seen:)`: how a list's store finds the rows that were
// replaced, compiled for each conforming type.

@ObservableState
private struct Line: Equatable {
  var text = ""
}

@ObservableState
private enum Slot: Equatable {
  case empty(Line)
  case filled(Line)
}

/// A conformance written by hand, which gets the default implementation too.
private struct HandWritten: ObservableState {
  var _$id = ObservableStateID()
  var value = 0
  mutating func _$willModify() { self._$id._$willModify() }
}

private func replaced<Value: ObservableState>(
  in values: [Value], seen: inout [ObservableStateID]
) -> [Int] {
  values.withUnsafeBufferPointer { values in
    seen.withUnsafeMutableBufferPointer { seen in
      Value._$replacedValues(in: values, seen: seen)
    }
  }
}

struct ObservableStateReplacedValuesTests {
  @Test func valuesChangedInPlaceAreNotReplaced() {
    var lines = (0..<5).map { Line(text: "\($0)") }
    var seen = lines.map(\._$id)

    // As a parent's accessor does before changing an observable child in place.
    lines[1]._$willModify()
    lines[1].text = "one"
    lines[4]._$willModify()
    lines[4].text += "!"
    #expect(lines[1]._$id != seen[1])
    #expect(replaced(in: lines, seen: &seen) == [])
  }

  @Test func replacedValuesAreFoundAndRemembered() {
    var lines = (0..<5).map { Line(text: "\($0)") }
    var seen = lines.map(\._$id)

    lines[3] = Line(text: "three")
    lines[0] = Line(text: "zero")
    #expect(replaced(in: lines, seen: &seen) == [0, 3])
    #expect(seen == lines.map(\._$id))
    #expect(replaced(in: lines, seen: &seen) == [])
  }

  @Test func anEnumStateMovedToAnotherCaseIsReplaced() {
    let line = Line(text: "a")
    var slots: [Slot] = [.empty(line), .empty(Line())]
    var seen = slots.map(\._$id)

    slots[0] = .filled(line)
    #expect(replaced(in: slots, seen: &seen) == [0])
  }

  @Test func aHandWrittenConformanceGetsTheDefault() {
    var values = [HandWritten(), HandWritten(), HandWritten()]
    var seen = values.map(\._$id)

    values[2] = HandWritten()
    values[0].value = 7
    #expect(replaced(in: values, seen: &seen) == [2])
  }

  @Test func onlyThePositionsBothHaveAreCompared() {
    let lines = [Line(), Line(), Line()]
    var seen = [ObservableStateID()]
    #expect(replaced(in: lines, seen: &seen) == [0])
    #expect(seen == [lines[0]._$id])
  }
}

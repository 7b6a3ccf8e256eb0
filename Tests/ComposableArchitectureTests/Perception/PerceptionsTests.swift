import ComposableArchitecture
import Testing

@MainActor
@Suite("Perceptions")
struct PerceptionsTests {
  @Test func emitsTheCurrentValueThenEachChange() async {
    let panel = MainActorPanel()
    var brightness = Perceptions { panel.brightness }.makeAsyncIterator()
    #expect(await brightness.next() == 0.5)
    panel.brightness = 0.8
    #expect(await brightness.next() == 0.8)
    panel.brightness = 0.1
    #expect(await brightness.next() == 0.1)
  }

  @Test func untilFinishedEndsTheSequence() async {
    let panel = MainActorPanel()
    let levels = Perceptions<Double, Never>.untilFinished {
      panel.brightness >= 1 ? .finish : .next(panel.brightness)
    }
    var iterator = levels.makeAsyncIterator()
    #expect(await iterator.next() == 0.5)
    panel.brightness = 1
    #expect(await iterator.next() == nil)
  }
}

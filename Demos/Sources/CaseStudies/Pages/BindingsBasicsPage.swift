import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb

/// The bindings page of seed 004: a text field echoed backwards, a toggle that locks the other
/// controls, a stepper for the slider's maximum and the slider it caps.
///
/// ```swift
/// bindingsBasicsView(LiveStore(initialState: BindingsBasics.State()) { BindingsBasics() })
/// ```
public func bindingsBasicsView(_ store: LiveStoreOf<BindingsBasics>) -> Node<BindingsBasics.Action> {
  @Bindable var store = store
  let maximum = Double(BindingsBasics.stepRange.upperBound)
  return div(["class": "bindings"]) {
    Node.tag("p") {
      if store.areControlsEnabled {
        textField($store.text, placeholder: "Type here", ["id": "text"])
      } else {
        textField($store.text, placeholder: "Type here", ["id": "text", "disabled": ""])
      }
      " "
      span(store.echo, ["id": "echo"])
    }
    Node.tag("p") { toggle($store.isToggleOn, "Lock the controls", ["id": "lock"]) }
    if store.areControlsEnabled {
      Node.tag("p") {
        stepper($store.stepCount, in: BindingsBasics.stepRange, label: "Slider maximum")
      }
      Node.tag("p") {
        "Slider "
        slider($store.sliderValue, in: 0...maximum, step: 1, ["id": "slider"])
      }
    } else {
      p("Slider maximum: \(store.stepCount)")
      Node.tag("p") {
        "Slider "
        slider($store.sliderValue, in: 0...maximum, step: 1, ["id": "slider", "disabled": ""])
      }
    }
    p("Slider value: \(Int(store.sliderValue)) of at most \(store.stepCount)", ["id": "slider-value"])
    button("Reset", send: .resetButtonTapped)
  }
}

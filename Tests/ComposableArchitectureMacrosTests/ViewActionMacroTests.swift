import ComposableArchitectureMacros
import MacroTesting
import Testing

@Suite(.macros(["ViewAction": ViewActionMacro.self]))
struct ViewActionMacroTests {
  @Test func conformance() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView {
        let store: StoreOf<Feature>
        func tap() { send(.tapped) }
      }
      """
    } expansion: {
      """
      struct FeatureView {
        let store: StoreOf<Feature>
        func tap() { send(.tapped) }
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func missingStoreIsAnErrorWithAFixIt() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView {
        var title = ""
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView {
                         ╰─ 🛑 '@ViewAction' requires 'FeatureView' to have a 'store' property of type 'Store'.
                            ✏️ Add 'store'
        var title = ""
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView {
        let store: StoreOf<Feature>
        var title = ""
      }
      """
    } expansion: {
      """
      struct FeatureView {
        let store: StoreOf<Feature>
        var title = ""
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }

  @Test func sendingViewActionsThroughTheStoreIsAWarningWithAFixIt() {
    assertMacro {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView {
        let store: StoreOf<Feature>
        func tap() {
          store.send(.view(.tapped))
        }
      }
      """
    } diagnostics: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView {
        let store: StoreOf<Feature>
        func tap() {
          store.send(.view(.tapped))
          ┬─────────────────────────
          ╰─ ⚠️ Do not use 'store.send' directly when using '@ViewAction'
             ✏️ Use 'send'
        }
      }
      """
    } fixes: {
      """
      @ViewAction(for: Feature.self)
      struct FeatureView {
        let store: StoreOf<Feature>
        func tap() {
          send(.tapped)
        }
      }
      """
    } expansion: {
      """
      struct FeatureView {
        let store: StoreOf<Feature>
        func tap() {
          send(.tapped)
        }
      }

      extension FeatureView: ComposableArchitecture.ViewActionSending {
      }
      """
    }
  }
}

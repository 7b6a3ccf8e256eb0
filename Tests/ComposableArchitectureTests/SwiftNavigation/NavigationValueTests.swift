import ComposableArchitecture
import CustomDump
import Testing

@Suite("TextState, ButtonState, AlertState, ConfirmationDialogState")
struct NavigationValueTests {
  enum Action: Equatable, Sendable {
    case delete
    case archive
  }

  @Test func textStateRendersAndConcatenates() {
    let text = TextState("Hello, ") + TextState("Blob").bold() + TextState(verbatim: "!")
    #expect(String(state: text) == "Hello, Blob!")
    #expect(TextState("A") == TextState("A"))
    #expect(TextState("A") != TextState("B"))
    let literal: TextState = "Literal"
    #expect(String(state: literal) == "Literal")
  }

  @Test func buttonsCompareWithoutTheirIDs() {
    let first = ButtonState(role: .destructive, action: Action.delete) { TextState("Delete") }
    let second = ButtonState(role: .destructive, action: Action.delete) { TextState("Delete") }
    #expect(first.id != second.id)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first != ButtonState(action: Action.delete) { TextState("Delete") })
  }

  @Test func buttonActionsAreDeliveredAndMapped() {
    let button = ButtonState(action: Action.archive) { TextState("Archive") }
    var received: [Action?] = []
    button.withAction { received.append($0) }
    #expect(received == [.archive])

    let mapped = button.map { $0 == .archive ? "archived" : nil }
    var mappedReceived: [String?] = []
    mapped.withAction { mappedReceived.append($0) }
    #expect(mappedReceived == ["archived"])

    let dismissOnly = ButtonState<Action>(role: .cancel) { TextState("Cancel") }
    var dismissed: [Action?] = []
    dismissOnly.withAction { dismissed.append($0) }
    #expect(dismissed == [nil])
  }

  @Test func alertsBuildWithControlFlowAndCompareWithoutIDs() {
    func alert(canArchive: Bool) -> AlertState<Action> {
      AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
        if canArchive {
          ButtonState(action: .archive) { TextState("Archive") }
        }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("This can't be undone.")
      }
    }
    #expect(alert(canArchive: true) == alert(canArchive: true))
    #expect(alert(canArchive: true) != alert(canArchive: false))
    #expect(alert(canArchive: true).buttons.count == 3)
    #expect(alert(canArchive: false).buttons.count == 2)
    #expect(alert(canArchive: true).message.map { String(state: $0) } == "This can't be undone.")

    let original = alert(canArchive: true)
    let mapped = original.map { $0 == .delete ? 1 : nil }
    #expect(mapped.id == original.id)
    var received: [Int?] = []
    mapped.buttons[0].withAction { received.append($0) }
    #expect(received == [1])
  }

  @Test func alertDumpsReadably() {
    let alert = AlertState<Action> {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
    }
    let dump = String(customDumping: alert)
    #expect(dump.contains("Delete?"))
    #expect(dump.contains(".delete"))
    #expect(!dump.contains("id:"))
  }

  @Test func confirmationDialogs() {
    let dialog = ConfirmationDialogState<Action>(titleVisibility: .visible) {
      TextState("Archive or delete?")
    } actions: {
      ButtonState(action: .archive) { TextState("Archive") }
      ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
    }
    #expect(dialog.titleVisibility == .visible)
    #expect(String(state: dialog.title) == "Archive or delete?")
    #expect(dialog.buttons.count == 2)
    let same = ConfirmationDialogState<Action>(titleVisibility: .visible) {
      TextState("Archive or delete?")
    } actions: {
      ButtonState(action: .archive) { TextState("Archive") }
      ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
    }
    #expect(dialog == same)
  }

  @Test func alertsAndDialogsAreEphemeral() {
    #expect(ObjectIdentifier(AlertState<Action>.actionType) == ObjectIdentifier(Action.self))
    #expect(ObjectIdentifier(ConfirmationDialogState<Action>.actionType) == ObjectIdentifier(Action.self))
  }
}

@testable import ComposableArchitecture
import Testing

/// Pins how a child's navigation identity is told: which types count as enums (asked of their
/// mirror once per type), and what makes two children at the same place different.
@Suite struct NavigationIDTests {
  enum Sheet { case settings, profile(ProfileState) }
  struct ProfileState: Identifiable { var id: Int }
  struct Form { var name = "" }
  final class Box {}

  @Test func enumsAndOptionalsAreEnumsWhileStructsAndClassesAreNot() {
    #expect(EnumTypes.contains(Sheet.settings))
    #expect(EnumTypes.contains(Sheet.profile(ProfileState(id: 1))))
    #expect(EnumTypes.contains(Int?.some(1)))
    #expect(!EnumTypes.contains(Form()))
    #expect(!EnumTypes.contains(Box()))
    #expect(!EnumTypes.contains(42))
  }

  @Test func theAnswerForATypeDoesNotDependOnWhichCaseWasSeenFirst() {
    enum Tab { case home, search(String) }
    #expect(EnumTypes.contains(Tab.home))
    #expect(EnumTypes.contains(Tab.search("swift")))
  }

  @Test func anotherCaseIsAnotherChild() {
    #expect(ChildIdentity(Sheet.settings) != ChildIdentity(Sheet.profile(ProfileState(id: 1))))
    #expect(ChildIdentity(Sheet.settings) == ChildIdentity(Sheet.settings))
  }

  @Test func anotherIDInTheSameCaseIsAnotherChild() {
    let first = ChildIdentity(Sheet.profile(ProfileState(id: 1)))
    #expect(first != ChildIdentity(Sheet.profile(ProfileState(id: 2))))
    #expect(first == ChildIdentity(Sheet.profile(ProfileState(id: 1))))
  }

  @Test func aStructWithoutIDHasOneIdentityWhateverItHolds() {
    #expect(ChildIdentity(Form(name: "a")) == ChildIdentity(Form(name: "b")))
  }

  @Test func anEnumCaseHoldingAnAlertIsEphemeralAndOtherCasesAreNot() {
    enum Destination { case alert(AlertState<Never>), form(Form) }
    #expect(isEphemeral(Destination.alert(AlertState(title: { TextState("Oops") }))))
    #expect(!isEphemeral(Destination.form(Form())))
    #expect(!isEphemeral(Form()))
  }
}

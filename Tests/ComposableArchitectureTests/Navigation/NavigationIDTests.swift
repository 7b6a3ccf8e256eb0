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

  @Test func pathsAreEqualByTheirIDsWhetherBuiltTogetherOrApart() {
    let store = NavigationID()
    let sheet = NavigationID(kind: "sheet")
    let row = NavigationID(kind: "row", identifier: 7)
    let appended = NavigationIDPath(path: [store]).appending(sheet).appending(row)
    let built = NavigationIDPath(path: [store, sheet, row])
    #expect(appended == built)
    #expect(appended.hashValue == built.hashValue)
    #expect(appended.ids == [store, sheet, row])
    #expect(appended.lastID == row)
    #expect(appended.parent == NavigationIDPath(path: [store, sheet]))
    #expect(appended != NavigationIDPath(path: [store, sheet]))
    #expect(appended != NavigationIDPath(path: [store, sheet, NavigationID(kind: "row", identifier: 8)]))
    #expect(appended != NavigationIDPath(path: [NavigationID(), sheet, row]))
  }

  @Test func aPathStartsWithItsPrefixesWhetherItSharesTheirStepsOrNot() {
    let store = NavigationID()
    let sheet = NavigationID(kind: "sheet")
    let row = NavigationID(kind: "row")
    let parent = NavigationIDPath(path: [store, sheet])
    let child = parent.appending(row)
    #expect(child.hasPrefix(parent))
    #expect(child.hasPrefix(NavigationIDPath(path: [store, sheet])))
    #expect(child.hasPrefix(NavigationIDPath(path: [store])))
    #expect(child.hasPrefix(NavigationIDPath()))
    #expect(child.hasPrefix(child))
    #expect(!parent.hasPrefix(child))
    #expect(!child.hasPrefix(NavigationIDPath(path: [store, row])))
    #expect(!child.hasPrefix(NavigationIDPath(path: [NavigationID()])))
  }
}

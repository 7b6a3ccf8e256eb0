import ComposableArchitecture
import Testing

// A realistic app: a list of contacts (`forEach`), a sheet (`@Presents` destination enum with an
// edit form and an alert), and a stack of detail screens (`StackState`) that dismiss themselves.

struct Contact: Equatable, Identifiable {
  let id: Int
  var name: String
}

@Reducer
struct ContactRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    var contact: Contact
    var id: Int { contact.id }
  }
  enum Action: Equatable {
    case editTapped
    case deleteTapped
    case openTapped
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

@Reducer
struct EditContact {
  @ObservableState
  struct State: Equatable {
    var contact: Contact
    var isValidating = false
  }
  enum Action: Equatable {
    case setName(String)
    case validate
    case validated
    case saveButtonTapped
    case cancelButtonTapped
    case delegate(Delegate)
    @CasePathable
    enum Delegate: Equatable {
      case saved(Contact)
    }
  }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .setName(name):
        state.contact.name = name
        return .none
      case .validate:
        state.isValidating = true
        return .run { send in
          try await Task.never()
          await send(.validated)
        }
      case .validated:
        state.isValidating = false
        return .none
      case .saveButtonTapped:
        return .run { [contact = state.contact] send in
          await send(.delegate(.saved(contact)))
          await self.dismiss()
        }
      case .cancelButtonTapped:
        return .run { _ in await self.dismiss() }
      case .delegate:
        return .none
      }
    }
  }
}

@Reducer
struct ContactDetail {
  @ObservableState
  struct State: Equatable {
    var contact: Contact
    var seconds = 0
  }
  enum Action: Equatable {
    case onAppear
    case tick
    case closeButtonTapped
  }
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
      case .tick:
        state.seconds += 1
        return .none
      case .closeButtonTapped:
        return .run { _ in await self.dismiss() }
      }
    }
  }
}

@Reducer
struct ContactsApp {
  @Reducer
  enum Destination {
    case edit(EditContact)
    case alert(AlertState<Alert>)
    @CasePathable
    enum Alert: Equatable {
      case confirmDeletion(id: Int)
    }
  }

  @ObservableState
  struct State: Equatable {
    var contacts: IdentifiedArrayOf<ContactRow.State> = []
    @Presents var destination: Destination.State?
    var path = StackState<ContactDetail.State>()
  }

  enum Action {
    case contacts(IdentifiedActionOf<ContactRow>)
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<ContactDetail>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .contacts(.element(id, .editTapped)):
        guard let row = state.contacts[id: id] else { return .none }
        state.destination = .edit(EditContact.State(contact: row.contact))
        return .none
      case let .contacts(.element(id, .deleteTapped)):
        state.destination = .alert(Self.deleteAlert(id: id))
        return .none
      case let .contacts(.element(id, .openTapped)):
        guard let row = state.contacts[id: id] else { return .none }
        state.path.append(ContactDetail.State(contact: row.contact))
        return .none
      case let .destination(.presented(.edit(.delegate(.saved(contact))))):
        state.contacts[id: contact.id]?.contact = contact
        return .none
      case let .destination(.presented(.alert(.confirmDeletion(id)))):
        state.contacts.remove(id: id)
        return .none
      case .contacts, .destination, .path:
        return .none
      }
    }
    .forEach(\.contacts, action: \.contacts) {
      ContactRow()
    }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path) {
      ContactDetail()
    }
  }

  static func deleteAlert(id: Int) -> AlertState<Destination.Alert> {
    AlertState {
      TextState("Delete this contact?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(id: id)) {
        TextState("Delete")
      }
      ButtonState(role: .cancel) {
        TextState("Cancel")
      }
    }
  }
}

extension ContactsApp.Destination.State: Equatable {}

@MainActor
@Suite("A realistic app: list, sheet with form and alert, stack")
struct ContactsAppTests {
  let initialState = ContactsApp.State(
    contacts: [
      ContactRow.State(contact: Contact(id: 1, name: "Blob")),
      ContactRow.State(contact: Contact(id: 2, name: "Blob Jr.")),
    ]
  )

  @Test func editingAContactInTheSheet() async {
    let store = TestStore(initialState: self.initialState) { ContactsApp() }
    await store.send(\.contacts[id: 1].editTapped) {
      $0.destination = .edit(EditContact.State(contact: Contact(id: 1, name: "Blob")))
    }
    await store.send(\.destination.edit.setName, "Blob Sr.") {
      $0.$destination[case: \.edit]?.contact.name = "Blob Sr."
    }
    await store.send(\.destination.edit.saveButtonTapped)
    await store.receive(\.destination.edit.delegate.saved) {
      $0.contacts[id: 1]?.contact.name = "Blob Sr."
    }
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  @Test func dismissingTheSheetCancelsItsEffects() async {
    let store = TestStore(initialState: self.initialState) { ContactsApp() }
    await store.send(\.contacts[id: 2].editTapped) {
      $0.destination = .edit(EditContact.State(contact: Contact(id: 2, name: "Blob Jr.")))
    }
    let validation = await store.send(\.destination.edit.validate) {
      $0.$destination[case: \.edit]?.isValidating = true
    }
    await store.send(\.destination.edit.cancelButtonTapped)
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
    // The validation never ends by itself: finishing means the dismissal cancelled it.
    await validation.finish()
  }

  @Test func deletingThroughTheAlert() async {
    let store = TestStore(initialState: self.initialState) { ContactsApp() }
    await store.send(\.contacts[id: 1].deleteTapped) {
      $0.destination = .alert(ContactsApp.deleteAlert(id: 1))
    }
    await store.send(\.destination.alert.confirmDeletion, 1) {
      $0.contacts.remove(id: 1)
      $0.destination = nil
    }
  }

  @Test func detailScreenOnTheStackDismissesItself() async {
    let clock = TestClock()
    let store = TestStore(initialState: self.initialState) {
      ContactsApp()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.contacts[id: 2].openTapped) {
      $0.path.append(ContactDetail.State(contact: Contact(id: 2, name: "Blob Jr.")))
    }
    let timer = await store.send(\.path[id: 0].onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].tick) {
      $0.path[id: 0]?.seconds = 1
    }
    await store.send(\.path[id: 0].closeButtonTapped)
    await store.receive(\.path.popFrom, 0) {
      $0.path.removeAll()
    }
    await timer.finish()
  }

  @Test func presentingAgainGivesAFreshSheet() async {
    let store = TestStore(initialState: self.initialState) { ContactsApp() }
    await store.send(\.contacts[id: 1].editTapped) {
      $0.destination = .edit(EditContact.State(contact: Contact(id: 1, name: "Blob")))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.send(\.contacts[id: 2].editTapped) {
      $0.destination = .edit(EditContact.State(contact: Contact(id: 2, name: "Blob Jr.")))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }
}

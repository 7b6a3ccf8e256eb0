import CaseStudyFeatures
import ComposableArchitecture
import Foundation
import Testing

@MainActor
struct FavoritePrimesTests {
  @Test func primeSheetSavesAFavoriteTheListSees() async {
    let store = TestStore(initialState: PrimeApp.State(count: 6)) {
      PrimeApp()
    }
    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.count = 7
    }
    await store.send(\.counter.isPrimeButtonTapped) {
      $0.counter.primeModal = PrimeModal.State(count: 7, favoritePrimes: $0.counter.$favoritePrimes)
    }
    #expect(store.state.counter.primeModal?.isPrime == true)
    #expect(store.state.counter.primeModal?.isFavorite == false)
    await store.send(\.counter.primeModal.saveFavoriteButtonTapped) {
      $0.counter.$favoritePrimes.withLock { $0 = [7] }
    }
    #expect(store.state.favoritePrimes.favoritePrimes == [7])
    #expect(store.state.counter.primeModal?.isFavorite == true)
    await store.send(\.counter.primeModal.saveFavoriteButtonTapped)
    await store.send(\.counter.primeModal.dismiss) {
      $0.counter.primeModal = nil
    }
  }

  @Test func compositeNumbersCannotBeSaved() async {
    let store = TestStore(initialState: PrimeApp.State(count: 9)) {
      PrimeApp()
    }
    await store.send(\.counter.isPrimeButtonTapped) {
      $0.counter.primeModal = PrimeModal.State(count: 9, favoritePrimes: $0.counter.$favoritePrimes)
    }
    #expect(store.state.counter.primeModal?.isPrime == false)
    await store.send(\.counter.primeModal.saveFavoriteButtonTapped)
  }

  @Test func removingAFavoriteFromTheSheetEmptiesTheList() async {
    let store = TestStore(initialState: PrimeApp.State(count: 5, favoritePrimes: [2, 5])) {
      PrimeApp()
    }
    await store.send(\.counter.isPrimeButtonTapped) {
      $0.counter.primeModal = PrimeModal.State(count: 5, favoritePrimes: $0.counter.$favoritePrimes)
    }
    await store.send(\.counter.primeModal.removeFavoriteButtonTapped) {
      $0.counter.$favoritePrimes.withLock { $0 = [2] }
    }
    #expect(store.state.favoritePrimes.favoritePrimes == [2])
  }

  @Test func deletingFromTheListReachesTheCounter() async {
    let store = TestStore(initialState: PrimeApp.State(favoritePrimes: [2, 3, 5, 7])) {
      PrimeApp()
    }
    await store.send(.favoritePrimes(.deleteFavoritePrimes([1, 3]))) {
      $0.favoritePrimes.$favoritePrimes.withLock { $0 = [2, 5] }
    }
    #expect(store.state.counter.favoritePrimes == [2, 5])
  }

  @Test func deletingAPrimeByValueDeletesItOnce() async {
    let store = TestStore(initialState: PrimeApp.State(favoritePrimes: [2, 3, 5, 7])) {
      PrimeApp()
    }
    await store.send(.favoritePrimes(.deleteButtonTapped(prime: 3))) {
      $0.favoritePrimes.$favoritePrimes.withLock { $0 = [2, 5, 7] }
    }
    await store.send(.favoritePrimes(.deleteButtonTapped(prime: 3)))
    #expect(store.state.counter.favoritePrimes == [2, 5, 7])
  }

  @Test func nthPrimeIsAnsweredInAnAlert() async {
    let store = TestStore(initialState: PrimeApp.State(count: 10)) {
      PrimeApp()
    }
    await store.send(\.counter.nthPrimeButtonTapped) {
      $0.counter.isNthPrimeRequestInFlight = true
    }
    await store.receive(\.counter.nthPrimeResponse) {
      $0.counter.isNthPrimeRequestInFlight = false
      $0.counter.alert = AlertState { TextState("The 10th prime is 29.") }
    }
    await store.send(\.counter.alert.dismiss) {
      $0.counter.alert = nil
    }
  }

  @Test func nthPrimeNeedsAPositiveCount() async {
    let store = TestStore(initialState: PrimeApp.State(count: 0)) {
      PrimeApp()
    }
    await store.send(\.counter.nthPrimeButtonTapped) {
      $0.counter.alert = AlertState { TextState("Count up to 1 or more first.") }
    }
  }

  @Test func primeArithmetic() {
    #expect((0...20).filter(isPrime) == [2, 3, 5, 7, 11, 13, 17, 19])
    #expect(nthPrime(1) == 2)
    #expect(nthPrime(6) == 13)
  }
}

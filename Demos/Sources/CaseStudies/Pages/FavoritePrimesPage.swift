import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb

/// The app of seed 003: the counter with its "is this prime?" sheet and "nth prime" alert, and
/// the list of favorite primes the two share.
///
/// ```swift
/// primeAppView(LiveStore(initialState: PrimeApp.State()) { PrimeApp() })
/// ```
public func primeAppView(_ store: LiveStoreOf<PrimeApp>) -> Node<PrimeApp.Action> {
  div(["class": "primes"]) {
    h2("Counter")
    component(store.scope(\.counter, action: \.counter), key: "counter", primeCounterView)
    h2("Favorite primes")
    component(
      store.scope(\.favoritePrimes, action: \.favoritePrimes), key: "favorites",
      favoritePrimesView)
  }
}

func primeCounterView(_ store: LiveStoreOf<PrimeCounter>) -> Node<PrimeCounter.Action> {
  @Bindable var store = store
  return div {
    Node.tag("p") {
      button("−", send: .decrementButtonTapped, ["aria-label": "Decrement"])
      span("\(store.count)", ["class": "count"])
      button("+", send: .incrementButtonTapped, ["aria-label": "Increment"])
    }
    button("Is this prime?", send: .isPrimeButtonTapped)
    if store.isNthPrimeRequestInFlight {
      button("Working…", send: .nthPrimeButtonTapped, ["disabled": ""])
    } else {
      button("Find prime number \(store.count)", send: .nthPrimeButtonTapped, ["id": "nth-prime"])
    }
    sheet(item: $store.scope(\.primeModal, action: \.primeModal), primeModalView)
    alert($store.scope(\.alert, action: \.alert))
  }
}

func primeModalView(_ store: LiveStoreOf<PrimeModal>) -> Node<PrimeModal.Action> {
  div(["class": "prime-modal"]) {
    if store.isPrime {
      p("\(store.count) is prime.", ["id": "verdict"])
      if store.isFavorite {
        button("Remove from favorite primes", send: .removeFavoriteButtonTapped)
      } else {
        button("Save to favorite primes", send: .saveFavoriteButtonTapped)
      }
    } else {
      p("\(store.count) is not prime.", ["id": "verdict"])
    }
  }
}

func favoritePrimesView(_ store: LiveStoreOf<FavoritePrimes>) -> Node<FavoritePrimes.Action> {
  let primes = store.favoritePrimes
  return div {
    if primes.isEmpty {
      p("No favorites yet.", ["id": "no-favorites"])
    }
    Node.tag("ul", ["class": "favorite-primes"]) {
      for prime in primes {
        Node.tag("li", ["data-prime": "\(prime)"]) {
          span("\(prime)")
          " "
          button("Delete", send: .deleteButtonTapped(prime: prime))
        }
      }
    }
  }
}

import Foundation

/// How one type of value is read from and written to `UserDefaults`, and compared, so that a
/// change can be told from a value already seen.
struct AppStorageCoding<Value>: Sendable {
  /// The stored value, `nil` when the key holds none (or one of another type).
  let read: @Sendable (UserDefaults, String) -> Value?
  let write: @Sendable (UserDefaults, String, Value) -> Void
  let isEqual: @Sendable (Value, Value) -> Bool
}

extension AppStorageCoding where Value: Equatable {
  /// A type `UserDefaults` stores as it is, read back with `read` once the key is known to hold
  /// something.
  static func stored(_ read: @escaping @Sendable (UserDefaults, String) -> Value?) -> Self {
    Self(
      read: { store, key in store.object(forKey: key) == nil ? nil : read(store, key) },
      write: { store, key, value in store.set(value, forKey: key) },
      isEqual: { $0 == $1 }
    )
  }

}

extension AppStorageCoding where Value == Bool {
  static var bool: Self { .stored { $0.bool(forKey: $1) } }
}

extension AppStorageCoding where Value == Int {
  static var int: Self { .stored { $0.integer(forKey: $1) } }
}

extension AppStorageCoding where Value == Double {
  static var double: Self { .stored { $0.double(forKey: $1) } }
}

extension AppStorageCoding where Value == String {
  static var string: Self { .stored { $0.string(forKey: $1) } }
}

extension AppStorageCoding where Value == [String] {
  static var strings: Self { .stored { $0.stringArray(forKey: $1) } }
}

extension AppStorageCoding where Value == Data {
  static var data: Self { .stored { $0.data(forKey: $1) } }
}

extension AppStorageCoding where Value == Date {
  static var date: Self { .stored { $0.object(forKey: $1) as? Date } }
}

extension AppStorageCoding where Value == URL {
  static var url: Self {
    #if canImport(Darwin)
      Self(
        read: { store, key in store.object(forKey: key) == nil ? nil : store.url(forKey: key) },
        write: { store, key, value in store.set(value, forKey: key) },
        isEqual: { $0 == $1 }
      )
    #else
      // As Foundation on Apple platforms stores URLs, so that `url(forKey:)` reads them back: a
      // file URL as its path, any other as an archived `NSURL`. (swift-corelibs-foundation's own
      // `set(_:forKey:)` for a URL keeps only the path, whatever the scheme.)
      Self(
        read: { store, key in
          switch store.object(forKey: key) {
          case nil:
            return nil
          // Written as a whole URL string by earlier versions of this library.
          case let string as String where !string.hasPrefix("/") && !string.hasPrefix("~"):
            return URL(string: string).flatMap { $0.scheme == nil ? nil : $0 }
              ?? store.url(forKey: key)
          default:
            return store.url(forKey: key)
          }
        },
        write: { store, key, value in
          if value.isFileURL {
            store.set(value.path, forKey: key)
          } else if let data = try? NSKeyedArchiver.archivedData(
            withRootObject: value as NSURL, requiringSecureCoding: true
          ) {
            store.set(data, forKey: key)
          } else {
            store.set(value.absoluteString, forKey: key)
          }
        },
        isEqual: { $0 == $1 }
      )
    #endif
  }
}

extension AppStorageCoding where Value: Codable {
  /// A value stored as its JSON encoding, in `Data`. A stored value that doesn't decode reads as
  /// no value (the default is used); two values are equal when their encodings are.
  static var codable: Self {
    Self(
      read: { store, key in
        store.data(forKey: key).flatMap { try? JSONDecoder().decode(Value.self, from: $0) }
      },
      write: { store, key, value in
        if let data = try? JSONEncoder().encode(value) { store.set(data, forKey: key) }
      },
      isEqual: { lhs, rhs in
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(lhs)) == (try? encoder.encode(rhs))
      }
    )
  }
}

extension AppStorageCoding {
  /// A value stored by its raw value.
  static func rawRepresentable<Raw>(_ raw: AppStorageCoding<Raw>) -> Self
  where Value: RawRepresentable, Value.RawValue == Raw {
    Self(
      read: { store, key in raw.read(store, key).flatMap(Value.init(rawValue:)) },
      write: { store, key, value in raw.write(store, key, value.rawValue) },
      isEqual: { raw.isEqual($0.rawValue, $1.rawValue) }
    )
  }

  /// An optional value: `nil` is stored by removing the key.
  static func optional<Wrapped>(_ wrapped: AppStorageCoding<Wrapped>) -> Self
  where Value == Wrapped? {
    Self(
      read: { store, key in wrapped.read(store, key).map { .some($0) } },
      write: { store, key, value in
        if let value {
          wrapped.write(store, key, value)
        } else {
          store.removeObject(forKey: key)
        }
      },
      isEqual: { lhs, rhs in
        switch (lhs, rhs) {
        case let (lhs?, rhs?): return wrapped.isEqual(lhs, rhs)
        case (nil, nil): return true
        default: return false
        }
      }
    )
  }
}

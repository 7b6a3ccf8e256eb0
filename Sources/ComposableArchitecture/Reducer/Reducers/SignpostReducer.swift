#if canImport(OSLog)
  import OSLog
#endif

#if canImport(OSLog)
  extension Reducer {
    /// Marks each action the reducer handles with an `os_signpost` event, to inspect in
    /// Instruments.
    ///
    /// ```swift
    /// Feature().signpost("Feature")
    /// ```
    @inlinable
    @warn_unqualified_access
    public func signpost(
      _ prefix: String = "",
      log: OSLog = OSLog(
        subsystem: "open-composable-architecture",
        category: "Reducer Instrumentation"
      )
    ) -> _SignpostReducer<Self> {
      _SignpostReducer(base: self, prefix: prefix, log: log)
    }
  }

  /// A reducer that emits a signpost event for each action.
  public struct _SignpostReducer<Base: Reducer>: Reducer {
    @usableFromInline let base: Base
    @usableFromInline let prefix: String
    @usableFromInline let log: OSLog

    @usableFromInline
    init(base: Base, prefix: String, log: OSLog) {
      self.base = base
      self.prefix = prefix.isEmpty ? "" : "[\(prefix)] "
      self.log = log
    }

    public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
      if self.log.signpostsEnabled {
        let name = "\(self.prefix)\(debugCaseOutput(action))"
        os_signpost(.event, log: self.log, name: "Action", "%{public}s", name)
      }
      return self.base._reduce(into: &state, action: action)
    }
  }
#else
  extension Reducer {
    /// Instruments the reducer with signposts where the platform has them (Apple's OSLog).
    /// Elsewhere it returns a reducer that behaves exactly like the original.
    ///
    /// ```swift
    /// Feature().signpost("Feature")
    /// ```
    @inlinable
    @warn_unqualified_access
    public func signpost(_ prefix: String = "") -> _SignpostReducer<Self> {
      _SignpostReducer(base: self)
    }
  }

  /// A reducer that runs its base unchanged: there are no signposts on this platform.
  public struct _SignpostReducer<Base: Reducer>: Reducer {
    @usableFromInline let base: Base

    @usableFromInline
    init(base: Base) {
      self.base = base
    }

    @inlinable
    public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
      self.base._reduce(into: &state, action: action)
    }
  }
#endif

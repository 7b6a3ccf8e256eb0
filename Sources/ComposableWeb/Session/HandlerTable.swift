#if Web
/// The handler ids a session's page may send, and what each runs.
///
/// The page only ever sees opaque ids. Each render of a component issues fresh ids for its
/// elements and retires those of its previous render: a retired id stays accepted for a grace
/// period (so that keystrokes typed before the new render reached the page still count), then
/// it is forgotten. A single-use id (a click, a submission, a dismissal) is spent by its first
/// use.
///
/// ```swift
/// var table = HandlerTable(grace: .seconds(5))
/// let id = table.issue(bound, componentID: "c", isSingleUse: true)   // "h1"
/// table.lookup(id, now: clock.now())    // the handler
/// table.spend(id)                // true: it was current
/// table.lookup(id, now: clock.now())    // nil
/// ```
struct HandlerTable {
  /// A handler id the page may send: what it runs, and the component whose render issued it.
  struct Issued {
    let bound: BoundHandler
    let componentID: String
    /// Spent by its first use (see ``HandlerTable/isSingleUse(event:)``).
    let isSingleUse: Bool
  }

  /// How long the ids of a replaced render stay accepted.
  let grace: Duration
  private var current: [String: Issued] = [:]
  private var replaced: [String: (handler: Issued, until: Duration)] = [:]
  /// The ids in `replaced`, oldest first (their deadlines never decrease), so that pruning looks
  /// only at the expired ones instead of copying the whole dictionary after every action.
  private var replacedOrder: [(handlerID: String, until: Duration)] = []
  private var replacedOrderStart = 0
  private var nextNumber = 0

  init(grace: Duration) {
    self.grace = grace
  }

  /// Whether a handler for `event` acts once: clicks, submissions and dismissals do. Typing
  /// (`input`, `change`), keys, focus, the window's events and the stack's `pop` (which names a
  /// depth: sending it twice pops no further) repeat and race renders, so theirs keep the grace
  /// of replaced renders.
  static func isSingleUse(event: String) -> Bool {
    switch event {
    case "click", "submit", "dismiss": return true
    default: return false
    }
  }

  /// The ids of the current page.
  var currentIDs: Set<String> { Set(current.keys) }

  /// Whether `id` belongs to the current page (not spent, not replaced).
  func isCurrent(_ id: String) -> Bool { current[id] != nil }

  /// Issues a fresh id for `bound`, rendered by the component `componentID`.
  mutating func issue(_ bound: BoundHandler, componentID: String, isSingleUse: Bool) -> String {
    nextNumber += 1
    let id = "h" + String(nextNumber)
    current[id] = Issued(bound: bound, componentID: componentID, isSingleUse: isSingleUse)
    return id
  }

  /// The handler `id` names, current or replaced within its grace period.
  mutating func lookup(_ id: String, now: Duration) -> Issued? {
    if let handler = current[id] { return handler }
    guard let (handler, until) = replaced[id] else { return nil }
    guard now < until else {
      replaced[id] = nil
      return nil
    }
    return handler
  }

  /// Revokes an id at its first use; `true` when it was current (then its component should
  /// render again, to give the element a fresh one).
  mutating func spend(_ id: String) -> Bool {
    if current.removeValue(forKey: id) != nil { return true }
    replaced[id] = nil
    return false
  }

  /// Moves the ids of a replaced render into the grace period.
  mutating func retire(_ ids: [String], now: Duration) {
    let until = now + grace
    for id in ids {
      guard let handler = current.removeValue(forKey: id) else { continue }
      if grace > .zero {
        replaced[id] = (handler, until)
        replacedOrder.append((id, until))
      }
    }
  }

  /// Forgets the replaced ids whose grace is over.
  mutating func prune(now: Duration) {
    while replacedOrderStart < replacedOrder.count, replacedOrder[replacedOrderStart].until <= now {
      replaced[replacedOrder[replacedOrderStart].handlerID] = nil
      replacedOrderStart += 1
    }
    if replacedOrderStart > 64, replacedOrderStart * 2 > replacedOrder.count {
      replacedOrder.removeFirst(replacedOrderStart)
      replacedOrderStart = 0
    }
  }

  /// Forgets every replaced id (the current ones are retired by unmounting their components).
  mutating func forgetReplaced() {
    replaced = [:]
    replacedOrder = []
    replacedOrderStart = 0
  }
}
#endif  // Web

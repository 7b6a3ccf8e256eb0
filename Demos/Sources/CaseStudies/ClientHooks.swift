import ComposableArchitecture
import ComposableWeb
import Foundation

/// Code that must run in the browser, as client hooks: a button that copies a link to the
/// clipboard and says how much it copied, and a bar chart the hook draws (its content is the
/// hook's) whose bars are picked in the browser and highlighted by an event the feature pushes.
@Reducer
public struct ClientHooks {
  /// The chart's values, the picked bar, whether the chart shows, and the last copy.
  @ObservableState
  public struct State: Equatable {
    /// The chart's values.
    public var values = [3, 5, 2]
    /// The position of the picked bar.
    public var picked: Int?
    /// Whether the chart is on the page.
    public var showsChart = true
    /// How many characters the last copy put on the clipboard.
    public var copiedCharacters: Int?

    /// A chart of three values, nothing picked or copied.
    public init() {}
  }

  /// What the page and the hooks do.
  public enum Action: Equatable {
    case addValueButtonTapped
    case barPicked(Int)
    case copied(Int)
    case toggleChartButtonTapped
  }

  /// What the chart's hook sends when a bar is picked, and what the feature pushes back.
  public struct Bar: Codable, Equatable, Sendable {
    /// The bar's position in the chart.
    public var index: Int
    /// The bar at `index`.
    public init(index: Int) { self.index = index }
  }

  /// What the copy hook sends once it copied.
  public struct Copied: Codable, Equatable, Sendable {
    /// How many characters went to the clipboard.
    public var characters: Int
    /// A copy of `characters` characters.
    public init(characters: Int) { self.characters = characters }
  }

  /// The link the copy button copies.
  public static let link = "https://example.com/client-hooks"

  @Dependency(\.pageEvents) var pageEvents

  /// The feature.
  public init() {}

  /// Keeps the chart's values and picked bar, and pushes the highlight for a picked bar.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addValueButtonTapped:
        state.values.append(state.values.count * 7 % 9 + 1)
        return .none
      case let .barPicked(index):
        guard state.values.indices.contains(index) else { return .none }
        state.picked = index
        return .run { [pageEvents] _ in pageEvents.push("highlight", Bar(index: index)) }
      case let .copied(characters):
        state.copiedCharacters = characters
        return .none
      case .toggleChartButtonTapped:
        state.showsChart.toggle()
        return .none
      }
    }
  }
}

/// The copy button's hook: copies the element's `data-text` when it is clicked, then sends how
/// many characters it copied.
public let copyTextHook = LiveHook(
  name: "CopyText",
  source: """
    export default {
      mounted() {
        this.el.addEventListener("click", () => {
          const text = this.el.dataset.text || "";
          const done = () => this.pushEvent("copied", { characters: text.length });
          navigator.clipboard.writeText(text).then(done, done);
        });
      },
    };
    """)

/// The chart's hook: draws a bar per value of the element's `data-values` (again when a patch
/// changes them), sends the bar a click picks, and highlights the bar the feature pushes.
public let barChartHook = LiveHook(
  name: "BarChart",
  source: """
    export default {
      mounted() {
        this.highlighted = null;
        this.draw();
        this.handleEvent("highlight", ({ index }) => {
          this.highlighted = index;
          this.draw();
        });
      },
      updated() { this.draw(); },
      destroyed() {
        const body = document.body;
        body.dataset.chartsDestroyed = String(Number(body.dataset.chartsDestroyed || 0) + 1);
      },
      draw() {
        const values = (this.el.dataset.values || "").split(",").filter(Boolean).map(Number);
        this.el.replaceChildren(...values.map((value, index) => {
          const bar = document.createElement("button");
          bar.type = "button";
          bar.className = index === this.highlighted ? "bar highlighted" : "bar";
          bar.style.height = value * 12 + "px";
          bar.setAttribute("aria-label", "Bar " + (index + 1) + ": " + value);
          bar.addEventListener("click", () => this.pushEvent("picked", { index }));
          return bar;
        }));
      },
    };
    """)

/// The client hooks' page.
public func clientHooksView(_ store: LiveStoreOf<ClientHooks>) -> Node<ClientHooks.Action> {
  div(["class": "client-hooks"]) {
    style(
      """
      .client-hooks .chart{display:flex;align-items:flex-end;gap:.4rem;height:8rem;\
      border-bottom:1px solid #cbd5e1;margin:.75rem 0}\
      .client-hooks .bar{width:2.5rem;margin:0;padding:0;background:#93c5fd;border:0;\
      border-radius:.3rem .3rem 0 0}\
      .client-hooks .bar.highlighted{background:#2563eb}
      """)
    Node.tag("button", ["type": "button", "id": "copy", "data-text": ClientHooks.link]) {
      "Copy the link"
    }
    .hook("CopyText", events: ["copied": .decode { (copy: ClientHooks.Copied) in .copied(copy.characters) }])
    if let characters = store.copiedCharacters {
      p("Copied \(characters) characters.", ["id": "copied", "role": "status"])
    }
    div {
      button(store.showsChart ? "Hide the chart" : "Show the chart", send: .toggleChartButtonTapped)
      button("Add a value", send: .addValueButtonTapped)
    }
    if store.showsChart {
      Node.tag(
        "div",
        [
          "id": "chart", "class": "chart", "role": "group", "aria-label": "Values",
          "data-values": store.values.map(String.init).joined(separator: ","),
        ]
      )
      .hook("BarChart", ownsContent: true, events: [
        "picked": .decode { (bar: ClientHooks.Bar) in .barPicked(bar.index) }
      ])
    }
    p(
      store.picked.map { "Picked bar \($0 + 1): \(store.values[$0])" } ?? "Pick a bar.",
      ["id": "picked"])
  }
}

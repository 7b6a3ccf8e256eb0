#if Web
import ComposableArchitecture
import ComposableWeb
import Foundation
import IssueReporting
import Logging

extension LivePage {
  // MARK: Finding

  func nodes(_ selector: String) -> [PageNode] {
    guard let parsed = PageSelector(selector) else { return [] }
    return root.descendants.filter(parsed.matches)
  }

  func clickable(_ label: String, caller: Caller) -> PageNode? {
    let all = root.descendants
    var matches = all.filter { node in
      guard node.tag == "button" || node.tag == "a" || node.attribute("data-ocaf-click") != nil
        || (node.tag == "input" && (node.attribute("type") == "submit" || node.attribute("type") == "button"))
      else { return false }
      return node.visibleText == label || node.attribute("aria-label") == label
        || node.attribute("title") == label || node.attribute("value") == label
    }
    // Nested matches (a button inside a clickable row): the innermost.
    let candidates = matches
    matches.removeAll { outer in
      candidates.contains { inner in inner !== outer && inner.ancestors.contains { $0 === outer } }
    }
    if matches.isEmpty, let parsed = PageSelector(label) { matches = all.filter(parsed.matches) }
    return single(matches, "nothing to click labelled '\(label)'", candidates: all.filter {
      $0.tag == "button" || $0.tag == "a" || $0.attribute("data-ocaf-click") != nil
    }, caller: caller)
  }

  func field(_ name: String, caller: Caller) -> PageNode? {
    update()
    let candidates = root.descendants.filter {
      $0.tag == "input" || $0.tag == "textarea" || $0.tag == "select"
    }
    return single(
      fields(named: name), "no field labelled '\(name)'", candidates: candidates, caller: caller)
  }

  /// The fields `name` names: by id, name, placeholder or `aria-label`; else by a label's
  /// whole text, else by its start; else as a CSS selector.
  func fields(named name: String) -> [PageNode] {
    let all = root.descendants
    let fields = all.filter { $0.tag == "input" || $0.tag == "textarea" || $0.tag == "select" }
    var matches = fields.filter {
      $0.attribute("id") == name || $0.attribute("name") == name || $0.attribute("placeholder") == name
        || $0.attribute("aria-label") == name
    }
    // A label's text: the whole of it, else its start ("Email" for "Email (work)").
    let labels = all.filter { $0.tag == "label" }
    for matchesLabel in [{ (label: PageNode) in label.visibleText == name }, { $0.visibleText.hasPrefix(name) }]
    where matches.isEmpty {
      for label in labels where matchesLabel(label) {
        if let target = label.attribute("for") {
          matches += fields.filter { $0.attribute("id") == target }
        } else {
          matches += label.descendants.filter { inner in fields.contains { $0 === inner } }
        }
      }
    }
    if matches.isEmpty, let parsed = PageSelector(name) { matches = fields.filter(parsed.matches) }
    return matches
  }

  private func single(
    _ matches: [PageNode], _ missing: String, candidates: [PageNode], caller: Caller
  ) -> PageNode? {
    switch matches.count {
    case 1:
      return matches[0]
    case 0:
      caller.report(
        "The page has \(missing). It has: \(candidates.prefix(12).map(describe).joined(separator: ", "))\(candidates.isEmpty ? "none" : "").")
      return nil
    default:
      caller.report(
        "\(matches.count) elements match: \(matches.prefix(6).map(describe).joined(separator: ", ")). Say which with a CSS selector.")
      return nil
    }
  }

  func submitHandler(of node: PageNode) -> String? {
    guard node.tag == "button" || node.tag == "input", (node.attribute("type") ?? "submit") == "submit" else { return nil }
    return node.ancestors.first { $0.tag == "form" }?.attribute("data-ocaf-submit")
  }

  func isDisabled(_ node: PageNode) -> Bool {
    node.attribute("disabled") != nil
      || node.ancestors.contains { $0.tag == "fieldset" && $0.attribute("disabled") != nil }
  }

  func describe(_ node: PageNode) -> String {
    let text = node.visibleText
    let id = node.attribute("id").map { "#\($0)" } ?? ""
    return "<\(node.tag ?? "")\(id)>" + (text.isEmpty ? "" : " '\(text.prefix(40))'")
  }
}
#endif  // Web

import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `superfluous-suppression`: an `ignore:` that suppresses nothing. Run by `CheckRunner` after
/// the other rules (it needs their findings), so it is not a `Check`.
public enum SuperfluousSuppression {
    public static let description = CheckDescription(
        id: "superfluous-suppression", name: "Superfluous suppression",
        summary: "An ignore: (or // navgraph:ignore) that suppresses no finding.",
        explanation: """
            Suppressions outlive the problems they hid: once the finding is fixed, a stale ignore silently \
            hides the next real one. navgraph reports every suppression that suppressed nothing in this run, \
            and every suppression naming a rule that does not exist.
            """,
        severity: .warning,
        triggering: [
            CheckExample("""
                entries: [{feature: Home}]
                features: [{name: Home, ignore: [unreachable-feature]}]
                """, subjects: ["feature:Home ignores unreachable-feature"], at: ["2:12"])
        ],
        nonTriggering: [
            CheckExample("""
                entries: [{feature: Home}]
                features: [{name: Home}, {name: Orphan, ignore: [unreachable-feature]}]
                """)
        ])

    /// `ignore: [rule-id]` on an element drops that rule's findings about it; an ignore that
    /// dropped nothing is itself reported (`superfluous-suppression`).
    package static func apply(to findings: [Finding], _ registry: Registry, runner: CheckRunner) -> [Finding] {
        let suppressions = Suppressions(registry)
        guard !suppressions.all.isEmpty else { return findings }
        var used = Set<Suppressions.Use>()
        var kept: [Finding] = []
        for f in findings {
            if let element = f.element, let rules = suppressions.byElement[element], rules.contains(f.ruleID) {
                used.insert(Suppressions.Use(element: element, rule: f.ruleID))
                continue
            }
            kept.append(f)
        }
        guard runner.isEnabled(description) else { return kept }
        for s in suppressions.all where !used.contains(Suppressions.Use(element: s.element, rule: s.rule)) {
            // A suppression of a rule that is switched off is not superfluous: it may matter elsewhere.
            if runner.options.disabledRules.contains(s.rule) { continue }
            let known = CheckRunner.allDescriptions.map(\.id)
            let what = known.contains(s.rule) ? "suppresses nothing: \(s.element.key) has no \(s.rule) finding" : "names unknown rule '\(s.rule)'\(NameSuggestion.hint(for: s.rule, in: known))"
            kept.append(Finding(
                ruleID: description.id, severity: description.severity,
                message: "ignore: [\(s.rule)] \(what)", location: s.origin.primary, subject: "\(s.element.key) ignores \(s.rule)",
                elements: [], element: nil))
        }
        return kept
    }
}

/// Every `ignore:` in a registry, keyed by the anchor findings use.
package struct Suppressions {
    package struct Item {
        package var element: ElementRef
        package var rule: String
        package var origin: ElementOrigin
    }
    package var all: [Item] = []
    package var byElement: [ElementRef: Set<String>] = [:]
    /// One suppression that dropped a finding.
    package struct Use: Hashable {
        package var element: ElementRef
        package var rule: String
    }

    package init(_ r: Registry) {
        func add(_ element: ElementRef, _ ignore: [String], _ origin: ElementOrigin) {
            for rule in ignore {
                all.append(Item(element: element, rule: rule, origin: origin))
                byElement[element, default: []].insert(rule)
            }
        }
        for e in r.entries { add(.entry(e.name), e.ignore, e.origin) }
        for x in r.routes { add(.route(x.id), x.ignore, x.origin) }
        for h in r.handlers { add(.handler(h.name), h.ignore, h.origin) }
        for f in r.features { add(.feature(f.name), f.ignore, f.origin) }
        for b in r.dependencies { add(.dependency(b.protocol), b.ignore, b.origin) }
        for d in r.deeplinks { add(.deeplink(d.displayName), d.ignore, d.origin) }
        // One report per (anchor, rule), at a stable place.
        var seen = Set<Use>()
        all = all.sorted { ($0.element.key, $0.rule, $0.origin.primary?.description ?? "") < ($1.element.key, $1.rule, $1.origin.primary?.description ?? "") }
            .filter { seen.insert(Use(element: $0.element, rule: $0.rule)).inserted }
    }
}

import Foundation
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `disabled-feature` across many flag scenarios at once (`Check.occurrences`).
extension DisabledFeature {
    /// A feature is disabled where it is `off`, unless it is an entry no route reaches there. It is
    /// reported where it is also not targeted, or targeted without a fallback (then an error), or
    /// targeted with a fallback and hiding some screen. Only that last case needs `run`'s walk with
    /// every disabled feature on and its blame chains; `HiddenBlame` answers it for all scenarios
    /// together, in one search over every scenario's walk.
    public static func occurrences(_ context: ScenarioSetContext) -> [ScenarioOccurrence]? {
        let g = context.graph
        let off = context.off, reach = context.reach
        let width = off.width
        // disabled[f]: off, minus (as an entry) where no route reaches it.
        var disabled = off
        for f in Set(g.entryFeatures) {
            let base = Int(f) * width
            for w in 0..<width { disabled.words[base + w] &= reach.throughRoute.words[base + w] }
        }
        var candidates: [Int32] = []
        var hasFallback = [Bool](repeating: false, count: g.nodeCount)
        for id in g.ids(of: .feature) where !disabled.isEmpty(id) {
            guard let fallback = g.withFeature(id, { $0.fallback }) else { continue }
            candidates.append(id)
            hasFallback[Int(id)] = fallback.flatMap { g.node(.feature, $0) }.map { g.isDeclaredFeature($0) } ?? false
        }
        guard !candidates.isEmpty else { return [] }
        // Where each disabled feature with a fallback is targeted: there, whether it is reported
        // depends on what it hides.
        var asked = ScenarioTable(nodes: g.nodeCount, scenarios: off.count)
        var anyAsked = false
        for id in candidates where hasFallback[Int(id)] {
            let base = Int(id) * width
            for w in 0..<width {
                asked.words[base + w] = disabled.words[base + w] & reach.targeted.words[base + w]
                anyAsked = anyAsked || asked.words[base + w] != 0
            }
        }
        var hides = ScenarioTable(nodes: g.nodeCount, scenarios: off.count)
        if anyAsked {
            let blame = HiddenBlame(g, off: off, disabled: disabled, targeted: reach.targeted, asked: asked)
            hides = blame.hides
            context.scenariosApart += blame.divergent
        }
        var out: [ScenarioOccurrence] = []
        for id in candidates {
            var scenarios: [Int] = []
            var worst = Severity.warning
            for s in disabled.scenarios(id) {
                let targeted = reach.targeted.contains(id, s)
                if targeted && !hasFallback[Int(id)] {
                    worst = .error
                } else if targeted && !hides.contains(id, s) {
                    continue
                }
                scenarios.append(s)
            }
            guard !scenarios.isEmpty else { continue }
            let name = g.name(id)
            out.append(ScenarioOccurrence(subject: name, element: .feature(name), scenarios: scenarios, worst: worst))
        }
        return out
    }
}

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
        // Every scenario with a disabled feature walked at once, with those features forced on and
        // as it is: the blame below, and the notes of the runs in the findings' first scenarios.
        let walks = StageTimes.measure("rule disabled-feature: walks") { Walks(g, off: off, disabled: disabled) }
        context.keep(walks)
        var hides = ScenarioTable(nodes: g.nodeCount, scenarios: off.count)
        if anyAsked {
            let blame = StageTimes.measure("rule disabled-feature: blame") { HiddenBlame(walks.moves, walks.unlocked, targeted: reach.targeted, disabled: disabled, asked: asked) }
            hides = blame.hides
            context.scenariosApart += blame.divergent
        }
        var out: [ScenarioOccurrence] = []
        for id in candidates {
            // Disabled and not targeted; or targeted without a fallback (an error); or targeted
            // with one, where the feature hides something. A word of scenarios at a time.
            let base = Int(id) * width
            var words = [UInt64](repeating: 0, count: width)
            var worst = Severity.warning
            for w in 0..<width {
                let d = disabled.words[base + w], t = reach.targeted.words[base + w]
                if hasFallback[Int(id)] {
                    words[w] = d & (~t | hides.words[base + w])
                } else {
                    words[w] = d
                    if d & t != 0 { worst = .error }
                }
            }
            let scenarios = ScenarioBits(count: off.count, words: words)
            guard !scenarios.isEmpty else { continue }
            let name = g.name(id)
            out.append(ScenarioOccurrence(subject: name, element: .feature(name), scenarios: scenarios, worst: worst))
        }
        return out
    }

    /// `run` in a first scenario of `occurrences`, reading its walks off `Walks` (no walk of its own):
    /// what the scenario targets from `ScenarioSetContext.reach`, the path to a feature from the
    /// steps of its walk, what each disabled feature hides from the steps of its walk with them on.
    public static func runFirst(_ all: ScenarioSetContext, scenario s: Int, wanted: Set<String>) -> [Finding] {
        let context = all.context(s).focused(on: wanted, targeted: all.reachIfComputed?.targeted, scenario: s)
        guard let walks = all.kept(Walks.self) else { return run(context) }
        let g = all.graph
        // Scenario s's bit in each node's set, read straight off the tables' words.
        let i = s / 64, bit = UInt64(1) << UInt64(s % 64)
        let w = walks.disabled.width
        let disabledWords = walks.disabled.words, targetedWords = all.reach.targeted.words
        let isDisabled = { (x: Int32) in disabledWords[Int(x) * w + i] & bit != 0 }
        let isTargeted = { (x: Int32) in targetedWords[Int(x) * w + i] & bit != 0 }
        // The wanted features disabled here, ascending (as `g.declaredFeatures` lists them).
        let asked = all.ids(of: wanted).filter(isDisabled)
        guard !asked.isEmpty else { return [] }
        let ordinary = ScenarioSteps(walks.moves, walks.ordinary, scenario: s) { walks.entries.contains($0) }
        var hidden: [Int32: [String]] = [:]
        forEachHidden(walks, scenario: s, blamed: asked, targeted: isTargeted, disabled: isDisabled) { blamed, screen in
            hidden[blamed, default: []].append(g.name(screen))
        }
        return findings(
            context, reported: asked, targeted: isTargeted,
            pathNotes: { g.explainNotes($0, step: ordinary.step) }, hidden: hidden)
    }

    /// `forEachHidden` in scenario `s` for the disabled features `blamed` (each an arrival of the
    /// scenario's walk with the disabled features on, as `Walks` holds it), each hidden screen with
    /// its feature, in no particular order. A screen is hidden by the first disabled feature above
    /// it: its step (`ScenarioSteps`: in that walk the move it arrives by; an entry's is `.entry`,
    /// and every move that explains a screen that walk reaches lands on it, since a route's move is
    /// removed only from a feature off and not disabled, i.e. an entry) goes up to the screen the
    /// move leaves or, for a fallback, to the feature it stands in for. So a feature's hidden screens
    /// are the arrivals below its own (`ArrivalTree`) down to the next disabled feature, and the
    /// search visits each arrival of the scenario at most once: O(what the features hide).
    static func forEachHidden(
        _ walks: Walks, scenario s: Int, blamed: [Int32], targeted: (Int32) -> Bool, disabled: (Int32) -> Bool,
        _ body: (Int32, Int32) -> Void
    ) {
        let arrivals = walks.unlocked
        var stack: [Int32] = []
        for f in blamed {
            guard let top = arrivals.arrival(of: f, in: s) else { continue }
            stack.append(Int32(top))
            while let t = stack.popLast() {
                let c = arrivals.screen[Int(t)]
                // Below another disabled feature: that one's.
                if Int(t) != top && disabled(c) { continue }
                let (children, standIns) = walks.tree.below(t, screen: c)
                for below in [children, standIns] {
                    for u in below where arrivals.holds(Int(u), s) {
                        let x = arrivals.screen[Int(u)]
                        if !targeted(x) { body(f, x) }
                        stack.append(u)
                    }
                }
            }
        }
    }

    /// Every scenario with a disabled feature, walked at once (`ScenarioWalks`): as it is
    /// (`ordinary`: a route's move to an off feature removed) and with its disabled features forced
    /// on (`unlocked`, `HiddenBlame.unlocked`).
    final class Walks: Sendable {
        let moves: WalkMoves
        let ordinary: ScenarioWalks, unlocked: ScenarioWalks
        /// The arrivals below each of `unlocked`'s.
        let tree: ArrivalTree
        let disabled: ScenarioTable
        /// The declared entry features (their step is `.entry`).
        let entries: Set<Int32>

        init(_ g: NavGraph, off: ScenarioTable, disabled: ScenarioTable) {
            moves = WalkMoves(g)
            let scenarios = HiddenBlame.any(disabled)
            unlocked = HiddenBlame.unlocked(moves, off: off, disabled: disabled, scenarios: scenarios)
            ordinary = ScenarioWalks(
                moves, routeRemoved: off.words, fallbackRemoved: [UInt64](repeating: 0, count: off.words.count),
                width: off.width, scenarios: scenarios)
            tree = ArrivalTree(unlocked, moves)
            self.disabled = disabled
            entries = Set(g.entryFeatures.filter { g.isDeclaredFeature($0) })
        }
    }
}

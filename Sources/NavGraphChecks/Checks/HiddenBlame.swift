import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// Where a disabled feature hides a screen, in the sense of `DisabledFeature.run`, for every
/// scenario of a set at once, without a walk per scenario.
///
/// `run` walks with every disabled feature on (the unlocked walk) and follows each hidden screen's
/// explaining steps (a screen it reaches that the scenario does not target) up to the first
/// disabled feature, which is blamed. Each scenario's unlocked walk keeps a subset of the moves
/// made with every feature that can be disabled on: a disabled feature's fallback is not used, an
/// off one (not disabled) is not shown through a route. `ScenarioWalks` makes every scenario's
/// unlocked walk at once (`unlocked`); the blame then runs bottom-up over its arrivals, with
/// scenario sets as bits (as `reachAcross` does for reachability).
///
/// Cost: `ScenarioWalks`' O(A · d · w), then O(A · w) for the blame, for A arrivals, d moves out
/// of a screen and w words of scenarios. `hiddenBlameMatchesTheWalks` and the `hiddenBlamePlaces`
/// tests hold this to `run`'s own walk, scenario by scenario.
package struct HiddenBlame {
    /// Per node: scenarios where it hides some screen (only where `asked`).
    package private(set) var hides: ScenarioTable
    /// Scenarios whose walk parts from another's: some screen arrives otherwise there.
    package private(set) var divergent = 0

    /// `off`: where each feature is disabled; `disabled`: where `disabled-feature` treats it as
    /// disabled (off, and not an entry no route reaches); `targeted`: what each scenario targets;
    /// `asked`: where the answer is needed (the others are left empty).
    package init(_ g: NavGraph, off: ScenarioTable, disabled: ScenarioTable, targeted: ScenarioTable, asked: ScenarioTable) {
        let moves = WalkMoves(g)
        let walks = Self.unlocked(moves, off: off, disabled: disabled, scenarios: Self.any(asked))
        self.init(moves, walks, targeted: targeted, disabled: disabled, asked: asked)
    }

    /// The blame over `walks`, the unlocked walks (`unlocked`) of at least the scenarios asked about.
    package init(_ moves: WalkMoves, _ walks: ScenarioWalks, targeted: ScenarioTable, disabled: ScenarioTable, asked: ScenarioTable) {
        hides = ScenarioTable(nodes: moves.n, scenarios: targeted.count)
        divergent = walks.scenariosApart()
        blame(walks, moves: moves, targeted: targeted, disabled: disabled, asked: asked)
    }

    /// The scenarios of some node's set in `table`.
    package static func any(_ table: ScenarioTable) -> [UInt64] {
        var out = [UInt64](repeating: 0, count: table.width)
        for (j, word) in table.words.enumerated() { out[j % table.width] |= word }
        return out
    }

    /// Every scenario's walk with its disabled features forced on, in `scenarios`: a route's
    /// move to a feature is removed where it is off and not disabled, a fallback's where the
    /// feature it stands in for is disabled.
    package static func unlocked(_ moves: WalkMoves, off: ScenarioTable, disabled: ScenarioTable, scenarios: [UInt64]) -> ScenarioWalks {
        ScenarioWalks(
            moves, routeRemoved: zip(off.words, disabled.words).map { $0 & ~$1 }, fallbackRemoved: disabled.words,
            width: off.width, scenarios: scenarios)
    }

    /// Bottom-up over the arrivals, all scenarios at once: `carried[t]` holds where some hidden
    /// screen below arrival t (its steps lead up to t) reaches t with no disabled feature between
    /// them; a disabled screen is blamed there (`hides`, where asked), and otherwise the hidden
    /// screens go on up its explaining step, as does the screen itself where it is hidden. A screen's
    /// step goes up to the arrival its move leaves, or, for a fallback, to the arrivals of the
    /// feature it stands in for. Every step goes to an earlier arrival, so one pass in reverse
    /// order sees everything carried to an arrival before passing it: the arrival a move leaves is
    /// of an earlier level; a fallback is kept only where the feature it stands in for is not
    /// disabled, so that feature is either shown by the same route, a move just before the
    /// fallback's, or off and not disabled, i.e. an entry, arriving first from the root.
    private mutating func blame(_ a: ScenarioWalks, moves: WalkMoves, targeted: ScenarioTable, disabled: ScenarioTable, asked: ScenarioTable) {
        let w = a.w
        var carried = [UInt64](repeating: 0, count: a.screen.count * w)
        var up = [UInt64](repeating: 0, count: w)
        for t in a.screen.indices.reversed() {
            let xb = Int(a.screen[t]) * w, tb = t * w
            var any: UInt64 = 0
            for i in 0..<w {
                let c = carried[tb + i]
                hides.words[xb + i] |= asked.words[xb + i] & c
                up[i] = a.sets[tb + i] & (~targeted.words[xb + i] | (c & ~disabled.words[xb + i]))
                any |= up[i]
            }
            guard any != 0 else { continue }
            let k = Int(a.move[t])
            switch moves.kind[k] {
            case .start:
                continue
            case .route, .direct:
                let p = Int(a.parent[t])
                guard p >= 0 else { continue }
                for i in 0..<w { carried[p * w + i] |= up[i] }
            case .fallback:
                for u in a[moves.via[k]] {
                    let ub = Int(u) * w
                    for i in 0..<w { carried[ub + i] |= up[i] & a.sets[ub + i] }
                }
            }
        }
    }
}

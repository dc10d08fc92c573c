import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// An absence is an error only on a complete graph.
///
/// `unreachable-feature` and `unused-route` claim that nothing leads somewhere. When the registry
/// says that navigation calls could not be followed (`Registry.unfollowed`, written by a scan), such
/// a claim is proven only for what none of those calls could reach: a screen that one of the
/// calls' possible routes leads to (through handlers, navigates and fallbacks, in any flag
/// scenario), or a route one of them could open, may be reached at run time. Those findings are held
/// back: at most warnings, "may be …", with notes naming the calls and how to state what they open
/// (`unfollowed:` in `.navgraph.yml`), after which the error comes back. A registry without
/// unfollowed calls (hand-written, or a scan that followed every call) is left as it is.
///
/// A call made only by screens that are themselves proven unreachable cannot run, and explains
/// nothing (`liveCalls`; a scan writes a call's screens as `from:`, empty when it does not know them).
///
/// Cost: one walk of the graph per distinct set of possible routes (calls of one routing system
/// whose routes are unknown share one), O(sets × (nodes + edges)), then the live calls' fixpoint,
/// at most one round per call; a finding lists at most `namedCalls` calls.
public enum Completeness {
    /// The rules whose findings claim an absence that an unfollowed call could explain.
    public static let absenceRules: Set<String> = ["unreachable-feature", "unused-route"]
    package static let namedCalls = 3

    /// `findings` with every absence an unfollowed call could explain held back (those lowered from
    /// error to warning are marked `heldBack`, which the report counts).
    public static func apply(to findings: [Finding], graph: NavGraph) -> [Finding] {
        let calls = graph.registry.unfollowed
        guard !calls.isEmpty, findings.contains(where: { absenceRules.contains($0.ruleID) }) else { return findings }
        let reach = Reach(graph: graph, calls: calls)
        let live = liveCalls(calls, findings, graph, reach)
        var out = findings
        for i in out.indices where absenceRules.contains(out[i].ruleID) {
            let f = out[i]
            var explaining: [Int]
            switch f.ruleID {
            case "unreachable-feature": explaining = graph.node(.feature, f.subject).map { reach.calls(reaching: $0) } ?? []
            default: explaining = graph.node(.route, f.subject).map { reach.calls(opening: $0) } ?? []
            }
            explaining.removeAll { !live.contains($0) }
            guard !explaining.isEmpty else { continue }
            out[i] = heldBackFinding(f, explaining.map { calls[$0] })
            out[i].heldBack = f.severity == .error
        }
        return out
    }

    /// The calls that can run: those whose screens are unknown (`from:` empty), or one of whose
    /// screens is not proven unreachable (unreachable in every scenario, and not itself held back
    /// by a call that can run). A call only screens nobody can reach ever make explains nothing.
    /// A fixpoint: a screen held back makes the calls it makes live, which may hold back more.
    package static func liveCalls(_ calls: [UnfollowedCall], _ findings: [Finding], _ graph: NavGraph, _ reach: Reach) -> Set<Int> {
        let proven = Set(findings.filter { $0.ruleID == "unreachable-feature" && $0.scenarioSubset == nil }.map(\.subject))
        var live = Set(calls.indices.filter { calls[$0].from.isEmpty || calls[$0].from.contains { !proven.contains($0) } })
        while true {
            let held = proven.filter { name in graph.node(.feature, name).map { reach.calls(reaching: $0).contains(where: live.contains) } ?? false }
            let more = calls.indices.filter { !live.contains($0) && calls[$0].from.contains(where: held.contains) }
            if more.isEmpty { return live }
            live.formUnion(more)
        }
    }

    private static func heldBackFinding(_ f: Finding, _ calls: [UnfollowedCall]) -> Finding {
        var f = f
        f.severity = min(f.severity, .warning)
        let n = calls.count
        let entry = calls.first { $0.kind == .entry }
        let count = entry != nil && n == 1
            ? "no entry point was found (\(entry?.reason ?? "the first screen is shown where the scan cannot read it"))"
            : "\(n) navigation call\(n == 1 ? "" : "s") could not be followed (navgraph scan --explain)"
        // A finding of some flag scenarios keeps saying which (" (only when …)").
        let when = f.message.range(of: " (only when ").map { String(f.message[$0.lowerBound...]) } ?? ""
        if f.ruleID == "unreachable-feature" {
            f.message = "\(f.subject) may be unreachable: \(count)\(when)"
        } else {
            f.message = "route '\(f.subject)' may never be opened: \(count)\(when)"
        }
        let followable = calls.filter { $0.kind != .entry }
        for c in followable.prefix(namedCalls) {
            let why = c.reason.map { " (\($0))" } ?? ""
            let what = f.ruleID == "unreachable-feature" ? "could lead here" : "could open it"
            let call = c.kind == .present ? "the presentation '\(c.call)' could show this screen or lead here" : "the navigation call '\(c.call)' \(what)"
            f.notes.append(Finding.Note("\(call): the scan could not follow it\(why)", location: c.origin.primary))
        }
        if followable.count > namedCalls { f.notes.append(Finding.Note("and \(followable.count - namedCalls) more such calls")) }
        if !followable.isEmpty {
            let one = followable.count == 1
            let at = one ? followable[0].origin.primary.map { "\($0.file):\($0.line)" } ?? "FILE:LINE" : "FILE:LINE"
            let what = followable.allSatisfy { $0.kind == .present } ? "SCREEN" : followable.allSatisfy { $0.kind == .navigate } ? "ROUTE" : "ROUTE or SCREEN"
            f.notes.append(Finding.Note(
                "say what \(one ? "that call opens" : "those calls open") in .navgraph.yml "
                    + "(unfollowed: [{at: \(at), opens: [\(what), …]}]); when none of it leads here, this is an error again"))
        }
        if entry != nil {
            f.notes.append(Finding.Note(
                "no entry point was found, so any screen may be the first: name the first screen in .navgraph.yml "
                    + "(entries: [{feature: SCREEN}]); then this is an error again unless something leads here"))
        }
        return f
    }

    /// Which calls reach which nodes.
    package struct Reach {
        package let graph: NavGraph
        package let calls: [UnfollowedCall]
        /// Per distinct seed set: the calls sharing it, its seed routes, and what it reaches.
        private var groups: [(calls: [Int], seeds: Set<Int32>, reached: [Bool])] = []

        package init(graph: NavGraph, calls: [UnfollowedCall]) {
            self.graph = graph
            self.calls = calls
            let routes = graph.ids(of: .route).filter { graph.nodes[Int($0)].declared }
            let screens = graph.declaredFeatures
            var byKey: [[Int32]: Int] = [:]
            for (i, c) in calls.enumerated() {
                // A navigate call starts at the routes it can open; a presentation (or a missing
                // entry) at the screens it can show.
                let seeds = c.kind == .navigate
                    ? routes.filter { r in graph.routeDeclarations(r).contains { c.canOpen($0.id, system: $0.system) } }
                    : screens.filter { c.canShow(graph.name($0)) }
                if let g = byKey[seeds] {
                    groups[g].calls.append(i)
                } else {
                    byKey[seeds] = groups.count
                    groups.append(([i], Set(seeds), Self.walk(graph, from: seeds)))
                }
            }
        }

        package func calls(reaching node: Int32) -> [Int] {
            groups.filter { $0.reached[Int(node)] }.flatMap(\.calls).sorted()
        }

        package func calls(opening route: Int32) -> [Int] {
            groups.filter { $0.seeds.contains(route) }.flatMap(\.calls).sorted()
        }

        /// Every node the routes lead to: route → feature (handlers), feature → route (navigates),
        /// feature → fallback; flags ignored (a call may run in any scenario).
        package static func walk(_ g: NavGraph, from seeds: [Int32]) -> [Bool] {
            var seen = [Bool](repeating: false, count: g.nodeCount)
            var stack = seeds
            for s in seeds { seen[Int(s)] = true }
            while let n = stack.popLast() {
                for e in g.outgoing[Int(n)] {
                    let edge = g.edge(e)
                    guard edge.kind != .requires, !seen[Int(edge.to)] else { continue }
                    seen[Int(edge.to)] = true
                    stack.append(edge.to)
                }
            }
            return seen
        }
    }
}

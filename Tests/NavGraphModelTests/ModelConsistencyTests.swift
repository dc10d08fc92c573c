import PropertyBased
import Testing
@testable import NavGraphKit
import NavGraphTestSupport
@testable import NavGraphSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks
@testable import NavGraphOutputs
@testable import NavGraphConfig

/// The one navigation model, seen through every consumer: on random registries, for every flag
/// scenario, `check` (no unreachable-feature finding), the report's flow trees, `path` and the
/// explorer must tell the user the same thing.
///
/// - the features `check` finds reachable are exactly the declared features the flow trees name
///   (roots, destinations and fallbacks of the moves they print);
/// - `path` from some entry finds a way to exactly the screens the flow trees land on (a disabled
///   destination without a fallback is named but never shown), in as many steps as the check's
///   breadth-first depth (one more from an entry route: its own move counts);
/// - the explorer, started on each entry, can walk to exactly those screens.
@Suite struct ModelConsistencyTests {
    @Test func checkReportPathAndExplorerAgree() async {
        // `make fuzz` multiplies the count (`FuzzBudget`); the generator's seed is new each run.
        await propertyCheck(count: FuzzBudget.fromEnvironment().rounds(150), input: Gen.int(in: 0...999).array(of: 20...160)) { tape in
            let registry = RandomRegistry(tape: tape).registry
            for problem in ModelConsistency.problems(registry) {
                Issue.record("\(problem)\nregistry: \(RegistryWriter.yaml(registry))")
            }
        }
    }

    /// The property is not vacuous: registries it generates do exercise every kind of move.
    @Test func generatorCoversEveryOutcome() {
        var rng = SplitMix(seed: 13)  // the tests' own SplitMix64 (DeterminismTests)
        var outcomes = Set<String>()
        for _ in 0..<300 {
            let tape = (0..<120).map { _ in Int(rng.next() % 1000) }
            let registry = RandomRegistry(tape: tape).registry
            let g = NavGraph(registry: registry)
            for scenario in ModelConsistency.scenarios(registry) {
                for f in g.declaredFeatures {
                    for m in g.moves(from: f, under: scenario) { outcomes.insert("\(m.outcome)") }
                }
            }
        }
        #expect(outcomes == ["shows", "disabled", "fallback(active: true)", "fallback(active: false)", "unhandled", "undeclared"])
    }
}

/// What each consumer says, and where they disagree.
enum ModelConsistency {
    static func scenarios(_ registry: Registry) -> [FlagScenario] { everyScenario(registry) }

    static func problems(_ registry: Registry) -> [String] {
        let g = NavGraph(registry: registry)
        let declared = Set(g.declaredFeatures.map(g.name))
        var problems: [String] = []
        for scenario in scenarios(registry) {
            func say(_ text: String) { problems.append("scenario \(scenario.name): \(text)") }
            // check
            let findings = CheckRunner(options: CheckOptions(scenarios: [scenario])).run(g)
            let unreachable = Set(findings.filter { $0.ruleID == "unreachable-feature" }.map(\.subject))
            let checkReachable = declared.subtracting(unreachable)
            // the report's flow trees, read from the text the user sees
            let flows = TerminalReport.flows(g, scenario, .plain(width: 100_000))
            let (named, shown) = readFlows(flows, declared: declared)
            if checkReachable != named {
                say("check finds \(checkReachable.sorted()) reachable, the flow trees name \(named.sorted())\n\(flows.joined(separator: "\n"))")
            }
            // path, from every entry
            let checkDepth = g.reachability(under: scenario).depth
            var starts: [(name: String, isRoute: Bool)] = g.entryFeatures.map { (g.name($0), false) }
            starts += g.entryRoutes.map { (g.name($0), true) }
            for target in declared.sorted() {
                var best: Int?
                for start in starts {
                    let answer = PathQuery.run(from: start.name, to: target, all: false, graph: g, scenario: scenario, style: .plain(width: 100_000))
                    guard answer.found else { continue }
                    guard let steps = stepCount(answer.text) else {
                        say("cannot read the step count of: \(answer.text)")
                        continue
                    }
                    let depth = steps - (start.isRoute ? 1 : 0)
                    best = min(best ?? depth, depth)
                }
                if (best != nil) != shown.contains(target) {
                    say("path \(best != nil ? "finds" : "finds no") way to \(target); the flow trees \(shown.contains(target) ? "show" : "do not show") it\n\(flows.joined(separator: "\n"))")
                }
                let depth = checkDepth[Int(g.node(.feature, target)!)]
                if let best, Int(depth) != best {
                    say("path reaches \(target) in \(best) steps (from an entry), check's walk at depth \(depth)")
                }
            }
            // the explorer, started on each entry (an entry route: where it lands)
            let explorer = Explorer(graph: g, scenario: scenario, findings: [])
            var states: [ExplorerState] = []
            for f in g.entryFeatures where g.feature(f) != nil { states.append(ExplorerState(current: f)) }
            for r in g.entryRoutes { for l in g.moves(opening: r, from: nil, under: scenario).compactMap(\.lands) { states.append(ExplorerState(current: l)) } }
            var visited = Set<Int32>()
            while let state = states.popLast() {
                guard let c = state.current, visited.insert(c).inserted else { continue }
                // Select each line in turn (down arrow) and follow it (enter).
                var s = state
                for _ in explorer.moves(state).indices {
                    let followed = explorer.handle(.enter, s)
                    if followed.current != s.current { states.append(ExplorerState(current: followed.current)) }
                    s = explorer.handle(.down, s)
                }
            }
            let explored = Set(visited.map(g.name))
            if explored != shown {
                say("the explorer walks to \(explored.sorted()), the flow trees show \(shown.sorted())")
            }
        }
        return problems
    }

    /// `F0 -> F3: 2 steps (scenario …)` or `F0 is F0 itself: 0 steps.`
    static func stepCount(_ text: String) -> Int? {
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        guard let r = first.range(of: #"\d+ steps?"#, options: .regularExpression) else { return nil }
        return Int(first[r].split(separator: " ")[0])
    }

    /// From the flow tree lines: every declared feature named (a root, a move's destination or
    /// fallback), and those shown (a root, or where a move lands).
    static func readFlows(_ lines: [String], declared: Set<String>) -> (named: Set<String>, shown: Set<String>) {
        var named = Set<String>(), shown = Set<String>()
        func tokens(_ text: Substring) -> [String] {
            text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init).filter { declared.contains($0) }
        }
        for line in lines {
            if line.contains("[entry]") {
                // `F0 [entry] (tags)`: the tags name a fallback that is not shown by being an entry.
                let head = line.components(separatedBy: " [entry]")[0]
                for t in tokens(Substring(head)) {
                    named.insert(t)
                    shown.insert(t)
                }
                continue
            }
            guard let arrow = line.range(of: " -> ") else { continue }
            let after = line[arrow.upperBound...]
            named.formUnion(tokens(after))
            let first = after.split(separator: " ").first.map(String.init) ?? ""
            if declared.contains(first) && !after.dropFirst(first.count).hasPrefix(" x ") { shown.insert(first) }
        }
        return (named, shown)
    }
}

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

/// `ScenarioCondition`: a partial finding under `--all-flag-combinations` names a condition on the
/// flags that holds in exactly its scenarios; other scenario sets keep their names.
@Suite struct ScenarioConditionTests {
    /// Every combination of `n` flags `f0…`, as the pipeline makes them.
    static func combinations(_ n: Int) -> [FlagScenario] {
        let registry = Registry(flags: (0..<n).map { FeatureFlag(name: "f\($0)", defaultValue: true) })
        return FlagScenario.allCombinations(of: registry)!
    }

    /// `text`'s terms (joined by " | ", each `flag=on,flag=off`) as (flag, on) literals.
    static func terms(_ text: String) -> [[(flag: String, on: Bool)]] {
        text.components(separatedBy: " | ").map { term in
            term.split(separator: ",").map { literal in
                let parts = literal.split(separator: "=")
                return (String(parts[0]), parts[1] == "on")
            }
        }
    }

    /// Whether some term of `terms` holds in `scenario`.
    static func holds(_ terms: [[(flag: String, on: Bool)]], in scenario: FlagScenario) -> Bool {
        terms.contains { term in term.allSatisfy { scenario.values[$0.flag] == $0.on } }
    }

    /// Random sets of scenarios (dense, sparse, and unions of a few random sub-cubes) over 1–10
    /// flags: the condition holds in exactly the set's scenarios, and names no flag twice in a term.
    @Test func theConditionHoldsInExactlyTheScenarios() {
        var rng = SplitMix(seed: 21)
        for n in 1...10 {
            let scenarios = Self.combinations(n)
            let condition = ScenarioCondition(scenarios)
            #expect(condition.flags == (0..<n).map { "f\($0)" })
            for round in 0..<(n <= 6 ? 60 : 12) {
                var member = [Bool](repeating: false, count: scenarios.count)
                switch round % 3 {
                case 0:
                    let p = Double(rng.int(100) + 1) / 101
                    for i in member.indices { member[i] = rng.chance(p) }
                case 1:
                    for _ in 0..<(rng.int(2) + 1) { member[rng.int(member.count)] = true }
                default:
                    for _ in 0..<(rng.int(3) + 1) {
                        let fixed = (0..<n).map { _ in rng.int(3) }  // 0 on, 1 off, 2 either
                        for (i, s) in scenarios.enumerated()
                        where (0..<n).allSatisfy({ fixed[$0] == 2 || s.values["f\($0)"] == (fixed[$0] == 0) }) {
                            member[i] = true
                        }
                    }
                }
                let indices = member.indices.filter { member[$0] }
                guard !indices.isEmpty, indices.count < scenarios.count else { continue }
                let text = condition.text(for: indices)
                let terms = Self.terms(text)
                for (i, s) in scenarios.enumerated() where Self.holds(terms, in: s) != member[i] {
                    Issue.record("\(n) flags, \(indices.count) scenarios: '\(text)' is wrong about \(s.name)")
                    break
                }
                for term in terms {
                    #expect(Set(term.map(\.flag)).count == term.count, "\(text)")
                }
            }
        }
    }

    @Test func oneSubCubeIsOneTerm() {
        let scenarios = Self.combinations(10)
        let condition = ScenarioCondition(scenarios)
        let f8Off = scenarios.indices.filter { scenarios[$0].values["f8"] == false }
        #expect(f8Off.count == 512)
        #expect(condition.text(for: f8Off) == "f8=off")
        let both = scenarios.indices.filter { scenarios[$0].values["f2"] == true && scenarios[$0].values["f8"] == false }
        #expect(condition.text(for: both) == "f2=on,f8=off")
        // One scenario is its own name; all but one are the ten ways to differ from it.
        #expect(condition.text(for: [5]) == scenarios[5].name)
        let allButFirst = condition.text(for: Array(1..<1024))
        #expect(allButFirst == (0..<10).map { "f\($0)=off" }.joined(separator: " | "))
    }

    @Test func twoOverlappingCubesAreTwoTerms() {
        let scenarios = Self.combinations(3)
        let condition = ScenarioCondition(scenarios)
        // f0 on, or f1 on: the overlap is not a third term.
        let set = scenarios.indices.filter { scenarios[$0].values["f0"]! || scenarios[$0].values["f1"]! }
        #expect(condition.text(for: set) == "f0=on | f1=on")
    }

    /// Named scenarios (a configuration's, or `--flag` overrides on top of every combination) are
    /// not a cube named by its flags: the finding keeps naming them.
    @Test func otherScenarioSetsKeepTheirNames() {
        let named = [
            FlagScenario(name: "release", values: ["beta": false]),
            FlagScenario(name: "beta", values: ["beta": true]),
        ]
        let condition = ScenarioCondition(named)
        #expect(condition.flags == nil)
        #expect(condition.text(for: [1]) == "beta")
        var overridden = Self.combinations(3)
        for i in overridden.indices { overridden[i].values["f1"] = true }
        #expect(ScenarioCondition(overridden).flags == nil)
        #expect(ScenarioCondition(overridden).text(for: [0, 2]) == "\(overridden[0].name) | \(overridden[2].name)")
        var unknown = Self.combinations(2)
        unknown[0].unknown = ["f0"]
        #expect(ScenarioCondition(unknown).flags == nil)
    }
}

import Foundation
import XCTest
@testable import NavGraphKit
@testable import NavGraphSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks
@testable import NavGraphOutputs
@testable import NavGraphConfig

/// The repository's root folder (for Examples/).
let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
}()

func examplePath(_ name: String) -> String { repositoryRoot.appendingPathComponent("Examples/\(name)").path }

/// Loads registry text, failing the test with every diagnostic when it does not load.
func loadRegistry(_ yaml: String, file: String = "test.yml", line: UInt = #line) throws -> Registry {
    do {
        return try RegistryLoader().load(text: yaml, file: file)
    } catch {
        XCTFail("registry did not load:\n\(error)", line: line)
        throw error
    }
}

/// The diagnostics a bad registry produces, as `line:col: message` strings.
func loadErrors(_ yaml: String, file: String = "bad.yml") -> [String] {
    do {
        _ = try RegistryLoader().load(text: yaml, file: file)
        return []
    } catch {
        return error.diagnostics.map { d in
            let loc = d.location.map { "\($0.line):\($0.column)" } ?? "-"
            return "\(loc): \(d.message)"
        }
    }
}

func runChecks(_ registry: Registry, options: CheckOptions = .init()) -> [Finding] {
    CheckRunner(options: options).run(NavGraph(registry: registry))
}

/// The randomised tests' budget (`FastReaderDifferentialTests`' mutation tests, the
/// `ModelConsistencyTests` property). `make test` runs the fixed seeds and round counts; `make fuzz`
/// (or `NAVGRAPH_FUZZ_ROUNDS=N NAVGRAPH_FUZZ_SEED=S swift test --filter …`) multiplies the rounds by N
/// and mixes S into the readers' seeds, so a long run explores new inputs; `make fuzz` prints S
/// first, and the same S and N repeat a failing readers' run exactly.
struct FuzzBudget {
    var multiplier = 1
    var salt: UInt64 = 0

    static func fromEnvironment() -> FuzzBudget {
        let env = ProcessInfo.processInfo.environment
        var b = FuzzBudget()
        if let n = env["NAVGRAPH_FUZZ_ROUNDS"].flatMap({ Int($0) }), n > 0 { b.multiplier = n }
        if let s = env["NAVGRAPH_FUZZ_SEED"].flatMap({ UInt64($0) }) { b.salt = s }
        return b
    }

    func rounds(_ base: Int) -> Int { base * multiplier }
    func seed(_ base: UInt64) -> UInt64 { salt == 0 ? base : base ^ (salt &* 0x9E37_79B9_7F4A_7C15) }
}

import Foundation
import XCTest
@testable import NavGraphKit

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

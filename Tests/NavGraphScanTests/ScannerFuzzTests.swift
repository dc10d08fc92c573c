import Foundation
import NavGraphKit
import NavGraphTestSupport
import XCTest
@testable import NavGraphScan
import NavGraphSynthetic

/// The scanner on hostile code and on mutated example sources: it ends, in bounded time, without
/// a crash, with what it could read (or the one no-routing error), and never an edge it invented.
/// `make test` runs the fixed seed; `NAVGRAPH_FUZZ_ROUNDS=N NAVGRAPH_FUZZ_SEED=S` runs longer (`make fuzz`).
final class ScannerFuzzTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-fuzz-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// A small RouterService app with `body` added as another file.
    static let app = """
        struct HomeRoute: Route { static let identifier = "home" }
        struct OtherRoute: Route { static let identifier = "other" }
        struct HomeFeature: Feature {
            func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
        }
        struct OtherFeature: Feature {
            func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
        }
        struct Handler: RouteHandler {
            var routes: [Route.Type] { [HomeRoute.self, OtherRoute.self] }
            func destination(of route: Route) -> Feature.Type { route is HomeRoute ? HomeFeature.self : OtherFeature.self }
        }
        """

    /// Scans `files` on another thread; fails when it takes longer than `seconds`.
    func scanBounded(_ files: [String: String], seconds: Double = 60, _ what: String) throws -> Result<ScanResult, Error>? {
        let root = dir + "/\(UUID().uuidString)"
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<ScanResult, Error>?
        let thread = Thread {
            result = Result { try SwiftSourceScanner().scan(paths: [root]) }
            done.signal()
        }
        thread.stackSize = 8 << 20  // the main thread's size: deep syntax is parsed recursively
        thread.start()
        if done.wait(timeout: .now() + seconds) == .timedOut {
            XCTFail("\(what): the scan did not end within \(seconds) s")
            return nil
        }
        return result
    }

    func hostile(_ name: String, _ body: String) throws -> ScanResult? {
        guard let r = try scanBounded(["Sources/App/App.swift": Self.app, "Sources/App/\(name).swift": body], name) else { return nil }
        switch r {
        case .success(let s): return s
        case .failure(let e): XCTFail("\(name): \(e)"); return nil
        }
    }

    func navigate(_ expr: String) -> String {
        "router.navigate(toRoute: \(expr), fromView: vc, presentationStyle: Push(), animated: true)"
    }

    func edges(_ r: ScanResult?) -> [String] { r.map(StyleScan.edges) ?? ["(no result)"] }

    func testMutualRecursionIsUnknownNotAHang() throws {
        let r = try hostile("Recursion", """
            extension HomeFeature {
                func a(_ n: Int) -> Route { n > 0 ? b(n - 1) : a(n) }
                func b(_ n: Int) -> Route { a(n + 1) }
                func go() { \(navigate("a(3)")) }
            }
            """)
        XCTAssertEqual(edges(r), [])
        XCTAssertTrue(r?.diagnostics.contains { $0.message.contains("navigate-unresolved") } ?? false, "\(r?.diagnostics ?? [])")
        XCTAssertEqual(r?.registry.unfollowed.filter { $0.kind == .navigate }.count, 1)
    }

    func testSelfReferentialLazyAndClosureProperties() throws {
        let r = try hostile("SelfRef", """
            extension HomeFeature {
                lazy var route: Route = { self.route }()
                var make: () -> Route = { make() }
                var loop: Route { loop }
                func go() {
                    \(navigate("route"))
                    \(navigate("make()"))
                    \(navigate("loop"))
                }
            }
            """)
        XCTAssertEqual(edges(r), [])
        XCTAssertEqual(r?.registry.unfollowed.filter { $0.kind == .navigate }.count, 3)
    }

    /// Wrappers that fan out: each of six levels calls the one below from ten places, so the route
    /// reaches the navigate call along a million paths, each within the depth bound. The value flow
    /// stops at its step budget for the call (`ValueResolver.maxSteps`): the route it met on the way
    /// is an edge, the rest a miss that says why, and the scan ends in bounded time.
    func testAWrapperFanOutStopsAtTheStepBudget() throws {
        var body = "extension HomeFeature {\n    func w0(_ r: Route) { \(navigate("r")) }\n"
        for k in 1...6 { body += "    func w\(k)(_ r: Route) { " + (0..<10).map { _ in "w\(k - 1)(r)" }.joined(separator: "; ") + " }\n" }
        body += "    func go() { w6(HomeRoute()) }\n}\n"
        let r = try hostile("FanOut", body)
        XCTAssertEqual(edges(r), ["HomeFeature -> home"])
        XCTAssertTrue("\(r?.explanations ?? [])".contains("steps of following values for one call"), "\(r?.explanations ?? [])")
    }

    /// Closures over collections nested in closures over collections (`$0` of an outer closure inside
    /// the collection an inner one runs over): each `$0` is its own closure's, and the scan ends.
    func testNestedCollectionClosuresEnd() throws {
        let r = try hostile("Nested", """
            extension HomeFeature {
                var groups: [[Route]] { [[HomeRoute()], [OtherRoute()]] }
                func go() {
                    groups.forEach { $0.forEach { \(navigate("$0")) } }
                    groups.map { $0.filter { _ in true }.map { $0 } }.forEach { $0.forEach { \(navigate("$0")) } }
                }
            }
            """)
        XCTAssertNotNil(r)
    }

    /// A chain of 20 `map`s whose closures each read `$0` four times: read naively each `$0` re-reads the
    /// chain before it (4^20 steps); the scan's work per expression is bounded, so it ends.
    func testAChainOfMapsReadingTheirElementManyTimesEnds() throws {
        let chain = (0..<20).reduce("[HomeRoute()]") { e, _ in "\(e).map { [$0, $0, $0, $0].first! }" }
        let r = try hostile("Chain", """
            extension HomeFeature {
                func go() { \(chain).forEach { \(navigate("$0")) } }
            }
            """)
        XCTAssertNotNil(r)
    }

    func testATenThousandCaseSwitchEnds() throws {
        let cases = (0..<10_000).map { "        case \($0): return \($0 % 2 == 0 ? "HomeRoute()" : "OtherRoute()")" }.joined(separator: "\n")
        let r = try hostile("Switch", """
            extension HomeFeature {
                func pick(_ i: Int) -> Route {
                    switch i {
            \(cases)
                    default: return HomeRoute()
                    }
                }
                func go() { \(navigate("pick(7)")) }
            }
            """)
        // Either followed (both routes) or unknown past a bound: never a hang, never a third route.
        XCTAssertTrue(Set(edges(r)).isSubset(of: ["HomeFeature -> home", "HomeFeature -> other"]), "\(edges(r))")
    }

    func testDeepNestingEnds() throws {
        let generic = String(repeating: "Box<", count: 300) + "HomeRoute" + String(repeating: ">", count: 300)
        let parens = String(repeating: "(", count: 500) + "HomeRoute()" + String(repeating: ")", count: 500)
        let r = try hostile("Deep", """
            struct Box<T> {}
            extension HomeFeature {
                var boxed: \(generic)? { nil }
                func go() { \(navigate(parens)) }
            }
            """)
        XCTAssertNotNil(r)
        XCTAssertTrue(Set(edges(r)).isSubset(of: ["HomeFeature -> home"]), "\(edges(r))")
    }

    func testSyntaxErrorsKeepTheRestOfTheFile() throws {
        let r = try hostile("Broken", """
            extension HomeFeature {
                func go() { \(navigate("OtherRoute()")) }
                func broken( { let = = ; }
            }}}
            class {
            """)
        XCTAssertEqual(edges(r), ["HomeFeature -> other"])
    }

    /// Every example app's sources, mutated: spans deleted, duplicated, swapped, cut short, and
    /// stray brackets and keywords inserted. Each scan ends without a crash and within its bound, and
    /// every edge it reports names a feature and a route of the mutated sources' own registry.
    func testMutatedExampleSourcesNeverCrashOrHang() throws {
        let budget = FuzzBudget.fromEnvironment()
        var rng = SplitMix(state: budget.seed(0xF022))
        let examples = ExampleAppsTests.examples
        let apps = ["VIPERShop", "CoordinatorApp", "SwiftUIRouter", "ProtocolRoutesApp", "FeatherweightApp", "ModuleFactoryApp", "ComponentsApp",
                    "ComponentsReadmeApp", "ModuleFactoryArticleApp", "FeatherweightReadmeApp", "ProtocolRoutesArticleApp", "MixedRoutingApp",
                    "RouteEnumApp"]
        var sources: [(app: String, files: [String: String])] = []
        for app in apps {
            var files: [String: String] = [:]
            let root = examples + "/" + app
            for case let path as String in FileManager.default.enumerator(atPath: root)! where path.hasSuffix(".swift") || path.hasSuffix("Package.swift") {
                files[path] = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            }
            sources.append((app, files))
        }
        var scanned = 0, noRouting = 0
        for round in 0..<budget.rounds(14) {
            let (app, original) = sources[round % sources.count]
            var files = original
            let swiftFiles = files.keys.filter { $0.hasSuffix(".swift") }.sorted()
            for _ in 0..<(1 + rng.int(4)) {
                let path = swiftFiles[rng.int(swiftFiles.count)]
                files[path] = Self.mutate(files[path]!, &rng)
            }
            guard let r = try scanBounded(files, "\(app) round \(round) (seed \(budget.seed(0xF022)))") else { continue }
            switch r {
            case .success(let result):
                scanned += 1
                let features = Set(result.registry.features.map(\.name))
                for f in result.registry.features {
                    XCTAssertTrue(features.contains(f.name))
                    for n in f.navigates where !n.route.isEmpty {
                        XCTAssertFalse(n.route.contains("\n"), "\(app) round \(round): an edge to '\(n.route)'")
                    }
                }
            case .failure(let e as InputError):
                // Only the one "no routing" error may end a scan of sources that still parse as files.
                XCTAssertTrue(e.diagnostics.contains { SwiftSourceScanner.isNoRouting($0) }, "\(app) round \(round): \(e)")
                noRouting += 1
            case .failure(let e):
                XCTFail("\(app) round \(round): \(e)")
            }
        }
        XCTAssertGreaterThan(scanned, noRouting, "the mutations should leave most apps with routing")
    }

    static func mutate(_ text: String, _ rng: inout SplitMix) -> String {
        var lines = text.components(separatedBy: "\n")
        guard !lines.isEmpty else { return text }
        let a = rng.int(lines.count), b = min(lines.count, a + 1 + rng.int(6))
        switch rng.int(7) {
        case 0: lines.removeSubrange(a..<b)
        case 1: lines.insert(contentsOf: lines[a..<b], at: rng.int(lines.count))
        case 2: lines.swapAt(a, rng.int(lines.count))
        case 3: lines = Array(lines.prefix(a))
        case 4: lines.insert(["{", "}", "(", ")", "[", "]", "case", "func", "#if", "\"", "/*", "let x = ", "<"][rng.int(13)], at: a)
        case 5:
            var chars = Array(lines[a])
            if !chars.isEmpty { chars.remove(at: rng.int(chars.count)) }
            lines[a] = String(chars)
        default: lines[a] = lines[a] + " " + lines[rng.int(lines.count)]
        }
        return lines.joined(separator: "\n")
    }
}

import Foundation
import NavGraphKit
import NavGraphSynthetic

// What the test targets share (one copy each): where the repository is, registries from text,
// the checks on a registry, the randomised tests' budget and their seeded generator. No XCTest
// here: this is a plain target, so it builds wherever the library does.

/// The repository's root folder (for Examples/ and the goldens' sources).
public let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
}()

public func examplePath(_ name: String) -> String { repositoryRoot.appendingPathComponent("Examples/\(name)").path }

/// Loads registry text; a registry that does not load fails the test with every diagnostic (the
/// thrown `InputError` lists them).
public func loadRegistry(_ yaml: String, file: String = "test.yml") throws -> Registry {
    try RegistryLoader().load(text: yaml, file: file)
}

/// The diagnostics a bad registry produces, as `line:col: message` strings.
public func loadErrors(_ yaml: String, file: String = "bad.yml") -> [String] {
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

public func runChecks(_ registry: Registry, options: CheckOptions = .init()) -> [Finding] {
    CheckRunner(options: options).run(NavGraph(registry: registry))
}

/// The randomised tests' budget (`FastReaderDifferentialTests`' mutation tests, the
/// `ModelConsistencyTests` property, `ScannerFuzzTests`). `make test` runs the fixed seeds and
/// round counts; `make fuzz` (or `NAVGRAPH_FUZZ_ROUNDS=N NAVGRAPH_FUZZ_SEED=S swift test --filter …`)
/// multiplies the rounds by N and mixes S into the seeds, so a long run explores new inputs;
/// `make fuzz` prints S first, and the same S and N repeat a failing run exactly.
public struct FuzzBudget: Sendable {
    public var multiplier = 1
    public var salt: UInt64 = 0

    public init() {}

    public static func fromEnvironment() -> FuzzBudget {
        let env = ProcessInfo.processInfo.environment
        var b = FuzzBudget()
        if let n = env["NAVGRAPH_FUZZ_ROUNDS"].flatMap({ Int($0) }), n > 0 { b.multiplier = n }
        if let s = env["NAVGRAPH_FUZZ_SEED"].flatMap({ UInt64($0) }) { b.salt = s }
        return b
    }

    public func rounds(_ base: Int) -> Int { base * multiplier }
    public func seed(_ base: UInt64) -> UInt64 { salt == 0 ? base : base ^ (salt &* 0x9E37_79B9_7F4A_7C15) }
}

/// The seeded generator of every randomised test: the synthetic registries' SplitMix64.
public typealias SplitMix = SyntheticRegistry.RNG

extension SyntheticRegistry.RNG {
    public init(seed: UInt64) { self.init(state: seed) }
}

/// The default scenario, then every combination of the registry's flags (none past the limit).
public func everyScenario(_ registry: Registry) -> [FlagScenario] {
    [.defaults(of: registry)] + (FlagScenario.allCombinations(of: registry) ?? [])
}

/// A registry decoded from a tape of numbers (so shrinking the tape shrinks the registry): a few
/// features `F0…` (some duplicated, with merged navigation), routes `r0…`, handlers, flags (some
/// decided at run time, some never declared), fallbacks (to a feature, itself, or an undeclared
/// name), entries (features, routes, an undeclared feature), and undeclared destinations `F90…`.
public struct RandomRegistry {
    public var tape: [Int]
    public var position = 0
    /// How many flags it may use (`flag0…`; some declared, some decided at run time).
    public var flagCounts: ClosedRange<Int>

    public init(tape: [Int], flags: ClosedRange<Int> = 0...3) {
        self.tape = tape
        self.flagCounts = flags
    }

    /// The next number below `n` (0 once the tape is used up).
    public mutating func next(_ n: Int) -> Int {
        guard position < tape.count, n > 0 else { return 0 }
        defer { position += 1 }
        return tape[position] % n
    }

    public var registry: Registry {
        var t = self
        let features = 2 + t.next(7), routes = 1 + t.next(7), flagCount = flagCounts.lowerBound + t.next(flagCounts.count)
        func feature(_ i: Int) -> String { "F\(i)" }
        func anyFeature(_ t: inout RandomRegistry) -> String { t.next(8) == 0 ? "F9\(t.next(2))" : feature(t.next(features)) }
        func anyRoute(_ t: inout RandomRegistry) -> String { "r\(t.next(routes + 1))" }  // r<routes> is undeclared
        var flags: [FeatureFlag] = []
        for i in 0..<flagCount where i < 2 || t.next(2) == 0 {  // flag2 may be used but never declared
            flags.append(FeatureFlag(name: "flag\(i)", defaultValue: t.next(2) == 0, runtime: t.next(4) == 0))
        }
        var decls: [Feature] = []
        for i in 0..<features {
            let enabled: Enablement
            switch t.next(6) {
            case 0: enabled = .never
            case 1: enabled = .runtime
            case 2, 3: enabled = .flag("flag\(t.next(max(flagCount, 1)))")
            default: enabled = .always
            }
            let fallback: String? = t.next(2) == 0 ? anyFeature(&t) : nil
            var navigates: [Navigation] = []
            for _ in 0..<t.next(4) { navigates.append(Navigation(route: anyRoute(&t), style: t.next(3) == 0 ? "modal" : nil)) }
            decls.append(Feature(name: feature(i), enabled: enabled, fallback: fallback, navigates: navigates))
            if t.next(8) == 0 {  // a duplicate declaration: its navigation is merged
                decls.append(Feature(name: feature(i), enabled: enabled, fallback: fallback, navigates: [Navigation(route: anyRoute(&t))]))
            }
        }
        let routeDecls = (0..<routes).map { Route(id: "r\($0)") }
        var handlers: [RouteHandler] = []
        for h in 0..<(1 + t.next(2)) {
            var mappings: [RouteHandler.Mapping] = []
            for r in 0..<routes where t.next(3) != 0 { mappings.append(.init(route: "r\(r)", feature: anyFeature(&t))) }
            handlers.append(RouteHandler(name: "H\(h)", routes: mappings))
        }
        var entries: [Entry] = [Entry(target: t.next(4) == 0 ? .route(anyRoute(&t)) : .feature(anyFeature(&t)))]
        if t.next(3) == 0 { entries.append(Entry(target: t.next(2) == 0 ? .route(anyRoute(&t)) : .feature(anyFeature(&t)))) }
        return Registry(entries: entries, flags: flags, routes: routeDecls, handlers: handlers, features: decls)
    }
}

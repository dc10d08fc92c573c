import NavGraphKit

/// A deterministic synthetic app registry for benchmarks: the same (features, modules, seed)
/// always gives the same registry, byte for byte, on every machine.
///
/// Shape, chosen to look like a big modular RouterService app rather than a random graph:
/// - an `App` module with `MainTabFeature` (an entry feature) and five tab features behind
///   `tab_N` routes (two of them also entry routes);
/// - every other module has a root screen opened from one tab, an `…UnavailableFeature` (the
///   module's fallback screen) and screens in deep stacks (each opened by a screen a few levels up);
/// - shared screens (about one in 200) opened from many places, back edges to an ancestor, and
///   links across modules;
/// - flag-gated (`flag:NAME`, one flag in five off by default) and `runtime` features, most with a
///   fallback, a few without (`missing-fallback`);
/// - dependency layers: core services, then three services per module that need core services and
///   services of lower modules (a DAG), lazy references upwards, and a few deliberate non-lazy cycles;
/// - a few orphan screens (unreachable), unhandled routes and misspelt dependencies, so every core
///   result is non-empty.
/// About 5 edges per feature: 100k features ≈ 500k edges.
///
/// `Shape` varies what the bench draws from families (scripts/bench.sh): how many screens are
/// gated, how many references dangle, how many flags, how deep or wide the stacks are, and whether
/// fallbacks are ordinary screens with screens of their own. The default shape is the registry
/// above, byte for byte (its extra randomness comes from a second generator, so the first one's
/// sequence is the same).
public struct SyntheticRegistry: Sendable {
    /// How screens open each other within a module.
    public enum Stacks: String, Sendable, CaseIterable {
        /// Each screen opened by one of the three before it (the default).
        case mixed
        /// Each screen opened by the one before it: one chain as deep as the module.
        case chains
        /// Each screen opened by the module's root or one of a few hubs: wide and shallow.
        case fans
    }

    public struct Shape: Sendable, Equatable {
        /// Flags declared (nil: features / 500, at least 2).
        public var flags: Int?
        /// Per mille of screens gated (flag, runtime or `enabled: false`, in the default's
        /// proportions 40 : 10 : 1).
        public var gatedPerMille = 51
        /// Per mille of screens with a reference to a name nobody declares (a route navigated to,
        /// a handler's feature, a flag, a fallback): half near misses of a declared name, half
        /// names unlike any.
        public var danglingPerMille = 0
        public var stacks = Stacks.mixed
        /// Per mille of gated screens whose fallback is another ordinary screen of the module
        /// (which opens screens of its own) instead of the module's `…Unavailable` leaf.
        public var screenFallbackPerMille = 0

        public init(
            flags: Int? = nil, gatedPerMille: Int = 51, danglingPerMille: Int = 0, stacks: Stacks = .mixed,
            screenFallbackPerMille: Int = 0
        ) {
            self.flags = flags
            self.gatedPerMille = gatedPerMille
            self.danglingPerMille = danglingPerMille
            self.stacks = stacks
            self.screenFallbackPerMille = screenFallbackPerMille
        }
    }

    public let featureCount: Int
    public let moduleCount: Int
    public let seed: UInt64
    public let shape: Shape
    public private(set) var registry = Registry()
    /// Module names, by index.
    public private(set) var moduleNames: [String] = []

    public init(features: Int, modules: Int? = nil, seed: UInt64 = 1, shape: Shape = Shape()) {
        self.shape = shape
        let n = max(features, 16)
        featureCount = n
        // App takes 6 features; every module needs a root and an unavailable screen at least.
        let wanted = modules ?? max(1, n / 100)
        moduleCount = max(1, min(wanted, (n - 6) / 3))
        self.seed = seed
        generate()
    }

    // MARK: - Deterministic randomness (SplitMix64: tiny, portable, same sequence everywhere)

    /// Also the tests' shuffling generator (a `RandomNumberGenerator`).
    /// SplitMix64: the generator's (and the fuzz tests') deterministic random source.
    public struct RNG: RandomNumberGenerator, Sendable {
        public var state: UInt64
        public init(state: UInt64) { self.state = state }
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        public mutating func int(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
        public mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }
    }

    // MARK: - Names

    static func pad(_ i: Int, _ width: Int) -> String {
        let s = String(i)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
    private var mw: Int { String(moduleCount).count }
    public func moduleName(_ m: Int) -> String { "Mod\(Self.pad(m, mw))" }

    // MARK: - Generation

    /// The registry, drawn stage by stage (`Generation`).
    private mutating func generate() {
        moduleNames = (0..<moduleCount).map { moduleName($0) }
        var g = Generation(featureCount: featureCount, moduleNames: moduleNames, seed: seed, shape: shape)
        g.addFlags()
        g.addCoreServices()
        g.addModuleServices()
        g.drawScreenTree()
        g.addAppModule()
        for mod in 0..<moduleCount { g.addModule(mod) }
        registry = g.reg
    }

    /// Total edges the graph will have (navigates + routesTo + fallback + requires).
    public var edgeCount: Int {
        var n = 0
        for f in registry.features { n += f.navigates.count + f.dependencies.count + (f.fallback == nil ? 0 : 1) }
        for h in registry.handlers { n += h.routes.count }
        for b in registry.dependencies { n += b.dependencies.count }
        return n
    }
}

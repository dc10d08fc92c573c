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

    private static func pad(_ i: Int, _ width: Int) -> String {
        let s = String(i)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
    private var mw: Int { String(moduleCount).count }
    public func moduleName(_ m: Int) -> String { "Mod\(Self.pad(m, mw))" }
    private func screenWidth(_ count: Int) -> Int { String(count).count }

    // MARK: - Generation

    private mutating func generate() {
        var rng = RNG(state: seed &* 0x2545_F491_4F6C_DD1D &+ 0x1234_5678)
        // The shape's own draws: the default shape never uses it, so `rng`'s sequence is unchanged.
        var extra = RNG(state: seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x5EED)
        var reg = Registry(app: "SyntheticApp")
        let m = moduleCount
        let perModuleTotal = featureCount - 6
        // Screens per module: spread the rest evenly, the first modules take the remainder.
        let sizes = (0..<m).map { perModuleTotal / m + ($0 < perModuleTotal % m ? 1 : 0) }
        let sw = screenWidth(sizes.max() ?? 1)
        moduleNames = (0..<m).map { moduleName($0) }
        func feature(_ mod: Int, _ j: Int) -> String {
            j == 1 ? "\(moduleNames[mod])UnavailableFeature" : "\(moduleNames[mod])S\(Self.pad(j, sw))Feature"
        }
        func route(_ mod: Int, _ j: Int) -> String { "\(moduleNames[mod].lowercased())_s\(Self.pad(j, sw))" }
        func routeType(_ mod: Int, _ j: Int) -> String { "\(moduleNames[mod])S\(Self.pad(j, sw))Route" }

        // Flags: one in five off by default.
        let flagCount = max(1, shape.flags ?? max(2, featureCount / 500))
        let fw = String(flagCount).count
        let flags = (0..<flagCount).map { "flag_\(Self.pad($0, fw))" }
        reg.flags = flags.enumerated().map { FeatureFlag(name: $1, defaultValue: $0 % 5 != 0) }
        reg.provided = [ProvidedDependency(name: "RouterServiceProtocol")]

        // Dependencies: core layer, then three services per module.
        let coreCount = 8
        let core = (0..<coreCount).map { "CoreService\($0)Protocol" }
        for k in 0..<coreCount {
            var needs: [DependencyRef] = []
            for j in 0..<k where rng.chance(0.3) { needs.append(DependencyRef(name: core[j])) }
            reg.dependencies.append(DependencyBinding(
                protocol: core[k], implementation: "CoreService\(k)", module: "Core", dependencies: needs))
        }
        func service(_ mod: Int, _ k: Int) -> String { "\(moduleNames[mod])Service\(k)Protocol" }
        var serviceNeeds: [[[DependencyRef]]] = Array(repeating: Array(repeating: [], count: 3), count: m)
        for mod in 0..<m {
            for k in 0..<3 {
                var needs: [DependencyRef] = [DependencyRef(name: core[rng.int(coreCount)])]
                if rng.chance(0.5) { needs.append(DependencyRef(name: core[rng.int(coreCount)])) }
                if k > 0 { needs.append(DependencyRef(name: service(mod, k - 1))) }  // within a module: 2 → 1 → 0
                if mod > 0 && rng.chance(0.3) { needs.append(DependencyRef(name: service(rng.int(mod), rng.int(3)))) }
                if mod + 1 < m && rng.chance(0.05) {
                    needs.append(DependencyRef(name: service(mod + 1 + rng.int(m - mod - 1), rng.int(3)), lazy: true))
                }
                serviceNeeds[mod][k] = needs
            }
        }
        // A few non-lazy cycles: 0 → 2 inside a module closes 2 → 1 → 0; and pairs across modules.
        let cycles = max(1, min(6, m / 20))
        for c in 0..<cycles {
            let mod = rng.int(m)
            if c % 2 == 0 || m < 2 {
                serviceNeeds[mod][0].append(DependencyRef(name: service(mod, 2)))
            } else {
                let other = (mod + 1 + rng.int(m - 1)) % m
                serviceNeeds[mod][1].append(DependencyRef(name: service(other, 1)))
                serviceNeeds[other][1].append(DependencyRef(name: service(mod, 1)))
            }
        }
        // One implementation needs a protocol nobody registers.
        serviceNeeds[m / 2][0].append(DependencyRef(name: "AnalyticsTrackerProtocol"))
        for mod in 0..<m {
            for k in 0..<3 {
                // Exact duplicate references collapse; keep the list tidy.
                var seen = Set<String>()
                let needs = serviceNeeds[mod][k].filter { seen.insert("\($0.name)|\($0.lazy)").inserted }
                reg.dependencies.append(DependencyBinding(
                    protocol: service(mod, k), implementation: "\(moduleNames[mod])Service\(k)",
                    module: moduleNames[mod], dependencies: needs))
            }
        }

        // Module screens: parents, shared screens, gating.
        var parent: [[Int]] = []
        for mod in 0..<m {
            var p = Array(repeating: -1, count: sizes[mod])
            for j in 2..<max(2, sizes[mod]) {
                let candidate = j - 1 - rng.int(3)
                switch shape.stacks {
                case .mixed: p[j] = candidate < 2 ? 0 : candidate
                case .chains: p[j] = j == 2 ? 0 : j - 1
                case .fans:
                    // The root and up to eight hubs (its first screens) open everything else.
                    let hubs = min(8, max(0, sizes[mod] - 2))
                    p[j] = j < 2 + hubs ? 0 : 2 + extra.int(hubs)
                }
                if rng.chance(0.003) { p[j] = -1 }  // orphan: nothing opens it
            }
            parent.append(p)
        }
        var shared: [(Int, Int)] = []
        for _ in 0..<max(5, featureCount / 200) {
            let mod = rng.int(m)
            if sizes[mod] > 2 { shared.append((mod, 2 + rng.int(sizes[mod] - 2))) }
        }
        if shared.isEmpty { shared.append((0, 0)) }

        let children: [[[Int]]] = parent.map { p in
            var c = Array(repeating: [Int](), count: p.count)
            for (j, pj) in p.enumerated() where pj >= 0 { c[pj].append(j) }
            return c
        }

        // App module.
        let tabs = 5
        reg.entries.append(Entry(target: .feature("MainTabFeature")))
        var appHandler = RouteHandler(name: "AppTabRouteHandler", module: "App")
        var tabNavigates: [[Navigation]] = Array(repeating: [], count: tabs)
        for mod in 0..<m { tabNavigates[mod % tabs].append(Navigation(route: route(mod, 0))) }
        for t in 0..<tabs {
            reg.routes.append(Route(id: "tab_\(t)", type: "Tab\(t)Route", module: "AppInterface"))
            appHandler.routes.append(.init(route: "tab_\(t)", feature: "Tab\(t)Feature"))
            if t < 2 { reg.entries.append(Entry(target: .route("tab_\(t)"))) }
            reg.deeplinks.append(DeepLink(url: "app://tab/\(t)", route: "tab_\(t)"))
            reg.features.append(Feature(
                name: "Tab\(t)Feature", module: "App", dependencies: [DependencyRef(name: "RouterServiceProtocol")],
                navigates: tabNavigates[t]))
        }
        reg.handlers.append(appHandler)
        reg.features.append(Feature(
            name: "MainTabFeature", module: "App", dependencies: [DependencyRef(name: core[0])],
            navigates: (0..<tabs).map { Navigation(route: "tab_\($0)") }))

        // A reference to a name nobody declares: half near misses of a declared name (a character
        // dropped, doubled or changed), half names unlike any.
        var danglingCount = 0
        func dangling(_ near: String) -> String {
            danglingCount += 1
            if extra.chance(0.5) {
                var chars = Array(near)
                let at = extra.int(chars.count)
                switch extra.int(3) {
                case 0: chars.remove(at: at)
                case 1: chars.insert(chars[at], at: at)
                default: chars[at] = chars[at] == "x" ? "q" : "x"
                }
                return String(chars)
            }
            let words = ["legacy", "promo", "onboarding", "settings", "wallet", "inbox", "share", "review", "order", "coupon"]
            return "\(words[extra.int(words.count)])_\(words[extra.int(words.count)])_v\(danglingCount)"
        }
        func dangle(_ f: inout Feature, mod: Int, j: Int) {
            switch extra.int(4) {
            case 0, 1: f.navigates.append(Navigation(route: dangling(route(mod, j))))
            case 2:
                if case .flag(let flag) = f.enabled { f.enabled = .flag(dangling(flag)) } else {
                    f.navigates.append(Navigation(route: dangling(route(mod, max(0, j - 1)))))
                }
            default:
                if f.fallback != nil { f.fallback = dangling(feature(mod, 1)) } else {
                    f.navigates.append(Navigation(route: dangling(route(mod, 0))))
                }
            }
        }

        for mod in 0..<m {
            let name = moduleNames[mod]
            var handler = RouteHandler(name: "\(name)RouteHandler", module: name)
            for j in 0..<sizes[mod] {
                let fname = feature(mod, j)
                reg.routes.append(Route(
                    id: route(mod, j), type: routeType(mod, j), module: "\(name)Interface",
                    parameters: j % 50 == 7 ? [.init(name: "itemId", type: "String")] : []))
                if j == 0 || j == 1 || !rng.chance(0.001) {
                    handler.routes.append(.init(route: route(mod, j), feature: fname))
                }  // else: an unhandled route
                var f = Feature(name: fname, module: name)
                var nav: [Navigation] = children[mod][j].map { Navigation(route: route(mod, $0)) }
                if j >= 2 {
                    if rng.chance(0.3), parent[mod][j] >= 0 {
                        let up = parent[mod][parent[mod][j]]
                        nav.append(Navigation(route: route(mod, up >= 0 ? up : 0)))  // back edge
                    }
                    if rng.chance(0.6) {
                        // Skewed: a few shared screens are opened from very many places.
                        let u = Double(rng.next() >> 11) / Double(1 << 53)
                        let s = shared[min(shared.count - 1, Int(u * u * Double(shared.count)))]
                        if !(s.0 == mod && s.1 == j) {
                            nav.append(Navigation(route: route(s.0, s.1), style: rng.chance(0.3) ? "modal" : nil))
                        }
                    }
                    if m > 1 && rng.chance(0.15) {
                        let other = rng.int(m)
                        if sizes[other] > 2 { nav.append(Navigation(route: route(other, 2 + rng.int(sizes[other] - 2)))) }
                    }
                    let g = Int(rng.next() % 1000)
                    let gated = shape.gatedPerMille, flagged = gated * 40 / 51
                    func fallback() -> String {
                        guard shape.screenFallbackPerMille > 0, sizes[mod] > 3,
                              extra.int(1000) < shape.screenFallbackPerMille else { return feature(mod, 1) }
                        // Another screen of the module, not this one.
                        let other = 2 + extra.int(sizes[mod] - 3)
                        return feature(mod, other >= j ? other + 1 : other)
                    }
                    if g < flagged {
                        f.enabled = .flag(flags[rng.int(flagCount)])
                        if g < flagged * 34 / 40 { f.fallback = fallback() }  // else: missing-fallback
                    } else if g < flagged + gated * 10 / 51 {
                        f.enabled = .runtime
                        f.fallback = fallback()
                    } else if g < gated {
                        f.enabled = .never
                        f.fallback = fallback()
                    }
                    if shape.danglingPerMille > 0, extra.int(1000) < shape.danglingPerMille {
                        dangle(&f, mod: mod, j: j)
                    }
                }
                var seenRoutes = Set<String>()
                f.navigates = (nav + f.navigates).filter { seenRoutes.insert($0.route).inserted }
                var deps = [DependencyRef(name: service(mod, rng.int(3)))]
                if rng.chance(0.5) { deps.append(DependencyRef(name: core[rng.int(coreCount)])) }
                if rng.chance(0.5) { deps.append(DependencyRef(name: "RouterServiceProtocol")) }
                if j >= 2 && rng.chance(0.002) {
                    // A misspelt protocol: missing-dependency with a "did you mean".
                    var typo = service(mod, rng.int(3))
                    typo.remove(at: typo.index(typo.endIndex, offsetBy: -2))
                    deps.append(DependencyRef(name: typo))
                }
                var seenDeps = Set<String>()
                f.dependencies = deps.filter { seenDeps.insert($0.name).inserted }
                reg.features.append(f)
                if j % 100 == 3 {
                    reg.deeplinks.append(DeepLink(url: "app://\(name.lowercased())/\(j)", route: route(mod, j)))
                }
            }
            reg.handlers.append(handler)
        }
        registry = reg
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

import NavGraphKit

extension SyntheticRegistry {
    /// One generation, stage by stage in the order the registry is drawn (the order of the random
    /// draws is the registry: every stage draws from `rng` exactly as it always has, and the
    /// shape's own draws come from `extra`, so the default shape's sequence never changes).
    struct Generation {
        let shape: Shape
        let featureCount: Int
        let moduleNames: [String]
        /// Screens per module, and the width of their numbers.
        let sizes: [Int]
        let screenWidth: Int
        var rng: RNG
        /// The shape's own draws.
        var extra: RNG
        var reg = Registry(app: "SyntheticApp")
        var flags: [String] = []
        let core = (0..<8).map { "CoreService\($0)Protocol" }
        /// Per module, per screen: the screen that opens it (-1: none), and the screens it opens.
        var parent: [[Int]] = []
        var children: [[[Int]]] = []
        /// Screens opened from many places: (module, screen).
        var shared: [(Int, Int)] = []
        var danglingCount = 0

        var m: Int { moduleNames.count }

        init(featureCount: Int, moduleNames: [String], seed: UInt64, shape: Shape) {
            self.shape = shape
            self.featureCount = featureCount
            self.moduleNames = moduleNames
            rng = RNG(state: seed &* 0x2545_F491_4F6C_DD1D &+ 0x1234_5678)
            extra = RNG(state: seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x5EED)
            let m = moduleNames.count, perModuleTotal = featureCount - 6
            // Screens per module: spread the rest evenly, the first modules take the remainder.
            sizes = (0..<m).map { perModuleTotal / m + ($0 < perModuleTotal % m ? 1 : 0) }
            screenWidth = String(sizes.max() ?? 1).count
        }

        // MARK: names

        func feature(_ mod: Int, _ j: Int) -> String {
            j == 1 ? "\(moduleNames[mod])UnavailableFeature" : "\(moduleNames[mod])S\(SyntheticRegistry.pad(j, screenWidth))Feature"
        }
        func route(_ mod: Int, _ j: Int) -> String { "\(moduleNames[mod].lowercased())_s\(SyntheticRegistry.pad(j, screenWidth))" }
        func routeType(_ mod: Int, _ j: Int) -> String { "\(moduleNames[mod])S\(SyntheticRegistry.pad(j, screenWidth))Route" }
        func service(_ mod: Int, _ k: Int) -> String { "\(moduleNames[mod])Service\(k)Protocol" }

        // MARK: stages

        /// Flags, one in five off by default, and the router every feature may need.
        mutating func addFlags() {
            let flagCount = max(1, shape.flags ?? max(2, featureCount / 500))
            let fw = String(flagCount).count
            flags = (0..<flagCount).map { "flag_\(SyntheticRegistry.pad($0, fw))" }
            reg.flags = flags.enumerated().map { FeatureFlag(name: $1, defaultValue: $0 % 5 != 0) }
            reg.provided = [ProvidedDependency(name: "RouterServiceProtocol")]
        }

        /// The core layer: each core service may need the ones before it.
        mutating func addCoreServices() {
            for k in core.indices {
                var needs: [DependencyRef] = []
                for j in 0..<k where rng.chance(0.3) { needs.append(DependencyRef(name: core[j])) }
                reg.dependencies.append(DependencyBinding(
                    protocol: core[k], implementation: "CoreService\(k)", module: "Core", dependencies: needs))
            }
        }

        /// Three services per module: core services, the module's service below, services of lower
        /// modules, rarely a lazy one of a higher module; then a few non-lazy cycles and one
        /// protocol nobody registers.
        mutating func addModuleServices() {
            var serviceNeeds: [[[DependencyRef]]] = Array(repeating: Array(repeating: [], count: 3), count: m)
            for mod in 0..<m {
                for k in 0..<3 {
                    var needs: [DependencyRef] = [DependencyRef(name: core[rng.int(core.count)])]
                    if rng.chance(0.5) { needs.append(DependencyRef(name: core[rng.int(core.count)])) }
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
        }

        /// Who opens each module screen (`shape.stacks`, a few orphans), the shared screens, and
        /// each screen's children.
        mutating func drawScreenTree() {
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
            for _ in 0..<max(5, featureCount / 200) {
                let mod = rng.int(m)
                if sizes[mod] > 2 { shared.append((mod, 2 + rng.int(sizes[mod] - 2))) }
            }
            if shared.isEmpty { shared.append((0, 0)) }
            children = parent.map { p in
                var c = Array(repeating: [Int](), count: p.count)
                for (j, pj) in p.enumerated() where pj >= 0 { c[pj].append(j) }
                return c
            }
        }

        /// The `App` module: `MainTabFeature` (an entry) and five tab features behind `tab_N`
        /// routes, each tab opening the root screens of every fifth module.
        mutating func addAppModule() {
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
        }

        /// Module `mod`'s screens: per screen its route, the handler's mapping (rarely none), the
        /// feature with what it opens, its gating and its dependencies; then the module's handler.
        mutating func addModule(_ mod: Int) {
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
                    nav += extraNavigations(mod, j)
                    gate(&f, mod, j)
                    if shape.danglingPerMille > 0, extra.int(1000) < shape.danglingPerMille {
                        dangle(&f, mod: mod, j: j)
                    }
                }
                var seenRoutes = Set<String>()
                f.navigates = (nav + f.navigates).filter { seenRoutes.insert($0.route).inserted }
                f.dependencies = screenDependencies(mod, j)
                reg.features.append(f)
                if j % 100 == 3 {
                    reg.deeplinks.append(DeepLink(url: "app://\(name.lowercased())/\(j)", route: route(mod, j)))
                }
            }
            reg.handlers.append(handler)
        }

        // MARK: one screen

        /// What a deep screen (`j >= 2`) opens besides its children: a back edge to an ancestor,
        /// a shared screen (skewed: a few are opened from very many places), a screen of another module.
        mutating func extraNavigations(_ mod: Int, _ j: Int) -> [Navigation] {
            var nav: [Navigation] = []
            if rng.chance(0.3), parent[mod][j] >= 0 {
                let up = parent[mod][parent[mod][j]]
                nav.append(Navigation(route: route(mod, up >= 0 ? up : 0)))  // back edge
            }
            if rng.chance(0.6) {
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
            return nav
        }

        /// Gating, in the proportions flag : runtime : never = 40 : 10 : 1 of `shape.gatedPerMille`;
        /// most flag-gated screens and every other gated one get a fallback.
        mutating func gate(_ f: inout Feature, _ mod: Int, _ j: Int) {
            let g = Int(rng.next() % 1000)
            let gated = shape.gatedPerMille, flagged = gated * 40 / 51
            if g < flagged {
                f.enabled = .flag(flags[rng.int(flags.count)])
                if g < flagged * 34 / 40 { f.fallback = fallback(mod, j) }  // else: missing-fallback
            } else if g < flagged + gated * 10 / 51 {
                f.enabled = .runtime
                f.fallback = fallback(mod, j)
            } else if g < gated {
                f.enabled = .never
                f.fallback = fallback(mod, j)
            }
        }

        /// A gated screen's fallback: the module's `…Unavailable` leaf, or (`shape.screenFallbackPerMille`)
        /// another ordinary screen of the module.
        mutating func fallback(_ mod: Int, _ j: Int) -> String {
            guard shape.screenFallbackPerMille > 0, sizes[mod] > 3,
                  extra.int(1000) < shape.screenFallbackPerMille else { return feature(mod, 1) }
            // Another screen of the module, not this one.
            let other = 2 + extra.int(sizes[mod] - 3)
            return feature(mod, other >= j ? other + 1 : other)
        }

        /// A screen's dependencies: one of its module's services, maybe a core service and the
        /// router, rarely a misspelt protocol (missing-dependency with a "did you mean").
        mutating func screenDependencies(_ mod: Int, _ j: Int) -> [DependencyRef] {
            var deps = [DependencyRef(name: service(mod, rng.int(3)))]
            if rng.chance(0.5) { deps.append(DependencyRef(name: core[rng.int(core.count)])) }
            if rng.chance(0.5) { deps.append(DependencyRef(name: "RouterServiceProtocol")) }
            if j >= 2 && rng.chance(0.002) {
                var typo = service(mod, rng.int(3))
                typo.remove(at: typo.index(typo.endIndex, offsetBy: -2))
                deps.append(DependencyRef(name: typo))
            }
            var seenDeps = Set<String>()
            return deps.filter { seenDeps.insert($0.name).inserted }
        }

        /// A reference to a name nobody declares: half near misses of a declared name (a character
        /// dropped, doubled or changed), half names unlike any.
        mutating func dangling(_ near: String) -> String {
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

        /// One dangling reference on `f`: a route navigated to, its flag, or its fallback.
        mutating func dangle(_ f: inout Feature, mod: Int, j: Int) {
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
    }
}

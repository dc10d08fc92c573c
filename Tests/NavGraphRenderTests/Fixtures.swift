import Foundation
import NavGraphKit

/// Registries for the render tests: a small app with every kind of problem, and a generator of
/// app-shaped registries of any size (modules, a tree of screens with cross links, routes,
/// handlers, dependencies), deterministic for a seed.
enum Fixtures {
    /// A small shop app: entry Home, a disabled feature without fallback, an unreachable screen,
    /// an unhandled route, a dependency cycle (one side lazy elsewhere).
    static func shop() -> (Registry, [Finding]) {
        let loc = { (line: Int) in ElementOrigin(registry: SourceLocation(file: "shop.yml", line: line, column: 3)) }
        let r = Registry(
            app: "Shop",
            entries: [Entry(target: .feature("Home"))],
            flags: [FeatureFlag(name: "newCheckout", defaultValue: false)],
            routes: [
                Route(id: "product", module: "Catalog", origin: loc(10)), Route(id: "cart", module: "Checkout", origin: loc(11)),
                Route(id: "checkout", module: "Checkout", origin: loc(12)), Route(id: "help", origin: loc(13)),
                Route(id: "legacyCheckout", module: "Checkout", origin: loc(14)),
            ],
            handlers: [
                RouteHandler(name: "CatalogHandler", module: "Catalog", routes: [.init(route: "product", feature: "ProductDetail")]),
                RouteHandler(name: "CheckoutHandler", module: "Checkout", routes: [
                    .init(route: "cart", feature: "Cart"), .init(route: "checkout", feature: "NewCheckout"),
                    .init(route: "legacyCheckout", feature: "LegacyCheckout"),
                ]),
            ],
            features: [
                Feature(name: "Home", module: "App", dependencies: [DependencyRef(name: "Analytics")],
                        navigates: [Navigation(route: "product", style: "push"), Navigation(route: "cart", style: "modal"),
                                    Navigation(route: "help")], origin: loc(20)),
                Feature(name: "ProductDetail", module: "Catalog", dependencies: [DependencyRef(name: "CatalogAPI")],
                        navigates: [Navigation(route: "cart")], origin: loc(25)),
                Feature(name: "Cart", module: "Checkout", navigates: [Navigation(route: "checkout")], origin: loc(30)),
                Feature(name: "NewCheckout", module: "Checkout", enabled: .flag("newCheckout"), fallback: nil, origin: loc(35)),
                Feature(name: "LegacyCheckout", module: "Checkout", enabled: .never, origin: loc(40)),
                Feature(name: "Orphan", module: "Catalog", origin: loc(45)),
            ],
            dependencies: [
                DependencyBinding(protocol: "Analytics", module: "App", dependencies: [DependencyRef(name: "CatalogAPI")]),
                DependencyBinding(protocol: "CatalogAPI", module: "Catalog", dependencies: [DependencyRef(name: "Analytics")]),
            ])
        let findings = [
            Finding(ruleID: "unreachable-feature", severity: .warning, message: "Orphan is never reached",
                    location: SourceLocation(file: "shop.yml", line: 45, column: 3), subject: "Orphan", elements: ["Orphan"]),
            Finding(ruleID: "missing-fallback", severity: .error, message: "NewCheckout can be disabled and has no fallback",
                    location: SourceLocation(file: "shop.yml", line: 35, column: 3), subject: "NewCheckout", elements: ["NewCheckout"]),
            Finding(ruleID: "disabled-feature", severity: .warning, message: "LegacyCheckout is always disabled",
                    location: SourceLocation(file: "shop.yml", line: 40, column: 3), subject: "LegacyCheckout", elements: ["LegacyCheckout"]),
            Finding(ruleID: "unhandled-route", severity: .error, message: "no handler claims 'help'",
                    location: SourceLocation(file: "shop.yml", line: 13, column: 3), subject: "help", elements: ["help"]),
            Finding(ruleID: "dependency-cycle", severity: .error, message: "Analytics -> CatalogAPI -> Analytics",
                    location: nil, subject: "Analytics", elements: ["Analytics", "CatalogAPI"]),
        ]
        return (r, findings)
    }

    /// An app-shaped registry: `features` screens in `modules` modules, a tree of navigation
    /// (each screen opens its children) plus `crossLinks` extra links per 10 screens, one route
    /// and one handler mapping per screen, a dependency per module.
    static func synthetic(features: Int, modules: Int = 20, crossLinks: Int = 5, seed: UInt64 = 1) -> Registry {
        var rng = seed &* 6364136223846793005 &+ 1442695040888963407
        func next(_ n: Int) -> Int {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Int((rng >> 33) % UInt64(max(n, 1)))
        }
        func module(_ i: Int) -> String { "Module\(i * modules / max(features, 1))" }
        var feats: [Feature] = []
        var routes: [Route] = []
        var handlers: [String: RouteHandler] = [:]
        for i in 0..<features {
            var nav: [Navigation] = []
            for c in [2 * i + 1, 2 * i + 2] where c < features { nav.append(Navigation(route: "route\(c)", style: "push")) }
            if next(10) < crossLinks { nav.append(Navigation(route: "route\(next(features))", style: "modal")) }
            let enabled: Enablement = next(50) == 0 ? .flag("flag\(next(5))") : .always
            feats.append(Feature(name: "Screen\(i)", module: module(i), enabled: enabled,
                                 fallback: enabled == .always ? nil : "Screen0",
                                 dependencies: [DependencyRef(name: "Service\(module(i))")], navigates: nav))
            routes.append(Route(id: "route\(i)", module: module(i)))
            let h = "\(module(i))Handler"
            handlers[h, default: RouteHandler(name: h, module: module(i))].routes.append(.init(route: "route\(i)", feature: "Screen\(i)"))
        }
        let deps = Set(feats.map { "Service\($0.module!)" }).sorted().map {
            DependencyBinding(protocol: $0, dependencies: [DependencyRef(name: "Network")])
        } + [DependencyBinding(protocol: "Network")]
        return Registry(app: "Synthetic\(features)", entries: [Entry(target: .feature("Screen0"))],
                        flags: (0..<5).map { FeatureFlag(name: "flag\($0)", defaultValue: true) },
                        routes: routes, handlers: handlers.keys.sorted().map { handlers[$0]! }, features: feats,
                        dependencies: deps)
    }
}

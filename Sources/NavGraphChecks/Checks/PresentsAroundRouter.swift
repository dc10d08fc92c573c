import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `presents-around-router`: a feature shows another module's screen itself, where a route leads.
public enum PresentsAroundRouter: Check {
    public static let description = CheckDescription(
        id: "presents-around-router", name: "Presents around the router",
        summary: "A feature presents another module's screen directly (push, present, sheet) although a RouterService route leads to it.",
        explanation: """
            A RouterService app reaches another module's screen by opening its route: the router asks the \
            destination's isEnabled() and falls back when it is off, resolves its dependencies, and the two \
            modules only share the route's interface. A screen pushed or presented directly (style `direct`, \
            written by the scanner as the feature's `presents:`) skips all of that: a disabled feature is shown \
            anyway, its fallback never, and the presenting module now builds the other's screen. Reported for \
            each such presentation whose screen is the destination of a RouterService route and lives in \
            another module; a module's own screens may be presented directly.
            """,
        severity: .warning,
        triggering: [
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: profile}]
                handlers: [{name: ProfileHandler, module: Profile, routes: {profile: Profile}}]
                features:
                  - {name: Home, module: Home, navigates: [profile], presents: [{feature: Profile, style: push}]}
                  - {name: Profile, module: Profile}
                """, subjects: ["Home -> Profile"], at: ["5:65"])
        ],
        nonTriggering: [
            // The same module's screen, and a screen no RouterService route leads to.
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: profile}, {id: cart, system: protocol-routes}]
                handlers: [{name: H, routes: {profile: Profile, cart: Cart}}]
                features:
                  - {name: Home, module: Home, navigates: [profile], presents: [{feature: Details, style: push}, Cart]}
                  - {name: Details, module: Home}
                  - {name: Profile, module: Profile}
                  - {name: Cart, module: Cart}
                """)
        ])

    /// Cost: one look at each declared feature (without copying it), then, only when some feature
    /// presents a screen, one pass over the route mappings that lead to a presented screen.
    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph
        let presenting = g.declaredFeatures.filter { g.withFeature($0, { !$0.presents.isEmpty && $0.module != nil }) == true }
        guard !presenting.isEmpty else { return [] }
        var presented = Set<Int32>()
        for id in presenting {
            g.withFeature(id) { f in for p in f.presents { if let t = g.node(.feature, p.feature) { presented.insert(t) } } }
        }
        // Per presented feature: the RouterService routes that lead to it.
        var routesTo: [Int32: [String]] = [:]
        for (route, feature) in g.mappingNodes where presented.contains(feature) {
            let declarations = g.routeDeclarations(route)
            guard declarations.isEmpty || declarations.contains(where: { $0.system == nil || $0.system == .routerService }) else { continue }
            routesTo[feature, default: []].append(g.name(route))
        }
        var out: [Finding] = []
        for id in presenting {
            guard let f = g.feature(id), let module = f.module else { continue }
            var seen = Set<String>()
            for p in f.presents.sorted(by: { $0.feature < $1.feature }) where seen.insert(p.feature).inserted {
                guard let target = g.node(.feature, p.feature), let routes = routesTo[target],
                      let other = g.feature(target)?.module, other != module else { continue }
                let names = Array(Set(routes)).sorted().map { "'\($0)'" }.joined(separator: ", ")
                out.append(context.finding(
                    self, "\(f.name) (module \(module)) presents \(p.feature) of module \(other) directly\(p.style.map { " (\($0))" } ?? ""), around the router: open \(names) instead, so its isEnabled() and fallback apply",
                    at: p.origin.primary != nil ? p.origin : f.origin, subject: "\(f.name) -> \(p.feature)",
                    elements: [f.name, p.feature], element: .feature(f.name)))
            }
        }
        return out
    }
}

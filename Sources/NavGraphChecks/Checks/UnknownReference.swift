import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `unknown-reference`: a name that matches nothing.
public enum UnknownReference: Check {
    public static let description = CheckDescription(
        id: "unknown-reference", name: "Unknown reference",
        summary: "An entry, handler, navigation, presentation, deep link or flag reference names something that is not declared.",
        explanation: """
            A registry that names a feature, route or flag that nobody declares has drifted from the app: \
            a renamed screen, a typo in a route identifier, a deleted flag. navgraph cannot check what it \
            cannot find, so every such name is reported with the closest declared name.
            """,
        severity: .error,
        suggestsNames: true,
        triggering: [
            CheckExample("""
                entries: [{feature: Hom}]
                routes: [{id: profile}]
                handlers: [{name: ProfileHandler, routes: {profile: Profle}}]
                features: [{name: Home, navigates: [profil], enabled: "flag:beta"}, {name: Profile, presents: [Hme]}]
                """, subjects: ["entry -> Hom", "ProfileHandler -> Profle", "Home -> profil", "Home -> flag:beta", "Profile -> Hme"],
                at: ["1:11", "3:44", "4:37", "4:55", "4:96"])
        ],
        nonTriggering: [
            CheckExample("""
                entries: [{feature: Home}]
                flags: {beta: true}
                routes: [{id: profile}]
                handlers: [{name: ProfileHandler, routes: {profile: Profile}}]
                features: [{name: Home, navigates: [profile]}, {name: Profile, enabled: "flag:beta", fallback: Home}]
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph, index = context.index
        var out: [Finding] = []
        // By the name's bytes: "é" and "e\u{301}" are one `String` key but two names, whose
        // suggestions (distances over scalars) can differ.
        var hints: [[UInt8]: String] = [:]
        func hint(_ name: String, _ what: String) -> String {
            let key = Array("\(what)\u{1}\(name)".utf8)
            if let h = hints[key] { return h }
            let suggestions = what == "flag" ? index.flagSuggestions : index.suggestions(what == "route" ? .route : .feature)
            let h = suggestions.hint(for: name)
            hints[key] = h
            return h
        }
        func report(_ what: String, _ name: String, owner: String, at origin: ElementOrigin, element: ElementRef) {
            out.append(context.finding(
                self, "\(owner == "entry" ? "entry" : owner) names \(what) '\(name)', which is not declared\(hint(name, what))",
                at: origin, subject: "\(owner) -> \(what == "flag" ? "flag:" : "")\(name)", elements: [name], element: element))
        }
        for (i, e) in index.entries.enumerated() where !index.isDeclared(index.entryTargets[i]) {
            switch e.target {
            case .feature(let f): report("feature", f, owner: "entry", at: e.origin, element: .entry(f))
            case .route(let r): report("route", r, owner: "entry", at: e.origin, element: .entry(r))
            }
        }
        for claim in index.claims where !index.isDeclared(claim.route) || !index.isDeclared(claim.feature) {
            let h = index.handlers[Int(claim.handler)], m = h.routes[Int(claim.mapping)]
            let at = m.origin.primary != nil && h.origin.source == nil ? m.origin : h.origin
            if !index.isDeclared(claim.route) { report("route", m.route, owner: h.name, at: at, element: .handler(h.name)) }
            if !index.isDeclared(claim.feature) { report("feature", m.feature, owner: h.name, at: at, element: .handler(h.name)) }
        }
        // A feature's navigates are its edges' targets: its declarations are read only when one
        // of those is not a declared route (each declaration reports; the runner sorts findings).
        func checkNavigates(_ f: Feature) {
            var seen = Set<String>()
            for n in f.navigates.sorted(by: { $0.route < $1.route })
            where !index.isDeclared(g.node(.route, n.route) ?? -1) && seen.insert(n.route).inserted {
                report("route", n.route, owner: f.name, at: n.origin.primary != nil ? n.origin : f.origin, element: .feature(f.name))
            }
            // Its direct presentations (`presents:`) name features.
            seen = []
            for p in f.presents.sorted(by: { $0.feature < $1.feature })
            where !index.isDeclared(g.node(.feature, p.feature) ?? -1) && seen.insert(p.feature).inserted {
                report("feature", p.feature, owner: f.name, at: p.origin.primary != nil ? p.origin : f.origin, element: .feature(f.name))
            }
        }
        for id in g.declaredFeatures where g.outgoing[Int(id)].contains(where: { e in
            let edge = g.edge(e)
            return (edge.kind == .navigates || edge.kind == .presents) && !index.isDeclared(edge.to)
        }) {
            if index.isFeatureDuplicated(id) {
                for position in index.featureDeclarations(id) { checkNavigates(index.features[Int(position)]) }
            } else if let f = g.feature(id) {
                checkNavigates(f)
            }
        }
        for i in index.features.indices {
            if case .flag(let flag) = index.features[i].enabled, !index.declaredFlags.contains(flag) {
                let f = index.features[i]
                report("flag", flag, owner: f.name, at: f.enabledOrigin ?? f.origin, element: .feature(f.name))
            }
        }
        for (i, d) in index.deeplinks.enumerated() {
            if let r = d.route, !index.isDeclared(index.deeplinkRoutes[i]) {
                report("route", r, owner: d.displayName, at: d.origin, element: .deeplink(d.displayName))
            }
        }
        return out
    }
}

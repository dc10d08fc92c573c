/// `unknown-reference`: a name that matches nothing.
public enum UnknownReference: Check {
    public static let description = CheckDescription(
        id: "unknown-reference", name: "Unknown reference",
        summary: "An entry, handler, navigation, deep link or flag reference names something that is not declared.",
        explanation: """
            A registry that names a feature, route or flag that nobody declares has drifted from the app: \
            a renamed screen, a typo in a route identifier, a deleted flag. navgraph cannot check what it \
            cannot find, so every such name is reported with the closest declared name.
            """,
        severity: .error,
        triggering: [
            CheckExample("""
                entries: [{feature: Hom}]
                routes: [{id: profile}]
                handlers: [{name: ProfileHandler, routes: {profile: Profle}}]
                features: [{name: Home, navigates: [profil], enabled: "flag:beta"}, {name: Profile}]
                """, subjects: ["entry -> Hom", "ProfileHandler -> Profle", "Home -> profil", "Home -> flag:beta"], at: ["1:11", "3:44", "4:37", "4:55"])
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
        let reg = context.registry
        let features = Set(reg.features.map(\.name))
        let routes = Set(reg.routes.map(\.id))
        let flags = Set(reg.flags.map(\.name))
        var out: [Finding] = []
        var hints: [String: String] = [:]
        var indexes: [String: NameSuggestion.Index] = [:]
        func hint(_ name: String, _ known: Set<String>, _ what: String) -> String {
            let key = "\(what)\u{1}\(name)"
            if let h = hints[key] { return h }
            let index = indexes[what] ?? NameSuggestion.Index(known.sorted())
            indexes[what] = index
            let h = index.hint(for: name)
            hints[key] = h
            return h
        }
        func report(_ what: String, _ name: String, known: Set<String>, owner: String, at origin: ElementOrigin, element: ElementRef) {
            out.append(context.finding(
                self, "\(owner == "entry" ? "entry" : owner) names \(what) '\(name)', which is not declared\(hint(name, known, what))",
                at: origin, subject: "\(owner) -> \(what == "flag" ? "flag:" : "")\(name)", elements: [name], element: element))
        }
        for e in reg.entries {
            switch e.target {
            case .feature(let f) where !features.contains(f):
                report("feature", f, known: features, owner: "entry", at: e.origin, element: .entry(f))
            case .route(let r) where !routes.contains(r):
                report("route", r, known: routes, owner: "entry", at: e.origin, element: .entry(r))
            default: break
            }
        }
        for h in reg.handlers.sorted(by: { $0.name < $1.name }) {
            for m in h.routes.sorted(by: { $0.route < $1.route }) {
                let at = m.origin.primary != nil && h.origin.source == nil ? m.origin : h.origin
                if !routes.contains(m.route) { report("route", m.route, known: routes, owner: h.name, at: at, element: .handler(h.name)) }
                if !features.contains(m.feature) { report("feature", m.feature, known: features, owner: h.name, at: at, element: .handler(h.name)) }
            }
        }
        for f in reg.features {  // the runner sorts findings
            var seen = Set<String>()
            for n in f.navigates.sorted(by: { $0.route < $1.route }) where !routes.contains(n.route) && seen.insert(n.route).inserted {
                report("route", n.route, known: routes, owner: f.name, at: n.origin.primary != nil ? n.origin : f.origin, element: .feature(f.name))
            }
            if case .flag(let flag) = f.enabled, !flags.contains(flag) {
                report("flag", flag, known: flags, owner: f.name, at: f.enabledOrigin ?? f.origin, element: .feature(f.name))
            }
        }
        for d in reg.deeplinks {
            if let r = d.route, !routes.contains(r) {
                report("route", r, known: routes, owner: d.displayName, at: d.origin, element: .deeplink(d.displayName))
            }
        }
        return out
    }
}

/// `missing-dependency`: a needed protocol nobody registers.
public enum MissingDependency: Check {
    public static let description = CheckDescription(
        id: "missing-dependency", name: "Missing dependency",
        summary: "A feature or implementation needs a protocol that nobody registers or provides.",
        explanation: """
            RouterService resolves a destination feature's @Dependency properties before it calls isEnabled(), \
            so a dependency nobody registered crashes the navigation even when the feature is disabled. \
            Implementations resolve their own needs when built, with the same result.
            """,
        severity: .error,
        triggering: [
            CheckExample("""
                entries: [{feature: Home}]
                features: [{name: Home, dependencies: [HTTPClientProtocl]}]
                dependencies: [{protocol: HTTPClientProtocol, implementation: HTTPClient}]
                """, subjects: ["Home -> HTTPClientProtocl"], at: ["2:40"])
        ],
        nonTriggering: [
            CheckExample("""
                entries: [{feature: Home}]
                provided: [RouterServiceProtocol]
                features: [{name: Home, dependencies: [RouterServiceProtocol, Net.HTTPClientProtocol]}]
                dependencies: [{protocol: HTTPClientProtocol, implementation: HTTPClient}]
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph
        let reg = g.registry
        var known = Set(reg.provided.map { DependencyBinding.unqualified($0.name) })
        for b in reg.dependencies { known.insert(b.storeKey) }
        let candidates = Set(reg.dependencies.map(\.protocol) + reg.provided.map(\.name))
        var out: [Finding] = []
        // Many owners miss the same name: suggest once per name.
        let suggestions = NameSuggestion.Index(candidates.sorted())
        var hints: [String: String] = [:]
        func hint(_ name: String) -> String {
            if let h = hints[name] { return h }
            let h = suggestions.hint(for: name)
            hints[name] = h
            return h
        }
        func check(_ owner: String, _ refs: [DependencyRef], ownerOrigin: ElementOrigin, element: ElementRef) {
            var seen = Set<String>()
            for d in refs.sorted(by: { $0.name < $1.name })
            where !known.contains(DependencyBinding.unqualified(d.name)) && seen.insert(d.name).inserted {
                out.append(context.finding(
                    self, "\(owner) needs \(d.name), which nobody registers or provides\(hint(d.name))",
                    at: d.origin.primary != nil ? d.origin : ownerOrigin, subject: "\(owner) -> \(d.name)",
                    elements: [owner, d.name], element: element))
            }
        }
        for id in g.ids(of: .feature) {
            guard let f = g.feature(id) else { continue }
            check(f.name, f.dependencies, ownerOrigin: f.origin, element: .feature(f.name))
        }
        for b in reg.dependencies.sorted(by: { ($0.protocol, $0.implementation ?? "") < ($1.protocol, $1.implementation ?? "") }) {
            check(b.implementation ?? b.protocol, b.dependencies, ownerOrigin: b.origin, element: .dependency(b.protocol))
        }
        return out
    }
}

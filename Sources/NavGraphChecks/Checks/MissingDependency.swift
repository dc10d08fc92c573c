import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

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
        suggestsNames: true,
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
        let g = context.graph, index = context.index
        var out: [Finding] = []
        /// Whether dependency node `id`'s store key has no binding or provided declaration.
        func missing(_ id: Int32) -> Bool { !index.keyRegistered[index.storeKey(of: id)] }
        // Many owners miss the same name: suggest once per name.
        var hints: [Int32: String] = [:]
        func hint(_ id: Int32) -> String {
            if let h = hints[id] { return h }
            let h = index.suggestions(.dependency).hint(for: g.name(id))
            hints[id] = h
            return h
        }
        func report(_ owner: String, _ id: Int32, _ ref: DependencyRef, ownerOrigin: ElementOrigin, element: ElementRef) {
            let name = g.name(id)
            out.append(context.finding(
                self, "\(owner) needs \(name), which nobody registers or provides\(hint(id))",
                at: ref.origin.primary != nil ? ref.origin : ownerOrigin, subject: "\(owner) -> \(name)",
                elements: [owner, name], element: element))
        }
        // A feature's needs are its requires edges (targets ascend with names, a name once); its
        // declaration is read only for a missing one's location.
        for id in g.declaredFeatures {
            index.forEachTarget(of: id, .requires) { dependency in
                guard missing(dependency) else { return }
                let f = g.feature(id)!
                let name = g.name(dependency)
                report(f.name, dependency, f.dependencies.first { $0.name == name }!, ownerOrigin: f.origin, element: .feature(f.name))
            }
        }
        // Each binding's own needs (a binding's refs are few: looked up by name).
        for dependency in g.ids(of: .dependency) {
            for position in index.bindingDeclarations(dependency) {
                let b = index.bindings[Int(position)]
                var seen = Set<Int32>()
                for d in b.dependencies.sorted(by: { $0.name < $1.name }) {
                    guard let id = g.node(.dependency, d.name), missing(id), seen.insert(id).inserted else { continue }
                    report(b.implementation ?? b.protocol, id, d, ownerOrigin: b.origin, element: .dependency(b.protocol))
                }
            }
        }
        return out
    }
}

import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `unused-dependency`: a registration nobody needs.
public enum UnusedDependency: Check {
    public static let description = CheckDescription(
        id: "unused-dependency", name: "Unused dependency",
        summary: "A registered dependency that no feature or implementation needs.",
        explanation: """
            A registered factory that nothing asks for still runs its registration at launch and keeps its \
            module linked; usually the feature that needed it was deleted or renamed its @Dependency.
            """,
        severity: .warning,
        triggering: [
            CheckExample("""
                features: [{name: Home}]
                dependencies: [{protocol: LoggerProtocol, implementation: Logger}]
                """, subjects: ["LoggerProtocol"], at: ["2:16"])
        ],
        nonTriggering: [
            CheckExample("""
                features: [{name: Home, dependencies: [Core.LoggerProtocol]}]
                dependencies: [{protocol: LoggerProtocol, implementation: Logger}]
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph, index = context.index
        // A store key is needed when some feature or binding requires a name with that key:
        // every such need is a requires edge into the dependency node.
        var needed = [Bool](repeating: false, count: index.storeKeys.count)
        let dependencies = g.ids(of: .dependency)
        for id in dependencies where g.incoming[Int(id)].contains(where: { g.edge($0).kind == .requires }) {
            needed[index.storeKey(of: id)] = true
        }
        var out: [Finding] = []
        for id in dependencies where !needed[index.storeKey(of: id)] {
            // The binding with the smallest implementation (the first of those in registry order).
            var first: DependencyBinding?
            for position in index.bindingDeclarations(id) {
                let b = index.bindings[Int(position)]
                if let f = first, (f.implementation ?? "") <= (b.implementation ?? "") { continue }
                first = b
            }
            guard let b = first else { continue }
            out.append(context.finding(
                self, "\(b.protocol) is registered\(b.implementation.map { " (\($0))" } ?? "") but nothing needs it",
                at: b.origin, subject: b.protocol, elements: [b.protocol], element: .dependency(b.protocol)))
        }
        return out
    }
}

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
        let reg = context.registry
        var needed = Set<String>()
        for f in reg.features { for d in f.dependencies { needed.insert(DependencyBinding.unqualified(d.name)) } }
        for b in reg.dependencies { for d in b.dependencies { needed.insert(DependencyBinding.unqualified(d.name)) } }
        var out: [Finding] = []
        var seen = Set<String>()
        for b in reg.dependencies.sorted(by: { ($0.protocol, $0.implementation ?? "") < ($1.protocol, $1.implementation ?? "") })
        where !needed.contains(b.storeKey) && seen.insert(b.protocol).inserted {
            out.append(context.finding(
                self, "\(b.protocol) is registered\(b.implementation.map { " (\($0))" } ?? "") but nothing needs it",
                at: b.origin, subject: b.protocol, elements: [b.protocol], element: .dependency(b.protocol)))
        }
        return out
    }
}

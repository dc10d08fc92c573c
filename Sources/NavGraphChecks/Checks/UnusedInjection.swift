import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `unused-injection`: an injected dependency the feature never reads.
public enum UnusedInjection: Check {
    public static let description = CheckDescription(
        id: "unused-injection", name: "Unused injection",
        summary: "A feature injects a dependency (@Dependency) that it never reads.",
        explanation: """
            RouterService resolves every @Dependency of a feature before building it, so an injected \
            dependency that is never read still has to be registered (or the navigation crashes) and still \
            couples the feature's module to it. Known only from scanned sources (used: false).
            """,
        severity: .warning,
        triggering: [
            CheckExample("""
                provided: [RouterServiceProtocol]
                features: [{name: FeatureTwo, dependencies: [{protocol: RouterServiceProtocol, used: false}]}]
                """, subjects: ["FeatureTwo -> RouterServiceProtocol"], at: ["2:46"])
        ],
        nonTriggering: [
            CheckExample("""
                provided: [RouterServiceProtocol]
                features: [{name: FeatureTwo, dependencies: [{protocol: RouterServiceProtocol, used: true}, RouterServiceProtocol]}]
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph, index = context.index
        var out: [Finding] = []
        func check(_ f: Feature) {
            for d in f.dependencies.sorted(by: { $0.name < $1.name }) where d.used == false {
                out.append(context.finding(
                    self, "\(f.name) injects \(d.name) but never reads it",
                    at: d.origin.primary != nil ? d.origin : f.origin, subject: "\(f.name) -> \(d.name)",
                    elements: [f.name, d.name], element: .feature(f.name)))
            }
        }
        // Every declaration (a feature declared twice reports for each; the runner sorts findings).
        for id in g.declaredFeatures {
            if index.isFeatureDuplicated(id) {
                for position in index.featureDeclarations(id) { check(index.features[Int(position)]) }
            } else if g.withFeature(id, { $0.dependencies.contains(where: { $0.used == false }) }) == true, let f = g.feature(id) {
                check(f)
            }
        }
        return out
    }
}

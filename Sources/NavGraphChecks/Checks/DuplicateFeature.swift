import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `duplicate-feature`: one feature name declared twice.
public enum DuplicateFeature: Check {
    public static let description = CheckDescription(
        id: "duplicate-feature", name: "Duplicate feature",
        summary: "Two features declare the same name.",
        explanation: """
            Two declarations of one feature name (usually two modules that each think they own the screen, or \
            two registry files that drifted) make navgraph's picture ambiguous and, in the app, mean two types \
            that cannot both be the destination a handler names.
            """,
        severity: .error,
        triggering: [CheckExample("features: [{name: Profile, module: A}, {name: Profile, module: B}]", subjects: ["Profile"], at: ["1:40"])],
        nonTriggering: [CheckExample("features: [{name: Profile}, {name: Settings}]")])

    public static func run(_ context: CheckContext) -> [Finding] {
        let index = context.index, features = index.features
        guard index.hasDuplicatedFeatures else { return [] }
        return DuplicateReport.run(
            context, self, ids: context.graph.declaredFeatures, declarations: { index.featureDeclarations($0) },
            details: { (features[$0].origin, features[$0].module ?? "") }, what: "feature", kind: .feature)
    }
}

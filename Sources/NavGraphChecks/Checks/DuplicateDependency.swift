import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `duplicate-dependency`: one protocol registered twice.
public enum DuplicateDependency: Check {
    public static let description = CheckDescription(
        id: "duplicate-dependency", name: "Duplicate dependency registration",
        summary: "The same protocol is registered more than once.",
        explanation: """
            register(dependencyFactory:forType:) stores one factory per type name; a second registration \
            silently replaces the first, so which implementation features get depends on the order of the \
            registration calls.
            """,
        severity: .warning,
        triggering: [
            CheckExample("""
                dependencies:
                  - {protocol: LoggerProtocol, implementation: ConsoleLogger}
                  - {protocol: LoggerProtocol, implementation: FileLogger}
                """, subjects: ["LoggerProtocol"], at: ["3:5"])
        ],
        nonTriggering: [CheckExample("dependencies: [{protocol: LoggerProtocol, implementation: ConsoleLogger}]")])

    public static func run(_ context: CheckContext) -> [Finding] {
        let index = context.index, bindings = index.bindings
        return DuplicateReport.run(
            context, self, ids: context.graph.ids(of: .dependency), declarations: { index.bindingDeclarations($0) },
            details: { (bindings[$0].origin, bindings[$0].implementation ?? "") },
            what: "dependency", kind: .dependency, consequence: ": the last registration replaces the others")
    }
}

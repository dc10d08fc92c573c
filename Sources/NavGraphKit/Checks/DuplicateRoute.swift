import Foundation

/// `duplicate-route`: two routes with one identifier.
public enum DuplicateRoute: Check {
    public static let description = CheckDescription(
        id: "duplicate-route", name: "Duplicate route",
        summary: "Two routes declare the same identifier.",
        explanation: """
            RouterService keeps routes in a dictionary keyed by Route.identifier: a second route with the same \
            identifier silently replaces the first, so one of them opens the other's screen (or its AnyRoute \
            deep links decode into the wrong type).
            """,
        severity: .error,
        triggering: [
            CheckExample("""
                routes: [{id: profile, type: ProfileRoute}, {id: profile, type: UserRoute}]
                """, subjects: ["profile"])
        ],
        nonTriggering: [CheckExample("routes: [{id: profile}, {id: settings}]")])

    public static func run(_ context: CheckContext) -> [Finding] {
        DuplicateReport.run(
            context, self, items: context.registry.routes.map { ($0.id, $0.origin, "\($0.type ?? "") \($0.module ?? "")") },
            what: "route identifier", anchorKind: "route")
    }
}

/// Shared by the duplicate-* checks: one finding per repeated name, located at a later
/// declaration, with notes pointing at every other one.
enum DuplicateReport {
    static func run<C: Check>(
        _ context: CheckContext, _ check: C.Type, items: [(name: String, origin: ElementOrigin, detail: String)],
        what: String, anchorKind: String, consequence: String = ""
    ) -> [Finding] {
        let groups = Dictionary(grouping: items, by: \.name)
        var out: [Finding] = []
        for name in groups.keys.sorted() {
            let all = groups[name]!
            guard all.count > 1 else { continue }
            let sorted = all.sorted { ($0.detail, $0.origin.primary?.description ?? "") < ($1.detail, $1.origin.primary?.description ?? "") }
            let notes = sorted.map { Finding.Note("declared here\($0.detail.trimmingCharacters(in: .whitespaces).isEmpty ? "" : " (\($0.detail.trimmingCharacters(in: .whitespaces)))")", location: $0.origin.primary) }
            out.append(context.finding(
                check, "\(what) '\(name)' is declared \(all.count) times\(consequence)", at: sorted.last!.origin,
                subject: name, elements: [name], notes: notes, anchor: "\(anchorKind):\(name)"))
        }
        return out
    }
}

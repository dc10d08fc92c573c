import Foundation
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

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
                """, subjects: ["profile"], at: ["1:45"])
        ],
        nonTriggering: [CheckExample("routes: [{id: profile}, {id: settings}]")])

    public static func run(_ context: CheckContext) -> [Finding] {
        let index = context.index, routes = index.routes
        guard index.hasDuplicatedRoutes else { return [] }
        return DuplicateReport.run(
            context, self, ids: context.graph.ids(of: .route), declarations: { index.routeDeclarations($0) },
            details: { (routes[$0].origin, "\(routes[$0].type ?? "") \(routes[$0].module ?? "")") },
            what: "route identifier", kind: .route)
    }
}

/// Shared by the duplicate-* checks: one finding per node declared more than once (the index's
/// declaration rows), located at a later declaration, with notes pointing at every other one.
package enum DuplicateReport {
    package static func run<C: Check>(
        _ context: CheckContext, _ check: C.Type, ids: [Int32], declarations: (Int32) -> ArraySlice<Int32>,
        details: (Int) -> (origin: ElementOrigin, detail: String), what: String, kind: ElementRef.Kind,
        consequence: String = ""
    ) -> [Finding] {
        // Ids ascend with names; details are built only for the repeated ones.
        var repeated: [(name: String, positions: ArraySlice<Int32>)] = []
        for id in ids {
            let positions = declarations(id)
            if positions.count > 1 { repeated.append((context.graph.name(id), positions)) }
        }
        var out: [Finding] = []
        for (n, positions) in repeated {
            let all = positions.map { details(Int($0)) }
            let sorted = all.sorted { ($0.detail, $0.origin.primary?.description ?? "") < ($1.detail, $1.origin.primary?.description ?? "") }
            let notes = sorted.map { item -> Finding.Note in
                let d = item.detail.trimmingCharacters(in: .whitespaces)
                return Finding.Note("declared here\(d.isEmpty ? "" : " (\(d))")", location: item.origin.primary)
            }
            out.append(context.finding(
                check, "\(what) '\(n)' is declared \(all.count) times\(consequence)", at: sorted.last!.origin,
                subject: n, elements: [n], notes: notes, element: ElementRef(kind, n)))
        }
        return out
    }
}

import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `duplicate-handler`: a route claimed by two handlers.
public enum DuplicateHandler: Check {
    public static let description = CheckDescription(
        id: "duplicate-handler", name: "Duplicate handler",
        summary: "A route is claimed by more than one handler (or one handler is registered twice).",
        explanation: """
            register(routeHandler:) stores the handler for each of its routes' identifiers; a later \
            registration silently replaces an earlier one, so which screen a route opens depends on the order \
            of registration calls. navgraph counts the route towards every destination, so its other results \
            do not depend on that order either. One handler that may show either of two screens for a route \
            (`routes: {help: [Help, HelpSheet]}`, a route enum's case that chooses at run time) is one \
            registration, not a duplicate.
            """,
        severity: .error,
        triggering: [
            CheckExample("""
                routes: [{id: profile}]
                handlers:
                  - {name: ProfileHandler, routes: {profile: Profile}}
                  - {name: LegacyProfileHandler, routes: {profile: OldProfile}}
                features: [{name: Profile}, {name: OldProfile}]
                """, subjects: ["profile"], at: ["3:37"])
        ],
        nonTriggering: [
            CheckExample("""
                routes: [{id: profile}, {id: settings}]
                handlers:
                  - {name: ProfileHandler, routes: {profile: Profile}}
                  - {name: SettingsHandler, routes: {settings: Settings}}
                features: [{name: Profile}, {name: Settings}]
                """),
            CheckExample("""
                routes: [{id: help}]
                handlers:
                  - {name: HelpRouter, routes: {help: [Help, HelpSheet]}}
                features: [{name: Help}, {name: HelpSheet}]
                """),
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph, index = context.index
        var out: [Finding] = []
        for id in g.ids(of: .route) {
            let claims = index.claims(of: id)
            // One handler that may show either of two screens for a route (`help: [Help, Settings]`,
            // a route enum's case choosing at run time) is one registration, not two.
            guard claims.count > 1, Set(claims.map { index.claims[Int($0)].handler }).count > 1 else { continue }
            let route = g.name(id)
            let all = claims.map { c -> (handler: String, origin: ElementOrigin, feature: String) in
                let claim = index.claims[Int(c)]
                let h = index.handlers[Int(claim.handler)], m = h.routes[Int(claim.mapping)]
                return (h.name, m.origin.primary != nil && h.origin.source == nil ? m.origin : h.origin, m.feature)
            }.sorted { ($0.handler, $0.feature, $0.origin.primary?.description ?? "") < ($1.handler, $1.feature, $1.origin.primary?.description ?? "") }
            let handlers = all.map(\.handler)
            let notes = all.map { Finding.Note("\($0.handler) maps it to \($0.feature)", location: $0.origin.primary) }
            out.append(context.finding(
                self, "route '\(route)' is claimed by \(all.count) handlers (\(handlers.joined(separator: ", "))): the last registered wins",
                at: all.last!.origin, subject: route, elements: [route] + Array(Set(all.map(\.feature))).sorted(), notes: notes,
                element: .route(route)))
        }
        return out
    }
}

import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `ambiguous-dependency`: two protocols whose unqualified names collide in RouterService's store.
public enum AmbiguousDependency: Check {
    public static let description = CheckDescription(
        id: "ambiguous-dependency", name: "Ambiguous dependency",
        summary: "Two protocols with the same unqualified name in different modules collide in RouterService's store.",
        explanation: """
            RouterService keys its dependency store by the unqualified type name, so Networking.ClientProtocol \
            and Analytics.ClientProtocol share one slot: whichever registers last is handed to features asking \
            for the other, and the cast fails at run time.
            """,
        severity: .error,
        triggering: [
            CheckExample("""
                dependencies:
                  - {protocol: Networking.ClientProtocol, implementation: HTTPClient}
                  - {protocol: Analytics.ClientProtocol, implementation: AnalyticsClient}
                """, subjects: ["ClientProtocol"], at: ["2:5"])
        ],
        nonTriggering: [
            CheckExample("""
                dependencies:
                  - {protocol: Networking.HTTPClientProtocol, implementation: HTTPClient}
                  - {protocol: Analytics.AnalyticsClientProtocol, implementation: AnalyticsClient}
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph, index = context.index
        var out: [Finding] = []
        // Store keys ascend; a key with two declared (bound or provided) names collides.
        for key in index.storeKeys.indices {
            let members = index.keyMembers(key)
            guard members.count > 1 else { continue }
            var all: [(full: String, origin: ElementOrigin)] = []
            for id in members {
                for b in index.bindingDeclarations(id) { all.append((g.name(id), index.bindings[Int(b)].origin)) }
                for p in index.providedDeclarations(id) { all.append((g.name(id), index.provided[Int(p)].origin)) }
            }
            let names = members.map { g.name($0) }  // ascending, distinct
            let keyName = index.storeKeys[key]
            let sorted = all.sorted { ($0.full, $0.origin.primary?.description ?? "") < ($1.full, $1.origin.primary?.description ?? "") }
            out.append(context.finding(
                self, "\(names.joined(separator: " and ")) share the store key '\(keyName)': RouterService hands one to features asking for the other",
                at: sorted.last!.origin, subject: keyName, elements: names,
                notes: sorted.map { Finding.Note("\($0.full) registered here", location: $0.origin.primary) },
                element: .dependency(sorted.last!.full)))
        }
        return out
    }
}

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
        let reg = context.registry
        var byKey: [String: [(full: String, origin: ElementOrigin)]] = [:]
        for b in reg.dependencies { byKey[b.storeKey, default: []].append((b.protocol, b.origin)) }
        for p in reg.provided { byKey[DependencyBinding.unqualified(p.name), default: []].append((p.name, p.origin)) }
        var out: [Finding] = []
        for key in byKey.keys.sorted() {
            let all = byKey[key]!
            let names = Set(all.map(\.full))
            // Distinct qualified names that share a key; an unqualified one collides with any qualified one.
            guard names.count > 1 else { continue }
            let sorted = all.sorted { ($0.full, $0.origin.primary?.description ?? "") < ($1.full, $1.origin.primary?.description ?? "") }
            out.append(context.finding(
                self, "\(names.sorted().joined(separator: " and ")) share the store key '\(key)': RouterService hands one to features asking for the other",
                at: sorted.last!.origin, subject: key, elements: names.sorted(),
                notes: sorted.map { Finding.Note("\($0.full) registered here", location: $0.origin.primary) },
                element: .dependency(sorted.last!.full)))
        }
        return out
    }
}

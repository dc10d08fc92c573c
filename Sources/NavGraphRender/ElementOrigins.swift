import NavGraphKit

/// Where each route, handler and dependency is declared, one origin per name: the first in
/// (registry location, source location) order when a name is declared twice, so a reordered
/// registry gives the same tooltips and page. Features use `NavGraph.featureInfo`.
struct ElementOrigins {
    private var byKey: [String: ElementOrigin] = [:]

    init(_ r: Registry) {
        func add(_ key: String, _ o: ElementOrigin) {
            if let old = byKey[key], Self.order(old) <= Self.order(o) { return }
            byKey[key] = o
        }
        for x in r.routes { add("r\u{1}" + x.id, x.origin) }
        for h in r.handlers { add("h\u{1}" + h.name, h.origin) }
        for d in r.dependencies { add("d\u{1}" + d.protocol, d.origin) }
    }

    private static func order(_ o: ElementOrigin) -> String {
        "\(o.registry?.description ?? "")\u{1}\(o.source?.description ?? "")"
    }

    /// The origin of a graph node (nil for features and undeclared names).
    func origin(of node: NavGraph.Node) -> ElementOrigin? {
        switch node.kind {
        case .feature: return nil
        case .route: return byKey["r\u{1}" + node.name]
        case .handler: return byKey["h\u{1}" + node.name]
        case .dependency: return byKey["d\u{1}" + node.name]
        }
    }
}

import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `invalid-deeplink`: an AnyRoute string or URL pattern that cannot open its route.
public enum InvalidDeeplink: Check {
    public static let description = CheckDescription(
        id: "invalid-deeplink", name: "Invalid deep link",
        summary: "An AnyRoute string not of the form identifier|{json object}, naming an unknown route, or with parameters that do not match the route's; a URL that opens no route.",
        explanation: """
            AnyRoute decodes `identifier|{json}`: no `|`, an empty side or JSON that is not an object fails to \
            decode, an unknown identifier finds no route type, and JSON keys that differ from the route's \
            stored properties fail its Decodable init. Each of these drops the user's deep link (or crashes \
            where the app force-unwraps it). URL patterns are checked the same way: their :placeholders must \
            be the route's parameters (a URL without placeholders may carry them in its query). A URL with no \
            route is a link the app's deep-link handler accepts and then does nothing with (a branch that \
            breaks or returns false): the user's tap is silently dropped.
            """,
        severity: .error,
        suggestsNames: true,
        triggering: [
            CheckExample("""
                routes: [{id: product, parameters: {productId: String}}]
                deeplinks:
                  - {anyRoute: 'product'}
                  - {anyRoute: 'product|{"id":"42"}'}
                  - {anyRoute: 'nothing|{}'}
                  - {url: "shop://product/:sku", route: product}
                  - {url: "shop://orders"}
                """, subjects: ["product", "product|{\"id\":\"42\"}", "nothing|{}", "shop://orders", "shop://product/:sku"],
                at: ["3:5", "4:5", "5:5", "7:5", "6:5"])
        ],
        nonTriggering: [
            CheckExample("""
                routes: [{id: product, parameters: {productId: String}}]
                deeplinks:
                  - {anyRoute: 'product|{"productId":"42"}'}
                  - {url: "shop://product/:productId", route: product}
                  - {url: "shop://product", route: product}
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph, index = context.index
        /// The declaration of route `name` with the smallest type (the first of those in registry order).
        func route(_ name: String) -> Route? {
            guard let id = g.node(.route, name), index.isDeclared(id) else { return nil }
            var first: Route?
            for r in g.routeDeclarations(id) {
                if let f = first, (f.type ?? "") <= (r.type ?? "") { continue }
                first = r
            }
            return first
        }
        var out: [Finding] = []
        for d in index.deeplinks.sorted(by: { $0.displayName < $1.displayName }) {
            var problem: String?
            var id: String?
            var keys: [String]?
            if let a = d.anyRoute {
                if let bar = a.firstIndex(of: "|") {
                    let ident = String(a[..<bar])
                    let json = String(a[a.index(after: bar)...])
                    if ident.isEmpty {
                        problem = "has an empty identifier before '|'"
                    } else if json.isEmpty {
                        problem = "has no JSON after '|'"
                    } else if let node = try? JSONReader.read(json, file: "anyRoute") {
                        if case .mapping(let pairs, _) = node {
                            id = ident
                            keys = pairs.compactMap { if case .scalar(let k, _, _) = $0.key { return k } else { return nil } }
                        } else {
                            problem = "carries JSON that is not an object"
                        }
                    } else {
                        problem = "carries malformed JSON"
                    }
                } else {
                    problem = "is not of the form identifier|{json object} (no '|')"
                }
            } else if let url = d.url, let r = d.route {
                id = r
                keys = url.split(whereSeparator: { "/?&=#".contains($0) }).filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
            } else if d.url != nil {
                problem = "opens no route: the app's deep-link handler drops it"
            }
            if problem == nil, let ident = id {
                if let route = route(ident) {
                    let params = Set(route.parameters.map(\.name))
                    let given = Set(keys ?? [])
                    if d.anyRoute != nil || !given.isEmpty {
                        let extra = given.subtracting(params).sorted()
                        let missing = params.subtracting(given).sorted()
                        var parts: [String] = []
                        if !extra.isEmpty { parts.append("unknown parameter\(extra.count > 1 ? "s" : "") \(extra.joined(separator: ", "))") }
                        if !missing.isEmpty { parts.append("missing \(missing.joined(separator: ", "))") }
                        if !parts.isEmpty {
                            problem = "does not match the parameters of route '\(ident)' (\(route.parameters.map(\.name).sorted().joined(separator: ", "))): \(parts.joined(separator: "; "))"
                        }
                    }
                } else if d.anyRoute != nil {
                    problem = "names route '\(ident)', which is not declared\(index.suggestions(.route).hint(for: ident))"
                }
            }
            if let problem {
                out.append(context.finding(
                    self, "deep link \(d.displayName) \(problem)", at: d.origin, subject: d.displayName,
                    elements: id.map { [$0] } ?? [], element: .deeplink(d.displayName)))
            }
        }
        return out
    }
}

import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// `navgraph diff --format json`: the whole diff, keys sorted, lists in the diff's order.
public enum DiffJSONFormatter {
    public static func format(_ d: NavigationDiff) -> String {
        func opt(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        let elements: [JSONValue] = d.elements.map { c in
            var o: [String: JSONValue] = [
                "kind": .string(c.kind.rawValue), "name": .string(c.name), "change": .string(c.change.rawValue),
                "details": .array(c.details.map(JSONValue.string)),
            ]
            if let old = c.oldName { o["oldName"] = .string(old) }
            return .object(o)
        }
        let edges: [JSONValue] = d.edges.map { e in
            .object([
                "change": .string(e.added ? "added" : "removed"), "from": opt(e.edge.from), "route": .string(e.edge.route),
                "handler": opt(e.edge.handler), "to": opt(e.edge.to), "style": opt(e.edge.style),
            ])
        }
        let reach: [JSONValue] = d.reachability.map { s in
            .object([
                "scenario": .string(s.scenario),
                "unreachable": .array(s.unreachable.map { .object(["screen": .string($0.name), "basePath": .array($0.basePath.map(JSONValue.string))]) }),
                "reachable": .array(s.reachable.map(JSONValue.string)),
            ])
        }
        func findings(_ list: [NavigationDiff.FindingChange]) -> JSONValue {
            .array(list.map {
                .object(["rule": .string($0.rule), "subject": .string($0.subject), "severity": .string($0.severity.rawValue),
                         "message": .string($0.message), "location": opt($0.location)])
            })
        }
        return JSONValue.object([
            "navgraphDiff": .int(1), "base": .string(d.baseLabel), "head": .string(d.headLabel),
            "elements": .array(elements), "navigation": .array(edges), "reachability": .array(reach),
            "findings": .object(["introduced": findings(d.introduced), "fixed": findings(d.fixed)]),
            "unpairedScenarios": .array(d.unpairedScenarios.map(JSONValue.string)),
            "summary": .string(DiffTerminalFormatter.summary(d)),
        ]).text
    }
}

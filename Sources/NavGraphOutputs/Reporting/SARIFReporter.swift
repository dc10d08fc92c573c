import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// SARIF 2.1.0, the format GitHub code scanning uploads: every rule in `tool.driver.rules`,
/// every finding a result with its physical location, notes as related locations.
public enum SARIFReporter: Reporter {
    public static let identifier = "sarif"
    public static let summary = "SARIF 2.1.0 for GitHub code scanning and other SARIF viewers"
    package static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    package static let informationURI = "https://github.com/navgraph/navgraph"

    public static func generateReport(_ report: CheckReport) -> String {
        let rules = report.rules.sorted { $0.id < $1.id }
        var index: [String: Int] = [:]
        for (i, r) in rules.enumerated() { index[r.id] = i }
        let run: JSONValue = .object([
            "tool": .object(["driver": .object([
                "name": .string("navgraph"),
                "informationUri": .string(informationURI),
                "rules": .array(rules.map(rule)),
            ])]),
            "results": .array(report.findings.map { result($0, index[$0.ruleID]) }),
            "columnKind": .string("unicodeCodePoints"),
        ])
        return JSONValue.object(["$schema": .string(schema), "version": .string("2.1.0"), "runs": .array([run])]).text
    }

    package static func rule(_ d: CheckDescription) -> JSONValue {
        .object([
            "id": .string(d.id),
            "name": .string(d.name),
            "shortDescription": .object(["text": .string(d.summary)]),
            "fullDescription": .object(["text": .string(d.explanation)]),
            "help": .object(["text": .string("\(d.explanation)\n\nRun `navgraph rules \(d.id)` for examples.")]),
            "defaultConfiguration": .object(["level": .string(level(d.severity)), "enabled": .bool(!d.optIn)]),
        ])
    }

    package static func result(_ f: Finding, _ ruleIndex: Int?) -> JSONValue {
        var r: [String: JSONValue] = [
            "ruleId": .string(f.ruleID),
            "level": .string(level(f.severity)),
            "message": .object(["text": .string(f.message)]),
            "partialFingerprints": .object(["navgraphSubject/v1": .string(StableHash.hex("\(f.ruleID)\u{0}\(f.subject)"))]),
            "properties": .object(["subject": .string(f.subject)]),
        ]
        if let ruleIndex { r["ruleIndex"] = .int(ruleIndex) }
        if let loc = f.location { r["locations"] = .array([.object(["physicalLocation": physical(loc)])]) }
        if !f.notes.isEmpty {
            r["relatedLocations"] = .array(f.notes.enumerated().map { i, n in
                var l: [String: JSONValue] = ["id": .int(i + 1), "message": .object(["text": .string(n.message)])]
                if let nl = n.location { l["physicalLocation"] = physical(nl) }
                return .object(l)
            })
        }
        return .object(r)
    }

    package static func physical(_ l: SourceLocation) -> JSONValue {
        .object([
            "artifactLocation": .object(["uri": .string(uri(l.file))]),
            "region": .object(["startLine": .int(l.line), "startColumn": .int(l.column)]),
        ])
    }

    /// A relative URI reference for a path: percent-encoded so spaces, `#` or `?` in names stay a path.
    package static func uri(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            let c = Character(Unicode.Scalar(b))
            if c.isASCII && (c.isLetter || c.isNumber || "-._~/!$&'()*+,;=:@".contains(c)) {
                out.append(c)
            } else {
                let h = String(b, radix: 16, uppercase: true)
                out += "%" + (h.count == 1 ? "0" + h : h)
            }
        }
        return out
    }

    package static func level(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }
}

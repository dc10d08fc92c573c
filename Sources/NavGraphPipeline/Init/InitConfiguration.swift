import NavGraphKit
import NavGraphScan

/// The `.navgraph.yml` that `navgraph init` writes: the sources to scan, the baseline, the routing
/// styles and app target found, and the flags the code reads with their owners left to fill. Every
/// key is one `ConfigurationLoader` reads (the planner loads the text before it is written).
enum InitConfiguration {
    static let fileName = Configuration.defaultFileName
    static let baselineName = "navgraph-baseline.json"

    static func text(_ d: InitDetection) -> String {
        var lines: [(String, String?)] = []
        lines.append(("registries: [.]", "the Swift sources of this folder, scanned"))
        lines.append(("baseline: \(baselineName)", "today's findings, accepted: only new ones fail"))
        lines.append(("scan:", nil))
        lines.append(("  styles: [" + d.styles.map(\.rawValue).joined(separator: ", ") + "]", "the routing styles read (remove to read every style found)"))
        if let target = d.appTarget {
            let others = d.appTargets.count > 1 ? "app targets: " + d.appTargets.joined(separator: ", ") : "the project's app target"
            lines.append(("  target: \(scalar(target))", "the app whose graph is checked (\(others))"))
        } else if d.appTargets.count > 1 {
            lines.append(("  # target: one of " + oneLine(d.appTargets.joined(separator: ", ")), "all are read now; name one to check its graph alone"))
        }
        for (key, value) in d.scanSettings {
            lines.append(("  \(scalar(key)): \(ConfigurationWriter.flow(value))", "kept from the \(fileName) that was here"))
        }
        if d.flags.isEmpty {
            lines.append(("# flags: none read by the code", "give flags: {NAME: {default: on, owner: TEAM}} when some are"))
        } else {
            lines.append(("flags:", "the flags the code reads: give each its owner"))
            for f in d.flags {
                let value = f.runtime ? "{}" : "{default: \(f.defaultValue ? "on" : "off")}"
                let todo = f.runtime ? "TODO owner: TEAM; default: on|off when known (else both are checked)" : "TODO owner: TEAM"
                lines.append(("  \(scalar(f.name)): \(value)", todo))
            }
        }
        let width = min(44, lines.map(\.0.count).max() ?? 0) + 2
        var out = "# navgraph configuration, written by `navgraph init` (docs/ci.md); `navgraph config` validates it.\n"
        out += "# Found: " + oneLine(summary(d)) + ".\n"
        for (code, comment) in lines {
            guard let comment else { out += code + "\n"; continue }
            out += code + String(repeating: " ", count: max(1, width - code.count)) + "# " + oneLine(comment) + "\n"
        }
        return out
    }

    /// `routing style routerservice; Xcode project, CocoaPods; app target App`: kinds, not paths, so
    /// that a new module's project does not change the file.
    static func summary(_ d: InitDetection) -> String {
        var parts = ["routing style\(d.styles.count == 1 ? "" : "s") " + d.styles.map(\.rawValue).joined(separator: ", ")]
        let kinds = ProjectLayout.Kind.allCases.filter { k in d.layout.manifests.contains { $0.kind == k } }
        parts.append(kinds.isEmpty ? "no project file" : kinds.map(\.rawValue).joined(separator: ", "))
        if let t = d.appTarget { parts.append("app target \(t)") }
        return parts.joined(separator: "; ")
    }

    /// Comments hold names from the repository: no control character may end one early.
    static func oneLine(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }

    /// A YAML scalar: plain when it is a simple name, else double-quoted.
    static func scalar(_ s: String) -> String {
        let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n"]
        let plain = !s.isEmpty && !reserved.contains(s.lowercased()) && s.first.map { $0.isLetter || $0 == "_" } == true
            && s.unicodeScalars.allSatisfy { c in
                (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "-" || c == "."
            }
        return plain ? s : JSONValue.quote(s)
    }
}

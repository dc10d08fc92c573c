import NavGraphKit
import SwiftSyntax

/// A `// navgraph:…` comment: what a developer states that the scanner cannot see.
///
/// - `// navgraph:navigates ROUTE_ID [STYLE]` — the enclosing type navigates to the route.
/// - `// navgraph:entry` — the feature (or route) below is where navigation starts.
/// - `// navgraph:ignore RULE-ID[, RULE-ID…] — reason` — findings of these rules on the element below are suppressed.
enum Annotation: Hashable {
    case navigates(route: String, style: String?)
    case entry
    case ignore([String])

    static let prefix = "navgraph:"

    /// Parses one comment; nil when it is not a navgraph annotation, a failure reason when malformed.
    static func parse(comment: String) -> Result<Annotation, AnnotationError>? {
        var text = Substring(comment)
        for opener in ["///", "//", "/**", "/*"] where text.hasPrefix(opener) {
            text = text.dropFirst(opener.count)
            break
        }
        if text.hasSuffix("*/") { text = text.dropLast(2) }
        text = text.drop { $0.isWhitespace }
        guard text.hasPrefix(prefix) else { return nil }
        text = text.dropFirst(prefix.count)
        let verb = text.prefix { !$0.isWhitespace }
        let rest = text.dropFirst(verb.count).trimmingCharacters(in: " \t")
        switch verb {
        case "navigates":
            let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let route = words.first else { return .failure(.init("needs a route identifier")) }
            return .success(.navigates(route: route, style: words.count > 1 ? words[1] : nil))
        case "entry":
            return .success(.entry)
        case "ignore":
            let (rules, reason) = splitReason(rest)
            let ids = rules.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
            guard !ids.isEmpty else { return .failure(.init("needs at least one rule id")) }
            guard let reason, !reason.isEmpty else {
                return .failure(.init("needs a reason after the rule ids (`— why`)"))
            }
            return .success(.ignore(ids))
        default:
            return .failure(.init("unknown annotation '\(verb)' (known: navigates, entry, ignore)"))
        }
    }

    /// `a, b — reason` → (`a, b`, `reason`); the separator is `—`, `--` or ` - `.
    private static func splitReason(_ text: String) -> (String, String?) {
        for sep in ["—", "--", " - ", ":"] {
            if let r = text.range(of: sep) {
                return (String(text[..<r.lowerBound]), text[r.upperBound...].trimmingCharacters(in: " \t"))
            }
        }
        return (text, nil)
    }

    /// Every navgraph annotation in a piece of trivia, with the position of its comment.
    static func all(in trivia: Trivia, startingAt position: AbsolutePosition) -> [(Result<Annotation, AnnotationError>, AbsolutePosition, String)] {
        var out: [(Result<Annotation, AnnotationError>, AbsolutePosition, String)] = []
        var pos = position
        for piece in trivia {
            switch piece {
            case .lineComment(let t), .blockComment(let t), .docLineComment(let t), .docBlockComment(let t):
                if let a = parse(comment: t) { out.append((a, pos, t)) }
            default:
                break
            }
            pos = pos + piece.sourceLength
        }
        return out
    }

    /// Rule ids of the well-formed `ignore` annotations written just before or after `node`
    /// (its leading trivia, or the trailing trivia of its last token on the same line).
    static func ignoredRules(for node: some SyntaxProtocol) -> [String] {
        var out: [String] = []
        if let first = node.firstToken(viewMode: .sourceAccurate) {
            for (a, _, _) in all(in: first.leadingTrivia, startingAt: first.position) {
                if case .success(.ignore(let ids)) = a { out += ids }
            }
        }
        if let last = node.lastToken(viewMode: .sourceAccurate) {
            for (a, _, _) in all(in: last.trailingTrivia, startingAt: last.endPositionBeforeTrailingTrivia) {
                if case .success(.ignore(let ids)) = a { out += ids }
            }
        }
        return out
    }
}

struct AnnotationError: Error, Hashable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String { String(self).trimmingCharacters(in: set) }
}

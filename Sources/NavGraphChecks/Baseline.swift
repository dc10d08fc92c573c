import Foundation
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// Known findings that a team accepted for now: `--write-baseline` records them, `--baseline`
/// hides exactly those and reports the ones that no longer occur as stale.
///
/// Entries are keyed by rule id + subject (names, never line numbers), so they survive code
/// moving around. The file is JSON, entries sorted, one per finding identity:
/// `{"navgraphBaseline": 1, "findings": [{"rule": "unused-route", "subject": "route:old"}]}`.
public struct Baseline: Sendable, Equatable {
    public static let version = 1

    public struct Entry: Hashable, Comparable, Sendable, CustomStringConvertible {
        public var rule: String
        public var subject: String
        public init(rule: String, subject: String) {
            self.rule = rule
            self.subject = subject
        }
        public init(_ f: Finding) { self.init(rule: f.ruleID, subject: f.subject) }
        public static func < (a: Entry, b: Entry) -> Bool { (a.rule, a.subject) < (b.rule, b.subject) }
        /// "rule-id subject", as listed for stale entries.
        public var description: String { "\(rule) \(subject)" }
    }

    /// Sorted, without repeats.
    public private(set) var entries: [Entry]

    public init(entries: [Entry]) { self.entries = Array(Set(entries)).sorted() }
    public init(findings: [Finding]) { self.init(entries: findings.map(Entry.init)) }

    /// What filtering left: the new findings, how many were hidden, and the stale entries.
    public struct Filtered: Sendable {
        public var findings: [Finding]
        public var hidden: Int
        public var stale: [Entry]
        public init(findings: [Finding], hidden: Int = 0, stale: [Entry] = []) {
            self.findings = findings
            self.hidden = hidden
            self.stale = stale
        }
    }

    /// Hides every finding whose rule + subject is in the baseline; lists entries that matched nothing.
    public func filter(_ findings: [Finding]) -> Filtered {
        let known = Set(entries)
        var seen = Set<Entry>()
        var kept: [Finding] = []
        var hidden = 0
        for f in findings {
            let e = Entry(f)
            if known.contains(e) {
                seen.insert(e)
                hidden += 1
            } else {
                kept.append(f)
            }
        }
        return Filtered(findings: kept, hidden: hidden, stale: entries.filter { !seen.contains($0) })
    }

    /// The file text: sorted keys, sorted entries, a final newline.
    public var json: String {
        JSONValue.object([
            "navgraphBaseline": .int(Self.version),
            "findings": .array(entries.map { .object(["rule": .string($0.rule), "subject": .string($0.subject)]) }),
        ]).text
    }

    public static func load(file: String) throws(InputError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw InputError([Diagnostic(.error, "cannot read baseline \(file)", at: nil)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError([Diagnostic(.error, "baseline \(file) is not UTF-8 text", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        return try load(text: text, file: file)
    }

    /// Parses baseline JSON with file:line:col for every problem.
    public static func load(text: String, file: String) throws(InputError) -> Baseline {
        let root = try JSONReader.read(text, file: file)
        var r = SchemaReader()
        var entries: [Entry] = []
        if let top = r.mapping(root, "the baseline", allowed: ["navgraphBaseline", "findings"]) {
            if let v = top["navgraphBaseline"] {
                if let n = r.int(v, "navgraphBaseline"), n != version {
                    r.error("baseline version \(n) is not supported (expected \(version))", at: v)
                }
            } else {
                r.error("not a navgraph baseline: 'navgraphBaseline: \(version)' is missing", at: root)
            }
            for item in top["findings"].map({ r.list($0, "findings") }) ?? [] {
                guard let m = r.mapping(item, "a baseline entry", allowed: ["rule", "subject"]) else { continue }
                guard let rule = m["rule"].flatMap({ r.string($0, "rule") }), let subject = m["subject"].flatMap({ r.string($0, "subject") }) else {
                    if m["rule"] == nil || m["subject"] == nil { r.error("a baseline entry needs 'rule' and 'subject'", at: item) }
                    continue
                }
                entries.append(Entry(rule: rule, subject: subject))
            }
        }
        if !r.diagnostics.isEmpty { throw InputError(r.diagnostics) }
        return Baseline(entries: entries)
    }
}

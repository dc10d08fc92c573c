import Foundation
import SwiftParser
import SwiftSyntax

/// SwiftPM manifests and Tuist projects (Swift, read with swift-syntax, never run) and CocoaPods
/// podspecs (Ruby, read line by line for `name`, `source_files` and `test_spec`).
enum ManifestReader {
    /// `.target(name:path:)`, `.executableTarget`, `.testTarget`; a target without `path:` lives in
    /// `Sources/NAME` (`Tests/NAME` for tests).
    static func packageTargets(_ path: String) -> Result<[ProjectTarget], ManifestError> {
        guard let tree = parse(path) else { return .failure(ManifestError(message: "cannot read \(path)")) }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        var out: [ProjectTarget] = []
        for call in calls(in: tree) {
            let callee = memberName(call.calledExpression)
            let kind: ProjectTarget.Kind
            switch callee {
            case "target", "binaryTarget": kind = .library
            case "executableTarget": kind = .app
            case "testTarget": kind = .test
            default: continue
            }
            guard let name = stringArgument(call, "name") else { continue }
            var t = ProjectTarget(name: name, kind: kind, manifest: path)
            let folder = stringArgument(call, "path") ?? ((kind == .test ? "Tests/" : "Sources/") + name)
            t.prefixes = [ProjectModel.prefix(ofGlob: folder, base: base)]
            if let sources = argument(call, "sources") {
                let listed = strings(in: sources)
                if !listed.isEmpty { t.prefixes = listed.map { ProjectModel.prefix(ofGlob: folder + "/" + $0, base: base) } }
            }
            out.append(t)
        }
        return .success(out)
    }

    /// Tuist: `Target(name:product:sources:)` / `.target(…)`; `product: .unitTests/.uiTests` are tests,
    /// `.app` apps; `sources:` globs relative to the manifest's folder.
    static func tuistTargets(_ path: String) -> Result<[ProjectTarget], ManifestError> {
        guard let tree = parse(path) else { return .failure(ManifestError(message: "cannot read \(path)")) }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        var out: [ProjectTarget] = []
        for call in calls(in: tree) {
            let callee = memberName(call.calledExpression)
            guard callee == "Target" || callee == "target", let name = stringArgument(call, "name"),
                  argument(call, "product") != nil || argument(call, "sources") != nil else { continue }
            let product = argument(call, "product")?.trimmedText ?? ""
            let kind: ProjectTarget.Kind
            if product.contains("Tests") { kind = .test }
            else if product.contains("app") || product.contains("App") { kind = .app }
            else if product.isEmpty { kind = .other }
            else { kind = .library }
            var t = ProjectTarget(name: name, kind: kind, manifest: path)
            t.prefixes = argument(call, "sources").map { strings(in: $0).map { ProjectModel.prefix(ofGlob: $0, base: base) } } ?? []
            if !t.prefixes.isEmpty { out.append(t) }
        }
        return .success(out)
    }

    /// `s.name = 'X'`, `s.source_files = 'X/**/*.swift'` (or a list), `s.test_spec 'Tests' do |t| … end`.
    static func podspecTargets(_ path: String) -> Result<[ProjectTarget], ManifestError> {
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(ManifestError(message: "cannot read \(path)")) }
        let text = String(decoding: data, as: UTF8.self)
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        var name: String?
        var main: [String] = []
        var tests: [String] = []
        var inTestSpec = false
        var depth = 0
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") { continue }
            if line.contains("test_spec") && line.contains(" do") { inTestSpec = true; depth = 0 }
            if inTestSpec && line.hasSuffix(" do") || line.contains(" do |") { depth += 1 }
            if line == "end" && inTestSpec { depth -= 1; if depth <= 0 { inTestSpec = false } }
            if name == nil, line.range(of: #"\.name\s*="#, options: .regularExpression) != nil { name = quoted(line).first }
            if line.contains("source_files") {
                if inTestSpec { tests += quoted(line) } else { main += quoted(line) }
            }
        }
        guard let name else { return .failure(ManifestError(message: "\(path) has no name")) }
        var out: [ProjectTarget] = []
        if !main.isEmpty {
            var t = ProjectTarget(name: name, kind: .library, manifest: path)
            t.prefixes = main.map { ProjectModel.prefix(ofGlob: $0, base: base) }
            out.append(t)
        }
        if !tests.isEmpty {
            var t = ProjectTarget(name: name + "Tests", kind: .test, manifest: path)
            t.prefixes = tests.map { ProjectModel.prefix(ofGlob: $0, base: base) }
            out.append(t)
        }
        return .success(out)
    }

    // MARK: Helpers

    private static func parse(_ path: String) -> SourceFileSyntax? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return Parser.parse(source: String(decoding: data, as: UTF8.self))
    }

    private static func calls(in tree: SourceFileSyntax) -> [FunctionCallExprSyntax] {
        final class Collector: SyntaxVisitor {
            var found: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { found.append(node); return .visitChildren }
        }
        let c = Collector(viewMode: .sourceAccurate)
        c.walk(tree)
        return c.found
    }

    private static func memberName(_ e: ExprSyntax) -> String? {
        if let m = e.as(MemberAccessExprSyntax.self) { return m.declName.baseName.text }
        if let r = e.as(DeclReferenceExprSyntax.self) { return r.baseName.text }
        return nil
    }

    private static func argument(_ call: FunctionCallExprSyntax, _ label: String) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    private static func stringArgument(_ call: FunctionCallExprSyntax, _ label: String) -> String? {
        argument(call, label).flatMap { $0.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
    }

    /// Every plain string literal inside an expression (`["A/**", "B"]`, `.paths(["A"])`, `"A"`).
    private static func strings(in e: ExprSyntax) -> [String] {
        e.tokens(viewMode: .sourceAccurate).compactMap { t -> String? in
            guard case .stringSegment(let s) = t.tokenKind else { return nil }
            return s
        }
    }

    private static func quoted(_ line: String) -> [String] {
        var out: [String] = []
        var current: String?
        var quote: Character = "'"
        for ch in line {
            if var c = current {
                if ch == quote { out.append(c); current = nil } else { c.append(ch); current = c }
            } else if ch == "'" || ch == "\"" {
                quote = ch
                current = ""
            }
        }
        return out
    }
}

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
        for call in calls(in: Syntax(tree)) {
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
    /// `.app` apps; `sources:` globs relative to the manifest's folder. Targets made by the project's
    /// own helpers (`Project.feature(name: "Home")` declared in `Tuist/ProjectDescriptionHelpers/`,
    /// `helpers`) are read by binding the call's string arguments to the helper's parameters and
    /// reading the `Target` calls in its body with them (`"\(name)Tests"`, `name + "Kit"`): helpers
    /// calling helpers up to 4 deep; a name or glob that is not made of known strings is skipped.
    static func tuistTargets(_ path: String, helpers: TuistHelpers = TuistHelpers(files: [])) -> Result<[ProjectTarget], ManifestError> {
        guard let tree = parse(path) else { return .failure(ManifestError(message: "cannot read \(path)")) }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        var out: [ProjectTarget] = []
        helpers.targets(in: calls(in: Syntax(tree)), strings: [:], depth: 0) { call, env in
            let callee = memberName(call.calledExpression)
            guard callee == "Target" || callee == "target", let nameExpr = argument(call, "name"),
                  let name = TuistHelpers.string(nameExpr, env),
                  argument(call, "product") != nil || argument(call, "sources") != nil else { return }
            let product = argument(call, "product")?.trimmedText ?? ""
            let kind: ProjectTarget.Kind
            if product.contains("Tests") { kind = .test }
            else if product.contains("app") || product.contains("App") { kind = .app }
            else if product.isEmpty { kind = .other }
            else { kind = .library }
            var t = ProjectTarget(name: name, kind: kind, manifest: path)
            t.prefixes = argument(call, "sources").map { TuistHelpers.strings(in: $0, env).map { ProjectModel.prefix(ofGlob: $0, base: base) } } ?? []
            if !t.prefixes.isEmpty { out.append(t) }
        }
        return .success(out)
    }

    /// The functions of a Tuist project's `ProjectDescriptionHelpers`, by name.
    struct TuistHelpers {
        private var functions: [String: [FunctionDeclSyntax]] = [:]

        init(files: [String]) {
            for file in files {
                guard let tree = ManifestReader.parse(file) else { continue }
                final class Collector: SyntaxVisitor {
                    var found: [FunctionDeclSyntax] = []
                    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { found.append(node); return .skipChildren }
                }
                let c = Collector(viewMode: .sourceAccurate)
                c.walk(tree)
                for f in c.found { functions[f.name.text, default: []].append(f) }
            }
        }

        /// Calls `visit` for every call in `calls` with the strings known there, and for every call in
        /// the body of each helper those calls reach, with the helper's parameters bound.
        func targets(in calls: [FunctionCallExprSyntax], strings env: [String: String], depth: Int,
                     visit: (FunctionCallExprSyntax, [String: String]) -> Void) {
            for call in calls {
                visit(call, env)
                guard depth < 4, let name = ManifestReader.memberName(call.calledExpression),
                      let candidates = functions[name] else { continue }
                for helper in candidates {
                    guard let bound = bind(call, to: helper, env) else { continue }
                    guard let body = helper.body else { continue }
                    targets(in: ManifestReader.calls(in: Syntax(body)), strings: bound, depth: depth + 1, visit: visit)
                }
            }
        }

        /// The helper's parameters as strings, from the call's arguments (labels in order, defaults
        /// where omitted); nil when the labels do not fit the helper.
        private func bind(_ call: FunctionCallExprSyntax, to f: FunctionDeclSyntax, _ env: [String: String]) -> [String: String]? {
            var out: [String: String] = [:]
            var args = Array(call.arguments)[...]
            for p in f.signature.parameterClause.parameters {
                let label = p.firstName.text
                let inner = (p.secondName ?? p.firstName).text
                if let a = args.first, (a.label?.text ?? "_") == label {
                    args = args.dropFirst()
                    if let v = TuistHelpers.string(a.expression, env) { out[inner] = v }
                } else if let d = p.defaultValue {
                    if let v = TuistHelpers.string(d.value, [:]) { out[inner] = v }
                } else {
                    return nil
                }
            }
            return args.isEmpty ? out : nil
        }

        /// A string made of literals, interpolations of known names and `+`; nil otherwise.
        static func string(_ e: ExprSyntax, _ env: [String: String]) -> String? {
            if let lit = e.as(StringLiteralExprSyntax.self) {
                var out = ""
                for seg in lit.segments {
                    if let s = seg.as(StringSegmentSyntax.self) { out += s.content.text; continue }
                    guard let i = seg.as(ExpressionSegmentSyntax.self), i.expressions.count == 1,
                          let v = string(i.expressions.first!.expression, env) else { return nil }
                    out += v
                }
                return out
            }
            if let r = e.as(DeclReferenceExprSyntax.self) { return env[r.baseName.text] }
            if let seq = e.as(SequenceExprSyntax.self) {
                var out = ""
                for (k, el) in seq.elements.enumerated() {
                    if k % 2 == 1 {
                        guard el.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
                        continue
                    }
                    guard let v = string(el, env) else { return nil }
                    out += v
                }
                return out
            }
            return nil
        }

        /// Every string an expression lists (`["\(name)/Sources/**"]`, `.paths([…])`, `"A"`).
        static func strings(in e: ExprSyntax, _ env: [String: String]) -> [String] {
            final class Collector: SyntaxVisitor {
                var found: [StringLiteralExprSyntax] = []
                override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind { found.append(node); return .skipChildren }
            }
            let c = Collector(viewMode: .sourceAccurate)
            c.walk(e)
            return c.found.compactMap { string(ExprSyntax($0), env) }
        }
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

    /// Whether a Swift file imports Tuist's `ProjectDescription` (a byte search; no parse).
    static func importsProjectDescription(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return String(decoding: data, as: UTF8.self).contains("import ProjectDescription")
    }

    static func parse(_ path: String) -> SourceFileSyntax? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return Parser.parse(source: String(decoding: data, as: UTF8.self))
    }

    static func calls(in tree: Syntax) -> [FunctionCallExprSyntax] {
        final class Collector: SyntaxVisitor {
            var found: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { found.append(node); return .visitChildren }
        }
        let c = Collector(viewMode: .sourceAccurate)
        c.walk(tree)
        return c.found
    }

    static func memberName(_ e: ExprSyntax) -> String? {
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

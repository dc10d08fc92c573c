import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `navgraph diff` end to end: every format of every Examples/diff pair against its golden, the
/// exit codes, a throwaway git repository for `--base`, and hostile names.
/// `NAVGRAPH_UPDATE_GOLDENS=1 swift test --filter DiffCommandTests` rewrites the goldens.
final class DiffCommandTests: XCTestCase {
    static let pairs = ["renamed-route", "removed-handler", "flag-flipped", "dependency-cycle"]
    static let golden = NavGraphBinary.repoRoot.appendingPathComponent("Tests/NavGraphCLITests/DiffGolden")
    static let formats: [(format: String, ext: String)] = [("terminal", "txt"), ("markdown", "md"), ("json", "json"), ("svg", "svg")]

    func diff(_ pair: String, _ extra: [String] = []) throws -> NavGraphBinary.Result {
        try NavGraphBinary.run(["diff", "Examples/diff/base.yml", "Examples/diff/\(pair)/head.yml"] + extra)
    }

    func testEveryFormatOfEveryPairMatchesItsGolden() throws {
        let update = ProcessInfo.processInfo.environment["NAVGRAPH_UPDATE_GOLDENS"] == "1"
        for pair in Self.pairs {
            for (format, ext) in Self.formats {
                let r = try diff(pair, ["--format", format])
                XCTAssertEqual(r.status, 0, "\(pair) \(format): \(r.stderr)")
                let file = Self.golden.appendingPathComponent("\(pair).\(ext)")
                if update { try r.stdout.write(to: file, atomically: true, encoding: .utf8); continue }
                let expected = try String(contentsOf: file, encoding: .utf8)
                XCTAssertEqual(r.stdout, expected, "\(pair).\(ext) differs from its golden")
            }
            // PNG depends on the fonts installed: checked for a valid image, not byte for byte.
            let dir = try NavGraphBinary.temporaryDirectory(self)
            let png = dir.appendingPathComponent("\(pair).png")
            let r = try diff(pair, ["--format", "png", "-o", png.path])
            XCTAssertEqual(r.status, 0, r.stderr)
            let data = try Data(contentsOf: png)
            XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(pair).png is a PNG")
            XCTAssertGreaterThan(data.count, 2000)
        }
    }

    func testARenameIsOneChangeNotARemovalAndAnAddition() throws {
        let r = try diff("renamed-route", ["--format", "json"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let elements = try XCTUnwrap(json["elements"] as? [[String: Any]])
        XCTAssertEqual(elements.count, 1, r.stdout)
        XCTAssertEqual(elements.first?["change"] as? String, "renamed")
        XCTAssertEqual(elements.first?["oldName"] as? String, "product_detail")
        XCTAssertEqual(elements.first?["name"] as? String, "product")
        XCTAssertEqual((json["navigation"] as? [Any])?.count, 0, "no edge added or removed by a rename")
        XCTAssertEqual((json["reachability"] as? [Any])?.count, 0)
    }

    func testTheRemovedHandlerStrandsTheCartAndShowsTheLostPath() throws {
        let r = try diff("removed-handler", ["--format", "json"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let reach = try XCTUnwrap((json["reachability"] as? [[String: Any]])?.first)
        XCTAssertEqual(reach["scenario"] as? String, "default")
        let lost = try XCTUnwrap(reach["unreachable"] as? [[String: Any]])
        XCTAssertEqual(lost.compactMap { $0["screen"] as? String },
                       ["CartFeature", "CheckoutFeature", "LegacyCheckoutFeature", "OrderConfirmationFeature"])
        // The lost path is what `navgraph path` prints for the base.
        let path = try NavGraphBinary.run(["path", "HomeFeature", "CartFeature", "Examples/diff/base.yml"])
        XCTAssertEqual(lost[0]["basePath"] as? [String], path.stdout.split(separator: "\n").map(String.init))
        let introduced = try XCTUnwrap((json["findings"] as? [String: Any])?["introduced"] as? [[String: Any]])
        XCTAssertTrue(introduced.contains { $0["rule"] as? String == "unhandled-route" && $0["severity"] as? String == "error" })
    }

    func testFailOnSetsTheExitCode() throws {
        XCTAssertEqual(try diff("removed-handler").status, 0, "no --fail-on: 0")
        XCTAssertEqual(try diff("removed-handler", ["--fail-on", "unreachable"]).status, 1)
        XCTAssertEqual(try diff("removed-handler", ["--fail-on", "new-errors"]).status, 1)
        XCTAssertEqual(try diff("renamed-route", ["--fail-on", "unreachable", "--fail-on", "new-errors"]).status, 0)
        XCTAssertEqual(try diff("renamed-route", ["--fail-on", "any"]).status, 1)
        XCTAssertEqual(try diff("dependency-cycle", ["--fail-on", "unreachable"]).status, 0)
        XCTAssertEqual(try diff("dependency-cycle", ["--fail-on", "new-errors"]).status, 1)
        let same = try NavGraphBinary.run(["diff", "Examples/diff/base.yml", "Examples/diff/base.yml", "--fail-on", "any"])
        XCTAssertEqual(same.status, 0)
        XCTAssertTrue(same.stdout.contains("No navigation changes."), same.stdout)
    }

    func testBadInputIsExitCodeTwo() throws {
        let missing = try NavGraphBinary.run(["diff", "Examples/diff/base.yml", "Examples/diff/nope.yml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(try NavGraphBinary.run(["diff", "Examples/diff/base.yml"]).status, 2, "one side only")
        XCTAssertEqual(try diff("renamed-route", ["--fail-on", "sometimes"]).status, 2)
        XCTAssertEqual(try diff("renamed-route", ["--format", "pdf"]).status, 2)
    }

    /// An output that cannot be written is exit 2 naming the path (the CLI's one writer), and a file that
    /// stood there before keeps its bytes.
    func testAnUnwritableOutputIsExitCodeTwo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let blocker = dir.appendingPathComponent("plain-file")
        try Data("kept".utf8).write(to: blocker)
        let r = try diff("removed-handler", ["--format", "markdown", "-o", blocker.path + "/diff.md"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot write \(blocker.path)/diff.md"), r.stderr)
        XCTAssertEqual(try String(contentsOf: blocker, encoding: .utf8), "kept")
        let written = dir.appendingPathComponent("diff.md")
        XCTAssertEqual(try diff("removed-handler", ["--format", "markdown", "-o", written.path]).status, 0)
        XCTAssertTrue(try String(contentsOf: written, encoding: .utf8).hasPrefix("### navgraph diff"))
    }

    func testColourOnlyWhenAsked() throws {
        XCTAssertFalse(try diff("flag-flipped").stdout.contains("\u{1B}["), "a pipe gets no colour")
        XCTAssertTrue(try diff("flag-flipped", ["--color", "always"]).stdout.contains("\u{1B}[31m"))
        XCTAssertFalse(try diff("flag-flipped", ["--color", "never"]).stdout.contains("\u{1B}["))
    }

    func testTheReadmeShowsTheExampleComment() throws {
        let readme = try NavGraphBinary.repoRoot.read("README.md")
        let comment = try NavGraphBinary.repoRoot.read("Output/diff-removed-handler.md")
        XCTAssertEqual(MermaidCheck.block(in: readme.components(separatedBy: "## What a pull request changes")[1]),
                       MermaidCheck.block(in: comment), "README's diff picture is Output/diff-removed-handler.md's")
    }

    // MARK: git

    @discardableResult
    func git(_ args: [String], in dir: URL) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-c", "user.name=navgraph", "-c", "user.email=navgraph@example.invalid", "-c", "commit.gpgsign=false"] + args
        p.currentDirectoryURL = dir
        let out = Pipe()
        p.standardOutput = out
        p.standardError = Pipe()
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "git \(args.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }

    /// Two commits of the Swift example app: the second stops FeatureTwoRouteHandler claiming its
    /// route, and the work tree (HEAD side) also has an uncommitted change.
    func testBaseRevisionIsReadFromGitWithoutTouchingTheWorkTree() throws {
        let repo = try NavGraphBinary.temporaryDirectory(self)
        let app = repo.appendingPathComponent("App")
        try FileManager.default.copyItem(at: NavGraphBinary.repoRoot.appendingPathComponent("Examples/ExampleProject/Sources"),
                                         to: app)
        // The base's own .navgraph.yml switches unreachable-feature off; the head deletes it.
        try repo.write(".navgraph.yml", "rules:\n  unreachable-feature: {enabled: false}\n")
        try git(["init", "-q"], in: repo)
        try git(["add", "."], in: repo)
        try git(["commit", "-q", "-m", "first"], in: repo)
        let handlerFile = "App/FeatureTwo/FeatureTwoRouteHandler.swift"
        let handler = try repo.read(handlerFile)
        XCTAssertTrue(handler.contains("FeatureTwoRoute.self"), handler)
        let broken = handler.replacingOccurrences(of: "[FeatureTwoRoute.self]", with: "[]")
        XCTAssertNotEqual(broken, handler, "the test's edit must change the handler")
        try repo.write(handlerFile, broken)
        try git(["rm", "-q", ".navgraph.yml"], in: repo)
        try git(["commit", "-q", "-am", "second: the handler no longer claims its route"], in: repo)
        let statusBefore = try git(["status", "--porcelain"], in: repo)
        let headBefore = try git(["rev-parse", "HEAD"], in: repo)

        let r = try NavGraphBinary.run(["diff", "--base", "HEAD~1", "App", "--format", "json"], in: repo)
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout + r.stderr)
        XCTAssertEqual(json["base"] as? String, "HEAD~1:App")
        let edges = try XCTUnwrap(json["navigation"] as? [[String: Any]])
        XCTAssertTrue(edges.contains { $0["change"] as? String == "removed" && $0["to"] as? String == "FeatureTwo" }, r.stdout)
        let lost = (json["reachability"] as? [[String: Any]])?.first?["unreachable"] as? [[String: Any]] ?? []
        XCTAssertTrue(lost.contains { $0["screen"] as? String == "FeatureTwo" }, r.stdout)
        // Each side was checked with its own configuration: FallbackFeature was unreachable in the
        // base too, but the base's config hid it, so it is new.
        let introduced = (json["findings"] as? [String: Any])?["introduced"] as? [[String: Any]] ?? []
        XCTAssertTrue(introduced.contains { $0["rule"] as? String == "unreachable-feature" && $0["subject"] as? String == "FallbackFeature" }, r.stdout)
        // Base findings name the revision, never the temporary copy.
        XCTAssertFalse(r.stdout.contains("navgraph-diff-"), r.stdout)

        // Comparing with HEAD itself: nothing changed. The work tree, index and HEAD are untouched.
        let same = try NavGraphBinary.run(["diff", "--base", "HEAD", "App", "--fail-on", "any"], in: repo)
        XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
        XCTAssertEqual(try git(["status", "--porcelain"], in: repo), statusBefore)
        XCTAssertEqual(try git(["rev-parse", "HEAD"], in: repo), headBefore)
        XCTAssertEqual(try repo.read(handlerFile), broken)

        let bad = try NavGraphBinary.run(["diff", "--base", "no-such-rev", "App"], in: repo)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("'no-such-rev' is not a revision"), bad.stderr)
        let outside = try NavGraphBinary.temporaryDirectory(self)
        try outside.write("a.yml", "navgraph: 1\n")
        let notRepo = try NavGraphBinary.run(["diff", "--base", "HEAD", "a.yml"], in: outside)
        XCTAssertEqual(notRepo.status, 2)
        XCTAssertTrue(notRepo.stderr.contains("not inside a git repository"), notRepo.stderr)
    }

    // MARK: hostile names

    static let hostile = ["Quote\"Screen", "<script>alert(1)</script>", "Two\nLines", "Pipe|Name", "Bracket]Name", "@here`x`"]

    /// The head stops stranding the last screen, adds a screen behind a new route, and moves the
    /// `<script>` screen to another module.
    func hostilePair(_ dir: URL) throws {
        func registry(head: Bool) -> String {
            let names = Self.hostile
            var features = names.enumerated().map { i, n -> String in
                var opens = i + 1 < names.count ? ["{\"route\": \(quote("r" + names[i + 1])), \"style\": \"p|u]sh\"}"] : []
                if head && i == 2 { opens.append("{\"route\": \"r]new\"}") }
                let module = head && i == 1 ? "M<i>\"|" : "M"
                return "{\"name\": \(quote(n)), \"module\": \(quote(module)), \"navigates\": [\(opens.joined(separator: ", "))]}"
            }
            var routes = names.map { "{\"id\": \(quote("r" + $0))}" }
            var mappings = names.map { "\(quote("r" + $0)): \(quote($0))" }
            if head {
                routes.append("{\"id\": \"r]new\"}")
                mappings.append("\"r]new\": \(quote(Self.added))")
                features.append("{\"name\": \(quote(Self.added)), \"module\": \"M\"}")
            } else {
                mappings.removeLast()  // the last screen is stranded in the base
            }
            return """
                {"navgraph": 1, "entries": [{"feature": \(quote(names[0]))}],
                 "routes": [\(routes.joined(separator: ", "))],
                 "handlers": [{"name": "H|]", "routes": {\(mappings.joined(separator: ", "))}}],
                 "features": [\(features.joined(separator: ", "))]}
                """
        }
        try dir.write("base.json", registry(head: false))
        try dir.write("head.json", registry(head: true))
    }

    static let added = "New\"<img src=x onerror=alert(1)>|]\nscreen"

    func quote(_ s: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: s, options: [.fragmentsAllowed]), as: UTF8.self)
    }

    func testHostileNamesStayTextInEveryFormat() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        try hostilePair(dir)
        let args = ["diff", dir.appendingPathComponent("base.json").path, dir.appendingPathComponent("head.json").path]
        let md = try NavGraphBinary.run(args + ["--format", "markdown"])
        XCTAssertEqual(md.status, 0, md.stderr)
        XCTAssertFalse(md.stdout.contains("<script>"), md.stdout)
        XCTAssertFalse(md.stdout.contains("<img"), md.stdout)
        let outsideCode = md.stdout.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
        XCTAssertFalse(outsideCode.contains("@here"), "no @-mention outside code blocks")
        let mermaid = try XCTUnwrap(MermaidCheck.block(in: md.stdout), md.stdout)
        XCTAssertEqual(MermaidCheck.problems(mermaid), [], mermaid)
        for part in ["classDef added", "classDef changed", "classDef removed", "linkStyle", "#lt;img src=x onerror=alert(1)#gt;#124;] screen"] {
            XCTAssertTrue(mermaid.contains(part), "\(part) in \(mermaid)")
        }
        // Every table row has as many unescaped cell separators as its header.
        var columns = 0
        for line in md.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard line.hasPrefix("|") else { columns = 0; continue }
            let n = MermaidCheck.unescapedPipes(line)
            if columns == 0 { columns = n } else { XCTAssertEqual(n, columns, line) }
        }

        let term = try NavGraphBinary.run(args + ["--color", "always"])
        XCTAssertFalse(term.stdout.contains("|]\nscreen"), "no forged line")
        XCTAssertTrue(term.stdout.contains("|]\\nscreen"), term.stdout)

        let json = try NavGraphBinary.run(args + ["--format", "json"])
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
        let names = (parsed["elements"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertTrue(names.contains("<script>alert(1)</script>") && names.contains(Self.added), "\(names)")

        let svg = try NavGraphBinary.run(args + ["--format", "svg"])
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertFalse(svg.stdout.contains("<script"), "no script element in the SVG")
        XCTAssertFalse(svg.stdout.contains("<img"), "no img element in the SVG")
        XCTAssertTrue(svg.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let parser = XMLParser(data: Data(svg.stdout.utf8))
        XCTAssertTrue(parser.parse(), "well-formed SVG: \(parser.parserError.map { "\($0)" } ?? "")")
    }

    func testTheGoldenMermaidBlocksAreValid() throws {
        for pair in Self.pairs {
            let md = try String(contentsOf: Self.golden.appendingPathComponent("\(pair).md"), encoding: .utf8)
            let block = try XCTUnwrap(MermaidCheck.block(in: md), pair)
            XCTAssertEqual(MermaidCheck.problems(block), [], pair)
        }
        // The checker itself rejects what Mermaid would: a raw quote, an undeclared node, a bad linkStyle.
        XCTAssertEqual(MermaidCheck.problems("flowchart LR\n  n0(\"a\"b\")").count, 1)
        XCTAssertEqual(MermaidCheck.problems("flowchart LR\n  n0(\"a\")\n  n0 --> n1").count, 1)
        XCTAssertEqual(MermaidCheck.problems("flowchart LR\n  n0(\"a\")\n  n0 --> n0\n  linkStyle 1 stroke:#000").count, 1)
    }
}

/// A strict check of the Mermaid flowchart subset navgraph writes: every line must be a title
/// front-matter line, the header, a node with a quoted label, an edge between declared nodes,
/// or a classDef/class/linkStyle naming existing nodes and edges.
enum MermaidCheck {
    static func block(in markdown: String) -> String? {
        guard let start = markdown.range(of: "```mermaid\n"),
              let end = markdown.range(of: "\n```", range: start.upperBound..<markdown.endIndex) else { return nil }
        return String(markdown[start.upperBound..<end.lowerBound])
    }

    static func problems(_ text: String) -> [String] {
        let label = #""[^"\n<>&|`]*""#
        let patterns = [
            #"^---$"#, #"^title: "[^"\n]*"$"#, #"^flowchart LR$"#,
            #"^\s*n([0-9]+)(\(|\(\[|\{\{|\[\[|\[/)"# + label + #"(\)|\]\)|\}\}|\]\]|/\])$"#,
            #"^\s*n([0-9]+) (-->|-\.->|==>)(\|"# + label + #"\|)? n([0-9]+)$"#,
            #"^\s*classDef [a-z]+ [a-zA-Z0-9#:,. -]+$"#, #"^\s*class n[0-9]+(,n[0-9]+)* [a-z]+$"#,
            #"^\s*linkStyle [0-9]+(,[0-9]+)* [a-zA-Z0-9#:,. -]+$"#,
        ]
        var out: [String] = []
        var nodes = Set<String>(), edges = 0
        var linkIndices: [Int] = []
        for line in text.split(separator: "\n").map(String.init) {
            guard let p = patterns.firstIndex(where: { line.range(of: $0, options: .regularExpression) != nil }) else {
                out.append("not valid: \(line)")
                continue
            }
            let ids = line.matches(of: /n([0-9]+)/).map { String($0.output.1) }
            switch p {
            case 3: nodes.insert(ids[0])
            case 4:
                edges += 1
                for id in [ids.first!, ids.last!] where !nodes.contains(id) { out.append("edge to an undeclared node: \(line)") }
            case 6: for id in ids where !nodes.contains(id) { out.append("class of an undeclared node: \(line)") }
            case 7:
                let list = line.split(separator: " ")[1]
                linkIndices += list.split(separator: ",").compactMap { Int($0) }
            default: break
            }
        }
        for i in linkIndices where i >= edges { out.append("linkStyle \(i) but only \(edges) edges") }
        return out
    }

    /// `|` not preceded by a backslash.
    static func unescapedPipes(_ line: String) -> Int {
        var n = 0, escaped = false
        for c in line {
            if c == "|" && !escaped { n += 1 }
            escaped = c == "\\" && !escaped
        }
        return n
    }
}

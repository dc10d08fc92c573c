import XCTest
@testable import NavGraphKit
import NavGraphTestSupport
@testable import NavGraphSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks
@testable import NavGraphOutputs
@testable import NavGraphConfig

/// Each kind of bad input, with its exact line:col; all problems of a file in one pass.
final class LoaderTests: XCTestCase {
    func testMalformedYAML() {
        XCTAssertEqual(loadErrors("navgraph: 1\nfeatures: [a, b\n"), ["3:1: malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence)"])
    }

    func testMalformedJSON() {
        XCTAssertEqual(loadErrors("{\"navgraph\": 1,\n  \"features\": [}\n", file: "bad.json"), ["2:16: malformed JSON: expected a value"])
        XCTAssertEqual(loadErrors("{\"navgraph\": 1,}", file: "bad.json"), ["1:16: malformed JSON: expected a string key"])
    }

    /// A YAML text that starts with a byte-order mark is the same registry as without it (it was an
    /// empty registry, without a word, when the text came from elsewhere than a file).
    func testAByteOrderMarkInYAMLIsNotContent() throws {
        let yaml = "navgraph: 1\nentries: [{feature: A}]\nfeatures:\n  - {name: A}\n  - {name: B}\n"
        let plain = try RegistryLoader().load(text: yaml, file: "bom.yml")
        let marked = try RegistryLoader().load(text: "\u{FEFF}" + yaml, file: "bom.yml")
        XCTAssertEqual(marked.features.map(\.name), ["A", "B"])
        XCTAssertEqual(marked, plain)
        XCTAssertEqual(marked.features.last?.origin.registry?.description, "bom.yml:5:5")
        XCTAssertEqual(loadErrors("\u{FEFF}navgraph: 1\nfeaturez: []\n").first?.hasPrefix("2:1: unknown key 'featurez'"), true)
    }

    func testMissingVersion() {
        XCTAssertEqual(loadErrors("app: Shop\n"), ["1:1: missing 'navgraph: 1' (the schema version) at the top of the registry"])
        XCTAssertEqual(loadErrors("navgraph: 7\n"), ["1:11: unsupported schema version 7; this navgraph reads version 1"])
        XCTAssertEqual(loadErrors(""), ["1:1: the registry is empty: it needs at least 'navgraph: 1'"])
    }

    func testUnknownKeysWithSuggestion() {
        let yaml = """
            navgraph: 1
            featurs: []
            features:
              - name: Home
                navigate: [a]
            """
        XCTAssertEqual(loadErrors(yaml), [
            "2:1: unknown key 'featurs' in the registry; did you mean 'features'?",
            "5:5: unknown key 'navigate' in a feature; did you mean 'navigates'?",
        ])
    }

    func testWrongTypes() {
        let yaml = """
            navgraph: 1
            flags: {beta: maybe}
            routes: {id: x}
            features:
              - name: [Home]
              - name: B
                enabled: "flag:"
                dependencies: [{protocol: P, lazy: sometimes}]
            """
        XCTAssertEqual(loadErrors(yaml), [
            "2:15: flag 'beta' must be true or false, found a string",
            "3:9: routes must be a list, found a mapping",
            "5:11: name of a feature must be a string, found a list",
            "7:14: enabled must be true, false, \"flag:NAME\" or \"runtime\", found a string",
            "8:40: lazy must be true or false, found a string",
        ])
    }

    func testRepeatedKeys() {
        let yaml = """
            navgraph: 1
            features:
              - name: Home
                module: A
                module: B
            handlers:
              - name: H
                routes: {a: X, a: Y}
            """
        XCTAssertEqual(loadErrors(yaml), [
            "5:5: key 'module' is repeated in a feature",
            "8:20: key 'a' is repeated in routes of handler 'H'",
        ])
    }

    /// YAML outside the block reader's subset is read by Yams' public parser: anchors and aliases load,
    /// an unknown alias is named, and a repeated key (which Yams refuses as a whole) is one error at
    /// the mapping's first repeated key.
    func testYAMLOutsideTheBlockSubsetGoesThroughYams() throws {
        let anchored = "navgraph: 1\napp: &name Shop\nentries:\n  - feature: *name\nfeatures:\n  - name: *name\n    module: M\n"
        let registry = try loadRegistry(anchored)
        XCTAssertEqual(registry.features.map(\.name), ["Shop"])
        XCTAssertEqual(loadErrors("navgraph: 1\napp: a\nfeatures:\n  - name: *nope\n"), ["4:11: unknown alias '*nope'"])
        XCTAssertEqual(
            loadErrors("navgraph: 1\napp: a\nfeatures: [{name: A, module: M},\n  {name: B, module: M, name: C}]\n"),
            ["4:4: key 'name' is repeated in a mapping"])
        XCTAssertEqual(loadErrors("navgraph: 1\nfeatures: [a,\n  b\n"), ["4:1: malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence)"])
    }

    func testRepeatedKeysInJSON() {
        XCTAssertEqual(loadErrors("{\"navgraph\": 1, \"app\": \"a\", \"app\": \"b\"}", file: "x.json"), ["1:29: key 'app' is repeated in the registry"])
    }

    func testMissingRequiredKeysAndBadSource() {
        let yaml = """
            navgraph: 1
            routes:
              - type: ProductRoute
            entries:
              - {}
            features:
              - {name: A, source: "nowhere"}
            deeplinks:
              - {source: "App.swift:1:1"}
            """
        XCTAssertEqual(loadErrors(yaml), [
            "3:5: a route needs 'id'",
            "5:5: an entry needs 'feature' or 'route'",
            "7:23: source must look like 'path/File.swift:line:column', found 'nowhere'",
            "9:5: a deep link needs 'url', 'route' or 'anyRoute'",
        ])
    }

    /// `system:` of a route: one of the routing systems, written back as read; anything else is an error at the value.
    func testRouteSystem() throws {
        let r = try loadRegistry("navgraph: 1\nroutes:\n  - {id: a, system: featherweight}\n  - {id: b}\n")
        XCTAssertEqual(r.routes.map(\.system), [.featherweight, nil])
        XCTAssertTrue(RegistryWriter.yaml(r).contains("  - id: a\n    system: featherweight\n"))
        XCTAssertEqual(try loadRegistry(RegistryWriter.yaml(r)).routes.map(\.system), [.featherweight, nil])
        XCTAssertEqual(loadErrors("navgraph: 1\nroutes:\n  - {id: a, system: \"vip\\u001b\"}\n"), [
            "3:21: unknown routing system 'vip\u{1B}' (one of routerservice, protocol-routes, featherweight, components, module-factory, route-enum)",
        ])
    }

    func testDuplicatesAreNotLoadErrors() throws {
        let r = try loadRegistry("navgraph: 1\nroutes: [{id: a}, {id: a}]\nfeatures: [{name: F}, {name: F}]\n")
        XCTAssertEqual(r.routes.count, 2)
        XCTAssertEqual(r.features.count, 2)
    }

    /// The writer's features list is written in two halves on two threads: for every count (none,
    /// one, odd, even) it is one list under one key, in name order, and reads back as written.
    func testFeatureListWrittenInHalvesIsOneListInNameOrder() throws {
        for n in 0...7 {
            let names = (0..<n).map { "F\($0)" }
            let text = "navgraph: 1\nroutes: [{id: r}]\nfeatures:\n" + names.reversed().map { "  - {name: \($0), navigates: [r]}\n" }.joined()
            let registry = try loadRegistry(n == 0 ? "navgraph: 1\nroutes: [{id: r}]\n" : text)
            let yaml = RegistryWriter.yaml(registry)
            XCTAssertEqual(yaml.components(separatedBy: "\nfeatures:\n").count - 1, n == 0 ? 0 : 1, "\(n) features")
            let again = try loadRegistry(yaml, file: "round.yml")
            XCTAssertEqual(again.features.map(\.name), names, "\(n) features")
            XCTAssertEqual(RegistryWriter.yaml(again), yaml, "\(n) features")
            XCTAssertTrue(yaml.hasSuffix(n == 0 ? "  - id: r\n" : "    navigates:\n      - r\n"), "\(n) features: the features list is last here")
        }
    }

    func testJSONAndYAMLGiveTheSameRegistry() throws {
        let yaml = try RegistryLoader().load(paths: [examplePath("ShopApp.yml")])
        // Round trip: YAML -> writer -> YAML gives the same canonical text.
        let text = RegistryWriter.yaml(yaml)
        let again = try loadRegistry(text, file: "round.yml")
        XCTAssertEqual(RegistryWriter.yaml(again), text)
        let json = """
            {"navgraph": 1, "app": "J", "entries": [{"feature": "A"}],
             "features": [{"name": "A", "enabled": "flag:x", "fallback": "B", "navigates": ["r", {"route": "s", "style": "modal"}]},
                          {"name": "B", "dependencies": [{"protocol": "P", "lazy": true}]}],
             "flags": {"x": false}, "routes": [{"id": "r", "parameters": {"id": "String"}}, {"id": "s"}]}
            """
        let fromJSON = try loadRegistry(json, file: "r.json")
        let fromYAML = try loadRegistry(RegistryWriter.yaml(fromJSON), file: "r.yml")
        XCTAssertEqual(RegistryWriter.yaml(fromJSON), RegistryWriter.yaml(fromYAML))
        XCTAssertEqual(fromJSON.features[0].enabled, .flag("x"))
        XCTAssertEqual(fromJSON.features[1].dependencies[0].lazy, true)
        XCTAssertEqual(fromJSON.features[0].origin.registry?.line, 2)
    }

    func testJSONUnicodeEscapesAndColumns() throws {
        let r = try loadRegistry("{\"navgraph\": 1, \"app\": \"caf\\u00e9 \\ud83d\\ude00\"}", file: "u.json")
        XCTAssertEqual(r.app, "café 😀")
        XCTAssertEqual(loadErrors("{\"navgraph\": 1, \"app\": \"é\", x}", file: "c.json"), ["1:29: malformed JSON: expected a string key"])
    }

    func testDirectoriesAndSeveralFilesMerge() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "navgraph: 1\nfeatures: [{name: A}]\n".write(to: dir.appendingPathComponent("a.yml"), atomically: true, encoding: .utf8)
        try "{\"navgraph\": 1, \"features\": [{\"name\": \"B\"}]}".write(to: dir.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        try "not a registry".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let r = try RegistryLoader().load(paths: [dir.path])
        XCTAssertEqual(r.features.map(\.name), ["A", "B"])
    }

    func testAllProblemsAcrossFilesInOnePass() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "navgraph: 1\nfeatures: [{nam: A}]\n".write(to: dir.appendingPathComponent("a.yml"), atomically: true, encoding: .utf8)
        try "{\"navgraph\": 1,".write(to: dir.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try RegistryLoader().load(paths: [dir.path, "/does/not/exist.yml"])) { error in
            let diags = (error as! InputError).diagnostics
            XCTAssertEqual(diags.count, 4, "\(diags)")
            XCTAssertTrue(diags.contains { $0.message == "no such file or directory: /does/not/exist.yml" })
            XCTAssertTrue(diags.contains { $0.location?.file.hasSuffix("a.yml") == true && $0.location?.line == 2 })
            XCTAssertTrue(diags.contains { $0.location?.file.hasSuffix("b.json") == true && $0.message.hasPrefix("malformed JSON") })
        }
    }

    func testHostileInputDoesNotTrap() {
        // Deep nesting, binary junk, aliases: errors, never a crash.
        XCTAssertFalse(loadErrors(String(repeating: "[", count: 5000), file: "deep.json").isEmpty)
        XCTAssertFalse(loadErrors("navgraph: 1\nfeatures: *nope\n").isEmpty)
        XCTAssertFalse(loadErrors("\u{0}\u{1}\u{2}").isEmpty)
    }

    /// Untrusted names survive writing and reading back exactly.
    func testWriterRoundTripsHostileNames() throws {
        let hostile = ["a\"b", "back\\slash", "new\nline", "tab\there", "bell\u{7}", "<script>&", "yes", "1.5", "-dash", "café 😀", "line\u{2028}sep", "#hash", "key: value", "[list]"]
        let registry = Registry(
            flags: hostile.map { FeatureFlag(name: $0, defaultValue: true) },
            routes: hostile.map { Route(id: $0, parameters: [.init(name: $0, type: $0)]) },
            features: hostile.map { Feature(name: $0, enabled: .flag($0), fallback: $0, navigates: [Navigation(route: $0, style: $0)]) })
        let text = RegistryWriter.yaml(registry)
        let back = try loadRegistry(text, file: "hostile.yml")
        XCTAssertEqual(back.routes.map(\.id).sorted(), hostile.sorted())
        XCTAssertEqual(back.features.map(\.name).sorted(), hostile.sorted())
        XCTAssertEqual(Set(back.features.map(\.enabled)), Set(hostile.map { Enablement.flag($0) }))
        XCTAssertEqual(back.flags.map(\.name).sorted(), hostile.sorted())
        XCTAssertEqual(RegistryWriter.yaml(back), text)
    }

    /// A handler that may show either of two screens for one route writes the route once with a
    /// list (`help: [Help, Settings]`; a mapping may not repeat a key), in YAML and JSON, and both
    /// read back to the same two mappings; `check` counts it as one handler, not a duplicate.
    func testAHandlerMayMapARouteToAListOfScreens() throws {
        var r = Registry()
        r.routes = [Route(id: "help"), Route(id: "profile")]
        r.handlers = [RouteHandler(name: "AppRouter", routes: [
            .init(route: "help", feature: "Settings"), .init(route: "profile", feature: "Profile"), .init(route: "help", feature: "Help"),
        ])]
        r.features = [Feature(name: "Help"), Feature(name: "Profile"), Feature(name: "Settings")]
        r.entries = [Entry(target: .route("help")), Entry(target: .route("profile"))]
        let yaml = RegistryWriter.yaml(r)
        XCTAssertTrue(yaml.contains("      help: [Help, Settings]\n      profile: Profile\n"), yaml)
        for (text, file) in [(yaml, "r.yml"), (RegistryJSONWriter.json(r), "r.json")] {
            let back = try RegistryLoader().load(text: text, file: file)
            XCTAssertEqual(back.handlers.flatMap { h in h.routes.map { "\($0.route) -> \($0.feature)" } }.sorted(), ["help -> Help", "help -> Settings", "profile -> Profile"], file)
            XCTAssertEqual(CheckRunner().run(NavGraph(registry: back)).map(\.ruleID), [], file)
        }
        XCTAssertEqual(loadErrors("navgraph: 1\nroutes: [{id: help}]\nhandlers: [{name: H, routes: {help: []}}]\nfeatures: [{name: Help}]\n"),
                       ["3:37: the destination feature of route 'help' must be a string, found a list"])
        XCTAssertEqual(loadErrors("navgraph: 1\nroutes: [{id: help}]\nhandlers: [{name: H, routes: {help: [Help, null]}}]\nfeatures: [{name: Help}]\n"),
                       ["3:44: an item of the destination features of route 'help' must be a string, found null"])
    }
}

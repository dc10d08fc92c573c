import Foundation
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
import NavGraphSynthetic

/// The fast reader (events straight into the model) against the positioned reader (`RawNode` tree,
/// every diagnostic): on valid and on randomly broken registries, the fast path either gives up or
/// builds exactly the registry the positioned reader builds; the loader's answer (registry or every
/// diagnostic) is always the positioned reader's. Nothing may trap. Fixtures/fast-reader holds the
/// edge cases (escapes, anchors, tags, deep nesting, BOM-less CR lines…) and any input that ever
/// makes the two paths disagree (none has so far).
final class FastReaderDifferentialTests: XCTestCase {
    static let fuzz = FuzzBudget.fromEnvironment()

    /// A registry that uses every key of the schema, in YAML and in JSON.
    static let richYAML = """
        navgraph: 1
        app: "Rich App"
        entries:
          - feature: HomeFeature
            source: Sources/App/App.swift:3:5
          - route: WelcomeRoute
            ignore: [unreachable-feature]
        flags:
          newCheckout: true
          betaSearch:
            default: runtime
            owner: search-team
            source: Sources/Flags.swift:10:1
          oldProfile: false
          liveToggle: runtime
        provided:
          - Logger
          - name: Analytics
            source: Sources/App/App.swift:20:3
        routes:
          - id: HomeRoute
            type: HomeRoute
            module: Home
            parameters: {userID: String, "count": Int}
            source: Sources/Home/Routes.swift:4:1
          - id: WelcomeRoute
            ignore: unhandled-route
            system: featherweight
          - {id: "Ünïcödé Route ✓", type: null, module: ~}
        handlers:
          - name: HomeHandler
            module: Home
            routes:
              HomeRoute: HomeFeature
              "Ünïcödé Route ✓": "Ünïcödé Feature"
            source: Sources/Home/Handler.swift:1:1
        features:
          - name: HomeFeature
            module: Home
            enabled: true
            dependencies:
              - HomeService
              - protocol: Analytics
                lazy: true
                used: false
                source: Sources/Home/Home.swift:9:9
            navigates:
              - HomeRoute
              - route: WelcomeRoute
                style: modal
                source: Sources/Home/Home.swift:30:12
            source: Sources/Home/Home.swift:1:1
          - name: CheckoutFeature
            enabled: "flag: newCheckout"
            fallback: HomeFeature
            unusedFallback:
              declared: fallback(forRoute:)
              requirement: fallback(for:)
              source: Sources/Checkout.swift:40:5
            ignore: [missing-fallback, unreachable-feature]
          - name: SearchFeature
            enabled: runtime
            fallback: null
          - name: OldFeature
            enabled: false
          - name: "Ünïcödé Feature"
            module: "Mödule"
        dependencies:
          - protocol: HomeService
            implementation: HomeServiceImpl
            module: Home
            dependencies: [Logger, {protocol: Analytics, lazy: false}]
            source: Sources/Home/Service.swift:2:2
            ignore: [unused-dependency]
          - protocol: Core.Logger
        deeplinks:
          - url: "app://home"
            route: HomeRoute
          - anyRoute: ""
          - anyRoute: "app://search?q=1"
            source: Sources/Links.swift:1:1
            ignore: [invalid-deeplink]
          - url: "app://orders"

        """

    static let richJSON = """
        {
          "navgraph": 1, "app": "Rich App",
          "entries": [{"feature": "HomeFeature", "source": "Sources/App/App.swift:3:5"}, {"route": "WelcomeRoute", "ignore": ["unreachable-feature"]}],
          "flags": {"newCheckout": true, "betaSearch": {"default": "runtime", "owner": "search-team"}, "oldProfile": false, "liveToggle": "runtime"},
          "provided": ["Logger", {"name": "Analytics", "source": "Sources/App/App.swift:20:3"}],
          "routes": [
            {"id": "HomeRoute", "type": "HomeRoute", "module": "Home", "parameters": {"userID": "String", "count": "Int"}},
            {"id": "WelcomeRoute", "ignore": "unhandled-route"},
            {"id": "Ünïcödé Route ✓", "type": null}
          ],
          "handlers": [{"name": "HomeHandler", "module": "Home", "routes": {"HomeRoute": "HomeFeature", "Ünïcödé Route ✓": "Ünïcödé Feature"}}],
          "features": [
            {"name": "HomeFeature", "module": "Home", "enabled": true,
             "dependencies": ["HomeService", {"protocol": "Analytics", "lazy": true, "used": false}],
             "navigates": ["HomeRoute", {"route": "WelcomeRoute", "style": "modal", "source": "S.swift:30:12"}]},
            {"name": "CheckoutFeature", "enabled": "flag:newCheckout", "fallback": "HomeFeature",
             "unusedFallback": {"declared": "fallback(forRoute:)", "requirement": "fallback(for:)"}, "ignore": ["missing-fallback"]},
            {"name": "SearchFeature", "enabled": "runtime", "fallback": null},
            {"name": "OldFeature", "enabled": false},
            {"name": "Ünïcödé Feature", "module": "Mödule"}
          ],
          "dependencies": [{"protocol": "HomeService", "implementation": "HomeServiceImpl", "dependencies": ["Logger", {"protocol": "Analytics", "lazy": false}]}],
          "deeplinks": [{"url": "app://home", "route": "HomeRoute"}, {"anyRoute": ""}, {"anyRoute": "app://search?q=1"}]
        }

        """

    enum Outcome: Equatable {
        case registry(Registry)
        case errors([String])
    }

    static func positioned(_ text: String, _ file: String) -> Outcome {
        do {
            return .registry(try RegistryLoader().positionedLoad(text: text, file: file, isJSON: file.hasSuffix(".json")))
        } catch {
            return .errors(error.diagnostics.map(\.description))
        }
    }

    static func loaded(_ text: String, _ file: String) -> Outcome {
        do {
            return .registry(try RegistryLoader().load(text: text, file: file))
        } catch {
            return .errors(error.diagnostics.map(\.description))
        }
    }

    /// The property: returns false (and fails the test) when the paths disagree.
    @discardableResult
    func assertAgree(_ text: String, _ file: String, _ what: @autoclosure () -> String) -> LoadedRegistry? {
        let fastLoaded = RegistryLoader.fastLoad(text: text, file: file, isJSON: file.hasSuffix(".json"))
        let fast = fastLoaded?.registry
        let slow = Self.positioned(text, file)
        if let fast {
            if slow != .registry(fast) {
                XCTFail("fast and positioned readers disagree on \(what()):\n\(text.prefix(4000))\nfast: \(fast)\npositioned: \(slow)")
            }
        }
        let viaLoader = Self.loaded(text, file)
        if viaLoader != slow { XCTFail("the loader's answer is not the positioned reader's on \(what())") }
        return fastLoaded
    }

    func testValidRegistriesTakeTheFastPathAndAgree() {
        XCTAssertNotNil(assertAgree(Self.richYAML, "rich.yml", "the rich YAML registry"))
        XCTAssertNotNil(assertAgree(Self.richJSON, "rich.json", "the rich JSON registry"))
        for seed: UInt64 in 1...4 {
            let registry = SyntheticRegistry(features: 40 * Int(seed), seed: seed).registry
            XCTAssertNotNil(assertAgree(RegistryWriter.yaml(registry), "s\(seed).yaml", "synthetic YAML \(seed)"))
            XCTAssertNotNil(assertAgree(RegistryJSONWriter.json(registry), "s\(seed).json", "synthetic JSON \(seed)"))
        }
        for example in ["ShopApp.yml", "Broken.yml"] {
            let path = examplePath(example)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                XCTFail("missing \(path)")
                continue
            }
            XCTAssertNotNil(assertAgree(text, path, example), "\(example) should take the fast path")
        }
    }

    /// The same document with a byte-order mark, CRLF line ends, minified or with a second document
    /// still loads the same way on both paths.
    func testLayoutVariantsAgree() {
        let json = Self.richJSON
        XCTAssertNotNil(assertAgree("\u{FEFF}" + json, "bom.json", "JSON with a BOM"))
        XCTAssertNotNil(assertAgree(json.replacingOccurrences(of: "\n", with: "\r\n"), "crlf.json", "JSON with CRLF"))
        XCTAssertNotNil(assertAgree(json.replacingOccurrences(of: "\n", with: ""), "min.json", "minified JSON"))
        // YAML outside the block reader's subset is left to the positioned reader (Yams), which loads it.
        let yamlVariants = [
            (Self.richYAML + "---\nnot: read\n", "two.yml"), ("\u{FEFF}" + Self.richYAML, "bom.yml"),
            (Self.richYAML.replacingOccurrences(of: "\n", with: "\r\n"), "crlf.yml"),
        ]
        guard case .registry(let rich) = Self.positioned(Self.richYAML, "rich.yml") else { return XCTFail("the rich YAML does not load") }
        XCTAssertGreaterThan(rich.features.count, 1)
        for (text, file) in yamlVariants {
            XCTAssertNil(assertAgree(text, file, file), "\(file) is left to the positioned reader")
            guard case .registry(let registry) = Self.positioned(text, file) else { return XCTFail("\(file) does not load") }
            XCTAssertEqual(registry.features.map(\.name), rich.features.map(\.name), file)
        }
    }

    /// Random mutations of valid registries: byte flips, truncation, repeated lines (repeated keys),
    /// wrong types, unicode, deep nesting, deleted ranges. Deterministic (seeded).
    func testMutatedRegistriesAgree() {
        var rng = SplitMix(seed: Self.fuzz.seed(0x13))
        let small = SyntheticRegistry(features: 24, seed: 3).registry
        let bases: [(String, String)] = [
            (Self.richYAML, "m.yml"), (Self.richJSON, "m.json"),
            (RegistryWriter.yaml(small), "s.yaml"), (RegistryJSONWriter.json(small), "s.json"),
        ]
        var fastCount = 0, total = 0
        for round in 0..<Self.fuzz.rounds(800) {
            let (base, file) = bases[round % bases.count]
            var bytes = Array(base.utf8)
            for _ in 0..<(1 + Int(rng.next() % 3)) { Self.mutate(&bytes, &rng) }
            let text = String(decoding: bytes, as: UTF8.self)
            total += 1
            if assertAgree(text, file, "mutation \(round) of \(file)") != nil { fastCount += 1 }
        }
        // Some mutations keep the document valid (a changed letter in a name): the fast path must
        // still take those, or it would be a fast path in name only.
        XCTAssertGreaterThan(fastCount, total / 20, "the fast path took \(fastCount) of \(total) mutated registries")
    }

    /// A big JSON document is read on two threads (`FeatureSplit`): at every cut of the features
    /// list, the split read builds exactly what the one-thread fast reader builds (locations
    /// included) and the graph needs no name of its own; on mutated documents it gives up or builds
    /// the positioned reader's registry.
    func testSplitReadingAgreesAtEveryCut() {
        var docs: [(String, String)] = [
            (Self.richJSON, "rich.json"), ("\u{FEFF}" + Self.richJSON, "bom.json"),
            (Self.richJSON.replacingOccurrences(of: "\n", with: "\r\n"), "crlf.json"),
            (Self.richJSON.replacingOccurrences(of: "\n", with: ""), "min.json"),
        ]
        for seed: UInt64 in 1...3 { docs.append((RegistryJSONWriter.json(SyntheticRegistry(features: 30, seed: seed).registry), "s\(seed).json")) }
        var cuts = 0
        for (text, file) in docs {
            var text = text
            text.withUTF8 { bytes in
                let whole = FastRegistryDecoder.decode(JSONEventSource(bytes: bytes, file: file))?.registry
                XCTAssertNotNil(whole, file)
                XCTAssertNil(FeatureSplit.json(bytes, item: 0), "the first item is never cut off")
                var k = 1
                while let split = FeatureSplit.json(bytes, item: k) {
                    cuts += 1
                    let halves = FastRegistryDecoder<JSONEventSource>.decode(bytes, file: file, split: split)
                    XCTAssertEqual(halves?.registry, whole, "cut at item \(k) of \(file)")
                    if let halves { XCTAssertEqual(NavGraph(halves).namesInterned, 0, "cut at item \(k) of \(file)") }
                    k += 1
                }
            }
        }
        XCTAssertGreaterThan(cuts, 80)

        var rng = SplitMix(seed: Self.fuzz.seed(0x5EED))
        let base = RegistryJSONWriter.json(SyntheticRegistry(features: 24, seed: 5).registry)
        var took = 0, gaveUp = 0
        for round in 0..<Self.fuzz.rounds(300) {
            var bytes = Array(base.utf8)
            for _ in 0..<(1 + Int(rng.next() % 2)) { Self.mutate(&bytes, &rng) }
            var text = String(decoding: bytes, as: UTF8.self)
            let slow = Self.positioned(text, "m.json")
            text.withUTF8 { bytes in
                for k in [1, 5, 12, 23] {
                    guard let split = FeatureSplit.json(bytes, item: k) else { continue }
                    if let halves = FastRegistryDecoder<JSONEventSource>.decode(bytes, file: "m.json", split: split)?.registry {
                        took += 1
                        XCTAssertEqual(.registry(halves), slow, "mutation \(round), cut at item \(k)")
                    } else {
                        gaveUp += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(took, 0)
        XCTAssertGreaterThan(gaveUp, 0)
    }

    /// `FeatureSplit.json` finds the list by searching for `"features"` (not by skimming what
    /// comes before it), so the readers must hold any cut to the real list: for pairs of guesses
    /// among the document's brackets, quotes and commas, the split read builds the one-thread
    /// registry or gives up. Documents with a nested `"features": [`, a repeated top-level key, a
    /// features value that is no list, and the list last or first.
    func testSplitGuessesAreChecked() {
        let nested = Self.richJSON.replacingOccurrences(
            of: #""parameters": {"userID": "String", "count": "Int"}"#,
            with: #""parameters": {"features": ["HomeFeature", {"name": "X"}], "count": "Int"}"#)
        XCTAssertNotEqual(nested, Self.richJSON)
        let docs = [
            Self.richJSON, nested,
            #"{"navgraph": 1, "features": [{"name": "A"}, {"name": "B", "navigates": [{"route": "r"}]}, {"name": "C"}]}"#,
            #"{"features": [{"name": "A"}, {"name": "B"}, {"name": "C"}], "navgraph": 1, "routes": [{"id": "r"}]}"#,
            #"{"navgraph": 1, "features": [{"name": "A"}, {"name": "B"}], "features": [{"name": "C"}, {"name": "D"}]}"#,
            #"{"navgraph": 1, "features": "none", "routes": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}"#,
            RegistryJSONWriter.json(SyntheticRegistry(features: 12, seed: 4).registry),
        ]
        var checked = 0, took = 0
        for (n, doc) in docs.enumerated() {
            var text = doc
            text.withUTF8 { bytes in
                let whole = FastRegistryDecoder.decode(JSONEventSource(bytes: bytes, file: "g.json"))?.registry
                let marks = bytes.indices.filter { [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: ",")].contains(bytes[$0]) }
                // At most ~50 of each, spread over the document.
                let step = max(1, marks.count / 50)
                let picks = stride(from: 0, to: marks.count, by: step).map { marks[$0] }
                for start in picks {
                    for end in picks where end > start {
                        let halves = FastRegistryDecoder<JSONEventSource>.decode(bytes, file: "g.json", split: FeatureSplit(itemStart: start, listEnd: end))?.registry
                        checked += 1
                        guard let halves else { continue }
                        took += 1
                        XCTAssertEqual(halves, whole, "document \(n), guessed cut \(start) and end \(end)")
                    }
                }
                if let split = FeatureSplit.json(bytes) {
                    XCTAssertEqual(FastRegistryDecoder<JSONEventSource>.decode(bytes, file: "g.json", split: split)?.registry, whole, "document \(n), the split it finds")
                }
            }
        }
        XCTAssertGreaterThan(checked, 5000)
        XCTAssertGreaterThan(took, 0)
        // The real list is found behind a nested one and when it comes last or first.
        for doc in [nested, docs[2], docs[3]] {
            var text = doc
            XCTAssertNotNil(text.withUTF8 { FeatureSplit.json($0) }, doc)
        }
    }

    /// Features and routes in the plain shape (`PlainObject`) are read straight from the bytes, the
    /// others event by event. Every kind of value at every key, missing, repeated and unknown keys:
    /// the fast path builds the positioned reader's registry or gives up, also with the list cut
    /// before and after the item, and the graph finds every name's id where it looks for it.
    func testPlainItemsAgreeWithEvents() {
        let values = [
            #""V""#, #""""#, "null", "true", "7", "[]", #"["V", "W"]"#, #"["V",""]"#, #"["V", null]"#, #"[{"protocol": "V"}]"#,
            #"{"route": "V"}"#, #""runtime""#, #""flag: x ""#, #""flag:""#, #""flag:x""#, #""V\u0057""#, #""Vé""#,
            // Navigations as objects (`PlainKeys.objectItems`), in and out of the plain shape.
            #"[{"route": "V", "style": "modal"}, "W"]"#, #"[{"style": null, "route": "V"}]"#, #"[{"route": "V"}]"#,
            #"[{"route": ""}]"#, #"[{"style": "m"}]"#, #"[{"route": "V", "route": "W"}]"#, #"[{"route": "V", "style": "a", "style": "b"}]"#,
            #"[{"route": "V", "source": "S.swift:1:1"}]"#, #"[{"route": null}]"#, #"[{}]"#, #"[{"route": "V", "style": 5}]"#,
            #"[{"route": "V", "style": ""}]"#, #"[{"route": "V" "style": "m"}]"#, #"[{"route": "V",}]"#,
            // A handler's routes as pairs (`PlainKeys.pairs`).
            "{}", #"{"r1": "F1", "r2": "F2"}"#, #"{"r1": "F1", "r1": "F2"}"#, #"{"r1": null}"#, #"{"": "F1"}"#, #"{"r1": ""}"#,
            #"{"r1": "F1",}"#, #"{"r1" "F1"}"#, #"{"r1": ["F1"]}"#, #"{"r\u0031": "F1"}"#, #"{"r1": "F1" "r2": "F2"}"#,
            // A route the handler may show several screens for (`r1: [F1, F2]`).
            #"{"r1": ["F1", "F2"], "r2": "F2"}"#, #"{"r1": []}"#, #"{"r1": ["F1", null]}"#, #"{"r1": ["F1", ["F2"]]}"#, #"{"r1": ["F1",]}"#,
        ]
        let feature: [(String, String)] = [
            ("name", #""F1""#), ("module", #""M""#), ("enabled", #""flag:x""#), ("fallback", #""F2""#),
            ("dependencies", #"["D1", "D2"]"#), ("navigates", #"["r1"]"#),
        ]
        let route: [(String, String)] = [("id", #""r1""#), ("type", #""T""#), ("module", #""M""#)]
        let handler: [(String, String)] = [("name", #""H""#), ("module", #""M""#), ("routes", #"{"r1": "F1", "r2": "F2"}"#)]
        func object(_ pairs: [(String, String)]) -> String { "{" + pairs.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}" }
        func variants(_ base: [(String, String)]) -> [String] {
            var out = [object(base), object(base.reversed()), object(base).replacingOccurrences(of: " ", with: ""),
                object(base).replacingOccurrences(of: ", ", with: " ,\n\t ")]
            for k in base.indices {
                for v in values {
                    var pairs = base
                    pairs[k].1 = v
                    out.append(object(pairs))
                }
                var without = base
                without.remove(at: k)
                out.append(object(without))
                out.append(object(base + [base[k]]))
            }
            out.append(object(base + [("source", #""S.swift:1:2""#)]))
            out.append(object(base + [("extra", #""x""#)]))
            out.append("{}")
            return out
        }
        func document(routeItem: String, featureItem: String, handlerItem: String = object(handler)) -> String {
            """
            {"navgraph": 1, "routes": [\(routeItem), {"id": "r2"}],
             "handlers": [\(handlerItem), {"name": "H2", "routes": {"r3": "F2"}}],
             "features": [{"name": "F0", "navigates": ["r1"]}, \(featureItem), {"name": "F2", "dependencies": ["D1"]}]}
            """
        }
        var docs = variants(feature).map { document(routeItem: object(route), featureItem: $0) }
        docs += variants(route).map { document(routeItem: $0, featureItem: object(feature)) }
        docs += variants(handler).map { document(routeItem: object(route), featureItem: object(feature), handlerItem: $0) }
        var took = 0
        for (n, doc) in docs.enumerated() {
            guard let fast = assertAgree(doc, "plain.json", "plain item variant \(n)") else {
                // The fast path gives up only where the document is broken or has an escape.
                if !doc.contains("\\"), case .registry = Self.positioned(doc, "plain.json") { XCTFail("plain item variant \(n): the fast path gave up on \(doc)") }
                continue
            }
            took += 1
            // A number read as a name has no id (JSON literals are not interned): the graph interns it.
            let literalName = ["name", "fallback", "id"].contains { doc.contains("\"\($0)\": 7") }
            XCTAssertEqual(NavGraph(fast).namesInterned, literalName ? 1 : 0, "plain item variant \(n)")
            var text = doc
            text.withUTF8 { bytes in
                for k in 1...2 {
                    guard let split = FeatureSplit.json(bytes, item: k) else { continue }
                    let halves = FastRegistryDecoder<JSONEventSource>.decode(bytes, file: "plain.json", split: split)
                    XCTAssertEqual(halves?.registry, fast.registry, "plain item variant \(n), cut at item \(k)")
                    if let halves {
                        XCTAssertEqual(NavGraph(halves).namesInterned, literalName ? 1 : 0, "plain item variant \(n), cut at item \(k)")
                    }
                }
            }
        }
        // The valid variants: the plain ones, and those read event by event (a number as a module,
        // an object in a list, an escape…).
        XCTAssertGreaterThan(took, docs.count / 6, "the fast path took \(took) of \(docs.count)")
        var navigations = feature
        navigations[5].1 = #"[{"route": "r1", "style": "modal"}, "r2", {"style": null, "route": "r2"}]"#
        XCTAssertNotNil(assertAgree(document(routeItem: object(route), featureItem: object(navigations)), "plain.json", "navigation objects"))
    }

    /// The loader splits a document over `FeatureSplit.minimumBytes` and still builds the
    /// positioned reader's registry.
    func testTheLoaderSplitsBigRegistries() {
        var json = RegistryJSONWriter.json(SyntheticRegistry(features: 4000, seed: 9).registry)
        XCTAssertGreaterThanOrEqual(json.utf8.count, FeatureSplit.minimumBytes)
        XCTAssertNotNil(json.withUTF8 { FeatureSplit.json($0) })
        XCTAssertNotNil(assertAgree(json, "big.json", "a JSON registry big enough to split"))
        // And a YAML one of that size is read by the block reader on two threads.
        let yaml = RegistryWriter.yaml(SyntheticRegistry(features: 4000, seed: 9).registry)
        XCTAssertGreaterThanOrEqual(yaml.utf8.count, FeatureSplit.minimumBytes)
        XCTAssertNotNil(assertAgree(yaml, "big.yml", "a YAML registry big enough to split"))
    }

    /// `load(file:)` reads an ASCII JSON file as bytes, without making a `String`: it gives what the
    /// text path gives, for big (split) and small files, features before or after everything else,
    /// non-ASCII text (the text path), a byte-order mark and bad input (every error, same locations).
    func testJSONFilesReadAsBytesAgreeWithTheText() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-bytes-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = RegistryJSONWriter.json(SyntheticRegistry(features: 4000, seed: 5).registry)
        // The same document with its keys sorted: `features` comes before `routes` and the rest, so
        // the first reader reaches the list before the second thread's skim can have found the cut.
        let object = try JSONSerialization.jsonObject(with: Data(big.utf8))
        let sortedKeys = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
        XCTAssertLessThan(try XCTUnwrap(sortedKeys.range(of: "\"features\"")).lowerBound, try XCTUnwrap(sortedKeys.range(of: "\"routes\"")).lowerBound)
        let small = RegistryJSONWriter.json(SyntheticRegistry(features: 30, seed: 2).registry)
        let cases: [(String, String)] = [
            ("big.json", big), ("sorted-keys.json", sortedKeys), ("small.json", small),
            ("non-ascii.json", small.replacingOccurrences(of: "SyntheticApp", with: "Synthétique")),
            ("bom.json", "\u{FEFF}" + small),
            ("broken.json", String(small.dropLast(3))),
            ("broken-big.json", big.replacingOccurrences(of: "\"navigates\"", with: "\"navigate\"")),
            ("one-feature.json", #"{"navgraph": 1, "features": [{"name": "A"}], "routes": []}"# + String(repeating: " ", count: FeatureSplit.minimumBytes)),
        ]
        for (name, text) in cases {
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let fromFile: Outcome
            do {
                fromFile = .registry(try RegistryLoader().load(file: path))
            } catch {
                fromFile = .errors(error.diagnostics.map(\.description))
            }
            XCTAssertEqual(fromFile, Self.positioned(text, path), name)
            if name.hasPrefix("broken") {
                guard case .errors(let errors) = fromFile else { return XCTFail("\(name) should not load") }
                XCTAssertTrue(errors.allSatisfy { $0.contains(path + ":") }, "\(name): \(errors)")
            } else if case .errors(let errors) = fromFile {
                XCTFail("\(name): \(errors)")
            }
        }
    }

    /// The edge cases, and every input that once made the two readers disagree (or trap).
    func testFixtures() throws {
        let dir = try XCTUnwrap(Bundle.module.resourceURL).appendingPathComponent("Fixtures/fast-reader")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertFalse(files.isEmpty, "no fixtures in \(dir.path)")
        for name in files {
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            assertAgree(String(decoding: data, as: UTF8.self), name, "fixture \(name)")
        }
    }

    static func mutate(_ bytes: inout [UInt8], _ rng: inout SplitMix) {
        guard !bytes.isEmpty else { return }
        let at = Int(rng.next() % UInt64(bytes.count))
        let interesting: [String] = [
            "\"", "{", "}", "[", "]", ":", ",", "\\", "-", " ", "\n", "#", "&a ", "*a", "!!str ", "é", "✓", "\u{0}",
            "\t", "null", "true", "~", "[1]", "{}", "- x\n", "\\u00e9", "\\n", "\u{FEFF}", "'", "?", "|", ">", "\r",
        ]
        switch rng.next() % 9 {
        case 0: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
        case 1: bytes[at] ^= 1 << UInt8(rng.next() % 8)
        case 2: bytes.removeSubrange(at...)  // truncation
        case 3:  // repeat a line (repeated keys, repeated items)
            let start = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let end = bytes[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            bytes.insert(contentsOf: Array(bytes[start..<end]), at: end)
        case 4: bytes.insert(contentsOf: Array(interesting[Int(rng.next() % UInt64(interesting.count))].utf8), at: at)
        case 5: bytes[at] = Array(interesting[Int(rng.next() % UInt64(interesting.count))].utf8)[0]
        case 6:  // deep nesting
            let depth = 1 + Int(rng.next() % 700)
            bytes.insert(contentsOf: Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8), at: at)
        case 7:  // a wrong type in place of a word
            var end = at
            while end < bytes.count, (bytes[end] >= 0x41 && bytes[end] <= 0x7A) || (bytes[end] >= 0x30 && bytes[end] <= 0x39) { end += 1 }
            let replacement = ["[]", "{}", "12", "true", "null", "\"\"", "[a, b]", "{a: 1}"][Int(rng.next() % 8)]
            bytes.replaceSubrange(at..<end, with: Array(replacement.utf8))
        default:  // delete a range
            let end = min(bytes.count, at + 1 + Int(rng.next() % 40))
            bytes.removeSubrange(at..<end)
        }
    }
}

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
import Yams

/// `BlockYAMLEventSource` (block YAML read straight from the bytes) against libyaml as Yams' public
/// parser composes it (`Yams.Parser`): whenever the block reader reads a document to its end, Yams
/// reads it too and gives the same tree, walked as events — kinds, text, plain or quoted, line and
/// column of every node's start (Yams keeps no end marks, so ends are compared by kind only). Yams
/// refuses a mapping with a repeated key; such a document is not compared (the block reader keeps
/// repeats so that the loader can report each one). The block reader may give up on anything; it must never read
/// a document differently. Inputs: registries as `generate` and `scan` write them, the examples,
/// hand-written layouts, and thousands of seeded mutations of them.
final class BlockYAMLEventSourceTests: XCTestCase {
    struct Event: Equatable, CustomStringConvertible {
        var kind: RegistryEvent.Kind
        var text: String
        var plain: Bool
        var line: Int
        var column: Int
        var description: String { "\(kind)\(kind == .scalar ? " " + text.debugDescription + (plain ? "" : " quoted") : "") \(line):\(column)" }
    }

    /// The events of the root value, then `finish()`'s answer; nil when the source gave up. Ends carry
    /// no mark (Yams' tree has none to compare them with).
    static func events<S: RegistryEventSource>(_ source: inout S) -> (events: [Event], finished: Bool)? {
        var out: [Event] = []
        var depth = 0
        repeat {
            guard let e = source.next() else { return nil }
            let at = source.location(e.mark)
            let isEnd = e.kind == .mappingEnd || e.kind == .sequenceEnd
            out.append(Event(kind: e.kind, text: e.kind == .scalar ? e.text : "", plain: e.kind == .scalar && e.plain, line: isEnd ? 0 : at.line, column: isEnd ? 0 : at.column))
            switch e.kind {
            case .mappingStart, .sequenceStart: depth += 1
            case .mappingEnd, .sequenceEnd: depth -= 1
            case .scalar: break
            }
        } while depth > 0
        return (out, source.finish())
    }

    /// Yams' reading of the first document, walked as events; `.refused` for a repeated key, nil for
    /// anything else it does not read.
    enum Reference { case read([Event]), refused }
    static func yams(_ text: String) -> Reference? {
        let bytes = YAMLReader.input(text)
        let root: Node?
        do {
            root = try Parser(yaml: String(decoding: bytes, as: UTF8.self), resolver: .basic).nextRoot()
        } catch YamlError.duplicatedKeysInMapping {
            return .refused
        } catch {
            return nil
        }
        guard let root else { return nil }
        var out: [Event] = []
        func start(_ kind: RegistryEvent.Kind, _ mark: Mark?, _ text: String = "", plain: Bool = false) {
            out.append(Event(kind: kind, text: text, plain: plain, line: mark?.line ?? -1, column: mark?.column ?? -1))
        }
        func walk(_ node: Node) {
            switch node {
            case .scalar(let s): start(.scalar, s.mark, s.string, plain: s.style == .plain)
            case .mapping(let m):
                start(.mappingStart, m.mark)
                for (k, v) in m { walk(k); walk(v) }
                out.append(Event(kind: .mappingEnd, text: "", plain: false, line: 0, column: 0))
            case .sequence(let q):
                start(.sequenceStart, q.mark)
                q.forEach(walk)
                out.append(Event(kind: .sequenceEnd, text: "", plain: false, line: 0, column: 0))
            case .alias(let a): start(.scalar, a.mark, "*alias")
            }
        }
        walk(root)
        return .read(out)
    }

    static func block(_ text: String) -> (events: [Event], finished: Bool)? {
        var text = text
        return text.withUTF8 { bytes in
            guard var source = BlockYAMLEventSource(bytes: bytes, file: "t.yml") else { return nil }
            guard let read = events(&source), read.finished else { return nil }
            return read
        }
    }

    /// True when the block reader read `text` (and then agreed with Yams, or Yams refused a repeated key).
    @discardableResult
    func assertSame(_ text: String, _ what: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let block = Self.block(text) else { return false }
        let reference = Self.yams(text)
        if case .refused = reference { return true }
        var other: [Event]?
        if case .read(let events) = reference { other = events }
        if other != block.events {
            let theirs = other ?? []
            let diverged = block.events.indices.first { $0 >= theirs.count || block.events[$0] != theirs[$0] }
            XCTFail(
                """
                the block reader and Yams disagree on \(what()) at event \(diverged.map(String.init) ?? "end"):
                block: \(diverged.map { String(describing: block.events[$0]) } ?? "\(block.events.count) events")
                Yams: \(other.map { r in diverged.map { $0 < r.count ? String(describing: r[$0]) : "ended" } ?? "\(r.count) events" } ?? "gave up")
                \(text.prefix(3000))
                """, file: file, line: line)
        }
        return true
    }

    static let layouts: [String] = [
        // Indentless lists, comments everywhere, trailing spaces, no final newline.
        """
        # a registry
        navgraph: 1   # the schema
        app: Shop
        entries:
        - feature: Home
        - route: home   
        features:
        - name: Home
          # inside an item
          navigates:
          - cart
          - {route: search, style: modal}

          dependencies: [A, "B", 'C']
        - name: Cart
        routes:
          - id: cart
            type: CartRoute
        """,
        // A document start, quoted keys and values, URLs, `#` inside words, colons inside values.
        """
        ---
        "navgraph": 1
        app: 'Shop App'
        deeplinks:
          - {url: "app://tab/4?x=1#frag", route: tab_4}
          - url: app://home#top
            route: home:main
          -   url: x
              route: y
        flags:
          new_checkout: false
          old: true # comment
        features:
            -
              name: Deep
              navigates:
                  - a
            - name: Other
              enabled: flag:new_checkout
        """,
        // Nested flow collections, empty ones, spaces before a flow key's colon.
        """
        features:
          - {name: A, navigates: [{route: b, style: push}, c], dependencies: []}
          - {name: B, x: {}}
          - name: C
            navigates: [ a , b ]
        """,
        // Ends inside nested levels; a list as the document.
        "a:\n  b:\n    c:\n      - d\n      - e: f\n        g: h",
        "- a\n- b: c\n- [d]\n",
        "key: value\n\n\n   \n# last\n",
    ]

    func testTheBlockReaderReadsWhatLibyamlReads() {
        var texts = Self.layouts
        texts.append(FastReaderDifferentialTests.richYAML)
        texts.append(FastReaderDifferentialTests.richYAML.filter(\.isASCII))
        for seed: UInt64 in 1...4 {
            texts.append(RegistryWriter.yaml(SyntheticRegistry(features: 30 * Int(seed), seed: seed).registry))
        }
        let examples = ["ShopApp.yml", "Broken.yml", "RouterServiceExample.yml", "ComponentsApp/registry.yml", "FeatherweightApp/registry.yml",
                        "ModuleFactoryApp/registry.yml", "ProtocolRoutesApp/registry.yml", "VIPERShop/registry.yml", "diff/base.yml"]
        for example in examples {
            guard let text = try? String(contentsOfFile: examplePath(example), encoding: .utf8) else {
                XCTFail("missing \(example)")
                continue
            }
            texts.append(text)
        }
        for (k, text) in texts.enumerated() {
            XCTAssertTrue(assertSame(text, "text \(k)"), "the block reader should read text \(k):\n\(text.prefix(400))")
        }
    }

    /// What it leaves to libyaml: it gives up (it does not read them differently).
    func testItGivesUpOutsideItsSubset() {
        let outside = [
            "a: |\n  text\n", "a: >\n  text\n", "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: \"esc\\n\"\n", "a: 'it''s'\n",
            "a: b\n  c\n", "a: [b,\n  c]\n", "a:\n", "a: \"x\ty\"\n", "a: b\r\n", "a: b\u{2028}\n", "a: \u{FEFF}b\n", "\u{FEFF}a: b\n", "a: b\u{85}\n", "a: \u{9F}\n", "%YAML 1.1\n---\na: b\n",
            "a: b\n---\nc: d\n", "a: b\n...\n", "? a\n: b\n", "a: - b\n", "a: b: c\n", "- - a\n", "a: {b}\n", "a: [b, ]\n",
            "a: {b: c,}\n", "a: {b:c}\n", "\"a\" : b\n", "just a scalar\n", "", "# only a comment\n", "a: b\nc\n",
            "a:\n  b: 1\n c: 2\n", "a:\n- b\n  - c\n",
        ]
        for text in outside {
            XCTAssertNil(Self.block(text), "the block reader should leave \(text.debugDescription) to libyaml")
        }
    }

    /// What the mutations once found: a key over libyaml's 1024 characters is no key to it; a
    /// second `---`; where the collections open at the end of input end (libyaml ends those deeper
    /// than the last line's column there, the others at the start of the line after it).
    func testWhatTheMutationsFound() {
        XCTAssertNil(Self.block("\"" + String(repeating: "k", count: 1100) + "\": v\n"))
        XCTAssertNil(Self.block(String(repeating: "k", count: 1100) + ": v\n"))
        XCTAssertNil(Self.block("a: {" + String(repeating: "k", count: 1100) + ": v}\n"))
        XCTAssertNil(Self.block("---\n---\na: b\n"))
        for text in ["a:\n  b: c\n ", "a:\n  b: c\n   ", "a:\n  - b", "a:\n- b\n  # c", "a:\n  b:\n    - c\n  ", "a: b"] {
            XCTAssertTrue(assertSame(text, text.debugDescription), "the block reader should read \(text.debugDescription)")
        }
    }

    /// Seeded mutations of registries and layouts: each one the block reader reads, libyaml reads
    /// the same. Some must be read (a changed letter in a name), or the reader would be a fast
    /// path in name only. `BLOCK_SEED` and `BLOCK_ROUNDS` run other or more (120,000 rounds on
    /// seeds 1–7 agreed when this was written).
    func testMutatedDocumentsAreReadTheSameOrLeftToLibyaml() {
        var rng = SplitMix(seed: UInt64(ProcessInfo.processInfo.environment["BLOCK_SEED"] ?? "") ?? 0xB10C)
        var bases = Self.layouts
        bases.append(RegistryWriter.yaml(SyntheticRegistry(features: 20, seed: 8).registry))
        bases.append(FastReaderDifferentialTests.richYAML.filter(\.isASCII))
        bases.append(FastReaderDifferentialTests.richYAML)
        var read = 0
        let rounds = Int(ProcessInfo.processInfo.environment["BLOCK_ROUNDS"] ?? "") ?? 4000
        for round in 0..<rounds {
            var bytes = Array(bases[round % bases.count].utf8)
            for _ in 0..<(1 + Int(rng.next() % 3)) { FastReaderDifferentialTests.mutate(&bytes, &rng) }
            if assertSame(String(decoding: bytes, as: UTF8.self), "mutation \(round)") { read += 1 }
        }
        XCTAssertGreaterThan(read, rounds / 10, "the block reader read \(read) of \(rounds) mutated documents")
    }

    /// A big YAML document is read on two threads (`FeatureSplit.yaml`): at every cut of the
    /// features list, the split read builds what the one-thread block reader builds (locations
    /// included); on mutated documents it gives up or builds the positioned reader's registry.
    func testSplitReadingAgreesAtEveryCut() {
        var docs = [RegistryWriter.yaml(SyntheticRegistry(features: 30, seed: 2).registry), Self.layouts[0] + "\n", Self.layouts[1], Self.layouts[2]]
        docs.append(docs[0].replacingOccurrences(of: "\n  - ", with: "\n- ").replacingOccurrences(of: "\n    ", with: "\n  "))
        docs.append(docs[0] + "# trailing comment\n")
        var cuts = 0
        for (n, doc) in docs.enumerated() {
            var text = doc
            text.withUTF8 { bytes in
                let whole = BlockYAMLEventSource(bytes: bytes, file: "s.yml").flatMap { FastRegistryDecoder.decode($0)?.registry }
                XCTAssertNil(FeatureSplit.yaml(bytes, item: 0), "the first item is never cut off")
                var k = 1
                while let split = FeatureSplit.yaml(bytes, item: k) {
                    cuts += 1
                    let halves = FastRegistryDecoder<BlockYAMLEventSource>.decode(bytes, file: "s.yml", split: split)
                    XCTAssertEqual(halves?.registry, whole, "cut at item \(k) of document \(n)")
                    if let halves { XCTAssertEqual(NavGraph(halves).namesInterned, 0, "cut at item \(k) of document \(n)") }
                    k += 1
                }
            }
        }
        XCTAssertGreaterThan(cuts, 30)

        var rng = SplitMix(seed: 0x5917)
        let base = docs[0]
        var took = 0, gaveUp = 0
        for round in 0..<400 {
            var bytes = Array(base.utf8)
            for _ in 0..<(1 + Int(rng.next() % 2)) { FastReaderDifferentialTests.mutate(&bytes, &rng) }
            var text = String(decoding: bytes, as: UTF8.self)
            let slow = FastReaderDifferentialTests.positioned(text, "m.yml")
            text.withUTF8 { bytes in
                for k in [1, 7, 15, 29] {
                    guard let split = FeatureSplit.yaml(bytes, item: k) else { continue }
                    if let halves = FastRegistryDecoder<BlockYAMLEventSource>.decode(bytes, file: "m.yml", split: split)?.registry {
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

    func testThePrintableASCIICheckAgreesWithAByteLoop() {
        var rng = SplitMix(seed: 0xA5C1)
        for _ in 0..<3000 {
            let count = Int(rng.next() % 40)
            var bytes = (0..<count).map { _ in UInt8(0x20 + rng.next() % 0x5F) }
            if count > 0, rng.next() % 2 == 0 {
                bytes[Int(rng.next() % UInt64(count))] = [0x0A, 0x09, 0x0D, 0x7F, 0x80, 0xFF, 0x00, 0x1F, 0x20, 0x7E][Int(rng.next() % 10)]
            }
            let expected = bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A }
            XCTAssertEqual(bytes.withUnsafeBufferPointer { BlockYAMLEventSource.isPlainASCII($0) }, expected, "\(bytes)")
        }
    }
}

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

/// Names as ids from the loader (`NameTable`, `RegistryNames`) and locations with a file id
/// (`SourceFiles`): the graph built on the loader's ids is the graph built from the strings alone,
/// and an id that no longer names its declaration is never trusted.
final class NameIDTests: XCTestCase {
    /// Everything the build derives from names, as text: nodes, edges, declarations, entries, fallbacks.
    private func shape(_ g: NavGraph) -> [String] {
        var out: [String] = []
        for (i, n) in g.nodes.enumerated() {
            out.append("node \(i) \(n.kind.label) \(n.name) \(n.module ?? "-") \(n.declared) fb=\(g.fallbackTarget[i])")
            out.append("  origin \(g.declarationOrigin[i].map { "\($0.primary?.description ?? "")" } ?? "-")")
            if let f = g.feature(Int32(i)) {
                out.append("  feature \(f.name) \(f.navigates.map(\.route)) \(f.dependencies.map(\.name)) \(f.fallback ?? "-") \(f.origin.primary?.description ?? "")")
            }
            out.append("  rows \(g.routeDeclarations(Int32(i)).map(\.id)) \(g.handlerDeclarations(Int32(i)).map(\.name)) \(g.bindings(Int32(i)).map(\.protocol))")
        }
        for e in g.edges { out.append("edge \(e.from) \(e.to) \(e.kind) \(e.via) \(e.style ?? "-") \(e.lazy)") }
        out.append("declared \(g.declaredFeatures) entries \(g.entryFeatures) \(g.entryRoutes)")
        for kind in NavGraph.NodeKind.allCases {
            for id in g.ids(of: kind) { XCTAssertEqual(g.node(kind, g.name(id)), id) }
        }
        return out
    }

    /// The same registry without the loader's ids: the build interns every name itself.
    private func withoutIDs(_ r: LoadedRegistry) -> LoadedRegistry { LoadedRegistry(r.registry) }

    /// Through the loader's fast reader, which hands out the ids.
    private func load(_ text: String, _ file: String) throws -> LoadedRegistry {
        let r = try XCTUnwrap(RegistryLoader.fastLoad(text: text, file: file, isJSON: file.hasSuffix(".json")), "\(file) should come from the fast reader")
        XCTAssertGreaterThan(r.names.table.count, 0, "\(file) should come with ids")
        return r
    }

    func testLoadedIDsBuildTheSameGraphWithoutHashing() throws {
        var texts = [("rich.yml", FastReaderDifferentialTests.richYAML), ("rich.json", FastReaderDifferentialTests.richJSON)]
        for seed: UInt64 in 1...3 {
            let registry = SyntheticRegistry(features: 60, seed: seed).registry
            texts += [("s\(seed).yaml", RegistryWriter.yaml(registry)), ("s\(seed).json", RegistryJSONWriter.json(registry))]
        }
        for (file, text) in texts {
            let loaded = try load(text, file)
            let g = NavGraph(loaded)
            XCTAssertEqual(g.namesInterned, 0, "\(file): every name should arrive with its id")
            let plain = NavGraph(withoutIDs(loaded))
            XCTAssertGreaterThan(plain.namesInterned, 0)
            XCTAssertEqual(shape(g), shape(plain), file)
        }
    }

    func testAnEditedNameIsNotReadThroughItsOldID() throws {
        var r = try load(RegistryJSONWriter.json(SyntheticRegistry(features: 30, seed: 5).registry), "edit.json")
        let old = r.registry.features[0].name
        r.registry.features[0].name = "Renamed"
        r.registry.features[1].navigates.insert(Navigation(route: "brandNewRoute"), at: 0)
        r.registry.routes.swapAt(0, 1)
        let g = NavGraph(r)
        XCTAssertGreaterThan(g.namesInterned, 0)
        XCTAssertNotNil(g.node(.feature, "Renamed"))
        XCTAssertNotNil(g.node(.route, "brandNewRoute"))
        XCTAssertEqual(shape(g), shape(NavGraph(withoutIDs(r))))
        XCTAssertFalse(g.declaredFeatures.contains { g.name($0) == old }, "the old name is declared nowhere now")
    }

    func testMergedRegistriesKeepTheirIDs() throws {
        let a = try load(RegistryWriter.yaml(SyntheticRegistry(features: 40, seed: 1).registry), "a.yaml")
        let b = try load(RegistryJSONWriter.json(SyntheticRegistry(features: 40, seed: 2).registry), "b.json")
        let merged = LoadedRegistry(Registry()).merged(with: a).merged(with: b)
        let g = NavGraph(merged)
        XCTAssertEqual(g.namesInterned, 0, "b's ids are translated into a's table")
        XCTAssertEqual(shape(g), shape(NavGraph(withoutIDs(a).merged(with: withoutIDs(b)))))
        // A hand-made registry first: its declarations have no ids, so the build interns them all.
        let hand = LoadedRegistry(Registry(features: [Feature(name: "Hand", navigates: [Navigation(route: "r")])]))
        let mixed = hand.merged(with: a)
        XCTAssertEqual(shape(NavGraph(mixed)), shape(NavGraph(withoutIDs(hand).merged(with: withoutIDs(a)))))
    }

    func testSourceLocationsShareAFileID() throws {
        let a = SourceLocation(file: "Sources/zeta/Screen.swift", line: 3, column: 2)
        let b = SourceLocation(file: "Sources/alpha/Screen.swift", line: 9, column: 1)
        let c = SourceLocation(file: "Sources/zeta/" + "Screen.swift", line: 3, column: 2)
        XCTAssertEqual(a, c)
        XCTAssertEqual(a.fileID, c.fileID)
        XCTAssertEqual(a.file, "Sources/zeta/Screen.swift")
        XCTAssertTrue(b < a, "ordered by path, whatever order the ids were handed out in")
        XCTAssertFalse(a < b)
        XCTAssertEqual([a, b, c].sorted().map(\.description), ["Sources/alpha/Screen.swift:9:1", "Sources/zeta/Screen.swift:3:2", "Sources/zeta/Screen.swift:3:2"])
        var moved = a
        moved.file = "elsewhere.swift"
        XCTAssertEqual(moved.description, "elsewhere.swift:3:2")
        XCTAssertEqual(a.description, "Sources/zeta/Screen.swift:3:2")
        XCTAssertEqual(SourceLocation(parsing: "a:b:12:4"), SourceLocation(file: "a:b", line: 12, column: 4))
        XCTAssertNil(SourceLocation(parsing: ":12:4"))
        // The encoded form is unchanged: the path, not the id.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(a), as: UTF8.self)
        XCTAssertEqual(json, #"{"column":2,"file":"Sources\/zeta\/Screen.swift","line":3}"#)
        XCTAssertEqual(try JSONDecoder().decode(SourceLocation.self, from: Data(json.utf8)), a)
    }

    func testLoadedLocationsCarryTheirFile() throws {
        let r = try load(FastReaderDifferentialTests.richJSON, "dir/rich-ids.json")
        let locations = r.registry.features.compactMap(\.origin.registry) + r.registry.routes.compactMap(\.origin.registry)
        XCTAssertFalse(locations.isEmpty)
        for l in locations { XCTAssertEqual(l.file, "dir/rich-ids.json") }
    }

    /// Random names: ASCII with shared prefixes, lengths around the eight-byte key, NULs, and
    /// (in some tables) non-ASCII text that `String` orders differently from its bytes.
    private func randomNames(_ rng: inout some RandomNumberGenerator, ascii: Bool) -> [String] {
        let pieces = ["Mod", "Mod0", "Feature", "a", "A", "\u{0}", "z", "_", "0", "Route"] + (ascii ? [] : ["é", "e\u{301}", "Å", "ß", "😀"])
        return (0..<Int.random(in: 0...300, using: &rng)).map { _ in
            (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
        }
    }

    func testSortedNamesAreInStringOrder() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var table = NameTable()
            let names = randomNames(&rng, ascii: round % 2 == 0)
            let ids = names.map { table.intern($0) }
            let unique = Array(Set(ids)).shuffled(using: &rng)
            let sorted = table.sorted(unique)
            XCTAssertEqual(sorted.map { table[$0] }, unique.map { table[$0] }.sorted(), "round \(round): \(names)")
            XCTAssertEqual(Set(sorted), Set(unique))
            // Repeated ids keep the order they were given in.
            let repeated = unique + unique.reversed()
            let positions = Dictionary(grouping: repeated.indices, by: { repeated[$0] })
            XCTAssertEqual(table.sorted(repeated).map { table[$0] }, repeated.map { table[$0] }.sorted())
            XCTAssertEqual(positions.count, unique.count)
        }
    }

    func testAddingATableGivesEachNameItsID() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<100 {
            var a = NameTable(), b = NameTable(), reference = NameTable()
            let first = randomNames(&rng, ascii: round % 3 != 0), second = randomNames(&rng, ascii: round % 2 == 0)
            for n in first {
                _ = a.intern(n)
                _ = reference.intern(n)
            }
            let idsInB = second.map { b.intern($0) }
            // Adding a copy, and absorbing (moving the names out of) the table itself, in a table
            // sized up front: the same ids.
            var absorbed = NameTable(expected: round)
            for n in first { _ = absorbed.intern(n) }
            var taken = b
            let map = a.adding(b)
            XCTAssertEqual(absorbed.absorbing(&taken), map, "round \(round)")
            XCTAssertEqual(taken.count, 0)
            XCTAssertEqual(map.count, b.count)
            for (n, idInB) in zip(second, idsInB) {
                XCTAssertEqual(map[Int(idInB)], reference.intern(n), "round \(round): \(n)")
                XCTAssertEqual(a[map[Int(idInB)]], n)
                XCTAssertEqual(absorbed[map[Int(idInB)]], n)
                XCTAssertEqual(a.id(of: n), map[Int(idInB)])
            }
            XCTAssertEqual(a.count, reference.count)
            XCTAssertEqual(absorbed.count, reference.count)
            XCTAssertEqual(a.isASCII, (first + second).allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } })
        }
    }

    func testJoinedFeaturesMoveBothHalvesInOrder() {
        var a = (0..<50).map { Feature(name: "A\($0)", navigates: [Navigation(route: "r\($0)")]) }
        var b = (0..<70).map { Feature(name: "B\($0)", dependencies: [DependencyRef(name: "d\($0)")]) }
        let expected = a + b
        let joined = Feature.joined(&a, &b)
        XCTAssertEqual(joined, expected)
        XCTAssertEqual(a.count, 50)
        XCTAssertTrue(a.allSatisfy { $0 == Feature(name: "") })
        XCTAssertTrue(b.allSatisfy { $0 == Feature(name: "") })
        var none: [Feature] = []
        var one = [Feature(name: "X")]
        XCTAssertEqual(Feature.joined(&none, &one), [Feature(name: "X")])
    }
}

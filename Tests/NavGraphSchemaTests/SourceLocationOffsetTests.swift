import Foundation
import PropertyBased
import Testing
@testable import NavGraphKit
import NavGraphTestSupport
@testable import NavGraphSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks
@testable import NavGraphOutputs
@testable import NavGraphConfig

/// Locations made as (file id, byte offset) print the line:col the readers printed when they counted
/// it themselves: hand-computed positions in a non-ASCII registry (a byte order mark, CRLF line ends,
/// é and emoji in names, one long minified line) in JSON and YAML, a property against a naive count,
/// and equality, hashing and order between offset and explicit locations.
@Suite struct SourceLocationOffsetTests {
    /// Line 1 holds only `{` after the byte order mark; line 9 is one minified line of 40 features.
    static let json: String = {
        let long = (0..<40).map { i in
            i % 7 == 3 ? #"{"name":"Ünï\#(i)é","navigates":["Lost\#(i)€"]}"# : #"{"name":"Ünï\#(i)é","navigates":["Café"]}"#
        }.joined(separator: ",")
        return "\u{FEFF}{\r\n  \"navgraph\": 1,\r\n  \"entries\": [{\"feature\": \"Café\"}],\r\n  \"routes\": [{\"id\": \"Café\"}],\r\n"
            + "  \"handlers\": [{\"name\": \"H\", \"routes\": {\"Café\": \"Café\"}}],\r\n  \"features\": [\r\n"
            + "    {\"name\": \"Café\", \"navigates\": [\"Crème🍰Route\"]},\r\n"
            + "    {\"name\": \"🚀 Launch\", \"navigates\": [{\"route\": \"Nowhere🌍\"}]},\r\n    " + long + "\r\n  ]\r\n}\r\n"
    }()

    /// The same registry in YAML: the features are one flow list on line 9.
    static let yaml: String = {
        let items = [#"{name: Café, navigates: [Crème🍰Route]}"#, #"{name: "🚀 Launch", navigates: [{route: "Nowhere🌍"}]}"#]
            + (0..<40).map { i in i % 7 == 3 ? "{name: Ünï\(i)é, navigates: [Lost\(i)€]}" : "{name: Ünï\(i)é, navigates: [Café]}" }
        return "\u{FEFF}navgraph: 1\r\nentries:\r\n  - feature: Café\r\nroutes:\r\n  - id: Café\r\nhandlers:\r\n  - name: H\r\n"
            + "    routes: {Café: Café}\r\nfeatures: [" + items.joined(separator: ", ") + "]\r\n"
    }()

    static func unknownReferences(_ registry: Registry) -> [String] {
        CheckRunner(options: .init()).run(NavGraph(registry: registry))
            .filter { $0.ruleID == "unknown-reference" }
            .compactMap { f in f.location.map { "\($0.line):\($0.column)" } }
            .sorted()
    }

    /// Counted by hand (and what main's navgraph printed for these files): on line 7 the route string
    /// starts after 35 characters; on line 8 the `{route:` mapping after 39 (🚀 is one character);
    /// on the long line feature 3 starts at column 119 (4 spaces, 3 features of 38 characters) and its
    /// route 29 characters later, each feature from 10 on is one character longer.
    @Test func jsonPositionsAreCountedInCharacters() throws {
        let fast = try #require(RegistryLoader.fastLoad(text: Self.json, file: "na.json", isJSON: true)?.registry, "the fast path reads it")
        #expect(Self.unknownReferences(fast) == ["7:36", "8:40", "9:1245", "9:148", "9:1521", "9:417", "9:693", "9:969"])
        let feature3 = try #require(fast.features.first { $0.name == "Ünï3é" })
        #expect(feature3.origin.registry?.description == "na.json:9:119")
        // The positioned reader counts for itself (explicit line:col): the same model, the same places.
        let positioned = try RegistryLoader().positionedLoad(text: Self.json, file: "na.json", isJSON: true)
        #expect(positioned == fast)
        #expect(positioned.features.map { $0.origin.registry?.description } == fast.features.map { $0.origin.registry?.description })
    }

    /// libyaml counts characters too: the features line is line 9, Crème🍰Route is at 12 + 25, the 🚀
    /// feature's `{route:` mapping at 52 + 31. Read from a file as the command line reads it (reading a
    /// file drops the byte order mark, which libyaml would otherwise take for text).
    @Test func yamlPositionsAreCountedInCharacters() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-na-\(UInt32.random(in: 0...UInt32.max)).yaml").path
        try Data(Self.yaml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let registry = try RegistryLoader().load(file: path)
        #expect(Self.unknownReferences(registry) == ["9:1219", "9:1467", "9:234", "9:37", "9:475", "9:723", "9:83", "9:971"])
        let text = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: path)), encoding: .utf8))
        // The block reader leaves this text (its byte-order mark) to the positioned reader, Yams: the
        // same registry, the same character-counted positions.
        #expect(RegistryLoader.fastLoad(text: text, file: path, isJSON: false) == nil)
        #expect(try RegistryLoader().positionedLoad(text: text, file: path, isJSON: false) == registry)
    }

    /// The naive count the readers used to make. JSON: line = 1 + the `\n` before the offset, column =
    /// 1 + the characters from the line's start (line 1 starting after a byte order mark). Swift
    /// (swift-syntax): `\n`, `\r` and `\r\n` end lines, columns count bytes.
    static func naive(_ bytes: [UInt8], _ offset: Int, _ style: LineTable.Style) -> (Int, Int) {
        var line = 1
        var start = style == .json && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for i in 0..<offset {
            let ends = style == .json ? bytes[i] == 0x0A
                : bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A))
            if ends {
                line += 1
                start = i + 1
            }
        }
        if offset <= start { return (line, 1) }
        let counted = bytes[start..<offset].filter { style == .swift || $0 & 0xC0 != 0x80 }.count
        return (line, counted + 1)
    }

    static let pieces = ["a", "Z", " ", "é", "🍰", "€", "\n", "\r\n", "\r", "\t", "{\"k\": 1}"]

    @Test func offsetsGiveTheNaiveLineAndColumn() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...(Self.pieces.count * 4)).array(of: 0...200)) { tape in
            let bom = tape.first.map { $0 % 3 == 0 } ?? false
            var bytes: [UInt8] = bom ? [0xEF, 0xBB, 0xBF] : []
            var starts = [bytes.count]
            for t in tape {
                // Mostly ASCII with now and then a wide piece, so both kinds of line occur.
                bytes += Array(Self.pieces[t < Self.pieces.count ? t : t % 3].utf8)
                starts.append(bytes.count)
            }
            for style in [LineTable.Style.json, .swift] {
                let table = bytes.withUnsafeBufferPointer { LineTable($0, style: style) }
                for offset in starts {
                    let p = table.position(offset)
                    let expected = Self.naive(bytes, offset, style)
                    #expect(p.line == expected.0 && p.column == expected.1, "offset \(offset) of \(bytes) (\(style))")
                }
            }
        }
    }

    @Test func offsetAndExplicitLocationsOfOnePlaceAreOne() throws {
        let bytes = Array("x\né🍰 y\nz".utf8)
        let text = bytes.withUnsafeBufferPointer { SourceFiles.register($0, path: "one.json", style: .json) }
        let y = SourceLocation(text, offset: 9)  // "y": 1 + 1 + 4 + 1 bytes into line 2, character 4
        let explicit = SourceLocation(file: "one.json", line: 2, column: 4)
        #expect(y.description == "one.json:2:4")
        #expect(y == explicit && explicit == y)
        #expect(y.hashValue == explicit.hashValue)
        #expect(Set([y, explicit]).count == 1)
        let z = SourceLocation(text, offset: 11)
        #expect(y < z && !(z < y) && explicit < z && !(z < explicit))
        #expect(y != z && z != explicit)
        #expect([z, explicit, y].sorted().map(\.description) == ["one.json:2:4", "one.json:2:4", "one.json:3:1"])
        // The same path read again (other contents) is another text: earlier locations keep their place.
        let again = Array("\n\n\n\n\n\n\n\n\n\n".utf8).withUnsafeBufferPointer { SourceFiles.register($0, path: "one.json", style: .json) }
        #expect(SourceLocation(again, offset: 9).description == "one.json:10:1")
        #expect(y.description == "one.json:2:4" && y.fileID == explicit.fileID)
        // Moving it to another file, or setting its line, keeps the rest.
        var moved = y
        moved.file = "two.json"
        #expect(moved.description == "two.json:2:4")
        var up = y
        up.line = 1
        #expect(up.description == "one.json:1:4")
        // Encoded as path, line and column: decodes to the explicit location of the same place.
        let json = try JSONEncoder().encode(y)
        #expect(try JSONDecoder().decode(NavGraphKit.SourceLocation.self, from: json) == y)
        #expect(MemoryLayout<NavGraphKit.SourceLocation>.size == 12)
        #expect(MemoryLayout<NavGraphKit.SourceLocation?>.stride == 16)
    }
}

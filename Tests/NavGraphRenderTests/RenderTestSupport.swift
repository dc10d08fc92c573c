import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavGraphKit
@testable import NavGraphRender
import XCTest

/// Collects SVG element names, attributes and text with FoundationXML's parser; fails on invalid XML.
final class SVGScan: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var attributeValues: [String] = []
    var texts: [String] = []
    var titles: [String] = []
    private var inTitle = false

    static func parse(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> SVGScan? {
        let scan = SVGScan()
        let parser = XMLParser(data: data)
        parser.delegate = scan
        guard parser.parse() else {
            XCTFail("SVG is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")", file: file, line: line)
            return nil
        }
        return scan
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        flush()
        elements.append(name)
        attributeValues += attributes.keys.sorted().map { "\($0)=\(attributes[$0]!)" }
        inTitle = name == "title"
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        flush()
        inTitle = false
    }

    private var current = ""
    private func flush() {
        if !current.isEmpty {
            texts.append(current)
            if inTitle { titles.append(current) }
        }
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current += string
    }
}

func render(_ registry: Registry, _ findings: [Finding] = [], _ options: DiagramOptions = DiagramOptions(),
            _ formats: [DiagramFormat] = [.dot, .svg]) throws -> DiagramRenderer.Outcome {
    let graph = NavGraph(registry: registry)
    return try DiagramRenderer().render(graph: graph, findings: findings, options: options, formats: formats,
                                        page: formats.contains(.html) ? pageContext(graph) : nil)
}

/// What the pipeline hands the HTML page (`Analysis.scenarioFindings`): its flag scenarios around
/// `start` (the defaults) and each one's findings with every default rule.
func pageContext(_ graph: NavGraph, _ start: FlagScenario? = nil) -> HTMLPage.Context {
    HTMLPage.Context(scenarios: ScenarioFindings(graph: graph, start: start ?? graph.defaultScenario, options: CheckOptions()))
}

extension DiagramRenderer.Outcome {
    func text(_ f: DiagramFormat) -> String {
        String(decoding: files.first { $0.format == f }!.data, as: UTF8.self)
    }
    func data(_ f: DiagramFormat) -> Data { files.first { $0.format == f }!.data }
}

/// `Tests/NavGraphRenderTests/Golden/<name>`; `NAVGRAPH_UPDATE_GOLDEN=1` rewrites it.
func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
    if ProcessInfo.processInfo.environment["NAVGRAPH_UPDATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    if expected != actual {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let i = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
        XCTFail("\(name) differs at line \(i + 1): expected '\(i < e.count ? e[i] : "<end>")', got '\(i < a.count ? a[i] : "<end>")' "
            + "(NAVGRAPH_UPDATE_GOLDEN=1 to accept)", file: file, line: line)
    }
}

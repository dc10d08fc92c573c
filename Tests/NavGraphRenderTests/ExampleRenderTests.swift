import Foundation
import NavGraphKit
@testable import NavGraphRender
import XCTest

/// The example registries render with every check's findings: valid SVG, DOT graphviz re-reads.
/// NAVGRAPH_RENDER_EXAMPLES=DIR also writes their PNGs there to look at.
final class ExampleRenderTests: XCTestCase {
    func testExamplesRender() throws {
        let examples = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: examples.path))?.filter { $0.hasSuffix(".yml") }.sorted() ?? []
        guard !files.isEmpty else { return XCTFail("no Examples/*.yml in \(examples.path): the examples are part of the repository") }
        let lookDir = ProcessInfo.processInfo.environment["NAVGRAPH_RENDER_EXAMPLES"]
        for file in files {
            let registry = try RegistryLoader().load(paths: [examples.appendingPathComponent(file).path])
            let graph = NavGraph(registry: registry)
            let findings = CheckRunner().run(graph)
            var o = DiagramOptions()
            o.layer = .all
            let out = try DiagramRenderer().render(graph: graph, findings: findings, options: o, formats: [.svg, .dot, .png])
            XCTAssertNotNil(SVGScan.parse(out.data(.svg)), file)
            XCTAssertNotNil(GraphvizRenderer.reread(dot: out.text(.dot)), file)
            if let lookDir {
                let stem = (file as NSString).deletingPathExtension
                try AtomicFileWriter.write([("\(stem).png", out.data(.png)), ("\(stem).svg", out.data(.svg))],
                                           into: URL(fileURLWithPath: lookDir))
            }
        }
    }
}

import Foundation
import NavGraphKit
@testable import NavGraphRender
import XCTest

/// Not a check: with NAVGRAPH_MEASURE_DIR set, writes the DOT of generated apps of several sizes
/// (with and without edge labels, flat and collapsed) for scripts/measure-render.sh to time.
final class MeasurementDump: XCTestCase {
    func testDumpDOTForMeasurements() throws {
        guard let dir = ProcessInfo.processInfo.environment["NAVGRAPH_MEASURE_DIR"] else {
            throw XCTSkip("set NAVGRAPH_MEASURE_DIR to write the measurement graphs")
        }
        let sizes = ProcessInfo.processInfo.environment["NAVGRAPH_MEASURE_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
        for n in sizes ?? [500, 1000, 2000, 3000, 5000, 10000] {
            let builder = DiagramBuilder(graph: NavGraph(registry: Fixtures.synthetic(features: n, modules: max(10, n / 100))), findings: [])
            var o = DiagramOptions()
            o.collapseModules = .never
            let flat = try builder.build(o)
            for labels in [false, true] {
                var d = flat
                d.showsEdgeLabels = labels
                let name = "app\(n)-\(labels ? "labels" : "nolabels")"
                try GraphvizRenderer.dot(for: d).write(toFile: "\(dir)/\(name).dot", atomically: true, encoding: .utf8)
                if !labels {
                    try GraphvizRenderer.dot(for: d, bounded: true).write(toFile: "\(dir)/\(name)-bounded.dot", atomically: true, encoding: .utf8)
                }
            }
            o.collapseModules = .always
            try GraphvizRenderer.dot(for: try builder.build(o)).write(toFile: "\(dir)/app\(n)-collapsed.dot", atomically: true, encoding: .utf8)
        }
    }
}

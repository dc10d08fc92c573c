import XCTest
import NavGraphKit
@testable import NavGraphRender

final class SmokeTests: XCTestCase {
    func testShopRendersEveryFormat() throws {
        let (r, findings) = Fixtures.shop()
        let out = try DiagramRenderer().render(graph: NavGraph(registry: r), findings: findings, options: DiagramOptions(),
                                               formats: DiagramFormat.allCases)
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("navgraph-smoke")
        try AtomicFileWriter.write(out.files.map { ("shop.\($0.format.fileExtension)", $0.data) }, into: dir)
        print(dir.path, out.notes, out.warnings)
    }
}

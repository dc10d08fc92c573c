import Foundation
import NavGraphKit
@testable import NavGraphRender
import XCTest

/// The page's style sheet and script live in Sources/NavGraphRender/Page/ and are compiled in as
/// HTMLAssets+Embedded.swift (scripts/embed-page-assets.py). Their parsing in chromium, with no
/// console error: Tests/Browser/html_page_test.py (`test_assets_parse`).
final class HTMLAssetsTests: XCTestCase {
    let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/NavGraphRender/Page")

    func testEmbeddedAssetsAreThePageFiles() throws {
        let css = try String(contentsOf: page.appendingPathComponent("page.css"), encoding: .utf8)
        let js = try ["walk.js", "page.js"].map { try String(contentsOf: page.appendingPathComponent($0), encoding: .utf8) }.joined()
        XCTAssertTrue(css.contains(":root") && js.contains("JSON.parse"))
        XCTAssertEqual(HTMLAssets.style, css, "HTMLAssets+Embedded.swift is out of date: run scripts/embed-page-assets.py")
        XCTAssertEqual(HTMLAssets.script, js, "HTMLAssets+Embedded.swift is out of date: run scripts/embed-page-assets.py")
    }

    /// The page holds them verbatim, and nothing in them can end their element early.
    func testThePageHoldsThemWhole() throws {
        XCTAssertFalse(HTMLAssets.style.lowercased().contains("</style"))
        XCTAssertFalse(HTMLAssets.script.lowercased().contains("</script"))
        XCTAssertFalse(HTMLAssets.script.contains("<!--"))
        let (registry, findings) = Fixtures.shop()
        let out = try render(registry, findings, DiagramOptions(), [.html])
        let html = out.text(.html)
        XCTAssertTrue(html.contains("<style>\n" + HTMLAssets.style + "</style>"))
        XCTAssertTrue(html.contains("<script>\n" + HTMLAssets.script + "</script>"))
    }
}

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

/// `path`, `why` and `flags` on the examples: goldens plus the facts that matter stated outright.
final class TerminalQueryTests: XCTestCase {
    let plain = TerminalStyle.plain(width: 100)

    func pathText(_ e: TerminalFixtures.Example, _ from: String, _ to: String, all: Bool = false) -> String {
        let a = PathQuery.run(from: from, to: to, all: all, graph: e.graph, scenario: e.scenario, style: plain)
        return "$ navgraph path \(from) \(to)\(all ? " --all" : "")   [found: \(a.found)]\n" + a.text
    }

    func whyText(_ e: TerminalFixtures.Example, _ name: String) -> String {
        let a = WhyQuery.run(name, graph: e.graph, scenario: e.scenario, style: plain)
        return "$ navgraph why \(name)   [found: \(a.found)]\n" + a.text
    }

    func testPathGoldens() throws {
        let shop = try TerminalFixtures.example("ShopApp")
        let shopText = [
            pathText(shop, "MainTabFeature", "PasswordResetPopupFeature"),
            pathText(shop, "MainTabFeature", "ProductFeature", all: true),
            pathText(shop, "ShopFeature", "SiriUnavailableFeature"),
            pathText(shop, "product_detail", "WishlistPopupFeature"),
            pathText(shop, "LoginFeature", "ShopFeature"),
            pathText(shop, "MainTabFeature", "LoginFeatur"),
            pathText(shop, "MainTabFeature", "login"),
        ].joined(separator: "\n")
        TerminalFixtures.assertGolden(shopText, "path-ShopApp.txt")
        let broken = try TerminalFixtures.example("Broken")
        let brokenText = [
            pathText(broken, "HomeFeature", "ProductFeature", all: true),
            pathText(broken, "HomeFeature", "SettingsDetailFeature"),
            pathText(broken, "HomeFeature", "PromoFeature"),
            pathText(broken, "Hom", "ProductFeature"),
        ].joined(separator: "\n")
        TerminalFixtures.assertGolden(brokenText, "path-Broken.txt")
    }

    func testPathStepsNameRouteHandlerAndStyle() throws {
        let shop = try TerminalFixtures.example("ShopApp")
        let a = PathQuery.run(from: "MainTabFeature", to: "ForgotPasswordFeature", all: false, graph: shop.graph, scenario: shop.scenario, style: plain)
        XCTAssertTrue(a.found)
        XCTAssertTrue(a.text.contains("MainTabFeature -> ForgotPasswordFeature: 3 steps"), a.text)
        XCTAssertTrue(a.text.contains("2. opens login (modal), handled by AuthRouteHandler -> LoginFeature"), a.text)
        XCTAssertTrue(a.text.contains("3. opens forgot_password (push), handled by AuthRouteHandler -> ForgotPasswordFeature"), a.text)
    }

    func testAllShortestPaths() throws {
        let shop = try TerminalFixtures.example("ShopApp")
        let a = PathQuery.run(from: "MainTabFeature", to: "WishlistPopupFeature", all: true, graph: shop.graph, scenario: shop.scenario, style: plain)
        // Through the wishlist tab directly (2 steps) only; the shop tab needs 3.
        XCTAssertTrue(a.text.contains("2 steps, 1 shortest path"), a.text)
        let b = PathQuery.run(from: "MainTabFeature", to: "ProductFeature", all: true, graph: shop.graph, scenario: shop.scenario, style: plain)
        XCTAssertTrue(b.text.contains("2 steps, 2 shortest paths"), b.text)
    }

    func testNoPathSaysWhy() throws {
        let broken = try TerminalFixtures.example("Broken")
        let wide = TerminalStyle.plain(width: 300)
        let a = PathQuery.run(from: "HomeFeature", to: "SettingsDetailFeature", all: false, graph: broken.graph, scenario: broken.scenario, style: wide)
        XCTAssertFalse(a.found)
        XCTAssertTrue(a.text.contains("CheckoutFeature (flag new_checkout off)"), a.text)
        XCTAssertTrue(a.text.contains("Opened on the way without a handler: help, profle."), a.text)
        XCTAssertTrue(a.text.contains("it needs new_checkout on"), a.text)
        let unknown = PathQuery.run(from: "Hom", to: "ProductFeature", all: false, graph: broken.graph, scenario: broken.scenario, style: plain)
        XCTAssertEqual(unknown.text, "No declared screen named 'Hom'; did you mean 'HomeFeature'?\n")
        XCTAssertFalse(unknown.found)
    }

    func testWhyGoldens() throws {
        let shop = try TerminalFixtures.example("ShopApp")
        let shopText = ["ProductFeature", "SiriUnavailableFeature", "HTTPClientProtocol", "WishlistStoreProtocol", "product_detail", "AuthRouteHandler", "Wishlist"]
            .map { whyText(shop, $0) }.joined(separator: "\n")
        TerminalFixtures.assertGolden(shopText, "why-ShopApp.txt")
        let broken = try TerminalFixtures.example("Broken")
        let brokenText = ["help", "SettingsDetailFeature", "CartProtocol", "HTTPClientProtocl", "product"]
            .map { whyText(broken, $0) }.joined(separator: "\n")
        TerminalFixtures.assertGolden(brokenText, "why-Broken.txt")
    }

    func testWhyDependencyFindsTransitiveUsers() throws {
        let shop = try TerminalFixtures.example("ShopApp")
        let text = WhyQuery.run("HTTPClientProtocol", graph: shop.graph, scenario: shop.scenario, style: plain).text
        XCTAssertTrue(text.contains("    feature ShopFeature\n"), text)
        XCTAssertTrue(text.contains("implementation AuthService (AuthServiceProtocol)"), text)
        XCTAssertTrue(text.contains("feature LoginFeature via AuthServiceProtocol -> HTTPClientProtocol"), text)
        XCTAssertTrue(text.contains("feature WishlistPopupFeature via WishlistStoreProtocol -> HTTPClientProtocol"), text)
    }

    func testFlagsGoldensAndFacts() throws {
        let shop = try TerminalFixtures.example("ShopApp")
        TerminalFixtures.assertGolden(FlagsQuery.render(graph: shop.graph, scenario: shop.scenario, style: plain), "flags-ShopApp.txt")
        let broken = try TerminalFixtures.example("Broken")
        TerminalFixtures.assertGolden(FlagsQuery.render(graph: broken.graph, scenario: broken.scenario, style: plain), "flags-Broken.txt")

        let siri = FlagsQuery.effects(graph: shop.graph, scenario: shop.scenario)
        XCTAssertEqual(siri.map(\.flag), ["siri_shortcuts"])
        XCTAssertEqual(siri[0].fallsBack.map(\.feature), ["SiriShortcutFeature"])
        XCTAssertEqual(siri[0].fallsBack.map(\.fallback), ["SiriUnavailableFeature"])
        let checkout = FlagsQuery.effects(graph: broken.graph, scenario: broken.scenario).first { $0.flag == "new_checkout" }!
        XCTAssertEqual(checkout.fallsBack.map(\.feature), ["CheckoutFeature"])
        XCTAssertEqual(checkout.fallsBack.map(\.fallback), [nil])
        XCTAssertEqual(checkout.unreachable, ["SettingsDetailFeature"])
    }
}

import XCTest
import Foundation
import NavGraphTestSupport
@testable import NavGraphModel
@testable import NavGraphSchema

/// The key declarations of `RegistrySchema.swift` against what reads, writes and documents them.
final class RegistrySchemaTests: XCTestCase {
    /// A registry that sets every key of every section (to a value that is not the default).
    static var everyKey: Registry {
        func at(_ line: Int) -> ElementOrigin { ElementOrigin(source: SourceLocation(file: "App/Sources/File.swift", line: line, column: 5)) }
        var r = Registry()
        r.app = "Every Key"
        r.entries = [
            Entry(target: .feature("Home"), origin: at(1), ignore: ["unreachable-feature"]),
            Entry(target: .route("home"), origin: at(2)),
        ]
        r.flags = [
            FeatureFlag(name: "plain", defaultValue: true),
            FeatureFlag(name: "later", defaultValue: false, runtime: true),
            FeatureFlag(name: "owned", defaultValue: false, owner: "team-a", origin: at(3)),
        ]
        r.provided = [ProvidedDependency(name: "Router"), ProvidedDependency(name: "Store", origin: at(4))]
        r.routes = [
            Route(
                id: "home", type: "HomeRoute", module: "HomeInterface", parameters: [.init(name: "itemId", type: "String")],
                origin: at(5), ignore: ["unused-route"], system: .featherweight),
        ]
        r.handlers = [
            RouteHandler(name: "HomeHandler", module: "Home", routes: [.init(route: "home", feature: "Home")], origin: at(6), ignore: ["x"]),
        ]
        var home = Feature(
            name: "Home", module: "Home", enabled: .flag("owned"), fallback: "Fallback",
            dependencies: [DependencyRef(name: "Router"), DependencyRef(name: "Store", lazy: true, used: false, origin: at(7))],
            navigates: [Navigation(route: "home"), Navigation(route: "home", style: "modal", origin: at(8))],
            origin: at(9), ignore: ["y"])
        home.presents = [Presentation(feature: "Fallback"), Presentation(feature: "Fallback", style: "sheet", origin: at(10))]
        home.unusedFallback = UnusedFallback(declared: "fallback(forRoute:)", requirement: "fallback(for:)", origin: at(11))
        r.features = [home, Feature(name: "Fallback", enabled: .never)]
        r.dependencies = [
            DependencyBinding(
                protocol: "Store", implementation: "AppStore", module: "Core", dependencies: [DependencyRef(name: "Router")],
                origin: at(12), ignore: ["z"]),
        ]
        r.deeplinks = [
            DeepLink(url: "app://home/:itemId", route: "home", origin: at(13), ignore: ["w"]),
            DeepLink(anyRoute: "home|{\"itemId\": \"1\"}"),
        ]
        r.unfollowed = [
            UnfollowedCall(
                call: "router.navigate(to: route)", kind: .present, from: ["Home"], system: .components, routes: ["home"],
                screens: ["Fallback"], reason: "the route is a parameter", origin: at(14)),
        ]
        return r
    }

    /// Every declared key is written to YAML, read back by both readers alike, and written again the same.
    func testEveryKeySurvivesYAML() throws {
        let text = RegistryWriter.yaml(Self.everyKey)
        for section in RegistrySchema.sections {
            for key in section.keys {
                XCTAssertTrue(text.contains("\(key.name):"), "\(section.element): '\(key.name)' is not written:\n\(text)")
            }
        }
        let positioned = try RegistryLoader().positionedLoad(text: text, file: "every.yml", isJSON: false)
        XCTAssertEqual(RegistryWriter.yaml(positioned), text)
        // `unfollowed:` (the last section) is left to the positioned reader, and so is YAML outside the
        // block reader's subset: the escaped quotes of `anyRoute`'s JSON.
        let plain = text.components(separatedBy: "unfollowed:\n")[0].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("anyRoute") }.joined(separator: "\n")
        XCTAssertNil(RegistryLoader.fastLoad(text: text, file: "every.yml", isJSON: false), "escapes are left to the positioned reader")
        let fast = RegistryLoader.fastLoad(text: plain, file: "every.yml", isJSON: false)
        let expected = try RegistryLoader().positionedLoad(text: plain, file: "every.yml", isJSON: false)
        XCTAssertEqual(fast.map { RegistryWriter.yaml($0.registry) }, RegistryWriter.yaml(expected), "the fast reader reads every key but unfollowed")
    }

    /// What registry JSON carries is read back the same, and is what the JSON writer declares.
    func testEveryKeySurvivesJSON() throws {
        let text = RegistryJSONWriter.json(Self.everyKey)
        let back = try RegistryLoader().positionedLoad(text: text, file: "every.json", isJSON: true)
        XCTAssertEqual(RegistryJSONWriter.json(back), text)
        XCTAssertTrue(text.contains("\"parameters\": {\"itemId\": \"String\"}"))
        XCTAssertTrue(text.contains("{\"protocol\": \"Store\", \"lazy\": true}"))
        XCTAssertFalse(text.contains("\"ignore\""), "registry JSON carries no ignore lists")
    }

    /// docs/registry.md's key table has a row per top-level key, and each row lists its element's
    /// keys (required ones as "(required"); the smaller elements are spelled `{a, b, c}`.
    func testDocsListEveryKey() throws {
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/registry.md"), encoding: .utf8)
        func row(_ section: String) -> String {
            docs.split(separator: "\n").first { $0.hasPrefix("| `\(section)` |") }.map(String.init) ?? ""
        }
        for key in TopKey.all { XCTAssertFalse(row(key.name).isEmpty, "docs/registry.md has no row for '\(key.name)'") }
        func listed<K: RegistryKey>(_ section: TopKey, _ keys: K.Type) {
            let text = row(section.name)
            for key in K.all {
                XCTAssertTrue(text.contains("`\(key.name)`"), "docs/registry.md's '\(section.name)' row does not list '\(key.name)'")
                if key.required { XCTAssertTrue(text.contains("`\(key.name)` (required"), "'\(key.name)' is required") }
            }
        }
        listed(.entries, EntryKey.self)
        listed(.routes, RouteKey.self)
        listed(.handlers, HandlerKey.self)
        listed(.features, FeatureKey.self)
        listed(.dependencies, BindingKey.self)
        listed(.deeplinks, DeepLinkKey.self)
        listed(.unfollowed, UnfollowedKey.self)
        for names in [FlagKey.names, ProvidedKey.names, UnusedFallbackKey.names, DependencyRefKey.names, NavigationKey.names, PresentationKey.names] {
            XCTAssertTrue(docs.contains("{" + names.joined(separator: ", ") + "}"), "docs/registry.md does not spell {\(names.joined(separator: ", "))}")
        }
    }

    /// The fast reader's key bits hold every section's keys.
    func testSectionsFitTheFastReader() {
        for section in RegistrySchema.sections { XCTAssertLessThanOrEqual(section.keys.count, 16, section.element) }
    }
}

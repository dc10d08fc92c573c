import Foundation
import NavGraphKit
import NavGraphPipeline
import XCTest

/// `navgraph init` end to end on copies of the example apps (never in Examples/ itself): what it
/// writes lets `navgraph check` pass with the baseline, a second run changes nothing, and folders
/// without an app or routing get exit 2 and no file.
final class InitCommandTests: XCTestCase {
    static let written = [".navgraph.yml", "navgraph-baseline.json", ".github/workflows/navgraph.yml"]

    /// The example apps with Swift sources (registry-only examples have no app to set up).
    static var exampleApps: [String] {
        let examples = NavGraphBinary.repoRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return names.sorted().filter { name in
            guard let e = FileManager.default.enumerator(atPath: examples.appendingPathComponent(name).path) else { return false }
            while let rel = e.nextObject() as? String {
                if rel.hasSuffix(".swift") && !rel.hasPrefix(".navgraph-cache") { return true }
            }
            return false
        }
    }

    /// A copy of `Examples/NAME` in a fresh temporary folder, without any scan cache left in it.
    func copyOfExample(_ name: String) throws -> URL {
        let dir = try NavGraphBinary.temporaryDirectory(self).appendingPathComponent(name)
        try FileManager.default.copyItem(at: NavGraphBinary.repoRoot.appendingPathComponent("Examples/\(name)"), to: dir)
        try? FileManager.default.removeItem(at: dir.appendingPathComponent(".navgraph-cache"))
        return dir
    }

    /// Every file under `dir` (relative path → bytes), the scan cache left out.
    func snapshot(_ dir: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: dir.path)!
        while let rel = e.nextObject() as? String {
            if rel.hasPrefix(".navgraph-cache") { continue }
            var isDir: ObjCBool = false
            let path = dir.appendingPathComponent(rel).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
                out[rel] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return out
    }

    /// The (rule, subject) pairs of a JSON report.
    func findingIdentities(_ json: String) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let findings = try XCTUnwrap(object?["findings"] as? [[String: Any]])
        return Set(findings.map { "\($0["rule"] as? String ?? "?") \($0["subject"] as? String ?? "?")" })
    }

    func testEveryExampleAppIsAdoptedInOneCommand() throws {
        let apps = Self.exampleApps
        XCTAssertGreaterThanOrEqual(apps.count, 9, "the Swift example apps: \(apps)")
        for name in apps {
            let dir = try copyOfExample(name)
            // From another folder, with the path: paths in what is written are relative to the app.
            let first = try NavGraphBinary.run(["init", dir.path])
            XCTAssertEqual(first.status, 0, "\(name): \(first.stderr)")
            for file in Self.written {
                XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path), "\(name): \(file) not written")
                XCTAssertTrue(first.stdout.contains("created       \(file)"), "\(name): \(first.stdout)")
            }
            XCTAssertTrue(first.stdout.contains("\nnext, in "), first.stdout)

            let config = try NavGraphBinary.run(["config"], in: dir)
            XCTAssertEqual(config.status, 0, "\(name): \(config.stderr)")
            XCTAssertFalse(config.stderr.contains("warning"), "\(name): the written configuration has warnings: \(config.stderr)")

            let check = try NavGraphBinary.run(["check"], in: dir)
            XCTAssertEqual(check.status, 0, "\(name): check after init: \(check.stdout)\(check.stderr)")
            XCTAssertTrue(check.stderr.contains(", 0 stale") || !check.stderr.contains("baseline hid"), "\(name): \(check.stderr)")

            // The baseline is exactly today's findings: without it, check reports those and no other.
            let baseline = try Baseline.load(file: dir.appendingPathComponent("navgraph-baseline.json").path)
            let saved = try dir.read("navgraph-baseline.json")
            try FileManager.default.removeItem(at: dir.appendingPathComponent("navgraph-baseline.json"))
            let bare = try NavGraphBinary.run(["check", "--reporter", "json"], in: dir)
            XCTAssertEqual(try findingIdentities(bare.stdout), Set(baseline.entries.map(\.description)), "\(name)")
            try dir.write("navgraph-baseline.json", saved)

            // A second run, in the app's folder this time, changes nothing.
            let before = try snapshot(dir)
            let second = try NavGraphBinary.run(["init"], in: dir)
            XCTAssertEqual(second.status, 0, "\(name): \(second.stderr)")
            for file in Self.written {
                XCTAssertTrue(second.stdout.contains("unchanged     \(file)"), "\(name): \(second.stdout)")
            }
            XCTAssertEqual(try snapshot(dir), before, "\(name): the second init changed files")
        }
    }

    func testAnExampleWithErrorsIsGreenOnlyThroughItsBaseline() throws {
        let dir = try copyOfExample("FeatherweightApp")
        XCTAssertEqual(try NavGraphBinary.run(["init"], in: dir).status, 0)
        let baseline = try Baseline.load(file: dir.appendingPathComponent("navgraph-baseline.json").path)
        XCTAssertFalse(baseline.entries.isEmpty, "the example plants findings")
        XCTAssertEqual(try NavGraphBinary.run(["check"], in: dir).status, 0)
        // An empty baseline in its place: today's errors fail the check again.
        try dir.write("navgraph-baseline.json", Baseline(entries: []).json)
        XCTAssertEqual(try NavGraphBinary.run(["check"], in: dir).status, 1)
    }

    func testDryRunWritesNothing() throws {
        let dir = try copyOfExample("VIPERShop")
        let before = try snapshot(dir)
        let run = try NavGraphBinary.run(["init", "--dry-run"], in: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("files (dry run: nothing written)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("would create  .navgraph.yml"), run.stdout)
        XCTAssertTrue(run.stdout.contains("--- .navgraph.yml (would create)\n# navgraph configuration"), run.stdout)
        XCTAssertTrue(run.stdout.contains("--- .github/workflows/navgraph.yml (would create)"), run.stdout)
        XCTAssertEqual(try snapshot(dir), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent(".navgraph-cache").path), "init scans without a cache")
    }

    func testFilesAlreadyThereAreKeptWithoutForceAndRewrittenWithIt() throws {
        let dir = try copyOfExample("CoordinatorApp")
        XCTAssertEqual(try NavGraphBinary.run(["init"], in: dir).status, 0)
        let original = try snapshot(dir)
        let edited = try dir.read(".navgraph.yml").replacingOccurrences(of: "TODO owner: TEAM", with: "owner: payments")
        try dir.write(".navgraph.yml", edited)
        try dir.write(".github/workflows/navgraph.yml", "name: ours\n")

        let kept = try NavGraphBinary.run(["init"], in: dir)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertTrue(kept.stdout.contains("kept (it differs; --force replaces it)  .navgraph.yml"), kept.stdout)
        XCTAssertTrue(kept.stdout.contains("unchanged     navgraph-baseline.json"), kept.stdout)
        XCTAssertTrue(kept.stdout.contains("under the existing .navgraph.yml"), kept.stdout)
        XCTAssertEqual(try dir.read(".navgraph.yml"), edited)
        XCTAssertEqual(try dir.read(".github/workflows/navgraph.yml"), "name: ours\n")

        let forced = try NavGraphBinary.run(["init", "--force"], in: dir)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(forced.stdout.contains("replaced      .navgraph.yml"), forced.stdout)
        XCTAssertTrue(forced.stdout.contains("replaced      .github/workflows/navgraph.yml"), forced.stdout)
        XCTAssertEqual(try snapshot(dir), original)
    }

    func testAKeptConfigurationDecidesTheBaseline() throws {
        // A configuration already there that switches a rule off: the baseline is made under it,
        // so check (which reads it) passes, and its findings are not in the baseline.
        let dir = try copyOfExample("FeatherweightApp")
        try dir.write(".navgraph.yml", "registries: [.]\nbaseline: \"accepted findings.json\"\nrules:\n  unhandled-route: {enabled: false}\n")
        let run = try NavGraphBinary.run(["init"], in: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("created       accepted findings.json"), run.stdout)
        XCTAssertTrue(run.stdout.contains("git add .navgraph.yml 'accepted findings.json' .github/workflows/navgraph.yml && "), run.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("navgraph-baseline.json").path))
        let baseline = try Baseline.load(file: dir.appendingPathComponent("accepted findings.json").path)
        XCTAssertFalse(baseline.entries.isEmpty)
        XCTAssertFalse(baseline.entries.contains { $0.rule == "unhandled-route" }, "\(baseline.entries)")
        XCTAssertEqual(try NavGraphBinary.run(["check"], in: dir).status, 0)
    }

    func testTheScannerSettingsOfAConfigurationThereStayAndSteerDetection() throws {
        // Without the framework's declarations to learn from, the renamed dialect is found only
        // through the scan: settings of the .navgraph.yml already there.
        let dir = try copyOfExample("RenamedDialect")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Modules"))
        let dialect = "scan:\n  featureProtocols: [Builder]\n  handlerProtocols: [RouteHandling]\n  routerProtocol: DIServicing\n  routerTypes: [DIService]\n  styles: [protocol-routes]\n"
        // Routes but no screen is no app to plan for (docs/scanning.md: routing without any screen is
        // the no-routing error, never a green check of 0 features).
        XCTAssertThrowsError(try InitPlanner.plan(root: dir.path), "no Builder is a feature without the dialect") { error in
            guard case .noRouting? = error as? InitError else { return XCTFail("\(error)") }
        }

        try dir.write(".navgraph.yml", "registries: [.]\n" + dialect)
        let kept = try NavGraphBinary.run(["init"], in: dir)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertTrue(kept.stdout.contains("routing     routerservice: 4 screens,"), "styles are detected, not taken from the file: \(kept.stdout)")
        XCTAssertTrue(kept.stderr.contains("names no baseline"), kept.stderr)

        let forced = try NavGraphBinary.run(["init", "--force"], in: dir)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        let config = try dir.read(".navgraph.yml")
        XCTAssertTrue(config.contains("\n  featureProtocols: [Builder] "), config)
        XCTAssertTrue(config.contains("\n  routerProtocol: DIServicing "), config)
        XCTAssertTrue(config.contains("\n  styles: [routerservice] "), config)
        XCTAssertFalse(config.contains("protocol-routes"), config)
        XCTAssertEqual(try NavGraphBinary.run(["check"], in: dir).status, 0)
        let before = try snapshot(dir)
        let again = try NavGraphBinary.run(["init"], in: dir)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try snapshot(dir), before)
    }

    func testAnEmptyFolderIsNoApp() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        let run = try NavGraphBinary.run(["init", dir.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("no app here"), run.stderr)
        for style in ["RouterService", "featherweight", "components", "module-factory", "protocol-routes"] {
            XCTAssertTrue(run.stderr.contains(style), "the styles read are named: \(run.stderr)")
        }
        XCTAssertTrue(run.stderr.contains("Nothing was written."), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    func testSwiftWithoutRoutingIsNoRouting() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        try dir.write("Sources/App/Model.swift", "struct Model { let name: String }\n")
        try dir.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.executableTarget(name: \"App\")])\n")
        let before = try snapshot(dir)
        let run = try NavGraphBinary.run(["init"], in: dir)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("no routing found in ."), run.stderr)
        XCTAssertTrue(run.stderr.contains("Featherweight Router (featherweight)"), run.stderr)
        XCTAssertEqual(try snapshot(dir), before)
    }

    func testAGarbledProjectFileIsAWarningAndTheRestIsDetected() throws {
        let dir = try copyOfExample("VIPERShop")
        try dir.write("VIPERShop.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ this is not { a project\n")
        let run = try NavGraphBinary.run(["init"], in: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("VIPERShop.xcodeproj/project.pbxproj:1:1: warning:"), run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: "project.pbxproj:1:1: warning:").count, 2, "said once: \(run.stderr)")
        XCTAssertTrue(run.stdout.contains("routing     routerservice: "), run.stdout)
        XCTAssertTrue(run.stdout.contains("Xcode project VIPERShop.xcodeproj (unreadable"), run.stdout)
        XCTAssertTrue(run.stdout.contains("created       .navgraph.yml"), run.stdout)
        XCTAssertEqual(try NavGraphBinary.run(["check"], in: dir).status, 0)
    }

    func testTheCIFoundGetsTheJob() throws {
        let dir = try copyOfExample("SwiftUIRouter")
        try dir.write(".gitlab-ci.yml", "stages: [test]\n")
        try dir.write("bitrise.yml", "format_version: \"13\"\n")
        try dir.write("fastlane/Fastfile", "default_platform(:ios)\n")
        let run = try NavGraphBinary.run(["init"], in: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("CI          GitLab CI, Bitrise, fastlane"), run.stdout)
        let steps = [
            ".gitlab/navgraph.gitlab-ci.yml": "- navgraph check --report gitlab:gl-code-quality.json",
            ".bitrise/navgraph.yml": "navgraph check --report junit:\"$BITRISE_DEPLOY_DIR/navgraph-junit.xml\"",
            "fastlane/Navgraphfile": "lane :navgraph do",
        ]
        for (file, step) in steps {
            XCTAssertTrue(run.stdout.contains("created       \(file)"), run.stdout)
            let text = try dir.read(file)
            XCTAssertTrue(text.contains(step), "\(file): \(text)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent(".github").path), "no GitHub workflow when another CI is found")
        XCTAssertEqual(try dir.read(".gitlab-ci.yml"), "stages: [test]\n", "the CI's own file is never changed")
        XCTAssertEqual(try dir.read("fastlane/Fastfile"), "default_platform(:ios)\n")
    }

    func testTheGitHubWorkflowChecksAndCommentsTheDiff() throws {
        let dir = try copyOfExample("ExampleProject")
        let run = try NavGraphBinary.run(["init"], in: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        let workflow = try dir.read(".github/workflows/navgraph.yml")
        XCTAssertTrue(workflow.contains("\n      - uses: navgraph/navgraph@main\n"), workflow)
        XCTAssertTrue(workflow.contains("\n          diff-comment: true\n          diff-fail-on: new-errors unreachable\n"), workflow)
        XCTAssertTrue(workflow.contains("\n      pull-requests: write"), workflow)
        XCTAssertTrue(workflow.contains("\n    branches: [main]\n  pull_request:\n"), workflow)
        XCTAssertFalse(workflow.contains("\t"), "YAML has no tabs")

        // A fork on github.com is the action too; the branch comes from the clone's origin/HEAD.
        try dir.write(".git/refs/remotes/origin/HEAD", "ref: refs/remotes/origin/develop\n")
        let fork = try NavGraphBinary.run(["init", "--force", "--navgraph-repository", "https://github.com/acme/navgraph.git"], in: dir)
        XCTAssertEqual(fork.status, 0, fork.stderr)
        XCTAssertTrue(fork.stdout.contains("replaced      .github/workflows/navgraph.yml"), fork.stdout)
        let forked = try dir.read(".github/workflows/navgraph.yml")
        XCTAssertTrue(forked.contains("\n      - uses: acme/navgraph@main\n"), forked)
        XCTAssertTrue(forked.contains("\n    branches: [develop]\n"), forked)

        // A repository elsewhere cannot be a GitHub Action: said, and navgraph's own is used.
        let elsewhere = try NavGraphBinary.run(["init", "--force", "--navgraph-repository", "https://git.example.com/tools/navgraph.git"], in: dir)
        XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)
        XCTAssertTrue(elsewhere.stderr.contains("is not a repository on github.com, where a GitHub Action must live: the workflow uses navgraph/navgraph"), elsewhere.stderr)
        XCTAssertTrue(try dir.read(".github/workflows/navgraph.yml").contains("- uses: navgraph/navgraph@main"))
    }

    func testThePlanIsAValueAndWritesNothing() throws {
        let dir = try copyOfExample("RenamedDialect")
        let before = try snapshot(dir)
        let plan = try InitPlanner.plan(root: dir.path)
        XCTAssertEqual(try snapshot(dir), before)
        XCTAssertEqual(plan.files.map(\.path), Self.written)
        XCTAssertEqual(plan.files.map(\.status), [.create, .create, .create])
        XCTAssertEqual(plan.detection.styles.map(\.rawValue), ["routerservice"])
        XCTAssertEqual(plan.detection.appTarget, "Shop", "the demo app is not the app")
        XCTAssertEqual(plan.detection.flags.map(\.name), ["password_v2"])
        let config = plan.files[0].contents
        XCTAssertTrue(config.contains("\n  target: Shop "), config)
        XCTAssertTrue(config.contains("\n  password_v2: {} "), config)
        XCTAssertTrue(config.contains("TODO owner: TEAM"), config)
        // What is planned loads as a configuration without a warning.
        let (loaded, warnings) = try ConfigurationLoader.load(text: config, file: ".navgraph.yml")
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(loaded.registries, ["."])
        XCTAssertEqual(loaded.baseline, "navgraph-baseline.json")
        XCTAssertEqual(loaded.flags.map(\.name), ["password_v2"])
    }
}

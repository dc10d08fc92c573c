import Foundation
import NavGraphPlatform
import XCTest

/// Drives the real `navgraph explore` in a detached tmux session of a fixed size: send keys,
/// capture the pane, assert on what the user sees, and check the terminal is restored after
/// `q` and after SIGTERM. Without tmux it skips under a bare `swift test` and fails under `make test`
/// (which installs tmux and sets `NAVGRAPH_REQUIRE_TMUX=1`).
final class ExplorerTmuxTests: XCTestCase {
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let socket = "navgraph-test-\(getpid())-\(UUID().uuidString.prefix(8))"

    var binary: URL { Bundle.main.bundleURL.appendingPathComponent("navgraph") }

    override func setUpWithError() throws {
        guard Self.which("tmux") != nil else {
            // `make test` installs tmux and sets this: there a missing tmux is a failure, not a skip.
            if ProcessInfo.processInfo.environment["NAVGRAPH_REQUIRE_TMUX"] == "1" {
                XCTFail("tmux is not installed, and NAVGRAPH_REQUIRE_TMUX=1 (make test) requires it: apt-get install -y tmux")
            }
            throw XCTSkip("tmux is not installed (make test installs it: apt-get install -y tmux)")
        }
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            XCTFail("navgraph binary not found at \(binary.path); build it first (swift build)")
            throw XCTSkip("no binary")
        }
    }

    override func tearDown() {
        // Also runs after a skip or a failed set-up, when there may be no tmux to stop.
        guard Self.which("tmux") != nil else { return }
        _ = try? tmux(["kill-server"])
    }

    func testExplorerFollowsRoutesJumpsAndRestoresTheTerminal() throws {
        let pane = try start("explore Examples/ShopApp.yml")
        try waitFor(pane, "MainTabFeature [entry]")
        var screen = try capture(pane)
        XCTAssertTrue(screen.contains("Routes (2)"), screen)
        XCTAssertTrue(screen.contains("> shop_tab -> ShopFeature"), screen)
        XCTAssertTrue(screen.contains("module:       MainTab"), screen)
        XCTAssertEqual(try tmux(["display-message", "-p", "-t", pane, "#{alternate_on}"]).trimmed, "1")

        try keys(pane, "Down")
        try waitFor(pane, "> wishlist_tab -> WishlistFeature")
        try keys(pane, "Enter")
        try waitFor(pane, "path:         MainTabFeature -> WishlistFeature")
        screen = try capture(pane)
        XCTAssertTrue(screen.contains("dependencies: WishlistStoreProtocol, RouterServiceProtocol"), screen)
        XCTAssertTrue(screen.contains("> product_detail (push) -> ProductFeature"), screen)

        try keys(pane, "Left")
        try waitFor(pane, "path:         MainTabFeature\n")
        XCTAssertTrue(try capture(pane).contains("> wishlist_tab -> WishlistFeature"))

        try keys(pane, "/")
        try waitFor(pane, "Jump to a screen")
        try tmux(["send-keys", "-t", pane, "-l", "siriu"])
        try waitFor(pane, "/siriu_")
        XCTAssertTrue(try capture(pane).contains("> SiriUnavailableFeature (Siri)"))
        try keys(pane, "Enter")
        try waitFor(pane, "SiriUnavailableFeature\n")
        XCTAssertTrue(try capture(pane).contains("path:         MainTabFeature -> SiriUnavailableFeature"))

        try keys(pane, "q")
        try waitFor(pane, "EXIT=0")
        try waitFor(pane, "STTY-DONE")
        screen = try capture(pane)
        XCTAssertEqual(try tmux(["display-message", "-p", "-t", pane, "#{alternate_on}"]).trimmed, "0", "left the alternate screen")
        XCTAssertFalse(screen.contains("Routes ("), "the explorer's screen is gone: \(screen)")
        assertSaneTerminal(screen)
    }

    func testCtrlCQuitsAndSigtermRestores() throws {
        let pane = try start("explore Examples/Broken.yml")
        try waitFor(pane, "HomeFeature [entry]")
        try keys(pane, "C-c")
        try waitFor(pane, "EXIT=0")
        try waitFor(pane, "STTY-DONE")
        assertSaneTerminal(try capture(pane))

        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-explore-\(getpid()).pid")
        let pane2 = try start("explore Examples/Broken.yml", session: "term", pidFile: pidFile.path)
        try waitFor(pane2, "HomeFeature [entry]")
        let pid = try String(contentsOf: pidFile, encoding: .utf8).trimmed
        XCTAssertEqual(kill(pid_t(pid) ?? 0, SIGTERM), 0)
        try waitFor(pane2, "EXIT=143")
        try waitFor(pane2, "STTY-DONE")
        XCTAssertEqual(try tmux(["display-message", "-p", "-t", pane2, "#{alternate_on}"]).trimmed, "0")
        assertSaneTerminal(try capture(pane2))
    }

    func testNotATerminalIsExitCode2() throws {
        let p = Process()
        p.executableURL = binary
        p.arguments = ["explore", "Examples/ShopApp.yml"]
        p.currentDirectoryURL = Self.repoRoot
        p.standardInput = Pipe()
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 2)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(text.contains("standard input is not a terminal"), text)
    }

    // MARK: tmux helpers

    /// Starts the explorer in a fresh 100x30 session; after it exits the pane prints its exit
    /// status and the terminal modes, then stays open.
    func start(_ args: String, session: String = "explore", pidFile: String? = nil) throws -> String {
        let bin = binary.path
        let launch = pidFile.map { "sh -c 'echo $$ > \($0); exec \(bin) \(args)'" } ?? "\(bin) \(args)"
        let script = "cd \(Self.repoRoot.path) && \(launch); echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -e '-*icanon' -e '-*echo' | tr '\\n' ' '; echo; echo STTY-DONE; sleep 60"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "100", "-y", "30", "env NO_COLOR=1 TERM=xterm sh -c \"\(script.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "$", with: "\\$"))\""])
        _ = try? tmux(["set-option", "-t", session, "-g", "status", "off"])
        return "\(session):0.0"
    }

    func assertSaneTerminal(_ screen: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(screen.contains("icanon echo"), "cooked mode and echo back after exit: \(screen)", file: file, line: line)
        XCTAssertFalse(screen.contains("-icanon"), screen, file: file, line: line)
        XCTAssertFalse(screen.contains("-echo "), screen, file: file, line: line)
    }

    func keys(_ pane: String, _ key: String) throws { try tmux(["send-keys", "-t", pane, key]) }

    func capture(_ pane: String) throws -> String {
        try tmux(["capture-pane", "-p", "-t", pane]).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }.joined(separator: "\n")
    }

    func waitFor(_ pane: String, _ text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture(pane)
            if screen.contains(text) { return }
            usleep(50_000)
        }
        XCTFail("timed out waiting for \(text.debugDescription); the pane shows:\n\(screen)", file: file, line: line)
        throw TmuxTimeout()
    }

    /// Runs tmux with posix_spawn and waitpid (`ChildProcess`), its output in a file: the tmux server inherits
    /// the descriptors of the command that starts it, so a pipe would never reach end-of-file.
    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        let outPath = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-tmux-\(getpid())-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        let tmux = Self.which("tmux")!
        guard ChildProcess.run(tmux, ["-L", socket] + args, environment: ProcessInfo.processInfo.environment, outputPath: outPath) != nil else {
            throw TmuxTimeout()
        }
        return (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    }

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

private struct TmuxTimeout: Error {}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

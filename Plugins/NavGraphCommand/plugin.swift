import Foundation
import PackagePlugin

/// `swift package navgraph <subcommand> …`: runs the navgraph tool built from this package, in
/// the package's folder (so `.navgraph.yml` and relative paths work as on the command line).
/// Writing reports, baselines or diagrams needs `--allow-writing-to-package-directory`.
@main
struct NavGraphCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "navgraph")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.url.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: context.package.directoryURL.path)
        // Scans cache their facts in the plugin's own folder (the package folder may be read-only).
        var environment = ProcessInfo.processInfo.environment
        if environment["NAVGRAPH_CACHE_DIR"] == nil {
            environment["NAVGRAPH_CACHE_DIR"] = context.pluginWorkDirectoryURL.appendingPathComponent("scan-cache").path
        }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            throw ExitError(code: process.terminationStatus, signal: true)
        }
        if process.terminationStatus != 0 {
            // Written on the same stream as navgraph's own messages, so it comes after them, and the
            // plugin exits with navgraph's code.
            FileHandle.standardError.write(Data("\(ExitError(code: process.terminationStatus, signal: false))\n".utf8))
            exit(process.terminationStatus)
        }
    }
}

/// SwiftPM prints this and exits non-zero; the navgraph exit code is named in the message.
struct ExitError: Error, CustomStringConvertible {
    let code: Int32
    let signal: Bool
    var description: String {
        if signal { return "navgraph was killed by signal \(code)" }
        switch code {
        case 1: return "navgraph exited with code 1: findings at error level (or warnings with --strict)"
        case 2: return "navgraph exited with code 2: bad input or usage"
        default: return "navgraph exited with code \(code)"
        }
    }
}

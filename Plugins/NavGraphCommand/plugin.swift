import PackagePlugin
import Foundation

@main
struct NavGraphCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "navgraph")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.url.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: context.package.directoryURL.path)
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("navgraph exited with code \(process.terminationStatus)")
            throw ExitError(code: process.terminationStatus)
        }
    }
}

struct ExitError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "navgraph exited with code \(code)" }
}

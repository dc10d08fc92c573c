import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPipeline
import NavGraphScan

/// `check` as the SwiftPM/Xcode build-tool plugin runs it on every build (Plugins/NavGraphBuild):
/// findings only, in the xcode format, every path absolute; nothing at all for a target whose
/// sources hold no navigation. Hidden: a person at the command line never needs it, and it must
/// never turn "no routing" into a green check there.
struct BuildToolPluginOptions: ParsableArguments {
    @Option(
        name: .customLong("build-tool-plugin"),
        help: ArgumentHelp(
            "Run as the build-tool plugin, in its work directory DIR (the scan cache goes there).",
            valueName: "DIR", visibility: .hidden))
    var workDirectory: String?

    @Option(
        name: .customLong("default-path"),
        help: ArgumentHelp(
            "With --build-tool-plugin: what to check when neither the command line nor the config names registries (repeatable).",
            valueName: "PATH", visibility: .hidden))
    var defaultPaths: [String] = []

    @Option(
        name: .customLong("default-paths-file"),
        help: ArgumentHelp(
            "With --build-tool-plugin: more default paths, one per line (the plugin's app target may depend on thousands of modules).",
            valueName: "FILE", visibility: .hidden))
    var defaultPathsFile: String?

    var isOn: Bool { workDirectory != nil }

    /// This run's inputs, stored with its output when it ends (`finish`).
    nonisolated(unsafe) static var pending: PluginReplay?

    /// Ends a plugin run with `status`, keeping what it printed for the next unchanged build.
    static func finish(_ status: Int32) -> Never {
        if let replay = pending, let out = CLIOutput.recorded {
            replay.store(stdout: out.stdout, stderr: out.stderr, status: status)
        }
        CLIOutput.exitNow(status)
    }

    /// Written in the work directory on every run (Plugins/NavGraphBuild reads it as an input).
    static let runStamp = "run-stamp"

    func validate() throws {
        if (!defaultPaths.isEmpty || defaultPathsFile != nil) && !isOn {
            throw ValidationError("--default-path and --default-paths-file are only for --build-tool-plugin")
        }
        if let dir = workDirectory, !dir.hasPrefix("/") { throw ValidationError("--build-tool-plugin takes an absolute folder, got '\(dir)'") }
    }

    /// Loads the plugin's inputs: the config's registries, else the default paths, with the scan
    /// cache in the work directory. The current directory becomes the work directory first, which
    /// holds no sources, so every path printed is absolute (Xcode links only those). Returns nil
    /// when the sources hold no navigation at all: the build then prints nothing and passes.
    func load(_ input: InputOptions) throws -> LoadedInput? {
        guard let dir = workDirectory else { return try input.load() }
        // Thousands of options cost ArgumentParser half a second (its parse is quadratic in them): the
        // plugin hands an app target's module folders over in a file.
        var defaults = defaultPaths
        if let file = defaultPathsFile {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw InputError([Diagnostic(.error, "cannot read the default paths file \(file)", at: nil)])
            }
            defaults += text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        guard FileManager.default.changeCurrentDirectoryPath(dir) else {
            throw InputError([Diagnostic(.error, "cannot enter the plugin's work directory \(dir)", at: nil)])
        }
        // The plugin declares this file as an input: rewritten on every run, it makes the next build
        // run the check again (a command whose inputs did not change would be skipped, its findings unseen).
        _ = FileManager.default.createFile(atPath: Self.runStamp, contents: Data("\(Date().timeIntervalSince1970)\n".utf8))
        var input = input
        if input.cacheFlags.cacheDir == nil { input.cacheFlags.cacheDir = (dir as NSString).appendingPathComponent("scan-cache") }
        var (config, warnings) = try input.configuration()
        if config.registries.isEmpty { config.registries = defaults }
        // Nothing it reads changed since the last build: say again what it said then.
        let read = config.registries + [input.configFile, config.baseline, defaultPathsFile].compactMap { $0 }
            + CommandLine.arguments.filter { $0.hasPrefix("/") && FileManager.default.fileExists(atPath: $0) }
        let replay = PluginReplay(
            directory: (dir as NSString).appendingPathComponent("replay"), arguments: CommandLine.arguments,
            paths: read.map { $0.hasPrefix("/") ? $0 : (dir as NSString).appendingPathComponent($0) }, excluding: dir)
        if let last = replay.stored() {
            FileHandle.standardOutput.write(last.stdout)
            FileHandle.standardError.write(last.stderr)
            CLIOutput.exitNow(last.status)
        }
        Self.pending = replay
        CLIOutput.recorded = ("", "")
        // The plugin writes nothing but its cache (on macOS it runs sandboxed), and prints the xcode format.
        config.reports = []
        config.reporter = .xcode
        do {
            return try input.load(configuration: config, warnings: warnings, scanSummary: false)
        } catch let error as InputError
            where error.diagnostics.allSatisfy(SwiftSourceScanner.isNoRouting)
            && config.registries.allSatisfy({ InputLoader.kind(of: $0) == .sources }) {
            return nil
        }
    }
}

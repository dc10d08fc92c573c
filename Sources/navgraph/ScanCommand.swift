import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphScan

/// `navgraph scan PATH… -o registry.yml`: reads an app's Swift sources into a registry.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan Swift sources (RouterService style) into a navigation registry.",
        discussion: """
            Prints a warning with file:line:col for every construct that looks like routing but could \
            not be read; --strict-scan makes them errors. Exit code 0 on success, 2 on errors.
            """
    )

    @Argument(help: "Swift files or directories to scan.")
    var paths: [String]

    @Option(name: .shortAndLong, help: "Write the registry here (YAML) instead of standard output.")
    var output: String?

    @ArgumentParser.Flag(name: .customLong("strict-scan"), help: "Treat every scan warning as an error.")
    var strictScan = false

    @Option(
        name: .customLong("module-map"),
        help: "PATH_PREFIX=Module (repeatable), or a file of such lines: the module of the files under a path.")
    var moduleMap: [String] = []

    @Option(name: .customLong("config"), help: "Configuration file whose scan: section configures dialects (default: ./.navgraph.yml when present).")
    var configFile: String?

    @ArgumentParser.Flag(name: .customLong("explain"), help: "List every navigation call site with how its route was resolved (call site -> wrapper -> navigate), or why not.")
    var explain = false

    @ArgumentParser.Flag(name: .customLong("include-tests"), help: "Scan test targets and test doubles too (left out by default).")
    var includeTests = false

    @Option(name: .customLong("target"), help: "The app target to scan when the project has several (a demo or sample app, say).")
    var target: String?

    @Option(name: .customLong("style"), help: ArgumentHelp("The routing style to read: auto (every style found), \(RoutingStyle.allCases.map(\.rawValue).joined(separator: ", ")). Repeatable.", valueName: "STYLE"))
    var style: [String] = []

    @OptionGroup var cacheFlags: ScanCacheFlags

    /// The bench's peer (scripts/bench.sh): swift-syntax's parse of the same files, nothing else.
    @ArgumentParser.Flag(name: .customLong("parse-only"), help: .hidden)
    var parseOnly = false

    func run() throws {
        if parseOnly {
            let parsed = SwiftSourceScanner.parseOnly(paths: paths)
            CLIOutput.stderr("navgraph: parsed \(parsed.files) Swift files (\(parsed.bytes) bytes) with swift-syntax; nothing else done\n")
            return
        }
        var (config, settingsProblems) = ScanConfiguration.read(try scanSection())
        CLIOutput.printDiagnostics(settingsProblems.filter { $0.severity != .error })
        let settingsErrors = settingsProblems.filter { $0.severity == .error }
        if !settingsErrors.isEmpty { throw InputError(settingsErrors) }
        if strictScan { config.strict = true }
        if includeTests { config.includeTests = true }
        if let target { config.target = target }
        for name in style where name != "auto" {
            guard let s = RoutingStyle(rawValue: name) else {
                throw ValidationError("--style \(name): not a routing style (auto, \(RoutingStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            config.styles.append(s)
        }
        for (k, v) in try Self.parseModuleMap(moduleMap) { config.moduleMap[k] = v }
        let progress = ScanProgress()
        let result: ScanResult
        do {
            var cache = cacheFlags.choice.options(forScanning: paths)
            cache?.keepsRegistryYAML = !explain
            result = try SwiftSourceScanner(configuration: config, cache: cache).scan(paths: paths, progress: progress.report)
            progress.finish()
        } catch let error as InputError {
            progress.finish()
            throw error
        }
        CLIOutput.printDiagnostics(result.diagnostics)
        for note in result.cacheNotes { CLIOutput.stderr("navgraph: warning: \(Escaping.terminal(note))\n") }
        if explain {
            CLIOutput.stdout(Self.explanation(result.explanations))
            CLIOutput.stderr("navgraph: \(result.summary.line)\n")
            if result.hasErrors { throw ExitCode(ExitStatus.badInput) }
            return
        }
        if !result.summary.learned.isEmpty {
            CLIOutput.stderr("navgraph: learnt from the framework's declarations in the sources: \(Escaping.terminal(result.summary.learned.joined(separator: "; ")))\n")
        }
        if result.hasErrors { throw ExitCode(ExitStatus.badInput) }

        let yaml = result.registryYAML ?? RegistryWriter.yaml(result.registry)
        if let output {
            try CLIOutput.writeAtomically(yaml, to: output)
            CLIOutput.stderr("navgraph: \(result.summary.line) -> \(Escaping.terminal(output))\n")
        } else {
            CLIOutput.stdout(yaml)
            CLIOutput.stderr("navgraph: \(result.summary.line)\n")
        }
    }

    /// `--explain`: one block per navigation call site, in file order.
    static func explanation(_ sites: [CallSiteExplanation]) -> String {
        var out = ""
        for site in sites {
            let status = site.isResolved ? "resolved" : (site.resolved.isEmpty ? "UNRESOLVED" : "partly resolved")
            let call = site.kind == .present ? "direct \(Escaping.terminal(site.written))" : "navigate(\(Escaping.terminal(site.written)))"
            out += "\(site.location): \(call): \(status)\n"
            for r in site.resolved {
                // No feature: the call opens the first screen (an entry).
                let to = r.features.isEmpty ? "the app's launch (an entry)" : r.features.map { Escaping.terminal($0) }.joined(separator: ", ")
                let what = site.kind == .present ? "screen \(Escaping.terminal(r.route)) (direct)" : Escaping.terminal(r.route)
                out += "  -> \(what) from \(to), decided at \(r.site)\n"
                for step in r.chain { out += "       via \(Escaping.terminal(step))\n" }
            }
            for u in site.unresolved {
                out += "  ?  \(Escaping.terminal(u.reason))\n"
                for step in u.chain { out += "       via \(Escaping.terminal(step))\n" }
            }
        }
        if sites.isEmpty { out += "no navigation call sites\n" }
        return out
    }

    /// The `scan:` section of `--config` or ./.navgraph.yml, if any.
    private func scanSection() throws -> RawNode? {
        let path = configFile ?? (FileManager.default.fileExists(atPath: ".navgraph.yml") ? ".navgraph.yml" : nil)
        guard let path else { return nil }
        let (configuration, warnings) = try ConfigurationLoader.load(file: path)
        CLIOutput.printDiagnostics(warnings)
        return configuration.scan
    }

    /// `prefix=Module` pairs, or files holding `prefix=Module` / `prefix: Module` lines.
    static func parseModuleMap(_ values: [String]) throws -> [String: String] {
        var map: [String: String] = [:]
        func add(_ line: Substring, from source: String) throws {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { return }
            guard let sep = text.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
                throw ValidationError("--module-map: '\(text)' in \(source) is not PATH_PREFIX=Module")
            }
            let key = text[..<sep].trimmingCharacters(in: .whitespaces)
            let value = text[text.index(after: sep)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !value.isEmpty else {
                throw ValidationError("--module-map: '\(text)' in \(source) is not PATH_PREFIX=Module")
            }
            map[key] = value
        }
        for v in values {
            if v.contains("=") {
                try add(Substring(v), from: "the command line")
            } else if let text = try? String(contentsOfFile: v, encoding: .utf8) {
                for line in text.split(separator: "\n") { try add(line, from: v) }
            } else {
                throw ValidationError("--module-map: '\(v)' is neither PATH_PREFIX=Module nor a readable file")
            }
        }
        return map
    }
}

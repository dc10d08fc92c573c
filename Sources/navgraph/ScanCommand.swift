import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPipeline
import NavGraphScan

/// `navgraph scan PATH… -o registry.yml`: reads an app's Swift sources into a registry
/// (`Pipeline.scan`); this only parses the options and prints.
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
            let parsed = Pipeline.parseOnly(paths: paths)
            CLIOutput.stderr("navgraph: parsed \(parsed.files) Swift files (\(parsed.bytes) bytes) with swift-syntax; nothing else done\n")
            return
        }
        let (configuration, warnings) = try Pipeline.configuration(file: configFile, commandLine: Configuration())
        CLIOutput.printDiagnostics(warnings)
        let request = Pipeline.ScanRequest(
            paths: paths, configuration: configuration,
            options: Pipeline.ScanOptions(strict: strictScan, includeTests: includeTests, target: target, styles: style, moduleMap: moduleMap),
            explain: explain, cache: cacheFlags.choice)
        let progress = ScanProgress()
        let outcome: Pipeline.ScanOutcome
        do {
            outcome = try Pipeline.scan(request, progress: progress.report) { CLIOutput.printDiagnostics($0) }
            progress.finish()
        } catch let error as Pipeline.UsageError {
            throw ValidationError(error.description)
        } catch let error as InputError {
            progress.finish()
            throw error
        }
        let result = outcome.result
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
        guard let yaml = outcome.registryYAML else { throw ExitCode(ExitStatus.badInput) }
        if let output {
            try StageTimes.measure("scan: write the registry") { try CLIOutput.writeAtomically(yaml, to: output) }
            CLIOutput.stderr("navgraph: \(result.summary.line) -> \(Escaping.terminal(output))\n")
        } else {
            CLIOutput.stdout(yaml)
            CLIOutput.stderr("navgraph: \(result.summary.line)\n")
        }
        if StageTimes.enabled { CLIOutput.stderr(StageTimes.table()) }
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
}

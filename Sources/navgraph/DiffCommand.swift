import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPipeline
import NavGraphRender

/// `navgraph diff BASE HEAD` or `navgraph diff --base REV [PATH]`: what a change does to the
/// app's navigation. Both sides, the git revision and the comparison are `Pipeline.diff`'s; this
/// parses the options and writes the chosen format (docs/diff.md).
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two versions of an app's navigation: elements, edges, reachability and findings.",
        discussion: """
            BASE and HEAD are registry files, directories of them, or Swift source directories. With --base REV, \
            the sources at git revision REV (read with git archive, the work tree is never touched) are the base \
            and PATH (default .) in the work tree is the head; each side uses the .navgraph.yml at its repository root.
            Exit codes: 0 (or 1 when a --fail-on condition is met); 2 bad input or usage. See docs/diff.md.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case terminal, markdown, json, svg, png
    }

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp("Compare with this git revision of the repository (BASE is then read from git).", valueName: "REV"))
    var base: String?

    @Option(help: "terminal (default), markdown (a pull-request comment with a Mermaid diagram), json, svg or png.")
    var format: Format = .terminal

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Option(name: .customLong("fail-on"), help: ArgumentHelp(
        "Exit 1 when the diff has: new-errors, unreachable (a screen the base reached), any (repeatable).", valueName: "CONDITION"))
    var failOn: [NavigationDiff.FailCondition] = []

    @OptionGroup var terminal: TerminalOptions

    func validate() throws {
        if base == nil && input.paths.count != 2 {
            throw ValidationError("give BASE and HEAD (two registries or source directories), or --base REV [PATH]")
        }
        if base != nil && input.paths.count > 1 {
            throw ValidationError("with --base REV give at most one PATH (the head, in the work tree)")
        }
    }

    func run() throws {
        // Two scans one after the other: the first one's facts are freed before the second is made
        // (kept, they would double the peak memory of a big app's diff).
        KeptUntilExit.isEnabled = false
        let request = Pipeline.DiffRequest(
            base: base.map { .revision($0) } ?? .path(input.paths[0]), head: base == nil ? input.paths[1] : input.paths.first ?? ".",
            configFile: input.configFile, flagOverrides: try input.overrides(), allFlagCombinations: input.allFlagCombinations,
            scanCache: input.cacheFlags.choice)
        let progress = ScanProgress()
        defer { progress.finish() }
        let outcome: Pipeline.DiffOutcome
        do {
            outcome = try Pipeline.diff(request, progress: progress.report, onScanned: InputOptions.printScan(progress))
        } catch let error as Pipeline.UsageError {
            throw ValidationError(error.description)
        }
        CLIOutput.printDiagnostics(outcome.warnings)
        try write(outcome.diff, outcome.base.graph, outcome.head.graph)
        CLIOutput.stderr("navgraph: \(DiffTerminalFormatter.summary(outcome.diff))\n")
        if failOn.contains(where: outcome.diff.meets) { throw ExitCode(ExitStatus.findings) }
    }

    func write(_ diff: NavigationDiff, _ base: NavGraph, _ head: NavGraph) throws {
        let data: Data
        switch format {
        case .terminal:
            var style = terminal.style()
            if output != nil && terminal.color == .auto { style = .plain(width: style.width) }
            data = Data(DiffTerminalFormatter.format(diff, style: style).utf8)
        case .json:
            data = Data(DiffJSONFormatter.format(diff).utf8)
        case .markdown:
            data = Data(DiffMarkdownFormatter.format(diff, neighbourhood: DiffNeighbourhood(diff: diff, base: base, head: head)).utf8)
        case .svg, .png:
            let diagram = DiffDiagram.build(diff, neighbourhood: DiffNeighbourhood(diff: diff, base: base, head: head))
            do {
                data = try DiffDiagram.render(diagram, formats: [format == .svg ? .svg : .png])[0]
            } catch {
                throw InputError([Diagnostic(.error, "cannot draw the diff: \(error)", at: nil)])
            }
        }
        try CLIOutput.writeAtomically(data, to: output ?? "-")
    }
}

extension NavigationDiff.FailCondition: ExpressibleByArgument {}

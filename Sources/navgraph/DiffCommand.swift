import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPipeline
import NavGraphRender

/// `navgraph diff BASE HEAD` or `navgraph diff --base REV [PATH]`: what a change does to the
/// app's navigation. Loading, checks and reachability are the other commands' own; the
/// comparison and its formats live in the libraries (docs/diff.md).
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
        let sides: (base: Spec, head: Spec)
        var checkout: GitCheckout?
        if let base {
            let c = try GitCheckout(revision: base, path: input.paths.first ?? ".")
            checkout = c
            // --config names one file for both sides; otherwise each side has its own root's.
            sides = (Spec(path: c.basePath, config: input.configFile ?? c.baseConfig, label: c.baseLabel),
                     Spec(path: input.paths.first ?? ".", config: input.configFile ?? c.headConfig, label: input.paths.first ?? "."))
        } else {
            let config = input.configFile ?? (FileManager.default.fileExists(atPath: Configuration.defaultFileName) ? Configuration.defaultFileName : nil)
            sides = (Spec(path: input.paths[0], config: config, label: input.paths[0]),
                     Spec(path: input.paths[1], config: config, label: input.paths[1]))
        }
        defer { checkout?.remove() }
        var b = try load(sides.base), h = try load(sides.head)
        if input.allFlagCombinations {
            // The same combinations on both sides (over the flags either declares), so they pair by name.
            guard let all = FlagScenario.allCombinations(of: Registry(flags: b.registry.flags + h.registry.flags)) else {
                throw ValidationError("--all-flag-combinations compares at most \(FlagScenario.combinationLimit) flags")
            }
            b.scenarios = all
            h.scenarios = all
        }
        CLIOutput.printDiagnostics(b.warnings + h.warnings)
        var baseFindings = b.findings()
        if let checkout { baseFindings = baseFindings.map(checkout.relabel) }
        let diff = NavigationDiff(
            base: .init(label: sides.base.label, graph: b.graph, scenarios: b.scenarios, findings: baseFindings),
            head: .init(label: sides.head.label, graph: h.graph, scenarios: h.scenarios, findings: h.findings()))
        try write(diff, b.graph, h.graph)
        CLIOutput.stderr("navgraph: \(DiffTerminalFormatter.summary(diff))\n")
        if failOn.contains(where: diff.meets) { throw ExitCode(ExitStatus.findings) }
    }

    struct Spec {
        var path: String
        var config: String?
        var label: String
    }

    /// One side: its own configuration file (never the other side's), the shared --flag options.
    func load(_ spec: Spec) throws -> LoadedInput {
        let (file, warnings) = try spec.config.map { try ConfigurationLoader.load(file: $0) } ?? (Configuration(), [])
        var cli = Configuration()
        cli.registries = [spec.path]
        return try input.load(configuration: Configuration.defaults.applying(file).applying(cli), warnings: warnings)
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

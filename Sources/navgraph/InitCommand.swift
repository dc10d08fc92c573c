import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPipeline

/// `navgraph init [PATH]`: sets navgraph up in an app's repository in one command. The library
/// plans (`InitPlanner`); this command prints the plan, writes the files it says to write (each
/// atomically) and picks the exit code.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Set navgraph up in an app's repository: .navgraph.yml, a baseline of today's findings, a CI job.",
        discussion: """
            Detects the routing styles, the project layout (Xcode project, SwiftPM, Tuist, CocoaPods), the app \
            target, the flags the code reads and the CI in use (GitHub Actions, GitLab, Bitrise, fastlane; \
            GitHub Actions when none is found), then writes what is missing. A file already there is never \
            changed without --force; running init again changes nothing.
            Exit codes: 0 done (or nothing to do); 2 no app or no routing here, or a file that cannot be read or written.
            """
    )

    @Argument(help: "The app's repository (default: the current folder).")
    var path: String = "."

    @Flag(help: "Replace files that exist with other contents.")
    var force = false

    @Flag(name: .customLong("dry-run"), help: "Print what would be written, and write nothing.")
    var dryRun = false

    @Option(
        name: .customLong("navgraph-repository"),
        help: ArgumentHelp("The git repository the CI jobs get navgraph from (default: navgraph's own; a fork's on github.com is used as the GitHub Action too).", valueName: "URL"))
    var repository: String?

    func validate() throws {
        if let r = repository, r.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--navgraph-repository takes the URL of a git repository")
        }
    }

    func run() throws {
        let plan: InitPlan
        do {
            plan = try InitPlanner.plan(root: path, options: .init(force: force, repository: repository))
        } catch {
            CLIOutput.printDiagnostics(error.diagnostics)
            CLIOutput.stderr("navgraph init: \(Escaping.terminal(error.description))\n")
            throw ExitCode(ExitStatus.badInput)
        }
        CLIOutput.printDiagnostics(plan.warnings)
        if !dryRun {
            for file in plan.filesToWrite {
                let target = file.path.hasPrefix("/") ? file.path : (path as NSString).appendingPathComponent(file.path)
                try CLIOutput.writeAtomically(file.contents, to: target)
            }
        }
        CLIOutput.stdout(Self.text(plan, dryRun: dryRun))
    }

    /// `s` and spaces up to `width` characters, and at least two spaces after a longer `s`.
    static func pad(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: s.count < width ? width - s.count : 2)
    }

    /// What init found, what it did with each file, and the next commands.
    static func text(_ plan: InitPlan, dryRun: Bool) -> String {
        let d = plan.detection
        let t = { (s: String) in Escaping.terminal(s) }
        var rows: [(String, String)] = []
        let s = d.scan
        rows.append(("routing", d.styles.map(\.rawValue).joined(separator: ", ")
            + ": " + [(s.features, "screen"), (s.routes, "route"), (s.handlers, "handler"), (s.edges, "edge")].map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")))
        // The first four manifests by path (the app's own usually come first), then a count.
        var manifests = d.layout.manifests.prefix(4).map { "\($0.kind.rawValue) \($0.path)\($0.unreadable ? " (unreadable: targets guessed from folders)" : "")" }
        if d.layout.manifests.count > 4 { manifests.append("\(d.layout.manifests.count - 4) more") }
        rows.append(("project", manifests.isEmpty ? "no project file (folders read as modules)" : manifests.joined(separator: ", ")))
        rows.append(("app target", d.appTarget
            ?? (d.appTargets.isEmpty ? "none declared (every source folder is read)" : "not decided: \(d.appTargets.joined(separator: ", ")) (all read)")))
        rows.append(("flags", d.flags.isEmpty ? "none read by the code" : d.flags.map(\.name).joined(separator: ", ") + " (owners to fill in .navgraph.yml)"))
        rows.append(("findings", InitPlanner.count(d.findings) + (d.keptConfiguration ? " under the existing .navgraph.yml" : "")))
        var ci = d.ciFound.isEmpty ? "none found: a GitHub Actions workflow" : d.ciFound.map(\.rawValue).joined(separator: ", ")
        if !d.otherCI.isEmpty { ci += "; no job written for " + d.otherCI.joined(separator: ", ") + " (its step: navgraph check)" }
        rows.append(("CI", ci))
        var out = "navgraph init: \(t(plan.root))\n"
        for (k, v) in rows { out += "  " + pad(k, 12) + t(v) + "\n" }

        out += dryRun ? "files (dry run: nothing written)\n" : "files\n"
        for f in plan.files {
            let word: String
            switch f.status {
            case .create: word = dryRun ? "would create" : "created"
            case .unchanged: word = "unchanged"
            case .keep: word = "kept (it differs; --force replaces it)"
            case .replace: word = dryRun ? "would replace" : "replaced"
            }
            out += "  " + pad(word, 14) + t(f.path) + (f.note.map { "  (\(t($0)))" } ?? "") + "\n"
        }
        out += "next, in \(t(plan.root))\n"
        let width = plan.nextCommands.map(\.command.count).max() ?? 0
        for c in plan.nextCommands {
            out += "  " + t(c.command) + String(repeating: " ", count: max(2, min(width, 48) - c.command.count + 2)) + "# " + t(c.why) + "\n"
        }
        if dryRun {
            for f in plan.files where f.status == .create || f.status == .replace {
                out += "\n--- \(t(f.path)) (\(f.status == .create ? "would create" : "would replace"))\n" + f.contents
            }
        }
        return out
    }
}

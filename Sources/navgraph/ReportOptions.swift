import ArgumentParser
import Foundation
import NavGraphKit

/// The command-line side of the configuration: reporters, report files, baseline, strictness.
/// Each option set here wins over `.navgraph.yml`.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "What to print on standard output: \(OutputFormat.identifiers.joined(separator: ", ")) (default xcode).",
        valueName: "NAME"))
    var reporter: String?

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp("Also write a report file, e.g. sarif:out/navgraph.sarif (repeatable).", valueName: "NAME:PATH"))
    var reports: [String] = []

    @Option(help: ArgumentHelp("Hide the findings recorded in this baseline; list its stale entries.", valueName: "FILE"))
    var baseline: String?

    @Flag(inversion: .prefixedNo, help: "Fail (exit 1) on warnings too (--no-strict overrides the config file).")
    var strict: Bool?

    /// Bad reporter names or NAME:PATH pairs are usage errors of the subcommand.
    func validate() throws {
        _ = try applied(to: Configuration())
    }

    /// `config` with every option given here applied on top.
    func applied(to config: Configuration) throws -> Configuration {
        var cli = Configuration()
        if let reporter { cli.reporter = try Self.format(reporter, option: "--reporter") }
        cli.reports = try reports.map { item in
            guard let colon = item.firstIndex(of: ":"), colon != item.startIndex, item.index(after: colon) != item.endIndex else {
                throw ValidationError("--report takes NAME:PATH (e.g. sarif:out/navgraph.sarif), got '\(item)'")
            }
            let format = try Self.format(String(item[..<colon]), option: "--report")
            return Configuration.ReportOutput(format: format, path: String(item[item.index(after: colon)...]))
        }
        cli.baseline = baseline
        cli.strict = strict
        return config.applying(cli)
    }

    static func format(_ name: String, option: String) throws -> OutputFormat {
        switch OutputFormat.named(name) {
        case .success(let f): return f
        case .failure(let e): throw ValidationError("\(option): \(e.diagnostics[0].message)")
        }
    }
}

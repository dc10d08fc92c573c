import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// Every reporter, by the name used with `--reporter NAME` and `--report NAME:PATH`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case xcode
    case json
    case sarif
    case junit
    case githubActions = "github-actions"
    case checkstyle
    case markdown
    case gitlab
    case summary

    public var reporter: any Reporter.Type {
        switch self {
        case .xcode: return XcodeReporter.self
        case .json: return JSONReporter.self
        case .sarif: return SARIFReporter.self
        case .junit: return JUnitReporter.self
        case .githubActions: return GitHubActionsReporter.self
        case .checkstyle: return CheckstyleReporter.self
        case .markdown: return MarkdownReporter.self
        case .gitlab: return GitLabReporter.self
        case .summary: return SummaryReporter.self
        }
    }

    public func generateReport(_ report: CheckReport) -> String { reporter.generateReport(report) }

    public func write<Sink: ReportSink>(_ report: CheckReport, to out: inout Sink) { reporter.write(report, to: &out) }

    /// Every identifier, for help texts and "did you mean".
    public static var identifiers: [String] { allCases.map(\.rawValue) }

    /// The format named `name`, or an error that lists the formats (with a suggestion).
    public static func named(_ name: String) -> Result<OutputFormat, InputError> {
        if let f = OutputFormat(rawValue: name) { return .success(f) }
        let message = "unknown reporter '\(name)'\(NameSuggestion.hint(for: name, in: identifiers)); available: \(identifiers.joined(separator: ", "))"
        return .failure(InputError([Diagnostic(.error, message, at: nil)]))
    }
}

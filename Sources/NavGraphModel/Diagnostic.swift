import NavGraphSupport

/// A problem with the input itself (not with the app): a registry that cannot be read,
/// an unknown key, Swift the scanner could not understand.
public struct Diagnostic: Hashable, Codable, Sendable, CustomStringConvertible {
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:col: error: message`, as compilers print it.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

/// Thrown when input cannot be used: every diagnostic found in one pass.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

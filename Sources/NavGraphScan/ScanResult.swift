import NavGraphKit

/// What a scan found: the registry, and every construct that looked like routing but could
/// not be read (warnings, or errors with `strict`), with its `file:line:col`.
public struct ScanResult: Hashable, Sendable {
    public var registry: Registry
    public var diagnostics: [Diagnostic]
    /// How many Swift files were parsed.
    public var fileCount: Int

    public init(registry: Registry, diagnostics: [Diagnostic], fileCount: Int = 0) {
        self.registry = registry
        self.diagnostics = diagnostics
        self.fileCount = fileCount
    }

    /// True when some diagnostic is an error (an unreadable file, or any warning under `strict`).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

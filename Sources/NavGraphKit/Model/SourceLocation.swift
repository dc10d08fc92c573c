/// Where something is written: a registry file position or a Swift source position.
public struct SourceLocation: Hashable, Codable, Comparable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Parses `path:line:col` or `path:line` (as written in a registry's `source:` key).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        if parts.count >= 3, let line = Int(parts[parts.count - 2]), let col = Int(parts[parts.count - 1]) {
            self.init(file: parts.dropLast(2).joined(separator: ":"), line: line, column: col)
        } else if let line = Int(parts[parts.count - 1]) {
            self.init(file: parts.dropLast().joined(separator: ":"), line: line, column: 1)
        } else {
            return nil
        }
        if file.isEmpty || line < 1 || column < 1 { return nil }
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// The two places an element is known by: where the registry declares it, and (optionally)
/// where the app's source defines it (`source:` key, or the scanner's position).
public struct ElementOrigin: Hashable, Codable, Sendable {
    /// Position in the registry file (or Swift file when scanned).
    public var registry: SourceLocation?
    /// Position in the app's sources, from `source:`.
    public var source: SourceLocation?

    public init(registry: SourceLocation? = nil, source: SourceLocation? = nil) {
        self.registry = registry
        self.source = source
    }

    /// The location findings point at: the app's source when known, else the registry.
    public var primary: SourceLocation? { source ?? registry }
}

/// Where something is written: a registry file position or a Swift source position.
///
/// The file is held as an id in `SourceFiles` (not a `String`), so locations — two in every
/// element's origin — are copied, compared and hashed without reference counting or string work;
/// `file` gives the path back for what is printed.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The file's id in `SourceFiles`.
    private(set) var fileID: UInt32
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.init(fileID: SourceFiles.id(file), line: line, column: column)
    }

    /// For readers that make many locations in one file: the id is looked up once per file.
    init(fileID: UInt32, line: Int, column: Int) {
        self.fileID = fileID
        self.line = line
        self.column = column
    }

    /// The file's path.
    public var file: String {
        get { SourceFiles.path(fileID) }
        set { fileID = SourceFiles.id(newValue) }
    }

    /// Parses `path:line:col` or `path:line` (as written in a registry's `source:` key).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        let path: String, line: Int, column: Int
        if parts.count >= 3, let l = Int(parts[parts.count - 2]), let c = Int(parts[parts.count - 1]) {
            (path, line, column) = (parts.dropLast(2).joined(separator: ":"), l, c)
        } else if let l = Int(parts[parts.count - 1]) {
            (path, line, column) = (parts.dropLast().joined(separator: ":"), l, 1)
        } else {
            return nil
        }
        if path.isEmpty || line < 1 || column < 1 { return nil }
        self.init(file: path, line: line, column: column)
    }

    public var description: String { "\(file):\(line):\(column)" }

    /// By path, then line and column.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        if a.fileID != b.fileID { return a.file < b.file }
        return (a.line, a.column) < (b.line, b.column)
    }
}

extension SourceLocation: Codable {
    private enum CodingKeys: String, CodingKey { case file, line, column }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(file: try c.decode(String.self, forKey: .file), line: try c.decode(Int.self, forKey: .line),
                  column: try c.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
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

import NavGraphSupport

/// Where something is written: a registry file position or a Swift source position.
///
/// The file is held as an id in `SourceFiles` (not a `String`), so locations — two in every
/// element's origin — are copied, compared and hashed without reference counting or string work;
/// `file` gives the path back for what is printed.
///
/// A location is one of two kinds in the same twelve bytes: a byte offset into a text its reader
/// registered with `SourceFiles` (readers that have the file's bytes make these without counting
/// lines or columns; `line` and `column` are computed from the text's `LineTable` when asked), or an
/// explicit line and column (`source:` keys, baselines, decoded caches, libyaml's marks). Equality,
/// hashing and `<` are by path, line and column whichever kind each side is.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The file's id in `SourceFiles`, with `offsetTag` set when this is an offset location.
    private var bits: UInt32
    /// Offset kind: the byte offset. Explicit kind: the line.
    private var first: UInt32
    /// Offset kind: the text's id in `SourceFiles`. Explicit kind: the column.
    private var second: UInt32

    private static let offsetTag: UInt32 = 1 << 31

    public init(file: String, line: Int, column: Int) {
        self.init(fileID: SourceFiles.id(file), line: line, column: column)
    }

    /// For readers that make many locations in one file: the id is looked up once per file. Lines and
    /// columns beyond `UInt32.max` are saturated (a `source:` key with such a number is refused).
    package init(fileID: UInt32, line: Int, column: Int) {
        self.init(bits: fileID, first: Self.narrow(line), second: Self.narrow(column))
    }

    /// `UInt32(clamping:)` without the generic call (a debug build paid 70 M instructions for it on
    /// the 10k YAML registry, where every location is explicit).
    private static func narrow(_ value: Int) -> UInt32 {
        value <= 0 ? 0 : value >= Int(UInt32.max) ? UInt32.max : UInt32(truncatingIfNeeded: value)
    }

    private init(bits: UInt32, first: UInt32, second: UInt32) {
        self.bits = bits
        self.first = first
        self.second = second
    }

    /// The place `offset` bytes into a text registered with `SourceFiles.register`.
    package init(_ text: SourceFiles.TextID, offset: Int) {
        if let o = UInt32(exactly: offset) {
            self.init(bits: text.file | Self.offsetTag, first: o, second: text.text)
        } else {
            // Past 4 GiB: resolved now, as an explicit line and column.
            let p = SourceFiles.lines(text.text).position(offset)
            self.init(fileID: text.file, line: p.line, column: p.column)
        }
    }

    /// A file's text registered once, for a reader outside this module that makes many locations in
    /// it (the scanner): locations in it are byte offsets, line and column are computed when asked.
    public struct Text: Sendable {
        package let id: SourceFiles.TextID

        /// Swift source, as swift-syntax's `SourceLocationConverter` counts it: lines end at `\n`,
        /// `\r` or `\r\n`, columns count UTF-8 bytes.
        public init(swiftSource bytes: UnsafeBufferPointer<UInt8>, path: String) {
            id = SourceFiles.register(bytes, path: path, style: .swift)
        }
    }

    /// The place `utf8Offset` bytes into `text` (swift-syntax's `AbsolutePosition.utf8Offset`).
    public init(_ text: Text, utf8Offset: Int) {
        self.init(text.id, offset: max(0, utf8Offset))
    }

    /// The file's id in `SourceFiles`.
    package var fileID: UInt32 { bits & ~Self.offsetTag }

    private var isOffset: Bool { bits & Self.offsetTag != 0 }

    /// Line and column, computed for an offset location (a binary search of its text's line starts).
    private var position: (line: Int, column: Int) {
        isOffset ? SourceFiles.lines(second).position(Int(first)) : (Int(first), Int(second))
    }

    /// The line, from 1. Setting it makes the location an explicit one.
    public var line: Int {
        get { position.line }
        set { self = SourceLocation(fileID: fileID, line: newValue, column: column) }
    }

    /// The column, from 1 (characters in a registry, UTF-8 bytes in Swift sources). Setting it makes
    /// the location an explicit one.
    public var column: Int {
        get { position.column }
        set { self = SourceLocation(fileID: fileID, line: line, column: newValue) }
    }

    /// The file's path. Setting it keeps the line and column (as an explicit location).
    public var file: String {
        get { SourceFiles.path(fileID) }
        set {
            let p = position
            self = SourceLocation(fileID: SourceFiles.id(newValue), line: p.line, column: p.column)
        }
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
        if path.isEmpty || line < 1 || column < 1 || line > UInt32.max || column > UInt32.max { return nil }
        self.init(file: path, line: line, column: column)
    }

    public var description: String {
        let p = position
        return "\(file):\(p.line):\(p.column)"
    }

    /// Same path, line and column. Two offsets into the same text compare as offsets (readers make
    /// offsets only where a character starts, so equal places are equal offsets).
    public static func == (a: SourceLocation, b: SourceLocation) -> Bool {
        if a.bits == b.bits, a.first == b.first, a.second == b.second { return true }
        guard a.fileID == b.fileID else { return false }
        if a.isOffset, b.isOffset, a.second == b.second { return false }
        return a.position == b.position
    }

    public func hash(into hasher: inout Hasher) {
        let p = position
        hasher.combine(fileID)
        hasher.combine(p.line)
        hasher.combine(p.column)
    }

    /// By path, then line and column.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        if a.fileID != b.fileID { return a.file < b.file }
        if a.isOffset, b.isOffset, a.second == b.second { return a.first < b.first }
        return a.position < b.position
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

extension JSONValue {
    /// `{"file", "line", "column"}`, or null.
    package static func location(_ l: SourceLocation?) -> JSONValue {
        guard let l else { return .null }
        return .object(["file": .string(l.file), "line": .int(l.line), "column": .int(l.column)])
    }
}

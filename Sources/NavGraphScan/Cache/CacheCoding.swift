import Foundation
import NavGraphKit
import NavGraphPlatform

/// The scan cache's byte format for one file's facts: variable-length integers, and strings
/// written once per entry (later uses refer back to the first by number; a file path, a type
/// name or a label repeats hundreds of times in one file's facts).
///
/// Hand-written rather than `Codable` through an encoder: it is several times faster to decode
/// (the cached scan must cost a tenth of a parse), and it needs no change to the fact types, whose
/// tuples (`enabled`, `fallback`, …) `Codable` cannot synthesize. `FactCacheTests` holds each
/// type's stored-property count (through `Mirror`) to what is written here, so a new field fails
/// a test instead of vanishing from cached scans.
/// The scan cache's files are replaced whole and not synced (`FileBytes.replaceUnsynced`): every
/// entry carries its checksum, so a file a crash cut short is a miss. Syncing cost ~1 ms a megabyte,
/// most of a touched-file re-scan's write of its facts pack (docs/performance.md).
enum CacheFile {
    struct WriteError: Error, LocalizedError {
        var reason: String
        var errorDescription: String? { reason }
    }

    static func replace(_ path: String, with bytes: [UInt8]) throws {
        if let reason = FileBytes.replaceUnsynced(path, with: bytes) { throw WriteError(reason: reason) }
    }
}

struct CacheWriter {
    private(set) var bytes: [UInt8] = []
    private var table: [String: Int] = [:]

    init() { bytes.reserveCapacity(4096) }

    /// For a short value made many times (a key per file): no 4 KiB reserved each time.
    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func uint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Zig-zag, so small negative numbers stay short.
    mutating func int(_ v: Int) { uint(UInt64(bitPattern: Int64((v << 1) ^ (v >> (Int.bitWidth - 1))))) }

    mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }

    /// 0 then length and UTF-8 the first time; n + 1 for the n-th distinct string afterwards.
    mutating func string(_ s: String) {
        if let n = table[s] {
            uint(UInt64(n) + 1)
            return
        }
        table[s] = table.count
        uint(0)
        var s = s
        s.withUTF8 { buf in
            uint(UInt64(buf.count))
            bytes.append(contentsOf: buf)
        }
    }

    /// A long text written once (no entry in the string table): length and UTF-8.
    mutating func text(_ s: String) {
        var s = s
        s.withUTF8 { buf in
            uint(UInt64(buf.count))
            bytes.append(contentsOf: buf)
        }
    }

    mutating func optional<T>(_ v: T?, _ write: (inout CacheWriter, T) -> Void) {
        guard let v else { bool(false); return }
        bool(true)
        write(&self, v)
    }

    mutating func array<T>(_ items: [T], _ write: (inout CacheWriter, T) -> Void) {
        uint(UInt64(items.count))
        for item in items { write(&self, item) }
    }

    mutating func strings(_ items: [String]) { array(items) { $0.string($1) } }

    /// Sorted, so the same facts give the same bytes.
    mutating func stringSet(_ items: Set<String>) { strings(items.sorted()) }

    mutating func value<T: CacheCodable>(_ v: T) { v.write(to: &self) }
    mutating func values<T: CacheCodable>(_ items: [T]) { array(items) { $0.value($1) } }
    mutating func optionalValue<T: CacheCodable>(_ v: T?) { optional(v) { $0.value($1) } }
}

/// Reads what `CacheWriter` wrote; any inconsistency (a count larger than the bytes left, a string
/// reference never defined, an unknown tag, nesting deeper than a parse can produce) throws, and the
/// scanner then parses the file instead.
struct CacheReader {
    struct Corrupt: Error {}

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var table: [String] = []
    /// Nesting of `ValueExpr`s being read (a damaged entry must not recurse the stack away).
    var depth = 0
    static let maximumDepth = 512

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }
    var remaining: Int { bytes.count - position }

    mutating func byte() throws -> UInt8 {
        guard position < bytes.count else { throw Corrupt() }
        position += 1
        return bytes[position - 1]
    }

    mutating func skip(_ n: Int) { position = min(bytes.count, position + max(0, n)) }

    mutating func uint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count, shift < 64 else { throw Corrupt() }
            let b = bytes[position]
            position += 1
            result |= UInt64(b & 0x7f) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }

    mutating func int() throws -> Int {
        let z = try uint()
        return Int(truncatingIfNeeded: Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1))))
    }

    /// A count of items, each at least one byte long.
    mutating func count() throws -> Int {
        let n = try uint()
        guard n <= UInt64(bytes.count - position) else { throw Corrupt() }
        return Int(n)
    }

    mutating func bool() throws -> Bool {
        guard position < bytes.count, bytes[position] <= 1 else { throw Corrupt() }
        position += 1
        return bytes[position - 1] == 1
    }

    mutating func string() throws -> String {
        let ref = try uint()
        if ref > 0 {
            guard ref <= UInt64(table.count) else { throw Corrupt() }
            return table[Int(ref - 1)]
        }
        let length = try count()
        let s = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
        position += length
        table.append(s)
        return s
    }

    /// What `CacheWriter.text` wrote.
    mutating func text() throws -> String {
        let length = try count()
        let s = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
        position += length
        return s
    }

    mutating func optional<T>(_ read: (inout CacheReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<T>(_ read: (inout CacheReader) throws -> T) throws -> [T] {
        let n = try count()
        var out: [T] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try read(&self)) }
        return out
    }

    mutating func strings() throws -> [String] { try array { try $0.string() } }
    mutating func optionalString() throws -> String? { try optional { try $0.string() } }
    mutating func stringSet() throws -> Set<String> { Set(try strings()) }
    mutating func value<T: CacheCodable>(_: T.Type = T.self) throws -> T { try T(from: &self) }
    mutating func values<T: CacheCodable>(_: T.Type = T.self) throws -> [T] { try array { try T(from: &$0) } }
    mutating func optionalValue<T: CacheCodable>(_: T.Type = T.self) throws -> T? { try optional { try T(from: &$0) } }
}

/// A fact type the scan cache can store.
protocol CacheCodable {
    func write(to w: inout CacheWriter)
    init(from r: inout CacheReader) throws
}

// MARK: Shared values

extension SourceLocation: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(file); w.int(line); w.int(column) }
    init(from r: inout CacheReader) throws { self.init(file: try r.string(), line: try r.int(), column: try r.int()) }
}

extension Enablement: CacheCodable {
    func write(to w: inout CacheWriter) {
        switch self {
        case .always: w.uint(0)
        case .never: w.uint(1)
        case .flag(let f): w.uint(2); w.string(f)
        case .runtime: w.uint(3)
        }
    }
    init(from r: inout CacheReader) throws {
        switch try r.uint() {
        case 0: self = .always
        case 1: self = .never
        case 2: self = .flag(try r.string())
        case 3: self = .runtime
        default: throw CacheReader.Corrupt()
        }
    }
}

extension ScanWarning: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(kind.rawValue); w.string(message); w.optionalValue(location) }
    init(from r: inout CacheReader) throws {
        guard let kind = Kind(rawValue: try r.string()) else { throw CacheReader.Corrupt() }
        self.init(kind, try r.string(), at: try r.optionalValue())
    }
}

// MARK: Values (the index's value flow)

extension ValueExpr: CacheCodable {
    func write(to w: inout CacheWriter) {
        switch self {
        case .construct(let t, let args): w.uint(0); w.string(t); w.values(args)
        case .ref(let n): w.uint(1); w.string(n)
        case .selfMember(let n): w.uint(2); w.string(n)
        case .member(let b, let n): w.uint(3); w.value(b); w.string(n)
        case .staticMember(let t, let n): w.uint(4); w.string(t); w.string(n)
        case .element(let b): w.uint(5); w.value(b)
        case .choice(let c): w.uint(6); w.values(c)
        case .array(let a): w.uint(7); w.values(a)
        case .call(let c, let args): w.uint(8); w.value(c); w.values(args)
        case .closureParameter(let callee, let label, let index): w.uint(9); w.string(callee); w.string(label); w.int(index)
        case .literal(let s): w.uint(10); w.string(s)
        case .unknown(let t): w.uint(11); w.string(t)
        case .enumCase(let n, let args): w.uint(12); w.string(n); w.values(args)
        case .associatedValue(let b, let n, let i): w.uint(13); w.value(b); w.string(n); w.int(i)
        case .propertyClosureParameter(let o, let p, let i): w.uint(14); w.value(o); w.string(p); w.int(i)
        }
    }
    init(from r: inout CacheReader) throws {
        r.depth += 1
        defer { r.depth -= 1 }
        guard r.depth <= CacheReader.maximumDepth else { throw CacheReader.Corrupt() }
        switch try r.uint() {
        case 0: self = .construct(try r.string(), try r.values())
        case 1: self = .ref(try r.string())
        case 2: self = .selfMember(try r.string())
        case 3: self = .member(try r.value(), try r.string())
        case 4: self = .staticMember(try r.string(), try r.string())
        case 5: self = .element(try r.value())
        case 6: self = .choice(try r.values())
        case 7: self = .array(try r.values())
        case 8: self = .call(try r.value(), try r.values())
        case 9: self = .closureParameter(callee: try r.string(), label: try r.string(), index: try r.int())
        case 10: self = .literal(try r.string())
        case 11: self = .unknown(try r.string())
        case 12: self = .enumCase(try r.string(), try r.values())
        case 13: self = .associatedValue(try r.value(), caseName: try r.string(), index: try r.int())
        case 14: self = .propertyClosureParameter(object: try r.value(), property: try r.string(), index: try r.int())
        default: throw CacheReader.Corrupt()
        }
    }
}

extension ValueExpr.Argument: CacheCodable {
    func write(to w: inout CacheWriter) { w.optional(label) { $0.string($1) }; w.value(value) }
    init(from r: inout CacheReader) throws { self.init(label: try r.optional { try $0.string() }, value: try r.value()) }
}

extension ValueExpr.Callee: CacheCodable {
    func write(to w: inout CacheWriter) {
        switch receiver {
        case .implicit: w.uint(0)
        case .type(let t): w.uint(1); w.string(t)
        case .value(let v): w.uint(2); w.value(v)
        }
        w.string(name)
    }
    init(from r: inout CacheReader) throws {
        let receiver: ValueExpr.Receiver
        switch try r.uint() {
        case 0: receiver = .implicit
        case 1: receiver = .type(try r.string())
        case 2: receiver = .value(try r.value())
        default: throw CacheReader.Corrupt()
        }
        self.init(receiver: receiver, name: try r.string())
    }
}

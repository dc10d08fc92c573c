import Foundation
import NavGraphSupport
import NavGraphModel

/// The fast path of `RegistryLoader`: reads registry events (JSON or block-YAML bytes) straight
/// into a `Registry`, with no `RawNode` tree and a `SourceLocation` only for what the model keeps.
///
/// It reads only input the positioned reader (`RegistryDecoder` over `RawNode`s) would accept without
/// a single diagnostic, and builds the same `Registry` from it. At the first thing it is not sure of —
/// a syntax error, an unknown, repeated or missing key, a wrong type, an escape, an anchor — it gives
/// up (`nil`), and the loader reads the file again with the positioned reader, which reports every
/// problem with its line and column. `FastReaderDifferentialTests` holds the two paths to that.
///
/// One type over four files: this one (the state, the entry points, events and scalars), `+Schema`
/// (the registry's keys, read as events), `+Plain` (the same declarations from `PlainObject`s) and
/// `+Split` (a big document on two threads). Its members are internal, not private, so those files
/// can share them. The type stays internal: swift 6.3.1 -O crashed in FunctionSignatureOpts on its
/// typed-throws methods once they were `package`.
struct FastRegistryDecoder<Source: RegistryEventSource> {
    var s: Source
    /// The ids of the declarations' names, in `RegistryNames`' layout (the table comes from `s`).
    var names = RegistryNames()
    /// A feature's navigations and dependencies and their ids while its lists are read, reused from
    /// feature to feature: the feature's own arrays are then copied out at their size (growing them
    /// item by item reallocated them two or three times per feature). The copy must be a copy:
    /// `Array(scratch)` (and `Array(scratch[...])`) share the scratch's buffer, and the next
    /// `removeAll(keepingCapacity:)` then gave every feature a fresh buffer at the scratch's
    /// largest capacity (a fifth of the heap at its peak at 100k features).
    var navigationScratch: [Navigation] = []
    var navigationIDScratch: [Int32] = []
    var dependencyScratch: [DependencyRef] = []
    var dependencyIDScratch: [Int32] = []
    /// The item `Source.plainObject` read last (reused: its lists keep their capacity).
    var plain = PlainObject()

    struct GiveUp: Error {}

    init(_ source: Source) {
        s = source
    }

    static func decode(_ source: Source) -> LoadedRegistry? { decoded(source).registry }

    /// `decode`, and the source as it was left.
    static func decoded(_ source: Source) -> (registry: LoadedRegistry?, source: Source) {
        var d = FastRegistryDecoder(source)
        do {
            let r = try d.registry()
            guard d.s.finish() else { return (nil, d.s) }
            d.names.table = d.s.names
            return (LoadedRegistry(r, names: d.names), d.s)
        } catch {
            return (nil, d.s)
        }
    }

    /// The features list's items up to its end (a source that starts inside the list: `FeatureSplit`),
    /// with their names' ids in `RegistryNames.features`' layout, and the source as it was left.
    /// `bytes`: how many bytes the items span, for a first guess at their number (growing the list
    /// of 50k features moved megabytes, at 100k features).
    static func decodeFeatures(_ source: Source, bytes: Int) -> (features: [Feature], ids: [Int32], source: Source)? {
        var d = FastRegistryDecoder(source)
        var features: [Feature] = []
        features.reserveCapacity(bytes / 128)
        do {
            while true {
                if let f = try d.plainFeature() {
                    features.append(f)
                    continue
                }
                let e = try d.event()
                if e.kind == .sequenceEnd { break }
                features.append(try d.feature(e))
            }
        } catch {
            return nil
        }
        return (features, d.names.features, d.s)
    }

    // MARK: events

    mutating func event() throws(GiveUp) -> RegistryEvent {
        guard let e = s.next() else { throw GiveUp() }
        return e
    }

    mutating func location(_ e: RegistryEvent) -> SourceLocation { s.location(e.mark) }

    /// Calls `body` with each key of the mapping that `start` opened; keys must be spelled as one of
    /// `K`'s (at most 16) and appear once. Callers switch over the key, with no `default:`.
    mutating func mapping<K: RegistryKey>(
        _ start: RegistryEvent, _ keys: K.Type, _ body: (inout Self, K) throws(GiveUp) -> Void
    ) throws(GiveUp) {
        guard start.kind == .mappingStart else { throw GiveUp() }
        var seen: UInt16 = 0
        while true {
            let k = try event()
            if k.kind == .mappingEnd { return }
            guard k.kind == .scalar, let index = K.names.firstIndex(of: k.text) else { throw GiveUp() }
            let bit: UInt16 = 1 << UInt16(index)
            guard seen & bit == 0 else { throw GiveUp() }
            seen |= bit
            try body(&self, K.all[index])
        }
    }

    /// Each pair of a free-form mapping (non-empty, unrepeated keys), with its key event. Keys are told
    /// apart by their ids (equal ids, equal text; hashing the strings was a tenth of reading a handler);
    /// every key a source gives has one.
    mutating func pairs(_ body: (inout Self, RegistryEvent, RegistryEvent) throws(GiveUp) -> Void) throws(GiveUp) {
        guard try event().kind == .mappingStart else { throw GiveUp() }
        var seen = Set<Int32>()
        while true {
            let k = try event()
            if k.kind == .mappingEnd { return }
            guard k.kind == .scalar, k.name >= 0, !k.text.isEmpty, seen.insert(k.name).inserted else { throw GiveUp() }
            try body(&self, k, try event())
        }
    }

    /// Each item of a list.
    mutating func list(_ body: (inout Self, RegistryEvent) throws(GiveUp) -> Void) throws(GiveUp) {
        guard try event().kind == .sequenceStart else { throw GiveUp() }
        while true {
            let e = try event()
            if e.kind == .sequenceEnd { return }
            try body(&self, e)
        }
    }

    /// Each item of a list, those in `PlainObject`'s shape through `plainItem` (it gives the
    /// declaration), the others as events through `body`.
    mutating func list<T>(
        plain plainItem: (inout Self) throws(GiveUp) -> T?, _ body: (inout Self, RegistryEvent) throws(GiveUp) -> T
    ) throws(GiveUp) -> [T] {
        guard try event().kind == .sequenceStart else { throw GiveUp() }
        var out: [T] = []
        while true {
            if let item = try plainItem(&self) {
                out.append(item)
                continue
            }
            let e = try event()
            if e.kind == .sequenceEnd { return out }
            out.append(try body(&self, e))
        }
    }

    // MARK: scalars (the rules of `SchemaReader`)

    func string(_ e: RegistryEvent) throws(GiveUp) -> String {
        guard e.kind == .scalar, let s = SchemaReader.stringValue(e.text, plain: e.plain) else { throw GiveUp() }
        return s
    }

    // The event is read before the non-mutating call: written as `string(try event())`, a copy of
    // `self` is taken first, and interning a new name while that copy holds the source's table
    // copied the whole table (quadratic; it showed on the routes, the first names a registry lists).
    mutating func string() throws(GiveUp) -> String {
        let e = try event()
        return try string(e)
    }

    /// A name and its id in the source's table (-1 when the schema's reading changed the text).
    func name(_ e: RegistryEvent) throws(GiveUp) -> (String, Int32) {
        let s = try string(e)
        return (s, s == e.text ? e.name : -1)
    }

    mutating func name() throws(GiveUp) -> (String, Int32) {
        let e = try event()
        return try name(e)
    }

    mutating func optionalName() throws(GiveUp) -> (String, Int32)? {
        let e = try event()
        if e.kind == .scalar, e.plain, RawNode.isNull(e.text) { return nil }
        return try name(e)
    }

    mutating func optionalString() throws(GiveUp) -> String? {
        let e = try event()
        if e.kind == .scalar, e.plain, RawNode.isNull(e.text) { return nil }
        return try string(e)
    }

    mutating func bool() throws(GiveUp) -> Bool {
        let e = try event()
        guard e.kind == .scalar, e.plain, let b = RawNode.bool(e.text) else { throw GiveUp() }
        return b
    }

    mutating func strings() throws(GiveUp) -> [String] {
        let e = try event()
        if e.kind == .scalar { return [try string(e)] }
        guard e.kind == .sequenceStart else { throw GiveUp() }
        var out: [String] = []
        while true {
            let item = try event()
            if item.kind == .sequenceEnd { return out }
            out.append(try string(item))
        }
    }

    mutating func sourceLocation() throws(GiveUp) -> SourceLocation {
        guard let l = SourceLocation(parsing: try string()) else { throw GiveUp() }
        return l
    }
}

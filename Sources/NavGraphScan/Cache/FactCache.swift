import Foundation
import NavGraphKit
import NavGraphPlatform

/// The scan cache: one file's facts per entry, keyed by a hash of the file's bytes, its path and
/// module as the facts name them, and the scan configuration the facts were extracted under. A
/// changed file misses only its own entry; a learnt dialect (a second extraction with other names)
/// has entries of its own.
///
/// On disk: one pack per scan root and configuration, `.navgraph-cache/facts-HASH.bin`:
///
///     magic "NGSCANCACHE1\n", identity (format, tool version, the scanner binary's size and time)
///     entries: key (16 bytes), checksum of the payload (16 bytes), payload length, payload
///
/// A pack written by another version or another build of navgraph is ignored whole (every file is
/// parsed and the pack rewritten). A damaged pack or entry is never trusted: a bad header, a length
/// past the end, a checksum that does not match or a payload that does not decode is a miss (and a
/// note). The pack is rewritten after a scan that parsed anything, holding exactly the entries that
/// scan used, through a temporary file renamed over it (atomic: a reader sees the old pack or the
/// new one). Thread-safe: workers look up and record entries concurrently.
final class FactCache: @unchecked Sendable {
    static let magic = Array("NGSCANCACHE1\n".utf8)
    /// Bump when the byte format of the facts changes.
    static let formatVersion = 12

    let packPath: String
    let directory: String
    private let identity: [UInt8]
    private let lock = NSLock()
    private var pack: [UInt8] = []
    /// Entries of the pack read at start: key → (checksum, payload range).
    private var stored: [ContentHash: (checksum: ContentHash, range: Range<Int>)] = [:]
    /// Entries this scan used: hits point into the pack read at start, misses bring new bytes;
    /// each with its payload's checksum.
    private enum Payload { case stored(Range<Int>, ContentHash), fresh([UInt8], ContentHash) }
    private var used: [ContentHash: Payload] = [:]
    /// The facts this scan extracted, by key: a second lookup of the same key (after
    /// `SwiftSourceScanner.reusedResult` parsed a changed file) does not parse again.
    private var fresh: [ContentHash: FileFacts] = [:]
    private var parsedCount = 0
    private var saved = false
    /// The display paths of the files whose facts came from the cache (since `forgetHits`).
    private(set) var hitPaths: Set<String> = []
    /// What went wrong with the cache (never fatal): shown as warnings.
    private(set) var notes: [String] = []
    private var changedFile = false

    /// Opens (reads) the pack for `roots` and `configuration` in `options.directory`.
    init(options: ScanCacheOptions, roots: [String], configuration: ScanConfiguration) {
        directory = options.directory
        var w = CacheWriter()
        w.int(Self.formatVersion)
        w.string(options.toolVersion)
        w.string(Self.binaryIdentity)
        identity = w.bytes
        packPath = directory + "/facts-" + Self.packName(roots: roots, configuration: configuration) + ".bin"
        load()
    }

    /// The name of the pack (and of the whole-scan entry) for `roots` and `configuration`.
    static func packName(roots: [String], configuration: ScanConfiguration) -> String {
        var name = CacheWriter()
        name.strings(roots.sorted())
        name.value(ScanConfigurationFingerprint(configuration))
        return ContentHash.of(name.bytes).description
    }

    /// The key of one file's facts, from the hash of its bytes.
    static func key(contentHash: ContentHash, display: String, module: String?, configuration fingerprint: ContentHash) -> ContentHash {
        var w = CacheWriter(capacity: 64 + display.utf8.count + (module?.utf8.count ?? 0))
        w.uint(contentHash.high); w.uint(contentHash.low)
        w.uint(fingerprint.high); w.uint(fingerprint.low)
        // `text`, not `string`: a key is written once, and the string table would be a dictionary made
        // per file (a re-scan makes a key for every file of the tree).
        w.text(display)
        w.optional(module) { $0.text($1) }
        return ContentHash.of(w.bytes)
    }

    /// The configuration as it enters every key.
    static func fingerprint(_ configuration: ScanConfiguration) -> ContentHash {
        var w = CacheWriter()
        w.value(ScanConfigurationFingerprint(configuration))
        return ContentHash.of(w.bytes)
    }

    /// The cached facts for `key`, if a sound entry holds them (or this scan extracted them: those do
    /// not count as hits).
    func facts(for key: ContentHash, path: String) -> FileFacts? {
        lock.lock()
        let entry = stored[key], extracted = fresh[key]
        lock.unlock()
        if let extracted { return extracted }
        guard let entry else { return nil }
        let decoded: FileFacts? = pack.withUnsafeBytes { all in
            let payload = UnsafeRawBufferPointer(rebasing: all[entry.range])
            guard ContentHash.of(payload) == entry.checksum else { return nil }
            var r = CacheReader(payload)
            guard let facts = try? FileFacts(from: &r), r.isAtEnd else { return nil }
            return facts
        }
        lock.lock()
        defer { lock.unlock() }
        if decoded != nil {
            hitPaths.insert(path)
            used[key] = .stored(entry.range, entry.checksum)
        } else {
            addNote("a damaged entry in \(packPath) was ignored; the file was parsed")
        }
        return decoded
    }

    /// A file's bytes differed between the tree's hashing and its parse (it is being edited).
    func noteChangedFile() {
        lock.lock()
        defer { lock.unlock() }
        changedFile = true
    }

    /// True when some file changed under the scan: its result must not be stored as the tree's.
    var sawChangedFile: Bool {
        lock.lock()
        defer { lock.unlock() }
        return changedFile
    }

    /// Before a second extraction (a learnt dialect): only its hits count.
    func forgetHits() {
        lock.lock()
        defer { lock.unlock() }
        hitPaths = []
    }

    /// Records freshly extracted facts under `key`.
    func store(_ facts: FileFacts, for key: ContentHash) {
        var w = CacheWriter()
        w.value(facts)
        let checksum = ContentHash.of(w.bytes)
        lock.lock()
        defer { lock.unlock() }
        used[key] = .fresh(w.bytes, checksum)
        fresh[key] = facts
        parsedCount += 1
    }

    /// The checksum of the bytes of the facts under `key` (the pack's entry, or facts this scan
    /// stored), without decoding them; the entry is kept in the pack. Equal checksums are equal
    /// facts: the bytes are a function of the facts. Nil when no entry holds `key`.
    func checksum(for key: ContentHash) -> ContentHash? {
        lock.lock()
        defer { lock.unlock() }
        switch used[key] {
        case .stored(_, let c)?, .fresh(_, let c)?: return c
        case nil:
            guard let entry = stored[key] else { return nil }
            used[key] = .stored(entry.range, entry.checksum)
            return entry.checksum
        }
    }

    /// Writes the pack when this scan parsed anything or used fewer entries than it holds (once).
    ///
    /// When the pack read at start was sound and the entries it holds that this scan did not use
    /// are at most an eighth of it, only the freshly extracted entries are appended to it: a
    /// re-scan after a few files changed writes those files' facts, not the tree's (an entry
    /// appended again under a key wins when read). Otherwise it is rewritten whole, holding exactly
    /// the entries this scan used, laid out once in a buffer of its final size (O(pack size)). So
    /// the pack never holds more than 9/8 of the live entries plus what one scan appended.
    func save() {
        lock.lock()
        defer { lock.unlock() }
        guard !saved, parsedCount > 0 || used.count != stored.count else { return }
        saved = true
        let kept = used.values.reduce(0) { n, p in if case .stored = p { n + 1 } else { n } }
        if !pack.isEmpty, (stored.count - kept) * 8 <= stored.count {
            let fresh = used.filter { if case .fresh = $0.value { true } else { false } }.sorted { $0.key < $1.key }
            // Appended, or (the pack gone meanwhile, unwritable) rewritten whole below.
            if fresh.isEmpty || FileBytes.appendUnsynced(packPath, with: Self.entryBytes(fresh, pack: pack)) == nil { return }
        }
        let entries = used.sorted { $0.key < $1.key }
        var out = Self.magic
        append(identity, to: &out)
        out += Self.entryBytes(entries, pack: pack)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // Git ignores the folder by itself (like pytest's cache); users may still list it.
            let ignore = directory + "/.gitignore"
            if !FileManager.default.fileExists(atPath: ignore) {
                try? Data("# navgraph's scan cache (docs/scanning.md): safe to delete.\n*\n".utf8).write(to: URL(fileURLWithPath: ignore), options: .atomic)
            }
            try CacheFile.replace(packPath, with: out)
        } catch {
            addNote("cannot write the scan cache \(packPath): \(error.localizedDescription)")
        }
    }

    /// The pack's bytes of `entries`, in their order: each key, checksum, length and payload (from
    /// the pack read at start, or fresh), in one buffer of its final size. A stored entry keeps the
    /// checksum it was read with: a payload damaged in the pack stays detectably damaged.
    private static func entryBytes(_ entries: [(key: ContentHash, value: Payload)], pack: [UInt8]) -> [UInt8] {
        var size = 0
        for (_, payload) in entries {
            switch payload {
            case .stored(let range, _): size += 42 + range.count
            case .fresh(let bytes, _): size += 42 + bytes.count
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(size)
        func hash(_ h: ContentHash) {
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: h.high >> UInt64(shift))) }
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: h.low >> UInt64(shift))) }
        }
        func length(_ n: Int) {
            var v = UInt64(n)
            while v >= 0x80 { out.append(UInt8(truncatingIfNeeded: v) | 0x80); v >>= 7 }
            out.append(UInt8(v))
        }
        for (key, payload) in entries {
            hash(key)
            switch payload {
            case .stored(let range, let checksum):
                hash(checksum); length(range.count); out.append(contentsOf: pack[range])
            case .fresh(let bytes, let checksum):
                hash(checksum); length(bytes.count); out.append(contentsOf: bytes)
            }
        }
        return out
    }

    private func addNote(_ note: String) {
        if !notes.contains(note) { notes.append(note) }
    }

    private func append(_ bytes: [UInt8], to out: inout [UInt8]) {
        var n = CacheWriter()
        n.uint(UInt64(bytes.count))
        out += n.bytes
        out += bytes
    }

    /// Reads the pack; anything unexpected leaves the cache empty.
    private func load() {
        guard let bytes = SourceFileReader.read(packPath) else { return }
        var position = 0
        func uint() -> UInt64? {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while position < bytes.count, shift < 64 {
                let b = bytes[position]
                position += 1
                result |= UInt64(b & 0x7f) << shift
                if b < 0x80 { return result }
                shift += 7
            }
            return nil
        }
        func hash() -> ContentHash? {
            guard bytes.count - position >= 16 else { return nil }
            var h: UInt64 = 0, l: UInt64 = 0
            for i in 0..<8 { h = h << 8 | UInt64(bytes[position + i]) }
            for i in 8..<16 { l = l << 8 | UInt64(bytes[position + i]) }
            position += 16
            return ContentHash(high: h, low: l)
        }
        guard bytes.starts(with: Self.magic) else {
            addNote("\(packPath) is not a navgraph scan cache; it was ignored and is rewritten")
            return
        }
        position = Self.magic.count
        guard let n = uint(), n <= UInt64(bytes.count - position) else { return damaged() }
        // Another navgraph (version or build): its facts may differ; start over, silently.
        guard Array(bytes[position..<position + Int(n)]) == identity else { return }
        position += Int(n)
        var entries: [ContentHash: (checksum: ContentHash, range: Range<Int>)] = [:]
        while position < bytes.count {
            guard let key = hash(), let checksum = hash(), let length = uint(), length <= UInt64(bytes.count - position) else {
                return damaged()
            }
            entries[key] = (checksum, position..<position + Int(length))
            position += Int(length)
        }
        pack = bytes
        stored = entries
    }

    private func damaged() {
        addNote("the scan cache \(packPath) is damaged; it was ignored and is rewritten")
    }

    /// The scanner's own binary (the executable or library holding this code): its path, size and
    /// modification time, so a rebuilt navgraph never reads facts an older build extracted.
    static let binaryIdentity: String = {
        guard let path = ProcessImage.path(containing: #dsohandle) else { return "unknown" }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) \(size) \(time)"
    }()
}

/// Every field of a `ScanConfiguration`, in a fixed order, for keys.
struct ScanConfigurationFingerprint: CacheCodable {
    var configuration: ScanConfiguration

    init(_ configuration: ScanConfiguration) { self.configuration = configuration }

    func write(to w: inout CacheWriter) {
        let c = configuration
        for list in [
            c.featureProtocols, c.routeProtocols, c.handlerProtocols, c.dependencyWrappers, c.lazyWrappers,
            c.buildFunctions, c.destinationFunctions, c.fallbackFunctions, c.isEnabledFunctions,
            c.navigateFunctions, c.navigateRouteLabels, c.presentationStyleLabels, c.registerFunctions, c.handlerLabels,
            c.dependencyFactoryLabels, c.dependencyTypeLabels, c.initialFeatureLabels, c.initialRouteLabels, c.routerTypes,
            c.initialFeatureCalls, c.styles.map(\.rawValue),
        ] {
            w.strings(list)
        }
        w.string(c.routerProtocol)
        w.array(c.moduleMap.keys.sorted()) { w, k in w.string(k); w.string(c.moduleMap[k] ?? "") }
        w.bool(c.strict)
        w.bool(c.includeTests)
        w.optional(c.target) { $0.string($1) }
        w.bool(c.learnDialect)
    }

    init(from r: inout CacheReader) throws { throw CacheReader.Corrupt() }

    /// How many stored properties `write` covers (a test holds `ScanConfiguration` to it).
    static let fieldCount = 27
}

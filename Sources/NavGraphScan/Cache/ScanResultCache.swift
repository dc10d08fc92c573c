import Foundation
import NavGraphKit

/// The scan cache's second level: one whole-scan entry per scan root and configuration
/// (`scan-HASH.bin` beside the facts pack), holding a scan's whole result (registry, diagnostics,
/// summary, explanations) under a key of everything the result depends on:
///
/// - the scan's plan (`ScanPlan.digest`): every file scanned with its path as printed and absolute,
///   its module, its target and its demo folder; the project's targets as its manifests declare
///   them, the files skipped (tests, generated, other app targets), the warnings so far;
/// - the 128-bit hash of every file's bytes (what the per-file level keys facts by);
/// - the scan configuration (every `scan:` key, `--style`, `--target`, …), the roots, the byte
///   formats, navgraph's version and its build (`FactCache.binaryIdentity`).
///
/// A second scan of an unchanged tree reads and hashes the files, finds the entry and decodes the
/// result: no pack, no parse, no index, no assembly. Anything else (a byte of one file, a file
/// added or removed, a manifest or configuration change, another navgraph) misses it, silently,
/// and the scan falls back to the per-file level (`FactCache`), then rewrites the entry.
///
/// A second key, of the files' facts instead of their bytes (`Key.Kind.facts`: each file's facts
/// checksum, `FactCache.checksum`), is stored beside it when the facts alone made the result (no
/// dialect learnt): a tree whose bytes changed but whose facts did not (a comment edited) gets the
/// stored result after parsing only the changed files (`SwiftSourceScanner.reusedResult`).
///
/// Never trusted: a file that is not an entry, a truncated one, a checksum that does not match or
/// a payload that does not decode is a note (a `warning:` line) and a miss, never a result.
final class ScanResultCache {
    static let magic = Array("NGSCANRESULT1\n".utf8)
    /// Bump when the byte format of the result or of the key changes.
    static let formatVersion = 9

    let path: String
    let directory: String
    private(set) var notes: [String] = []
    /// The entry's bytes, once read.
    private var bytes: [UInt8]?
    /// The facts key of the entry read (nil: none read, or it has none).
    private(set) var storedFactsKey: ContentHash?

    /// The entry for `roots` and `configuration` in `options.directory` (nothing is read yet).
    init(options: ScanCacheOptions, roots: [String], configuration: ScanConfiguration) {
        directory = options.directory
        path = directory + "/scan-" + FactCache.packName(roots: roots, configuration: configuration) + ".bin"
    }

    /// The stored result when the entry is sound and keyed by `key`; nil otherwise (with a note
    /// when the entry is damaged; a sound entry of another tree state is a silent miss, and its
    /// facts key is then `storedFactsKey`).
    func result(for key: ContentHash) -> ScanResult? {
        decode { storedKey, _ in storedKey == key }
    }

    /// The stored result when the entry is sound and its facts key is `factsKey`: a tree whose
    /// files' bytes changed but whose facts did not (a comment edited) has the stored result.
    func result(forFacts factsKey: ContentHash) -> ScanResult? {
        decode { _, storedFacts in storedFacts == factsKey }
    }

    private func decode(if wanted: (_ key: ContentHash, _ factsKey: ContentHash) -> Bool) -> ScanResult? {
        if bytes == nil { bytes = SourceFileReader.read(path) }
        guard let bytes else { return nil }
        return bytes.withUnsafeBytes { raw -> ScanResult? in
            var r = CacheReader(raw)
            guard raw.count >= Self.magic.count, raw.prefix(Self.magic.count).elementsEqual(Self.magic) else {
                damaged("is not a navgraph whole-scan entry")
                return nil
            }
            r.skip(Self.magic.count)
            guard let storedKey = try? r.hash(), let factsKey = try? r.hash(), let checksum = try? r.hash(),
                  let length = try? r.count(), length == r.remaining else {
                damaged("is damaged (cut short or overlong)")
                return nil
            }
            storedFactsKey = factsKey == Self.noFactsKey ? nil : factsKey
            guard wanted(storedKey, factsKey) else { return nil }
            let payload = UnsafeRawBufferPointer(rebasing: raw[(raw.count - length)...])
            guard ContentHash.of(payload) == checksum else {
                damaged("is damaged (its checksum does not match)")
                return nil
            }
            var p = CacheReader(payload)
            guard let result = try? ScanResult(from: &p), p.isAtEnd else {
                damaged("is damaged (its result does not decode)")
                return nil
            }
            return result
        }
    }

    /// Writes the entry read (by `result(forFacts:)`) again under `key`: its facts key and result
    /// are the same, so its bytes are, but for the key.
    func storeAgain(for key: ContentHash) {
        guard var out = bytes, out.count >= Self.magic.count + 16 else { return }
        out.replaceSubrange(Self.magic.count..<(Self.magic.count + 16), with: key.bytes)
        do {
            try CacheFile.replace(path, with: out)
        } catch {
            addNote("cannot write the scan cache \(path): \(error.localizedDescription)")
        }
    }

    /// What an entry stored without a facts key holds in its place.
    static let noFactsKey = ContentHash(high: 0, low: 0)

    /// Writes `result` as the entry for `key` (and `factsKey`, when the result is known to depend on
    /// the files only through their facts), through a temporary file renamed over the old entry.
    func store(_ result: ScanResult, for key: ContentHash, factsKey: ContentHash?) {
        var payload = CacheWriter()
        payload.value(result)
        var out = Self.magic
        out += key.bytes
        out += (factsKey ?? Self.noFactsKey).bytes
        out += ContentHash.of(payload.bytes).bytes
        var length = CacheWriter()
        length.uint(UInt64(payload.bytes.count))
        out += length.bytes
        out += payload.bytes
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try CacheFile.replace(path, with: out)
        } catch {
            addNote("cannot write the scan cache \(path): \(error.localizedDescription)")
        }
    }

    private func damaged(_ what: String) {
        addNote("the whole-scan entry \(path) \(what); it was ignored and is rewritten")
    }

    private func addNote(_ note: String) {
        if !notes.contains(note) { notes.append(note) }
    }

    /// The keys of a scan's result: of the files' bytes (`add(content:)` with each file's content
    /// hash), or of their facts (with each file's facts checksum, `FactCache.checksum`). Both start
    /// from the same inputs: see the type's documentation.
    struct Key {
        enum Kind: String { case bytes, facts }
        private var w = CacheWriter()

        init(_ kind: Kind, toolVersion: String, roots: [String], configuration: ScanConfiguration, plan digest: ContentHash) {
            w.string(kind.rawValue)
            w.int(ScanResultCache.formatVersion)
            w.int(FactCache.formatVersion)
            w.string(toolVersion)
            w.string(FactCache.binaryIdentity)
            w.strings(roots.sorted())
            w.value(ScanConfigurationFingerprint(configuration))
            w.uint(digest.high); w.uint(digest.low)
        }

        /// One file's hash, in the plan's order (nil: unreadable).
        mutating func add(_ hash: ContentHash?) {
            w.optional(hash) { w, h in w.uint(h.high); w.uint(h.low) }
        }

        var hash: ContentHash { ContentHash.of(w.bytes) }
    }
}

extension CacheReader {
    /// 16 bytes, high word first (as `ContentHash.bytes` writes them).
    mutating func hash() throws -> ContentHash {
        guard remaining >= 16 else { throw Corrupt() }
        var high: UInt64 = 0, low: UInt64 = 0
        for _ in 0..<8 { high = high << 8 | UInt64(try byte()) }
        for _ in 0..<8 { low = low << 8 | UInt64(try byte()) }
        return ContentHash(high: high, low: low)
    }
}

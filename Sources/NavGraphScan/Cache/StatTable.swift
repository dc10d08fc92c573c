import Foundation
import NavGraphKit
import NavGraphPlatform

/// What each file's `stat` said when the scan cache last hashed its bytes (`stat-HASH.bin` beside
/// the facts pack): a file whose size, modification time and inode are the same is not read again,
/// its content hash is taken from here. So a scan of an unchanged tree costs one `stat` per file,
/// reading this table and the whole-scan entry, and no read or hash of any source file.
///
/// Racy files (git's rule, with a margin): a file modified around the moment its stat was taken
/// may change again within the same timestamp, and file times come from a coarser clock than the
/// scan's, so an entry is trusted only when the file's modification time is more than a second
/// older than the table's stamp (the time the scan started taking the stats, before reading any
/// file). A younger file is read and hashed again, and a later table trusts it.
///
/// Never trusted beyond that: a table that does not decode, or another navgraph's, is ignored
/// (every file is hashed). A file edited without changing its size, modification time or inode is
/// the one case it cannot see, as for git and make.
final class StatTable: @unchecked Sendable {
    static let magic = Array("NGSTATTABLE2\n".utf8)

    struct Entry: Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
        var hash: ContentHash
    }

    let path: String
    private let identity: [UInt8]
    private var stamp: Int64 = 0
    private var entries: [String: Entry] = [:]

    init(options: ScanCacheOptions, roots: [String], configuration: ScanConfiguration) {
        path = options.directory + "/stat-" + FactCache.packName(roots: roots, configuration: configuration) + ".bin"
        var w = CacheWriter()
        w.int(FactCache.formatVersion)
        w.string(options.toolVersion)
        w.string(FactCache.binaryIdentity)
        identity = w.bytes
        load()
    }

    private func load() {
        guard let bytes = SourceFileReader.read(path) else { return }
        bytes.withUnsafeBytes { raw in
            var r = CacheReader(raw)
            guard raw.count >= Self.magic.count, raw.prefix(Self.magic.count).elementsEqual(Self.magic) else { return }
            r.skip(Self.magic.count)
            do {
                let id = try r.array { UInt8(truncatingIfNeeded: try $0.uint()) }
                guard id == identity else { return }
                stamp = Int64(bitPattern: try r.uint())
                let count = try r.count()
                var table: [String: Entry] = [:]
                table.reserveCapacity(count)
                for _ in 0..<count {
                    let p = try r.text()
                    let size = Int64(bitPattern: try r.uint()), modified = Int64(bitPattern: try r.uint()), inode = try r.uint()
                    let high = try r.uint(), low = try r.uint()
                    table[p] = Entry(size: size, modified: modified, inode: inode, hash: ContentHash(high: high, low: low))
                }
                guard r.isAtEnd else { return }
                entries = table
            } catch {
                return
            }
        }
    }

    /// The content hash of each file (nil: unreadable): from the table where its stat is unchanged
    /// and older than the table's stamp, else read and hashed (on all cores, in blocks of files).
    /// Writes the table again when any entry changed. Cost: one `stat` per file, plus a read and a
    /// hash per file not trusted.
    func hashes(of paths: [String]) -> [ContentHash?] {
        let now = Self.clock()
        let block = 32
        let blocks = parallelMap((paths.count + block - 1) / block) { b -> [(hash: ContentHash?, entry: Entry?)] in
            ((b * block)..<min(paths.count, (b + 1) * block)).map { i in
                let p = paths[i]
                guard let status = FileStatus.of(p), !status.isDirectory else { return (nil, nil) }
                if let e = entries[p], e.size == status.size, e.modified == status.modified, e.inode == status.inode, status.modified < stamp - Self.margin {
                    return (e.hash, e)
                }
                // The stat is taken before the read: a write in between leaves a newer time behind.
                let hash = SourceFileReader.read(p).map { ContentHash.of($0) }
                return (hash, hash.map { Entry(size: status.size, modified: status.modified, inode: status.inode, hash: $0) })
            }
        }.flatMap { $0 }
        let hashes = blocks.map(\.hash), fresh = blocks.map(\.entry)
        var table: [String: Entry] = [:]
        table.reserveCapacity(paths.count)
        var changed = paths.count != entries.count
        for (i, p) in paths.enumerated() {
            guard let e = fresh[i] else { changed = true; continue }
            if !changed, entries[p] != e { changed = true }
            table[p] = e
        }
        // Entries not trusted this time (racy) are trusted next time, under the new stamp.
        if changed || table.values.contains(where: { $0.modified >= stamp - Self.margin }) {
            entries = table
            stamp = now
            save(paths: paths)
        }
        return hashes
    }

    private func save(paths: [String]) {
        var w = CacheWriter()
        w.array(identity) { $0.uint(UInt64($1)) }
        w.uint(UInt64(bitPattern: stamp))
        let kept = paths.filter { entries[$0] != nil }
        w.uint(UInt64(kept.count))
        for p in kept {
            let e = entries[p]!
            // Each path once: `text`, no string table to fill.
            w.text(p)
            w.uint(UInt64(bitPattern: e.size)); w.uint(UInt64(bitPattern: e.modified)); w.uint(e.inode)
            w.uint(e.hash.high); w.uint(e.hash.low)
        }
        let out = Self.magic + w.bytes
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try CacheFile.replace(path, with: out)
        } catch {
            // A table that cannot be written only costs the next scan its reads.
        }
    }

    /// How much older than the stamp a file must be to be trusted (ns).
    static let margin: Int64 = 1_000_000_000

    /// The wall clock in nanoseconds since 1970, as file times are.
    static func clock() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1_000_000_000)
    }
}

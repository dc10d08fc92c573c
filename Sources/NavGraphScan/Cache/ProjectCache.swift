import Foundation
import NavGraphKit
import NavGraphPlatform

/// The project's targets as its manifests declared them at the last scan (`project-HASH.bin`
/// beside the facts pack), under each manifest's size, modification time and inode: when every
/// manifest found is one the table lists with the same stat (and more than a second older than the
/// table's stamp, `StatTable`'s rule), the targets are read from here instead of parsing the
/// manifests again. An Xcode project of 4,400 files took 70 % of a cached re-scan to parse
/// (Foundation's property-list reader); a `Package.swift` is read with swift-syntax.
///
/// A project with a manifest that could not be read (a warning) is not stored. A table that does
/// not decode, or another navgraph's, is ignored.
enum ProjectCache {
    static let magic = Array("NGPROJECT2\n".utf8)

    static func path(_ options: ScanCacheOptions, roots: [String]) -> String {
        var name = CacheWriter()
        name.strings(roots.sorted())
        return options.directory + "/project-" + ContentHash.of(name.bytes).description + ".bin"
    }

    static func identity(_ options: ScanCacheOptions) -> [String] {
        [String(FactCache.formatVersion), options.toolVersion, FactCache.binaryIdentity]
    }

    /// The stored targets when `manifests` are exactly the stored ones, unchanged.
    static func targets(_ options: ScanCacheOptions, roots: [String], manifests: [String]) -> [ProjectTarget]? {
        guard let bytes = SourceFileReader.read(path(options, roots: roots)) else { return nil }
        return bytes.withUnsafeBytes { raw -> [ProjectTarget]? in
            guard raw.count >= magic.count, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var r = CacheReader(raw)
            r.skip(magic.count)
            do {
                guard try r.strings() == identity(options) else { return nil }
                let stamp = Int64(bitPattern: try r.uint())
                let stored = try r.strings()
                guard stored == manifests else { return nil }
                for m in stored {
                    let size = Int64(bitPattern: try r.uint()), modified = Int64(bitPattern: try r.uint()), inode = try r.uint()
                    guard let s = FileStatus.of(m), s.size == size, s.modified == modified, s.inode == inode,
                          modified < stamp - StatTable.margin else { return nil }
                }
                let targets = try r.array { r -> ProjectTarget in
                    let name = try r.string()
                    guard let kind = ProjectTarget.Kind(rawValue: try r.string()) else { throw CacheReader.Corrupt() }
                    var t = ProjectTarget(name: name, kind: kind, manifest: try r.string())
                    t.isExtension = try r.bool()
                    t.prefixes = try r.strings()
                    t.files = Set(try r.strings())
                    return t
                }
                guard r.isAtEnd else { return nil }
                return targets
            } catch {
                return nil
            }
        }
    }

    /// Stores `targets` for `manifests`, whose stats (`statuses`) were taken before they were read.
    static func store(_ options: ScanCacheOptions, roots: [String], manifests: [String], statuses: [FileStatus?], stamp: Int64, targets: [ProjectTarget]) {
        guard statuses.allSatisfy({ $0 != nil }) else { return }
        var w = CacheWriter()
        w.strings(identity(options))
        w.uint(UInt64(bitPattern: stamp))
        w.strings(manifests)
        for s in statuses {
            w.uint(UInt64(bitPattern: s!.size)); w.uint(UInt64(bitPattern: s!.modified)); w.uint(s!.inode)
        }
        w.array(targets) { w, t in
            w.string(t.name); w.string(t.kind.rawValue); w.string(t.manifest); w.bool(t.isExtension)
            w.strings(t.prefixes); w.strings(t.files.sorted())
        }
        do {
            try FileManager.default.createDirectory(atPath: options.directory, withIntermediateDirectories: true)
            try CacheFile.replace(path(options, roots: roots), with: magic + w.bytes)
        } catch {
            // Not written: the next scan parses the manifests again.
        }
    }
}

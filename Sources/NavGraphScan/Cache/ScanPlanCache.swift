import Foundation
import NavGraphKit
import NavGraphPlatform

/// What a scan knows before reading any file: the files to read (each with its module, target and
/// demo folder), the summary so far (app targets, files skipped) and the warnings so far.
struct ScanPlan {
    var work: [SwiftSourceScanner.ScanFile]
    var summary: ScanSummary
    var warnings: [ScanWarning]
    /// The hash of the project's targets, `summary`, `warnings` and `work`: the part of the
    /// whole-scan entry's keys that is not the files' bytes or facts (`ScanResultCache.Key`).
    var digest: ContentHash

    init(work: [SwiftSourceScanner.ScanFile], summary: ScanSummary, warnings: [ScanWarning], digest: ContentHash) {
        self.work = work
        self.summary = summary
        self.warnings = warnings
        self.digest = digest
    }

    /// `digest` of a plan made from `targets`.
    static func digest(targets: [ProjectTarget], summary: ScanSummary, warnings: [ScanWarning], work: [SwiftSourceScanner.ScanFile]) -> ContentHash {
        var w = CacheWriter()
        w.array(targets) { w, t in
            w.string(t.name); w.string(t.kind.rawValue); w.string(t.manifest)
            w.strings(t.prefixes); w.strings(t.files.sorted())
        }
        w.value(summary)
        w.values(warnings)
        w.array(work) { w, file in
            w.string(file.absolute)
            w.string(file.display)
            w.optional(file.module) { $0.string($1) }
            w.optional(file.target) { w, t in w.string(t.name); w.string(t.kind.rawValue); w.string(t.manifest) }
            w.optional(file.demo) { $0.string($1) }
        }
        return ContentHash.of(w.bytes)
    }
}

/// The scan's plan as the last scan made it (`plan-HASH.bin` beside the facts pack), under the status
/// of every folder its walks read and of every manifest it found: when none of them changed, the
/// plan is taken from here, and the tree is neither walked nor classified, nor the project read.
///
/// Why a folder's status is enough: adding, removing or renaming an entry changes the modification
/// time of the folder holding it, and every folder the walks entered is listed (the folders inside an
/// `.xcodeproj` too, whose `project.pbxproj` the walk asks for). A folder whose status changed is
/// listed again, and still counts as unchanged when it lists the same entries (a file replaced by
/// renaming a new one over it). What a folder's time does not show — a link's target changing — is
/// why a walk that met a link is not stored. A manifest edited in
/// place changes its own status. As for `StatTable`, a status is trusted only when it is more than a
/// second older than the stamp (taken before the walks), and a plan whose project had a warning, or
/// with a folder that could not be read, is not stored.
///
/// Never trusted beyond that: a plan that does not decode, of another navgraph, another current
/// directory or other paths, is ignored (the scan walks the tree).
enum ScanPlanCache {
    static let magic = Array("NGSCANPLAN1\n".utf8)
    static let formatVersion = 1

    /// The scan's inputs the plan depends on besides the tree: `paths` as given, the current
    /// directory (display paths are relative to it) and the configuration.
    struct Context {
        var options: ScanCacheOptions
        var paths: [String]
        var roots: [String]
        var cwd: String
        var configuration: ScanConfiguration

        var file: String {
            options.directory + "/plan-" + FactCache.packName(roots: roots, configuration: configuration) + ".bin"
        }

        var identity: [UInt8] {
            var w = CacheWriter()
            w.int(ScanPlanCache.formatVersion)
            w.int(FactCache.formatVersion)
            w.string(options.toolVersion)
            w.string(FactCache.binaryIdentity)
            w.string(cwd)
            w.strings(paths)
            w.value(ScanConfigurationFingerprint(configuration))
            return w.bytes
        }
    }

    /// How a path given to the scan was found: 0 missing, 1 a folder, 2 anything else.
    static func kind(of path: String, cwd: String) -> UInt64 {
        guard let s = FileStatus.of(SwiftSourceScanner.absolute(path, cwd: cwd)) else { return 0 }
        return s.isDirectory ? 1 : 2
    }

    /// The stored plan when nothing it depends on changed; nil otherwise. Cost: one `stat` per path
    /// given, folder walked and manifest found, and the plan's decoding.
    static func load(_ context: Context) -> ScanPlan? {
        guard let bytes = SourceFileReader.read(context.file) else { return nil }
        return bytes.withUnsafeBytes { raw -> ScanPlan? in
            guard raw.count >= magic.count, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var r = CacheReader(raw)
            r.skip(magic.count)
            do {
                let identity = context.identity
                guard try r.count() == identity.count else { return nil }
                for b in identity { guard try r.byte() == b else { return nil } }
                let stamp = Int64(bitPattern: try r.uint())
                for path in context.paths { guard try r.uint() == kind(of: path, cwd: context.cwd) else { return nil } }
                guard try foldersUnchanged(&r, stamp: stamp), try manifestsUnchanged(&r, stamp: stamp) else { return nil }
                let digest = ContentHash(high: try r.uint(), low: try r.uint())
                let summary = try r.value(ScanSummary.self)
                let warnings = try r.values(ScanWarning.self)
                let targets = try r.array { r -> ProjectTarget in
                    let name = try r.string()
                    guard let kind = ProjectTarget.Kind(rawValue: try r.string()) else { throw CacheReader.Corrupt() }
                    return ProjectTarget(name: name, kind: kind, manifest: try r.string())
                }
                let work = try r.array { r -> SwiftSourceScanner.ScanFile in
                    let absolute = try r.string()
                    let module = try r.optionalString()
                    let target = try r.int()
                    guard target >= -1, target < targets.count else { throw CacheReader.Corrupt() }
                    var file = SwiftSourceScanner.ScanFile(
                        absolute: absolute, display: SwiftSourceScanner.display(absolute, cwd: context.cwd), module: module,
                        target: target < 0 ? nil : targets[target])
                    file.demo = try r.optionalString()
                    return file
                }
                guard r.isAtEnd else { return nil }
                return ScanPlan(work: work, summary: summary, warnings: warnings, digest: digest)
            } catch {
                return nil
            }
        }
    }

    /// Reads the folders walked and says whether each still holds what the walk saw: its status is
    /// unchanged and older than the stamp by the margin, or, when not, it lists the same entries
    /// (names and kinds) as then — a file written through a temporary file renamed over it, as
    /// `navgraph scan -o registry.yml` does in the folder it scans, changes the folder's time and
    /// nothing the walk sees. The `stat`s (and the few listings) are taken on all cores.
    private static func foldersUnchanged(_ r: inout CacheReader, stamp: Int64) throws -> Bool {
        let stored = try r.array { r -> (path: String, modified: Int64, inode: UInt64, entries: ContentHash) in
            (try r.string(), Int64(bitPattern: try r.uint()), try r.uint(), ContentHash(high: try r.uint(), low: try r.uint()))
        }
        return allInBlocks(stored.count) { i in
            let old = stored[i]
            guard let s = FileStatus.of(old.path), s.isDirectory else { return false }
            if s.modified == old.modified && s.inode == old.inode && old.modified < stamp - StatTable.margin { return true }
            guard let listed = DirectoryEntries.list(old.path) else { return false }
            return WalkRecord.entriesHash(listed.entries) == old.entries
        }
    }

    /// Reads the manifests found and says whether each is unchanged (size, time, inode) and older
    /// than the stamp by the margin.
    private static func manifestsUnchanged(_ r: inout CacheReader, stamp: Int64) throws -> Bool {
        let stored = try r.array { r -> (path: String, size: Int64, modified: Int64, inode: UInt64) in
            (try r.string(), Int64(bitPattern: try r.uint()), Int64(bitPattern: try r.uint()), try r.uint())
        }
        return allInBlocks(stored.count) { i in
            let old = stored[i]
            guard let s = FileStatus.of(old.path), !s.isDirectory else { return false }
            return s.size == old.size && s.modified == old.modified && s.inode == old.inode && old.modified < stamp - StatTable.margin
        }
    }

    /// Whether `test` holds for every index below `count`, tried in blocks on all cores.
    private static func allInBlocks(_ count: Int, _ test: (Int) -> Bool) -> Bool {
        let block = 64
        return !parallelMap((count + block - 1) / block) { b in
            ((b * block)..<min(count, (b + 1) * block)).allSatisfy(test)
        }.contains(false)
    }

    /// Stores `plan`, made from the walks in `record` and the manifests of `project`, all taken after
    /// `stamp`. Not stored when something about them cannot be checked next time (see the type).
    static func store(_ context: Context, plan: ScanPlan, stamp: Int64, record: WalkRecord, project: ProjectModel) {
        guard !record.sawLink, !record.unstable, project.warnings.isEmpty,
              project.manifestStatuses.allSatisfy({ $0.status != nil }) else { return }
        var directories: [(path: String, status: FileStatus, entries: ContentHash)] = []
        for (path, listed) in record.directories {
            guard let listed, let entries = listed.entries else { return }
            directories.append((path, listed.status, entries))
        }
        directories.sort { $0.path < $1.path }
        // Targets are stored by name, kind and manifest: two alike would compare equal once read back.
        var seen = Set<[String]>()
        for t in project.targets { guard seen.insert([t.name, t.kind.rawValue, t.manifest]).inserted else { return } }
        var targets: [ProjectTarget] = [], index: [[String]: Int] = [:]
        for t in plan.work.compactMap(\.target) where index[[t.name, t.kind.rawValue, t.manifest]] == nil {
            index[[t.name, t.kind.rawValue, t.manifest]] = targets.count
            targets.append(t)
        }
        var w = CacheWriter()
        let identity = context.identity
        w.uint(UInt64(identity.count))
        var out = magic + w.bytes + identity
        w = CacheWriter()
        w.uint(UInt64(bitPattern: stamp))
        for path in context.paths { w.uint(kind(of: path, cwd: context.cwd)) }
        w.array(directories) { w, d in
            w.string(d.path); w.uint(UInt64(bitPattern: d.status.modified)); w.uint(d.status.inode)
            w.uint(d.entries.high); w.uint(d.entries.low)
        }
        w.array(project.manifestStatuses) { w, m in
            w.string(m.path)
            w.uint(UInt64(bitPattern: m.status!.size)); w.uint(UInt64(bitPattern: m.status!.modified)); w.uint(m.status!.inode)
        }
        w.uint(plan.digest.high); w.uint(plan.digest.low)
        w.value(plan.summary)
        w.values(plan.warnings)
        w.array(targets) { w, t in w.string(t.name); w.string(t.kind.rawValue); w.string(t.manifest) }
        w.array(plan.work) { w, file in
            w.string(file.absolute)
            w.optional(file.module) { $0.string($1) }
            w.int(file.target.map { index[[$0.name, $0.kind.rawValue, $0.manifest]]! } ?? -1)
            w.optional(file.demo) { $0.string($1) }
        }
        out += w.bytes
        do {
            try FileManager.default.createDirectory(atPath: context.options.directory, withIntermediateDirectories: true)
            try CacheFile.replace(context.file, with: out)
        } catch {
            // Not written: the next scan walks the tree again.
        }
    }
}

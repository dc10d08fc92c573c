import Foundation
import NavGraphPlatform

/// The one walk over a source tree that listing Swift files and finding manifests share: depth first,
/// hidden entries never listed. Each folder is read once with its entries' kinds (`DirectoryEntries`);
/// only a link, or an entry of a file system that records no kinds, costs a `stat`.
enum DirectoryWalk {
    /// Calls `visit(dir, name, path, isDirectory)` for each entry under `root` whose name does not start
    /// with a dot, in `sortedNames` order or the file system's (`isDirectory` nil: the entry does not
    /// exist, a dangling link). A folder is entered when `visit` returns true. With `record`, every
    /// folder read is noted there with its status, and so is any link met.
    static func walk(
        _ root: String, sortedNames: Bool, record: WalkRecord? = nil,
        _ visit: (_ dir: String, _ name: String, _ path: String, _ isDirectory: Bool?) -> Bool
    ) {
        var stack = [root]
        while let dir = stack.popLast() {
            guard let listed = DirectoryEntries.list(dir) else {
                record?.note(directory: dir, nil)
                continue
            }
            record?.note(directory: dir, WalkRecord.Listed(status: listed.status, entries: listed.entries))
            var entries = listed.entries
            if sortedNames { entries.sort { $0.name < $1.name } }
            for (name, kind) in entries where !name.hasPrefix(".") {
                let path = dir + "/" + name
                let isDirectory: Bool?
                switch kind {
                case .directory: isDirectory = true
                case .regular, .other: isDirectory = false
                case .link, .unknown:
                    if kind == .link { record?.sawLink = true }
                    isDirectory = FileStatus.of(path)?.isDirectory
                }
                if visit(dir, name, path, isDirectory) { stack.append(path) }
            }
        }
    }
}

/// What a walk read: each folder with its status when read and the hash of its entries (nil: it
/// could not be read), and whether it met a link (a link's target may change without its folder
/// changing, so a walk that met one is not remembered by `ScanPlanCache`).
final class WalkRecord {
    struct Listed: Equatable {
        var status: FileStatus
        /// `entriesHash` of what was listed (nil: an entry of unknown kind).
        var entries: ContentHash?

        init(status: FileStatus, entries: [(name: String, kind: DirectoryEntries.Kind)]) {
            self.status = status
            self.entries = WalkRecord.entriesHash(entries)
        }
    }

    private(set) var directories: [String: Listed?] = [:]
    var sawLink = false
    /// A folder read twice (by both walks) changed in between: what was read first is not what its
    /// status says.
    private(set) var unstable = false

    func note(directory: String, _ listed: Listed?) {
        if let old = directories[directory], old != listed { unstable = true }
        directories[directory] = listed
    }

    /// What a walk sees of a folder: its entries that are not hidden, by name, with their kinds; nil
    /// when one's kind is unknown (its kind could change without its name changing).
    static func entriesHash(_ entries: [(name: String, kind: DirectoryEntries.Kind)]) -> ContentHash? {
        var bytes: [UInt8] = []
        for (name, kind) in entries.filter({ !$0.name.hasPrefix(".") }).sorted(by: { $0.name < $1.name }) {
            let tag: UInt8
            switch kind {
            case .directory: tag = 1
            case .regular: tag = 2
            case .link: tag = 3
            case .other: tag = 4
            case .unknown: return nil
            }
            bytes += Array(name.utf8)
            bytes += [0, tag]
        }
        return ContentHash.of(bytes)
    }
}

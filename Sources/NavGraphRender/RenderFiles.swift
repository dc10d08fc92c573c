import Foundation
import NavGraphKit

/// Writes a render's files (`<stem>.<ext>` and the map's group pictures `<stem>-<slug>.<ext>`) and
/// removes the group pictures an earlier render wrote that this one no longer draws (fewer groups, the
/// full view, `--map-only`), so no picture beside the map is linked from nothing.
///
/// Only navgraph's own files are ever removed: the group pictures written are listed, with an FNV-1a
/// fingerprint of their bytes, in a hidden manifest `.<stem>.navgraph-groups` beside them; a later render
/// of the same `<stem>` into the same directory removes a listed file only when its name has the group
/// pictures' shape, its format is one this render writes, this render did not write it again, and its
/// bytes are still those navgraph wrote (a file changed since is kept, and no longer listed).
public enum RenderFiles {
    public struct Written: Sendable, Equatable {
        public var written: [URL]
        /// Group pictures of an earlier render removed (file names).
        public var removed: [String]
        /// Listed files left alone because they changed since navgraph wrote them (file names).
        public var kept: [String]
    }

    public static func manifestName(_ stem: String) -> String { ".\(stem).navgraph-groups" }

    /// Writes `outcome`'s files as `<stem>…` into `directory` (atomically, as `AtomicFileWriter`), then
    /// removes the earlier render's group pictures this one replaces.
    public static func write(_ outcome: DiagramRenderer.Outcome, stem: String, into directory: URL) throws(WriteError) -> Written {
        let main = outcome.files.map { (name: "\(stem).\($0.format.fileExtension)", data: $0.data) }
        let groups = outcome.groupFiles.map { (name: "\(stem)\($0.suffix).\($0.format.fileExtension)", data: $0.data) }
        let extensions = Set(outcome.files.map { $0.format.fileExtension })
        let manifestURL = directory.appendingPathComponent(manifestName(stem))
        let old = (try? String(contentsOf: manifestURL, encoding: .utf8)).map(parse) ?? []
        let now = Set(groups.map(\.name))
        var listed: [(hash: String, name: String)] = groups.map { (fingerprint($0.data), $0.name) }
        var stale: [(hash: String, name: String)] = []
        for entry in old where !now.contains(entry.name) && isGroupPicture(entry.name, stem: stem) {
            let ext = String(entry.name[entry.name.index(after: entry.name.lastIndex(of: ".")!)...])
            if extensions.contains(ext) { stale.append(entry) } else { listed.append(entry) }  // another format: left for its render
        }
        listed.sort { $0.name < $1.name }
        var files = main + groups
        let manifestExists = FileManager.default.fileExists(atPath: manifestURL.path)
        if !listed.isEmpty {
            let text = "# navgraph render: the group pictures it wrote beside \(stem).*, with a fingerprint of their bytes;\n"
                + "# a later render of \(stem) removes those it no longer draws, unless they changed since.\n"
                + listed.map { "\($0.hash) \($0.name)\n" }.joined()
            files.append((manifestName(stem), Data(text.utf8)))
        }
        let written = try AtomicFileWriter.write(files, into: directory)
        if listed.isEmpty && manifestExists { try? FileManager.default.removeItem(at: manifestURL) }
        var removed: [String] = [], kept: [String] = []
        for entry in stale {
            let url = directory.appendingPathComponent(entry.name)
            guard let data = try? Data(contentsOf: url) else { continue }  // already gone
            if fingerprint(data) == entry.hash, (try? FileManager.default.removeItem(at: url)) != nil {
                removed.append(entry.name)
            } else {
                kept.append(entry.name)
            }
        }
        return Written(written: written.filter { $0.lastPathComponent != manifestName(stem) }, removed: removed, kept: kept)
    }

    /// `<stem>-<slug>.<ext>`: the slug in `[A-Za-z0-9_-]`, a format navgraph writes. Anything else in a
    /// manifest (a path, a name of another shape) is never touched.
    static func isGroupPicture(_ name: String, stem: String) -> Bool {
        guard name.hasPrefix(stem + "-"), let dot = name.lastIndex(of: ".") else { return false }
        let slug = name[name.index(name.startIndex, offsetBy: stem.count + 1)..<dot]
        let ext = name[name.index(after: dot)...]
        return !slug.isEmpty && slug.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            && DiagramFormat.allCases.contains { $0.fileExtension == ext }
    }

    static func parse(_ text: String) -> [(hash: String, name: String)] {
        text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let space = line.firstIndex(of: " ") else { return nil }
            return (String(line[..<space]), String(line[line.index(after: space)...]))
        }
    }

    /// FNV-1a 64 of the bytes (`StableHash`) and their count: tells "unchanged since written", not a
    /// security check.
    static func fingerprint(_ data: Data) -> String {
        String(data.withUnsafeBytes { StableHash.fnv1a($0) }, radix: 16) + "-" + String(data.count)
    }
}

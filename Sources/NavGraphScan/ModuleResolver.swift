/// Which module (target) a file belongs to when no manifest says: the longest matching `moduleMap`
/// prefix, else — only for sources with no project manifest at all — SwiftPM's own convention,
/// the folder right under the nearest `Sources/` (or `Tests/`) folder. Never any other folder: a
/// folder name is not a module (the scanner takes the manifests' targets first).
struct ModuleResolver: Sendable {
    var moduleMap: [String: String]

    /// The module the map assigns, if any (longest prefix).
    func mappedModule(displayPath: String, absolutePath: String) -> String? {
        var best: (Int, String)?
        for (prefix, module) in moduleMap {
            let p = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
            for path in [displayPath, absolutePath] where path == p || path.hasPrefix(p + "/") {
                if best == nil || p.count > best!.0 { best = (p.count, module) }
            }
        }
        return best?.1
    }

    func layoutModule(displayPath: String, absolutePath: String, root: String?) -> String? {
        if let mapped = mappedModule(displayPath: displayPath, absolutePath: absolutePath) { return mapped }
        // Only the part of the path below the scanned directory counts: the folders above it
        // (a checkout under `~/Sources/…`, a test bundle) say nothing about the app.
        // Substrings of the path, not a `String` per folder (13,000 files' paths were ~1 % of a scan).
        var parts = absolutePath.split(separator: "/")
        var underRoot = false
        if let root {
            let r = root.hasSuffix("/") ? root : root + "/"
            if absolutePath.hasPrefix(r) {
                parts = absolutePath.dropFirst(r.count).split(separator: "/")
                underRoot = true
            }
        }
        if let i = parts.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), i + 2 < parts.count {
            return String(parts[i + 1])
        }
        // Scanning `Sources/` itself (`Target/File.swift` below it), or `Sources/Target`.
        if underRoot, let root {
            let rootParts = root.split(separator: "/")
            if rootParts.last == "Sources" || rootParts.last == "Tests", parts.count >= 2 { return String(parts[0]) }
            if rootParts.count >= 2, rootParts[rootParts.count - 2] == "Sources" { return String(rootParts.last!) }
        }
        return nil
    }
}

import Foundation

/// The one walk over a source tree that listing Swift files and finding manifests share: depth first,
/// hidden entries never listed.
enum DirectoryWalk {
    /// Calls `visit(dir, name, path, isDirectory)` for each entry under `root` whose name does not start
    /// with a dot, in `sortedNames` order or the file system's (`isDirectory` nil: the entry does not
    /// exist, a dangling link). A folder is entered when `visit` returns true.
    static func walk(_ root: String, sortedNames: Bool, _ visit: (_ dir: String, _ name: String, _ path: String, _ isDirectory: Bool?) -> Bool) {
        var stack = [root]
        let fm = FileManager.default
        while let dir = stack.popLast() {
            guard let listed = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in sortedNames ? listed.sorted() : listed where !name.hasPrefix(".") {
                let path = dir + "/" + name
                var isDir: ObjCBool = false
                let exists = fm.fileExists(atPath: path, isDirectory: &isDir)
                if visit(dir, name, path, exists ? isDir.boolValue : nil) { stack.append(path) }
            }
        }
    }
}

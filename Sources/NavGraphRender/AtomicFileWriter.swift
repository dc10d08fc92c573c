import Foundation

/// Writes a set of files so that a failure leaves no half-written file and never clobbers the
/// previous version: every file goes to a hidden temporary beside its target first, and only when
/// all of them are written are they renamed into place (rename is atomic within a directory).
public enum AtomicFileWriter {
    /// Writes `files` (name → bytes) into `directory`, creating it. Returns the paths written.
    @discardableResult
    public static func write(_ files: [(name: String, data: Data)], into directory: URL) throws(RenderError) -> [URL] {
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: directory.path, reason: error.localizedDescription)
        }
        var temps: [(URL, URL)] = []
        func cleanUp() { for (t, _) in temps { try? fm.removeItem(at: t) } }
        for f in files {
            let target = directory.appendingPathComponent(f.name)
            let temp = directory.appendingPathComponent(".\(f.name).\(getpid()).tmp")
            temps.append((temp, target))
            do {
                try f.data.write(to: temp)
            } catch {
                cleanUp()
                throw .writeFailed(path: target.path, reason: error.localizedDescription)
            }
        }
        for (temp, target) in temps where rename(temp.path, target.path) != 0 {
            let reason = String(cString: strerror(errno))
            cleanUp()
            throw .writeFailed(path: target.path, reason: reason)
        }
        return temps.map(\.1)
    }
}

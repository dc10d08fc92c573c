import Foundation
import NavGraphPlatform
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// Writing an output file failed; nothing was replaced.
public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "could not write \(path): \(reason)" }
}

/// The one way navgraph writes files (reports, baselines, diagrams, scanned registries, the
/// configuration): a failure leaves no half-written file and never clobbers the previous version.
/// Every file goes to a hidden temporary beside its target first, and only when all of them are
/// written are they renamed into place (rename(2) is atomic within a directory and replaces an
/// existing file; `FileManager.replaceItemAt` fails on Linux for a relative path that exists).
public enum AtomicFileWriter {
    /// Writes `files` (name → bytes) into `directory`, creating it. Returns the paths written.
    @discardableResult
    public static func write(_ files: [(name: String, data: Data)], into directory: URL) throws(WriteError) -> [URL] {
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: directory.path, reason: error.localizedDescription)
        }
        var temps: [(URL, URL)] = []
        func cleanUp() { for (t, _) in temps { try? fm.removeItem(at: t) } }
        for f in files {
            let target = directory.appendingPathComponent(f.name)
            let temp = directory.appendingPathComponent(".\(f.name).\(ProcessImage.id).tmp")
            temps.append((temp, target))
            do {
                try f.data.write(to: temp)
            } catch {
                cleanUp()
                throw WriteError(path: target.path, reason: error.localizedDescription)
            }
        }
        for (temp, target) in temps where rename(temp.path, target.path) != 0 {
            let reason = String(cString: strerror(errno))
            cleanUp()
            throw WriteError(path: target.path, reason: reason)
        }
        return temps.map(\.1)
    }

    /// Writes `data` to the file at `path` the same way. A path that names a device, FIFO or
    /// socket (/dev/null, /dev/stdout, a pipe) is written in place: renaming over it would replace
    /// the device with a regular file.
    public static func write(_ data: Data, to path: String) throws(WriteError) {
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR {
            guard let handle = FileHandle(forWritingAtPath: path) else { throw WriteError(path: path, reason: "cannot open it for writing") }
            handle.write(data)
            try? handle.close()
            return
        }
        let url = URL(fileURLWithPath: path)
        try write([(url.lastPathComponent, data)], into: url.deletingLastPathComponent())
    }
}

import Foundation

/// The process's table of file paths: `SourceLocation` holds a file id from here instead of a
/// `String`, so a location is a plain value (copying one costs no reference counting) and equal
/// paths are equal ids.
///
/// Append-only and shared by every thread (the scanner makes locations in parallel); a path keeps
/// its id for the life of the process. Paths are few (one per registry or Swift file read).
enum SourceFiles {
    private final class Table: @unchecked Sendable {
        let lock = NSLock()
        var ids: [String: UInt32] = [:]
        var paths: [String] = []
    }

    private static let table = Table()

    /// The id of `path`, added to the table on first use.
    static func id(_ path: String) -> UInt32 {
        table.lock.lock()
        defer { table.lock.unlock() }
        if let id = table.ids[path] { return id }
        let id = UInt32(table.paths.count)
        table.paths.append(path)
        table.ids[path] = id
        return id
    }

    /// The path of an id `id(_:)` handed out.
    static func path(_ id: UInt32) -> String {
        table.lock.lock()
        defer { table.lock.unlock() }
        return table.paths[Int(id)]
    }
}

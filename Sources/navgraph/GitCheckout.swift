import Foundation
import NavGraphKit

/// The sources of a git revision in a temporary folder, for `navgraph diff --base REV`:
/// `git archive REV -- PATH` extracted with tar. The work tree, the index and HEAD are never
/// touched. A missing git, a path outside a repository or a bad revision is bad input (exit 2).
struct GitCheckout {
    let revision: String
    /// The temporary folder holding the revision's copy of the repository's PATH (and its .navgraph.yml).
    let directory: URL
    /// The head's PATH as a path inside the repository ("" for its root).
    let relativePath: String
    let baseConfig: String?
    let headConfig: String?

    var basePath: String { relativePath.isEmpty ? directory.path : directory.appendingPathComponent(relativePath).path }
    var baseLabel: String { "\(revision):\(relativePath.isEmpty ? "." : relativePath)" }

    init(revision: String, path: String) throws {
        self.revision = revision
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw Self.error("\(path) does not exist")
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        let folder = isDir.boolValue ? absolute : absolute.deletingLastPathComponent()
        let top = try Self.git(["rev-parse", "--show-toplevel"], in: folder, what: "\(path) is not inside a git repository")
            .trimmingCharacters(in: .newlines)
        let root = URL(fileURLWithPath: top).standardizedFileURL.resolvingSymlinksInPath().path
        var rel = String(absolute.path.dropFirst(root.count))
        while rel.hasPrefix("/") { rel.removeFirst() }
        relativePath = rel
        _ = try Self.git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: URL(fileURLWithPath: root),
                         what: "'\(revision)' is not a revision of the repository at \(root)")

        directory = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tar = directory.appendingPathComponent(".navgraph-base.tar")
        do {
            // The path must exist at the revision; .navgraph.yml is added when the revision has one.
            _ = try Self.git(["cat-file", "-e", "\(revision):\(rel.isEmpty ? "" : rel)"], in: URL(fileURLWithPath: root),
                             what: "\(rel.isEmpty ? "the repository" : rel) does not exist at revision \(revision)")
            var paths = [rel.isEmpty ? "." : rel]
            let hasConfig = (try? Self.git(["cat-file", "-e", "\(revision):\(Configuration.defaultFileName)"], in: URL(fileURLWithPath: root), what: "")) != nil
            if hasConfig && !rel.isEmpty { paths.append(Configuration.defaultFileName) }
            _ = try Self.git(["archive", "--format=tar", "-o", tar.path, revision, "--"] + paths, in: URL(fileURLWithPath: root),
                             what: "git archive \(revision) failed")
            try Self.run("/usr/bin/env", ["tar", "-xf", tar.path, "-C", directory.path], in: directory, what: "tar could not extract the revision")
            try? FileManager.default.removeItem(at: tar)
            baseConfig = hasConfig ? directory.appendingPathComponent(Configuration.defaultFileName).path : nil
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let head = URL(fileURLWithPath: root).appendingPathComponent(Configuration.defaultFileName).path
        headConfig = FileManager.default.fileExists(atPath: head) ? head : nil
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// A base finding with its temporary paths written as `REV:path`.
    func relabel(_ f: Finding) -> Finding {
        var f = f
        let prefix = directory.path + "/"
        func fix(_ l: SourceLocation?) -> SourceLocation? {
            guard var l, l.file.hasPrefix(prefix) else { return l }
            l.file = "\(revision):" + l.file.dropFirst(prefix.count)
            return l
        }
        f.location = fix(f.location)
        f.notes = f.notes.map { Finding.Note($0.message, location: fix($0.location)) }
        return f
    }

    static func error(_ message: String) -> InputError {
        InputError([Diagnostic(.error, "navgraph diff --base: \(message)", at: nil)])
    }

    /// `git ARGS` in `dir`: standard output, or `InputError(what: git's message)`.
    static func git(_ args: [String], in dir: URL, what: String) throws -> String {
        try run("/usr/bin/env", ["git"] + args, in: dir, what: what)
    }

    @discardableResult
    static func run(_ tool: String, _ args: [String], in dir: URL, what: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.currentDirectoryURL = dir
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { throw Self.error("cannot run \(args[0]): \(error.localizedDescription)") }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            if p.terminationStatus == 127 { throw Self.error("\(args[0]) is not installed (it is needed to read the base revision)") }
            let detail = errText.split(whereSeparator: \.isNewline).first.map { ": \(Escaping.terminal(String($0)))" } ?? ""
            throw Self.error(what + detail)
        }
        return String(decoding: outData, as: UTF8.self)
    }
}

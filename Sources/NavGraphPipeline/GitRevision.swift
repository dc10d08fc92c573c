import Foundation
import NavGraphKit
import NavGraphPlatform

/// The sources of a git revision in a temporary folder, for `navgraph diff --base REV`:
/// `git archive REV -- PATH` extracted with tar, each program run through `ChildProcess`. The work
/// tree, the index and HEAD are never touched. A missing git, a path outside a repository or a bad
/// revision is an `InputError` (exit 2).
public struct GitRevision: Sendable {
    public let revision: String
    /// The temporary folder holding the revision's copy of the repository's PATH (and its .navgraph.yml).
    public let directory: URL
    /// The head's PATH as a path inside the repository ("" for its root).
    public let relativePath: String
    /// The revision's .navgraph.yml at the repository root, if it has one (in `directory`).
    public let baseConfig: String?
    /// The work tree's .navgraph.yml at the repository root, if there is one.
    public let headConfig: String?

    /// Where the revision's copy of PATH is.
    public var basePath: String { relativePath.isEmpty ? directory.path : directory.appendingPathComponent(relativePath).path }
    /// `REV:PATH`, the name of the base in the diff.
    public var baseLabel: String { "\(revision):\(relativePath.isEmpty ? "." : relativePath)" }

    /// Extracts `revision`'s copy of `path` (a file or folder in a git work tree) into a new
    /// temporary folder; `remove()` deletes it.
    public init(revision: String, path: String) throws(InputError) {
        self.revision = revision
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw Self.error("\(path) does not exist")
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        let folder = isDir.boolValue ? absolute : absolute.deletingLastPathComponent()
        let top = try Self.git(["rev-parse", "--show-toplevel"], in: folder, what: "\(path) is not inside a git repository")
            .trimmingCharacters(in: .newlines)
        let root = URL(fileURLWithPath: top).standardizedFileURL.resolvingSymlinksInPath()
        var rel = String(absolute.path.dropFirst(root.path.count))
        while rel.hasPrefix("/") { rel.removeFirst() }
        relativePath = rel
        _ = try Self.git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: root,
                         what: "'\(revision)' is not a revision of the repository at \(root.path)")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-diff-\(UUID().uuidString)")
        self.directory = directory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Self.error("cannot create \(directory.path): \(error.localizedDescription)")
        }
        do throws(InputError) {
            baseConfig = try Self.extract(revision, rel, from: root, into: directory)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let head = root.appendingPathComponent(Configuration.defaultFileName).path
        headConfig = FileManager.default.fileExists(atPath: head) ? head : nil
    }

    /// `git archive` of `rel` (and the root's .navgraph.yml when the revision has one) extracted
    /// into `directory`: the path of the extracted .navgraph.yml, if any.
    private static func extract(_ revision: String, _ rel: String, from root: URL, into directory: URL) throws(InputError) -> String? {
        let tar = directory.appendingPathComponent(".navgraph-base.tar")
        // The path must exist at the revision; .navgraph.yml is added when the revision has one.
        _ = try git(["cat-file", "-e", "\(revision):\(rel.isEmpty ? "" : rel)"], in: root,
                    what: "\(rel.isEmpty ? "the repository" : rel) does not exist at revision \(revision)")
        var paths = [rel.isEmpty ? "." : rel]
        let hasConfig = (try? git(["cat-file", "-e", "\(revision):\(Configuration.defaultFileName)"], in: root, what: "")) != nil
        if hasConfig && !rel.isEmpty { paths.append(Configuration.defaultFileName) }
        _ = try git(["archive", "--format=tar", "-o", tar.path, revision, "--"] + paths, in: root, what: "git archive \(revision) failed")
        _ = try run(["tar", "-xf", tar.path, "-C", directory.path], what: "tar could not extract the revision")
        try? FileManager.default.removeItem(at: tar)
        return hasConfig ? directory.appendingPathComponent(Configuration.defaultFileName).path : nil
    }

    /// Deletes the temporary folder.
    public func remove() { try? FileManager.default.removeItem(at: directory) }

    /// A base finding with its temporary paths written as `REV:path`.
    public func relabel(_ f: Finding) -> Finding {
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

    /// `git -C DIR ARGS`: its standard output, or `InputError(what: git's message)`.
    static func git(_ args: [String], in dir: URL, what: String) throws(InputError) -> String {
        try run(["git", "-C", dir.path] + args, what: what)
    }

    /// `command` (found on PATH by /usr/bin/env) run to its end: its standard output, or an
    /// `InputError` saying `what` with the first line the program wrote on standard error.
    static func run(_ command: [String], what: String) throws(InputError) -> String {
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-diff-\(UUID().uuidString)").path
        let (outPath, errPath) = (capture + ".out", capture + ".err")
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        guard let status = ChildProcess.run(
            "/usr/bin/env", command, environment: ProcessInfo.processInfo.environment, outputPath: outPath, errorPath: errPath)
        else { throw error("cannot run \(command[0]): it could not be started") }
        let output = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        let code = ChildProcess.exitCode(status)
        guard code == 0 else {
            if code == 127 { throw error("\(command[0]) is not installed (it is needed to read the base revision)") }
            let errText = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
            let detail = errText.split(whereSeparator: \.isNewline).first.map { ": \(Escaping.terminal(String($0)))" } ?? ""
            throw error(what + detail)
        }
        return output
    }
}

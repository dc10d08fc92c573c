import Foundation
import NavGraphKit

/// Where the CLI writes: findings on stdout, diagnostics and summaries on stderr.
enum CLIOutput {
    /// Ends the process with `code` once every output is written and flushed (standard error is
    /// unbuffered; standard output goes through `BufferedFileWriter` or `print`, flushed by `exit`).
    /// Commands that hold a large model call it instead of returning, so the model is not freed
    /// element by element just before the operating system takes the memory back anyway.
    static func exitNow(_ code: Int32) -> Never {
        Foundation.exit(code)
    }

    /// What was written, when a run records itself (the build-tool plugin's run, replayed on the
    /// next unchanged build: `PluginReplay`). The process is single-threaded where it writes.
    nonisolated(unsafe) static var recorded: (stdout: String, stderr: String)?

    static func stdout(_ s: String) {
        FileHandle.standardOutput.write(Data(s.utf8))
        recorded?.stdout += s
    }

    static func stderr(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
        recorded?.stderr += s
    }

    static func printDiagnostics(_ diagnostics: [Diagnostic]) {
        var text = ""
        for d in diagnostics {
            let loc = d.location.map { "\(Escaping.terminal($0.description)): " } ?? "navgraph: "
            text += "\(loc)\(d.severity.rawValue): \(Escaping.terminal(d.message))\n"
        }
        stderr(text)
    }

    /// Writes `text` to `path` with `AtomicFileWriter`; `-` is standard output.
    static func writeAtomically(_ text: String, to path: String) throws {
        try writeAtomically(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path` with `AtomicFileWriter` (all or nothing); `-` is standard output. A failure is
    /// an `InputError` naming the path, which the commands turn into exit 2.
    static func writeAtomically(_ data: Data, to path: String) throws {
        if path == "-" { return FileHandle.standardOutput.write(data) }
        do {
            try AtomicFileWriter.write(data, to: path)
        } catch {
            throw InputError([Diagnostic(.error, "cannot write \(path): \(error.reason)", at: nil)])
        }
    }
}

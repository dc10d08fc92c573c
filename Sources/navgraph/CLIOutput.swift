import Foundation
import NavGraphKit

/// Where the CLI writes: findings on stdout, diagnostics and summaries on stderr.
enum CLIOutput {
    static func stdout(_ s: String) {
        FileHandle.standardOutput.write(Data(s.utf8))
    }

    static func stderr(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

    static func printDiagnostics(_ diagnostics: [Diagnostic]) {
        var text = ""
        for d in diagnostics {
            let loc = d.location.map { "\(TerminalText.singleLine($0.description)): " } ?? "navgraph: "
            text += "\(loc)\(d.severity.rawValue): \(TerminalText.singleLine(d.message))\n"
        }
        stderr(text)
    }

    /// Writes `text` to `path` atomically: a temporary file in the same folder, then a rename,
    /// so a failure never leaves a half-written file or clobbers the previous one.
    static func writeAtomically(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        do {
            try Data(text.utf8).write(to: tmp)
            if FileManager.default.fileExists(atPath: url.path) {
                _ = try FileManager.default.replaceItemAt(url, withItemAt: tmp)
            } else {
                try FileManager.default.moveItem(at: tmp, to: url)
            }
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw InputError([Diagnostic(.error, "cannot write \(path): \(error.localizedDescription)", at: nil)])
        }
    }
}

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
        // `-` is standard output; a device, FIFO or socket (/dev/null, /dev/stdout, a pipe) is
        // written in place: renaming over it would replace the device with a regular file.
        if path == "-" {
            stdout(text)
            return
        }
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR {
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw InputError([Diagnostic(.error, "cannot write \(path)", at: nil)])
            }
            handle.write(Data(text.utf8))
            try? handle.close()
            return
        }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        do {
            try Data(text.utf8).write(to: tmp)
            // rename(2) replaces an existing file atomically. (FileManager.replaceItemAt fails on
            // Linux for a relative path whose file already exists: the second `--report` run.)
            guard rename(tmp.path, url.path) == 0 else {
                throw InputError([Diagnostic(.error, "cannot write \(path): \(String(cString: strerror(errno)))", at: nil)])
            }
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw InputError([Diagnostic(.error, "cannot write \(path): \(error.localizedDescription)", at: nil)])
        }
    }
}

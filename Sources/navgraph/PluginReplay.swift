import Foundation
import NavGraphKit
import NavGraphPlatform

/// The build-tool plugin's answer on a build where nothing it reads changed: what the last run
/// printed and its exit code, replayed after stat-ing the inputs, without loading anything.
///
/// The inputs are every file under the paths the check reads (sources and manifests, registries)
/// and every file named on the command line or by the configuration (the config, the baseline,
/// the default-paths file), each by path, size, modification time (nanoseconds) and inode; with
/// navgraph's own binary (path, size, time), the arguments and the current directory. Only
/// hidden entries are not walked (the scanner reads none). Any difference, a new or a removed
/// file, is a full run, whose output is stored under the inputs as they were *before* it: a file
/// edited during a run makes the next build run again. Cost: one `stat` per file and one listing
/// per folder (13,005 files in 2,001 folders for a 1,000-module app).
struct PluginReplay {
    let directory: String
    let inputs: Data

    var inputsFile: String { directory + "/inputs" }

    /// The inputs of a run with these arguments over these paths.
    /// `directory` (the plugin's work folder, rewritten on every run) is never an input, even under a path.
    init(directory: String, arguments: [String], paths: [String], excluding workFolder: String) {
        self.directory = directory
        var text = "navgraph plugin replay 1\n"
        if let binary = ProcessImage.path(containing: #dsohandle) {
            text += "binary\t\(binary)\t\(Self.describe(FileStatus.of(binary)))\n"
        }
        text += "cwd\t\(FileManager.default.currentDirectoryPath)\n"
        for a in arguments { text += "arg\t\(a)\n" }
        for path in Array(Set(paths)).sorted() {
            text += "root\t\(path)\n"
            Self.walk(path, excluding: workFolder) { file, status in text += "\(file)\t\(Self.describe(status))\n" }
        }
        inputs = Data(text.utf8)
    }

    static func describe(_ s: FileStatus?) -> String {
        guard let s else { return "missing" }
        return "\(s.size)\t\(s.modified)\t\(s.inode)\(s.isDirectory ? "\td" : "")"
    }

    /// Calls `body` for `root` and, when it is a folder, every entry below it (hidden ones and
    /// `excluded` left out), in a fixed order.
    static func walk(_ root: String, excluding excluded: String, _ body: (String, FileStatus?) -> Void) {
        var stack = [root]
        while let path = stack.popLast() {
            if path == excluded || path.hasPrefix(excluded + "/") { continue }
            let status = FileStatus.of(path)
            body(path, status)
            guard status?.isDirectory == true, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names.sorted(by: >) where !name.hasPrefix(".") { stack.append(path + "/" + name) }
        }
    }

    /// The last run's output and exit code, when its inputs were exactly these.
    func stored() -> (stdout: Data, stderr: Data, status: Int32)? {
        guard let previous = FileManager.default.contents(atPath: inputsFile), previous == inputs,
              let out = FileManager.default.contents(atPath: directory + "/stdout"),
              let err = FileManager.default.contents(atPath: directory + "/stderr"),
              let code = FileManager.default.contents(atPath: directory + "/status")
                .flatMap({ Int32(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) })
        else { return nil }
        return (out, err, code)
    }

    /// Stores a finished run: its output first, the inputs last, so a run cut short is never replayed.
    func store(stdout: String, stderr: String, status: Int32) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: inputsFile)
            try AtomicFileWriter.write(Data(stdout.utf8), to: directory + "/stdout")
            try AtomicFileWriter.write(Data(stderr.utf8), to: directory + "/stderr")
            try AtomicFileWriter.write(Data("\(status)\n".utf8), to: directory + "/status")
            try AtomicFileWriter.write(inputs, to: inputsFile)
        } catch {
            // Not stored: the next build runs the check again.
        }
    }
}

import Dispatch
import Foundation
import NavGraphKit

/// Scans an app's Swift sources into a `Registry` (RouterService style).
///
/// Files are parsed in parallel on all cores; the result is sorted, so it does not depend on
/// the order files finish in. The scanner never traps: a file it cannot read is an error
/// diagnostic, a construct it cannot understand a warning (an error with `strict`).
public struct SwiftSourceScanner: Sendable {
    public var configuration: ScanConfiguration

    public init(configuration: ScanConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Scans files and directories (recursively; hidden folders, `.build*`, `Pods`, `Carthage`,
    /// `DerivedData` and `Package.swift` are skipped). `progress(done, total)` is called as files finish,
    /// from any thread, one call at a time.
    /// - Throws: `InputError` when the paths hold no Swift file at all.
    public func scan(paths: [String], progress: ((Int, Int) -> Void)? = nil) throws -> ScanResult {
        let cwd = FileManager.default.currentDirectoryPath
        var warnings: [ScanWarning] = []
        var files: [(absolute: String, root: String?)] = []
        for path in paths {
            let absolute = Self.absolute(path, cwd: cwd)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDir) else {
                warnings.append(ScanWarning(.unreadableFile, "no such file or directory: \(path)", at: nil))
                continue
            }
            if isDir.boolValue {
                files += Self.swiftFiles(under: absolute).map { ($0, absolute) }
            } else {
                files.append((absolute, nil))
            }
        }
        var seen = Set<String>()
        files = files.filter { seen.insert($0.absolute).inserted }.sorted { $0.absolute < $1.absolute }
        if files.isEmpty {
            let why = warnings.map(\.message).joined(separator: "; ")
            throw InputError([Diagnostic(.error, "no Swift files found in \(paths.joined(separator: ", "))" + (why.isEmpty ? "" : " (\(why))"), at: nil)])
        }

        let resolver = ModuleResolver(moduleMap: configuration.moduleMap)
        let config = configuration
        let results = ResultSlots(count: files.count, progress: progress)
        let work = files
        DispatchQueue.concurrentPerform(iterations: work.count) { i in
            let file = work[i]
            let display = Self.display(file.absolute, cwd: cwd)
            let module = resolver.module(displayPath: display, absolutePath: file.absolute, root: file.root)
            results.store(i, Self.parse(absolute: file.absolute, display: display, module: module, config: config))
        }
        var facts = results.values
        for i in facts.indices { warnings += facts[i].warnings; facts[i].warnings = [] }

        var assembler = RegistryAssembler(config: configuration)
        let registry = assembler.assemble(facts)
        warnings += assembler.warnings
        let diagnostics = Set(warnings.map { $0.diagnostic(strict: configuration.strict) }).sorted(by: Self.order)
        return ScanResult(registry: registry, diagnostics: diagnostics, fileCount: files.count)
    }

    static func parse(absolute: String, display: String, module: String?, config: ScanConfiguration) -> FileFacts {
        guard let data = FileManager.default.contents(atPath: absolute) else {
            var f = FileFacts(path: display, module: module)
            f.warnings.append(ScanWarning(.unreadableFile, "cannot read \(display)", at: SourceLocation(file: display, line: 1, column: 1)))
            return f
        }
        guard let source = String(data: data, encoding: .utf8) else {
            var f = FileFacts(path: display, module: module)
            f.warnings.append(ScanWarning(.unreadableFile, "\(display) is not UTF-8 text", at: SourceLocation(file: display, line: 1, column: 1)))
            return f
        }
        return FactExtractor.extract(path: display, module: module, source: source, config: config)
    }

    static func order(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        switch (a.location, b.location) {
        case let (x?, y?) where x != y: return x < y
        case (nil, _?): return true
        case (_?, nil): return false
        default: return (a.severity.rawValue, a.message) < (b.severity.rawValue, b.message)
        }
    }

    static func absolute(_ path: String, cwd: String) -> String {
        let p = path.hasPrefix("/") ? path : cwd + "/" + path
        return URL(fileURLWithPath: p).standardizedFileURL.path
    }

    /// Relative to the current directory when under it.
    static func display(_ absolute: String, cwd: String) -> String {
        let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    static let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules"]

    static func swiftFiles(under root: String) -> [String] {
        var out: [String] = []
        var stack = [root]
        let fm = FileManager.default
        while let dir = stack.popLast() {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = dir + "/" + name
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDir) else { continue }
                if isDir.boolValue {
                    if !skippedFolders.contains(name) { stack.append(path) }
                } else if name.hasSuffix(".swift") && name != "Package.swift" {
                    out.append(path)
                }
            }
        }
        return out
    }
}

/// Per-file results written from `concurrentPerform` workers, one slot each, under a lock.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [FileFacts?]
    private var done = 0
    private let progress: ((Int, Int) -> Void)?

    init(count: Int, progress: ((Int, Int) -> Void)?) {
        slots = Array(repeating: nil, count: count)
        self.progress = progress
    }

    func store(_ i: Int, _ facts: FileFacts) {
        lock.lock()
        defer { lock.unlock() }
        slots[i] = facts
        done += 1
        progress?(done, slots.count)
    }

    var values: [FileFacts] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}

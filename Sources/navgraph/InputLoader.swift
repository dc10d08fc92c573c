import Foundation
import NavGraphKit
import NavGraphScan

/// Turns input paths into one registry: registry files (and directories of them) are loaded;
/// Swift files and directories of Swift sources are scanned on the fly. Both kinds can be mixed.
enum InputLoader {
    enum Kind { case registry, sources }

    /// What a path is: a `.swift` file or a directory with Swift sources and no registry files
    /// is scanned; everything else is read as a registry.
    static func kind(of path: String) -> Kind {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return .registry }
        if !isDir.boolValue { return path.hasSuffix(".swift") ? .sources : .registry }
        if !RegistryLoader.registryFiles(in: path).isEmpty && !containsSwift(path) { return .registry }
        return containsSwift(path) ? .sources : .registry
    }

    static func containsSwift(_ dir: String) -> Bool {
        guard let e = FileManager.default.enumerator(atPath: dir) else { return false }
        while let rel = e.nextObject() as? String {
            if rel.hasSuffix(".swift") && !rel.hasPrefix(".build") { return true }
        }
        return false
    }

    /// Loads and merges everything; scan warnings go to standard error, errors are thrown.
    /// Returns the registry and, when sources were scanned, the scan's summary (a partial graph says so).
    static func load(
        paths: [String], scanSettings: RawNode? = nil, strictScan: Bool = false, cache: ScanCacheChoice = ScanCacheChoice(enabled: false)
    ) throws -> (registry: Registry, scan: ScanSummary?) {
        let registryPaths = paths.filter { kind(of: $0) == .registry }
        let sourcePaths = paths.filter { kind(of: $0) == .sources }
        var diagnostics: [Diagnostic] = []
        var registry = Registry()
        var scan: ScanSummary?
        if !registryPaths.isEmpty {
            do {
                registry = try RegistryLoader().load(paths: registryPaths)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        if !sourcePaths.isEmpty {
            var configuration = try scanConfiguration(scanSettings)
            if strictScan { configuration.strict = true }
            let scanner = SwiftSourceScanner(configuration: configuration, cache: cache.options(forScanning: sourcePaths))
            let progress = ScanProgress()
            do {
                let result = try scanner.scan(paths: sourcePaths, progress: progress.report)
                progress.finish()
                let errors = result.diagnostics.filter { $0.severity == .error }
                CLIOutput.printDiagnostics(result.diagnostics.filter { $0.severity != .error })
                for note in result.cacheNotes { CLIOutput.stderr("navgraph: warning: \(TerminalText.singleLine(note))\n") }
                CLIOutput.stderr("navgraph: \(result.summary.line)\n")
                scan = result.summary
                diagnostics += errors
                registry = registry.merged(with: result.registry)
            } catch let error as InputError {
                progress.finish()
                diagnostics += error.diagnostics
            }
        }
        if !diagnostics.isEmpty { throw InputError(diagnostics) }
        return (registry, scan)
    }

    /// The `.navgraph.yml` `scan:` section as a `ScanConfiguration`.
    static func scanConfiguration(_ node: RawNode?) throws -> ScanConfiguration {
        guard let node else { return ScanConfiguration() }
        if case .mapping(let pairs, _) = node {
            var warnings: [Diagnostic] = []
            for (k, _) in pairs {
                if case .scalar(let key, _, let at) = k, !ScanConfiguration.knownKeys.contains(key) {
                    warnings.append(Diagnostic(.warning, "unknown key '\(key)' in scan\(NameSuggestion.hint(for: key, in: ScanConfiguration.knownKeys))", at: at))
                }
            }
            CLIOutput.printDiagnostics(warnings)
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: jsonValue(node), options: [.fragmentsAllowed])
            return try JSONDecoder().decode(ScanConfiguration.self, from: data)
        } catch {
            throw InputError([Diagnostic(.error, "the scan: section of the configuration cannot be read: \(error)", at: node.location)])
        }
    }

    /// A RawNode as Foundation JSON values (plain scalars become booleans or numbers when they look like one).
    static func jsonValue(_ node: RawNode) -> Any {
        switch node {
        case .scalar(let s, let plain, _):
            if plain {
                if s == "true" || s == "yes" || s == "on" { return true }
                if s == "false" || s == "no" || s == "off" { return false }
                if s == "null" || s == "~" || s.isEmpty { return NSNull() }
                if let i = Int(s) { return i }
            }
            return s
        case .sequence(let items, _): return items.map(jsonValue)
        case .mapping(let pairs, _):
            var out: [String: Any] = [:]
            for (k, v) in pairs { if case .scalar(let key, _, _) = k { out[key] = jsonValue(v) } }
            return out
        }
    }
}

/// "Scanning 120/800 files" on standard error, only when it is a terminal.
final class ScanProgress: @unchecked Sendable {
    private let enabled = isatty(STDERR_FILENO) == 1
    private let lock = NSLock()
    /// Scans that finish within a second print nothing.
    private let started = Date()
    private var lastPrinted = Date.distantPast
    private var printed = false

    func report(_ done: Int, _ total: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(started) > 1 else { return }
        guard now.timeIntervalSince(lastPrinted) > 0.1 || done == total else { return }
        lastPrinted = now
        printed = true
        CLIOutput.stderr("\rScanning Swift sources: \(done)/\(total) files")
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if printed { CLIOutput.stderr("\r\u{1B}[K") }
    }
}

import Foundation
import NavGraphKit
import NavGraphScan

/// Turns input paths into one registry: registry files (and directories of them) are loaded;
/// Swift files and directories of Swift sources are scanned on the fly. Both kinds can be mixed.
public enum InputLoader {
    public enum Kind: Sendable { case registry, sources }

    /// What a path is: a `.swift` file or a directory with Swift sources and no registry files
    /// is scanned; everything else is read as a registry.
    public static func kind(of path: String) -> Kind {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return .registry }
        if !isDir.boolValue { return path.hasSuffix(".swift") ? .sources : .registry }
        // A directory with Swift sources is scanned (with registry files beside them or not).
        return containsSwift(path) ? .sources : .registry
    }

    static func containsSwift(_ dir: String) -> Bool {
        guard let e = FileManager.default.enumerator(atPath: dir) else { return false }
        while let rel = e.nextObject() as? String {
            if rel.hasSuffix(".swift") && !rel.hasPrefix(".build") { return true }
        }
        return false
    }

    /// What scanning reported besides the registry: warnings (and the scan section's own), and the
    /// summary line's numbers.
    public struct ScanReport: Sendable {
        public var diagnostics: [Diagnostic]
        /// What went wrong with the scan cache (it was then bypassed; the output is the same).
        public var cacheNotes: [String]
        public var summary: ScanSummary
    }

    /// Loads and merges everything. `onScanned` hears the scan's warnings and summary as soon as
    /// the scan ends (before any error is thrown), so a caller can print them in order. Every
    /// error of every input is thrown together.
    public static func load(
        paths: [String], scanSettings: RawNode? = nil, strictScan: Bool = false, cache: ScanCacheChoice = ScanCacheChoice(enabled: false),
        progress: ((Int, Int) -> Void)? = nil, onScanned: ((ScanReport) -> Void)? = nil
    ) throws(InputError) -> (registry: LoadedRegistry, scan: ScanSummary?) {
        let kinds = paths.map { kind(of: $0) }  // each directory walked once
        let registryPaths = zip(paths, kinds).filter { $0.1 == .registry }.map(\.0)
        let sourcePaths = zip(paths, kinds).filter { $0.1 == .sources }.map(\.0)
        var diagnostics: [Diagnostic] = []
        var registry = LoadedRegistry(Registry())
        var scan: ScanSummary?
        if !registryPaths.isEmpty {
            do {
                registry = try RegistryLoader().loadWithNames(paths: registryPaths)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        if !sourcePaths.isEmpty {
            let setup = ScanSetup(section: scanSettings, strict: strictScan)
            if !setup.errors.isEmpty { throw InputError(setup.problems) }
            do {
                let result = try setup.scanner(for: sourcePaths, cache: cache).scan(paths: sourcePaths, progress: progress)
                onScanned?(ScanReport(
                    diagnostics: setup.problems + result.diagnostics.filter { $0.severity != .error }, cacheNotes: result.cacheNotes,
                    summary: result.summary))
                scan = result.summary
                diagnostics += result.diagnostics.filter { $0.severity == .error }
                registry = registry.merged(with: LoadedRegistry(result.registry))
            } catch let error as InputError {
                diagnostics += error.diagnostics
            } catch {
                diagnostics.append(Diagnostic(.error, "the scan failed: \(error)", at: nil))
            }
        }
        if !diagnostics.isEmpty { throw InputError(diagnostics) }
        return (registry, scan)
    }
}

import Foundation
import NavGraphKit
import NavGraphScan

extension Pipeline {
    /// What `navgraph scan` reads: Swift sources, the layered configuration (its `scan:` section)
    /// and the command line's options over it.
    public struct ScanRequest: Sendable {
        /// Swift files or folders.
        public var paths: [String]
        /// Layered configuration (`Pipeline.configuration`): its `scan:` section sets the dialect.
        public var configuration: Configuration
        public var options: ScanOptions
        /// `--explain`: the call sites are wanted, not the registry's YAML.
        public var explain: Bool
        /// Where the scan caches its facts.
        public var cache: ScanCacheChoice

        public init(paths: [String], configuration: Configuration, options: ScanOptions = ScanOptions(), explain: Bool = false,
                    cache: ScanCacheChoice = ScanCacheChoice()) {
            self.paths = paths
            self.configuration = configuration
            self.options = options
            self.explain = explain
            self.cache = cache
        }
    }

    /// What a scan gives back: the scan's result and, unless it has errors or `--explain` was asked
    /// for, the registry as YAML.
    public struct ScanOutcome: Sendable {
        public var result: ScanResult
        /// The registry as `RegistryWriter.yaml` writes it (nil with errors or `explain`).
        public var registryYAML: String?
    }

    /// Scans the sources of `request` into a registry. The `scan:` section's warnings go to
    /// `onSettings` as soon as it is read (before any error is thrown); its errors are thrown as an
    /// `InputError`, a bad `--style` or `--module-map` as a `UsageError`, and what the scanner
    /// throws as it is. The scan's own warnings and errors are in the outcome's result.
    public static func scan(
        _ request: ScanRequest, progress: ((Int, Int) -> Void)? = nil, onSettings: ([Diagnostic]) -> Void = { _ in }
    ) throws -> ScanOutcome {
        var setup = ScanSetup(section: request.configuration.scan, strict: false)
        onSettings(setup.warnings)
        if !setup.errors.isEmpty { throw InputError(setup.errors) }
        try setup.apply(request.options)
        let scanner = setup.scanner(for: request.paths, cache: request.cache, keepsRegistryYAML: !request.explain)
        let result = try scanner.scan(paths: request.paths, progress: progress)
        var outcome = ScanOutcome(result: result)
        if !request.explain && !result.hasErrors {
            outcome.registryYAML = result.registryYAML ?? StageTimes.measure("scan: registry YAML") { RegistryWriter.yaml(result.registry) }
        }
        return outcome
    }

    /// swift-syntax's parse of the Swift files under `paths` and nothing else (the bench's peer of
    /// `scan`): how many files and bytes were parsed.
    public static func parseOnly(paths: [String]) -> (files: Int, bytes: Int) {
        SwiftSourceScanner.parseOnly(paths: paths)
    }
}

import Foundation
import NavGraphKit
import NavGraphScan

extension Pipeline {
    /// The command line's layer over the configuration's `scan:` section (`navgraph scan`'s
    /// options; the other commands scan with none but `strict`).
    public struct ScanOptions: Sendable {
        /// `--strict-scan`: every scan warning becomes an error.
        public var strict: Bool
        /// `--include-tests`: test targets and test doubles are scanned too.
        public var includeTests: Bool
        /// `--target`: the app target to scan.
        public var target: String?
        /// `--style` values: `auto` or routing style names, added to the section's.
        public var styles: [String]
        /// `--module-map` values: `PATH_PREFIX=Module`, or files of such lines.
        public var moduleMap: [String]

        public init(strict: Bool = false, includeTests: Bool = false, target: String? = nil, styles: [String] = [], moduleMap: [String] = []) {
            self.strict = strict
            self.includeTests = includeTests
            self.target = target
            self.styles = styles
            self.moduleMap = moduleMap
        }
    }
}

/// How every command scans Swift sources: the configuration's `scan:` section read, the command
/// line's options over it, and the scan cache chosen. `Pipeline.scan`, the commands that scan
/// source folders on the fly (`InputLoader`) and `init`'s detection make their scanner here and
/// nowhere else.
struct ScanSetup {
    var configuration: ScanConfiguration
    /// The `scan:` section's problems in the order they were found, errors among them.
    let problems: [Diagnostic]

    /// Reads `section`; `strict` is `--strict-scan`.
    init(section: RawNode?, strict: Bool) {
        (configuration, problems) = ScanConfiguration.read(section)
        if strict { configuration.strict = true }
    }

    var errors: [Diagnostic] { problems.filter { $0.severity == .error } }
    var warnings: [Diagnostic] { problems.filter { $0.severity != .error } }

    /// `options` over the section: a routing style that does not exist or a module map that cannot
    /// be read is a usage error.
    mutating func apply(_ options: Pipeline.ScanOptions) throws(Pipeline.UsageError) {
        if options.strict { configuration.strict = true }
        if options.includeTests { configuration.includeTests = true }
        if let target = options.target { configuration.target = target }
        for name in options.styles where name != "auto" {
            guard let s = RoutingStyle(rawValue: name) else {
                throw Pipeline.UsageError(description: "--style \(name): not a routing style (auto, \(RoutingStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            configuration.styles.append(s)
        }
        for (k, v) in try Self.moduleMap(options.moduleMap) { configuration.moduleMap[k] = v }
    }

    /// The scanner for `paths` with the cache asked for; `keepsRegistryYAML`: the scan also returns
    /// the registry's YAML (from the cache on a hit).
    func scanner(for paths: [String], cache: ScanCacheChoice, keepsRegistryYAML: Bool = false) -> SwiftSourceScanner {
        var options = cache.options(forScanning: paths)
        if keepsRegistryYAML { options?.keepsRegistryYAML = true }
        return SwiftSourceScanner(configuration: configuration, cache: options)
    }

    /// `prefix=Module` pairs, or files holding `prefix=Module` / `prefix: Module` lines.
    static func moduleMap(_ values: [String]) throws(Pipeline.UsageError) -> [String: String] {
        var map: [String: String] = [:]
        func add(_ line: Substring, from source: String) throws(Pipeline.UsageError) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { return }
            guard let sep = text.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
                throw Pipeline.UsageError(description: "--module-map: '\(text)' in \(source) is not PATH_PREFIX=Module")
            }
            let key = text[..<sep].trimmingCharacters(in: .whitespaces)
            let value = text[text.index(after: sep)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !value.isEmpty else {
                throw Pipeline.UsageError(description: "--module-map: '\(text)' in \(source) is not PATH_PREFIX=Module")
            }
            map[key] = value
        }
        for v in values {
            if v.contains("=") {
                try add(Substring(v), from: "the command line")
            } else if let text = try? String(contentsOfFile: v, encoding: .utf8) {
                for line in text.split(separator: "\n") { try add(line, from: v) }
            } else {
                throw Pipeline.UsageError(description: "--module-map: '\(v)' is neither PATH_PREFIX=Module nor a readable file")
            }
        }
        return map
    }
}

import Foundation
import NavGraphPlatform
import NavGraphSupport
import NavGraphModel

/// Loads registry files (YAML or JSON, schema version 1) into a `Registry`.
///
/// Every problem in every file is collected, then thrown together as one `InputError`;
/// nothing here traps or exits. Duplicated names are not load errors: the checks report them.
public struct RegistryLoader: Sendable {
    public static let schemaVersion = 1
    public static let fileExtensions: Set<String> = ["yml", "yaml", "json"]

    public init() {}

    /// Loads and merges every path: files, or directories (every registry file inside, recursively, sorted).
    public func load(paths: [String]) throws(InputError) -> Registry { try loadWithNames(paths: paths).registry }

    /// `load(paths:)`, with the ids the fast reader gave the names (for `NavGraph(_:)`).
    public func loadWithNames(paths: [String]) throws(InputError) -> LoadedRegistry {
        var diagnostics: [Diagnostic] = []
        var files: [String] = []
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                diagnostics.append(Diagnostic(.error, "no such file or directory: \(path)", at: nil))
                continue
            }
            if isDir.boolValue {
                let found = RegistryLoader.registryFiles(in: path)
                if found.isEmpty {
                    diagnostics.append(Diagnostic(.error, "no registry files (.yml, .yaml, .json) in \(path)", at: nil))
                }
                files += found
            } else {
                files.append(path)
            }
        }
        var registry = LoadedRegistry(Registry())
        // Files are merged in sorted order so the command-line order does not matter.
        for file in Array(Set(files)).sorted() {
            do {
                registry = registry.merged(with: try loadWithNames(file: file))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        if !diagnostics.isEmpty { throw InputError(diagnostics) }
        return registry
    }

    /// Every registry file below a directory, sorted.
    public static func registryFiles(in directory: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: directory) else { return [] }
        var out: [String] = []
        while let rel = e.nextObject() as? String {
            let ext = (rel as NSString).pathExtension.lowercased()
            guard fileExtensions.contains(ext) else { continue }
            if rel.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            out.append((directory as NSString).appendingPathComponent(rel))
        }
        return out.sorted()
    }

    public func load(file: String) throws(InputError) -> Registry { try loadWithNames(file: file).registry }

    func loadWithNames(file: String) throws(InputError) -> LoadedRegistry {
        // An ASCII JSON file goes to the fast reader as bytes, without the `String` (its copy and its
        // UTF-8 check were a twentieth of a 100k check): ASCII is UTF-8 by itself.
        let isJSON = file.lowercased().hasSuffix(".json")
        if isJSON, let bytes = StageTimes.measure("load: read \(file)", { RegistryLoader.contents(of: file) }) {
            defer { RegistryLoader.release(bytes) }
            if NameTable.isASCII(UnsafeBufferPointer(bytes)) {
                if let registry = RegistryLoader.fastLoadJSON(bytes: UnsafeBufferPointer(bytes), file: file) { return registry }
                return LoadedRegistry(try positionedLoad(text: String(decoding: bytes, as: UTF8.self), file: file, isJSON: true))
            }
        }
        // Block YAML is read from its bytes the same way; a document the block reader gives up on
        // goes to the positioned reader below.
        var blockTried = false
        if !isJSON, let bytes = StageTimes.measure("load: read \(file)", { RegistryLoader.contents(of: file) }) {
            defer { RegistryLoader.release(bytes) }
            if let registry = RegistryLoader.fastLoadBlockYAML(bytes: UnsafeBufferPointer(bytes), file: file) { return registry }
            blockTried = true
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw InputError([Diagnostic(.error, "cannot read \(file)", at: nil)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError([Diagnostic(.error, "\(file) is not UTF-8 text", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        if let registry = RegistryLoader.fastLoad(text: text, file: file, isJSON: isJSON, block: !blockTried) { return registry }
        return LoadedRegistry(try positionedLoad(text: text, file: file, isJSON: isJSON))
    }

    /// Parses registry text; `file` names it in locations, and its extension picks JSON or YAML.
    public func load(text: String, file: String) throws(InputError) -> Registry {
        let isJSON = file.lowercased().hasSuffix(".json")
        if let registry = RegistryLoader.fastLoad(text: text, file: file, isJSON: isJSON) { return registry.registry }
        return try positionedLoad(text: text, file: file, isJSON: isJSON)
    }

    /// The fast path: events straight into the model; nil when anything is off (then the positioned
    /// reader runs and reports every problem). YAML is read with the block reader (unless `block` is
    /// false: it has given up on this text already); YAML outside its subset goes to the positioned
    /// reader (Yams).
    package static func fastLoad(text: String, file: String, isJSON: Bool, block: Bool = true) -> LoadedRegistry? {
        var text = text
        if isJSON {
            return text.withUTF8 { bytes in
                fastLoadJSON(bytes: bytes, file: file)
            }
        }
        guard block else { return nil }
        return text.withUTF8 { fastLoadBlockYAML(bytes: $0, file: file) }
    }

    /// JSON bytes through the fast reader: on two threads from `FeatureSplit.minimumBytes` on.
    package static func fastLoadJSON(bytes: UnsafeBufferPointer<UInt8>, file: String) -> LoadedRegistry? {
        if bytes.count >= FeatureSplit.minimumBytes {
            return FastRegistryDecoder<JSONEventSource>.decode(bytes, file: file, cut: { FeatureSplit.json($0) })
        }
        return FastRegistryDecoder.decode(JSONEventSource(bytes: bytes, file: file))
    }

    /// Block YAML through `BlockYAMLEventSource` (nil when it gives up): on two threads from
    /// `FeatureSplit.minimumBytes` on.
    package static func fastLoadBlockYAML(bytes: UnsafeBufferPointer<UInt8>, file: String) -> LoadedRegistry? {
        if bytes.count >= FeatureSplit.minimumBytes {
            return FastRegistryDecoder<BlockYAMLEventSource>.decode(bytes, file: file, cut: { FeatureSplit.yaml($0) })
        }
        guard let source = BlockYAMLEventSource(bytes: bytes, file: file) else { return nil }
        return FastRegistryDecoder.decode(source)
    }

    /// A regular file's bytes in a buffer the caller gives back with `release`; nil when it cannot be read whole
    /// (then the text path reads it and says why). Pages made at once on Linux (`FileBytes.mapped`).
    package static func contents(of file: String) -> UnsafeMutableBufferPointer<UInt8>? {
        FileBytes.mapped(file)
    }

    /// Gives back what `contents(of:)` returned.
    package static func release(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        FileBytes.release(bytes)
    }

    /// The positioned reader: a `RawNode` tree with every node's location, then the schema, collecting
    /// every problem.
    package func positionedLoad(text: String, file: String, isJSON: Bool) throws(InputError) -> Registry {
        let root: RawNode?
        root = isJSON ? try JSONReader.read(text, file: file) : try YAMLReader.read(text, file: file)
        guard let root else {
            throw InputError([Diagnostic(.error, "the registry is empty: it needs at least 'navgraph: \(RegistryLoader.schemaVersion)'", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        var reader = SchemaReader()
        let registry = RegistryDecoder.decode(root, reader: &reader)
        if !reader.diagnostics.isEmpty {
            throw InputError(reader.diagnostics.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) })
        }
        return registry
    }
}

import Foundation
import Yams

/// Targets of an XcodeGen spec (`project.yml`, `project.yaml`): many teams keep the spec in git and
/// generate the Xcode project, which is not committed. Read with Yams, never run: `targets:` maps
/// each name to its `type` (`application`, `framework`, `library.static`, `bundle.unit-test`,
/// `app-extension`, …) and `sources` (a path, a list of paths, or of `{path: …}` mappings), relative
/// to the spec's folder. A YAML file that is no XcodeGen spec (no `targets:` mapping of mappings) has
/// no targets; `include:`d specs and `targetTemplates` are not read (their targets' files get the
/// folder module).
enum XcodeGenReader {
    static func isSpecName(_ name: String) -> Bool { name == "project.yml" || name == "project.yaml" }

    static func targets(_ path: String) -> Result<[ProjectTarget], ManifestError> {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return .failure(ManifestError(message: "cannot read \(path)"))
        }
        let document: Any?
        do {
            document = try Yams.load(yaml: text)
        } catch {
            return .failure(ManifestError(message: "\(path) is not readable YAML"))
        }
        guard let spec = document as? [String: Any], let targets = spec["targets"] as? [String: Any] else { return .success([]) }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        var out: [ProjectTarget] = []
        for name in targets.keys.sorted() {
            guard let t = targets[name] as? [String: Any] else { continue }
            let type = t["type"] as? String ?? ""
            var target = ProjectTarget(name: name, kind: kind(of: type), manifest: path)
            target.isExtension = type.contains("extension")
            target.prefixes = sources(t["sources"]).map { ProjectModel.prefix(ofGlob: $0, base: base) }
            if !target.prefixes.isEmpty { out.append(target) }
        }
        return .success(out)
    }

    /// XcodeGen's product types by what a scan needs of them.
    static func kind(of type: String) -> ProjectTarget.Kind {
        if type.hasPrefix("bundle.unit-test") || type.hasPrefix("bundle.ui-testing") { return .test }
        if type == "application" || type.hasPrefix("application.") || type.contains("extension") || type.hasPrefix("watchapp") { return .app }
        if type.hasPrefix("framework") || type.hasPrefix("library") || type == "bundle" { return .library }
        return .other
    }

    /// `sources: App`, `sources: [App, Shared]`, `sources: [{path: App, excludes: […]}]`.
    static func sources(_ value: Any?) -> [String] {
        if let s = value as? String { return [s] }
        guard let list = value as? [Any] else { return [] }
        return list.compactMap { item in
            if let s = item as? String { return s }
            return (item as? [String: Any])?["path"] as? String
        }
    }
}

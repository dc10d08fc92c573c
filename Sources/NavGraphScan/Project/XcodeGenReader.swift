import Foundation
import NavGraphPlatform
import Yams

/// Targets of an XcodeGen spec (`project.yml`, `project.yaml`): many teams keep the spec in git and
/// generate the Xcode project, which is not committed. Read with Yams, never run: `targets:` maps
/// each name to its `type` (`application`, `framework`, `library.static`, `bundle.unit-test`,
/// `app-extension`, …) and `sources` (a path, a list of paths, or of `{path: …}` mappings), relative
/// to the spec's folder. A YAML file that is no XcodeGen spec (no `targets:` mapping of mappings) has
/// no targets.
///
/// As XcodeGen reads them: `include:` (a path or `{path: …, relativePaths: …}`, each a spec merged
/// under the including one, mappings key by key, its paths relative to its own folder unless
/// `relativePaths: false`; nested includes followed up to `maxIncludeDepth`, a cycle read once), and
/// `targetTemplates` (a target's `templates: [Name]` merged under the target, templates of templates
/// too, `${target_name}` replaced by the target's name). An included file that cannot be read makes
/// the whole spec unreadable (a warning: its files get no module), never a guess.
enum XcodeGenReader {
    static func isSpecName(_ name: String) -> Bool { name == "project.yml" || name == "project.yaml" }

    /// How deep `include:` is followed (XcodeGen sets no bound; a spec including itself would not end).
    static let maxIncludeDepth = 8

    /// A spec's targets and the files it included, each with its stat taken before it was read (so a
    /// cached plan can tell when one of them changes).
    struct Spec {
        var targets: [ProjectTarget] = []
        var included: [(path: String, status: FileStatus?)] = []
    }

    static func targets(_ path: String) -> Result<[ProjectTarget], ManifestError> {
        read(path).map(\.targets)
    }

    static func read(_ path: String) -> Result<Spec, ManifestError> {
        var spec = Spec()
        let merged: [String: Any]
        switch load(path, depth: 0, reading: [], into: &spec) {
        case .failure(let e): return .failure(e)
        case .success(let d): merged = d
        }
        guard let targets = merged["targets"] as? [String: Any] else { return .success(spec) }
        let templates = merged["targetTemplates"] as? [String: Any] ?? [:]
        for name in targets.keys.sorted() {
            guard var t = targets[name] as? [String: Any] else { continue }
            t = applyingTemplates(t, templates, targetName: name, depth: 0)
            let type = t["type"] as? String ?? ""
            var target = ProjectTarget(name: name, kind: kind(of: type), manifest: path)
            target.isExtension = type.contains("extension")
            target.prefixes = sources(t["sources"]).map { ProjectModel.prefix(ofGlob: $0, base: "") }
            if !target.prefixes.isEmpty { spec.targets.append(target) }
        }
        return .success(spec)
    }

    /// The spec at `path` with its includes merged under it, every target's and template's `sources`
    /// made absolute (relative to the file that wrote them, or to `root` when an include says
    /// `relativePaths: false`).
    private static func load(
        _ path: String, depth: Int, reading: Set<String>, root: String? = nil, into spec: inout Spec
    ) -> Result<[String: Any], ManifestError> {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return .failure(ManifestError(message: "cannot read \(path)"))
        }
        let document: Any?
        do {
            document = try Yams.load(yaml: text)
        } catch {
            return .failure(ManifestError(message: "\(path) is not readable YAML"))
        }
        guard var dict = document as? [String: Any] else { return .success([:]) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        let base = root ?? folder
        for key in ["targets", "targetTemplates"] {
            guard var entries = dict[key] as? [String: Any] else { continue }
            for (name, value) in entries {
                guard var t = value as? [String: Any], let s = t["sources"] else { continue }
                t["sources"] = absoluteSources(s, base: base)
                entries[name] = t
            }
            dict[key] = entries
        }
        var merged: [String: Any] = [:]
        for item in includes(dict["include"]) {
            let included = URL(fileURLWithPath: item.path.hasPrefix("/") ? item.path : folder + "/" + item.path).standardizedFileURL.path
            guard !reading.contains(included), included != path else { continue }
            guard depth < maxIncludeDepth else {
                return .failure(ManifestError(message: "\(path) includes specs more than \(maxIncludeDepth) deep"))
            }
            spec.included.append((included, FileStatus.of(included)))
            switch load(included, depth: depth + 1, reading: reading.union([path]), root: item.relative ? nil : base, into: &spec) {
            case .failure(let e): return .failure(e)
            case .success(let d): merged = merging(d, under: merged)
            }
        }
        dict.removeValue(forKey: "include")
        return .success(merging(dict, under: merged))
    }

    /// `include: base.yml`, `include: [a.yml, {path: b.yml, relativePaths: false}]`.
    private static func includes(_ value: Any?) -> [(path: String, relative: Bool)] {
        let list: [Any] = (value as? [Any]) ?? (value.map { [$0] } ?? [])
        return list.compactMap { item in
            if let s = item as? String { return (s, true) }
            guard let d = item as? [String: Any], let p = d["path"] as? String else { return nil }
            return (p, d["relativePaths"] as? Bool ?? true)
        }
    }

    /// XcodeGen's merge: mappings key by key (recursively), any other value replaced by `top`'s.
    static func merging(_ top: [String: Any], under bottom: [String: Any]) -> [String: Any] {
        var out = bottom
        for (k, v) in top {
            if let a = out[k] as? [String: Any], let b = v as? [String: Any] {
                out[k] = merging(b, under: a)
            } else {
                out[k] = v
            }
        }
        return out
    }

    /// A target with its `templates` merged under it, in order (later templates over earlier ones),
    /// a template's own templates under it; `${target_name}` in the sources replaced.
    private static func applyingTemplates(_ target: [String: Any], _ templates: [String: Any], targetName: String, depth: Int) -> [String: Any] {
        let names = target["templates"] as? [String] ?? []
        guard !names.isEmpty, depth < maxIncludeDepth else { return substituted(target, targetName) }
        var base: [String: Any] = [:]
        for n in names {
            guard let t = templates[n] as? [String: Any] else { continue }
            base = merging(applyingTemplates(t, templates, targetName: targetName, depth: depth + 1), under: base)
        }
        var own = target
        own.removeValue(forKey: "templates")
        return substituted(merging(own, under: base), targetName)
    }

    private static func substituted(_ target: [String: Any], _ name: String) -> [String: Any] {
        guard let s = target["sources"] as? [String] else { return target }
        var out = target
        out["sources"] = s.map { $0.replacingOccurrences(of: "${target_name}", with: name) }
        return out
    }

    /// The sources as absolute path strings (the forms `sources(_:)` reads).
    private static func absoluteSources(_ value: Any, base: String) -> [String] {
        sources(value).map { $0.hasPrefix("/") ? $0 : base + "/" + $0 }
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

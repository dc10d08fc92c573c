import Foundation

/// Targets of an Xcode project: `project.pbxproj` is an OpenStep property list, which Foundation
/// reads on Linux too. From `rootObject` → `targets` → the sources build phase → files → the
/// group tree for paths; `productType` tells apps, frameworks and test bundles apart. Xcode 16
/// folders (`fileSystemSynchronizedGroups`) count as folder prefixes.
enum XcodeProjectReader {
    static func targets(pbxproj path: String) -> Result<[ProjectTarget], ManifestError> {
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(ManifestError(message: "cannot read \(path)")) }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            return .failure(ManifestError(message: "\(path) is not a readable Xcode project"))
        }
        guard let root = plist as? [String: Any], let objects = root["objects"] as? [String: Any],
              let rootID = root["rootObject"] as? String, let project = objects[rootID] as? [String: Any] else {
            return .failure(ManifestError(message: "\(path) has no project object"))
        }
        let projectDir = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent().path
        func object(_ id: Any?) -> [String: Any]? { (id as? String).flatMap { objects[$0] as? [String: Any] } }

        // Parent links of the group tree, for relative paths.
        var parent: [String: String] = [:]
        for (id, value) in objects {
            guard let o = value as? [String: Any], let children = o["children"] as? [String] else { continue }
            for c in children { parent[c] = id }
        }
        func fullPath(_ id: String) -> String? {
            guard let o = objects[id] as? [String: Any] else { return nil }
            let own = o["path"] as? String
            switch o["sourceTree"] as? String ?? "<group>" {
            case "<absolute>": return own
            case "SOURCE_ROOT": return own.map { projectDir + "/" + $0 } ?? projectDir
            case "<group>":
                let base: String
                if let p = parent[id] { guard let b = fullPath(p) else { return nil }; base = b } else { base = projectDir }
                return own.map { base + "/" + $0 } ?? base
            default: return nil
            }
        }

        var out: [ProjectTarget] = []
        for tid in project["targets"] as? [String] ?? [] {
            guard let t = object(tid), let name = t["name"] as? String else { continue }
            let type = t["productType"] as? String ?? ""
            let kind: ProjectTarget.Kind
            if type.contains("unit-test") || type.contains("ui-testing") { kind = .test }
            else if type.hasSuffix(".application") || type.contains("application.") || type.contains("app-extension") { kind = .app }
            else if type.contains("framework") || type.contains("library") { kind = .library }
            else { kind = .other }
            var target = ProjectTarget(name: name, kind: kind, manifest: path)
            target.isExtension = kind == .app && type.contains("extension")
            for phaseID in t["buildPhases"] as? [String] ?? [] {
                guard let phase = object(phaseID), phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
                for bf in phase["files"] as? [String] ?? [] {
                    guard let ref = object(bf)?["fileRef"] as? String, let p = fullPath(ref) else { continue }
                    target.files.insert(URL(fileURLWithPath: p).standardizedFileURL.path)
                }
            }
            for g in t["fileSystemSynchronizedGroups"] as? [String] ?? [] {
                if let p = fullPath(g) { target.prefixes.append(URL(fileURLWithPath: p).standardizedFileURL.path) }
            }
            out.append(target)
        }
        return .success(out)
    }
}

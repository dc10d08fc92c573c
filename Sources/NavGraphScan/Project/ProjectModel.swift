import Foundation
import NavGraphKit

/// One build target of the app: an app, a library/framework, or tests, with the files it builds.
public struct ProjectTarget: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case app, library, test, other
    }

    public var name: String
    public var kind: Kind
    /// The manifest that declares it (`App.xcodeproj`, `Package.swift`, `X.podspec`, `Project.swift`).
    public var manifest: String
    /// Files listed one by one (Xcode projects): absolute, standardized paths.
    var files: Set<String> = []
    /// Folders (or single files) whose Swift files it builds: absolute paths, no trailing slash.
    var prefixes: [String] = []
}

/// The targets the project's manifests declare, read without building or running anything:
/// Xcode projects (`project.pbxproj`), SwiftPM manifests (with custom `path:`), CocoaPods podspecs
/// and Tuist `Project.swift`. Files a target lists are the truth; folders are a guess.
public struct ProjectModel: Sendable {
    public private(set) var targets: [ProjectTarget] = []
    var warnings: [ScanWarning] = []

    init() {}

    /// Reads every manifest under `roots` (hidden folders, `Pods`, `Carthage`, `DerivedData` and
    /// `.build` skipped).
    static func discover(roots: [String]) -> ProjectModel {
        var model = ProjectModel()
        for root in roots {
            for manifest in manifests(under: root) {
                if manifest.hasSuffix("project.pbxproj") {
                    model.read(XcodeProjectReader.targets(pbxproj: manifest), from: manifest)
                } else if manifest.hasSuffix(".podspec") {
                    model.read(ManifestReader.podspecTargets(manifest), from: manifest)
                } else if manifest.hasSuffix("Package.swift") {
                    model.read(ManifestReader.packageTargets(manifest), from: manifest)
                } else if manifest.hasSuffix("Project.swift") {
                    model.read(ManifestReader.tuistTargets(manifest), from: manifest)
                }
            }
        }
        model.targets.sort { ($0.manifest, $0.name) < ($1.manifest, $1.name) }
        return model
    }

    private mutating func read(_ result: Result<[ProjectTarget], ManifestError>, from manifest: String) {
        switch result {
        case .success(let t): targets += t
        case .failure(let e):
            warnings.append(ScanWarning(.projectUnreadable, "\(e.message); its targets are guessed from folders", at: SourceLocation(file: manifest, line: 1, column: 1)))
        }
    }

    /// The target that builds a file: a target that lists it, else the one with the longest folder
    /// prefix; among several, apps and libraries before tests.
    func target(of absolutePath: String) -> ProjectTarget? {
        var best: (rank: Int, length: Int, target: ProjectTarget)?
        for t in targets {
            var length = -1
            if t.files.contains(absolutePath) {
                length = Int.max
            } else {
                for p in t.prefixes where absolutePath == p || absolutePath.hasPrefix(p + "/") { length = max(length, p.count) }
            }
            guard length >= 0 else { continue }
            let rank = t.kind == .test ? 0 : 1
            if best == nil || (length, rank) > (best!.length, best!.rank) { best = (rank, length, t) }
        }
        return best?.target
    }

    static let skipped: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules", ".build", "build"]

    static func manifests(under root: String) -> [String] {
        var out: [String] = []
        var stack = [root]
        let fm = FileManager.default
        while let dir = stack.popLast() {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") && !skipped.contains(name) {
                let path = dir + "/" + name
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDir) else { continue }
                if isDir.boolValue {
                    if name.hasSuffix(".xcodeproj") {
                        if fm.fileExists(atPath: path + "/project.pbxproj") { out.append(path + "/project.pbxproj") }
                    } else if !name.hasSuffix(".xcworkspace") && !name.hasSuffix(".xcassets") {
                        stack.append(path)
                    }
                } else if name == "Package.swift" || name == "Project.swift" || name.hasSuffix(".podspec") {
                    out.append(path)
                }
            }
        }
        return out
    }

    /// `Sources/**/*.swift` → `Sources`; `App/Main.swift` → `App/Main.swift`; relative to `base`.
    static func prefix(ofGlob glob: String, base: String) -> String {
        var kept: [Substring] = []
        for part in glob.split(separator: "/") {
            if part.contains("*") || part.contains("{") || part.contains("?") || part.contains("[") { break }
            kept.append(part)
        }
        let rel = kept.joined(separator: "/")
        let joined = rel.hasPrefix("/") ? rel : (rel.isEmpty ? base : base + "/" + rel)
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}

struct ManifestError: Error {
    var message: String
}

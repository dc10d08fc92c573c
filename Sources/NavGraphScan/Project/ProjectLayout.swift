import Foundation
import NavGraphKit

/// How an app's repository is built, as `navgraph init` reports it: the manifests found (Xcode
/// projects, SwiftPM packages, Tuist projects, CocoaPods, XcodeGen specs), the targets they declare, and the
/// manifests that could not be read. The same reading as the scanner's (`ProjectModel`), so what
/// init says is what a scan uses.
public struct ProjectLayout: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case xcodeProject = "Xcode project"
        case xcodeWorkspace = "Xcode workspace"
        case swiftPackage = "Swift package"
        case tuist = "Tuist project"
        case cocoaPods = "CocoaPods"
        case xcodeGen = "XcodeGen spec"
    }

    /// One manifest, its path relative to the root.
    public struct Manifest: Hashable, Sendable {
        public var kind: Kind
        public var path: String
        /// The manifest could not be read (its problem is in `problems`; the scan guesses its targets from folders).
        public var unreadable = false
    }

    /// The manifests declaring an app target first, then by depth and path.
    public var manifests: [Manifest] = []
    /// Every target the manifests declare (sorted by manifest, then name).
    public var targets: [ProjectTarget] = []
    /// Manifests that could not be read, as the warnings a scan of the same folder gives (same
    /// message, location relative to the current directory): the rest is still read.
    public var problems: [Diagnostic] = []

    /// The app targets, sorted, without repeats.
    public var appTargets: [String] { Array(Set(targets.filter { $0.kind == .app }.map(\.name))).sorted() }

    /// Reads the manifests under `root` (the scanner's walk: hidden folders, `Pods`, `Carthage`,
    /// `DerivedData` and `.build` skipped), plus what only sits at the root: a `Podfile`, an
    /// `.xcworkspace`, Tuist's `Tuist/` folder or `Workspace.swift`. Cost: one walk of the tree
    /// (the scanner's), and one read of each manifest.
    public static func read(root: String) -> ProjectLayout {
        let fm = FileManager.default
        let cwd = fm.currentDirectoryPath
        let absolute = SwiftSourceScanner.absolute(root, cwd: cwd)
        let model = ProjectModel.discover(roots: [absolute])
        var layout = ProjectLayout()
        layout.targets = model.targets
        layout.problems = model.warnings.map { w in
            var w = w
            w.location = w.location.map { SourceLocation(file: SwiftSourceScanner.display($0.file, cwd: cwd), line: $0.line, column: $0.column) }
            return w.diagnostic(strict: false)
        }
        func relative(_ path: String) -> String {
            path.hasPrefix(absolute + "/") ? String(path.dropFirst(absolute.count + 1)) : path
        }
        let unreadable = Set(model.warnings.compactMap { $0.location?.file })
        var found = Set<Manifest>()
        for m in ProjectModel.manifests(under: absolute) {
            let rel = relative(m), bad = unreadable.contains(m)
            if m.hasSuffix("/project.pbxproj") {
                found.insert(Manifest(kind: .xcodeProject, path: (rel as NSString).deletingLastPathComponent, unreadable: bad))
            } else if m.hasSuffix(".podspec") {
                found.insert(Manifest(kind: .cocoaPods, path: rel, unreadable: bad))
            } else if m.hasSuffix("Package.swift") {
                found.insert(Manifest(kind: .swiftPackage, path: rel, unreadable: bad))
            } else if m.hasSuffix("Project.swift") {
                found.insert(Manifest(kind: .tuist, path: rel, unreadable: bad))
            } else if XcodeGenReader.isSpecName((m as NSString).lastPathComponent), bad || model.targets.contains(where: { $0.manifest == m }) {
                // A `project.yml` that declares no target is some other YAML file, not a spec.
                found.insert(Manifest(kind: .xcodeGen, path: rel, unreadable: bad))
            }
        }
        let rootNames = (try? fm.contentsOfDirectory(atPath: absolute)) ?? []
        for name in rootNames {
            if name == "Podfile" { found.insert(Manifest(kind: .cocoaPods, path: name)) }
            if name == "Workspace.swift" || name == "Tuist" { found.insert(Manifest(kind: .tuist, path: name)) }
            if name.hasSuffix(".xcworkspace") { found.insert(Manifest(kind: .xcodeWorkspace, path: name)) }
        }
        // The app's own manifests first (those declaring an app target), then the shallowest.
        let appManifests = Set(model.targets.filter { $0.kind == .app }.map { relative($0.manifest) })
        func key(_ m: Manifest) -> (Int, Int, String, String) {
            let declaresApp = appManifests.contains(m.path) || appManifests.contains(m.path + "/project.pbxproj")
            return (declaresApp ? 0 : 1, m.path.split(separator: "/").count, m.path, m.kind.rawValue)
        }
        layout.manifests = found.sorted { key($0) < key($1) }
        return layout
    }
}

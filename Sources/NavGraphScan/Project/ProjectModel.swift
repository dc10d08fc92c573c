import Foundation
import NavGraphKit
import NavGraphPlatform

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
    /// An app extension (a widget, an Intents UI): of kind `app`, but not the app a scan chooses
    /// over an application whose name looks like a demo's (`SwiftSourceScanner.chooseApps`).
    public var isExtension = false
}

/// The targets the project's manifests declare, read without building or running anything:
/// Xcode projects (`project.pbxproj`), SwiftPM manifests (with custom `path:`), CocoaPods podspecs,
/// Tuist `Project.swift` and XcodeGen `project.yml`. Files a target lists are the truth; folders are a guess.
public struct ProjectModel: Sendable {
    public private(set) var targets: [ProjectTarget] = []
    /// Swift files that describe the project, not the app (Tuist's `Project.swift`, `Workspace.swift` and
    /// `ProjectDescriptionHelpers`): absolute paths the scan leaves out, as it leaves out `Package.swift`.
    private(set) var manifestSources: Set<String> = []
    var warnings: [ScanWarning] = []
    /// `target(of:)`'s tables, made once `discover` has every target.
    private var lookup = TargetLookup([])
    /// Every manifest found, with its status taken before it was read (nil: none taken, or it
    /// could not be read): what `ScanPlanCache` checks before trusting a remembered project.
    private(set) var manifestStatuses: [(path: String, status: FileStatus?)] = []

    init() {}

    /// Reads every manifest under `roots` (hidden folders, `Pods`, `Carthage`, `DerivedData` and
    /// `.build` skipped), and Tuist's `ProjectDescriptionHelpers` for the targets its helpers make.
    ///
    /// With `cache`, targets come from `ProjectCache` when no manifest (helpers included) changed since
    /// the last scan. With `record`, the folders the walk read are noted there.
    static func discover(roots: [String], cache: ScanCacheOptions? = nil, record: WalkRecord? = nil) -> ProjectModel {
        var model = ProjectModel()
        let found = roots.flatMap { manifests(under: $0, record: record) }
        // Tuist's ProjectDescriptionHelpers (functions that make targets for the Project.swift files), and
        // the Project.swift files that are Tuist's (they import ProjectDescription; an app may have a model
        // of that name): project description, not app sources.
        let helperFiles = found.filter { $0.contains("/ProjectDescriptionHelpers/") }
        let tuistManifests = Set(found.filter { ($0.hasSuffix("/Project.swift") || $0.hasSuffix("/Workspace.swift")) && ManifestReader.importsProjectDescription($0) })
        for f in helperFiles + tuistManifests.sorted() { model.manifestSources.insert(URL(fileURLWithPath: f).standardizedFileURL.path) }
        let stamp = StatTable.clock()
        let statuses = cache == nil ? [] : found.map { FileStatus.of($0) }
        model.manifestStatuses = cache == nil ? [] : Array(zip(found, statuses)).map { (path: $0.0, status: $0.1) }
        if let cache, let targets = ProjectCache.targets(cache, roots: roots, manifests: found) {
            model.targets = targets
            model.lookup = TargetLookup(model.targets)
            return model
        }
        let helpers = ManifestReader.TuistHelpers(files: helperFiles)
        for manifest in found where !manifest.contains("/ProjectDescriptionHelpers/") {
            if manifest.hasSuffix("project.pbxproj") {
                model.read(XcodeProjectReader.targets(pbxproj: manifest), from: manifest)
            } else if manifest.hasSuffix(".podspec") {
                model.read(ManifestReader.podspecTargets(manifest), from: manifest)
            } else if manifest.hasSuffix("Package.swift") {
                model.read(ManifestReader.packageTargets(manifest), from: manifest)
            } else if XcodeGenReader.isSpecName(URL(fileURLWithPath: manifest).lastPathComponent) {
                let spec = XcodeGenReader.read(manifest)
                model.read(spec.map(\.targets), from: manifest)
                // The specs it includes are manifests too: a cached plan checks their stats.
                if cache != nil, case .success(let s) = spec { model.manifestStatuses += s.included }
            } else if manifest.hasSuffix("/Project.swift"), tuistManifests.contains(manifest) {
                model.read(ManifestReader.tuistTargets(manifest, helpers: helpers), from: manifest)
            }
        }
        model.targets.sort { ($0.manifest, $0.name) < ($1.manifest, $1.name) }
        model.lookup = TargetLookup(model.targets)
        // Not stored when a spec included others: `ProjectCache` checks the manifests the walk finds.
        if let cache, model.warnings.isEmpty, model.manifestStatuses.count == found.count {
            ProjectCache.store(cache, roots: roots, manifests: found, statuses: statuses, stamp: stamp, targets: model.targets)
        }
        return model
    }

    private mutating func read(_ result: Result<[ProjectTarget], ManifestError>, from manifest: String) {
        switch result {
        case .success(let t): targets += t
        case .failure(let e):
            warnings.append(ScanWarning(.projectUnreadable, "\(e.message); the files it builds have no module", at: SourceLocation(file: manifest, line: 1, column: 1)))
        }
    }

    /// The target that builds a file: a target that lists it, else the one with the longest folder
    /// prefix; among several, apps and libraries before tests (then the first in `targets`).
    ///
    /// Cost: one hash lookup for the listed files and one per folder above the file (its path's
    /// depth), whatever the number of targets; the tables are made once, O(total files + prefixes).
    /// (Trying every target per file made a re-scan of a 2,001-target app spend 60 % of its time here.)
    func target(of absolutePath: String) -> ProjectTarget? {
        lookup.target(of: absolutePath).map { targets[$0] }
    }

    static let skipped: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules", ".build", "build"]

    static func manifests(under root: String, record: WalkRecord? = nil) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        DirectoryWalk.walk(root, sortedNames: true, record: record) { dir, name, path, isDirectory in
            guard !skipped.contains(name), let isDirectory else { return false }
            if isDirectory {
                if name.hasSuffix(".xcodeproj") {
                    // Not walked, only asked for its `project.pbxproj`: a project file added or
                    // removed changes this folder.
                    record?.note(directory: path, DirectoryEntries.list(path).map { WalkRecord.Listed(status: $0.status, entries: $0.entries) })
                    if fm.fileExists(atPath: path + "/project.pbxproj") { out.append(path + "/project.pbxproj") }
                    return false
                }
                return !name.hasSuffix(".xcworkspace") && !name.hasSuffix(".xcassets")
            }
            if name == "Package.swift" || name == "Project.swift" || name == "Workspace.swift" || name.hasSuffix(".podspec") || XcodeGenReader.isSpecName(name) {
                out.append(path)
            } else if name.hasSuffix(".swift"), dir.hasSuffix("/ProjectDescriptionHelpers") || dir.contains("/ProjectDescriptionHelpers/") {
                out.append(path)
            }
            return false
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
        let rel = (glob.hasPrefix("/") ? "/" : "") + kept.joined(separator: "/")
        let joined = rel.hasPrefix("/") ? rel : (rel.isEmpty ? base : base + "/" + rel)
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}

struct ManifestError: Error {
    var message: String
}

/// `ProjectModel.target(of:)`'s tables: which targets list a file, and which build a folder.
struct TargetLookup: Sendable {
    /// A listed file → the best target listing it (tests last, then the first in order).
    private var listed: [String: Int] = [:]
    /// A prefix → the best target building it.
    private var prefixed: [String: Int] = [:]

    init(_ targets: [ProjectTarget]) {
        func better(_ new: Int, than old: Int?) -> Bool {
            guard let old else { return true }
            return targets[new].kind != .test && targets[old].kind == .test
        }
        for (i, t) in targets.enumerated() {
            for f in t.files where better(i, than: listed[f]) { listed[f] = i }
            for p in Set(t.prefixes) where better(i, than: prefixed[p]) { prefixed[p] = i }
        }
    }

    /// The index of the target building `path`.
    func target(of path: String) -> Int? {
        if let i = listed[path] { return i }
        // The path itself, then each folder above it, longest first: the first prefix found is the longest.
        var end = path.endIndex
        while true {
            if let i = prefixed[String(path[..<end])] { return i }
            guard let slash = path[..<end].lastIndex(of: "/") else { return nil }
            end = slash
        }
    }
}

import NavGraphKit
import NavGraphScan

/// What `navgraph init` found in an app's repository and the files it would write there: a plain
/// value, made by `InitPlanner` without writing anything. The command line prints it and writes
/// the files whose `status` says so.
public struct InitPlan: Sendable {
    /// The repository folder, as given.
    public var root: String
    public var detection: InitDetection
    /// In writing order: the configuration, the baseline, the CI jobs.
    public var files: [InitFile]
    /// Problems that did not stop init (an unreadable project file, scan warnings, a kept
    /// configuration that names no baseline), in the order found.
    public var warnings: [Diagnostic]
    /// What to run next, in the repository folder.
    public var nextCommands: [InitCommandLine]

    /// The files that would change the repository (new ones, and replaced ones with `--force`).
    public var filesToWrite: [InitFile] { files.filter { $0.status == .create || $0.status == .replace } }
}

/// One file init would write, its path relative to the repository folder.
public struct InitFile: Sendable, Equatable {
    public enum Purpose: String, Sendable {
        case configuration, baseline, ciJob = "CI job"
    }

    /// What writing it does to the repository.
    public enum Status: String, Sendable {
        /// The file does not exist: it is written.
        case create
        /// The file exists with exactly these bytes: nothing to do.
        case unchanged
        /// The file exists with other bytes and `--force` was not given: it is kept as it is.
        case keep
        /// The file exists with other bytes and `--force` was given: it is replaced.
        case replace
    }

    public var path: String
    public var purpose: Purpose
    public var contents: String
    public var status: Status
    /// One line about it (`1 finding`, `include it from .gitlab-ci.yml`).
    public var note: String?
}

/// A command to run after init, with why.
public struct InitCommandLine: Sendable, Equatable {
    public var command: String
    public var why: String
}

/// A CI system init writes a job for.
public enum CISystem: String, Sendable, CaseIterable {
    case githubActions = "GitHub Actions"
    case gitlab = "GitLab CI"
    case bitrise = "Bitrise"
    case fastlane = "fastlane"
}

/// What init read from the repository.
public struct InitDetection: Sendable {
    /// The routing styles the scan found.
    public var styles: [RoutingStyle]
    /// Manifests (Xcode projects, packages, Tuist, CocoaPods).
    public var layout: ProjectLayout
    /// The app targets the manifests declare.
    public var appTargets: [String]
    /// The app target whose graph is checked, when it is decided (the only app target, or the one
    /// the scan picks among several); nil for a project that declares no app target.
    public var appTarget: String?
    /// Flags the code reads, sorted by name.
    public var flags: [FeatureFlag]
    /// The scan's summary line (files, features, routes, call sites).
    public var scan: ScanSummary
    /// Today's findings under the configuration the check will use, before the baseline.
    public var findings: [Finding]
    /// The CI systems found (`.github/`, `.gitlab-ci.yml`, `bitrise.yml`, `fastlane/Fastfile`).
    public var ciFound: [CISystem]
    /// CI systems found that init writes no job for (`Travis CI (.travis.yml)`).
    public var otherCI: [String]
    /// The CI systems jobs are planned for: those found, else GitHub Actions.
    public var ciPlanned: [CISystem]
    /// Whether the configuration that `check` will read is one already in the repository (kept).
    public var keptConfiguration: Bool
    /// The scanner settings of a `.navgraph.yml` already there (renamed protocols, module maps, …),
    /// without `styles` and `target`, which init detects: the detection scan reads them, and the
    /// planned configuration keeps them. Empty without such a file.
    public var scanSettings: [(key: String, value: RawNode)] = []
}

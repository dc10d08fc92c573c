import Foundation
import NavGraphKit
import NavGraphScan

/// `navgraph init`'s work, without writing anything: reads an app's repository (routing styles,
/// project layout, app target, flags, CI) and plans `.navgraph.yml`, a baseline of today's
/// findings and a CI job, each with what writing it would do to the files already there.
///
/// The baseline is made by the pipeline `check` runs, under the configuration `check` will read
/// (the planned one, or the one kept in the repository), so `navgraph check` there exits 0 and a
/// second plan of the same repository plans the same bytes.
public enum InitPlanner {
    public struct Options: Sendable {
        /// Replace files that exist with other contents (otherwise they are kept).
        public var force: Bool
        /// The git repository the CI jobs get navgraph from (`InitCIJobs.defaultRepository` when nil).
        public var repository: String?
        public init(force: Bool = false, repository: String? = nil) {
            self.force = force
            self.repository = repository
        }
    }

    /// Plans init for the repository at `root`. Cost: two scans of its sources (one to detect, one
    /// under the configuration check will read) and one run of the checks.
    public static func plan(root: String, options: Options = .init()) throws(InitError) -> InitPlan {
        var (detection, warnings) = try detect(root: root)

        // The configuration check will read: the planned one, or the one already there when it is kept.
        let configText = InitConfiguration.text(detection)
        let configPath = path(InitConfiguration.fileName, in: root)
        let configStatus = status(of: configPath, planned: configText, force: options.force)
        detection.keptConfiguration = configStatus == .keep
        var configuration: Configuration
        do {
            var loaded: [Diagnostic]
            if detection.keptConfiguration {
                (configuration, loaded) = try ConfigurationLoader.load(file: configPath)
            } else {
                (configuration, loaded) = try ConfigurationLoader.load(text: configText, file: configPath)
                configuration = ConfigurationLoader.resolvingPaths(configuration, file: configPath)
            }
            warnings += loaded
        } catch {
            throw .input(warnings + error.diagnostics)
        }
        if configuration.baseline == nil {
            warnings.append(Diagnostic(
                .warning, "the existing \(InitConfiguration.fileName) names no baseline: add 'baseline: \(InitConfiguration.baselineName)' to it (or re-run with --force) so that check uses the one written",
                at: SourceLocation(file: configPath, line: 1, column: 1)))
        }

        // Today's findings, as check finds them under that configuration.
        do {
            let analysis = try Pipeline.analyze(Pipeline.Request(configuration: Configuration.defaults.applying(configuration)))
            detection.findings = analysis.findings()
            warnings += analysis.warnings
        } catch let error as InputError {
            throw .input(warnings + error.diagnostics)
        } catch {
            throw .input(warnings + [Diagnostic(.error, "\(error)", at: SourceLocation(file: configPath, line: 1, column: 1))])
        }

        var files: [InitFile] = []
        func add(_ file: String, _ purpose: InitFile.Purpose, _ text: String, note: String?) {
            let st = file == configPath ? configStatus : status(of: file, planned: text, force: options.force)
            files.append(InitFile(path: relative(file, to: root), purpose: purpose, contents: text, status: st, note: note))
        }
        add(configPath, .configuration, configText, note: nil)
        let baseline = Baseline(findings: detection.findings)
        let entries = baseline.entries.count
        add(configuration.baseline ?? path(InitConfiguration.baselineName, in: root), .baseline, baseline.json,
            note: entries == 0 ? "empty: no findings today" : "\(entries) finding\(entries == 1 ? "" : "s") accepted")
        let (jobs, jobWarnings) = ciJobs(detection, root: root, repository: options.repository)
        for job in jobs { add(path(job.path, in: root), .ciJob, job.text, note: job.note) }
        warnings += jobWarnings
        return InitPlan(root: root, detection: detection, files: files, warnings: warnings, nextCommands: nextCommands(detection, files: files))
    }

    /// What the repository is: its layout, the scan's styles, app target and flags, its CI. Scan
    /// warnings (a project file that cannot be read among them, once) come back as warnings.
    static func detect(root: String) throws(InitError) -> (InitDetection, [Diagnostic]) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir), isDir.boolValue else { throw .notAFolder(root) }
        guard InputLoader.containsSwift(root) else { throw .noSwiftSources(root) }
        let layout = ProjectLayout.read(root: root)
        var warnings = layout.problems
        let settings = existingScanSettings(root: root)
        // Every style and app target is looked for: the kept settings without styles and target, no cache.
        var setup = ScanSetup(section: settings.isEmpty ? nil : .mapping(
            settings.map { (key: RawNode.scalar($0.key, plain: true, at: $0.value.location), value: $0.value) },
            at: SourceLocation(file: path(InitConfiguration.fileName, in: root), line: 1, column: 1)), strict: false)
        setup.configuration.styles = []
        setup.configuration.target = nil
        let scanned: ScanResult
        do {
            scanned = try setup.scanner(for: [root], cache: ScanCacheChoice(enabled: false)).scan(paths: [root])
        } catch let error as InputError {
            if error.diagnostics.contains(where: SwiftSourceScanner.isNoRouting) { throw .noRouting(root, warnings) }
            throw .input(warnings + error.diagnostics)
        } catch {
            throw .input(warnings + [Diagnostic(.error, "the scan failed: \(error)", at: nil)])
        }
        let scanErrors = scanned.diagnostics.filter { $0.severity == .error }
        if !scanErrors.isEmpty { throw .input(warnings + scanErrors) }
        let known = Set(layout.problems)
        warnings += scanned.diagnostics.filter { !known.contains($0) }

        let summary = scanned.summary
        let ciFound = InitCIJobs.detect(root: root)
        let detection = InitDetection(
            styles: summary.styles, layout: layout, appTargets: summary.appTargets,
            appTarget: summary.target ?? (summary.appTargets.count == 1 ? summary.appTargets[0] : nil),
            flags: scanned.registry.flags.sorted { $0.name < $1.name }, scan: summary, findings: [],
            ciFound: ciFound, otherCI: InitCIJobs.detectOthers(root: root), ciPlanned: ciFound.isEmpty ? [.githubActions] : ciFound,
            keptConfiguration: false, scanSettings: settings)
        return (detection, warnings)
    }

    /// The `scan:` keys of the `.navgraph.yml` already at `root`, but `styles` and `target`, when it
    /// loads and its scan section reads without error (otherwise none: the kept file's own problems
    /// are reported when it is loaded for the baseline).
    static func existingScanSettings(root: String) -> [(key: String, value: RawNode)] {
        let file = path(InitConfiguration.fileName, in: root)
        guard FileManager.default.fileExists(atPath: file),
              let scan = (try? ConfigurationLoader.load(file: file))?.configuration.scan,
              !ScanConfiguration.read(scan).diagnostics.contains(where: { $0.severity == .error }),
              case .mapping(let pairs, _) = scan else { return [] }
        return pairs.compactMap { pair in
            guard case .scalar(let key, _, _) = pair.key, key != "styles", key != "target" else { return nil }
            return (key, pair.value)
        }
    }

    /// The CI jobs of the planned systems (paths relative to the root), and a warning when the
    /// repository named for navgraph cannot be a GitHub Action.
    static func ciJobs(_ d: InitDetection, root: String, repository: String?) -> (jobs: [(path: String, text: String, note: String)], warnings: [Diagnostic]) {
        let repository = repository ?? InitCIJobs.defaultRepository
        var warnings: [Diagnostic] = []
        var action = InitCIJobs.githubAction(repository) ?? ""
        if action.isEmpty {
            action = InitCIJobs.githubAction(InitCIJobs.defaultRepository)!
            if d.ciPlanned.contains(.githubActions) {
                warnings.append(Diagnostic(
                    .warning, "\(repository) is not a repository on github.com, where a GitHub Action must live: the workflow uses \(action)", at: nil))
            }
        }
        let branch = InitCIJobs.defaultBranch(root: root)
        let jobs = d.ciPlanned.map { system in
            let job = InitCIJobs.job(for: system, defaultBranch: branch, repository: repository, action: action)
            return (job.path, job.text, job.note.map { "\(system.rawValue): \($0)" } ?? system.rawValue)
        }
        return (jobs, warnings)
    }

    /// Check, look, commit.
    static func nextCommands(_ d: InitDetection, files: [InitFile]) -> [InitCommandLine] {
        let paths = files.map { shellWord($0.path) }.joined(separator: " ")
        return [
            InitCommandLine(command: "navgraph check", why: d.findings.isEmpty
                ? "exit 0: no findings today; any new one fails"
                : "exit 0: today's \(count(d.findings)) are in the baseline; only new ones fail"),
            InitCommandLine(command: "navgraph render -f html -o navgraph-out", why: "the app's navigation as one page to click through"),
            InitCommandLine(command: "git add \(paths) && git commit -m \"Check navigation with navgraph\"", why: "CI runs the check from the next push"),
        ]
    }

    /// `s` as one shell word: as is when it is plainly safe, else single-quoted.
    static func shellWord(_ s: String) -> String {
        let safe = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._/-+"))
        if !s.isEmpty && s.unicodeScalars.allSatisfy({ $0.isASCII && safe.contains($0) }) { return s }
        return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `2 errors, 1 warning` (findings before the baseline), or `no findings`.
    public static func count(_ findings: [Finding]) -> String {
        if findings.isEmpty { return "no findings" }
        let e = findings.filter { $0.severity == .error }.count, w = findings.filter { $0.severity == .warning }.count
        let n = findings.count - e - w
        var s = "\(e) error\(e == 1 ? "" : "s"), \(w) warning\(w == 1 ? "" : "s")"
        if n > 0 { s += ", \(n) note\(n == 1 ? "" : "s")" }
        return s
    }

    static func path(_ name: String, in root: String) -> String {
        name.hasPrefix("/") ? name : (root as NSString).appendingPathComponent(name)
    }

    static func relative(_ file: String, to root: String) -> String {
        let base = (root as NSString).appendingPathComponent("")
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    /// What writing `planned` to `file` does: create it, nothing (same bytes), keep it, or replace it (`force`).
    static func status(of file: String, planned: String, force: Bool) -> InitFile.Status {
        guard let data = FileManager.default.contents(atPath: file) else {
            return FileManager.default.fileExists(atPath: file) ? (force ? .replace : .keep) : .create
        }
        if data == Data(planned.utf8) { return .unchanged }
        return force ? .replace : .keep
    }
}

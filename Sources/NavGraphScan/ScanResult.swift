import NavGraphKit

/// What a scan found: the registry, and every construct that looked like routing but could
/// not be read (warnings, or errors with `strict`), with its `file:line:col`.
public struct ScanResult: Hashable, Sendable {
    public var registry: Registry
    public var diagnostics: [Diagnostic]
    /// How many Swift files were parsed.
    public var fileCount: Int
    /// The honest totals of the scan (files read and skipped, elements, call sites resolved).
    public var summary = ScanSummary()
    /// Every navigation call site with how it was resolved, or why not (`--explain`).
    public var explanations: [CallSiteExplanation] = []
    /// What went wrong with the scan cache (a damaged pack, a folder that cannot be written): never
    /// an error, the scan parsed what it could not take from the cache.
    public var cacheNotes: [String] = []
    /// The registry as `RegistryWriter.yaml` writes it, when the scan made it
    /// (`ScanCacheOptions.keepsRegistryYAML`, and no errors): from the whole-scan entry on a hit.
    public var registryYAML: String?

    public init(registry: Registry, diagnostics: [Diagnostic], fileCount: Int = 0) {
        self.registry = registry
        self.diagnostics = diagnostics
        self.fileCount = fileCount
    }

    /// True when some diagnostic is an error (an unreadable file, or any warning under `strict`).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// One navigation call site and what the scanner made of it (`navgraph scan --explain`).
public struct CallSiteExplanation: Hashable, Sendable {
    /// `navigate`: a router call (`route` is a route id); `present`: a direct presentation
    /// (`route` is the screen presented, `written` is `style(value)`: `push(DetailViewController(…))`).
    public enum Kind: String, Hashable, Sendable { case navigate, present }

    public struct Resolved: Hashable, Sendable {
        public var route: String
        /// The features the edge is attributed to.
        public var features: [String]
        /// The call site that decided the route (the navigate call, or the outermost wrapper call).
        public var site: SourceLocation
        /// How the value was followed: wrappers, returns, closures.
        public var chain: [String]
    }

    public struct Unresolved: Hashable, Sendable {
        public var reason: String
        public var chain: [String]
        /// The route, when it is known and only where it is opened from is not (`navigate-unattributed`).
        public var route: String? = nil
    }

    public var location: SourceLocation
    public var kind: Kind
    /// The route argument as written (shortened).
    public var written: String
    public var resolved: [Resolved] = []
    public var unresolved: [Unresolved] = []
    /// The features whose construction reaches the call itself, where the scanner knows them (the
    /// `from:` of an unfollowed call; empty: unknown).
    public var callers: [String] = []

    public var isResolved: Bool { unresolved.isEmpty && !resolved.isEmpty }
}

/// What a scan read, left out and found: the one line every scan ends with.
public struct ScanSummary: Hashable, Sendable {
    public var filesRead = 0
    public var skippedTests = 0
    public var skippedVendored = 0
    public var skippedGenerated = 0
    /// Files in no target of the project, under a `Templates/` or `….xctemplate` folder: file
    /// templates that a generator or Xcode copies, not the app's code.
    public var skippedTemplates = 0
    /// Files of app targets other than the one scanned (demo and sample apps).
    public var skippedOtherTargets = 0
    /// Files read that no manifest's target builds (and no `--module-map` prefix names): their
    /// declarations have no module.
    public var filesWithoutTarget = 0
    /// Files whose module is their `Sources/<target>/` folder: the sources hold no project manifest.
    public var filesInLayoutModules = 0
    public var features = 0
    public var routes = 0
    public var handlers = 0
    public var edges = 0
    public var navigateCalls = 0
    public var navigateResolved = 0
    public var navigatePartly = 0
    /// `presents` edges (style `direct`), and the presentation calls explained (`--explain`): those
    /// that show a known screen, and those whose value is unknown at a screen's call site.
    public var directEdges = 0
    public var presentCalls = 0
    public var presentResolved = 0
    /// No entry point was found: every screen may be the first (`unfollowed:` of kind `entry`).
    public var noEntry = false
    public var appTargets: [String] = []
    /// The app target scanned, when the project has several.
    public var target: String?
    /// App targets analysed apart because they declare the same types (`AppPrograms`): each its own
    /// program, their registries merged with the names they share qualified by module.
    public var separateApps: [String] = []
    /// Framework names learnt from the sources (`feature protocol Builder`, …).
    public var learned: [String] = []
    /// The routing styles found (or asked for with `--style`).
    public var styles: [RoutingStyle] = []
    /// Files with syntax errors (old Swift, a half-written file): read as far as they parse.
    public var unparsedFiles: [String] = []
    /// Files whose facts came from the scan cache instead of a parse (not part of `line`).
    public var filesFromCache = 0
    /// The whole result came from the scan cache's whole-scan entry: the tree, its manifests and
    /// the configuration were unchanged, so nothing was parsed, indexed or assembled (not part of `line`).
    public var resultFromCache = false

    public init() {}

    public var navigateUnresolved: Int { navigateCalls - navigateResolved - navigatePartly }

    /// `scanned 62 files (skipped 12 test, 9 vendored): 4 features, 3 routes, 3 handlers, 5 edges; navigate calls: 6 resolved, 1 unresolved`
    public var line: String {
        var skipped: [String] = []
        if skippedTests > 0 { skipped.append("\(skippedTests) test") }
        if skippedVendored > 0 { skipped.append("\(skippedVendored) vendored") }
        if skippedGenerated > 0 { skipped.append("\(skippedGenerated) generated") }
        if skippedTemplates > 0 { skipped.append("\(skippedTemplates) template") }
        if skippedOtherTargets > 0 { skipped.append("\(skippedOtherTargets) of other app targets") }
        var s = "scanned \(filesRead) files"
        if !styles.isEmpty && styles != [.routerService] { s += " [" + styles.map(\.rawValue).joined(separator: ", ") + "]" }
        if let target { s += " of target \(target)" }
        if !separateApps.isEmpty { s += " of apps \(separateApps.joined(separator: ", ")) (each read apart: they declare the same types)" }
        if !skipped.isEmpty { s += " (skipped " + skipped.joined(separator: ", ") + ")" }
        s += ": \(features) features, \(routes) routes, \(handlers) handlers, \(edges) edges"
        if directEdges > 0 { s += " + \(directEdges) direct" }
        s += "; navigate calls: \(navigateResolved) resolved"
        if navigatePartly > 0 { s += ", \(navigatePartly) partly resolved" }
        s += ", \(navigateUnresolved) unresolved"
        if presentCalls > 0 { s += "; presentations: \(presentResolved) resolved, \(presentCalls - presentResolved) not" }
        if noEntry { s += "; no entry point found (no screen is proven unreachable)" }
        if filesInLayoutModules > 0 {
            s += "; no project manifest: modules from the Sources/<target> layout"
        }
        if filesWithoutTarget > 0 {
            s += filesWithoutTarget == filesRead
                ? "; no target found: no project manifest declares these files (no modules; --module-map names them)"
                : "; \(filesWithoutTarget) files in no target of the project's manifests (no module; --module-map names them)"
        }
        s += unparsedNote
        return s
    }

    /// `; the graph is partial: 1 navigate call not fully resolved, 2 presentations not followed (navgraph
    /// scan --explain)` for `check`'s summary, or "" when everything was followed: every kind of call the
    /// scan could not follow. Navigate calls are counted from the scan's totals when `check` scanned the
    /// sources, else from the registry's `unfollowed:` (the same calls: a registry a scan wrote says what
    /// it could not follow); presentations from `unfollowed:` either way.
    public static func partialNote(scan: ScanSummary?, unfollowed: [UnfollowedCall]) -> String {
        let navigate = scan.map { $0.navigateUnresolved + $0.navigatePartly } ?? unfollowed.filter { $0.kind == .navigate }.count
        let present = unfollowed.filter { $0.kind == .present }.count
        var parts: [String] = []
        if navigate > 0 { parts.append("\(navigate) navigate call\(navigate == 1 ? "" : "s") not fully resolved") }
        if present > 0 { parts.append("\(present) presentation\(present == 1 ? "" : "s") not followed") }
        return parts.isEmpty ? "" : "; the graph is partial: " + parts.joined(separator: ", ") + " (navgraph scan --explain)"
    }

    /// `; 2 files did not parse (read as far as they do): A.swift, B.swift` (the first five named).
    public var unparsedNote: String {
        guard !unparsedFiles.isEmpty else { return "" }
        let shown = unparsedFiles.prefix(5).joined(separator: ", ")
        let more = unparsedFiles.count > 5 ? " and \(unparsedFiles.count - 5) more" : ""
        let files = unparsedFiles.count == 1 ? "1 file did" : "\(unparsedFiles.count) files did"
        return "; \(files) not parse (read as far as they do): \(shown)\(more)"
    }
}

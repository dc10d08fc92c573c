import NavGraphKit

/// One navigation call's explanation as it is built, and the warnings it gives. Shared by the
/// RouterService extractor (`RegistryAssembler`) and the other styles (`StyleNavigations`), so that
/// `--explain` and the navigate-unresolved / -partly-resolved / -unattributed warnings read the same.
struct NavigationRecord {
    private(set) var explanation: CallSiteExplanation
    private(set) var warnings: [ScanWarning] = []
    /// Unresolved parts that another warning reports (an unattributed site, an unknown route type):
    /// not failures of the value flow.
    private var reportedElsewhere = Set<CallSiteExplanation.Unresolved>()
    private var targets = Set<String>()

    init(location: SourceLocation, written: String) {
        explanation = CallSiteExplanation(location: location, kind: .navigate, written: written)
    }

    mutating func setWritten(_ written: String) { explanation.written = written }

    /// The features whose construction reaches the call (for an unfollowed call's `from:`).
    mutating func setCallers(_ callers: [String]) { explanation.callers = callers.sorted() }

    /// A value the flow could not follow (`navigate-unresolved`, or `-partly-resolved` beside a resolved one).
    mutating func unfollowed(_ reason: String, chain: [String]) {
        explanation.unresolved.append(.init(reason: reason, chain: chain))
    }

    /// An unresolved part that `warning` reports instead (or a warning added once per call by the caller).
    mutating func reported(_ reason: String, chain: [String], route: String? = nil, warning: ScanWarning? = nil) {
        let u = CallSiteExplanation.Unresolved(reason: reason, chain: chain, route: route)
        explanation.unresolved.append(u)
        reportedElsewhere.insert(u)
        if let warning { warnings.append(warning) }
    }

    /// Whether this route at this site is new to the call (the same target found twice counts once).
    mutating func isNew(route: String, site: ValueResolver.Site) -> Bool {
        targets.insert("\(route)|\(site.location)").inserted
    }

    /// A target whose site no screen's build reaches: `"route 'r' is \(verb) from 'T', which \(owner)"`,
    /// warned as `navigate-unattributed`, never an edge.
    mutating func unattributed(route: String, site: ValueResolver.Site, chain: [String], verb: String, owner: String) {
        reported(
            "route '\(route)' is \(verb) from '\(site.enclosingTypes.first ?? "top-level code")', which \(owner)", chain: chain,
            route: route, warning: .navigateUnattributed(route, in: site.enclosingTypes.first, at: site.location))
    }

    mutating func resolved(route: String, features: [String], site: SourceLocation, chain: [String]) {
        explanation.resolved.append(.init(route: route, features: features, site: site, chain: chain))
    }

    /// The explanation in its canonical order, and every warning of the call: the value flow's
    /// (`navigate-unresolved` when nothing resolved, `-partly-resolved` when something did) last.
    func finished() -> (explanation: CallSiteExplanation, warnings: [ScanWarning]) {
        var e = explanation
        // Nothing followed and nothing failed: the value flow ended in a cycle or a bound with no
        // value at all. That is a call not followed, never a silent nothing.
        if e.resolved.isEmpty && e.unresolved.isEmpty {
            e.unresolved.append(.init(reason: "no value reaches it that the scanner can follow (a cycle, or past the analysis' bounds)", chain: []))
        }
        e.resolved.sort { ($0.route, $0.site) < ($1.route, $1.site) }
        e.unresolved.sort { ($0.reason, $0.chain.joined()) < ($1.reason, $1.chain.joined()) }
        var out = warnings
        let followed = e.unresolved.filter { !reportedElsewhere.contains($0) }.map(\.reason)
        if e.resolved.isEmpty && !followed.isEmpty {
            out.append(.navigateUnresolved(e.written, followed, at: e.location))
        } else if !followed.isEmpty {
            out.append(.navigatePartlyResolved(e.written, followed, at: e.location))
        }
        return (e, out)
    }
}

extension UnfollowedCall {
    /// The presentations of `explanations` that the scan could not follow (`kind: present`): a
    /// value it could not know may be any of `candidates` (`DirectPresentations.candidateScreens`);
    /// a known screen shown from code no screen's build reaches is shown from somewhere.
    static func presentations(in explanations: [CallSiteExplanation], candidates: [String]) -> [UnfollowedCall] {
        explanations.filter { !$0.unresolved.isEmpty }.sorted { $0.location < $1.location }.map { e in
            var screens = Set(e.unresolved.compactMap(\.route))
            if e.unresolved.contains(where: { $0.route == nil }) { screens.formUnion(candidates) }
            let reasons = Array(Set(e.unresolved.map(\.reason))).sorted()
            return UnfollowedCall(
                call: e.written, kind: .present, from: e.callers, screens: screens.sorted(), reason: reasons.joined(separator: "; "),
                origin: RegistryAssembler.origin(e.location))
        }
    }

    /// The calls of `explanations` that the scan could not follow, for the registry (`unfollowed:`):
    /// a call some part of whose value is unknown can open any route of its system; a call whose
    /// routes are known but whose screen is not (unattributed) opens those routes from somewhere.
    static func calls(in explanations: [CallSiteExplanation], system: RoutingSystem?) -> [UnfollowedCall] {
        // Not followed: some part unknown, or nothing found at all.
        explanations.filter { !$0.unresolved.isEmpty || $0.resolved.isEmpty }.sorted { $0.location < $1.location }.map { e in
            let known = e.unresolved.compactMap(\.route)
            let routes = !known.isEmpty && known.count == e.unresolved.count ? Array(Set(known)).sorted() : nil
            let reasons = Array(Set(e.unresolved.map(\.reason))).sorted()
            return UnfollowedCall(
                call: e.written, from: e.callers, system: system, routes: routes, reason: reasons.joined(separator: "; "),
                origin: RegistryAssembler.origin(e.location))
        }
    }
}

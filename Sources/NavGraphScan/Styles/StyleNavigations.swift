import NavGraphKit

/// Attribution shared by the style extractors: each navigation target (a route and the call site
/// that decided it) written in the app's composition root (a SwiftUI `App`, the app or scene
/// delegate) is an entry; anywhere else it is an edge of the screen whose code, or whose built
/// types' code (`TypeReferenceGraph`), holds the site. Explanations and warnings are RouterService's (`NavigationRecord`).
struct StyleNavigations {
    struct Target {
        var route: String
        var site: ValueResolver.Site
        var chain: [String]
    }

    let roots: Set<String>
    private let graph: TypeReferenceGraph
    private let featureIndex: [String: Int]
    private let featureNames: [String]
    /// How messages name where a route is opened from ("presented", "opened") and a screen ("module").
    private let verb: String
    private(set) var entries: [Entry] = []

    /// A first screen the style found itself (a SwiftUI `App` building it).
    mutating func addEntry(_ e: Entry) { entries.append(e) }
    private(set) var warnings: [ScanWarning] = []
    private(set) var explanations: [CallSiteExplanation] = []
    private var added: [Int: [Navigation]] = [:]
    private let resolver: ValueResolver
    private let callers: MethodCallers

    /// `stops`: types no screen builds (the router, the page enum); the composition roots are added.
    init(index: SemanticIndex, features: [Feature], stops: Set<String>, verb: String) {
        roots = Self.roots(index)
        featureNames = features.map(\.name)
        featureIndex = Dictionary(features.indices.map { (features[$0].name, $0) }, uniquingKeysWith: { a, _ in a })
        graph = TypeReferenceGraph(index: index, features: features.map { ($0.name, $0.module) }, stopAt: stops.union(roots))
        resolver = ValueResolver(index: index)
        callers = MethodCallers(index: index)
        self.verb = verb
    }

    static func roots(_ index: SemanticIndex) -> Set<String> {
        Set(index.types.names(where: { !$0.isProtocol && $0.isCompositionRoot }))
    }

    /// One navigation call: what it resolved to and what could not be followed. `showsNothing`: parts
    /// the router shows no screen for (a route enum's `.back` that pops), each naming its case as
    /// `route`, so the registry's `unfollowed:` says the call opens only that, no route of the graph.
    mutating func record(
        at location: SourceLocation, written: String, targets: [Target], unresolved: [CallSiteExplanation.Unresolved],
        showsNothing: [CallSiteExplanation.Unresolved] = []
    ) {
        var record = NavigationRecord(location: location, written: written)
        for u in unresolved { record.unfollowed(u.reason, chain: u.chain) }
        for (k, u) in showsNothing.enumerated() {
            record.reported(u.reason, chain: u.chain, route: u.route, warning: k == 0 && unresolved.isEmpty && targets.isEmpty ? .navigateUnresolved(written, [u.reason], at: location) : nil)
        }
        for t in targets where record.isNew(route: t.route, site: t.site) {
            let origin = RegistryAssembler.origin(t.site.location)
            if let top = t.site.enclosingTypes.last, roots.contains(top) {
                entries.append(Entry(target: .route(t.route), origin: origin))
                record.resolved(route: t.route, features: [], site: t.site.location, chain: t.chain + ["entry: \(top)"])
                continue
            }
            var owners = graph.owners(of: t.site, features: featureIndex)
            // A closure stored on another object (a factory wiring `viewModel.onDone = { … }`) runs as
            // that object's code: where the site's own types belong to no screen, the object's do.
            if owners.isEmpty, t.site.closureObject != nil { owners = Array(Set(ownersOfClosureObject(at: t.site))).sorted() }
            if owners.isEmpty, let f = t.site.function { owners = ownersThroughCallers(of: f) }
            if owners.isEmpty {
                record.unattributed(route: t.route, site: t.site, chain: t.chain, verb: verb, owner: "no module builds")
                continue
            }
            record.resolved(route: t.route, features: owners.map { featureNames[$0] }, site: t.site.location, chain: t.chain)
            for o in owners { added[o, default: []].append(Navigation(route: t.route, origin: origin)) }
        }
        let done = record.finished()
        warnings += done.warnings
        explanations.append(done.explanation)
    }

    /// The screens whose code runs `f` where the type `f` is in belongs to none: the screens of the
    /// code that calls it (`MethodCallers`), or of the object holding the closure that calls it
    /// (`view.actions.onRowTap = { self.onRowTap(station: $0) }` in a factory: the view's), up to
    /// `callerDepth` calls back. Cost: per call site, at most that many levels of the method's callers.
    private func ownersThroughCallers(of f: Int) -> [Int] {
        var owners = Set<Int>()
        callers.walkBack(from: f, depth: Self.callerDepth, finished: { !owners.isEmpty }) { c in
            let site = resolver.site(ofCall: c)
            var found = graph.owners(of: site, features: featureIndex)
            if found.isEmpty, c.closureObject != nil { found = ownersOfClosureObject(at: site) }
            owners.formUnion(found)
            return found.isEmpty ? .through : .skip
        }
        return owners.sorted()
    }

    /// The screens owning the object a closure written at `site` is stored on (`CallFact.closureObject`).
    private func ownersOfClosureObject(at site: ValueResolver.Site) -> [Int] {
        resolver.closureObjectTypes(of: site).flatMap { type in
            graph.owners(of: .init(location: site.location, enclosingTypes: [type], module: site.module), features: featureIndex)
        }
    }

    /// How many calls back `ownersThroughCallers` looks.
    static let callerDepth = 3

    /// Sets each screen's `navigates` (one per route, at its first site) in the order `features` had at `init`.
    func apply(to features: inout [Feature]) {
        for (fi, navs) in added {
            var seen = Set<String>()
            features[fi].navigates = navs
                .sorted { ($0.route, RegistryAssembler.key($0.origin)) < ($1.route, RegistryAssembler.key($1.origin)) }
                .filter { seen.insert($0.route).inserted }
        }
    }

    /// A style's registry: these entries, and its routes, handlers and screens in canonical order.
    func registry(routes: [Route], handlers: [RouteHandler], features: [Feature]) -> Registry {
        Registry(
            app: nil,
            entries: sortedEntries,
            routes: routes.sorted { ($0.id, $0.type ?? "") < ($1.id, $1.type ?? "") },
            handlers: handlers.sorted { ($0.name, $0.module ?? "") < ($1.name, $1.module ?? "") },
            features: features.sorted { ($0.name, $0.module ?? "") < ($1.name, $1.module ?? "") })
    }

    /// The entries, each once (one call can reach the same route at the same site along two value paths).
    var sortedEntries: [Entry] {
        var seen = Set<String>()
        return entries.sorted { ($0.name, RegistryAssembler.key($0.origin)) < ($1.name, RegistryAssembler.key($1.origin)) }
            .filter { seen.insert("\($0.name)|\(RegistryAssembler.key($0.origin))").inserted }
    }
}

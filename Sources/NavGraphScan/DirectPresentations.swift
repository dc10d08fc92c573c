import NavGraphKit

/// Screens shown without the router: `pushViewController`, `present`, `show`,
/// `showDetailViewController`, `setViewControllers`, `window.rootViewController =`, a tab bar's
/// `viewControllers =`, `UINavigationController(rootViewController:)` around any of them, and
/// SwiftUI's `NavigationLink`, `.sheet`, `.fullScreenCover`, `.popover`, `.navigationDestination`
/// and `TabView` children.
///
/// The presented value is followed by `ValueResolver` (locals, parameters of wrappers, properties,
/// factory returns); where it is made as a known screen — a feature of any style, or the one
/// type a RouterService feature's `build` makes — the screen whose construction reaches that site
/// (`TypeReferenceGraph`, the attribution RouterService edges use) gets a `presents` edge (style
/// `direct`); in a composition root it is an entry. What cannot be followed is no edge: it is
/// explained (`--explain`) and counted, never guessed. Presentations made inside the router's own
/// types (routes, handlers, what adopts a route) are the router's, not direct.
struct DirectPresentations {
    /// Calls whose trailing closures are recorded (`CallFact.trailing`): the closures hold the screen.
    static let closureCalls: Set<String> = [
        "sheet", "fullScreenCover", "popover", "navigationDestination", "NavigationLink", "TabView", "NavigationView", "NavigationStack",
    ]
    /// Properties whose setter shows screens, recorded as calls `name=` (`CallFact`).
    static let setters: Set<String> = ["rootViewController", "viewControllers"]

    /// Where a presentation call's screen is, and how it is shown.
    struct Form {
        var style: String
        var values: [ValueExpr]
        /// SwiftUI: a view's modifiers (`.tabItem {…}`, `.tag(1)`) leave the view it modifies.
        var swiftUI: Bool
    }

    /// The form of `call`, by UIKit's and SwiftUI's own signatures; nil for any other call.
    static func form(of call: CallFact) -> Form? {
        let args = call.arguments
        let labels = call.labels
        func unlabeledFirst(_ rest: String) -> [ValueExpr]? {
            guard let first = args.first, first.label == nil, labels.dropFirst().contains(rest) else { return nil }
            return [first.value]
        }
        func labeled(_ l: String) -> [ValueExpr] { args.filter { $0.label == l }.map(\.value) }
        switch call.callee.name {
        case "pushViewController": return unlabeledFirst("animated").map { Form(style: "push", values: $0, swiftUI: false) }
        case "present": return unlabeledFirst("animated").map { Form(style: "present", values: $0, swiftUI: false) }
        case "show": return unlabeledFirst("sender").map { Form(style: "show", values: $0, swiftUI: false) }
        case "showDetailViewController": return unlabeledFirst("sender").map { Form(style: "showDetail", values: $0, swiftUI: false) }
        case "setViewControllers": return unlabeledFirst("animated").map { Form(style: "children", values: $0, swiftUI: false) }
        // A child view controller embedded in its parent (`addChild(pageController)`) is shown with it.
        case "addChild" where args.count == 1 && args[0].label == nil: return Form(style: "child", values: [args[0].value], swiftUI: false)
        case "rootViewController=": return Form(style: "root", values: args.map(\.value), swiftUI: false)
        case "viewControllers=": return Form(style: "children", values: args.map(\.value), swiftUI: false)
        case "NavigationLink":
            // `NavigationLink(value: x) { label }` pushes a value the stack's destination shows (the
            // route-enum style, or that destination's own presentation): its closure is the label.
            if labels.contains("value") { return nil }
            let destination = labeled("destination")
            let values = destination.isEmpty ? Array(call.trailing.prefix(1)) : destination
            return values.isEmpty ? nil : Form(style: "link", values: values, swiftUI: true)
        case "sheet", "fullScreenCover", "popover":
            let values = call.trailing.isEmpty ? labeled("content") : Array(call.trailing.prefix(1))
            return values.isEmpty ? nil : Form(style: call.callee.name, values: values, swiftUI: true)
        case "navigationDestination":
            let values = call.trailing.isEmpty ? labeled("destination") : Array(call.trailing.prefix(1))
            return values.isEmpty ? nil : Form(style: "push", values: values, swiftUI: true)
        case "TabView":
            return call.trailing.isEmpty ? nil : Form(style: "tab", values: Array(call.trailing.prefix(1)), swiftUI: true)
        default:
            return nil
        }
    }

    /// Containers whose argument (or SwiftUI content) is the screen shown.
    static let containers: [String: String] = [
        "UINavigationController": "rootViewController", "NavigationView": "content", "NavigationStack": "content",
        "UIHostingController": "rootView",
    ]

    struct Outcome {
        var presents: [String: [Presentation]] = [:]
        var entries: [Entry] = []
        var explanations: [CallSiteExplanation] = []
        /// The screens a presentation the scan could not follow may show (`candidateScreens`).
        var candidates: [String] = []
    }

    let index: SemanticIndex
    let config: ScanConfiguration
    private let resolver: ValueResolver
    private let featureNames: [String]
    private let featureIndex: [String: Int]
    /// A type only one RouterService feature's `build` makes (its view controller or view) → that feature.
    private let screenOfType: [String: String]
    /// Every feature's types: itself and what only its build makes.
    private let typesOfScreen: [String: [String]]
    private let graph: TypeReferenceGraph
    private let callers: MethodCallers
    private let roots: Set<String>
    /// The router's own types: routes, handlers, what adopts a route, the router.
    private let routerTypes: Set<String>
    private let debugOnly: Set<String>
    /// Types whose code is a routing style's router (a module factory's app router): a value decided
    /// there (`module.resolve(using:)` in its `push(module:)`) is the router at work; a value its
    /// wrappers are handed from outside (`router.present(view: view)`) is still followed.
    private let routerCode: Set<String>

    init(index: SemanticIndex, registry: Registry, config: ScanConfiguration, routerCode: Set<String> = []) {
        self.index = index
        self.config = config
        self.routerCode = routerCode
        // Fewer steps than a route's 16: a presented view controller passes through few wrappers,
        // and every presentation call of the app is followed (wrappers of UIKit's own methods
        // fan out to every call of them; `maxSteps` bounds that fan-out per call). Eight: a page
        // controller's page taken from a lazy array a method fills (`testPagesOfAPageController…`).
        var resolver = ValueResolver(index: index)
        resolver.maxDepth = 8
        resolver.routerEntryLabels = Set(config.initialFeatureLabels + config.initialRouteLabels)
        resolver.pageModules = Self.pageModules(registry)
        self.resolver = resolver
        featureNames = registry.features.map(\.name)
        featureIndex = Dictionary(registry.features.indices.map { (registry.features[$0].name, $0) }, uniquingKeysWith: { a, _ in a })
        let names = Set(featureNames)
        var made: [String: Set<String>] = [:]
        for f in registry.features {
            guard let t = TypeReferenceGraph.lookup(f.name, from: f.module, index) else { continue }
            for r in index.types[t].buildReferences where !names.contains(r) && index.hasType(named: r) && !index.isProtocol(r) {
                made[r, default: []].insert(f.name)
            }
        }
        screenOfType = made.compactMapValues { $0.count == 1 ? $0.first : nil }
        var typesOfScreen = Dictionary(featureNames.map { ($0, [$0]) }, uniquingKeysWith: { a, _ in a })
        for (t, f) in screenOfType.sorted(by: { $0.key < $1.key }) { typesOfScreen[f, default: [f]].append(t) }
        self.typesOfScreen = typesOfScreen
        roots = StyleNavigations.roots(index)
        callers = MethodCallers(index: index)
        var routers = Set(config.routerTypes)
        for r in registry.routes {
            guard let t = r.type else { continue }
            routers.insert(t)
            routers.formUnion(index.conformers[t] ?? [])
        }
        routers.formUnion(registry.handlers.map(\.name))
        // Where handlers or dependencies are registered (`register(routeHandler:)`,
        // `register(dependencyFactory:forType:)`), not a table view's `register(Cell.self)`.
        for c in index.calls where config.registerFunctions.contains(c.callee.name) {
            let l = c.labels
            let registers = (l.count == 1 && config.handlerLabels.contains(l[0]))
                || (l.count == 2 && config.dependencyFactoryLabels.contains(l[0]) && config.dependencyTypeLabels.contains(l[1]))
            if registers, let t = c.enclosingTypes.last { routers.insert(t) }
        }
        routerTypes = routers
        debugOnly = Set(index.types.names(where: \.debugOnly))
        graph = TypeReferenceGraph(
            index: index, features: registry.features.map { ($0.name, $0.module) }, stopAt: routers.union(roots))
    }

    /// Per page case of the module-factory style (`FoodProducts.FoodHomeModule`), the one module its
    /// route maps to: what a router's getter returns for that page (`ValueResolver.pageModules`).
    static func pageModules(_ registry: Registry) -> [String: String] {
        var feature: [String: Set<String>] = [:]
        for h in registry.handlers { for m in h.routes { feature[m.route, default: []].insert(m.feature) } }
        var out: [String: String] = [:]
        for r in registry.routes where r.system == .moduleFactory {
            guard let t = r.type, t.contains("."), let f = feature[r.id], f.count == 1 else { continue }
            out[t] = f.first
        }
        return out
    }

    /// The screen a constructed type is: a feature, or the one feature whose `build` makes it.
    func screen(_ type: String) -> String? {
        let name = DependencyBinding.unqualified(type)
        if featureIndex[name] != nil { return name }
        return screenOfType[name]
    }

    /// The screens a presentation whose value the scan could not follow may show: a screen made
    /// somewhere other than its own feature and the router's code (a factory, a coordinator, another
    /// screen: a value the scan may have lost on the way), or, when it has no `build` of its own,
    /// made nowhere the scan can see (a storyboard, a nib, at run time). A screen made only inside
    /// its own feature (its `build`) or a route's code is shown through the router, whose graph
    /// already says what leads there, so an unknown presented value is never it.
    func candidateScreens() -> [String] {
        let builds = Set(config.buildFunctions)
        // Constructions are calls with and without arguments (`PromoViewController()`).
        let bare = Dictionary(grouping: index.callsWithoutArguments, by: { $0.callee.name })
        return featureNames.filter { feature in
            let types = typesOfScreen[feature] ?? [feature]
            var madeAnywhere = false
            for t in types {
                for call in (index.callsByName[t] ?? []).map({ index.calls[$0] }) + (bare[t] ?? []) {
                    guard call.callee.receiver == .implicit else { continue }
                    madeAnywhere = true
                    if call.enclosingTypes.contains(where: { debugOnly.contains($0) || routerTypes.contains($0) }) { continue }
                    if !call.enclosingTypes.contains(where: { types.contains($0) }) { return true }
                }
            }
            let buildsItself = builds.contains { b in (index.functionsByName[b] ?? []).contains { index.functions[$0].owner == feature } }
            return !madeAnywhere && !buildsItself
        }
    }

    /// The composition root whose code calls method `f` (directly, or through at most
    /// `StyleNavigations.callerDepth` methods that no screen builds), or nil: unknown callers
    /// (`MethodCallers`) are no root. Cost: per method, that many levels of its callers.
    func launchingRoot(of f: Int) -> String? {
        var root: String?
        callers.walkBack(from: f, depth: StyleNavigations.callerDepth) { c in
            if let top = c.enclosingTypes.last, roots.contains(top) {
                root = top
                return .stop
            }
            return graph.owners(of: resolver.site(ofCall: c), features: featureIndex).isEmpty ? .through : .skip
        }
        return root
    }

    /// Every presentation call of the sources, followed.
    func run() -> Outcome {
        var out = Outcome()
        var seenEntries = Set<String>()
        // In source order, whatever order the files were read in.
        let calls = (index.calls + index.callsWithoutArguments).compactMap { c in Self.form(of: c).map { (c, $0) } }
        for (call, form) in calls.sorted(by: { $0.0.location < $1.0.location }) {
            if call.enclosingTypes.contains(where: { debugOnly.contains($0) || routerTypes.contains($0) }) { continue }
            // An override handing its argument on (`super.pushViewController(vc, …)`, a
            // `pushViewController` inside a `pushViewController`) presents what its callers do.
            if case .value(.unknown("super")) = call.callee.receiver { continue }
            if let f = call.function, index.functions[f].name == call.callee.name { continue }
            // A SwiftUI stack's destination for a route enum (`.navigationDestination(for: Screen.self)`)
            // is the router at work: what it shows is the route-enum style's.
            if call.callee.name == "navigationDestination", let a = call.arguments.first, a.label == "for",
               let t = RouteEnumExtractor.Model.metatype(a.value), routerTypes.contains(t) { continue }
            // The router's own modifier of that name (`.sheet(for: route, using: routingService,
            // isPresented:) { onDismiss }`): a navigate call, whose closure shows nothing.
            if config.navigateFunctions.contains(call.callee.name), let l = call.arguments.first?.label, config.navigateRouteLabels.contains(l) { continue }
            var found = Found()
            let ctx = resolver.context(ofCall: call)
            for v in form.values { follow(v, ctx, resolver.site(ofCall: call), swiftUI: form.swiftUI, chain: [], depth: 0, into: &found) }
            if found.screens.isEmpty && found.misses.isEmpty && found.unknown.isEmpty { continue }
            let written = form.values.map(\.summary).joined(separator: ", ")
            var record = NavigationRecord(location: call.location, written: String(written.prefix(80)))
            var any = false
            var seen = Set<String>()
            for s in found.screens {
                if isRouterOrDebug(s.site.enclosingTypes) { continue }
                guard seen.insert("\(s.feature)|\(s.site.location)").inserted else { continue }
                if let top = s.site.enclosingTypes.last, roots.contains(top) {
                    any = true
                    record.resolved(route: s.feature, features: [], site: s.site.location, chain: s.chain + ["entry: \(top)"])
                    if seenEntries.insert(s.feature).inserted {
                        out.entries.append(Entry(target: .feature(s.feature), origin: RegistryAssembler.origin(s.site.location)))
                    }
                    continue
                }
                let owners = graph.owners(of: s.site, features: featureIndex).map { featureNames[$0] }.filter { $0 != s.feature }
                // Code no screen builds that the composition root runs (`AppRouter.start()` called by
                // the app delegate at launch): what it shows is a first screen, as if written there.
                if owners.isEmpty, let f = s.site.function, let root = launchingRoot(of: f) {
                    any = true
                    record.resolved(route: s.feature, features: [], site: s.site.location, chain: s.chain + ["entry: \(root), through \(index.functions[f].owner ?? "")"])
                    if seenEntries.insert(s.feature).inserted {
                        out.entries.append(Entry(target: .feature(s.feature), origin: RegistryAssembler.origin(s.site.location)))
                    }
                    continue
                }
                if owners.isEmpty {
                    // Shown by code no screen builds (a coordinator, shared machinery), or by itself.
                    if graph.owners(of: s.site, features: featureIndex).isEmpty {
                        any = true
                        record.reported(
                            "screen '\(s.feature)' is presented from '\(s.site.enclosingTypes.first ?? "top-level code")', which no screen's build reaches",
                            chain: s.chain, route: s.feature)
                    }
                    continue
                }
                any = true
                record.resolved(route: s.feature, features: owners, site: s.site.location, chain: s.chain)
                for o in owners {
                    out.presents[o, default: []].append(Presentation(feature: s.feature, style: form.style, origin: RegistryAssembler.origin(s.site.location)))
                }
            }
            // A view controller of the sources that several screens' builds reach (made through a
            // wireframe, a container's `resolve`): it may be any of them but the one showing it. Not an
            // edge; what it may be is held back (`Completeness`) instead of reported unreachable.
            for u in found.unknown where !isRouterOrDebug(u.site.enclosingTypes) {
                let shownFrom = Set(graph.owners(of: u.site, features: featureIndex).map { featureNames[$0] })
                for f in u.features where !shownFrom.contains(f) {
                    any = true
                    record.reported("'\(u.type)' is made by the builds of \(u.features.joined(separator: ", ")); which screen it is, the scan cannot tell", chain: u.chain, route: f)
                }
                if !shownFrom.isEmpty { record.setCallers(Array(shownFrom)) }
            }
            // One line per reason (the first way there, in source order): a wrapper of UIKit's own
            // methods reaches the same unknown value from many call sites.
            var reasons = Set<String>()
            let misses = found.misses.sorted { ($0.site.location, $0.reason) < ($1.site.location, $1.reason) }
            // The screens that run the unknown parts (the unfollowed call's `from:`); a composition
            // root runs at launch, so such a call is assumed to run (no screens).
            var callers = Set<String>()
            var inRoot = false
            for m in misses where !reasons.contains(m.reason) && !m.site.enclosingTypes.contains(where: routerCode.contains) {
                // Unknown where no screen is known to run it (router machinery, a coordinator): not counted.
                if let top = m.site.enclosingTypes.last, roots.contains(top) {
                    inRoot = true
                } else {
                    let owners = graph.owners(of: m.site, features: featureIndex)
                    if owners.isEmpty {
                        // The window's root set by shared machinery (an app-domain object the scene
                        // delegate drives) runs at launch, whoever calls it: counted, assumed to run.
                        guard form.style == "root" else { continue }
                        inRoot = true
                    }
                    callers.formUnion(owners.map { featureNames[$0] })
                }
                any = true
                reasons.insert(m.reason)
                record.unfollowed(m.reason, chain: m.chain)
            }
            if !inRoot && !callers.isEmpty { record.setCallers(Array(callers)) }
            guard any else { continue }
            var e = record.finished().explanation
            e.kind = .present
            e.written = form.style + "(" + e.written + ")"
            out.explanations.append(e)
        }
        if out.explanations.contains(where: { !$0.unresolved.isEmpty }) { out.candidates = candidateScreens() }
        return out
    }

    /// Code that is a router's (its own types, a style's router) or built for debugging only.
    private func isRouterOrDebug(_ enclosingTypes: [String]) -> Bool {
        enclosingTypes.contains { debugOnly.contains($0) || routerTypes.contains($0) || routerCode.contains($0) }
    }

    private struct Found {
        var screens: [(feature: String, site: ValueResolver.Site, chain: [String])] = []
        var misses: [ValueResolver.Miss] = []
        /// A type of the sources shown that is no one feature's screen, and the features whose build
        /// reaches it (it may be one of their screens).
        var unknown: [(type: String, features: [String], site: ValueResolver.Site, chain: [String])] = []
    }

    /// Follows one presented value to the screens it is made as.
    private func follow(
        _ expr: ValueExpr, _ ctx: ValueResolver.Context, _ site: ValueResolver.Site, swiftUI: Bool, chain: [String], depth: Int,
        into found: inout Found
    ) {
        guard depth < 8 else { return }
        // The RouterService entry (`navigationController(withInitialFeature:)`) is read as an entry.
        if case .call(_, let args) = expr, args.contains(where: { resolver.routerEntryLabels.contains($0.label ?? "_") }) { return }
        let value = swiftUI ? stripModifiers(expr) : expr
        // A view the router makes (`router.link(for:)`, `router.sheet(…)`) is a navigation the scan reads as one.
        if case .call(let callee, _) = value, config.navigateFunctions.contains(callee.name) { return }
        if case .choice(let options) = value, swiftUI {
            for o in options { follow(o, ctx, site, swiftUI: true, chain: chain, depth: depth + 1, into: &found) }
            return
        }
        let result = resolver.resolve(value, in: ctx, site: site)
        found.misses += result.misses.map { m in var m = m; m.chain = chain + m.chain; return m }
        for made in result.made {
            guard case .construct(let type, let args) = made.value else { continue }
            // Made inside the router's own types (a route's builder, `makeCatalogTab()`): the router's presentation.
            if let owner = made.context.owner, routerTypes.contains(owner) { continue }
            let name = DependencyBinding.unqualified(type)
            if let label = resolver.containerLabel(of: name) {
                for a in args where a.label == label {
                    follow(a.value, made.context, made.site, swiftUI: swiftUI || label == "content",
                           chain: chain + made.chain + ["inside \(name)(\(label):)"], depth: depth + 1, into: &found)
                }
                // Made empty and filled on its local before it is handed on.
                if !args.contains(where: { $0.label == label }) {
                    for (call, v) in filledLater(made) {
                        follow(v, resolver.context(ofCall: call), made.site, swiftUI: swiftUI,
                               chain: chain + made.chain + ["\(name)() filled by \(call.callee.name) at line \(call.location.line)"], depth: depth + 1, into: &found)
                    }
                }
                continue
            }
            if let feature = screen(name) {
                let how = feature == name ? [] : ["\(name) is the screen \(feature) builds"]
                found.screens.append((feature, made.site, chain + made.chain + how))
            } else if index.declaredConcrete.contains(name) {
                // (A type the sources only extend, `extension Array { … }`, is not theirs: `Array(…)` is no screen.)
                let reaching = graph.features(reaching: name, in: made.site.module).map { featureNames[$0] }.sorted()
                if !reaching.isEmpty { found.unknown.append((name, reaching, made.site, chain + made.chain)) }
            }
        }
    }

    /// A container made empty in a function and filled there on the local it is bound to
    /// (`let nav = UINavigationController(); nav.setViewControllers([list], animated: false); return
    /// nav`, or `pushViewController`, `viewControllers =`): the values it is filled with. Only in the
    /// function that makes it, only on a local bound to nothing else; elsewhere nothing (unknown).
    /// Cost: the calls of those three names, once.
    private func filledLater(_ made: ValueResolver.Made) -> [(CallFact, ValueExpr)] {
        guard let f = made.context.function else { return [] }
        let locals = index.functions[f].locals.filter { $0.value == [made.value] }.keys
        guard !locals.isEmpty else { return [] }
        var out: [(CallFact, ValueExpr)] = []
        for i in ["setViewControllers", "pushViewController", "viewControllers="].flatMap({ index.callsByName[$0] ?? [] }).sorted() {
            let c = index.calls[i]
            guard c.function == f, case .value(.ref(let n)) = c.callee.receiver, locals.contains(n), let form = Self.form(of: c),
                  form.style == "children" || form.style == "push" else { continue }
            out += form.values.map { (c, $0) }
        }
        return out
    }

    /// A SwiftUI view with modifiers (`HomeView().tabItem {…}.tag(0)`) is the view: a call on a value
    /// to a function the sources do not declare is a modifier of that value.
    private func stripModifiers(_ expr: ValueExpr) -> ValueExpr {
        switch expr {
        case .call(let callee, _):
            if case .value(let base) = callee.receiver, index.functionsByName[callee.name] == nil,
               !config.navigateFunctions.contains(callee.name) {
                return stripModifiers(base)
            }
            return expr
        case .choice(let options): return .choice(options.map(stripModifiers))
        case .array(let options): return .array(options.map(stripModifiers))
        default: return expr
        }
    }
}

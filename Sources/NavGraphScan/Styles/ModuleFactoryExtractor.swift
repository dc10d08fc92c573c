import NavGraphKit

/// AppRouter / ModuleFactory: an enum of pages whose cases carry module keys
/// (`var routePath: String { switch self { case .home: return "Modules/Home" } }`, or raw values), a
/// table or factory from keys to modules (`[Module.Home.routePath: { HomeModule(appRouter: $0) }]`,
/// `switch key { case PageModule.home.moduleKey: return HomeModule() }`), and navigation by
/// `presentModule(module: .Detail, parameters: …)`.
///
/// Route = a case's key (two cases with one key: duplicate-route); screen = a module type (conforms to a
/// protocol whose requirement takes `parameters:`, or is built by the table); handler = the table or
/// factory (a case it has no module for: unhandled-route); edge = a `presentModule` call, attributed to
/// the module whose code (or whose built types' code) makes it; entry = a `presentModule` in the app or
/// scene delegate.
struct ModuleFactoryExtractor: StyleExtractor {
    static let style = RoutingStyle.moduleFactory
    /// The article's function that presents a page; others are learnt from the declarations
    /// (`learnPresenting`).
    static let presentFunctions: Set<String> = ["presentModule"]
    /// Key properties preferred when a page enum has several per-case string properties.
    static let keyProperties = ["moduleKey", "routePath", "key", "path", "route", "identifier"]

    static func detect(in index: SemanticIndex, files: [FileFacts]) -> Bool {
        let model = Model(index)
        return model.presenting.contains { (index.callsByName[$0] ?? []).contains { model.isPresenting(index.calls[$0]) } }
            && !(model.pages.isEmpty && model.pageTypes.isEmpty)
    }

    static func extract(from index: SemanticIndex, files: [FileFacts], config: ScanConfiguration) -> StyleExtraction {
        var run = Extraction(index: index)
        run.readRoutes()
        run.readScreens()
        run.readTables()
        run.readSwitches()
        let navigations = run.followPresentCalls()
        return run.finished(navigations)
    }

    /// One reading of the sources, in the order `extract` runs its steps: routes (page cases), screens
    /// (module types), handlers (tables and factories from keys to modules), then the `presentModule`
    /// calls as edges and entries.
    struct Extraction {
        typealias TableEntry = (key: String?, keyText: String, value: ValueExpr, context: ValueResolver.Context, location: SourceLocation)
        let index: SemanticIndex
        let model: Model
        var resolver: ValueResolver
        var out = StyleExtraction()
        var routes: [Route] = []
        var features: [Feature] = []
        var moduleSet = Set<String>()
        var handlers: [RouteHandler] = []
        /// Types whose code is the router's (a table's owner, a presenting function's type).
        var routerTypes = Set<String>()
        /// Per page key: the `parameters` keys its callers pass (unknown: a caller passes a value the scanner cannot list).
        var passed: [String: (keys: Set<String>, unknown: Bool)] = [:]
        /// Presentations of pages whose key the scan cannot read: they may show those pages.
        var shownUnkeyed: [UnfollowedCall] = []
        let debugOnly: Set<String>

        init(index: SemanticIndex) {
            self.index = index
            model = Model(index)
            resolver = ValueResolver(index: index)
            resolver.enumCasesAreValues = true
            debugOnly = Set(index.types.names(where: \.debugOnly))
        }

        /// Routes: one per page case with a readable key.
        mutating func readRoutes() {
            for page in model.pages.sorted() {
                guard let t = index.type(named: page) else { continue }
                for c in t.enumCases {
                    guard let key = model.key(page, c.name) else {
                        out.warnings.append(.identifierUnreadable("\(page).\(c.name)", at: c.location))
                        continue
                    }
                    routes.append(Route(id: key, type: "\(page).\(c.name)", module: t.module, origin: RegistryAssembler.origin(c.location)))
                }
            }
            // Module types that are their own pages: one route per type, its key.
            for (type, key) in model.pageTypes.sorted(by: { $0.key < $1.key }) {
                guard let t = index.type(named: type) else { continue }
                routes.append(Route(id: key.key, type: type, module: t.module, origin: RegistryAssembler.origin(key.location)))
            }
            for (type, location) in model.unkeyedPageTypes.sorted(by: { $0.key < $1.key }) {
                out.warnings.append(.identifierUnreadable(type, at: location))
            }
        }

        /// Screens: module types.
        mutating func readScreens() {
            features = model.modules.sorted().compactMap { name -> Feature? in
                guard let t = index.type(named: name) else { return nil }
                return Feature(name: name, module: t.module, origin: RegistryAssembler.origin(t.location), ignore: t.ignore)
            }
            moduleSet = Set(features.map(\.name))
        }

        /// A table: keys written through the page enum, or literal keys of pages with modules as values
        /// (a `parameters` dictionary that happens to use a page's key is not one).
        mutating func readTables() {
            for table in index.tables {
                let declared = Set(routes.map(\.id))
                let keys = table.entries.map { e -> String? in
                    guard let k = model.key(of: e.key) else { return nil }
                    if case .literal = e.key, !declared.contains(k) { return nil }
                    return k
                }
                let ctx = ValueResolver.Context(function: table.function, owner: table.enclosingTypes.first)
                // A value that builds a module as written, or once followed (`Pages.login.make`, a
                // computed property returning a function that makes it).
                func builds(_ e: TableFact.Entry) -> Bool {
                    if model.buildsModule(e.value) { return true }
                    let site = ValueResolver.Site(location: e.location, enclosingTypes: table.enclosingTypes, module: table.module)
                    return resolver.resolve(e.value, in: ctx, site: site).made.contains { model.buildsModule($0.value) }
                }
                guard table.entries.indices.contains(where: { i in
                    model.isPageKey(table.entries[i].key) || (keys[i] != nil && builds(table.entries[i]))
                }) else { continue }
                addHandler(table.enclosingTypes, module: table.module, location: table.location, table.entries.enumerated().map { i, e in
                    (keys[i], e.key.summary, e.value, ctx, e.location)
                })
            }
        }

        /// A factory: a `switch` over pages (or over a page enum's `self`) whose cases build modules. The
        /// first case that matches a key wins: a later case with the same key is never taken. A page
        /// enum's key property (values are literals) is not a factory.
        mutating func readSwitches() {
            for s in index.switches where !s.cases.isEmpty {
                let owner = s.function.flatMap { index.functions[$0].owner } ?? s.enclosingTypes.first
                let subjectEnum: String? = { if case .ref("self") = s.subject, let o = owner, model.pages.contains(o) { return o }; return nil }()
                var entries: [TableEntry] = []
                var any = false
                var taken = Set<String>()
                for c in s.cases where !c.isDefault {
                    for p in c.patterns {
                        let key = model.key(of: p, in: subjectEnum)
                        if let k = key, !taken.insert(k).inserted { continue }
                        any = any || (key != nil && (subjectEnum != nil || model.isPageKey(p)))
                        for v in c.values { entries.append((key, p.summary, v, .init(function: s.function, owner: owner), c.location)) }
                    }
                }
                let builds = s.cases.flatMap(\.values).contains(where: model.buildsModule)
                guard any, builds else { continue }
                addHandler(s.enclosingTypes, module: s.module, location: s.location, entries)
            }
        }

        /// A handler mapping each key to the modules its value builds (followed with `ValueResolver`).
        mutating func addHandler(_ owner: [String], module: String?, location: SourceLocation, _ entries: [TableEntry]) {
            var mappings: [RouteHandler.Mapping] = []
            for e in entries {
                guard let key = e.key else {
                    out.warnings.append(.routesUnreadable(owner.first ?? "module table", at: e.location))
                    continue
                }
                let site = ValueResolver.Site(location: e.location, enclosingTypes: owner, module: module)
                let made = resolver.resolve(e.value, in: e.context, site: site).made
                let built = made.compactMap { m -> String? in
                    if case .construct(let t, _) = m.value, moduleSet.contains(DependencyBinding.unqualified(t)) { return DependencyBinding.unqualified(t) }
                    return nil
                }
                if built.isEmpty {
                    out.warnings.append(.destinationUnreadable(owner.first ?? "module table", e.value.summary, at: e.location))
                }
                for b in Set(built).sorted() { mappings.append(.init(route: key, feature: b, origin: RegistryAssembler.origin(e.location))) }
            }
            guard !mappings.isEmpty else { return }
            if let o = owner.first { routerTypes.insert(o) }
            let base = owner.first ?? "modules"
            let name = handlers.contains { $0.name == base } ? "\(base)@\(location.line)" : base
            handlers.append(RouteHandler(
                name: name, module: module, routes: mappings.sorted { ($0.route, $0.feature) < ($1.route, $1.feature) },
                origin: RegistryAssembler.origin(location)))
        }

        /// Navigation: each `presentModule` call (or a learnt presenting function's) is an edge of the
        /// module whose code makes it, an entry in the app's composition root.
        mutating func followPresentCalls() -> StyleNavigations {
            let presentFunctions = model.presenting
            for f in index.functions where presentFunctions.contains(f.name) { if let o = f.owner { routerTypes.insert(o) } }
            var navigations = StyleNavigations(index: index, features: features, stops: routerTypes.union(model.pages), verb: "presented")
            let calls = presentFunctions.sorted().flatMap { index.callsByName[$0] ?? [] }.map { index.calls[$0] }.filter(model.isPresenting)
            for call in calls.sorted(by: { $0.location < $1.location }) where !call.enclosingTypes.contains(where: debugOnly.contains) {
                guard let arg = call.arguments.first(where: { $0.label == "module" }) ?? call.arguments.first else { continue }
                // The router passing its own parameter on (`product.presentModule(module, …)` inside
                // `presentModule`, the second level of products) is plumbing, not navigation.
                if let f = call.function, presentFunctions.contains(index.functions[f].name), case .ref(let n) = arg.value,
                   index.functions[f].parameters.contains(where: { $0.name == n }) { continue }
                let (targets, unresolved) = pages(presentedBy: arg.value, call: call)
                if !recordHelperCallers(of: call, presenting: arg.value, targets: targets, unresolved: unresolved, into: &navigations) {
                    navigations.record(at: call.location, written: arg.value.summary, targets: targets, unresolved: unresolved)
                }
                notePassedKeys(of: call, to: targets)
            }
            return navigations
        }

        /// The pages a presenting call's argument may be: a page case read at once, else followed.
        mutating func pages(presentedBy v: ValueExpr, call: CallFact) -> ([StyleNavigations.Target], [CallSiteExplanation.Unresolved]) {
            let callSite = resolver.site(ofCall: call)
            var targets: [StyleNavigations.Target] = []
            var unresolved: [CallSiteExplanation.Unresolved] = []
            if let key = model.key(of: v, in: model.parameterEnum) {
                targets.append(.init(route: key, site: callSite, chain: []))
                return (targets, unresolved)
            }
            let result = resolver.resolve(v, in: resolver.context(ofCall: call), site: callSite)
            for m in result.made {
                if let key = model.key(of: m.value, in: model.parameterEnum) {
                    targets.append(.init(route: key, site: m.site, chain: m.chain))
                } else if case .construct(let t, _) = m.value, model.unkeyedPageTypes[DependencyBinding.unqualified(t)] != nil {
                    // A page whose key the scan cannot read: the call shows it, by which key is unknown.
                    let type = DependencyBinding.unqualified(t)
                    let reason = "the key of page \(type) is not a string literal the scanner can read"
                    unresolved.append(.init(reason: reason, chain: m.chain))
                    shownUnkeyed.append(UnfollowedCall(
                        call: v.summary, kind: .present, screens: [type], reason: reason, origin: RegistryAssembler.origin(call.location)))
                } else {
                    unresolved.append(.init(reason: "'\(m.value.summary)' is not a page case with a readable key", chain: m.chain))
                }
            }
            for m in Set(result.misses) { unresolved.append(.init(reason: m.reason, chain: m.chain)) }
            return (targets, unresolved)
        }

        /// A public helper of the app router (`extension AppRouter { func navigateToHistory() {
        /// presentModule(PageModule.history, …) } }`, or `presentRoutePath(_:)` mapping a string to a
        /// page) whose page is decided inside the router: the page is presented from where the helper
        /// is called. Returns whether the call was recorded at its helper's callers.
        mutating func recordHelperCallers(
            of call: CallFact, presenting v: ValueExpr, targets: [StyleNavigations.Target], unresolved: [CallSiteExplanation.Unresolved],
            into navigations: inout StyleNavigations
        ) -> Bool {
            guard let f = call.function, let owner = index.functions[f].owner, routerTypes.contains(owner),
                  !model.presenting.contains(index.functions[f].name), !targets.isEmpty, unresolved.isEmpty,
                  targets.allSatisfy({ $0.site.enclosingTypes.contains(owner) }) else { return false }
            let helper = index.functions[f]
            let callers = ((index.callsByName[helper.name] ?? []).map { index.calls[$0] } + index.callsWithoutArguments.filter { $0.callee.name == helper.name })
                .filter { helper.accepts(labels: $0.labels) && !$0.enclosingTypes.contains(where: debugOnly.contains) }
                .sorted { $0.location < $1.location }
            guard !callers.isEmpty else { return false }
            for c in callers {
                let site = resolver.site(ofCall: c)
                navigations.record(at: c.location, written: "\(helper.name)(…) → \(v.summary)",
                                   targets: targets.map { .init(route: $0.route, site: site, chain: ["\(helper.signature) presents \(v.summary)"] + $0.chain) },
                                   unresolved: [])
            }
            return true
        }

        /// The `parameters` keys a call passes, for each page it presents.
        mutating func notePassedKeys(of call: CallFact, to targets: [StyleNavigations.Target]) {
            let keys = passedKeys(call, index)
            for t in targets {
                var p = passed[t.route] ?? (keys: [], unknown: false)
                p.keys.formUnion(keys ?? [])
                p.unknown = p.unknown || keys == nil
                passed[t.route] = p
            }
        }

        mutating func finished(_ navigations: StyleNavigations) -> StyleExtraction {
            navigations.apply(to: &features)
            out.warnings += neverPassed(index, handlers: handlers, passed: passed)
            out.warnings += navigations.warnings
            out.explanations = navigations.explanations
            out.routerTypes = routerTypes
            out.registry = navigations.registry(routes: routes, handlers: handlers, features: features)
            out.registry.unfollowed = shownUnkeyed
            return out
        }
    }

    /// Functions that present a page under another name than `presentModule`, learnt from the declarations
    /// the app compiles against: a method of a router (a protocol requirement, or a method of a class)
    /// that returns nothing
    /// whose first parameter is a page (an enum whose cases carry string keys, or a protocol such enums
    /// conform to) and that the router or a type conforming to it backs with a table or `switch` keyed
    /// by those pages whose values build modules (`func show(_ screen: Screen, parameters:)` on a
    /// `ScreenRouting` protocol whose `ScreenFactory` holds `[Screen.home.key: HomeModule(…)]`).
    static func learnPresenting(_ index: SemanticIndex) -> Set<String> {
        func isEnum(_ n: String) -> Bool { index.type(named: n).map { !$0.isProtocol && !$0.enumCases.isEmpty } ?? false }
        // Modules: conformers of protocols with a `parameters:` requirement.
        var modules = Set<String>()
        for f in index.functions where isModuleRequirement(f) {
            if let o = f.owner, index.isProtocol(o) { modules.formUnion(index.conformers[o] ?? []) }
        }
        guard !modules.isEmpty else { return [] }
        func buildsModule(_ v: ValueExpr, _ function: Int?) -> Bool {
            switch v {
            case .construct(let t, _): return modules.contains(DependencyBinding.unqualified(t))
            case .choice(let xs), .array(let xs): return xs.contains { buildsModule($0, function) }
            case .ref(let n):
                guard let f = function else { return false }
                return (index.functions[f].locals[n] ?? []).contains { if case .construct = $0 { return buildsModule($0, nil) }; return false }
            default: return false
            }
        }
        /// `.home` where `home` is a case of one of `pages`.
        func isImplicitCase(_ v: ValueExpr, _ pages: Set<String>) -> Bool {
            guard case .unknown(let text) = v, ValueResolver.isImplicitMember(text) else { return false }
            let name = String(text.dropFirst())
            return pages.contains { index.type(named: $0)?.enumCases.contains { $0.name == name } == true }
        }
        var out = Set<String>()
        for fn in index.functions where !fn.isStatic && !fn.isGetter && !presentFunctions.contains(fn.name) {
            // One that returns something builds (`getModule(module:) -> UIViewController?`): a factory, not navigation.
            guard fn.returnType == nil || fn.returnType == "Void" || fn.returnType == "()" else { continue }
            guard let owner = fn.owner, let first = fn.parameters.first, !first.typeName.isEmpty else { continue }
            let page = DependencyBinding.unqualified(first.typeName)
            let pages: Set<String> = isEnum(page) ? [page] : index.isProtocol(page) ? Set((index.conformers[page] ?? []).filter(isEnum)) : []
            guard !pages.isEmpty else { continue }
            // The router itself, and the types that conform to it (a product router behind the app's).
            let related = Set([owner] + (index.conformers[owner] ?? []))
            let table = index.tables.contains { t in
                t.enclosingTypes.contains(where: related.contains)
                    && t.entries.contains { Model.pageKeyShape($0.key, pages: pages) && buildsModule($0.value, t.function) }
            }
            // The router's own switch, or the page enum's (`func create(using:) -> IModule { switch self { … } }`).
            let switched = index.switches.contains { s in
                (s.enclosingTypes.contains(where: related.contains) || (s.subject == .ref("self") && s.enclosingTypes.contains(where: pages.contains)))
                    && s.cases.contains { c in c.patterns.contains { Model.pageKeyShape($0, pages: pages) || isImplicitCase($0, pages) } && c.values.contains { buildsModule($0, s.function) } }
            }
            if table || switched { out.insert(fn.name) }
        }
        return out
    }

    /// A module protocol's requirement: it takes the page's parameters, by the article's label
    /// (`presentView(parameters:)`) or by their type (`resolve(using params: [String: Any]) -> UIViewController`).
    static func isModuleRequirement(_ f: FunctionFacts) -> Bool {
        guard f.inProtocol else { return false }
        if f.labels.first == "parameters" { return true }
        return f.parameters.first.map { $0.typeText.filter { !$0.isWhitespace } == "[String:Any]" } ?? false
    }

    /// Whether a value is, or is built from, one of the function's parameters.
    static func refersToParameter(_ v: ValueExpr, _ f: FunctionFacts) -> Bool {
        switch v {
        case .ref(let n): return f.parameters.contains { $0.name == n }
        case .member(let b, _), .element(let b): return refersToParameter(b, f)
        case .choice(let items), .array(let items): return items.contains { refersToParameter($0, f) }
        default: return false
        }
    }

    /// The literal keys of the `parameters:` dictionary a call passes; nil when it is not a literal
    /// dictionary with literal keys (a variable, a built dictionary: anything may be passed).
    static func passedKeys(_ call: CallFact, _ index: SemanticIndex) -> Set<String>? {
        guard call.arguments.contains(where: { $0.label == "parameters" }) else { return nil }
        guard let table = index.tables.first(where: { $0.argumentOf?.call == call.location && $0.argumentOf?.label == "parameters" }) else { return nil }
        var keys = Set<String>()
        for e in table.entries {
            guard case .literal(let k) = e.key else { return nil }
            keys.insert(k)
        }
        return keys
    }

    /// `parameters["x"]` read in a module's own functions (from their `parameters` parameter) where every
    /// call that presents the module's pages passes a literal dictionary without `x`.
    static func neverPassed(_ index: SemanticIndex, handlers: [RouteHandler], passed: [String: (keys: Set<String>, unknown: Bool)]) -> [ScanWarning] {
        var routesOf: [String: Set<String>] = [:]
        for h in handlers { for m in h.routes { routesOf[m.feature, default: []].insert(m.route) } }
        var out: [ScanWarning] = []
        for read in index.subscripts {
            guard case .ref(let name) = read.base, let f = read.function, let module = index.functions[f].owner,
                  let routes = routesOf[module],
                  index.functions[f].parameters.contains(where: { $0.name == name && ($0.label == "parameters" || $0.name == "parameters") })
            else { continue }
            let callers = routes.compactMap { passed[$0] }
            guard !callers.isEmpty, !callers.contains(where: \.unknown), !callers.contains(where: { $0.keys.contains(read.key) }) else { continue }
            out.append(.parameterNeverPassed(module, read.key, routes.sorted(), at: read.location))
        }
        return out
    }

    /// The page enums, their keys and the module types, read from the index.
    struct Model {
        let index: SemanticIndex
        /// The functions that present a page: `presentModule` and those learnt from the declarations.
        var presenting: Set<String> = []
        /// Enums of pages: the type of a `presentModule` parameter, or an enum named in a `presentModule` call.
        var pages: Set<String> = []
        /// The one page enum a bare `.case` argument of `presentModule` belongs to.
        var parameterEnum: String?
        /// Types that are modules: conform to a protocol with a `parameters:` requirement (its first
        /// label: `presentView(parameters:presentType:)` too).
        var modules: Set<String> = []
        /// Per page enum, per key property, per case: the key.
        private var keys: [String: [String: [String: String]]] = [:]
        /// Page enums with a per-case property (`var routePath: String { switch self { … } }`), readable or not.
        private var keyed: Set<String> = []
        /// Per page enum, the keys it shares with another page enum in a namespace of its own (`namespaces`).
        private var qualified: [String: Set<String>] = [:]
        /// Module types that are their own pages: the classes and structs conforming to the protocol a
        /// presenting function takes, each with a key property whose getter returns one literal
        /// (`extension LoginModule: Module { var routePath: String { "Login" } }`, or a superclass's),
        /// presented as built (`presentModule(module: LoginModule(router))`). Type → key and where.
        var pageTypes: [String: (key: String, location: SourceLocation)] = [:]
        /// Such conformers whose key property does not return one literal: no route (a warning).
        var unkeyedPageTypes: [String: SourceLocation] = [:]

        init(_ index: SemanticIndex) {
            self.index = index
            func isEnum(_ n: String) -> Bool { index.type(named: n).map { !$0.isProtocol && !$0.enumCases.isEmpty } ?? false }
            presenting = ModuleFactoryExtractor.presentFunctions.union(ModuleFactoryExtractor.learnPresenting(index))
            let presenting = self.presenting
            var declared: [String] = []
            for f in index.functions where presenting.contains(f.name) {
                if let p = f.parameters.first, isEnum(p.typeName) { declared.append(p.typeName) }
            }
            pages.formUnion(declared)
            // Enums conforming to the protocol `presentModule` takes (`func presentModule(_ module: Module, …)`).
            for f in index.functions where presenting.contains(f.name) {
                guard let p = f.parameters.first, index.isProtocol(p.typeName) else { continue }
                for t in index.conformers[p.typeName] ?? [] where isEnum(t) { pages.insert(t) }
            }
            for name in presenting {
                for c in index.callsByName[name] ?? [] where isPresenting(index.calls[c]) {
                    // Only the page argument (the one navigation reads): a `presentType: .push` beside it is no page.
                    let args = index.calls[c].arguments
                    for a in (args.first(where: { $0.label == "module" }) ?? args.first).map({ [$0] }) ?? [] {
                        // `PageModule.home`, and a nested page enum: `Products.VIPER.HomeModule`.
                        if case .staticMember(let t, _) = a.value, isEnum(DependencyBinding.unqualified(t)) { pages.insert(DependencyBinding.unqualified(t)) }
                        if case .member(.staticMember(_, let t), _) = a.value, isEnum(t) { pages.insert(t) }
                    }
                }
            }
            if Set(declared).count == 1 { parameterEnum = declared.first } else if pages.count == 1 { parameterEnum = pages.first }
            (pageTypes, unkeyedPageTypes) = Self.pageTypes(index, presenting: presenting)

            // A table keyed through an enum's key property whose values build types
            // (`[FoodProducts.home.routePath: { FoodHomeModule($0) }]`) makes that enum one of pages
            // too: a product whose pages the app only gets (`getModule(module:)`, no `presentModule`).
            for t in index.tables {
                for e in t.entries {
                    guard case .member(.staticMember(let name, let c), let p) = e.key, ModuleFactoryExtractor.keyProperties.contains(p),
                          case .construct = e.value, isEnum(name), index.type(named: name)?.enumCases.contains(where: { $0.name == c }) == true
                    else { continue }
                    pages.insert(name)
                }
            }
            // Per-case string properties: `switch self { case .home: return "…" }` in a page enum's property.
            for s in index.switches {
                guard case .ref("self") = s.subject, let f = s.function, let owner = index.functions[f].owner, pages.contains(owner),
                      index.functions[f].parameters.isEmpty else { continue }
                let property = index.functions[f].name
                // (A switch that builds the modules, `func make() -> Module { switch self { … } }`, is no key.)
                if s.cases.contains(where: { $0.values.contains { v in if case .construct = v { return false }; return true } }) { keyed.insert(owner) }
                var interpolated: [String: Int] = [:]
                for c in s.cases where c.values.count == 1 { if let t = Self.interpolatedKey(c.values[0]) { interpolated[t, default: 0] += c.patterns.count } }
                for c in s.cases {
                    guard c.values.count == 1 else { continue }
                    let key: String
                    if case .literal(let k) = c.values[0] {
                        key = k
                    } else if let t = Self.interpolatedKey(c.values[0]), interpolated[t] == 1 {
                        // `"\(Bundle.appName())/EmployeeList"`: one unknown part the same in every
                        // case, so the text as written tells the cases apart (two cases writing the
                        // same text may still differ at run time: neither has a key then).
                        key = t
                    } else { continue }
                    for p in c.patterns {
                        if let name = Self.caseName(p, of: owner) { keys[owner, default: [:]][property, default: [:]][name] = key }
                    }
                }
            }
            qualified = Self.namespaces(index, pages: pages, key: { [self] in self.unqualifiedKey($0, $1) })

            var protocols = Set<String>()
            // (The router's own protocol, which declares a presenting function, is no module's:
            // `protocol IAppRouter { func presentModule(…); func dismiss(parameters:) }`.)
            let routerProtocols = Set(index.functions.compactMap { f in presenting.contains(f.name) ? f.owner : nil })
            for f in index.functions where ModuleFactoryExtractor.isModuleRequirement(f) {
                if let o = f.owner, index.isProtocol(o), !routerProtocols.contains(o) { protocols.insert(o) }
            }
            // Of several such protocols (a module's and its wireframe's `presentView(parameters:)`), the
            // modules are the conformers of those whose types a table keyed by pages builds.
            let built = Set(index.tables.flatMap { t in t.entries.compactMap { e -> String? in
                guard Self.pageKeyShape(e.key, pages: pages) else { return nil }
                if case .construct(let n, _) = e.value { return DependencyBinding.unqualified(n) }
                if case .ref(let local) = e.value, let f = t.function {
                    for v in index.functions[f].locals[local] ?? [] { if case .construct(let n, _) = v { return DependencyBinding.unqualified(n) } }
                }
                return nil
            } })
            // (Or a page enum's own factory: `switch self { case .home: return HomeModule(…) }`.)
            var builtBySwitch = Set<String>()
            for sw in index.switches where sw.subject == .ref("self") && sw.enclosingTypes.contains(where: pages.contains) {
                for v in sw.cases.flatMap(\.values) { if case .construct(let n, _) = v { builtBySwitch.insert(DependencyBinding.unqualified(n)) } }
            }
            let preferred = protocols.filter { p in built.union(builtBySwitch).contains { index.type($0, conformsTo: p) } }
            if !preferred.isEmpty { protocols = preferred }
            for p in protocols { modules.formUnion(index.conformers[p] ?? []) }
            // The module protocol declared in a package outside the sources (`import AppsRouter`): the
            // types a table keyed by pages builds are the modules, but for those that hold such a table
            // themselves (a product's router, built by the app's table of products).
            if protocols.isEmpty {
                let routers = Set(index.tables.filter { t in t.entries.contains { Self.pageKeyShape($0.key, pages: pages) } }.flatMap(\.enclosingTypes))
                modules = built.union(builtBySwitch).subtracting(routers)
            }
            modules = modules.filter { index.type(named: $0).map { !$0.isProtocol && !$0.debugOnly } ?? false }
            // A base class the modules inherit from (`open class BaseModule: IModule`) is not a page,
            // unless it is built itself (`PostListingModule(router)`, which `WatchListingModule` extends).
            let all = modules
            func isBuilt(_ m: String) -> Bool { (index.callsByName[m] ?? []).contains { index.calls[$0].callee.receiver == .implicit } }
            modules = modules.filter { m in isBuilt(m) || !all.contains { index.type(named: $0)?.inherited.contains(m) == true } }
        }

        /// A call of a presenting function: `presentModule` by its name; a learnt one (`present(module:…)`)
        /// only where its labels fit a declaration of it, so UIKit's `present(_:animated:)` is no page.
        func isPresenting(_ call: CallFact) -> Bool {
            if ModuleFactoryExtractor.presentFunctions.contains(call.callee.name) { return true }
            return (index.functionsByName[call.callee.name] ?? []).contains { index.functions[$0].accepts(call) }
        }

        /// The key of case `name` of `page`: its key property's value, else its raw value; qualified by
        /// its enum where two enums' namespaces share it (`namespaces`).
        func key(_ page: String, _ name: String, property: String? = nil) -> String? {
            guard let k = unqualifiedKey(page, name, property: property) else { return nil }
            return qualified[page]?.contains(k) == true ? page + ":" + k : k
        }

        /// The key of case `name` of `page` as the enum writes it (`key` qualifies it by its enum where
        /// two enums' namespaces share it).
        func unqualifiedKey(_ page: String, _ name: String, property: String? = nil) -> String? {
            let props = keys[page] ?? [:]
            if let p = property { return props[p]?[name] }
            let chosen = ModuleFactoryExtractor.keyProperties.first { props[$0] != nil } ?? props.keys.sorted().first
            if let p = chosen { return props[p]?[name] }
            guard let t = index.type(named: page), let c = t.enumCases.first(where: { $0.name == name }) else { return nil }
            if let raw = c.rawValue { return raw }
            if t.inherited.contains("String") { return name }
            // A page enum with no key at all (no key property, no raw values): the case is the page.
            // (A raw type without raw values written, `enum Page: Int`, has keys the scan cannot read.)
            let onlyProtocols = t.inherited.allSatisfy { ["CaseIterable", "Equatable", "Hashable", "Sendable"].contains($0) || index.isProtocol($0) }
            return props.isEmpty && !keyed.contains(page) && onlyProtocols ? "\(page).\(name)" : nil
        }

        /// A key written through a page enum (not a bare literal).
        func isPageKey(_ v: ValueExpr) -> Bool {
            if case .literal = v { return false }
            return key(of: v) != nil
        }

        /// `HomeModule(…)` where `HomeModule` is a module type.
        func buildsModule(_ v: ValueExpr) -> Bool {
            switch v {
            case .construct(let t, _): return modules.contains(DependencyBinding.unqualified(t))
            case .choice(let c): return c.contains(where: buildsModule)
            default: return false
            }
        }

        /// A key written through a page enum, as far as its shape tells (`Page.home.key`, `Page.home`,
        /// `Outer.Page.home`, `Outer.Page.home.key`).
        static func pageKeyShape(_ v: ValueExpr, pages: Set<String>) -> Bool {
            switch v {
            case .staticMember(let t, _): return pages.contains(DependencyBinding.unqualified(t))
            case .member(.staticMember(let outer, let inner), _): return pages.contains(DependencyBinding.unqualified(outer)) || pages.contains(inner)
            case .member(.member(.staticMember(_, let t), _), _): return pages.contains(t)
            default: return false
            }
        }

        /// A written key: `Page.home.routePath`, `Page.home`, `.home` (in `page`), or a literal.

        func key(of v: ValueExpr, in page: String? = nil) -> String? {
            switch v {
            // A nested page enum: `Products.VIPER.HomeModule.routePath`, `Products.VIPER.HomeModule`.
            case .member(.member(.staticMember(_, let t), let c), let p) where pages.contains(t):
                return key(t, c, property: p)
            case .member(.staticMember(_, let t), let c) where pages.contains(t) && index.type(named: t)?.enumCases.contains(where: { $0.name == c }) == true:
                return key(t, c)
            case .member(.staticMember(let t, let c), let p) where pages.contains(DependencyBinding.unqualified(t)):
                return key(DependencyBinding.unqualified(t), c, property: p)
            case .staticMember(let t, let c) where pages.contains(DependencyBinding.unqualified(t)):
                return key(DependencyBinding.unqualified(t), c)
            case .member(.staticMember(let t, let c), let p) where pages.contains(t):
                return key(t, c, property: p)
            case .staticMember(let t, let c) where pages.contains(t):
                return key(t, c)
            case .unknown(let text) where ValueResolver.isImplicitMember(text):
                let c = String(text.dropFirst())
                if let p = page { return key(p, c) }
                let owners = pages.filter { index.type(named: $0)?.enumCases.contains { $0.name == c } == true }
                return owners.count == 1 ? key(owners.first!, c) : nil
            case .literal(let s):
                return s
            case .construct(let t, _):
                // A module type that is its own page, presented as built.
                return pageTypes[DependencyBinding.unqualified(t)]?.key
            default:
                return nil
            }
        }
    }
}

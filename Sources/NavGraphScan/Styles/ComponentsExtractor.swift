import Foundation
import NavGraphKit

/// Components: modules declare `static let route = "…"` (or `static var route: String { "…" }`), the
/// app registers them (`router.register(ProfileModule.self)`) and opens them by type or by route
/// string (`router.open(ProfileModule.self, …)`, `router.open("profile", …)`).
///
/// Route = a module's route string; screen = the module type; handler = one synthetic "router
/// registrations" handler whose mappings are the `register` calls (a module never registered:
/// unhandled-route; registered and never opened: unreachable-feature); edge = an `open` call,
/// attributed to the module whose code (or whose built types' code) makes it; a string no module
/// declares becomes a route of its own that no handler maps (unhandled-route); entry = an `open` in
/// the app or scene delegate; `@Dependency` injections → the module's dependencies with `used`.
struct ComponentsExtractor: StyleExtractor {
    static let style = RoutingStyle.components
    static let openFunctions: Set<String> = ["open"]
    static let registerFunctions: Set<String> = ["register"]

    /// The README's `open` / `register`, and the names an app's own copy of the framework gives them,
    /// learnt from its declarations: a requirement of a protocol whose first parameter is a module type
    /// (`X.Type` where `X` is a protocol requiring `route`) registers when its name starts with `register`, else opens
    /// (`func show(_ module: Screen.Type, parameters:)`).
    static func functions(_ index: SemanticIndex) -> (open: Set<String>, register: Set<String>) {
        var open = openFunctions
        var register = registerFunctions
        let protocols = Set(index.types.names(where: { $0.isProtocol && $0.propertyTypes["route"] != nil }))
        guard !protocols.isEmpty else { return (open, register) }
        // (Requirements of the copied router protocol only: an app's own wrapper, `func show(_ module:
        // Module.Type) { router.open(module) }`, passes its module on and is not the router.)
        for fn in index.functions where !fn.isStatic && fn.inProtocol {
            guard let m = fn.parameters.first?.metatypeOf, protocols.contains(DependencyBinding.unqualified(m)) else { continue }
            if fn.name.hasPrefix("register") { register.insert(fn.name) }
            else if fn.returnType == nil || fn.returnType == "Void" { open.insert(fn.name) }
        }
        return (open, register)
    }
    static let handlerName = "router registrations"
    static let containerHandlerName = "module containers"
    /// Container registrations of injected types.
    static let dependencyFunctions: Set<String> = ["add", "register"]

    static func detect(in index: SemanticIndex, files: [FileFacts]) -> Bool {
        let containers = Self.containers(index)
        if !containers.isEmpty, !containerAssemblies(index, containers).isEmpty { return true }
        let modules = Self.modules(index)
        guard !modules.isEmpty else { return false }
        return functions(index).open.contains { name in
            (index.callsByName[name] ?? []).contains { c in
                index.calls[c].arguments.first.map { target(of: $0.value, modules: modules) != nil } ?? false
            }
        }
    }

    /// Module types and their route strings: concrete types with a literal `static route` (a stored
    /// `static let/var`, or a computed one returning a literal) that are modules by their declaration:
    ///
    /// - they conform to a protocol declared in the sources that requires `route` (an app's own copy,
    ///   under any name: `Module`, `ModuleProtocol`);
    /// - or they have the shape the framework's `ModuleInterface` requires when the framework is a
    ///   dependency and its protocol is not in the sources: an initializer taking `router:` (and
    ///   `navigator:`), or an `open` entry point whose last parameter is `callback:`;
    /// - or a `register` / `open` call names them (`router.register(AppModule.self)`).
    static func modules(_ index: SemanticIndex) -> [String: (route: String, location: SourceLocation)] {
        let protocols = Set(index.types.names(where: { $0.isProtocol && $0.propertyTypes["route"] != nil }))
        // Types named as `X.self` by a register/open call.
        var named = Set<String>()
        let learnt = functions(index)
        for name in learnt.register.union(learnt.open) {
            for c in index.callsByName[name] ?? [] {
                if case .staticMember(let t, "self")? = index.calls[c].arguments.first?.value { named.insert(DependencyBinding.unqualified(t)) }
            }
        }
        var out: [String: (route: String, location: SourceLocation)] = [:]
        for t in index.types where !t.isProtocol && !t.debugOnly {
            var literal: String?
            for v in t.propertyValues["route"] ?? [] { if case .literal(let s) = v.value { literal = s; break } }
            if literal == nil {
                for f in index.functionsByName["route"] ?? [] where index.functions[f].owner == t.name {
                    for r in index.functions[f].returns { if case .literal(let s) = r { literal = s } }
                }
            }
            guard let l = literal else { continue }
            let declared = protocols.contains(where: { index.type(t.name, conformsTo: $0) })
            if declared || named.contains(t.name) || hasModuleShape(t.name, index) { out[t.name] = (l, t.location) }
        }
        return out
    }

    /// `init(router:navigator:)` (or any initializer taking `router:`), or `open(_:callback:)` /
    /// `open(path:parameters:callback:)`: what the framework's `ModuleInterface` requires.
    static func hasModuleShape(_ type: String, _ index: SemanticIndex) -> Bool {
        let own = index.functions.filter { $0.owner == type && !$0.isStatic }
        if own.contains(where: { $0.name == "init" && $0.labels.contains("router") }) { return true }
        return own.contains { $0.name == "open" && $0.labels.last == "callback" }
    }

    /// The "container" variant: `enum/struct XModuleContainer { static func assemble(_:) -> XModuleContainer }`
    /// (a type with a static `assemble` whose name ends in `ModuleContainer` or that inherits
    /// `ModuleContainer`, or whose name ends in `Container` and whose `assemble` returns the type).
    /// Its route id is the name without `ModuleContainer` / `Container`.
    static func containers(_ index: SemanticIndex) -> [String: (route: String, location: SourceLocation)] {
        var out: [String: (route: String, location: SourceLocation)] = [:]
        for f in index.functionsByName["assemble"] ?? [] where index.functions[f].isStatic {
            // (`XContainer` whose `assemble` returns itself is the same template without "Module".)
            guard let o = index.functions[f].owner, let t = index.type(named: o), !t.isProtocol, !t.debugOnly,
                  o.hasSuffix("ModuleContainer") || t.inherited.contains("ModuleContainer")
                    || (o.hasSuffix("Container") && ["\(o)", "Self"].contains(index.functions[f].returnType ?? "")) else { continue }
            let suffix = o.hasSuffix("ModuleContainer") ? "ModuleContainer" : o.hasSuffix("Container") ? "Container" : ""
            let stem = String(o.dropLast(suffix.count))
            out[o] = (stem.isEmpty ? o : stem, index.functions[f].location)
        }
        return out
    }

    /// `YModuleContainer.assemble(…)` written outside Y: X's router (or the app) opens Y.
    /// The type an `assemble` call is made on (`Y.assemble(…)`; without arguments the index keeps it as a value).
    static func containerType(_ c: CallFact) -> String? {
        switch c.callee.receiver {
        case .type(let t), .value(.ref(let t)): return SyntaxHelpers.isTypeLike(t) ? t : nil
        default: return nil
        }
    }

    static func containerAssemblies(_ index: SemanticIndex, _ containers: [String: (route: String, location: SourceLocation)]) -> [CallFact] {
        // With arguments or without (`CitiesModuleContainer.assemble()`).
        ((index.callsByName["assemble"] ?? []).map { index.calls[$0] } + index.callsWithoutArguments.filter { $0.callee.name == "assemble" }).filter { c in
            guard let t = containerType(c), containers[t] != nil else { return false }
            return !c.enclosingTypes.contains(t)
        }
    }

    /// `Module.self` → the module; a string literal → itself.
    enum Target: Hashable { case module(String), route(String) }

    static func target(of v: ValueExpr, modules: [String: (route: String, location: SourceLocation)]) -> Target? {
        switch v {
        case .staticMember(let t, "self") where modules[t] != nil: return .module(t)
        case .literal(let s): return .route(s)
        default: return nil
        }
    }

    static func extract(from index: SemanticIndex, files: [FileFacts], config: ScanConfiguration) -> StyleExtraction {
        var run = Extraction(index: index)
        run.readRegistrations()
        let bindings = run.containerBindings()
        let handlers = run.handlers()
        var navigations = StyleNavigations(index: index, features: run.features, stops: run.routerTypes, verb: "opened")
        run.readOpenings(into: &navigations)
        run.readContainerAssemblies(into: &navigations)
        return run.finished(navigations, handlers: handlers, bindings: bindings)
    }

    /// One reading of the sources, in the order `extract` runs its steps: modules and containers as
    /// screens and routes, registrations as the handler, container registrations as dependencies, then
    /// openings (and containers assembling one another) as edges.
    struct Extraction {
        let index: SemanticIndex
        let modules: [String: (route: String, location: SourceLocation)]
        let containers: [String: (route: String, location: SourceLocation)]
        var resolver: ValueResolver
        var out = StyleExtraction()
        var routes: [Route]
        var features: [Feature]
        /// The router's own types (they declare `open` / `register`): their forwarding calls are plumbing.
        var routerTypes = Set<String>()
        let openFunctions: Set<String>
        let registerFunctions: Set<String>
        var mappings: [RouteHandler.Mapping] = []
        var firstRegistration: SourceLocation?
        /// Route strings opened that no module declares (a route nothing handles), and where.
        var extraRoutes: [String: SourceLocation] = [:]
        let debugOnly: Set<String>

        init(index: SemanticIndex) {
            self.index = index
            let modules = ComponentsExtractor.modules(index)
            self.modules = modules
            resolver = ValueResolver(index: index)
            resolver.metatypesAreValues = true
            routes = modules.map { name, m in
                Route(id: m.route, type: name, module: index.type(named: name)?.module, origin: RegistryAssembler.origin(m.location))
            }
            containers = ComponentsExtractor.containers(index).filter { modules[$0.key] == nil }
            routes += containers.map { name, c in
                Route(id: c.route, type: name, module: index.type(named: name)?.module, origin: RegistryAssembler.origin(c.location))
            }
            features = (modules.keys.sorted() + containers.keys.sorted()).compactMap { name in
                guard let t = index.type(named: name) else { return nil }
                return Feature(name: name, module: t.module, dependencies: RegistryAssembler.dependencyRefs(t), origin: RegistryAssembler.origin(t.location), ignore: t.ignore)
            }
            (openFunctions, registerFunctions) = ComponentsExtractor.functions(index)
            for f in index.functions where openFunctions.contains(f.name) || registerFunctions.contains(f.name) {
                if let o = f.owner, modules[o] == nil { routerTypes.insert(o) }
            }
            debugOnly = Set(index.types.names(where: \.debugOnly))
        }

        /// Registrations: `router.register(X.self)`, `moduleManager.register(X.self, with: container)`,
        /// or a value followed to a module type.
        mutating func readRegistrations() {
            let registerCalls = registerFunctions.sorted().flatMap { index.callsByName[$0] ?? [] }.map { index.calls[$0] }
            for call in registerCalls.sorted(by: { $0.location < $1.location }) {
                guard let arg = call.arguments.first else { continue }
                var found: [String] = []
                if case .module(let m)? = target(of: arg.value, modules: modules) {
                    found = [m]
                } else {
                    // (`register(moduleType)` inside the framework's module manager forwards its callers' types.)
                    guard call.arguments.count == 1, !call.enclosingTypes.contains(where: routerTypes.contains) else { continue }
                    let result = resolver.resolve(arg.value, in: resolver.context(ofCall: call), site: resolver.site(ofCall: call))
                    found = result.made.compactMap { if case .module(let m)? = target(of: $0.value, modules: modules) { return m }; return nil }
                    // A registration of something else (a handler, a service) is not this style's.
                    if found.isEmpty && result.made.isEmpty && !result.misses.isEmpty, case .ref = arg.value {
                        out.warnings.append(.handlerRegistrationUnreadable(arg.value.summary, at: call.location))
                    }
                }
                for m in found {
                    firstRegistration = firstRegistration ?? call.location
                    mappings.append(.init(route: modules[m]!.route, feature: m, origin: RegistryAssembler.origin(call.location)))
                }
            }
        }

        /// Container registrations: `container.add(SessionStore.self) { … }`, `register(Analytics.self, …)` of
        /// a type that is not a module.
        func containerBindings() -> [DependencyBinding] {
            var bindings: [DependencyBinding] = []
            for name in dependencyFunctions.sorted() {
                for c in index.callsByName[name] ?? [] {
                    let call = index.calls[c]
                    guard case .staticMember(let t, "self")? = call.arguments.first?.value, modules[t] == nil, index.hasType(named: t) else { continue }
                    // UIKit's cell and view registrations (`tableView.register(Cell.self, forCellReuseIdentifier:)`) are not injections.
                    if call.labels.contains(where: { $0.hasSuffix("ReuseIdentifier") || $0 == "forSupplementaryViewOfKind" }) { continue }
                    bindings.append(DependencyBinding(protocol: t, module: call.module, origin: RegistryAssembler.origin(call.location)))
                }
            }
            return bindings
        }

        /// The router's registrations as one handler; each container assembles itself: its own handler
        /// mapping, at its `assemble`.
        func handlers() -> [RouteHandler] {
            var handlers: [RouteHandler] = []
            if let first = firstRegistration {
                var seen = Set<String>()
                handlers.append(RouteHandler(
                    name: handlerName, routes: mappings.sorted { ($0.route, $0.feature) < ($1.route, $1.feature) }.filter { seen.insert("\($0.route)|\($0.feature)").inserted },
                    origin: RegistryAssembler.origin(first)))
            }
            if !containers.isEmpty {
                let first = containers.values.map(\.location).min()!
                handlers.append(RouteHandler(
                    name: containerHandlerName,
                    routes: containers.map { .init(route: $0.value.route, feature: $0.key, origin: RegistryAssembler.origin($0.value.location)) }.sorted { $0.route < $1.route },
                    origin: RegistryAssembler.origin(first)))
            }
            return handlers
        }

        /// Openings: `router.open(X.self, …)`, `open("route")`, `open(URL(string: "modules://route")!)`,
        /// or a value followed to one. The router's own forwarding (`open(module.route, …)` inside
        /// `Router`) is not navigation.
        mutating func readOpenings(into navigations: inout StyleNavigations) {
            let calls = openFunctions.sorted().flatMap { index.callsByName[$0] ?? [] }.map { index.calls[$0] }
            for call in calls.sorted(by: { $0.location < $1.location })
            where !call.enclosingTypes.contains(where: { debugOnly.contains($0) || routerTypes.contains($0) }) {
                guard let arg = call.arguments.first, let (found, unresolved) = opened(by: arg.value, call: call) else { continue }
                // Opening goes through the registrations: an entry is the root's route (an unregistered root is unhandled).
                let declared = Set(modules.values.map(\.route))
                let targets = found.map { f -> StyleNavigations.Target in
                    switch f.target {
                    case .module(let m): return .init(route: modules[m]!.route, site: f.site, chain: f.chain)
                    case .route(let r):
                        if !declared.contains(r) { extraRoutes[r] = min(extraRoutes[r] ?? f.site.location, f.site.location) }
                        return .init(route: r, site: f.site, chain: f.chain)
                    }
                }
                navigations.record(at: call.location, written: arg.value.summary, targets: targets, unresolved: unresolved)
            }
        }

        /// What an `open` argument may be (nil: not this style's — another URL, a file).
        mutating func opened(by v: ValueExpr, call: CallFact) -> ([(target: Target, site: ValueResolver.Site, chain: [String])], [CallSiteExplanation.Unresolved])? {
            let callSite = resolver.site(ofCall: call)
            if let t = target(of: v, modules: modules) { return ([(t, callSite, [])], []) }
            if let url = urlString(v) {
                // The module whose route is the URL's host (or its first path segment).
                guard let r = routeInURL(url, declared: Set(modules.values.map(\.route))) else { return nil }
                return ([(.route(r), callSite, ["URL \"\(url)\" → route '\(r)'"])], [])
            }
            var found: [(target: Target, site: ValueResolver.Site, chain: [String])] = []
            var unresolved: [CallSiteExplanation.Unresolved] = []
            let result = resolver.resolve(v, in: resolver.context(ofCall: call), site: callSite)
            for m in result.made {
                if let t = target(of: m.value, modules: modules) { found.append((t, m.site, m.chain)) }
                else { unresolved.append(.init(reason: "'\(m.value.summary)' is neither a module type nor a route string", chain: m.chain)) }
            }
            for m in Set(result.misses) { unresolved.append(.init(reason: m.reason, chain: m.chain)) }
            if found.isEmpty && result.made.isEmpty && !ComponentsExtractor.looksLikeModule(v) { return nil }
            return (found, unresolved)
        }

        /// The container variant: `YModuleContainer.assemble(…)` in X's router (built by X's `assemble`).
        mutating func readContainerAssemblies(into navigations: inout StyleNavigations) {
            for call in containerAssemblies(index, containers).sorted(by: { $0.location < $1.location })
            where !call.enclosingTypes.contains(where: debugOnly.contains) {
                guard let y = containerType(call), let c = containers[y] else { continue }
                navigations.record(
                    at: call.location, written: "\(y).assemble(…)",
                    targets: [.init(route: c.route, site: resolver.site(ofCall: call), chain: [])], unresolved: [])
            }
        }

        /// A route string no module declares is a route nothing handles.
        mutating func finished(_ navigations: StyleNavigations, handlers: [RouteHandler], bindings: [DependencyBinding]) -> StyleExtraction {
            navigations.apply(to: &features)
            out.warnings += navigations.warnings
            out.explanations = navigations.explanations
            for (r, l) in extraRoutes { routes.append(Route(id: r, origin: RegistryAssembler.origin(l))) }
            out.registry = Registry(
                app: nil,
                entries: navigations.sortedEntries,
                routes: routes.sorted { ($0.id, $0.type ?? "") < ($1.id, $1.type ?? "") },
                handlers: handlers.sorted { $0.name < $1.name },
                features: features.sorted { ($0.name, $0.module ?? "") < ($1.name, $1.module ?? "") },
                dependencies: bindings.sorted { ($0.protocol, RegistryAssembler.key($0.origin)) < ($1.protocol, RegistryAssembler.key($1.origin)) })
            return out
        }
    }

    /// The literal of `URL(string: "…")`.
    static func urlString(_ v: ValueExpr) -> String? {
        if case .construct(let t, let args) = v, t == "URL" || t == "NSURL", let a = args.first, a.label == "string", case .literal(let s) = a.value { return s }
        return nil
    }

    /// The declared route a module URL names: its host, else its first path segment.
    static func routeInURL(_ url: String, declared: Set<String>) -> String? {
        guard let c = URLComponents(string: url) else { return nil }
        let segments = c.path.split(separator: "/").map(String.init)
        return [c.host, segments.first].compactMap { $0 }.first(where: declared.contains)
    }

    /// A value that reads like a module or a route (`module`, `route`, `destination`, `next`), for
    /// deciding whether an unfollowed `open(x)` is this style's.
    static func looksLikeModule(_ v: ValueExpr) -> Bool {
        let name: String
        switch v {
        case .ref(let n), .selfMember(let n), .member(_, let n): name = n.lowercased()
        default: return false
        }
        return ["module", "route", "screen", "destination", "page"].contains { name.contains($0) }
    }
}

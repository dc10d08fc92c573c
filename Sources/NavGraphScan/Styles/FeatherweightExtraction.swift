import Foundation
import NavGraphKit

extension FeatherweightExtractor {
    /// One reading of the sources' Featherweight trees, in the order `extract` runs its steps: read the
    /// tree nodes (and the app's own tree DSL), name the screens, walk each tree into features, routes and
    /// handlers, then follow `setRoute`/`setPath` calls and store actions into edges and entries.
    struct Extraction {
        let index: SemanticIndex
        let methods: MethodCallers
        var resolver: ValueResolver
        var out = StyleExtraction()
        var registry = Registry()

        /// The `Router(…).junction/stack/route(…)` calls written out (not the DSL's templates).
        var treeCalls: [CallFact] = []
        /// Functions whose tree node is built from their parameters: the app's own tree DSL.
        var wrappers = Set<Int>()
        var dsl: FeatherweightDSL
        var dslRoots: [(call: CallFact, tree: [FeatherweightDSL.Node])] = []
        var byValue: [ValueExpr: [CallFact]] = [:]
        /// Nodes some other node lists as a child (the rest are roots).
        var childLocations = Set<SourceLocation>()
        var nodes: [SourceLocation: Node] = [:]
        /// Per presenter function, the screens it makes.
        var screensOf: [String: Set<String>] = [:]
        /// Where the app calls the presenter function that makes each screen of several made by one
        /// function (a value decided at that call belongs to that screen).
        var screenMadeAt: [SourceLocation: String] = [:]
        var features: [String: Feature] = [:]
        var handlerMappings: [String: [RouteHandler.Mapping]] = [:]
        var entries: [Entry] = []
        var patterns: [(pattern: String, regex: NSRegularExpression?, node: Node)] = []
        /// The tree that first declared each pattern.
        var treeOf: [String: String] = [:]
        /// Per presenter function of a DSL tree, its literal argument lists.
        var dslArgumentLists: [String: Set<String>] = [:]
        /// Presenter functions (each screen, and each function making one).
        var presenters = Set<String>()
        /// A path no pattern matches, and where it is made.
        var unmatched: [String: SourceLocation] = [:]

        init(index: SemanticIndex) {
            self.index = index
            methods = MethodCallers(index: index)
            resolver = ValueResolver(index: index)
            resolver.firstLabelOmittable = true
            dsl = FeatherweightDSL(index: index, wrappers: [], treeCalls: [])
        }

        // MARK: Reading the trees

        /// The tree nodes, the app's own tree DSL built from them, and each node read with its children.
        mutating func readTrees() {
            let allTreeCalls = index.calls.filter(isTreeNode).sorted { $0.location < $1.location }
            for c in allTreeCalls {
                if let f = c.function, isTemplate(c, in: f) { wrappers.insert(f) } else { treeCalls.append(c) }
            }
            // The app's own tree DSL: each call of a wrapper is read as the node it builds.
            dsl = FeatherweightDSL(index: index, wrappers: wrappers, treeCalls: allTreeCalls)
            dslRoots = wrappers.isEmpty ? [] : dsl.roots().map { c in (call: c, tree: dsl.expand(.call(c.callee, c.arguments), .init(function: c.function), at: c.location)) }
            if !wrappers.isEmpty && dslRoots.allSatisfy({ $0.tree.isEmpty }) {
                for f in wrappers.sorted() {
                    out.warnings.append(ScanWarning(.identifierUnreadable, "Featherweight tree node built from the parameters of \(index.functions[f].signature) (the app's own tree DSL): no call of it builds a tree the scanner can read", at: index.functions[f].location))
                }
            }
            for c in treeCalls { byValue[.call(c.callee, c.arguments), default: []].append(c) }
            for c in treeCalls {
                let n = node(c)
                nodes[c.location] = n
                for child in n.children {
                    for m in byValue[child] ?? [] where m.function == c.function { childLocations.insert(m.location) }
                }
            }
            // A tree written out in a function the DSL applies (`children.map { $0(store) }` over
            // `[feedRouter, …]`) is a subtree of the DSL's tree, not a tree of its own.
            var reached = Set<SourceLocation>()
            func collect(_ n: FeatherweightDSL.Node) { reached.insert(n.location); n.children.forEach(collect) }
            for r in dslRoots { r.tree.forEach(collect) }
            for c in treeCalls where reached.contains(c.location) { childLocations.insert(c.location) }
        }

        /// A node whose presenter, children or pattern is a parameter of the function `f` building it (`func
        /// junctionRouter(presenter:children:) { Router(presenter(state)).junction(children…) }`) is the app's
        /// own tree DSL: its screens are whatever each call passes (`FeatherweightDSL` reads them there), not
        /// a screen named `presenter`.
        func isTemplate(_ c: CallFact, in f: Int) -> Bool {
            guard case .value(.construct(_, let args)) = c.callee.receiver, let p = args.first?.value else { return false }
            let parameters = Set(index.functions[f].parameters.map(\.name))
            var template = false
            switch p {
            case .call(let callee, _) where callee.receiver == .implicit: template = parameters.contains(callee.name)
            case .ref(let n): template = parameters.contains(n)
            default: break
            }
            for a in c.arguments where !template {
                if a.label == "predicate", let tests = tests(of: a.value) {
                    template = tests.contains { if case .ref(let n) = $0.value { return parameters.contains(n) }; return false }
                } else if case .ref(let n) = FeatherweightDSL.listed(a.value) {
                    template = parameters.contains(n)
                }
            }
            return template
        }

        /// One presenter function called with different literal arguments (`mockPresenter(store, title:
        /// "Welcome")`, `mockPresenter(store, title: "Login")`) makes one screen per argument list; where
        /// each is made, and per function the screens it makes.
        mutating func nameScreens() {
            var argumentLists: [String: Set<String>] = [:]
            for n in nodes.values where n.call.callee.name == "route" {
                if let f = n.presenterFunction { argumentLists[f, default: []].insert(n.presenterArguments ?? "") }
            }
            for (l, n) in nodes {
                guard let f = n.presenterFunction, let a = n.presenterArguments, (argumentLists[f]?.count ?? 0) > 1 else { continue }
                nodes[l]?.presenter = "\(f)(\(a))"
            }
            for n in nodes.values where n.call.callee.name == "route" {
                guard let p = n.presenter, p.contains("("), case .value(.construct(_, let args)) = n.call.callee.receiver,
                      case .call(let callee, let pargs)? = args.first?.value else { continue }
                if let made = (index.callsByName[callee.name] ?? []).map({ index.calls[$0] }).first(where: { $0.function == n.call.function && $0.callee == callee && $0.arguments == pargs }) {
                    screenMadeAt[made.location] = p
                }
            }
            for n in nodes.values where n.call.callee.name == "route" {
                if let f = n.presenterFunction ?? n.presenter, let p = n.presenter { screensOf[f, default: []].insert(p) }
            }
        }

        func presenterOrigin(_ name: String, at fallback: SourceLocation) -> ElementOrigin {
            let base = name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name
            // A screen made with arguments is declared where its route node makes it.
            if base != name { return RegistryAssembler.origin(fallback) }
            let f = index.functionsByName[base]?.map { index.functions[$0] }.first { $0.owner == nil }
            return RegistryAssembler.origin(f?.location ?? fallback)
        }

        mutating func addFeature(_ name: String, at l: SourceLocation) {
            if features[name] == nil { features[name] = Feature(name: name, origin: presenterOrigin(name, at: l)) }
        }

        /// Whether the function building a tree is called (then its root container is shown: an entry).
        func isCalled(_ builder: FunctionFacts?) -> Bool {
            builder.map { b in (index.callsByName[b.name] ?? []).isEmpty == false || index.callsWithoutArguments.contains { $0.callee.name == b.name } } ?? true
        }

        // MARK: Walking the trees written out

        /// Each root: one handler per tree, named by the function that builds it (and where, when two
        /// share a name); a root container is a screen, an entry when its builder is called.
        mutating func walkTrees() {
            for c in treeCalls where !childLocations.contains(c.location) {
                guard let root = nodes[c.location] else { continue }
                let builder = c.function.map { index.functions[$0] }
                let sameName = treeCalls.filter { o in !childLocations.contains(o.location) && o.function.map { index.functions[$0].name } == builder?.name }
                let base = builder?.name ?? "router tree"
                let handler = sameName.count > 1 ? "\(base) (\(c.location.file):\(c.location.line))" : base
                var visited: Set<SourceLocation> = [c.location]
                if root.call.callee.name == "route" {
                    walk(root, handler: handler, visited: &visited)
                } else if let container = root.presenter {
                    addFeature(container, at: c.location)
                    linkRoutes(below: root, from: container, handler: handler, visited: &visited)
                    if isCalled(builder) { entries.append(Entry(target: .feature(container), origin: RegistryAssembler.origin(c.location))) }
                }
            }
        }

        /// Routes under a node, through containers.
        mutating func routesBelow(_ n: Node, handler: String, visited: inout Set<SourceLocation>) -> [Node] {
            var found: [Node] = []
            for child in n.children {
                guard let m = (byValue[child] ?? []).first(where: { $0.function == n.call.function }), let cn = nodes[m.location] else {
                    out.warnings.append(ScanWarning(.navigateUnresolved, "Featherweight tree child '\(child.summary)' is not a `Router(…).junction/stack/route(…)` the scanner can follow", at: n.call.location))
                    continue
                }
                guard visited.insert(m.location).inserted else { continue }
                if cn.call.callee.name == "route" {
                    found.append(cn)
                } else {
                    found += routesBelow(cn, handler: handler, visited: &visited)
                }
                walk(cn, handler: handler, visited: &visited)
            }
            return found
        }

        /// An edge from `screen` to every route under `n`.
        mutating func linkRoutes(below n: Node, from screen: String, handler: String, visited: inout Set<SourceLocation>) {
            for child in routesBelow(n, handler: handler, visited: &visited) {
                if let p = nodes[child.call.location]?.pattern ?? child.pattern { features[screen]?.navigates.append(Navigation(route: p, origin: RegistryAssembler.origin(child.call.location))) }
            }
        }

        /// A route node: its screen, its pattern (read from a predicate or followed), its route and
        /// handler mapping, and the edges to the routes below it.
        mutating func walk(_ n: Node, handler: String, visited: inout Set<SourceLocation>) {
            guard n.call.callee.name == "route" else { return }
            guard let presenter = n.presenter else { return }
            addFeature(presenter, at: n.call.location)
            let n = readPattern(of: n)
            guard let pattern = n.pattern else {
                out.warnings.append(ScanWarning(.identifierUnreadable, "Featherweight route '\(n.patternValue?.summary ?? "(no pattern)")' whose pattern is not a string the scanner can follow (a literal, a constant, a function returning one or joining literals with +, or a predicate comparing the path with ==, ~=, hasPrefix, an array's contains or a switch, each to one such string)", at: n.call.location))
                var seen = visited
                linkRoutes(below: n, from: presenter, handler: handler, visited: &seen)
                visited = seen
                return
            }
            patterns.append((pattern, regex(of: n, pattern: pattern), n))
            declareRoute(pattern, of: presenter, handler: handler, at: n.call.location)
            var seen = visited
            linkRoutes(below: n, from: presenter, handler: handler, visited: &seen)
            visited = seen
        }

        /// The node with its pattern: the strings a predicate compares the path to (each must be one
        /// string; the id and the regex join them), else its pattern value followed to one literal.
        mutating func readPattern(of node: Node) -> Node {
            var n = node
            if !n.tests.isEmpty {
                var ids: [String] = []
                var alternatives: [String] = []
                for t in n.tests {
                    let r = resolver.resolve(t.value, in: .init(function: n.call.function, owner: n.call.enclosingTypes.first), site: .init(location: n.call.location, enclosingTypes: n.call.enclosingTypes, module: n.call.module))
                    let literals = Set(r.made.compactMap { m -> String? in if case .literal(let s) = m.value { return s }; return nil })
                    guard literals.count == 1, r.made.count >= 1, r.misses.isEmpty, let s = literals.first,
                          r.made.allSatisfy({ if case .literal = $0.value { return true }; return false }) else { ids = []; break }
                    ids.append(t.prefix ? s + "*" : s)
                    alternatives.append(NSRegularExpression.escapedPattern(for: s) + (t.prefix ? ".*" : ""))
                }
                if !ids.isEmpty {
                    n.pattern = ids.joined(separator: "|")
                    n.predicateRegex = alternatives.joined(separator: "|")
                } else {
                    n.patternValue = n.tests.count == 1 ? n.tests[0].value : .choice(n.tests.map(\.value))
                }
                nodes[n.call.location] = n
            }
            if n.pattern == nil, let v = n.patternValue {
                let r = resolver.resolve(v, in: .init(function: n.call.function, owner: n.call.enclosingTypes.first), site: .init(location: n.call.location, enclosingTypes: n.call.enclosingTypes, module: n.call.module))
                let literals = Set(r.made.compactMap { m -> String? in if case .literal(let s) = m.value { return s }; return nil })
                if literals.count == 1, r.made.count == literals.count || r.made.allSatisfy({ if case .literal = $0.value { return true }; return false }) {
                    n.pattern = literals.first
                    nodes[n.call.location] = n
                }
            }
            return n
        }

        /// The regular expression a node's paths must match: its predicate's, a predicate's literal
        /// exactly, else its pattern as a regular expression (a warning when it is not one).
        mutating func regex(of n: Node, pattern: String) -> NSRegularExpression? {
            if let p = n.predicateRegex {
                return try? NSRegularExpression(pattern: "^(?:" + p + ")$")
            } else if n.call.arguments.contains(where: { $0.label == "predicate" }) {
                return try? NSRegularExpression(pattern: "^" + NSRegularExpression.escapedPattern(for: pattern) + "$")
            } else if let r = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$") {
                return r
            }
            out.warnings.append(.invalidPattern(pattern, at: n.call.location))
            return nil
        }

        /// Two trees (two routers, or a copy of the tree) declaring the same pattern for the same
        /// presenter are one route; within one tree a second node with the pattern is a duplicate. A tree
        /// shows the first route a path matches: a later route with the same pattern maps nothing.
        mutating func declareRoute(_ pattern: String, of presenter: String, handler: String, at l: SourceLocation) {
            let sameElsewhere = handlerMappings.contains { h, maps in h != handler && maps.contains { $0.route == pattern && $0.feature == presenter } }
            if !sameElsewhere || treeOf[pattern] == handler {
                registry.routes.append(Route(id: pattern, origin: RegistryAssembler.origin(l)))
                treeOf[pattern] = treeOf[pattern] ?? handler
            }
            if !sameElsewhere, !(handlerMappings[handler] ?? []).contains(where: { $0.route == pattern }) {
                handlerMappings[handler, default: []].append(.init(route: pattern, feature: presenter, origin: RegistryAssembler.origin(l)))
            }
        }

        // MARK: Walking the trees written in the app's own DSL

        /// Trees written in the app's own DSL: the same registry as a tree written out.
        mutating func walkDSLTrees() {
            for r in dslRoots {
                for t in r.tree { collectArgumentLists(t) }
            }
            for r in dslRoots {
                let builder = r.call.function.map { index.functions[$0] }
                let handler = builder?.name ?? "router tree"
                for root in r.tree {
                    if root.kind == "route" {
                        walkDSL(root, handler: handler)
                    } else if let container = screen(root) {
                        if features[container] == nil { features[container] = Feature(name: container, origin: presenterOrigin(container, at: r.call.location)) }
                        link(container, root)
                        root.children.forEach { walkDSL($0, handler: handler) }
                        if isCalled(builder) { entries.append(Entry(target: .feature(container), origin: RegistryAssembler.origin(r.call.location))) }
                    } else {
                        // A container made by a closure: its routes are read, nothing leads to them.
                        root.children.forEach { walkDSL($0, handler: handler) }
                    }
                }
            }
        }

        mutating func collectArgumentLists(_ n: FeatherweightDSL.Node) {
            if n.kind == "route", let f = n.presenter { dslArgumentLists[f, default: []].insert(n.presenterArguments ?? "") }
            for c in n.children { collectArgumentLists(c) }
        }

        /// A DSL node's screen: its presenter, with its arguments when the function makes several.
        func screen(_ n: FeatherweightDSL.Node) -> String? {
            guard let f = n.presenter else { return nil }
            if let a = n.presenterArguments, (dslArgumentLists[f]?.count ?? 0) > 1 { return "\(f)(\(a))" }
            return f
        }

        static func routesBelow(_ n: FeatherweightDSL.Node) -> [FeatherweightDSL.Node] {
            n.children.flatMap { $0.kind == "route" ? [$0] : routesBelow($0) }
        }

        mutating func link(_ from: String, _ n: FeatherweightDSL.Node) {
            for child in Self.routesBelow(n) {
                if let p = child.pattern { features[from]?.navigates.append(Navigation(route: p, origin: RegistryAssembler.origin(child.location))) }
            }
        }

        mutating func walkDSL(_ n: FeatherweightDSL.Node, handler: String) {
            defer { n.children.forEach { walkDSL($0, handler: handler) } }
            guard n.kind == "route" else { return }
            guard let name = screen(n) else {
                out.warnings.append(ScanWarning(.identifierUnreadable, "Featherweight route '\(n.patternWritten ?? "(no pattern)")' whose presenter the scanner cannot follow through the app's tree DSL", at: n.location))
                return
            }
            if features[name] == nil {
                let declared = name.contains("(") ? n.presenterCall ?? n.location : n.location
                features[name] = Feature(name: name, origin: name.contains("(") ? RegistryAssembler.origin(declared) : presenterOrigin(name, at: declared))
            }
            if let l = n.presenterCall { screenMadeAt[l] = name }
            screensOf[n.presenter ?? name, default: []].insert(name)
            link(name, n)
            guard let pattern = n.pattern else {
                out.warnings.append(ScanWarning(.identifierUnreadable, "Featherweight route '\(n.patternWritten ?? "(no pattern)")' whose pattern is not a string the scanner can follow through the app's tree DSL", at: n.location))
                return
            }
            let source = n.exact ? NSRegularExpression.escapedPattern(for: pattern) : pattern
            let regex = try? NSRegularExpression(pattern: "^(?:" + source + ")$")
            if regex == nil { out.warnings.append(.invalidPattern(pattern, at: n.location)) }
            if let c = dslRoots.first?.call { patterns.append((pattern, regex, Node(call: c, children: []))) }
            registry.routes.append(Route(id: pattern, origin: RegistryAssembler.origin(n.location)))
            if !(handlerMappings[handler] ?? []).contains(where: { $0.route == pattern }) {
                handlerMappings[handler, default: []].append(.init(route: pattern, feature: name, origin: RegistryAssembler.origin(n.location)))
            }
        }

        mutating func addHandlers() {
            for (name, maps) in handlerMappings {
                registry.handlers.append(RouteHandler(name: name, routes: maps.sorted { $0.route < $1.route }, origin: maps.first?.origin ?? .init()))
            }
            presenters = Set(features.keys)
            for (f, screens) in screensOf where screens.contains(where: { features[$0] != nil }) { presenters.insert(f) }
        }

        // MARK: Following the paths the code opens

        /// A presenter function's screens (a function making several screens: each of them).
        func screens(_ owners: [String]) -> [String] {
            owners.flatMap { o in (screensOf[o].map { $0.sorted() } ?? [o]).filter { features[$0] != nil } }
        }

        func matches(_ path: String) -> [String] {
            patterns.filter { p in p.regex.map { $0.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil } ?? false }.map(\.pattern)
        }

        /// `setRoute("…")` / `setPath("…")` and the functions that pass their parameter on to them.
        func navigators() -> Set<String> {
            var navigators = setters
            for c in index.calls where setters.contains(c.callee.name) {
                // (An initializer passing its parameter on captures it in an action; it is not a wrapper.)
                guard let f = c.function, index.functions[f].name != "init", case .ref(let name)? = c.arguments.first?.value,
                      index.functions[f].parameters.contains(where: { $0.name == name }) else { continue }
                navigators.insert(index.functions[f].name)
            }
            return navigators
        }

        /// Every call of a navigator: each path it may open is an edge of the screen whose presenter
        /// (or whose type's maker) decides it, an entry outside any screen.
        mutating func followSetterCalls() {
            let navigators = navigators()
            for c in index.calls.sorted(by: { $0.location < $1.location }) where navigators.contains(c.callee.name) {
                guard let arg = c.arguments.first?.value else { continue }
                // Plumbing, not navigation: a wrapper or closure passing its parameter on
                // (`AppStore { router.setRoute($0) }`), and the router's own code.
                if rootsInClosureParameter(arg) { continue }
                if let f = c.function, case .ref(let n) = arg, index.functions[f].parameters.contains(where: { $0.name == n }),
                   navigators.contains(index.functions[f].name) { continue }
                if c.enclosingTypes.contains("Router") { continue }
                let function = c.function
                let site = ValueResolver.Site(location: c.location, enclosingTypes: c.enclosingTypes, module: c.module, function: c.function)
                let result = resolver.resolve(arg, in: .init(function: function, owner: function.flatMap { index.functions[$0].owner } ?? c.enclosingTypes.first), site: site)
                var record = NavigationRecord(location: c.location, written: arg.summary)
                for made in result.made {
                    guard case .literal(let path) = made.value else {
                        record.unfollowed("'\(made.value.summary)' is not a path string", chain: made.chain); continue
                    }
                    let targets = matches(path)
                    let route = targets.first ?? path
                    if targets.isEmpty, unmatched[path] == nil { unmatched[path] = made.site.location }
                    // The screen: the presenter function the deciding site is in, or that builds its type
                    // and reaches the method the site is in (a shared view model's helpers).
                    let deciding = made.context.function ?? c.function
                    guard let presentersOwning = ownerPresenters(of: deciding, types: made.site.enclosingTypes, presenters: presenters, index: index, methods: methods) else {
                        record.unattributed(
                            route: route, site: made.site, chain: made.chain, verb: "opened",
                            owner: "no code of the sources calls (\(deciding.map { index.functions[$0].signature } ?? "?"))")
                        continue
                    }
                    add(route, to: screens(presentersOwning), made, to: &record)
                }
                finish(&record, result)
            }
        }

        /// An edge of each owner, or (made outside any screen) an entry.
        mutating func add(_ route: String, to owners: [String], _ made: ValueResolver.Made, to record: inout NavigationRecord) {
            if !owners.isEmpty {
                for owner in owners { features[owner]?.navigates.append(Navigation(route: route, origin: RegistryAssembler.origin(made.site.location))) }
                record.resolved(route: route, features: owners, site: made.site.location, chain: made.chain)
            } else {
                entries.append(Entry(target: .route(route), origin: RegistryAssembler.origin(made.site.location)))
                record.resolved(route: route, features: [], site: made.site.location, chain: made.chain + ["outside any screen: an entry"])
            }
        }

        /// A path a store action carries, made at `made`: an edge of the screen whose presenter call
        /// decides it, else (made outside any screen) an entry.
        mutating func addPath(_ path: String, _ made: ValueResolver.Made, call c: CallFact, to record: inout NavigationRecord) {
            let route = matches(path).first ?? path
            if matches(path).isEmpty, unmatched[path] == nil { unmatched[path] = made.site.location }
            let owners = screenMadeAt[made.site.location].map { [$0] }
                ?? screens(ownerPresenters(of: made.context.function ?? c.function, types: made.site.enclosingTypes, presenters: presenters, index: index) ?? [])
            add(route, to: owners, made, to: &record)
        }

        mutating func finish(_ record: inout NavigationRecord, _ result: ValueResolver.Result) {
            for m in Set(result.misses) { record.unfollowed(m.reason, chain: m.chain) }
            let done = record.finished()
            out.warnings += done.warnings
            out.explanations.append(done.explanation)
        }

        /// A store action carrying a route of the DSL's route enum (`store.dispatch(RouteSetAction(endpoint:
        /// callToActionRoute))` where `RouteSetAction.endpoint: RouteEndpoint`): the reducer makes it the
        /// state's route, which the store's subscription hands to `setRoute`. The screen is the one whose
        /// presenter call decides the value (`randomPresenter("Tab 1", …, buttonRoute: .tab2)`).
        mutating func followRouteEnumActions() {
            guard !dsl.routeEnums.isEmpty else { return }
            var cases = resolver
            cases.enumCasesAreValues = true
            for c in index.calls.sorted(by: { $0.location < $1.location }) where c.callee.name.hasPrefix("dispatch") {
                guard case .construct(let action, let args)? = c.arguments.first?.value, let t = index.type(named: DependencyBinding.unqualified(action)) else { continue }
                for a in args {
                    guard let label = a.label, let declared = t.propertyTypes[label].map({ DependencyBinding.unqualified($0.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))) }),
                          dsl.routeEnums.contains(declared) else { continue }
                    let site = ValueResolver.Site(location: c.location, enclosingTypes: c.enclosingTypes, module: c.module)
                    let result = cases.resolve(a.value, in: cases.context(ofCall: c), site: site)
                    var record = NavigationRecord(location: c.location, written: "\(action)(\(label): \(a.value.summary))")
                    for made in result.made {
                        guard let n = caseName(made.value, of: declared), let path = dsl.caseKey(declared, n) else {
                            record.unfollowed("'\(made.value.summary)' is not a case of \(declared)", chain: made.chain); continue
                        }
                        addPath(path, made, call: c, to: &record)
                    }
                    finish(&record, result)
                }
            }
        }

        /// `.tab2` or `RouteEndpoint.tab2` of the enum `declared`: the case's name.
        func caseName(_ v: ValueExpr, of declared: String) -> String? {
            switch v {
            case .unknown(let text) where ValueResolver.isImplicitMember(text): return String(text.dropFirst())
            case .staticMember(let e, let n) where DependencyBinding.unqualified(e) == declared: return n
            default: return nil
            }
        }

        /// A store action carrying a path (`store.dispatch(RouteAction.set(path: x))`, `SetRoute(route: x)`):
        /// the reducer makes it the state's route, which the store's subscription hands to `setRoute`.
        mutating func followPathActions() {
            for c in index.calls.sorted(by: { $0.location < $1.location }) where c.callee.name.hasPrefix("dispatch") {
                let args: [ValueExpr.Argument]
                let action: String
                switch c.arguments.first?.value {
                case .construct(let t, let a)?: (action, args) = (t, a)
                case .call(let callee, let a)? where { if case .type = callee.receiver { return true }; return false }(): (action, args) = (callee.name, a)
                default: continue
                }
                for a in args where a.label == "path" || a.label == "route" {
                    if rootsInClosureParameter(a.value) { continue }
                    // The store's own state handed back to it (`store.dispatch(RouteAction.set(path: store.route))`,
                    // a tab bar re-selecting the current route) is read at run time, whatever its initial value.
                    if case .value(let store) = c.callee.receiver, rooted(a.value, in: store) { continue }
                    let site = ValueResolver.Site(location: c.location, enclosingTypes: c.enclosingTypes, module: c.module)
                    let result = resolver.resolve(a.value, in: resolver.context(ofCall: c), site: site)
                    // Only paths: an action carrying something else under that label is not this style's.
                    guard result.made.contains(where: { if case .literal = $0.value { return true }; return false }) else { continue }
                    var record = NavigationRecord(location: c.location, written: "\(action)(\(a.label!): \(a.value.summary))")
                    for made in result.made {
                        guard case .literal(let path) = made.value else {
                            record.unfollowed("'\(made.value.summary)' is not a path string", chain: made.chain); continue
                        }
                        addPath(path, made, call: c, to: &record)
                    }
                    finish(&record, result)
                }
            }
        }

        // MARK: The registry

        /// A path no pattern matches is a route the code opens that nothing shows; every list sorted,
        /// each screen's edges once per route.
        mutating func finished() -> StyleExtraction {
            for (path, l) in unmatched.sorted(by: { $0.key < $1.key }) {
                registry.routes.append(Route(id: path, origin: RegistryAssembler.origin(l)))
            }
            for (_, var f) in features.sorted(by: { $0.key < $1.key }) {
                var seen = Set<String>()
                f.navigates = f.navigates.sorted { ($0.route, RegistryAssembler.key($0.origin)) < ($1.route, RegistryAssembler.key($1.origin)) }
                    .filter { seen.insert($0.route).inserted }
                registry.features.append(f)
            }
            var seenEntries = Set<String>()
            registry.entries = entries.sorted { RegistryAssembler.key($0.origin) < RegistryAssembler.key($1.origin) }
                .filter { seenEntries.insert($0.name).inserted }
                .sorted { ($0.name, RegistryAssembler.key($0.origin)) < ($1.name, RegistryAssembler.key($1.origin)) }
            registry.routes.sort { ($0.id, RegistryAssembler.key($0.origin)) < ($1.id, RegistryAssembler.key($1.origin)) }
            registry.handlers.sort { $0.name < $1.name }
            out.registry = registry
            return out
        }
    }
}

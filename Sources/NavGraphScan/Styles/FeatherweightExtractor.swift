import Foundation
import NavGraphKit

/// Featherweight Router: the app's navigation is one expression,
/// `Router(tabBarPresenter()).junction([Router(nav).stack([Router(welcomePresenter(store)).route("welcome", children: […])])])`.
///
/// Screen = the presenter function a `.route` node shows (`welcomePresenter`), and the tree's root
/// container (an entry when the tree's builder is called); route id = the pattern (or the literal a
/// `{ $0 == "…" }` predicate compares); edges = parent → child (containers are transparent) and
/// `setRoute("…")` / `setPath("…")` calls (or their wrappers) from a screen; the first such call
/// outside any screen is the entry.
struct FeatherweightExtractor: StyleExtractor {
    static let style = RoutingStyle.featherweight
    static let treeCalls: Set<String> = ["junction", "stack", "route"]
    static let setters: Set<String> = ["setRoute", "setPath"]

    static func detect(in index: SemanticIndex, files: [FileFacts]) -> Bool {
        index.calls.contains(where: isTreeNode)
    }

    /// `Router(presenter).junction/stack/route(…)`.
    static func isTreeNode(_ c: CallFact) -> Bool {
        guard treeCalls.contains(c.callee.name), case .value(.construct("Router", let args)) = c.callee.receiver else { return false }
        return args.count == 1
    }

    /// One node of a tree: its presenter, its pattern (routes only) and its children.
    struct Node {
        var call: CallFact
        /// The screen: the presenter function, with its literal arguments when the same function makes
        /// several screens (`mockPresenter(title: Welcome)`).
        var presenter: String?
        /// The presenter function's name, and its literal arguments as written (nil: none).
        var presenterFunction: String?
        var presenterArguments: String?
        var pattern: String?
        /// A pattern that is not a literal (`Paths.book()`), followed with `ValueResolver`.
        var patternValue: ValueExpr?
        /// What a predicate compares the path to (`==`, or `hasPrefix` when `prefix`), each followed with
        /// `ValueResolver`; the route id joins them with `|` (a prefix ends with `*`).
        var tests: [(prefix: Bool, value: ValueExpr)] = []
        /// The regular expression a predicate amounts to (nil for a pattern, which is one).
        var predicateRegex: String?
        var children: [ValueExpr]
    }

    /// What a predicate value tests: `==` / `hasPrefix` calls, several as a choice (nil: something else).
    static func tests(of v: ValueExpr) -> [(prefix: Bool, value: ValueExpr)]? {
        switch v {
        case .call(let c, let args) where c.receiver == .implicit && args.count == 1 && (c.name == "==" || c.name == "hasPrefix"):
            return [(c.name == "hasPrefix", args[0].value)]
        case .choice(let items) where !items.isEmpty:
            var out: [(prefix: Bool, value: ValueExpr)] = []
            for i in items {
                guard let t = tests(of: i) else { return nil }
                out += t
            }
            return out
        default:
            return nil
        }
    }

    static func node(_ c: CallFact) -> Node {
        var n = Node(call: c, children: [])
        if case .value(.construct(_, let args)) = c.callee.receiver, let p = args.first?.value {
            switch p {
            case .call(let callee, let args):
                n.presenter = callee.name
                n.presenterFunction = callee.name
                let literals = args.compactMap { a -> String? in
                    guard case .literal(let v) = a.value else { return nil }
                    return a.label.map { "\($0): \(v)" } ?? v
                }
                n.presenterArguments = literals.isEmpty ? nil : literals.joined(separator: ", ")
            case .ref(let name): n.presenter = name
            default: break
            }
        }
        for a in c.arguments {
            switch (a.label, a.value) {
            case ("children"?, .array(let items)), (nil, .array(let items)): n.children = items
            case ("predicate"?, let v):
                if let t = tests(of: v) { n.tests = t } else { n.patternValue = v }
            case (nil, .literal(let s)), ("pattern"?, .literal(let s)): n.pattern = s
            case (nil, let v), ("pattern"?, let v): n.patternValue = v
            default: break
            }
        }
        return n
    }

    static func extract(from index: SemanticIndex, files: [FileFacts], config: ScanConfiguration) -> StyleExtraction {
        var out = StyleExtraction()
        var registry = Registry()
        var resolver = ValueResolver(index: index)
        resolver.firstLabelOmittable = true
        let methods = MethodCallers(index: index)
        var treeCalls = index.calls.filter(isTreeNode).sorted { $0.location < $1.location }
        let allTreeCalls = treeCalls
        // A node whose presenter, children or pattern is a parameter of the function building it (`func
        // junctionRouter(presenter:children:) { Router(presenter(state)).junction(children…) }`) is the app's
        // own tree DSL: its screens are whatever each call passes (`FeatherweightDSL` reads them there), not
        // a screen named `presenter`.
        var wrappers = Set<Int>()
        treeCalls.removeAll { c in
            guard let f = c.function, case .value(.construct(_, let args)) = c.callee.receiver, let p = args.first?.value else { return false }
            let parameters = Set(index.functions[f].parameters.map(\.name))
            // Its presenter, its children or its pattern is one of the function's parameters.
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
            guard template else { return false }
            wrappers.insert(f)
            return true
        }
        // The app's own tree DSL: each call of a wrapper is read as the node it builds (below).
        var dsl = FeatherweightDSL(index: index, wrappers: wrappers, treeCalls: allTreeCalls)
        let dslRoots = wrappers.isEmpty ? [] : dsl.roots().map { c in (call: c, tree: dsl.expand(.call(c.callee, c.arguments), .init(function: c.function), at: c.location)) }
        if !wrappers.isEmpty && dslRoots.allSatisfy({ $0.tree.isEmpty }) {
            for f in wrappers.sorted() {
                out.warnings.append(ScanWarning(.identifierUnreadable, "Featherweight tree node built from the parameters of \(index.functions[f].signature) (the app's own tree DSL): no call of it builds a tree the scanner can read", at: index.functions[f].location))
            }
        }
        var byValue: [ValueExpr: [CallFact]] = [:]
        for c in treeCalls { byValue[.call(c.callee, c.arguments), default: []].append(c) }
        // Roots: nodes no other node lists as a child.
        var childLocations = Set<SourceLocation>()
        var nodes: [SourceLocation: Node] = [:]
        for c in treeCalls {
            let n = node(c)
            nodes[c.location] = n
            for child in n.children {
                for m in byValue[child] ?? [] where m.function == c.function { childLocations.insert(m.location) }
            }
        }
        // One presenter function called with different literal arguments (`mockPresenter(store, title:
        // "Welcome")`, `mockPresenter(store, title: "Login")`) makes one screen per argument list.
        var argumentLists: [String: Set<String>] = [:]
        for n in nodes.values where n.call.callee.name == "route" {
            if let f = n.presenterFunction { argumentLists[f, default: []].insert(n.presenterArguments ?? "") }
        }
        /// Per presenter function, the screens it makes.
        var screensOf: [String: Set<String>] = [:]
        for (l, n) in nodes {
            guard let f = n.presenterFunction, let a = n.presenterArguments, (argumentLists[f]?.count ?? 0) > 1 else { continue }
            nodes[l]?.presenter = "\(f)(\(a))"
        }
        /// Where the app calls the presenter function that makes each screen of several made by one
        /// function (a value decided at that call belongs to that screen).
        var screenMadeAt: [SourceLocation: String] = [:]
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
        func presenterOrigin(_ name: String, at fallback: SourceLocation) -> ElementOrigin {
            let base = name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name
            // A screen made with arguments is declared where its route node makes it.
            if base != name { return RegistryAssembler.origin(fallback) }
            let f = index.functionsByName[base]?.map { index.functions[$0] }.first { $0.owner == nil }
            return RegistryAssembler.origin(f?.location ?? fallback)
        }
        var features: [String: Feature] = [:]
        var handlerMappings: [String: [RouteHandler.Mapping]] = [:]
        var entries: [Entry] = []
        var patterns: [(pattern: String, regex: NSRegularExpression?, node: Node)] = []
        /// The tree that first declared each pattern.
        var treeOf: [String: String] = [:]

        func addFeature(_ name: String, at l: SourceLocation) {
            if features[name] == nil { features[name] = Feature(name: name, origin: presenterOrigin(name, at: l)) }
        }
        /// Routes under a node, through containers.
        func routesBelow(_ n: Node, handler: String, visited: inout Set<SourceLocation>) -> [Node] {
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
        func walk(_ n: Node, handler: String, visited: inout Set<SourceLocation>) {
            guard n.call.callee.name == "route" else { return }
            guard let presenter = n.presenter else { return }
            addFeature(presenter, at: n.call.location)
            var n = n
            if !n.tests.isEmpty {
                // Each compared value must be one string; the id and the regex join them.
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
            guard let pattern = n.pattern else {
                out.warnings.append(ScanWarning(.identifierUnreadable, "Featherweight route '\(n.patternValue?.summary ?? "(no pattern)")' whose pattern is not a string the scanner can follow (a literal, a constant, a function returning one or joining literals with +, or a predicate comparing the path with ==, ~=, hasPrefix, an array's contains or a switch, each to one such string)", at: n.call.location))
                var seen = visited
                for child in routesBelow(n, handler: handler, visited: &seen) {
                    if let p = nodes[child.call.location]?.pattern ?? child.pattern { features[presenter]?.navigates.append(Navigation(route: p, origin: RegistryAssembler.origin(child.call.location))) }
                }
                visited = seen
                return
            }
            var regex: NSRegularExpression?
            if let p = n.predicateRegex {
                regex = try? NSRegularExpression(pattern: "^(?:" + p + ")$")
            } else if n.call.arguments.contains(where: { $0.label == "predicate" }) {
                regex = try? NSRegularExpression(pattern: "^" + NSRegularExpression.escapedPattern(for: pattern) + "$")
            } else if let r = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$") {
                regex = r
            } else {
                out.warnings.append(.invalidPattern(pattern, at: n.call.location))
            }
            patterns.append((pattern, regex, n))
            // Two trees (two routers, or a copy of the tree) declaring the same pattern for the same
            // presenter are one route; within one tree a second node with the pattern is a duplicate.
            let sameElsewhere = handlerMappings.contains { h, maps in h != handler && maps.contains { $0.route == pattern && $0.feature == presenter } }
            if !sameElsewhere || treeOf[pattern] == handler {
                registry.routes.append(Route(id: pattern, origin: RegistryAssembler.origin(n.call.location)))
                treeOf[pattern] = treeOf[pattern] ?? handler
            }
            // A tree shows the first route a path matches: a later route with the same pattern maps nothing.
            if !sameElsewhere, !(handlerMappings[handler] ?? []).contains(where: { $0.route == pattern }) {
                handlerMappings[handler, default: []].append(.init(route: pattern, feature: presenter, origin: RegistryAssembler.origin(n.call.location)))
            }
            var seen = visited
            for child in routesBelow(n, handler: handler, visited: &seen) {
                if let p = nodes[child.call.location]?.pattern ?? child.pattern { features[presenter]?.navigates.append(Navigation(route: p, origin: RegistryAssembler.origin(child.call.location))) }
            }
            visited = seen
        }

        for c in treeCalls where !childLocations.contains(c.location) {
            guard let root = nodes[c.location] else { continue }
            let builder = c.function.map { index.functions[$0] }
            // One handler per tree, named by the function that builds it (and where, when two share a name).
            let sameName = treeCalls.filter { o in !childLocations.contains(o.location) && o.function.map { index.functions[$0].name } == builder?.name }
            let base = builder?.name ?? "router tree"
            let handler = sameName.count > 1 ? "\(base) (\(c.location.file):\(c.location.line))" : base
            var visited: Set<SourceLocation> = [c.location]
            if root.call.callee.name == "route" {
                walk(root, handler: handler, visited: &visited)
            } else if let container = root.presenter {
                addFeature(container, at: c.location)
                for child in routesBelow(root, handler: handler, visited: &visited) {
                    if let p = nodes[child.call.location]?.pattern ?? child.pattern { features[container]?.navigates.append(Navigation(route: p, origin: RegistryAssembler.origin(child.call.location))) }
                }
                // The tree is shown when its builder is called.
                let called = builder.map { b in (index.callsByName[b.name] ?? []).isEmpty == false || index.callsWithoutArguments.contains { $0.callee.name == b.name } } ?? true
                if called { entries.append(Entry(target: .feature(container), origin: RegistryAssembler.origin(c.location))) }
            }
        }
        // Trees written in the app's own DSL: the same registry as a tree written out.
        do {
            var lists: [String: Set<String>] = [:]
            func collect(_ n: FeatherweightDSL.Node) {
                if n.kind == "route", let f = n.presenter { lists[f, default: []].insert(n.presenterArguments ?? "") }
                n.children.forEach(collect)
            }
            for r in dslRoots { r.tree.forEach(collect) }
            func screen(_ n: FeatherweightDSL.Node) -> String? {
                guard let f = n.presenter else { return nil }
                if let a = n.presenterArguments, (lists[f]?.count ?? 0) > 1 { return "\(f)(\(a))" }
                return f
            }
            func routesBelow(_ n: FeatherweightDSL.Node) -> [FeatherweightDSL.Node] {
                n.children.flatMap { $0.kind == "route" ? [$0] : routesBelow($0) }
            }
            func link(_ from: String, _ n: FeatherweightDSL.Node) {
                for child in routesBelow(n) {
                    if let p = child.pattern { features[from]?.navigates.append(Navigation(route: p, origin: RegistryAssembler.origin(child.location))) }
                }
            }
            func walkDSL(_ n: FeatherweightDSL.Node, handler: String) {
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
            for r in dslRoots {
                let builder = r.call.function.map { index.functions[$0] }
                let handler = builder?.name ?? "router tree"
                for root in r.tree {
                    if root.kind == "route" {
                        walkDSL(root, handler: handler)
                    } else if screen(root) == nil {
                        // A container made by a closure: its routes are read, nothing leads to them.
                        root.children.forEach { walkDSL($0, handler: handler) }
                    } else if let container = screen(root) {
                        if features[container] == nil { features[container] = Feature(name: container, origin: presenterOrigin(container, at: r.call.location)) }
                        link(container, root)
                        root.children.forEach { walkDSL($0, handler: handler) }
                        let called = builder.map { b in (index.callsByName[b.name] ?? []).isEmpty == false || index.callsWithoutArguments.contains { $0.callee.name == b.name } } ?? true
                        if called { entries.append(Entry(target: .feature(container), origin: RegistryAssembler.origin(r.call.location))) }
                    }
                }
            }
        }
        for (name, maps) in handlerMappings {
            registry.handlers.append(RouteHandler(name: name, routes: maps.sorted { $0.route < $1.route }, origin: maps.first?.origin ?? .init()))
        }

        // `setRoute("…")` / `setPath("…")` and functions that pass their parameter on to them.
        var navigators = setters
        for c in index.calls where setters.contains(c.callee.name) {
            // (An initializer passing its parameter on captures it in an action; it is not a wrapper.)
            guard let f = c.function, index.functions[f].name != "init", case .ref(let name)? = c.arguments.first?.value,
                  index.functions[f].parameters.contains(where: { $0.name == name }) else { continue }
            navigators.insert(index.functions[f].name)
        }
        var presenters = Set(features.keys)
        for (f, screens) in screensOf where screens.contains(where: { features[$0] != nil }) { presenters.insert(f) }
        /// A presenter function's screens (a function making several screens: each of them).
        func screens(_ owners: [String]) -> [String] {
            owners.flatMap { o in (screensOf[o].map { $0.sorted() } ?? [o]).filter { features[$0] != nil } }
        }
        func matches(_ path: String) -> [String] {
            patterns.filter { p in p.regex.map { $0.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil } ?? false }.map(\.pattern)
        }
        var unmatched: [String: SourceLocation] = [:]
        for c in index.calls.sorted(by: { $0.location < $1.location }) where navigators.contains(c.callee.name) {
            guard let arg = c.arguments.first?.value else { continue }
            // Plumbing, not navigation: a wrapper or closure passing its parameter on
            // (`AppStore { router.setRoute($0) }`), and the router's own code.
            if Self.rootsInClosureParameter(arg) { continue }
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
                let presentersOwning = Self.ownerPresenters(of: deciding, types: made.site.enclosingTypes, presenters: presenters, index: index, methods: methods)
                if presentersOwning == nil {
                    record.unattributed(
                        route: route, site: made.site, chain: made.chain, verb: "opened",
                        owner: "no code of the sources calls (\(deciding.map { index.functions[$0].signature } ?? "?"))")
                    continue
                }
                let owners = screens(presentersOwning ?? [])
                if !owners.isEmpty {
                    for owner in owners { features[owner]?.navigates.append(Navigation(route: route, origin: RegistryAssembler.origin(made.site.location))) }
                    record.resolved(route: route, features: owners, site: made.site.location, chain: made.chain)
                } else {
                    entries.append(Entry(target: .route(route), origin: RegistryAssembler.origin(made.site.location)))
                    record.resolved(route: route, features: [], site: made.site.location, chain: made.chain + ["outside any screen: an entry"])
                }
            }
            for m in Set(result.misses) { record.unfollowed(m.reason, chain: m.chain) }
            let done = record.finished()
            out.warnings += done.warnings
            out.explanations.append(done.explanation)
        }
        // A path a store action carries, made at `made`: an edge of the screen whose presenter call
        // decides it, else (made outside any screen) an entry.
        func addPath(_ path: String, _ made: ValueResolver.Made, call c: CallFact, to record: inout NavigationRecord) {
            let route = matches(path).first ?? path
            if matches(path).isEmpty, unmatched[path] == nil { unmatched[path] = made.site.location }
            let owners = screenMadeAt[made.site.location].map { [$0] }
                ?? screens(ownerPresenters(of: made.context.function ?? c.function, types: made.site.enclosingTypes, presenters: presenters, index: index) ?? [])
            if !owners.isEmpty {
                for owner in owners { features[owner]?.navigates.append(Navigation(route: route, origin: RegistryAssembler.origin(made.site.location))) }
                record.resolved(route: route, features: owners, site: made.site.location, chain: made.chain)
            } else {
                entries.append(Entry(target: .route(route), origin: RegistryAssembler.origin(made.site.location)))
                record.resolved(route: route, features: [], site: made.site.location, chain: made.chain + ["outside any screen: an entry"])
            }
        }
        func finish(_ record: inout NavigationRecord, _ result: ValueResolver.Result) {
            for m in Set(result.misses) { record.unfollowed(m.reason, chain: m.chain) }
            let done = record.finished()
            out.warnings += done.warnings
            out.explanations.append(done.explanation)
        }
        // A store action carrying a route of the DSL's route enum (`store.dispatch(RouteSetAction(endpoint:
        // callToActionRoute))` where `RouteSetAction.endpoint: RouteEndpoint`): the reducer makes it the
        // state's route, which the store's subscription hands to `setRoute`. The screen is the one whose
        // presenter call decides the value (`randomPresenter("Tab 1", …, buttonRoute: .tab2)`).
        if !dsl.routeEnums.isEmpty {
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
                        let name: String?
                        switch made.value {
                        case .unknown(let text) where ValueResolver.isImplicitMember(text): name = String(text.dropFirst())
                        case .staticMember(let e, let n) where DependencyBinding.unqualified(e) == declared: name = n
                        default: name = nil
                        }
                        guard let n = name, let path = dsl.caseKey(declared, n) else {
                            record.unfollowed("'\(made.value.summary)' is not a case of \(declared)", chain: made.chain); continue
                        }
                        addPath(path, made, call: c, to: &record)
                    }
                    finish(&record, result)
                }
            }
        }
        // A store action carrying a path (`store.dispatch(RouteAction.set(path: x))`, `SetRoute(route: x)`):
        // the reducer makes it the state's route, which the store's subscription hands to `setRoute`.
        for c in index.calls.sorted(by: { $0.location < $1.location }) where c.callee.name.hasPrefix("dispatch") {
            let args: [ValueExpr.Argument]
            let action: String
            switch c.arguments.first?.value {
            case .construct(let t, let a)?: (action, args) = (t, a)
            case .call(let callee, let a)? where { if case .type = callee.receiver { return true }; return false }(): (action, args) = (callee.name, a)
            default: continue
            }
            for a in args where a.label == "path" || a.label == "route" {
                if Self.rootsInClosureParameter(a.value) { continue }
                // The store's own state handed back to it (`store.dispatch(RouteAction.set(path: store.route))`,
                // a tab bar re-selecting the current route) is read at run time, whatever its initial value.
                if case .value(let store) = c.callee.receiver, Self.rooted(a.value, in: store) { continue }
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
        // A path no pattern matches: a route the code opens that nothing shows.
        for (path, l) in unmatched.sorted(by: { $0.key < $1.key }) {
            registry.routes.append(Route(id: path, origin: RegistryAssembler.origin(l)))
        }
        for (name, var f) in features.sorted(by: { $0.key < $1.key }) {
            var seen = Set<String>()
            f.navigates = f.navigates.sorted { ($0.route, RegistryAssembler.key($0.origin)) < ($1.route, RegistryAssembler.key($1.origin)) }
                .filter { seen.insert($0.route).inserted }
            _ = name
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

    /// `store.state.route` read from `store`.
    static func rooted(_ v: ValueExpr, in base: ValueExpr) -> Bool {
        if case .member(let b, _) = v { return b == base || rooted(b, in: base) }
        return false
    }

    /// `$0`, `state.route`, `$0.path`: a value handed in by whoever calls the closure (the store
    /// pushing its state into `setRoute`), not a path the code chooses.
    static func rootsInClosureParameter(_ v: ValueExpr) -> Bool {
        switch v {
        case .closureParameter: return true
        case .member(let b, _): return rootsInClosureParameter(b)
        default: return false
        }
    }

    /// The presenter function a call is in, or every presenter that constructs the type it is in (a
    /// view model all screens share gives each of them the edge, as a type every screen's build reaches does).
    /// The presenter functions a site in `function` (written in `types`) belongs to; nil when the
    /// site is in a method no code of the sources runs (`MethodCallers`): it belongs to none and is no entry.
    static func ownerPresenters(
        of function: Int?, types: [String], presenters: Set<String>, index: SemanticIndex, methods: MethodCallers? = nil, depth: Int = 0
    ) -> [String]? {
        if let f = function, index.functions[f].owner == nil, presenters.contains(index.functions[f].name) { return [index.functions[f].name] }
        for t in types {
            var found = Set<String>()
            for c in index.calls + index.callsWithoutArguments where c.callee.name == t {
                if let f = c.function, index.functions[f].owner == nil, presenters.contains(index.functions[f].name) { found.insert(index.functions[f].name) }
            }
            guard !found.isEmpty else { continue }
            // Several presenters make the type (a view model they share): only those whose screens
            // reach the method the site is in (TypeReferenceGraph.owners says the same for the other styles).
            guard found.count > 1, let methods, let f = function, index.functions[f].owner == t, depth < TypeReferenceGraph.maxCallDepth,
                  let calls = methods.callers(of: f) else { return found.sorted() }
            if calls.isEmpty { return nil }
            var reached = Set<String>()
            for c in calls {
                let callerTypes = c.enclosingTypes
                reached.formUnion(ownerPresenters(of: c.function, types: callerTypes, presenters: presenters, index: index, methods: methods, depth: depth + 1) ?? [])
            }
            let both = found.intersection(reached)
            return (both.isEmpty ? found : both).sorted()
        }
        return []
    }
}

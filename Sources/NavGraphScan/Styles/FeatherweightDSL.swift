import NavGraphKit

/// An app's own tree DSL over Featherweight Router: functions that build `Router(presenter(state))
/// .junction/stack/route(…)` from their parameters (`func route(endpoint: RouteEndpoint, presenter:
/// UIStorePresenter, children: [UIStoreRouter]? = nil)`), and functions that pass their parameters on
/// to those (`func toggleRouter(children:) { junctionRouter(togglePresenter, children: children) }`).
///
/// Each call the app writes (`route(endpoint: .tab1, presenter: tab1)`) is read as the node its
/// wrapper builds, with the wrapper's parameters bound to that call's arguments: the presenter is what
/// the argument is (a local followed to the call that makes it, `randomPresenter("Tab 1", …)`), the
/// pattern what the predicate compares the path to (an enum case: its string, `RouteEndpoint.tab1` →
/// its `description` `"/tab1"`), the children what the call lists.
struct FeatherweightDSL {
    let index: SemanticIndex
    /// Functions of the DSL.
    let functions: Set<Int>
    /// Every `Router(p).junction/stack/route(…)` call, wrappers' included.
    let treeCalls: [CallFact]
    /// Enum types whose cases the DSL's patterns are (the route type a store action carries).
    private(set) var routeEnums = Set<String>()

    /// One node, read at one call of the DSL.
    struct Node {
        var kind: String
        /// The function making the screen (`randomPresenter`), its literal arguments, and where the app
        /// calls it (the screen's declaration when one function makes several).
        var presenter: String?
        var presenterArguments: String?
        var presenterCall: SourceLocation?
        var pattern: String?
        var patternWritten: String?
        /// A predicate's route (matched exactly) rather than a regular expression.
        var exact = false
        /// Where the app writes the node (the outermost call of the DSL).
        var location: SourceLocation
        var children: [Node]
    }

    /// The values a wrapper's parameters have at one call.
    final class Scope {
        let function: Int?
        let bindings: [String: (value: ValueExpr, scope: Scope, type: String)]
        init(function: Int?, bindings: [String: (value: ValueExpr, scope: Scope, type: String)] = [:]) {
            self.function = function
            self.bindings = bindings
        }
    }

    /// The DSL's functions: those holding a tree node built from a parameter (`wrappers`), and those that
    /// pass their own parameters on to one of them.
    init(index: SemanticIndex, wrappers: Set<Int>, treeCalls: [CallFact]) {
        self.index = index
        self.treeCalls = treeCalls
        var dsl = wrappers
        var changed = !dsl.isEmpty
        while changed {
            changed = false
            for c in index.calls where c.callee.receiver == .implicit {
                guard let f = c.function, !dsl.contains(f) else { continue }
                let names = Set(index.functions[f].parameters.map(\.name))
                guard !names.isEmpty, (index.functionsByName[c.callee.name] ?? []).contains(where: dsl.contains),
                      c.arguments.contains(where: { Self.mentions($0.value, names) }) else { continue }
                dsl.insert(f)
                changed = true
            }
        }
        functions = dsl
    }

    /// Whether `v` reads one of `names`.
    static func mentions(_ v: ValueExpr, _ names: Set<String>) -> Bool {
        switch v {
        case .ref(let n): return names.contains(n)
        case .member(let b, _), .element(let b): return mentions(b, names)
        case .choice(let xs), .array(let xs): return xs.contains { mentions($0, names) }
        case .construct(_, let args): return args.contains { mentions($0.value, names) }
        case .call(let c, let args):
            if case .value(let r) = c.receiver, mentions(r, names) { return true }
            return names.contains(c.name) || args.contains { mentions($0.value, names) }
        default: return false
        }
    }

    /// Whether `target` is written inside `v`.
    static func contains(_ v: ValueExpr, _ target: ValueExpr) -> Bool {
        if v == target { return true }
        switch v {
        case .member(let b, _), .element(let b): return contains(b, target)
        case .choice(let xs), .array(let xs): return xs.contains { contains($0, target) }
        case .construct(_, let args): return args.contains { contains($0.value, target) }
        case .call(let c, let args):
            if case .value(let r) = c.receiver, contains(r, target) { return true }
            return args.contains { contains($0.value, target) }
        default: return false
        }
    }

    func isTreeNode(_ c: ValueExpr.Callee) -> Bool {
        guard FeatherweightExtractor.treeCalls.contains(c.name), case .value(.construct("Router", let args)) = c.receiver else { return false }
        return args.count == 1
    }

    /// The DSL function a call reaches (the first whose parameters take its arguments).
    func function(_ callee: ValueExpr.Callee, _ args: [ValueExpr.Argument]) -> Int? {
        guard callee.receiver == .implicit else { return nil }
        return (index.functionsByName[callee.name] ?? []).filter(functions.contains).sorted().first { bind(index.functions[$0], args) != nil }
    }

    /// Parameter name → argument: labelled arguments by label, unlabelled ones in order (Swift 2 left out
    /// the first label), defaults for the rest; nil when they do not fit.
    func bind(_ fn: FunctionFacts, _ args: [ValueExpr.Argument]) -> [String: (value: ValueExpr, own: Bool, type: String)]? {
        var out: [String: (value: ValueExpr, own: Bool, type: String)] = [:]
        var used = Set<Int>()
        for p in fn.parameters where p.label != "_" {
            if let i = args.firstIndex(where: { $0.label == p.label }) { out[p.name] = (args[i].value, false, p.typeName); used.insert(i) }
        }
        if used.count != args.filter({ $0.label != nil }).count { return nil }
        var rest = args.indices.filter { !used.contains($0) }
        for p in fn.parameters where out[p.name] == nil {
            if !rest.isEmpty { out[p.name] = (args[rest.removeFirst()].value, false, p.typeName) }
            else if let d = p.defaultValue { out[p.name] = (d, true, p.typeName) }
        }
        return rest.isEmpty ? out : nil
    }

    /// The nodes a DSL function builds: its tree-node and DSL calls not written inside another of them.
    func body(_ f: Int) -> [CallFact] {
        let inside = (treeCalls + index.calls.filter { $0.function == f && function($0.callee, $0.arguments) != nil })
            .filter { $0.function == f }
        let values = inside.map { ValueExpr.call($0.callee, $0.arguments) }
        return inside.enumerated().filter { i, _ in
            !values.indices.contains { j in j != i && values[j] != values[i] && Self.contains(values[j], values[i]) }
        }.map(\.element).sorted { $0.location < $1.location }
    }

    /// The app's calls of the DSL that no other DSL call lists: the trees.
    func roots() -> [CallFact] {
        let calls = index.calls.filter { c in
            guard let f = c.function, !functions.contains(f) else { return false }
            return function(c.callee, c.arguments) != nil
        }
        let values = calls.map { ValueExpr.call($0.callee, $0.arguments) }
        return calls.enumerated().filter { i, c in
            !calls.indices.contains { j in j != i && calls[j].function == c.function && values[j] != values[i] && Self.contains(values[j], values[i]) }
        }.map(\.element).sorted { $0.location < $1.location }
    }

    /// The call fact the app writes for a value (for its location).
    func callFact(_ v: ValueExpr, in f: Int?) -> CallFact? {
        guard case .call(let callee, let args) = v else { return nil }
        return (index.callsByName[callee.name] ?? []).map { index.calls[$0] }.first { $0.function == f && $0.callee == callee && $0.arguments == args }
    }

    /// The nodes `v` (read in `scope`) builds.
    mutating func expand(_ v: ValueExpr, _ scope: Scope, at location: SourceLocation, depth: Int = 0) -> [Node] {
        // (Each level of the tree is a few steps: a call, its children's array, the wrapper's parameter.)
        guard depth < 160 else { return [] }
        let d = depth + 1
        switch v {
        case .array(let xs), .choice(let xs): return xs.flatMap { expand($0, scope, at: location, depth: d) }
        case .element(let b): return expand(b, scope, at: location, depth: d)
        case .ref(let n):
            if let b = scope.bindings[n] { return expand(b.value, b.scope, at: location, depth: d) }
            if let f = scope.function, let values = index.functions[f].locals[n] { return values.flatMap { expand($0, scope, at: location, depth: d) } }
            // A function passed by name and applied by the DSL (`children: [feedRouter, aboutRouter]` with
            // `children.map { $0(store) }`): the nodes its body builds.
            for f in (index.functionsByName[n] ?? []).sorted() {
                let built = body(f)
                if !built.isEmpty { return built.flatMap { expand(.call($0.callee, $0.arguments), Scope(function: f), at: location, depth: d) } }
            }
            return []
        case .call(let callee, let args):
            // `children.map(into(state))`: the children, each given the store.
            if case .value(let base) = callee.receiver, ["map", "compactMap", "flatMap"].contains(callee.name) {
                return expand(base, scope, at: location, depth: d)
            }
            let written = scope.function.map { !functions.contains($0) } ?? true
            let here = written ? (callFact(v, in: scope.function)?.location ?? location) : location
            if isTreeNode(callee) { return [node(callee, args, scope, at: here, depth: d)] }
            guard let f = function(callee, args), let bound = bind(index.functions[f], args) else { return [] }
            let ownScope = Scope(function: f)
            var bindings: [String: (value: ValueExpr, scope: Scope, type: String)] = [:]
            for (name, b) in bound { bindings[name] = (b.value, b.own ? ownScope : scope, b.type) }
            let inner = Scope(function: f, bindings: bindings)
            return body(f).flatMap { expand(.call($0.callee, $0.arguments), inner, at: here, depth: d) }
        default:
            return []
        }
    }

    private mutating func node(_ callee: ValueExpr.Callee, _ args: [ValueExpr.Argument], _ scope: Scope, at location: SourceLocation, depth: Int) -> Node {
        var n = Node(kind: callee.name, location: location, children: [])
        if case .value(.construct(_, let pargs)) = callee.receiver, let p = pargs.first?.value {
            if let made = presenter(p, scope, maker: false, depth: 0) {
                n.presenter = made.name
                n.presenterArguments = made.arguments
                n.presenterCall = made.call
            }
        }
        for a in args {
            switch (a.label, a.value) {
            case ("children"?, let v), (nil, let v) where Self.isChildren(v):
                n.children = expand(v, scope, at: location, depth: depth + 1)
            case ("predicate"?, let v):
                n.exact = true
                n.patternWritten = v.summary
                if let tests = FeatherweightExtractor.tests(of: v), tests.count == 1, !tests[0].prefix {
                    n.pattern = key(tests[0].value, scope, type: nil, depth: 0, at: location)
                }
            case (nil, let v), ("pattern"?, let v):
                n.patternWritten = v.summary
                n.pattern = key(v, scope, type: nil, depth: 0, at: location)
            default: break
            }
        }
        return n
    }

    /// What a children (or pattern) argument lists, through `map`, `?? []` and optional `map`: `children`
    /// in `children.map(into(state))`.
    static func listed(_ v: ValueExpr) -> ValueExpr {
        switch v {
        case .call(let c, _):
            if case .value(let base) = c.receiver, ["map", "compactMap", "flatMap"].contains(c.name) { return listed(base) }
            return v
        case .choice(let xs) where xs.count == 1: return listed(xs[0])
        case .choice(let xs): return xs.first { if case .array([]) = $0 { return false }; return true }.map(listed) ?? v
        case .array(let xs) where xs.count == 1: return listed(xs[0])
        case .element(let b): return listed(b)
        default: return v
        }
    }

    static func isChildren(_ v: ValueExpr) -> Bool {
        switch v {
        case .array, .ref: return true
        case .call(let c, _): return c.name == "map" || c.name == "compactMap"
        case .choice(let xs): return xs.contains(where: isChildren)
        default: return false
        }
    }

    /// What makes the screen: `presenter(state)` where `presenter` is bound to `tab1`, a local made by
    /// `randomPresenter("Tab 1", …)` → that function, its literal arguments and that call.
    private func presenter(_ v: ValueExpr, _ scope: Scope, maker: Bool, depth: Int) -> (name: String, arguments: String?, call: SourceLocation?)? {
        guard depth < 24 else { return nil }
        switch v {
        case .call(let c, let args) where c.receiver == .implicit:
            // Calling a parameter (`presenter(state)`): what the argument makes.
            if let b = scope.bindings[c.name] { return presenter(b.value, b.scope, maker: true, depth: depth + 1) }
            if let f = scope.function, let values = index.functions[f].locals[c.name], values.count == 1 {
                return presenter(values[0], scope, maker: true, depth: depth + 1)
            }
            let literals = args.compactMap { a -> String? in
                guard case .literal(let s) = a.value else { return nil }
                return a.label.map { "\($0): \(s)" } ?? s
            }
            let written = scope.function.map { !functions.contains($0) } ?? true
            return (c.name, literals.isEmpty ? nil : literals.joined(separator: ", "), written ? callFact(v, in: scope.function)?.location : nil)
        case .ref(let n):
            if let b = scope.bindings[n] { return presenter(b.value, b.scope, maker: maker, depth: depth + 1) }
            if let f = scope.function, let values = index.functions[f].locals[n], values.count == 1 {
                return presenter(values[0], scope, maker: maker, depth: depth + 1)
            }
            // A function passed by name (`togglePresenter`).
            return index.functionsByName[n] != nil ? (n, nil, nil) : nil
        case .choice(let xs) where xs.count == 1:
            return presenter(xs[0], scope, maker: maker, depth: depth + 1)
        default:
            return nil
        }
    }

    /// A pattern's string: a literal, a bound parameter, or an enum case (its per-case string).
    private mutating func key(_ v: ValueExpr, _ scope: Scope, type: String?, depth: Int, at location: SourceLocation) -> String? {
        guard depth < 24 else { return nil }
        switch v {
        case .literal(let s): return s
        case .ref(let n):
            if let b = scope.bindings[n] { return key(b.value, b.scope, type: b.type, depth: depth + 1, at: location) }
            if let f = scope.function, let values = index.functions[f].locals[n], values.count == 1 { return key(values[0], scope, type: type, depth: depth + 1, at: location) }
        case .unknown(let text) where ValueResolver.isImplicitMember(text):
            guard let t = type.map(DependencyBinding.unqualified), let k = caseKey(t, String(text.dropFirst())) else { return nil }
            routeEnums.insert(t)
            return k
        case .staticMember(let t, let c):
            if let k = caseKey(DependencyBinding.unqualified(t), c) { routeEnums.insert(DependencyBinding.unqualified(t)); return k }
        default: break
        }
        // A constant or a function's return: followed with the value analysis, one literal only.
        var resolver = ValueResolver(index: index)
        resolver.firstLabelOmittable = true
        let r = resolver.resolve(v, in: .init(function: scope.function, owner: scope.function.flatMap { index.functions[$0].owner }),
                                 site: .init(location: location, enclosingTypes: [], module: nil))
        let literals = Set(r.made.compactMap { m -> String? in if case .literal(let s) = m.value { return s }; return nil })
        return literals.count == 1 && r.made.count == 1 ? literals.first : nil
    }

    /// Per-case string properties preferred as an enum case's path.
    static let keyProperties = ["description", "path", "rawValue", "route"]

    /// Case `name` of enum `type` as a path: the string its per-case property returns
    /// (`var description: String { switch self { case .tab1: return "/tab1" } }`), else its raw value,
    /// else `Type.name`. Nil when `type` has no such case.
    func caseKey(_ type: String, _ name: String) -> String? {
        guard let t = index.type(named: type), t.enumCases.contains(where: { $0.name == name }) else { return nil }
        var byProperty: [String: String] = [:]
        for s in index.switches {
            guard case .ref("self") = s.subject, let f = s.function, index.functions[f].owner == type, index.functions[f].parameters.isEmpty else { continue }
            for c in s.cases where c.values.count == 1 {
                guard case .literal(let k) = c.values[0] else { continue }
                if c.patterns.contains(where: { ModuleFactoryExtractor.Model.caseName($0, of: type) == name }) { byProperty[index.functions[f].name] = k }
            }
        }
        if let p = Self.keyProperties.first(where: { byProperty[$0] != nil }) ?? byProperty.keys.sorted().first { return byProperty[p] }
        if let raw = t.enumCases.first(where: { $0.name == name })?.rawValue { return raw }
        return "\(type).\(name)"
    }
}

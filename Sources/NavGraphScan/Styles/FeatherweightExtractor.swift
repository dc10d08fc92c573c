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
        var run = Extraction(index: index)
        run.readTrees()
        run.nameScreens()
        run.walkTrees()
        run.walkDSLTrees()
        run.addHandlers()
        run.followSetterCalls()
        run.followRouteEnumActions()
        run.followPathActions()
        return run.finished()
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

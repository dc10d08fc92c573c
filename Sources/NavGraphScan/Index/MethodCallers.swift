/// Who calls a method: the program's structure for attribution (issue 29, item 3).
///
/// A shared object (a view model, a coordinator) that several screens hold has helpers
/// (`navigateToProfile()`, `navigateToOrders()`); a call inside one of them belongs to the screens
/// whose code reaches that helper — a screen that calls `viewModel.navigateToProfile()`, or builds
/// something that does — not to every screen that merely holds the object.
///
/// `callers(of:)` lists the call sites of a method (name, labels, and a receiver whose declared type
/// fits: `ValueResolver.mayCall`, as for `callSites`; calls written with and without arguments), or says that the
/// sources cannot know them (nil): the method is an initializer, a getter, a protocol requirement, is
/// named anywhere else (a `#selector`, a function passed as a value), or its type inherits something
/// the sources do not declare (UIKit may call an override). An empty list: no code runs the method.
final class MethodCallers {
    let index: SemanticIndex
    private let bareByName: [String: [Int]]
    private var referenced: Set<String>?
    private var memo: [Int: [CallFact]?] = [:]

    init(index: SemanticIndex) {
        self.index = index
        bareByName = Dictionary(grouping: index.callsWithoutArguments.indices, by: { index.callsWithoutArguments[$0].callee.name })
    }

    /// How many times each name is read in a type's body (calls and references alike): a name read
    /// only by its calls is not passed around as a value.
    private var names: Set<String> {
        if let referenced { return referenced }
        var all = Set<String>()
        for i in index.types.indices { all.formUnion(index.types[i].references) }
        referenced = all
        return all
    }

    /// What a walk back through the callers does after a call (`walkBack`).
    enum Step {
        /// Go on to the calls of the function this call is in.
        case through
        /// Not through this call.
        case skip
        /// End the walk here.
        case stop
    }

    /// Breadth first from method `f` back through its callers (`callers(of:)`), `depth` levels at
    /// most, each function once: `visit` decides per call; `finished` is asked before each level
    /// (a walk that found what it wanted at one level ends after that level). Unknown callers end a
    /// branch. Cost: at most `depth` levels of call sites.
    func walkBack(from f: Int, depth: Int, finished: () -> Bool = { false }, _ visit: (CallFact) -> Step) {
        var seen: Set<Int> = [f]
        var level = [f]
        for _ in 0..<depth where !level.isEmpty && !finished() {
            var next: [Int] = []
            for g in level {
                for c in callers(of: g) ?? [] {
                    switch visit(c) {
                    case .stop: return
                    case .skip: continue
                    case .through: if let h = c.function, seen.insert(h).inserted { next.append(h) }
                    }
                }
            }
            level = next
        }
    }

    func callers(of f: Int) -> [CallFact]? {
        if let known = memo[f] { return known }
        let found = compute(f)
        memo[f] = found
        return found
    }

    private func compute(_ f: Int) -> [CallFact]? {
        let fn = index.functions[f]
        guard let owner = fn.owner, !fn.isStatic, !fn.isGetter, !fn.inProtocol, fn.name != "init",
              let type = index.type(named: owner), !type.isProtocol else { return nil }
        // A type that inherits what the sources do not declare (UIViewController, a framework
        // protocol) may have this method called by that framework.
        // (A typealias stands for what it names: `AppRouter: Router, AppRouter.Routes`.)
        let inherited = type.inherited.flatMap { expand($0, owner: owner) }
        if inherited.contains(where: { index.type(named: $0) == nil }) { return nil }
        // A requirement of a protocol the type conforms to is called through the protocol.
        for p in inherited where index.isProtocol(p) {
            if (index.functionsByName[fn.name] ?? []).contains(where: { index.functions[$0].owner == p && index.functions[$0].inProtocol }) {
                return nil
            }
        }
        let resolver = ValueResolver(index: index)
        let named = (index.callsByName[fn.name] ?? []).map { index.calls[$0] } + (bareByName[fn.name] ?? []).map { index.callsWithoutArguments[$0] }
        let out = named.filter { resolver.mayCall(fn, $0) }
        // Named somewhere without being called the way the scan reads calls (`#selector(name)`,
        // `button.onTap = name`): who runs it is not known.
        if out.isEmpty && names.contains(fn.name) { return nil }
        return out.sorted { $0.location < $1.location }
    }

    /// A name through the sources' typealiases (the type's own first, then top-level ones), 4 deep.
    private func expand(_ name: String, owner: String, depth: Int = 0) -> [String] {
        guard depth < 4, let alias = index.typeAliases.first(where: { $0.name == name && $0.owner == owner })
                ?? index.typeAliases.first(where: { $0.name == name && $0.owner == nil }) else { return [name] }
        return alias.types.flatMap { $0 == name ? [$0] : expand($0, owner: owner, depth: depth + 1) }
    }
}

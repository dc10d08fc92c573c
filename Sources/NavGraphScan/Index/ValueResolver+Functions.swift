/// Values the resolver reads through an enum case's computed property and through a method named
/// as a value, by Swift's semantics: a getter that switches over `self` gives, for a case, what
/// that case's branch gives; an unapplied method (`return makeHome`) is a function, and what the
/// program does with it is call it, so its value is what it returns.
extension ValueResolver {
    /// `Pages.home.maker`: the getter `maker` of enum `type` for case `name` — the values of the
    /// branches of its `switch self` that match the case (else its `default`), or every return of a
    /// getter without one. Nil when `type` has no such case or no such getter.
    func caseProperty(
        _ property: String, of type: String, case name: String, _ site: Site, chain: [String], depth d: Int, visiting: inout Visiting
    ) -> Result? {
        guard let t = index.type(named: type), t.enumCases.contains(where: { $0.name == name }) else { return nil }
        let fs = getters(property, of: type).filter { !index.functions[$0].returns.isEmpty || index.selfSwitches[$0] != nil }
        guard !fs.isEmpty else { return nil }
        var out = Result()
        for f in fs {
            let ctx = Context(function: f, owner: type)
            let step = chain + ["\(type).\(name).\(property)"]
            var values: [ValueExpr] = []
            for s in index.selfSwitches[f] ?? [] {
                let cases = index.switches[s].cases
                let matching = cases.filter { c in !c.isDefault && c.patterns.contains { Self.names(case: name, of: type, $0) } }
                values += (matching.isEmpty ? cases.filter(\.isDefault) : matching).flatMap(\.values)
            }
            if index.selfSwitches[f] == nil { values = index.functions[f].returns }
            for v in values { out.add(evaluate(v, ctx, site, chain: step, depth: d, visiting: &visiting)) }
        }
        return out
    }

    /// Whether a `case` pattern names case `name` of `type` (`.home`, `Pages.home`).
    static func names(case name: String, of type: String, _ pattern: ValueExpr) -> Bool {
        switch pattern {
        case .staticMember(let t, let n): return n == name && (t == type || t.hasSuffix("." + type))
        case .unknown(let text): return text == "." + name
        default: return false
        }
    }

    /// A method of `owner` (or of a type it conforms to) named `name`, written as a value: what its
    /// bodies return. Nil when `owner` has no such method with a readable return.
    func methodValue(_ name: String, of owner: String, _ site: Site, chain: [String], depth d: Int, visiting: inout Visiting) -> Result? {
        let fs = (index.functionsByName[name] ?? []).filter { f in
            let fn = index.functions[f]
            return !fn.isGetter && !fn.returns.isEmpty && fn.owner.map { index.type(owner, conformsTo: $0) } == true
        }
        guard !fs.isEmpty else { return nil }
        var out = Result()
        for f in fs {
            let fn = index.functions[f]
            for r in fn.returns {
                out.add(evaluate(r, Context(function: f, owner: fn.owner), site, chain: chain + ["\(name) as a function"], depth: d, visiting: &visiting))
            }
        }
        return out
    }

    /// `container.resolve(LandingModule.self, argument: router)`: a dependency container's lookup (the
    /// name Swinject, Resolver and their kind give it), declared nowhere in the sources, asked for a
    /// type of the sources by its metatype, gives an instance of that type (`resolve<T>(_: T.Type, …)
    /// -> T?`), made where the container registers it. Nil for any other call.
    func containerLookup(_ callee: ValueExpr.Callee, _ args: [ValueExpr.Argument], _ ctx: Context, _ site: Site, chain: [String]) -> Made? {
        guard callee.name == "resolve", let first = args.first, first.label == nil,
              case .staticMember(let type, "self") = first.value, index.hasType(named: type) else { return nil }
        return Made(value: .construct(type, []), context: ctx, site: site, chain: chain + ["\(type) from a container's resolve"])
    }
}

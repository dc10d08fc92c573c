import NavGraphKit

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
    /// A call of a function the sources do not declare, handed a page case of a module factory
    /// (`pageModules`): the router's getter of that page's module (its screen), when one argument
    /// names one page.
    func pageGetter(_ callee: ValueExpr.Callee, _ args: [ValueExpr.Argument], _ ctx: Context, _ site: Site, chain: [String]) -> Made? {
        guard !pageModules.isEmpty else { return nil }
        var found: [(page: String, module: String)] = []
        for a in args {
            let page: String
            switch a.value {
            case .staticMember(let t, let c): page = DependencyBinding.unqualified(t) + "." + c
            case .member(.staticMember(_, let t), let c): page = t + "." + c
            default: continue
            }
            if let m = pageModules[page] { found.append((page, m)) }
        }
        guard found.count == 1, let (page, module) = found.first else { return nil }
        return Made(value: .construct(module, []), context: ctx, site: site, chain: chain + ["\(callee.name)(…) handed page \(page): its module \(module)"])
    }

    func containerLookup(_ callee: ValueExpr.Callee, _ args: [ValueExpr.Argument], _ ctx: Context, _ site: Site, chain: [String]) -> Made? {
        guard callee.name == "resolve", let first = args.first, first.label == nil,
              case .staticMember(let type, "self") = first.value, index.hasType(named: type) else { return nil }
        return Made(value: .construct(type, []), context: ctx, site: site, chain: chain + ["\(type) from a container's resolve"])
    }
}

/// Which calls can run a function: call sites by name, labels and receiver.
extension ValueResolver {
    /// Calls that can reach function `f`: same name and labels, a receiver that fits.
    func callSites(of f: Int) -> [Int] {
        let fn = index.functions[f]
        if fn.name == "init" {
            guard let owner = fn.owner else { return [] }
            return (index.callsByName[owner] ?? []).filter {
                index.calls[$0].callee.receiver == .implicit && accepts(fn, index.calls[$0].labels)
            }
        }
        return (index.callsByName[fn.name] ?? []).filter { mayCall(fn, index.calls[$0]) }
    }

    /// Whether `call` (of `fn`'s name) can run `fn` (not an initializer): its labels fit, and its
    /// receiver is `fn`'s type (a static call), a value whose declared type fits either way, or
    /// implicit inside a type that is (or conforms to) `fn`'s owner.
    func mayCall(_ fn: FunctionFacts, _ call: CallFact) -> Bool {
        guard accepts(fn, call.labels) || (!call.trailingLabels.isEmpty && fn.accepts(call)) else { return false }
        switch call.callee.receiver {
        case .type(let t): return fn.isStatic && (fn.owner == t || fn.owner.map { index.type(t, conformsTo: $0) } == true)
        case .value(let v):
            guard !fn.isStatic else { return false }
            // `router?.navigateTo(route:)` where `router: HomeWireframe`: only that protocol's
            // implementations (or the type itself) are called. An untyped receiver may call any.
            guard let owner = fn.owner else { return true }
            return callOn(v, in: context(ofCall: call), mayRunMethodOf: owner)
        case .implicit:
            guard let owner = fn.owner else { return true }
            // In a protocol's extension `self` is any of its conformers (`open(vc, transition:)` in
            // `extension HomeRoute where Self: RouterProtocol` runs the router class's `open`).
            return call.enclosingTypes.contains { t in
                index.type(t, conformsTo: owner) || (index.isProtocol(t) && index.someType(conformingTo: t, alsoConformsTo: owner))
            }
        }
    }

    /// Whether a call on the value `v` (read in `ctx`) may run a method declared in `owner`: where
    /// `v`'s declared type is known, when one of the two conforms to the other (dynamic dispatch); where
    /// it is a system object (`foreignReceiver`), only when `owner` is that type; else (untyped) always.
    func callOn(_ v: ValueExpr, in ctx: Context, mayRunMethodOf owner: String) -> Bool {
        guard let declared = declaredType(of: v, in: ctx), index.hasType(named: declared) else {
            return foreignReceiver(v).map { $0 == owner } ?? true
        }
        return index.type(owner, conformsTo: declared) || index.type(declared, conformsTo: owner)
    }

    /// The type a receiver is read from when it is a static member of a type the sources do not
    /// declare (`UIApplication.shared`, `FileManager.default.temporaryDirectory`): an object of a system
    /// or package type (the sources may extend it), whose methods are that type's, never a
    /// same-named method of an unrelated type of the sources (`UIApplication.shared.open(url)` is not
    /// a transition's `open(_:)`). A delegate or data source read from it may be the app's own.
    func foreignReceiver(_ v: ValueExpr) -> String? {
        switch v {
        case .staticMember(let t, _):
            // (A type the sources only extend, `extension UIApplication { … }`, is not theirs either.)
            let name = DependencyBinding.unqualified(t)
            return SyntaxHelpers.isTypeLike(name) && !index.declaredConcrete.contains(name) && !index.isProtocol(name) ? name : nil
        case .member(let base, let m):
            return m.hasSuffix("elegate") || m.hasSuffix("ataSource") ? nil : foreignReceiver(base)
        default:
            return nil
        }
    }

    /// Whether a call with these labels can call `fn` (Swift 2's left-out first label when allowed).
    func accepts(_ fn: FunctionFacts, _ labels: [String]) -> Bool {
        if fn.accepts(labels: labels) { return true }
        guard firstLabelOmittable, let l = fn.swift2Labels(labels) else { return false }
        return fn.accepts(labels: l)
    }
}

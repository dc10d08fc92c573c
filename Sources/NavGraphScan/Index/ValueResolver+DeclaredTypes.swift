import NavGraphKit

/// What a value is by its declared type where the value itself cannot be followed: a downcast
/// (`x as? T`), a binding declared `T` (a local, a stored property, a parameter). Swift's type
/// checker guarantees such a value is a `T` or a subclass; the analysis says so only for a concrete
/// type the sources declare, and only while that is at most `maxInstanceTypes` types.
extension ValueResolver {
    /// `x as? T` / `x as! T`: what `x` is; where `x` cannot be followed (a storyboard's
    /// `instantiateViewController(withIdentifier:)`, a container's untyped lookup) the cast still says
    /// what it is when it is anything: an instance of `T` or a subclass, when `T` is a concrete type
    /// the sources declare (`narrow`); a protocol or a type declared elsewhere stays unknown. What `x`
    /// is known to be is kept as it is. Cost: `x`'s.
    func cast(_ inner: ValueExpr, to type: ValueExpr, _ ctx: Context, _ site: Site, chain: [String], depth d: Int, visiting: inout Visiting) -> Result {
        var out = evaluate(inner, ctx, site, chain: chain, depth: d, visiting: &visiting)
        if case .staticMember(let t, "self") = type {
            narrow(&out, to: t, ctx, site, chain: chain + ["'\(inner.summary)' cast with as? \(t)"])
        }
        return out
    }

    /// What an instance of the concrete type `t` (declared in the sources) may be: `t` and its
    /// subclasses in the sources, in name order.
    func instanceTypes(of t: String) -> [String] {
        [t] + (index.conformers[t] ?? []).filter { index.declaredConcrete.contains($0) }.sorted()
    }

    /// A value of a binding declared `declared` (a property, a parameter): where some of it cannot be
    /// followed, that part is an instance of the declared type or a subclass, when it is a concrete
    /// type of the sources (the type checker guarantees it); otherwise it stays unknown.
    /// A base class with more than `maxInstanceTypes` subclasses (every screen's `BaseViewController`)
    /// says too little: the value stays unknown (held back, not an edge to each).
    func narrow(_ out: inout Result, to declared: String, _ ctx: Context, _ site: Site, chain: [String]) {
        guard !out.misses.isEmpty else { return }
        var t = declared
        while t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
        guard let made = instances(of: t, ctx, site, chain: chain) else { return }
        out.misses = []
        out.made += made
    }

    /// An instance of `t` or of each of its subclasses, when `t` is a concrete type the sources
    /// declare and those are at most `maxInstanceTypes`; else nil (unknown).
    func instances(of t: String, _ ctx: Context, _ site: Site, chain: [String]) -> [Made]? {
        guard index.declaredConcrete.contains(t) else { return nil }
        let kinds = instanceTypes(of: t)
        guard kinds.count <= maxInstanceTypes else { return nil }
        return kinds.map { Made(value: .construct($0, []), context: ctx, site: site, chain: chain + ["an instance of \($0)"]) }
    }

    /// The declared type of `self.x` / `x` (a property) when the value itself cannot be followed.
    func declaredType(of base: ValueExpr, in ctx: Context) -> String? {
        switch base {
        case .ref(let n), .selfMember(let n):
            if case .ref = base, let f = ctx.function, let p = index.functions[f].parameters.first(where: { $0.name == n }) {
                return p.typeName.isEmpty ? nil : p.typeName
            }
            guard let owner = ctx.owner, let i = index.typesByName[owner]?.first else { return nil }
            guard let t = index.types[i].propertyTypes[n], !t.isEmpty else {
                // `let router = ProfileRouter()`: a property without a written type has its
                // initializer's type (a construction of a type of the sources; other initializers
                // are left untyped).
                guard let first = index.types[i].propertyValues[n]?.first(where: { $0.function == nil }),
                      case .construct(let made, _) = first.value else { return nil }
                let name = DependencyBinding.unqualified(made)
                return index.declaredConcrete.contains(name) ? name : nil
            }
            return t.hasSuffix("?") || t.hasSuffix("!") ? String(t.dropLast()) : t
        default:
            return nil
        }
    }
}

extension ValueResolver {
    /// The types the object holding a call's closure may be (`CallFact.closureObject`: `viewModel`
    /// in `viewModel.onDone = { router.openNext() }`), as far as the analysis follows it; empty where
    /// it cannot. Attribution asks for them only where the call's own types belong to no screen (a
    /// factory that builds the screen and wires its closures). Cost: one `resolve`.
    func closureObjectTypes(of c: CallFact) -> [String] {
        closureObjectTypes(of: site(ofCall: c), in: context(ofCall: c))
    }

    /// `closureObjectTypes(of:)` for a site (its `closureObject`), read in the function it is in.
    func closureObjectTypes(of site: Site, in ctx: Context? = nil) -> [String] {
        guard let object = site.closureObject else { return [] }
        let ctx = ctx ?? Context(function: site.function, owner: site.function.flatMap { index.functions[$0].owner } ?? site.enclosingTypes.first)
        var out = Set<String>()
        for m in resolve(object, in: ctx, site: site).made {
            if case .construct(let t, _) = m.value { out.insert(DependencyBinding.unqualified(t)) }
        }
        return out.sorted()
    }
}

import NavGraphKit

/// Module types that are their own pages (`ModuleFactoryExtractor.Model.pageTypes`).
extension ModuleFactoryExtractor.Model {
    /// `pageTypes` and `unkeyedPageTypes`: per conformer (not an enum) of a protocol a presenting
    /// function's first parameter takes, its key property (the first of `keyProperties` it has, else its
    /// nearest superclass's): the literal it returns, or where it is when it returns anything else.
    static func pageTypes(
        _ index: SemanticIndex, presenting: Set<String>
    ) -> ([String: (key: String, location: SourceLocation)], [String: SourceLocation]) {
        var protocols = Set<String>()
        for f in index.functions where presenting.contains(f.name) {
            if let p = f.parameters.first, index.isProtocol(p.typeName) { protocols.insert(p.typeName) }
        }
        guard !protocols.isEmpty else { return ([:], [:]) }
        // Per type, per key property: its one literal, or nil where the getter returns anything else.
        var getters: [String: [String: (key: String?, location: SourceLocation)]] = [:]
        for f in index.functions where f.isGetter && f.parameters.isEmpty && ModuleFactoryExtractor.keyProperties.contains(f.name) {
            guard let o = f.owner else { continue }
            if f.returns.count == 1, case .literal(let key) = f.returns[0] {
                getters[o, default: [:]][f.name] = (key, f.location)
            } else {
                getters[o, default: [:]][f.name] = (nil, f.location)
            }
        }
        func key(_ type: String, _ depth: Int) -> (key: String?, location: SourceLocation)? {
            if let own = getters[type], let p = ModuleFactoryExtractor.keyProperties.first(where: { own[$0] != nil }) { return own[p] }
            guard depth < 8, let t = index.type(named: type) else { return nil }
            for s in t.inherited where !index.isProtocol(s) { if let k = key(s, depth + 1) { return k } }
            return nil
        }
        var keyed: [String: (key: String, location: SourceLocation)] = [:], unkeyed: [String: SourceLocation] = [:]
        for p in protocols.sorted() {
            for t in index.conformers[p] ?? [] {
                guard let facts = index.type(named: t), !facts.isProtocol, facts.enumCases.isEmpty, !facts.debugOnly,
                      let k = key(t, 0) else { continue }
                if let written = k.key { keyed[t] = (written, k.location) } else { unkeyed[t] = k.location }
            }
        }
        return (keyed, unkeyed)
    }
}

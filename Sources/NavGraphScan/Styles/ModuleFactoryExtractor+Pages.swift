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

extension ModuleFactoryExtractor.Model {
        /// The text of an interpolated string literal as written (`\(Bundle.appName())/Home`), when it
        /// does not read `self` (`"page/\(self)"`: one text, a value per case). The caller keeps only
        /// texts one case writes: a text two cases write may stand for two values at run time.
        static func interpolatedKey(_ v: ValueExpr) -> String? {
            guard case .unknown(let text) = v, text.count > 2, text.hasPrefix("\""), text.hasSuffix("\""),
                  !text.hasSuffix("…"), text.contains("\\("), !text.contains("self") else { return nil }
            return String(text.dropFirst().dropLast())
        }

        /// Keys that two page enums share where no table or factory lists pages of both: each enum's
        /// pages are their own namespace there (a router that picks a product's table by the page's
        /// `productName` first, then its key), so each such key is qualified by its enum
        /// (`VIPFinanceProducts:/vip/home`). Shared keys that one table lists for both enums stay as
        /// they are: that table has the same key twice (duplicate-route).
        static func namespaces(_ index: SemanticIndex, pages: Set<String>, key: (String, String) -> String?) -> [String: Set<String>] {
            var enumsOfKey: [String: Set<String>] = [:]
            for page in pages {
                for c in index.type(named: page)?.enumCases ?? [] { if let k = key(page, c.name) { enumsOfKey[k, default: []].insert(page) } }
            }
            let shared = enumsOfKey.filter { $0.value.count > 1 }
            guard !shared.isEmpty else { return [:] }
            // The page enums each table's (and each factory switch's) keys are written through.
            func enumOf(_ v: ValueExpr) -> String? {
                switch v {
                case .member(.staticMember(let t, _), _), .staticMember(let t, _):
                    let u = DependencyBinding.unqualified(t)
                    return pages.contains(u) ? u : nil
                case .member(.member(.staticMember(_, let t), _), _), .member(.staticMember(_, let t), _) where pages.contains(t): return t
                default: return nil
                }
            }
            var together: [Set<String>] = index.tables.map { Set($0.entries.compactMap { enumOf($0.key) }) }
            together += index.switches.map { s in Set(s.cases.flatMap(\.patterns).compactMap(enumOf)) }
            var out: [String: Set<String>] = [:]
            for (k, enums) in shared where !together.contains(where: { $0.intersection(enums).count > 1 }) {
                for e in enums { out[e, default: []].insert(k) }
            }
            return out
        }

        /// `.home` or `Page.home` as a case name of `page`.
        static func caseName(_ v: ValueExpr, of page: String?) -> String? {
            switch v {
            case .staticMember(let t, let n) where page == nil || t == page: return n
            case .unknown(let text) where ValueResolver.isImplicitMember(text): return String(text.dropFirst())
            default: return nil
            }
        }
}

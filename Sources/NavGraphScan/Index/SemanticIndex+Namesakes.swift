import NavGraphKit

/// Same-named types at different places of nesting: Swift tells `FeedRouter.Route` from
/// `ProfileRouter.Route` by where a name is written; the index's `types` are merged by simple name
/// (what most of the scan asks), so these are kept apart beside them.
extension SemanticIndex {
    /// Cost: one pass over every file's type declarations (a set insert per nested one); two more,
    /// with a lookup per declaration, only when some type is nested.
    static func sameNamedTypes(in files: [FileFacts]) -> (names: [String: [String]], facts: [String: TypeFacts]) {
        // Nested declarations first (few), then the top-level ones of those names.
        var places: [String: Set<String>] = [:]
        for f in files {
            for i in f.types.indices where !f.types[i].isExtension {
                if let outer = f.types[i].outer { places[f.types[i].name, default: []].insert(outer) }
            }
        }
        guard !places.isEmpty else { return ([:], [:]) }
        for f in files {
            for i in f.types.indices where !f.types[i].isExtension && f.types[i].outer == nil && places[f.types[i].name] != nil {
                places[f.types[i].name]?.insert("")
            }
        }
        var names: [String: [String]] = [:]
        for (name, outers) in places where outers.count > 1 { names[name] = outers.map { $0.isEmpty ? name : "\($0).\(name)" }.sorted() }
        guard !names.isEmpty else { return ([:], [:]) }
        // The declarations alone: what is asked of them (is it a protocol, an enum's cases) no
        // extension can change.
        var facts: [String: TypeFacts] = [:]
        for f in files {
            for t in f.types where !t.isExtension && names[t.name] != nil {
                if facts[t.qualifiedName] == nil { facts[t.qualifiedName] = t } else { facts[t.qualifiedName]?.absorb(t) }
            }
        }
        return (names, facts)
    }
}

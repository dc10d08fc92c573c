import NavGraphKit

/// Which types each feature's `build` reaches: through constructions, static calls and members
/// (`ProfileRouter.createModule(…)`, `Assembly.shared`), and property types, where a protocol type
/// stands for its only conforming type in the sources.
///
/// The walk stops at other features, at routes and handlers, and at composition roots (types
/// that create the router or register handlers): those are not built by a feature.
struct TypeReferenceGraph {
    /// Type name → indices of the features whose `build` reaches it.
    private(set) var builtBy: [String: Set<Int>] = [:]

    init(index: SemanticIndex, features: [String], stopAt stops: Set<String>) {
        let featureSet = Set(features)
        for (fi, name) in features.enumerated() {
            guard let t = index.type(named: name) else { continue }
            var queue = Array(t.buildReferences.isEmpty ? t.typeReferences : t.buildReferences)
            var seen: Set<String> = [name]
            while let next = queue.popLast() {
                for n in Self.concrete(next, index) where !featureSet.contains(n) && !stops.contains(n) {
                    guard seen.insert(n).inserted, let reached = index.type(named: n) else { continue }
                    builtBy[n, default: []].insert(fi)
                    queue += reached.typeReferences
                }
            }
        }
    }

    /// A concrete type stands for itself; a protocol for its only conforming type; else nothing.
    private static func concrete(_ name: String, _ index: SemanticIndex) -> [String] {
        guard let t = index.type(named: name) else { return [] }
        guard t.isProtocol else { return [name] }
        let conformers = index.conformers[name] ?? []
        return conformers.count == 1 ? Array(conformers) : []
    }
}

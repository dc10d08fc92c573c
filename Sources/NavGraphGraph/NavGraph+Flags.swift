import NavGraphModel

extension NavGraph {
    /// The flags the registry declares or a feature follows, in name order, and the features each
    /// one gates (in id order): the flags `navgraph flags` lists and the HTML page's scenarios set.
    public func flagGates() -> (names: [String], gates: [String: [String]]) {
        var names = Set(registry.flags.map(\.name))
        var gates: [String: [String]] = [:]
        for f in declaredFeatures {
            if let info = feature(f), case .flag(let x) = info.enabled {
                names.insert(x)
                gates[x, default: []].append(name(f))
            }
        }
        return (names.sorted(), gates)
    }
}

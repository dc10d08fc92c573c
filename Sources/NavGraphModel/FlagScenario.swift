import NavGraphSupport

/// A set of flag values under which the registry is checked.
public struct FlagScenario: Hashable, Codable, Sendable, CustomStringConvertible {
    /// A short name: "default", a config scenario's name, or `a=on,b=off`.
    public var name: String
    public var values: [String: Bool]
    /// Flags whose value is decided at run time in this scenario (either value).
    public var unknown: Set<String> = []

    public init(name: String, values: [String: Bool], unknown: Set<String> = []) {
        self.name = name
        self.values = values
        self.unknown = unknown
    }

    /// The registry's defaults, with `overrides` applied.
    public static func defaults(of registry: Registry, overrides: [String: Bool] = [:], name: String? = nil) -> FlagScenario {
        var values: [String: Bool] = [:]
        var unknown = Set<String>()
        for f in registry.flags.sorted(by: { $0.name < $1.name }) where values[f.name] == nil && !unknown.contains(f.name) {
            if f.runtime { unknown.insert(f.name) } else { values[f.name] = f.defaultValue }
        }
        for (k, v) in overrides {
            values[k] = v
            unknown.remove(k)
        }
        let label = name ?? (overrides.isEmpty ? "default" : overrides.keys.sorted().map { "\($0)=\(overrides[$0]! ? "on" : "off")" }.joined(separator: ","))
        return FlagScenario(name: label, values: values, unknown: unknown)
    }

    /// The most flags whose every combination is checked (`--all-flag-combinations`, `diff`, the HTML
    /// page's embedded scenarios): 2^10 = 1,024 scenarios. The one place this limit is written.
    public static let combinationLimit = 10

    /// Every combination of the registry's flags (at most `limit` flags).
    public static func allCombinations(of registry: Registry, limit: Int = combinationLimit) -> [FlagScenario]? {
        let names = Array(Set(registry.flags.map(\.name))).sorted()
        guard names.count <= limit else { return nil }
        if names.isEmpty { return [defaults(of: registry)] }
        return (0..<(1 << names.count)).map { mask in
            var values: [String: Bool] = [:]
            for (i, n) in names.enumerated() { values[n] = mask & (1 << (names.count - 1 - i)) == 0 }
            let label = names.map { "\($0)=\(values[$0]! ? "on" : "off")" }.joined(separator: ",")
            return FlagScenario(name: label, values: values)
        }
    }

    /// Whether a feature with this enablement is enabled here; nil when it cannot be known (runtime,
    /// or a flag whose default is decided at run time). An undeclared flag counts as off.
    public func isEnabled(_ e: Enablement) -> Bool? {
        switch e {
        case .always: return true
        case .never: return false
        case .flag(let f): return unknown.contains(f) ? nil : (values[f] ?? false)
        case .runtime: return nil
        }
    }

    public var description: String { name }
}

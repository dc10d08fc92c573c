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

    /// The most scenarios × declared features the HTML page embeds every combination for (its size
    /// grows with both); beyond it, `explored` toggles each flag alone.
    public static let combinationBudget = 1 << 21

    /// Every combination of the registry's flags (at most `limit` flags).
    public static func allCombinations(of registry: Registry, limit: Int = combinationLimit) -> [FlagScenario]? {
        let names = Array(Set(registry.flags.map(\.name))).sorted()
        guard names.count <= limit else { return nil }
        return combinations(of: names, over: names.isEmpty ? defaults(of: registry) : FlagScenario(name: "", values: [:]))
    }

    /// Every combination of `flags` set on `base`, all on first, in the order of the bits of a count
    /// down from all on (`ScenarioCondition` reads the order); `[base]` when there are no flags. The
    /// one enumeration of combinations: `allCombinations`, `diff`, the HTML page.
    public static func combinations(of flags: [String], over base: FlagScenario) -> [FlagScenario] {
        guard !flags.isEmpty else { return [base] }
        return (0..<(1 << flags.count)).map { mask in
            base.setting(flags, to: flags.indices.map { mask & (1 << (flags.count - 1 - $0)) == 0 })
        }
    }

    /// The scenarios the HTML page explores around `base` (`flags` in name order, `features` the
    /// declared features): every combination while there are at most `combinationLimit` flags and
    /// 2^flags × features stays within `combinationBudget`; otherwise `base` (its flags named) and
    /// each flag toggled alone from it. `start` is the index of `base`'s values.
    public static func explored(
        flags: [String], around base: FlagScenario, features: Int
    ) -> (scenarios: [FlagScenario], combinations: Bool, start: Int) {
        let values = flags.map { base.values[$0] ?? false }
        guard flags.count <= combinationLimit, (1 << flags.count) * max(features, 1) <= combinationBudget else {
            let toggled = flags.indices.map { i in
                var v = values
                v[i].toggle()
                return base.setting(flags, to: v)
            }
            return ([base.setting(flags, to: values)] + toggled, false, 0)
        }
        let all = combinations(of: flags, over: base)
        return (all, true, all.firstIndex { s in flags.map { s.values[$0] ?? false } == values } ?? 0)
    }

    /// This scenario with `flags` set to `values` and named after them (`a=on,b=off`; its own name
    /// when there are no flags).
    public func setting(_ flags: [String], to values: [Bool]) -> FlagScenario {
        var s = self
        for (n, v) in zip(flags, values) { s.values[n] = v }
        if !flags.isEmpty { s.name = zip(flags, values).map { "\($0)=\($1 ? "on" : "off")" }.joined(separator: ",") }
        return s
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

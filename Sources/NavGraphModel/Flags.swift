import NavGraphSupport

/// A feature flag and its default value.
public struct FeatureFlag: Hashable, Codable, Sendable {
    public var name: String
    /// The default; meaningless when `runtime` is true.
    public var defaultValue: Bool
    /// The default is decided at run time (a flag the code reads that no configuration declares):
    /// the default scenario treats it as either, and every combination as on and as off.
    public var runtime: Bool
    /// Who owns the flag (from the configuration's `flags:` block).
    public var owner: String?
    public var origin: ElementOrigin

    public init(name: String, defaultValue: Bool, runtime: Bool = false, owner: String? = nil, origin: ElementOrigin = .init()) {
        self.name = name
        self.defaultValue = defaultValue
        self.runtime = runtime
        self.owner = owner
        self.origin = origin
    }

    /// `true`, `false` or `runtime`, as the registry writes it.
    public var defaultText: String { runtime ? "runtime" : String(defaultValue) }
}

/// Whether a feature's `isEnabled()` returns true.
public enum Enablement: Hashable, Codable, Sendable, CustomStringConvertible {
    /// `isEnabled()` absent or `return true`.
    case always
    /// `return false`.
    case never
    /// Follows a feature flag.
    case flag(String)
    /// Decided at run time in a way navgraph cannot see.
    case runtime

    /// True when some run of the app can see this feature disabled.
    public var canBeDisabled: Bool {
        switch self {
        case .always: return false
        case .never, .flag, .runtime: return true
        }
    }

    public var description: String {
        switch self {
        case .always: return "true"
        case .never: return "false"
        case .flag(let f): return "flag:\(f)"
        case .runtime: return "runtime"
        }
    }
}

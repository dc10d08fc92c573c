import NavGraphSupport

/// A dependency the framework provides itself (RouterService provides `RouterServiceProtocol`).
public struct ProvidedDependency: Hashable, Codable, Sendable {
    public var name: String
    public var origin: ElementOrigin

    public init(name: String, origin: ElementOrigin = .init()) {
        self.name = name
        self.origin = origin
    }
}

/// A reference to a dependency protocol, from a feature or an implementation.
public struct DependencyRef: Hashable, Codable, Sendable {
    public var name: String
    /// A lazy (closure / provider) reference does not build the dependency at once: it breaks cycles.
    public var lazy: Bool
    /// For injected `@Dependency` properties found by the scanner: whether the feature reads it.
    /// `nil` when unknown (hand-written registries).
    public var used: Bool?
    public var origin: ElementOrigin

    public init(name: String, lazy: Bool = false, used: Bool? = nil, origin: ElementOrigin = .init()) {
        self.name = name
        self.lazy = lazy
        self.used = used
        self.origin = origin
    }
}

/// A registered dependency factory: `register(dependencyFactory: { Impl() }, forType: P.self)`.
public struct DependencyBinding: Hashable, Codable, Sendable {
    /// The protocol, possibly module-qualified (`Networking.HTTPClientProtocol`).
    public var `protocol`: String
    public var implementation: String?
    public var module: String?
    public var dependencies: [DependencyRef]
    public var origin: ElementOrigin
    public var ignore: [String]

    public init(
        protocol: String, implementation: String? = nil, module: String? = nil,
        dependencies: [DependencyRef] = [], origin: ElementOrigin = .init(), ignore: [String] = []
    ) {
        self.protocol = `protocol`
        self.implementation = implementation
        self.module = module
        self.dependencies = dependencies
        self.origin = origin
        self.ignore = ignore
    }

    /// The name RouterService keys the store by: the unqualified type name.
    public var storeKey: String { DependencyBinding.unqualified(`protocol`) }

    public static func unqualified(_ name: String) -> String {
        // Fast path for ASCII names (all real ones): a byte scan instead of Character iteration,
        // which cost ~7k instructions a call and dominated missing-dependency on big registries.
        let utf8 = name.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
            return String(name[utf8.index(after: dot)...])
        }
        if let dot = name.lastIndex(of: ".") { return String(name[name.index(after: dot)...]) }
        return name
    }
}

import NavGraphSupport

/// A route a feature can open.
public struct Navigation: Hashable, Codable, Sendable {
    public var route: String
    /// Presentation style (`push`, `modal`, …); nil when not stated.
    public var style: String?
    public var origin: ElementOrigin

    public init(route: String, style: String? = nil, origin: ElementOrigin = .init()) {
        self.route = route
        self.style = style
        self.origin = origin
    }
}

/// A screen a feature shows itself, without the router (`pushViewController`, `present`, a SwiftUI
/// `.sheet`, `NavigationLink`, …): an edge of style `direct`. The presented screen is built as the
/// code builds it, without `isEnabled()` (the router is not asked).
public struct Presentation: Hashable, Codable, Sendable {
    /// The feature (screen) presented.
    public var feature: String
    /// How it is presented (`push`, `present`, `sheet`, `root`, `tab`, …); nil when not stated.
    public var style: String?
    public var origin: ElementOrigin

    public init(feature: String, style: String? = nil, origin: ElementOrigin = .init()) {
        self.feature = feature
        self.style = style
        self.origin = origin
    }
}

/// A `Feature`: one screen (or flow) the app can build.
public struct Feature: Hashable, Codable, Sendable {
    public var name: String
    public var module: String?
    public var enabled: Enablement
    /// Where the `enabled` value was stated (for findings about it).
    public var enabledOrigin: ElementOrigin?
    public var fallback: String?
    public var fallbackOrigin: ElementOrigin?
    public var dependencies: [DependencyRef]
    public var navigates: [Navigation]
    /// Screens it presents directly, around the router (edges of style `direct`).
    public var presents: [Presentation] = []
    public var origin: ElementOrigin
    public var ignore: [String]
    /// A fallback method the framework never calls: its labels differ from the protocol's
    /// requirement, which has a default implementation (that runs instead).
    public var unusedFallback: UnusedFallback?

    public init(
        name: String, module: String? = nil, enabled: Enablement = .always, enabledOrigin: ElementOrigin? = nil,
        fallback: String? = nil, fallbackOrigin: ElementOrigin? = nil, dependencies: [DependencyRef] = [],
        navigates: [Navigation] = [], origin: ElementOrigin = .init(), ignore: [String] = []
    ) {
        self.name = name
        self.module = module
        self.enabled = enabled
        self.enabledOrigin = enabledOrigin
        self.fallback = fallback
        self.fallbackOrigin = fallbackOrigin
        self.dependencies = dependencies
        self.navigates = navigates
        self.origin = origin
        self.ignore = ignore
    }
}

/// `fallback(forRoute:)` written where the feature protocol requires `fallback(for:)`.
public struct UnusedFallback: Hashable, Codable, Sendable {
    /// The method as the feature declares it, `fallback(forRoute:)`.
    public var declared: String
    /// The protocol's requirement, `fallback(for:)`.
    public var requirement: String
    public var origin: ElementOrigin

    public init(declared: String, requirement: String, origin: ElementOrigin = .init()) {
        self.declared = declared
        self.requirement = requirement
        self.origin = origin
    }
}

extension Feature {
    /// `features.sorted(by: canonicalOrder)`, the same (stable) order, but sorting indices with the
    /// names compared first: sorting the Feature values themselves copied them around and
    /// dominated on big registries.
    package static func canonicallySorted(_ features: [Feature]) -> [Feature] {
        let names = features.map(\.name)
        return features.indices.sorted { a, b in
            if names[a] != names[b] { return names[a] < names[b] }
            return canonicalOrder(features[a], features[b])
        }.map { features[$0] }
    }

    /// A total order over declarations that does not depend on where they were read.
    package static func canonicalOrder(_ a: Feature, _ b: Feature) -> Bool {
        if a.name != b.name { return a.name < b.name }
        let ka = "\(a.module ?? "")|\(a.enabled)|\(a.fallback ?? "")|\(a.origin.source?.description ?? "")"
        let kb = "\(b.module ?? "")|\(b.enabled)|\(b.fallback ?? "")|\(b.origin.source?.description ?? "")"
        if ka != kb { return ka < kb }
        return (a.origin.registry?.description ?? "") < (b.origin.registry?.description ?? "")
    }
}

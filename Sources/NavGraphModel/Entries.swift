import NavGraphSupport

/// Where navigation starts: a root feature (`navigationController(withInitialFeature:)`)
/// or a route the app opens directly.
public struct Entry: Hashable, Codable, Sendable {
    public enum Target: Hashable, Codable, Sendable {
        case feature(String)
        case route(String)
    }
    public var target: Target
    public var origin: ElementOrigin
    public var ignore: [String]

    public init(target: Target, origin: ElementOrigin = .init(), ignore: [String] = []) {
        self.target = target
        self.origin = origin
        self.ignore = ignore
    }

    public var name: String {
        switch target {
        case .feature(let n): return n
        case .route(let r): return r
        }
    }
}

/// A deep link: a URL pattern that opens a route, or a serialized `AnyRoute` string.
public struct DeepLink: Hashable, Codable, Sendable {
    public var url: String?
    public var route: String?
    /// `identifier|{json}` as `AnyRoute` decodes it.
    public var anyRoute: String?
    public var origin: ElementOrigin
    public var ignore: [String]

    public init(
        url: String? = nil, route: String? = nil, anyRoute: String? = nil, origin: ElementOrigin = .init(),
        ignore: [String] = []
    ) {
        self.url = url
        self.route = route
        self.anyRoute = anyRoute
        self.origin = origin
        self.ignore = ignore
    }

    /// A stable human name for findings and baselines.
    public var displayName: String { anyRoute ?? url ?? route ?? "deeplink" }
}

import RouterService

public struct ProfileRoute: Route {
    public static let identifier = "profile"
    public init() {}
}

public struct OrdersRoute: Route {
    public static let identifier = "orders"
    public init() {}
}

public struct SettingsRoute: Route {
    public static let identifier = "settings"
    public init() {}
}

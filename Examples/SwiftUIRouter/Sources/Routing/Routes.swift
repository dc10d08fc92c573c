public struct HomeRoute: Route {
    public static let identifier = "home"

    public init() {}
}

public struct CatalogRoute: Route {
    public static let identifier = "catalog"

    public init() {}
}

public struct AccountRoute: Route {
    public static let identifier = "account"

    public init() {}
}

public struct WishlistRoute: Route {
    public static let identifier = "wishlist"

    public init() {}
}

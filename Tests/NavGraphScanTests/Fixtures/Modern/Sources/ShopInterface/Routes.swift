import RouterServiceInterface

public struct ProductRoute: Route {
    public static let identifier = "product_detail"
    public let productId: String
    public let referrer: String?

    public init(productId: String, referrer: String? = nil) {
        self.productId = productId
        self.referrer = referrer
    }
}

public struct ShopRoute: Route {
    public static var identifier: String { "shop_tab" }
    public init() {}
}

public struct WishlistRoute: Route {
    public static var identifier = "wishlist_popup"
    public init() {}
}

public struct LoginRoute: Route {
    public static var identifier: String {
        return "login"
    }
    public init() {}
}

import RouterService

struct OrdersRoute: Route {
    static let identifier = "orders"
}

struct OrderDetailRoute: Route {
    static let identifier = "order_detail"
    let id: String
}

struct ProfileRoute: Route {
    static let identifier = "profile"
}

struct SettingsRoute: Route {
    static let identifier = "settings"
}

/// The spring campaign's landing page.
struct LegacyPromoRoute: Route {
    static let identifier = "legacy_promo"
}

import RouterService

public struct ProductRoute: Route {
    public static let identifier = "product"
    public let id: String

    public init(id: String) {
        self.id = id
    }
}

public struct CartRoute: Route {
    public static let identifier = "cart"

    public init() {}
}

public struct CheckoutRoute: Route {
    public static let identifier = "checkout"

    public init() {}
}

public struct LoginRoute: Route {
    public static let identifier = "login"
    public let continueToCheckout: Bool

    public init(continueToCheckout: Bool = false) {
        self.continueToCheckout = continueToCheckout
    }
}

public struct AccountRoute: Route {
    public static let identifier = "account"

    public init() {}
}

import UIKit

/// The links the app accepts: `shop://product/42`, `shop://cart`, `shop://login`, `shop://orders`.
enum DeepLink {
    case product(id: String)
    case cart
    case login
    case orders

    init?(url: URL) {
        switch url.host {
        case "product": self = .product(id: url.lastPathComponent)
        case "cart": self = .cart
        case "login": self = .login
        case "orders": self = .orders
        default: return nil
        }
    }
}

/// Opens a link on the root screen's router.
final class DeepLinkRouter {
    private let router: DefaultRouter

    init(router: DefaultRouter) {
        self.router = router
    }

    @discardableResult
    func open(_ link: DeepLink) -> Bool {
        switch link {
        case .product(let id):
            router.openProduct(id: id)
        case .cart:
            router.openCart()
        case .login:
            router.openLogin()
        case .orders:
            // The orders screen was never built: the link is accepted and dropped.
            return false
        }
        return true
    }
}

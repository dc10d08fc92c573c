import UIKit

protocol Deeplinkable {
    func route(to url: URL, as transition: Transition) -> Bool
}

final class DeeplinkRouter: DefaultRouter, Deeplinkable {
    enum Deeplink: String {
        case product = "/product"
        case login = "/login"
        case signUp = "/signup"
    }

    func route(to url: URL, as transition: Transition) -> Bool {
        guard let link = Deeplink(rawValue: url.path) else { return false }
        switch link {
        case .product:
            openProduct(id: url.lastPathComponent, with: transition)
        case .login:
            openLogin()
        case .signUp:
            return false
        }
        return true
    }
}

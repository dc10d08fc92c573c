import UIKit

protocol CheckoutRoute {
    func openCheckout(total: Int)
}

extension CheckoutRoute where Self: Router {
    func openCheckout(total: Int) {
        let transition = PushTransition()
        let module = CheckoutModule(total: total, transition: transition)
        route(to: module.viewController, as: transition)
    }
}

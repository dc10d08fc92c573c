import UIKit

// Planted: no router adopts ReviewRoute (see DefaultRouter+Routes.swift).
protocol ReviewRoute {
    func openReview(productID: String)
}

extension ReviewRoute where Self: Router {
    func openReview(productID: String) {
        let transition = ModalTransition()
        let router = DefaultRouter(rootTransition: transition)
        let screen = ReviewViewController(productID: productID, router: router)
        router.root = screen
        route(to: screen, as: transition)
    }
}

final class ProductViewModel {
    typealias Routes = CartRoute & LoginRoute & Closable
    private let productID: String
    private let router: Routes
    // Planted: never set, because no router adopts ReviewRoute; "Reviews" does nothing.
    var reviewRouter: ReviewRoute?
    var isSignedIn = false

    init(productID: String, router: Routes) {
        self.productID = productID
        self.router = router
    }

    func addToCart(completion: @escaping (Bool) -> Void) {
        guard isSignedIn else {
            DispatchQueue.main.async { [weak self] in self?.router.openLogin() }
            return
        }
        completion(true)
        router.openCart()
    }

    func showReviews() {
        reviewRouter?.openReview(productID: productID)
    }

    func back() {
        router.close()
    }
}

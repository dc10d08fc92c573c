final class CartViewModel {
    // Planted: ProductRoute is declared but the cart never opens a product (unused capability).
    typealias Routes = CheckoutRoute & ProductRoute
    private let router: Routes
    private(set) var total = 0

    init(router: Routes) {
        self.router = router
    }

    func checkout() {
        router.openCheckout(total: total)
    }
}

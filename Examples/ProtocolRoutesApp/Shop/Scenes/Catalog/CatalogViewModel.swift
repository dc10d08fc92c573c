final class CatalogViewModel {
    typealias Routes = ProductRoute & CartRoute
    private let router: Routes

    init(router: Routes) {
        self.router = router
    }

    func didSelectProduct(id: String) {
        router.openProduct(id: id)
    }

    func didTapCart() {
        router.openCart()
    }
}

// The routes every screen's router can open. ReviewRoute is missing here on purpose.
extension DefaultRouter: CatalogTabRoute, CartTabRoute {}
extension DefaultRouter: ProductRoute, CartRoute, CheckoutRoute, LoginRoute {}

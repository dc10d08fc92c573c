import Account
import Catalog
import Home
import Routing
import SwiftUI

@main
struct ShopApp: App {
    @StateObject private var router: Router

    init() {
        let router = Router()
        router.register(HomeRouteHandler())
        router.register(CatalogRouteHandler())
        router.register(AccountRouteHandler())
        _router = StateObject(wrappedValue: router)
    }

    var body: some Scene {
        WindowGroup {
            router.feature(for: HomeRoute()).build(using: router)
        }
    }
}

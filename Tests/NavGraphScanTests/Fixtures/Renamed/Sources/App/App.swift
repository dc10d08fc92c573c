import Navigation
import Profile

final class Composition {
    let router = AppRouter()

    func start() {
        router.register(dependencyFactory: { LiveAccount() }, for: AccountService.self)
        router.register({ LiveAccount() }, for: AccountLookup.self)
        router.register(routeHandler: ProfileRouting())
        router.register(routeHandler: DeepRouting())
        _ = router.navigationController(withInitialRoute: ProfileRoute(userId: "me"))
    }
}

final class LiveAccount: AccountService, AccountLookup {
    init() {}
}

import Catalog
import RouterService

final class Bootstrap {
    let router = RouterService()

    func start() {
        router.register(dependency: HTTPClient(), forType: HTTPClientProtocol.self)
        router.register(dependency: Tracker(client: HTTPClient()), forType: TrackerProtocol.self)
        router.register(routeHandler: CatalogRouteHandler())
        _ = router.navigationController(withInitialFeature: CatalogFeature.self)
    }
}

final class HTTPClient: HTTPClientProtocol {}
final class Tracker: TrackerProtocol {
    init(client: HTTPClientProtocol) {}
}

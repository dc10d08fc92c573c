import RouterServiceInterface
import UIKit

// RouterService 0.x: dependencies come in a `Dependencies` struct through a static build.
public struct CatalogRoute: Route {
    public static let identifier = "catalog"
    public init() {}
}

public struct DetailRoute: Route {
    public static let identifier = "catalog_detail"
    public let itemId: Int
}

public enum CatalogFeature: Feature {
    public struct Dependencies {
        let client: HTTPClientProtocol
        let tracker: TrackerProtocol
    }

    public static var dependenciesInitializer: AnyDependenciesInitializer {
        AnyDependenciesInitializer(Dependencies.init)
    }

    public static func build(dependencies: Dependencies, fromRoute route: Route?) -> UIViewController {
        CatalogViewController(client: dependencies.client)
    }
}

public enum DetailFeature: Feature {
    public static func build(dependencies: Void, fromRoute route: Route?) -> UIViewController { UIViewController() }
}

final class CatalogViewController: UIViewController {
    let client: HTTPClientProtocol
    var router: RouterServiceProtocol!
    init(client: HTTPClientProtocol) {
        self.client = client
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }

    func open(_ id: Int) {
        router.navigate(toRoute: DetailRoute(itemId: id), fromView: self, presentationStyle: Modal(), animated: true)
    }
}

public final class CatalogRouteHandler: RouteHandler {
    public var routes: [Route.Type] { return [CatalogRoute.self, DetailRoute.self] }

    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> AnyFeature {
        if let _ = route as? DetailRoute {
            return AnyFeature(DetailFeature.self)
        } else {
            return AnyFeature(CatalogFeature.self)
        }
    }
}

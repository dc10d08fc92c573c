import UIKit

public final class RouterService: RouterServiceProtocol {
    private let store = DependencyStore()
    private var handlers: [String: RouteHandler] = [:]
    private var routeTypes: [String: Route.Type] = [:]
    private let failureHandler: () -> Void

    public init(failureHandler: @escaping () -> Void = { preconditionFailure("No handler for this route") }) {
        self.failureHandler = failureHandler
        store.setFactory({ [unowned self] in self }, forKey: String(describing: RouterServiceProtocol.self))
    }

    public func register<T>(dependencyFactory: @escaping () -> AnyObject, forType metaType: T.Type) {
        store.setFactory(dependencyFactory, forKey: String(describing: metaType))
    }

    public func register(routeHandler: RouteHandler) {
        for routeType in routeHandler.routes {
            handlers[routeType.identifier] = routeHandler
            routeTypes[routeType.identifier] = routeType
        }
    }

    public func navigationController<T: Feature>(withInitialFeature feature: T.Type) -> UINavigationController {
        UINavigationController(rootViewController: makeFeature(feature).build(fromRoute: nil))
    }

    public func navigate(
        toRoute route: Route,
        fromView viewController: UIViewController,
        presentationStyle: PresentationStyle,
        animated: Bool,
        completion: (() -> Void)?
    ) {
        let identifier = type(of: route).identifier
        guard let handler = handlers[identifier] else {
            failureHandler()
            return
        }
        let destination = handler.destination(forRoute: route, fromViewController: viewController)
        let feature = makeFeature(destination)
        let screen: UIViewController
        if feature.isEnabled() {
            screen = feature.build(fromRoute: route)
        } else if let fallback = feature.fallback(forRoute: route) {
            screen = makeFeature(fallback).build(fromRoute: route)
        } else {
            preconditionFailure("\(destination) is disabled and has no fallback")
        }
        presentationStyle.present(screen, from: viewController, animated: animated, completion: completion)
    }

    public func makeRouteDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[.routeTypes] = routeTypes
        return decoder
    }

    private func makeFeature(_ featureType: Feature.Type) -> Feature {
        let feature = featureType.init()
        for child in Mirror(reflecting: feature).children {
            (child.value as? DependencyResolving)?.resolve(from: store)
        }
        return feature
    }
}

extension CodingUserInfoKey {
    static let routeTypes = CodingUserInfoKey(rawValue: "RouterService.routeTypes")!
}

/// `{"identifier": "...", "parameters": {...}}`, decoded into whichever registered route has that identifier.
public struct AnyRoute: Decodable {
    public let value: Route

    private enum CodingKeys: String, CodingKey {
        case identifier
        case parameters
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let identifier = try container.decode(String.self, forKey: .identifier)
        guard let types = decoder.userInfo[.routeTypes] as? [String: Route.Type],
              let routeType = types[identifier] else {
            throw DecodingError.dataCorruptedError(
                forKey: .identifier, in: container, debugDescription: "No registered route is called \(identifier)")
        }
        value = try routeType.init(from: container.superDecoder(forKey: .parameters))
    }
}

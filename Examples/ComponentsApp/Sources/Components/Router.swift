import UIKit

/// Knows every registered module by its route; opens one by type or by route string.
public final class Router {
    private var registered: [String: Module.Type] = [:]
    private let container: ModuleContainer
    public weak var navigationController: UINavigationController?

    public init(container: ModuleContainer) {
        self.container = container
    }

    public func register(_ module: Module.Type) {
        registered[module.route] = module
    }

    public func open(_ module: Module.Type, parameters: [String: String] = [:]) {
        open(module.route, parameters: parameters)
    }

    public func open(_ route: String, parameters: [String: String] = [:]) {
        guard let type = registered[route] else { return }
        let module = type.init()
        container.inject(into: module)
        let controller = module.instantiate(with: ModuleContext(router: self, parameters: parameters))
        navigationController?.pushViewController(controller, animated: true)
    }
}

import AppRouting
import RouterService
import SwiftUI
import UIKit

final class CatalogCoordinator {
    private let routerService: RouterServiceProtocol
    private let catalog: CatalogServicing
    private weak var rootViewController: UIViewController?

    init(routerService: RouterServiceProtocol, catalog: CatalogServicing) {
        self.routerService = routerService
        self.catalog = catalog
    }

    func start() -> UIViewController {
        let viewModel = CatalogViewModel(catalog: catalog)
        let view = CatalogListView(viewModel: viewModel, onSelect: { [weak self] in self?.open($0) })
        let host = CoordinatedHostingController(rootView: view)
        host.coordinator = self
        host.title = "Catalog"
        rootViewController = host
        return host
    }

    func open(_ route: Route) {
        show(route, style: Push())
    }

    private func show(_ route: Route, style: PresentationStyle) {
        guard let from = rootViewController else { return }
        routerService.navigate(toRoute: route, fromView: from, presentationStyle: style, animated: true)
    }
}

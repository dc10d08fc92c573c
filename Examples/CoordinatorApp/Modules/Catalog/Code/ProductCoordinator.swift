import AppRouting
import RouterService
import SwiftUI
import UIKit

final class ProductCoordinator {
    private let routerService: RouterServiceProtocol
    private let product: Product?
    private let next: Route
    private weak var rootViewController: UIViewController?

    init(routerService: RouterServiceProtocol, product: Product?, next: Route = CartRoute()) {
        self.routerService = routerService
        self.product = product
        self.next = next
    }

    func start() -> UIViewController {
        let view = ProductView(product: product, onAddToCart: { [weak self] in self?.addToCartTapped() })
        let host = CoordinatedHostingController(rootView: view)
        host.coordinator = self
        host.title = product?.name
        rootViewController = host
        return host
    }

    private func addToCartTapped() {
        guard let from = rootViewController else { return }
        routerService.navigate(toRoute: next, fromView: from, presentationStyle: Modal(), animated: true)
    }
}

struct ProductView: View {
    let product: Product?
    let onAddToCart: () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Text(product?.name ?? "This product is no longer sold")
                .font(.title2)
            Button("Add to cart", action: onAddToCart)
                .buttonStyle(.borderedProminent)
                .disabled(product == nil)
        }
        .padding()
    }
}

import AppRouting
import RouterService
import SwiftUI
import UIKit

final class CartCoordinator {
    private let routerService: RouterServiceProtocol
    private let session: SessionProviding
    private weak var rootViewController: UIViewController?

    init(routerService: RouterServiceProtocol, session: SessionProviding) {
        self.routerService = routerService
        self.session = session
    }

    func start() -> UIViewController {
        let view = CartView(onCheckout: { [weak self] in self?.checkoutTapped() })
        let host = CoordinatedHostingController(rootView: view)
        host.coordinator = self
        host.title = "Cart"
        rootViewController = host
        return host
    }

    func checkoutTapped() {
        guard let from = rootViewController else { return }
        let isLoggedIn = session.isLoggedIn
        let route: Route = isLoggedIn ? CheckoutRoute() : LoginRoute(continueToCheckout: true)
        routerService.navigate(toRoute: route, fromView: from, presentationStyle: Push(), animated: true)
    }
}

struct CartView: View {
    let onCheckout: () -> Void

    var body: some View {
        VStack(spacing: 24) {
            Text("Your cart")
                .font(.title2)
            Button("Check out", action: onCheckout)
                .buttonStyle(.borderedProminent)
        }
        .padding()
    }
}

import AppRouting
import RouterService
import SwiftUI
import UIKit

final class LoginCoordinator {
    private let routerService: RouterServiceProtocol
    private let session: SessionProviding
    private let deepRoute: Route?
    private weak var rootViewController: UIViewController?

    init(routerService: RouterServiceProtocol, session: SessionProviding, deepRoute: Route? = nil) {
        self.routerService = routerService
        self.session = session
        self.deepRoute = deepRoute
    }

    func start() -> UIViewController {
        let view = LoginView(onSubmit: { [weak self] email, password in self?.logIn(email: email, password: password) })
        let host = CoordinatedHostingController(rootView: view)
        host.coordinator = self
        host.title = "Sign in"
        rootViewController = host
        return host
    }

    private func logIn(email: String, password: String) {
        Task { @MainActor [weak self] in
            guard let self else { return }
            do {
                try await self.session.logIn(email: email, password: password)
                self.didLogIn()
            } catch {
                // LoginView keeps the form; the user can try again.
            }
        }
    }

    private func didLogIn() {
        guard let from = rootViewController else { return }
        let next: Route = deepRoute ?? AccountRoute()
        routerService.navigate(toRoute: next, fromView: from, presentationStyle: Push(), animated: true)
    }
}

struct LoginView: View {
    let onSubmit: (String, String) -> Void
    @State private var email = ""
    @State private var password = ""

    var body: some View {
        Form {
            TextField("Email", text: $email)
                .textContentType(.emailAddress)
            SecureField("Password", text: $password)
            Button("Sign in") {
                onSubmit(email, password)
            }
            .disabled(email.isEmpty || password.isEmpty)
        }
    }
}

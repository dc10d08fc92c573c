import Components
import UIKit

final class HomeModule: Module {
    static let route = "home"
    @Dependency var session: SessionStore

    required init() {}

    func instantiate(with context: ModuleContext) -> UIViewController {
        HomeViewController(router: context.router, userName: session.userName)
    }
}

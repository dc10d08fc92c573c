import DIService
import UIKit

enum PasswordFactory {
    static func make(diService: DIServicing, username: String) -> UIViewController {
        let presenter = PasswordPresenter(diService: diService, username: username)
        let viewController = PasswordViewController(presenter: presenter)
        presenter.viewController = viewController
        return viewController
    }
}

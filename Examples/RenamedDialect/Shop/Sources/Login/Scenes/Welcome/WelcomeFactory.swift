import DIService
import UIKit

enum WelcomeFactory {
    static func make(diService: DIServicing) -> UIViewController {
        let presenter = WelcomePresenter(diService: diService)
        let viewController = WelcomeViewController(presenter: presenter)
        presenter.viewController = viewController
        return viewController
    }
}

import DIService
import UIKit

enum UsernameFactory {
    static func make(diService: DIServicing) -> UIViewController {
        let presenter = UsernamePresenter(diService: diService)
        let viewController = UsernameViewController(presenter: presenter)
        presenter.viewController = viewController
        return viewController
    }
}

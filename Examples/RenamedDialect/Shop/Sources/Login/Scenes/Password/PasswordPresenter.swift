import DIService
import UIKit

protocol PasswordPresenting: AnyObject {
    func didSubmit(password: String)
}

final class PasswordPresenter: PasswordPresenting {
    weak var viewController: UIViewController?
    private let diService: DIServicing
    private let username: String

    init(diService: DIServicing, username: String) {
        self.diService = diService
        self.username = username
    }

    func didSubmit(password: String) {
        guard password.count >= 8, let vc = viewController else { return }
        diService.navigate(to: HomeRoute(username: username), from: vc, presentationStyle: Modal(style: .fullScreen), animated: true)
    }
}

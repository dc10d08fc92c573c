import DIService
import UIKit

protocol UsernamePresenting: AnyObject {
    func didSubmit(username: String)
}

final class UsernamePresenter: UsernamePresenting {
    weak var viewController: UIViewController?
    private let diService: DIServicing

    init(diService: DIServicing) {
        self.diService = diService
    }

    func didSubmit(username: String) {
        let trimmed = username.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let vc = viewController else { return }
        let route = PasswordRoute(username: trimmed)
        diService.navigate(to: route, from: vc, presentationStyle: Push(), animated: true)
    }
}

import DIService
import UIKit

protocol WelcomePresenting: AnyObject {
    func didTapStart()
}

final class WelcomePresenter: WelcomePresenting {
    weak var viewController: UIViewController?
    private let diService: DIServicing

    init(diService: DIServicing) {
        self.diService = diService
    }

    func didTapStart() {
        guard let vc = viewController else { return }
        diService.navigate(to: UsernameRoute(), from: vc, presentationStyle: Push(), animated: true)
    }
}

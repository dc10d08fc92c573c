import UIKit

public protocol PresentationStyle {
    func present(
        _ viewController: UIViewController,
        from presenter: UIViewController,
        animated: Bool,
        completion: (() -> Void)?
    )
}

/// Pushes onto the presenter's navigation controller.
public struct Push: PresentationStyle {
    public init() {}

    public func present(
        _ viewController: UIViewController,
        from presenter: UIViewController,
        animated: Bool,
        completion: (() -> Void)?
    ) {
        presenter.navigationController?.pushViewController(viewController, animated: animated)
        completion?()
    }
}

/// Presents modally inside a new navigation controller, so the presented screen can push further.
public struct Modal: PresentationStyle {
    public var modalPresentationStyle: UIModalPresentationStyle

    public init(modalPresentationStyle: UIModalPresentationStyle = .automatic) {
        self.modalPresentationStyle = modalPresentationStyle
    }

    public func present(
        _ viewController: UIViewController,
        from presenter: UIViewController,
        animated: Bool,
        completion: (() -> Void)?
    ) {
        let container = UINavigationController(rootViewController: viewController)
        container.modalPresentationStyle = modalPresentationStyle
        presenter.present(container, animated: animated, completion: completion)
    }
}

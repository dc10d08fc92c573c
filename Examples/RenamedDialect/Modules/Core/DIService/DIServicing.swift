import UIKit

public protocol DIServicing: AnyObject {
    func navigate(to route: Route, from: UIViewController, presentationStyle: PresentationStyle, animated: Bool)
    func register(_ handler: RouteHandling)
    func register(_ factory: @escaping () -> Any, for type: Any.Type)
    func rootController(for builder: Builder.Type) -> UIViewController
}

public protocol PresentationStyle {
    func present(_ viewController: UIViewController, from presenter: UIViewController, animated: Bool)
}

public struct Push: PresentationStyle {
    public init() {}

    public func present(_ viewController: UIViewController, from presenter: UIViewController, animated: Bool) {
        presenter.navigationController?.pushViewController(viewController, animated: animated)
    }
}

public struct Modal: PresentationStyle {
    private let style: UIModalPresentationStyle

    public init(style: UIModalPresentationStyle = .automatic) {
        self.style = style
    }

    public func present(_ viewController: UIViewController, from presenter: UIViewController, animated: Bool) {
        let container = UINavigationController(rootViewController: viewController)
        container.modalPresentationStyle = style
        presenter.present(container, animated: animated)
    }
}

import UIKit

protocol Closable: AnyObject {
    func close()
}

protocol Dismissable: AnyObject {
    func dismiss()
}

protocol Routable: AnyObject {
    func route(to viewController: UIViewController, as transition: Transition)
}

protocol Router: Routable {}

protocol Transition: AnyObject {
    var isAnimated: Bool { get set }
    func open(_ viewController: UIViewController)
    func close(_ viewController: UIViewController)
}

final class ModalTransition: Transition {
    var isAnimated = true
    weak var from: UIViewController?
    func open(_ viewController: UIViewController) { from?.present(viewController, animated: isAnimated) }
    func close(_ viewController: UIViewController) { viewController.dismiss(animated: isAnimated) }
}

final class PushTransition: Transition {
    var isAnimated = true
    weak var from: UIViewController?
    func open(_ viewController: UIViewController) { from?.navigationController?.pushViewController(viewController, animated: isAnimated) }
    func close(_ viewController: UIViewController) { viewController.navigationController?.popViewController(animated: isAnimated) }
}

class DefaultRouter: NSObject, Router, Closable, Dismissable {
    private let rootTransition: Transition
    weak var root: UIViewController?

    init(rootTransition: Transition) {
        self.rootTransition = rootTransition
    }

    func route(to viewController: UIViewController, as transition: Transition) {
        guard let root = root else { return }
        transition.open(viewController)
        _ = root
    }

    func close() {
        guard let root = root else { return }
        rootTransition.close(root)
    }

    func dismiss() {
        root?.dismiss(animated: rootTransition.isAnimated)
    }
}

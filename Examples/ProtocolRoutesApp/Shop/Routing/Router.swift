import UIKit

protocol Router: AnyObject {
    var root: UIViewController? { get set }
    func route(to viewController: UIViewController, as transition: Transition)
}

protocol Closable {
    func close()
}

/// One router per screen; each route's default implementation builds the next one.
class DefaultRouter: Router, Closable {
    weak var root: UIViewController?
    private let rootTransition: Transition?

    init(rootTransition: Transition?) {
        self.rootTransition = rootTransition
    }

    func route(to viewController: UIViewController, as transition: Transition) {
        guard let root else { return }
        transition.open(viewController, from: root)
    }

    func close() {
        guard let root else { return }
        rootTransition?.close(root)
    }
}


protocol Transition: AnyObject {
    func open(_ viewController: UIViewController, from source: UIViewController)
    func close(_ viewController: UIViewController)
}

final class PushTransition: Transition {
    func open(_ viewController: UIViewController, from source: UIViewController) {
        source.navigationController?.pushViewController(viewController, animated: true)
    }
    func close(_ viewController: UIViewController) {
        viewController.navigationController?.popViewController(animated: true)
    }
}

final class ModalTransition: Transition {
    func open(_ viewController: UIViewController, from source: UIViewController) {
        source.present(viewController, animated: true)
    }
    func close(_ viewController: UIViewController) {
        viewController.dismiss(animated: true)
    }
}

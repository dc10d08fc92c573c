import UIKit

public protocol Flow { func start() }

/// The pantry's steps: the enum makes the flow of each, and each flow pushes its screen.
public enum PantryStep {
    case shelves
    case expiring(days: Int)
    case audit

    func flow(for router: PantryRouter) -> Flow {
        switch self {
        case .shelves: return ShelvesFlow(router: router)
        case .expiring(let days): return ExpiringFlow(days: days, navigation: router.navigation)
        case .audit: return AuditFlow(navigation: router.navigation)
        }
    }
}

public final class PantryRouter {
    public let navigation = UINavigationController()
    public init() {}
    public func go(_ step: PantryStep) { step.flow(for: self).start() }
}

final class ShelvesFlow: Flow {
    let router: PantryRouter
    private lazy var screen: UIViewController = {
        let shelves = PantryComposer.shelves(router: router)
        shelves.title = "Shelves"
        return shelves
    }()
    init(router: PantryRouter) { self.router = router }
    func start() { router.navigation.pushViewController(screen, animated: true) }
}

final class ExpiringFlow: Flow {
    let navigation: UINavigationController
    let days: Int
    init(days: Int, navigation: UINavigationController) {
        self.days = days
        self.navigation = navigation
    }
    func start() { navigation.pushViewController(ExpiringViewController(days: days), animated: true) }
}

/// Planted: the audit step is wired but nothing ever goes there.
final class AuditFlow: Flow {
    let navigation: UINavigationController
    init(navigation: UINavigationController) { self.navigation = navigation }
    func start() { navigation.pushViewController(AuditViewController(), animated: true) }
}

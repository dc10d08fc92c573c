import UIKit

final class ShelvesModel {
    var onExpiringTapped: (() -> Void)?
}

public final class ShelvesViewController: UIViewController {
    let model: ShelvesModel
    init(model: ShelvesModel) {
        self.model = model
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}

public final class ExpiringViewController: UIViewController {
    init(days: Int) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}

public final class AuditViewController: UIViewController {}

public final class BasketViewController: UIViewController {
    init(recipe: Int) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}

public enum PantryScreens {
    public static func basket(recipe: Int) -> UIViewController { BasketViewController(recipe: recipe) }
}

/// Wires the shelves screen's model to the router: the closure is the shelves screen's code.
public enum PantryComposer {
    public static func shelves(router: PantryRouter) -> UIViewController {
        let model = ShelvesModel()
        model.onExpiringTapped = { router.go(.expiring(days: 3)) }
        return ShelvesViewController(model: model)
    }
}

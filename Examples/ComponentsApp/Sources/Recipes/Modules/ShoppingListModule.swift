import Components
import UIKit

/// Registered for a feature that was never linked from any screen.
final class ShoppingListModule: Module {
    static let route = "shopping-list"

    required init() {}

    func instantiate(with context: ModuleContext) -> UIViewController { UIViewController() }
}

import Components
import UIKit

/// A kitchen timer. Opened from a recipe, but nobody registers it with the router.
final class TimerModule: Module {
    static let route = "timer"

    required init() {}

    func instantiate(with context: ModuleContext) -> UIViewController { UIViewController() }
}

import Components
import UIKit

final class SettingsModule: Module {
    static let route = "settings"

    required init() {}

    func instantiate(with context: ModuleContext) -> UIViewController { UIViewController() }
}

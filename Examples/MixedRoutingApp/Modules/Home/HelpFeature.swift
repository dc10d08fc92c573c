import RouterService
import UIKit

public struct HelpFeature: Feature {
    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        HelpViewController()
    }
}

final class HelpViewController: UIViewController {}

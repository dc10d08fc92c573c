import RouterService
import UIKit

public struct AboutFeature: Feature {
    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        AboutViewController()
    }
}

final class AboutViewController: UIViewController {}

import RouterService
import UIKit

public struct NewsFeature: Feature {
    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        NewsViewController()
    }
}

final class NewsViewController: UIViewController {}

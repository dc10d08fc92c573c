import UIKit

public protocol IAppRouter: AnyObject {
    func presentModule(_ page: PageModule, parameters: [String: Any])
    func push(_ viewController: UIViewController)
    func setRoot(_ viewController: UIViewController)
}

import Core
import UIKit

final class AboutModule: BaseModule {
    override func displayPage(parameters: [String: Any]) {
        let controller = UIViewController()
        controller.title = "About TripLog"
        router.push(controller)
    }
}

import Core
import UIKit

final class TripDetailModule: BaseModule {
    override func displayPage(parameters: [String: Any]) {
        let controller = UIViewController()
        controller.title = "Trip \(parameters["tripID"] as? Int ?? 0)"
        router.push(controller)
    }
}

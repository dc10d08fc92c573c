import DIService
import UIKit

struct WelcomeBuilder: Builder {
    @Dependency var diService: DIServicing

    func build(from route: Route?) -> UIViewController {
        WelcomeFactory.make(diService: diService)
    }
}

import DIService
import UIKit

struct UsernameBuilder: Builder {
    @Dependency var diService: DIServicing

    func build(from route: Route?) -> UIViewController {
        UsernameFactory.make(diService: diService)
    }
}

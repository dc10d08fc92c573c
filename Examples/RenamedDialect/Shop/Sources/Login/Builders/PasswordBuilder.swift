import DIService
import UIKit

/// The new password screen, behind the `password_v2` flag. When it is off, users were meant to
/// be sent back to the welcome screen.
struct PasswordBuilder: Builder {
    @Dependency var diService: DIServicing
    @Dependency var flags: FeatureFlagging

    func build(from route: Route?) -> UIViewController {
        guard let route = route as? PasswordRoute else {
            preconditionFailure("PasswordBuilder is opened with a PasswordRoute")
        }
        return PasswordFactory.make(diService: diService, username: route.username)
    }

    func isEnabled() -> Bool {
        flags.isOn("password_v2")
    }

    func fallback(forRoute route: Route?) -> Builder.Type? {
        WelcomeBuilder.self
    }
}

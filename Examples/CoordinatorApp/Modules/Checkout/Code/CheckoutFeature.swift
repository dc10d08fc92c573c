import AppRouting
import RouterService
import UIKit

/// The new checkout, rolled out behind a remote flag.
public struct CheckoutFeature: Feature {
    @Dependency var flags: FeatureFlagsProviding

    public init() {}

    public func isEnabled() -> Bool {
        flags.isEnabled(.newCheckout)
    }

    public func build(fromRoute route: Route?) -> UIViewController {
        CheckoutViewController()
    }
}

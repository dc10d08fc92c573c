import FeatureFlagInterface
import FeatureTwoInterface
import HTTPClientInterface
import RouterServiceInterface
import UIKit

/// The first screen. It can be switched off by a remote flag, in which case RouterService would show
/// `FallbackFeature` — but only when something navigates *to* it, and nothing does: it is the root.
public struct FeatureOne: Feature {
    @Dependency var httpClient: HTTPClientProtocol
    @Dependency var routerService: RouterServiceProtocol
    @Dependency var featureFlag: FeatureFlagProtocol

    public init() {}

    public func isEnabled() -> Bool {
        featureFlag.isEnabled()
    }

    public func fallback(forRoute route: Route?) -> Feature.Type? {
        FallbackFeature.self
    }

    public func build(fromRoute route: Route?) -> UIViewController {
        MainViewController(httpClient: httpClient, routerService: routerService)
    }
}

/// Shown instead of FeatureOne when FeatureOne is disabled.
public struct FallbackFeature: Feature {
    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        FallbackViewController()
    }
}

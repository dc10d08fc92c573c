import Navigation
import UIKit

// A project that renamed RouterService's protocols and labels.
public struct ProfileRoute: Route {
    public static let identifier = "profile"
    public let userId: String
}

public struct SettingsRoute: Route {
    public static let identifier = "settings"
}

public struct ProfileBuilder: Builder {
    @Dependency var router: Router
    @Dependency var account: AccountService

    public func build(from route: Route?) -> UIViewController {
        let vc = ProfileViewController()
        vc.onSettings = { router.navigate(to: SettingsRoute(), from: vc, style: SheetStyle(), animated: true) }
        return vc
    }

    public func isEnabled() -> Bool { account.isEnabled(.profileV2) }

    public func fallback(for route: Route?) -> Builder.Type? { SettingsBuilder.self }
}

public struct SettingsBuilder: Builder {
    public func build(from route: Route?) -> UIViewController { UIViewController() }
}

final class ProfileViewController: UIViewController {
    var onSettings: (() -> Void)?
}

public struct ProfileRouting: RouteHandling {
    public let routes: [Route.Type] = [ProfileRoute.self, SettingsRoute.self]

    public func destination(for route: Route, from viewController: UIViewController) -> Builder.Type {
        guard route is ProfileRoute else { return SettingsBuilder.self }
        return ProfileBuilder.self
    }
}

public struct DeepRouting: RouteHandling {
    public var routes: [Route.Type] { [] }
    public func destination(forRoute route: Route) -> Builder.Type { ProfileBuilder.self }
}

import RouterService
import SwiftUI
import UIKit

public struct LicensesFeature: Feature {
    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        UIHostingController(rootView: LicensesView())
    }
}

struct LicensesView: View {
    var body: some View { Text("Licenses") }
}

public struct PrivacyFeature: Feature {
    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        UIHostingController(rootView: PrivacyView())
    }
}

struct PrivacyView: View {
    var body: some View { Text("Privacy") }
}

/// Planted: a screen nothing opens, by route or directly.
public struct LegacyThemeFeature: Feature {
    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        UIHostingController(rootView: Text("Legacy theme"))
    }
}

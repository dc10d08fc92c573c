import UIKit

/// A screen. DIService creates it with `init()`, fills in its `@Dependency` properties, asks
/// `isEnabled()`, and builds either it or its fallback.
public protocol Builder {
    init()
    func build(from route: Route?) -> UIViewController
    func isEnabled() -> Bool
    func fallback(for route: Route?) -> Builder.Type?
}

public extension Builder {
    func isEnabled() -> Bool {
        true
    }

    func fallback(for route: Route?) -> Builder.Type? {
        nil
    }
}

import UIKit

/// A screen of the app: a route string the router knows it by, and how to make its controller.
public protocol Module: AnyObject {
    static var route: String { get }
    init()
    func instantiate(with context: ModuleContext) -> UIViewController
}

/// What a module gets when it is opened.
public struct ModuleContext {
    public let router: Router
    public let parameters: [String: String]
}

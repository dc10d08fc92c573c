import UIKit

/// What every router of the app adopts: one method, one enum of destinations per router.
public protocol Routing: AnyObject {
    associatedtype Destination
    func route(to destination: Destination)
}

/// Makes the screens of other modules, so a router needs no import of them.
public protocol ScreenFactory {
    func makeBasket(recipe: Int) -> UIViewController
}

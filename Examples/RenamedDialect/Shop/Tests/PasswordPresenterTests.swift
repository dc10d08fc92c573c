import DIService
@testable import Shop
import UIKit
import XCTest

/// Records navigations instead of performing them.
private final class DIServiceSpy: DIServicing {
    private(set) var navigations: [(route: Route, animated: Bool)] = []

    func navigate(to route: Route, from: UIViewController, presentationStyle: PresentationStyle, animated: Bool) {
        navigations.append((route, animated))
    }

    func register(_ handler: RouteHandling) {}

    func register(_ factory: @escaping () -> Any, for type: Any.Type) {}

    func rootController(for builder: Builder.Type) -> UIViewController {
        UIViewController()
    }
}

final class PasswordPresenterTests: XCTestCase {
    private var spy: DIServiceSpy!
    private var presenter: PasswordPresenter!
    private var viewController: UIViewController!

    override func setUp() {
        super.setUp()
        spy = DIServiceSpy()
        presenter = PasswordPresenter(diService: spy, username: "ana")
        viewController = UIViewController()
        presenter.viewController = viewController
    }

    func testAShortPasswordStaysOnTheScreen() {
        presenter.didSubmit(password: "short")
        XCTAssertTrue(spy.navigations.isEmpty)
    }

    func testAValidPasswordOpensHomeForTheUser() {
        presenter.didSubmit(password: "correct horse")
        XCTAssertEqual((spy.navigations.first?.route as? HomeRoute)?.username, "ana")
    }
}

import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Types of one name nested in several places (`FeedRouter.Route`, `ProfileRouter.Route`) are
/// several types, as Swift looks names up: innermost scope first, or the qualifier written. A
/// route-enum app of session 30 (each router taking its own nested `Route`) had them merged into
/// one enum: a case name both declare was a false `duplicate-handler` error, and a call on one
/// router opened the other's route too.
final class NestedNamesakeTests: ScanSourcesTestCase {
    static let routers = """
        import UIKit
        final class ProfileRouter {
            enum Route { case settings, avatar(String) }
            weak var navigation: UINavigationController?
            func open(_ route: Route) {
                switch route {
                case .settings: navigation?.pushViewController(SettingsViewController(), animated: true)
                case .avatar(let url): navigation?.present(AvatarViewController(url: url), animated: true)
                }
            }
        }
        final class FeedRouter {
            enum Route { case detail(Int), profile, settings }
            weak var navigation: UINavigationController?
            func open(_ route: Route) {
                switch route {
                case .detail(let id): navigation?.pushViewController(DetailViewController(id: id), animated: true)
                case .profile: navigation?.pushViewController(ProfileViewController(), animated: true)
                case .settings: navigation?.pushViewController(FeedSettingsViewController(), animated: true)
                }
            }
        }
        final class FeedViewController: UIViewController {
            let router = FeedRouter()
            func tapped(_ id: Int) { router.open(.detail(id)) }
            func avatarTapped() { router.open(.profile) }
            func gear() { router.open(.settings) }
        }
        final class ProfileViewController: UIViewController {
            let router = ProfileRouter()
            func gear() { router.open(.settings) }
            func photo() { router.open(.avatar("me")) }
        }
        final class DetailViewController: UIViewController {
            init(id: Int) { super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { nil }
        }
        final class SettingsViewController: UIViewController {}
        final class FeedSettingsViewController: UIViewController {}
        final class AvatarViewController: UIViewController {
            init(url: String) { super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { nil }
        }
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                window?.rootViewController = UINavigationController(rootViewController: FeedViewController())
            }
        }
        """

    func testEachRouterTakesItsOwnNestedRoute() throws {
        let r = try scan(["App": Self.routers])
        XCTAssertEqual(r.summary.styles, [.routeEnum])
        XCTAssertEqual(r.registry.routes.map(\.id).sorted(), [
            "FeedRouter.Route.detail", "FeedRouter.Route.profile", "FeedRouter.Route.settings",
            "ProfileRouter.Route.avatar", "ProfileRouter.Route.settings",
        ])
        XCTAssertEqual(r.registry.handlers.map { "\($0.name): \($0.routes.map { "\($0.route)=\($0.feature)" }.joined(separator: " "))" }, [
            "FeedRouter.open(_:): FeedRouter.Route.detail=DetailViewController FeedRouter.Route.profile=ProfileViewController FeedRouter.Route.settings=FeedSettingsViewController",
            "ProfileRouter.open(_:): ProfileRouter.Route.avatar=AvatarViewController ProfileRouter.Route.settings=SettingsViewController",
        ])
        // `router` is `let router = ProfileRouter()`: its `open(.settings)` is ProfileRouter's only.
        XCTAssertEqual(edges(r).filter { $0.hasPrefix("ProfileViewController") }.sorted(), [
            "ProfileViewController -> ProfileRouter.Route.avatar", "ProfileViewController -> ProfileRouter.Route.settings",
        ])
        XCTAssertEqual(findings(r), [])
    }

    /// A router method writes the enum qualified (`open(_ route: ProfileModel.Route)`), and the enum's
    /// own method (`route.screen()`, its `switch self` in `extension ProfileModel.Route`) makes the
    /// screen: only that enum's cases and that method are read, not the namesake's.
    func testAQualifiedParameterAndTheEnumsOwnMethod() throws {
        let r = try scan(["App": """
            import UIKit
            enum ProfileModel { enum Route { case edit, photos } }
            enum FeedModel { enum Route { case edit, comments } }
            extension ProfileModel.Route {
                func screen() -> UIViewController {
                    switch self {
                    case .edit: return EditProfileViewController()
                    case .photos: return PhotosViewController()
                    }
                }
            }
            extension FeedModel.Route {
                func screen() -> UIViewController {
                    switch self {
                    case .edit: return EditPostViewController()
                    case .comments: return CommentsViewController()
                    }
                }
            }
            final class ProfileNavigator {
                weak var navigation: UINavigationController?
                func open(_ route: ProfileModel.Route) { navigation?.pushViewController(route.screen(), animated: true) }
            }
            final class ProfileViewController: UIViewController {
                let navigator = ProfileNavigator()
                func edit() { navigator.open(.edit) }
                func photos() { navigator.open(.photos) }
            }
            final class EditProfileViewController: UIViewController {}
            final class PhotosViewController: UIViewController {}
            final class EditPostViewController: UIViewController {}
            final class CommentsViewController: UIViewController {}
            """])
        XCTAssertEqual(r.registry.handlers.flatMap { $0.routes.map { "\($0.route)=\($0.feature)" } }.sorted(), [
            "ProfileModel.Route.edit=EditProfileViewController", "ProfileModel.Route.photos=PhotosViewController",
        ])
        XCTAssertEqual(edges(r).sorted(), ["ProfileViewController -> ProfileModel.Route.edit", "ProfileViewController -> ProfileModel.Route.photos"])
    }

    /// A type of the name at top level (a vendored RouterService's `protocol Route`) beside a
    /// coordinator's nested `enum Route`: inside the coordinator, `Route` is the nested enum.
    func testANestedEnumBesideATopLevelProtocolOfItsName() throws {
        let r = try scan(["App": """
            import UIKit
            public protocol Route { static var identifier: String { get } }
            final class CartCoordinator {
                enum Route { case checkout, receipt }
                let navigation = UINavigationController()
                func show(_ route: Route) {
                    switch route {
                    case .checkout: navigation.pushViewController(CheckoutViewController(), animated: true)
                    case .receipt: navigation.present(ReceiptViewController(), animated: true)
                    }
                }
            }
            final class CartViewController: UIViewController {
                let coordinator = CartCoordinator()
                func pay() { coordinator.show(.checkout) }
                func done() { coordinator.show(.receipt) }
            }
            final class CheckoutViewController: UIViewController {}
            final class ReceiptViewController: UIViewController {}
            """])
        XCTAssertEqual(r.registry.routes.map(\.id).sorted(), ["CartCoordinator.Route.checkout", "CartCoordinator.Route.receipt"])
        XCTAssertEqual(edges(r).sorted(), ["CartViewController -> CartCoordinator.Route.checkout", "CartViewController -> CartCoordinator.Route.receipt"])
    }
}

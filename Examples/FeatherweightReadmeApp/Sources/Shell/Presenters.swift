import UIKit
import FeatherweightRouter

func tabBarPresenter() -> RouterDelegate<UIViewController> {

    let tabBarController = UITabBarController()

    return RouterDelegate(
        getPresenter: { tabBarController },
        setChild: { tabBarController.selectedViewController = $0 },
        setChildren: { tabBarController.setViewControllers($0, animated: true) })
}

func navigationPresenter(title: String) -> RouterDelegate<UIViewController> {

    let navigationController = UINavigationController()
    navigationController.tabBarItem.title = title

    return RouterDelegate(
        getPresenter: { navigationController },
        setChild: { _ in },
        setChildren: { navigationController.setViewControllers($0, animated: true) })
}

func mockPresenter(store: Store, title: String) -> RouterDelegate<UIViewController> {

    let viewController = MockViewController(MockViewModel(store: store, title: title))

    return RouterDelegate() { viewController }
}

func loginPresenter(store: Store) -> RouterDelegate<UIViewController> {

    let viewController = MockViewController(MockViewModel(store: store, title: "Login"))
    viewController.onDone = { store.setPath("animal/cow") }

    return RouterDelegate() { viewController }
}

func aboutPresenter(store: Store) -> RouterDelegate<UIViewController> {

    let viewController = MockViewController(MockViewModel(store: store, title: "About"))
    // No route matches "help".
    viewController.onDone = { store.setPath("help") }

    return RouterDelegate() { viewController }
}

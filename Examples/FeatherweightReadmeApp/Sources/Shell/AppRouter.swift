import UIKit
import FeatherweightRouter

func appRouter(store: Store) -> Router<UIViewController> {

    // UITabBarController
    return Router(tabBarPresenter()).junction([

        // Welcome tab: UINavigationController
        Router(navigationPresenter("Welcome")).stack([
            Router(mockPresenter(store, title: "Welcome")).route("welcome", children: [
                Router(mockPresenter(store, title: "Register")).route("welcome/register"),
                Router(loginPresenter(store)).route("welcome/login"),
            ]),
        ]),

        // Animals tab: patterns are regular expressions
        Router(navigationPresenter("Animals")).stack([
            Router(mockPresenter(store, title: "Animals")).route("animal", children: [
                Router(mockPresenter(store, title: "Kind")).route("animal/\\w+", children: [
                    Router(mockPresenter(store, title: "Animal")).route("animal/\\w+/\\w+"),
                ]),
            ]),
        ]),

        // About tab
        Router(aboutPresenter(store)).route("about"),
    ])
}

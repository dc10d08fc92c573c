import UIKit
import FeatherweightRouter

typealias UIPresenter = Presenter<UIViewController>

func appCoordinator() -> UIViewController {
    var router: Router<UIViewController, String>!
    let store = AppStore { _ = router.setRoute($0) }
    router = makeRouter(store)
    store.setPath("home")
    return router.presentable
}

func makeRouter(_ store: AppStore) -> Router<UIViewController, String> {
    Router(tabBarPresenter()).junction([
        Router(navigationPresenter("Home")).stack([
            Router(homePresenter(store)).route("home", children: [
                Router(articlePresenter(store)).route("home/article/[a-z-]+"),
            ]),
        ]),
        Router(navigationPresenter("Library")).stack([
            Router(libraryPresenter(store)).route(predicate: { $0 == Paths.library }, children: [
                Router(bookPresenter(store)).route(Paths.book()),
            ]),
        ]),
        Router(profilePresenter(store)).route("profile"),
        // Planted: the same pattern twice (the second never shows) and a pattern that is no regex.
        Router(accountPresenter(store)).route("profile"),
        Router(settingsPresenter(store)).route("settings/(general"),
    ])
}

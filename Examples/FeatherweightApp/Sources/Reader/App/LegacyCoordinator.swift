import UIKit
import FeatherweightRouter

// Planted: the tree of the old design, never built (nothing calls legacyRouter).
func legacyRouter(_ store: AppStore) -> Router<UIViewController, String> {
    Router(navigationPresenter("Legacy")).stack([
        Router(legacyHomePresenter(store)).route("legacy"),
    ])
}

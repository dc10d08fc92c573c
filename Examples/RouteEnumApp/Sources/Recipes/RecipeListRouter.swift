import UIKit

public final class RecipeListRouter: Routing {
    public enum Destination {
        case detail(id: Int)
        case basket(recipe: Int)
        case share(text: String)
        case back
    }

    private let screens: ScreenFactory
    public weak var navigation: UINavigationController?

    public init(screens: ScreenFactory) { self.screens = screens }

    public func route(to destination: Destination) {
        switch destination {
        case .detail(let id):
            let detail = RecipeDetailViewController(model: RecipeDetailModel(id: id, router: self))
            navigation?.pushViewController(detail, animated: true)
        case .basket(let recipe):
            navigation?.present(screens.makeBasket(recipe: recipe), animated: true)
        case .share(let text):
            navigation?.present(UIActivityViewController(activityItems: [text], applicationActivities: nil), animated: true)
        case .back:
            navigation?.popViewController(animated: true)
        }
    }
}

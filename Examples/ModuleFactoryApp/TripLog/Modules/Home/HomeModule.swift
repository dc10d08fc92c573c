import Core

final class HomeModule: BaseModule {
    override func displayPage(parameters: [String: Any]) {
        router.setRoot(HomeViewController(navigator: HomeNavigator(router: router)))
    }
}

import Core

final class TripListModule: BaseModule {
    override func displayPage(parameters: [String: Any]) {
        let presenter = TripListPresenter(router: router)
        router.push(TripListViewController(presenter: presenter))
    }
}

import Core

final class TripListPresenter {
    private let router: IAppRouter
    private let detailPage = PageModule.tripDetail

    init(router: IAppRouter) {
        self.router = router
    }

    func didSelectTrip(id: Int) {
        router.presentModule(detailPage, parameters: ["tripID": id])
    }

    func didTapMap() {
        router.presentModule(.mapLegacy, parameters: [:])
    }
}

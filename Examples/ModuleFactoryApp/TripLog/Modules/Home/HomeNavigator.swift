import Core

/// Opens the pages Home links to.
struct HomeNavigator {
    let router: IAppRouter

    func open(_ page: PageModule) {
        router.presentModule(page, parameters: [:])
    }
}

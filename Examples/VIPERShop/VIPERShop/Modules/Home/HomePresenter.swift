final class HomePresenter: HomePresentation {
    weak var view: HomeView?
    var router: HomeWireframe?
    let menu = MenuItem.all

    func viewDidLoad() {
        view?.show(titles: menu.map(\.title))
        router?.restoreLastVisitedScreen()
    }

    func didSelect(row: Int) {
        router?.navigateTo(route: menu[row].route)
    }
}

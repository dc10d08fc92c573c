import RouterService

protocol HomeView: AnyObject {
    func show(titles: [String])
}

protocol HomePresentation: AnyObject {
    func viewDidLoad()
    func didSelect(row: Int)
}

protocol HomeWireframe: AnyObject {
    func navigateTo(route: Route)
    func restoreLastVisitedScreen()
}

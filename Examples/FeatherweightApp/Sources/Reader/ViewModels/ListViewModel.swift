/// A list screen whose one action opens a path given by its presenter.
struct ListViewModel {
    let title: String
    let store: AppStore
    let openPath: String

    func open() {
        store.setPath(openPath)
    }
}

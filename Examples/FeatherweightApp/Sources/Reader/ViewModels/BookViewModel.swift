struct BookViewModel {
    let store: AppStore

    func showArchive() {
        // Planted: no route matches "library/archive".
        store.setPath("library/archive")
    }

    func backToLibrary() {
        store.setPath(Paths.library)
    }
}

import UIKit
import FeatherweightRouter

func libraryPresenter(_ store: AppStore) -> UIPresenter {
    let screen = ListViewController(ListViewModel(title: "Library", store: store, openPath: "library/book/42"))
    return Presenter(getPresentable: { screen })
}

func bookPresenter(_ store: AppStore) -> UIPresenter {
    let screen = BookViewController(BookViewModel(store: store))
    return Presenter(getPresentable: { screen })
}

import UIKit
import FeatherweightRouter

func homePresenter(_ store: AppStore) -> UIPresenter {
    let screen = ListViewController(ListViewModel(title: "Home", store: store, openPath: "home/article/welcome"))
    return Presenter(getPresentable: { screen })
}

func articlePresenter(_ store: AppStore) -> UIPresenter {
    let screen = ListViewController(ListViewModel(title: "Article", store: store, openPath: "library"))
    return Presenter(getPresentable: { screen })
}

func legacyHomePresenter(_ store: AppStore) -> UIPresenter {
    let screen = UIViewController()
    return Presenter(getPresentable: { screen })
}

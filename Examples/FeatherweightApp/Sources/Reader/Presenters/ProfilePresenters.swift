import UIKit
import FeatherweightRouter

func profilePresenter(_ store: AppStore) -> UIPresenter {
    let screen = ListViewController(ListViewModel(title: "Profile", store: store, openPath: "settings/general"))
    return Presenter(getPresentable: { screen })
}

func accountPresenter(_ store: AppStore) -> UIPresenter {
    let screen = UIViewController()
    return Presenter(getPresentable: { screen })
}

func settingsPresenter(_ store: AppStore) -> UIPresenter {
    let screen = UIViewController()
    return Presenter(getPresentable: { screen })
}

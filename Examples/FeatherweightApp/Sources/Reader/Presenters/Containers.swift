import UIKit
import FeatherweightRouter

func tabBarPresenter() -> UIPresenter {
    let tabBar = UITabBarController()
    return Presenter(
        getPresentable: { tabBar },
        setChild: { tabBar.selectedViewController = $0 },
        setChildren: { tabBar.setViewControllers($0, animated: false) })
}

func navigationPresenter(_ title: String) -> UIPresenter {
    let navigation = UINavigationController()
    navigation.title = title
    return Presenter(
        getPresentable: { navigation },
        setChild: { navigation.pushViewController($0, animated: true) },
        setChildren: { navigation.setViewControllers($0, animated: true) })
}

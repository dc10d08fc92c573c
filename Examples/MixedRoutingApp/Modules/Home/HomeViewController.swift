import Routing
import RouterService
import UIKit

/// Opens other modules through the router; shows its own module's screens itself.
final class HomeViewController: UIViewController {
    private let routerService: RouterServiceProtocol
    private let exporter: ReportExporting? = nil

    init(routerService: RouterServiceProtocol) {
        self.routerService = routerService
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    @objc func openProfile() {
        routerService.navigate(toRoute: ProfileRoute(), fromView: self, presentationStyle: Push(), animated: true)
    }

    @objc func openSettings() {
        routerService.navigate(toRoute: SettingsRoute(), fromView: self, presentationStyle: Modal(), animated: true)
    }

    @objc func openOrders() {
        routerService.navigate(toRoute: OrdersRoute(), fromView: self, presentationStyle: Push(), animated: true)
    }

    @objc func openAbout() {
        navigationController?.pushViewController(AboutViewController(), animated: true)
    }

    @objc func openHelp() {
        let help = HelpViewController()
        present(UINavigationController(rootViewController: help), animated: true)
    }

    @objc func openNews() {
        show(makeNews())
    }

    @objc func confirmLogout() {
        let alert = UIAlertController(title: "Log out?", message: nil, preferredStyle: .alert)
        present(alert, animated: true)
    }

    @objc func exportReport() {
        guard let exporter else { return }
        present(exporter.makeExportController(), animated: true)
    }

    private func makeNews() -> UIViewController {
        NewsViewController()
    }

    private func show(_ controller: UIViewController) {
        navigationController?.pushViewController(controller, animated: true)
    }
}

protocol ReportExporting {
    func makeExportController() -> UIViewController
}

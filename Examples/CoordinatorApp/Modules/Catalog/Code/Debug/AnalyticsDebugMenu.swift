import AppRouting
import RouterService
import UIKit

/// QA tool: shows the analytics events sent so far and jumps to screens that send more.
final class AnalyticsDebugMenu {
    private let routerService: RouterServiceProtocol
    private(set) var events: [String] = []

    init(routerService: RouterServiceProtocol) {
        self.routerService = routerService
    }

    func record(_ event: String) {
        events.append(event)
    }

    func present(from viewController: UIViewController) {
        let sheet = UIAlertController(
            title: "Analytics", message: events.suffix(20).joined(separator: "\n"), preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Open account", style: .default) { [routerService] _ in
            routerService.navigate(toRoute: AccountRoute(), fromView: viewController, presentationStyle: Modal(), animated: true)
        })
        sheet.addAction(UIAlertAction(title: "Close", style: .cancel))
        viewController.present(sheet, animated: true)
    }
}

import Core
import UIKit

/// Exports trips as GPX. Registered in the module table, but no page presents it yet.
final class ExportModule: BaseModule {
    override func displayPage(parameters: [String: Any]) {
        router.push(UIViewController())
    }
}

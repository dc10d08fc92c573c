import Foundation

protocol BaseModule: AnyObject {
    func displayPage(parameters: [String: Any])
}

protocol Module {
    var moduleKey: String { get }
}

protocol ProductRouter: AnyObject {
    func presentModule(_ module: Module, parameters: [String: Any])
}

enum PageModule: Module {
    case home
    case history
    case entry
    case export

    var moduleKey: String {
        switch self {
        case .home:
            return "home-page-key"
        case .history:
            return "history-page-key"
        case .entry:
            return "entry-page-key"
        case .export:
            return "export-page-key"
        }
    }
}

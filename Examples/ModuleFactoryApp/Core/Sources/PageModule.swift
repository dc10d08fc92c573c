import Foundation

/// Every page of TripLog. The key is what the module table is indexed by.
public enum PageModule {
    case home
    case tripList
    case tripDetail
    case settings
    case about
    case mapLegacy
    case export

    public var moduleKey: String {
        switch self {
        case .home: return "home"
        case .tripList: return "trips"
        case .tripDetail: return "trips/detail"
        case .settings: return "settings"
        case .about: return "settings"
        case .mapLegacy: return "map/legacy"
        case .export: return "export"
        }
    }
}

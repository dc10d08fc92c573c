import NavGraphKit
import NavGraphScan

/// Why init wrote nothing (the command line exits with 2): each case says what it looked for.
public enum InitError: Error, Sendable, CustomStringConvertible {
    /// The folder does not exist or is not a folder.
    case notAFolder(String)
    /// No Swift sources under the folder: no app to set up.
    case noSwiftSources(String)
    /// The sources hold no routing navgraph reads.
    case noRouting(String, [Diagnostic])
    /// The scan or the check could not read the inputs (an unreadable file, an invalid kept configuration).
    case input([Diagnostic])

    /// The routing styles navgraph reads, as a user reads them.
    public static var stylesRead: String {
        RoutingStyle.allCases.map { style in
            switch style {
            case .routerService: return "RouterService (Feature / Route / RouteHandler, or renamed copies)"
            case .protocolRoutes: return "protocol-composed routes (protocol-routes)"
            case .featherweight: return "Featherweight Router (featherweight)"
            case .components: return "Components (components)"
            case .moduleFactory: return "AppRouter / ModuleFactory (module-factory)"
            case .routeEnum: return "route enums: a router's method taking an enum of destinations (route-enum)"
            }
        }.joined(separator: ", ")
    }

    /// The diagnostics behind the error (printed before the description).
    public var diagnostics: [Diagnostic] {
        switch self {
        case .notAFolder, .noSwiftSources: return []
        case .noRouting(_, let d), .input(let d): return d
        }
    }

    public var description: String {
        switch self {
        case .notAFolder(let p):
            return "\(p) is not a folder: run navgraph init in an app's repository, or give its path"
        case .noSwiftSources(let p):
            return "no app here: \(p) holds no Swift sources. navgraph reads the navigation of iOS apps written with \(Self.stylesRead). Nothing was written."
        case .noRouting(let p, _):
            return "no routing found in \(p): navgraph reads \(Self.stylesRead); see docs/scanning.md for renamed protocols. Nothing was written."
        case .input:
            return "the app could not be read (above). Nothing was written."
        }
    }
}

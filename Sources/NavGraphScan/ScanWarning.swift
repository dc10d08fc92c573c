import NavGraphKit

/// A construct that looks like routing but could not be read, as a typed value.
/// Each kind has a stable id (shown in brackets) so tests and users can tell them apart.
struct ScanWarning: Sendable, Hashable {
    enum Kind: String, Sendable, CaseIterable {
        case unreadableFile = "unreadable-file"
        case syntaxError = "syntax-error"
        case navigateUnresolved = "navigate-unresolved"
        case navigatePartlyResolved = "navigate-partly-resolved"
        case navigateUnknownRoute = "navigate-unknown-route"
        case navigateUnattributed = "navigate-unattributed"
        case navigateLabels = "navigate-labels"
        case handlerRegistrationUnreadable = "handler-registration-unreadable"
        case handlerNeverRegistered = "handler-never-registered"
        case factoryUnreadable = "factory-unreadable"
        case routesUnreadable = "routes-unreadable"
        case routeUnknown = "route-unknown"
        case destinationUnreadable = "destination-unreadable"
        case destinationMissing = "destination-missing"
        case identifierUnreadable = "identifier-unreadable"
        case fallbackUnreadable = "fallback-unreadable"
        case entryUnreadable = "entry-unreadable"
        case annotationMalformed = "annotation-malformed"
        case projectUnreadable = "project-unreadable"
        case fileNotUTF8 = "file-not-utf8"
        case fileUnreadable = "file-unreadable"
        case parameterNeverPassed = "parameter-never-passed"
        /// A route listed in a screen's `typealias Routes` that the screen never opens (protocol routes).
        case unusedCapability = "unused-capability"
        /// A Featherweight route pattern that is not a valid regular expression (it matches nothing).
        case invalidPattern = "invalid-pattern"
    }

    var kind: Kind
    var message: String
    var location: SourceLocation?

    init(_ kind: Kind, _ message: String, at location: SourceLocation?) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// Unreadable files are always errors; everything else is a warning unless `strict`.
    func diagnostic(strict: Bool) -> Diagnostic {
        let severity: Severity = (strict || kind == .unreadableFile) ? .error : .warning
        return Diagnostic(severity, "\(message) [\(kind.rawValue)]", at: location)
    }

    static func navigateUnresolved(_ text: String, _ reasons: [String], at l: SourceLocation) -> ScanWarning {
        ScanWarning(.navigateUnresolved, "navigate call whose route '\(text)' cannot be followed to a route: \(reasons.joined(separator: "; ")); state it with `// navgraph:navigates ROUTE_ID` on the feature", at: l)
    }
    static func navigatePartlyResolved(_ text: String, _ reasons: [String], at l: SourceLocation) -> ScanWarning {
        ScanWarning(.navigatePartlyResolved, "navigate call whose route '\(text)' is followed only in part: \(reasons.joined(separator: "; "))", at: l)
    }
    static func navigateUnknownRoute(_ type: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.navigateUnknownRoute, "navigate call to '\(type)', which is not a route type with a readable identifier in the scanned sources", at: l)
    }
    static func navigateUnattributed(_ route: String, in type: String?, at l: SourceLocation) -> ScanWarning {
        let place = type.map { "in '\($0)'" } ?? "outside any type"
        return ScanWarning(.navigateUnattributed, "navigate call to '\(route)' \(place) could not be attributed to a feature: no feature's build reaches that type (through constructions, static calls or property types); state it with `// navgraph:navigates \(route)` on the feature", at: l)
    }
    static func unusedCapability(_ route: String, owner: String, screen: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.unusedCapability, "'\(owner).Routes' lists '\(route)', which screen '\(screen)' never opens; drop it from the typealias or open it", at: l)
    }
    static func invalidPattern(_ pattern: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.invalidPattern, "route pattern '\(pattern)' is not a valid regular expression: no path matches it", at: l)
    }
    static func navigateLabels(_ labels: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.navigateLabels, "navigate call with unrecognised labels (\(labels)); add the route label to `scan: navigateRouteLabels`", at: l)
    }
    static func handlerRegistrationUnreadable(_ text: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.handlerRegistrationUnreadable, "route handler registration whose handler '\(text)' is not a constructor call", at: l)
    }
    static func handlerNeverRegistered(_ name: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.handlerNeverRegistered, "route handler '\(name)' is never registered: its routes are unhandled at run time", at: l)
    }
    static func factoryUnreadable(_ what: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.factoryUnreadable, "dependency registration \(what)", at: l)
    }
    static func routesUnreadable(_ handler: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.routesUnreadable, "route handler '\(handler)': `routes` is not a literal list of `SomeRoute.self`", at: l)
    }
    static func routeUnknown(_ handler: String, _ type: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.routeUnknown, "route handler '\(handler)' claims '\(type)', which is not a route type with a readable identifier in the scanned sources", at: l)
    }
    static func destinationUnreadable(_ handler: String, _ text: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.destinationUnreadable, "route handler '\(handler)': destination returns '\(text)', which is not `SomeFeature.self` or `AnyFeature(SomeFeature.self)`", at: l)
    }
    static func destinationMissing(_ handler: String, _ route: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.destinationMissing, "route handler '\(handler)' claims route '\(route)' but its destination logic maps it to no feature the scanner can read", at: l)
    }
    static func identifierUnreadable(_ route: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.identifierUnreadable, "route '\(route)' has no `static let identifier = \"…\"` string literal the scanner can read", at: l)
    }
    static func fallbackUnreadable(_ feature: String, _ text: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.fallbackUnreadable, "feature '\(feature)': fallback returns '\(text)', which is not `SomeFeature.self` or `nil`", at: l)
    }
    static func entryUnreadable(_ text: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.entryUnreadable, "navigation controller's initial feature or route '\(text)' is not `SomeFeature.self` or `SomeRoute(…)`", at: l)
    }
    static func parameterNeverPassed(_ module: String, _ key: String, _ routes: [String], at l: SourceLocation) -> ScanWarning {
        ScanWarning(.parameterNeverPassed, "\(module) reads parameters[\"\(key)\"], which no call that presents \(routes.map { "'\($0)'" }.joined(separator: ", ")) passes", at: l)
    }
    static func annotationMalformed(_ text: String, _ why: String, at l: SourceLocation) -> ScanWarning {
        ScanWarning(.annotationMalformed, "annotation '\(text)': \(why)", at: l)
    }
}

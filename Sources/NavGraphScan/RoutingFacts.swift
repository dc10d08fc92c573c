import NavGraphKit

/// `route is X` → `feature` (route nil: unconditional).
struct DestinationFact: Sendable {
    var routeTypes: [String]?
    var feature: String
    var location: SourceLocation
}

struct NavigateFact: Sendable {
    enum Target: Sendable, Hashable {
        /// The route argument, followed by `ValueResolver`.
        case value(ValueExpr)
        /// Stated by an annotation.
        case routeID(String)
    }
    var target: Target
    var style: String?
    var location: SourceLocation
    /// Enclosing type names, innermost first.
    var enclosingTypes: [String]
    var module: String?
    /// Index into the file's `functions` of the function the call is in.
    var function: Int?
}

struct RegistrationFact: Sendable {
    var typeName: String
    var location: SourceLocation
    var ignore: [String]
}

struct DependencyRegistrationFact: Sendable {
    var protocolName: String
    var implementation: String?
    var location: SourceLocation
    var ignore: [String]
    var module: String?
}

struct EntryFact: Sendable {
    enum Target: Sendable {
        case feature(String)
        case route(ValueExpr)
    }
    var target: Target
    var location: SourceLocation
    var ignore: [String]
    var function: Int?
    var enclosingTypes: [String] = []
    var module: String?
}

struct DeepLinkFact: Sendable {
    var anyRoute: String
    var location: SourceLocation
    var ignore: [String]
}

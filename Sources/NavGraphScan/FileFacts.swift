import NavGraphKit

/// Everything one Swift file says about routing, before names are resolved across files.
/// Built by `FactExtractor` (one file, one thread); merged by `RegistryAssembler`.
struct FileFacts: Sendable {
    var path: String
    var module: String?
    var types: [TypeFacts] = []
    var navigations: [NavigateFact] = []
    var handlerRegistrations: [RegistrationFact] = []
    var dependencyRegistrations: [DependencyRegistrationFact] = []
    var entries: [EntryFact] = []
    var routerInstantiations: [SourceLocation] = []
    var deeplinks: [DeepLinkFact] = []
    var warnings: [ScanWarning] = []
}

/// A type declaration or an extension, with what its members say.
struct TypeFacts: Sendable {
    var name: String
    var isExtension: Bool
    var isProtocol: Bool
    var module: String?
    var location: SourceLocation
    var inherited: [String] = []
    var ignore: [String] = []
    var entryAnnotation: SourceLocation?
    /// `@Dependency var name: Type` (and 0.x `Dependencies` struct members).
    var injected: [InjectedFact] = []
    /// Instance stored properties with a written type.
    var storedProperties: [MemberFact] = []
    /// Initializer parameters with their types.
    var initParameters: [MemberFact] = []
    var identifier: StringFact?
    var enabled: (value: Enablement, location: SourceLocation)?
    var fallback: (feature: String?, location: SourceLocation)?
    var routes: (types: [String], location: SourceLocation)?
    var destinations: [DestinationFact] = []
    var hasDestination = false
    /// Type names instantiated in the `build` function / anywhere in the body.
    var buildInstantiations: Set<String> = []
    var instantiations: Set<String> = []
    /// Every identifier read in the body (for `used`).
    var references: Set<String> = []
    /// Names read as `dependencies.x` (the 0.x dialect).
    var memberReferences: Set<String> = []
    /// Unreadable member constructs, reported only when the type turns out to be a feature/route/handler.
    var pendingWarnings: [ScanWarning] = []

    /// Folds an extension (or a second declaration) of the same type into this one.
    mutating func absorb(_ o: TypeFacts) {
        inherited += o.inherited.filter { !inherited.contains($0) }
        ignore += o.ignore
        entryAnnotation = entryAnnotation ?? o.entryAnnotation
        injected += o.injected
        storedProperties += o.storedProperties
        initParameters += o.initParameters
        identifier = identifier ?? o.identifier
        enabled = enabled ?? o.enabled
        fallback = fallback ?? o.fallback
        routes = routes ?? o.routes
        destinations += o.destinations
        hasDestination = hasDestination || o.hasDestination
        buildInstantiations.formUnion(o.buildInstantiations)
        instantiations.formUnion(o.instantiations)
        references.formUnion(o.references)
        memberReferences.formUnion(o.memberReferences)
        pendingWarnings += o.pendingWarnings
    }
}

struct StringFact: Sendable {
    var value: String
    var location: SourceLocation
}

struct MemberFact: Sendable {
    var name: String
    var type: TypeRef
    /// The type as written (`String`, `Int?`), for route parameters.
    var typeText: String
    var location: SourceLocation
}

struct InjectedFact: Sendable {
    var name: String
    var type: String
    var location: SourceLocation
    /// Declared inside a 0.x `Dependencies` struct: read as `dependencies.name`.
    var viaDependenciesStruct: Bool
}

/// A written type reduced to what the scanner needs: its name and whether it is created on demand.
struct TypeRef: Sendable, Hashable {
    var name: String
    var lazy: Bool
}

/// `route is X` → `feature` (route nil: unconditional).
struct DestinationFact: Sendable {
    var routeTypes: [String]?
    var feature: String
    var location: SourceLocation
}

struct NavigateFact: Sendable {
    enum Target: Sendable, Hashable {
        case routeType(String)
        case routeID(String)
    }
    var target: Target
    var style: String?
    var location: SourceLocation
    /// Enclosing type names, innermost first.
    var enclosingTypes: [String]
    var module: String?
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
        case routeType(String)
    }
    var target: Target
    var location: SourceLocation
    var ignore: [String]
}

struct DeepLinkFact: Sendable {
    var anyRoute: String
    var location: SourceLocation
    var ignore: [String]
}

import NavGraphKit

/// `typealias Routes = LoginRoute & ProductRoute`: the composed names, in order.
struct TypeAliasFact: Sendable {
    /// The enclosing type (nil at top level).
    var owner: String?
    var name: String
    var types: [String]
    var location: SourceLocation
}

/// A type declaration or an extension, with what its members say.
struct TypeFacts: Sendable {
    var name: String
    /// Where the declaration is nested: the qualified name of the type around it (`FeedRouter` for
    /// an `enum Route` declared in `FeedRouter` or in `extension FeedRouter`, `A.B` deeper); for an
    /// extension, the qualifier it writes (`FeedRouter` of `extension FeedRouter.Route`). nil at top
    /// level. Types are merged by `name`; `SemanticIndex.namesakes` keeps same-named nested types apart.
    var outer: String?
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
    /// The type writes an initializer (then its stored properties are filled from its parameters).
    var declaresInit = false
    var identifier: StringFact?
    var enabled: (value: Enablement, location: SourceLocation)?
    var fallback: (feature: String?, location: SourceLocation)?
    var routes: (types: [String], location: SourceLocation)?
    var destinations: [DestinationFact] = []
    var hasDestination = false
    /// Every identifier read in the body (for `used`).
    var references: Set<String> = []
    /// Names read as `dependencies.x` (the 0.x dialect).
    var memberReferences: Set<String> = []
    /// Unreadable member constructs, reported only when the type turns out to be a feature/route/handler.
    var pendingWarnings: [ScanWarning] = []
    /// Values stored into each property (initializer expressions and assignments).
    var propertyValues: [String: [PropertyValue]] = [:]
    /// Declared types of properties (stored or static), by name.
    var propertyTypes: [String: String] = [:]
    /// Types this type refers to: constructions, static calls and members, property types (but
    /// those of `weak` and `unowned` properties, `weakReferences`).
    var typeReferences: Set<String> = []
    /// Types of this type's `weak` and `unowned` properties: objects it points to without owning
    /// them (made, and owned, elsewhere: a delegate, the screen a presenter reports to).
    var weakReferences: Set<String> = []
    /// Types named by casts (`x as? Delegate`; also in `typeReferences`): a cast to a protocol sees
    /// an object that exists already through its interface, one to a class may name what was just
    /// made (`instantiateViewController(…) as! LoginController`).
    var castReferences: Set<String> = []
    /// Every type this type refers to, owning or not.
    var allReferences: Set<String> { @inline(__always) get { typeReferences.union(weakReferences) } }
    /// Types referred to inside the `build` function.
    var buildReferences: Set<String> = []
    /// A protocol requirement `static var identifier: String` (a route protocol).
    var requiresStaticIdentifier = false
    /// Declared only under `#if DEBUG` (previews, debug menus): not part of the shipped app.
    var debugOnly = false
    /// The fallback function's labels as declared (`fallback(forRoute:)`), for signature checks.
    var fallbackSignature: (name: String, labels: [String], location: SourceLocation)?
    /// An enum's cases (`case home`, `case detail = "detail"`: the raw value when a literal).
    var enumCases: [EnumCaseFact] = []

    /// `FeedRouter.Route`: the name with its qualifier, as Swift names the type from outside.
    var qualifiedName: String { @inline(__always) get { outer.map { "\($0).\(name)" } ?? name } }

    /// What makes a type the app's composition root: a SwiftUI `App`, the app or scene delegate.
    static let compositionRootProtocols: Set<String> = ["App", "UIApplicationDelegate", "UIWindowSceneDelegate"]

    /// Whether the type (or this extension) conforms to a composition-root protocol.
    /// (Inlined, as are the other computed properties of the facts: calling a getter on an
    /// array's element copied the whole `TypeFacts` first, ~3 % of a code-edit re-scan.)
    var isCompositionRoot: Bool {
        @inline(__always) get { inherited.contains(where: Self.compositionRootProtocols.contains) }
    }

    /// Folds an extension (or a second declaration) of the same type into this one.
    mutating func absorb(_ o: TypeFacts) {
        inherited += o.inherited.filter { !inherited.contains($0) }
        ignore += o.ignore
        entryAnnotation = entryAnnotation ?? o.entryAnnotation
        injected += o.injected
        storedProperties += o.storedProperties
        initParameters += o.initParameters
        declaresInit = declaresInit || o.declaresInit
        identifier = identifier ?? o.identifier
        enabled = enabled ?? o.enabled
        fallback = fallback ?? o.fallback
        routes = routes ?? o.routes
        destinations += o.destinations
        hasDestination = hasDestination || o.hasDestination
        references.formUnion(o.references)
        memberReferences.formUnion(o.memberReferences)
        pendingWarnings += o.pendingWarnings
        for (k, v) in o.propertyValues { propertyValues[k, default: []] += v }
        propertyTypes.merge(o.propertyTypes) { a, _ in a }
        typeReferences.formUnion(o.typeReferences)
        weakReferences.formUnion(o.weakReferences)
        castReferences.formUnion(o.castReferences)
        buildReferences.formUnion(o.buildReferences)
        requiresStaticIdentifier = requiresStaticIdentifier || o.requiresStaticIdentifier
        debugOnly = debugOnly && o.debugOnly
        fallbackSignature = fallbackSignature ?? o.fallbackSignature
        enumCases += o.enumCases
    }
}

struct EnumCaseFact: Sendable {
    var name: String
    var rawValue: String?
    var location: SourceLocation
}

struct StringFact: Sendable {
    var value: String
    var location: SourceLocation

    /// The value of `String(describing: Self.self)` (or `"\(Self.self)"`): the conforming type's own
    /// name, known only where a concrete type uses it (a protocol extension's default `identifier`).
    /// A control character, so no string literal in an app can be it.
    static let selfTypeName = "\u{1}Self"
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

extension Array where Element == TypeFacts {
    /// The names of the types that pass `test`, read by index: `filter` (and `for t in`) hands out
    /// a copy of every `TypeFacts`, a retain per field, whether it passes or not. (A test that
    /// calls a computed property still copied the element until the property was inlined too.)
    @inline(__always)
    func names(where test: (TypeFacts) -> Bool) -> [String] {
        var out: [String] = []
        for i in indices where test(self[i]) { out.append(self[i].name) }
        return out
    }
}

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
    /// Functions, initializers and computed properties (the semantic index's value flow).
    var functions: [FunctionFacts] = []
    /// Every call with arguments (wrappers, factories, closures handed down are found among them).
    var calls: [CallFact] = []
    /// Feature types a SwiftUI `App`'s `body` builds (entries).
    var appEntries: [EntryFact] = []
    /// `switch` statements and expressions with each case's values.
    var switches: [SwitchFact] = []
    /// Dictionary literals.
    var tables: [TableFact] = []
    /// Reads by a literal key.
    var subscripts: [SubscriptFact] = []
    /// Calls written without arguments (`router.openLogin()`, `LoginViewController()`); kept apart from
    /// `calls` so value flow, which needs arguments, reads what it always read.
    var callsWithoutArguments: [CallFact] = []
    /// `typealias Name = A & B` (in a type or at top level).
    var typeAliases: [TypeAliasFact] = []
    /// Top-level variables (`let app = AppStart()`) by name: the types they are made as or declared with.
    var globals: [String: [String]] = [:]
}

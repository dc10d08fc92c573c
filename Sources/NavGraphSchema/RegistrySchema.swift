import NavGraphModel

// The registry schema (version 1), declared once: each section's keys, in the order the readers
// list them (that order is the fast reader's key bits and the order "did you mean" looks through).
//
// Every reader and writer names a key through these enums, never by a string of its own:
// - the positioned reader (`RegistryDecoder`) checks a mapping against `K.names` (unknown key with
//   "did you mean", repeated key) and looks its values up by case; `required` keys say
//   "<element> needs '<key>'";
// - the fast reader (`FastRegistryDecoder+Schema`) matches a key event against `K.names` and
//   switches over the case, with no `default:` — a new case that a reader does not read is a
//   compile error, not a key that silently gives up;
// - the plain-object step (`PlainKeys`) takes its keys from the cases;
// - the writers (`RegistryWriter`, `RegistryJSONWriter`) spell every key as `K.case.name`, and the
//   YAML writer's per-key text is declared in `RegistrySchema+Writing.swift` by exhaustive switch;
// - the scan cache (`NavGraphScan/Cache/ResultCoding.swift`) keeps a cached scan's registry key by
//   key in this order, by exhaustive switch too.
//
// Adding a key: add its case here (with its value and, if it is required, `required`), then follow
// the compiler through the switches; docs/registry.md's key table must list it
// (`RegistrySchemaTests.testDocsListEveryKey`).

/// What a key's value is, as docs/registry.md says it.
package enum SchemaValue: Sendable, Equatable {
    /// `1`, the schema version.
    case version
    /// A non-empty string naming a declaration (its feature, route, protocol…).
    case name
    /// A non-empty string, or null (absent).
    case string
    /// Any string, even empty (checked by a rule, not the reader).
    case anyString
    /// A string, or a list of strings.
    case strings
    /// `true` or `false`.
    case bool
    /// `"path/File.swift:line:column"`.
    case source
    /// `true`, `false`, `"runtime"` or `"flag:NAME"`.
    case enablement
    /// `true`, `false` or `runtime`.
    case flagDefault
    /// One of a fixed set of words (a routing system, a kind of unfollowed call).
    case word
    /// A mapping of names to names (a route's parameters, a handler's routes, the flags).
    case pairs
    /// A list of elements whose keys are another `RegistryKey` enum (or bare names).
    case list
    /// A mapping whose keys are another `RegistryKey` enum.
    case mapping
}

/// The keys of one registry section.
package protocol RegistryKey: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// The element these keys belong to, as messages name it ("a route").
    static var element: String { get }
    /// Every case, in declaration order (`allCases` builds a new array on each call).
    static var all: [Self] { get }
    /// Every key's spelling, in declaration order.
    static var names: [String] { get }
    var value: SchemaValue { get }
    /// Whether an element without this key is an error ("a route needs 'id'").
    var required: Bool { get }
}

extension RegistryKey {
    /// The key as a registry spells it.
    package var name: String { rawValue }
    package var required: Bool { false }
}

/// The top level of a registry file.
package enum TopKey: String, RegistryKey {
    case navgraph, app, entries, flags, provided, routes, handlers, features, dependencies, deeplinks, unfollowed
    package static let element = "the registry"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .navgraph: .version
        case .app: .string
        case .flags: .pairs
        case .entries, .provided, .routes, .handlers, .features, .dependencies, .deeplinks, .unfollowed: .list
        }
    }
    package var required: Bool { self == .navgraph }
}

/// An item of `entries:` (it names either `feature` or `route`).
package enum EntryKey: String, RegistryKey {
    case feature, route, source, ignore
    package static let element = "an entry"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .feature, .route: .name
        case .source: .source
        case .ignore: .strings
        }
    }
}

/// A flag written as a mapping (`NAME: {default, owner, source}`); `NAME: true|false|runtime` is the short form.
package enum FlagKey: String, RegistryKey {
    case `default`, source, owner
    package static let element = "a flag"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .default: .flagDefault
        case .source: .source
        case .owner: .string
        }
    }
}

/// An item of `provided:` written as a mapping (a bare name is the short form).
package enum ProvidedKey: String, RegistryKey {
    case name, source
    package static let element = "a provided dependency"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue { self == .name ? .name : .source }
    package var required: Bool { self == .name }
}

/// An item of `routes:`.
package enum RouteKey: String, RegistryKey {
    case id, type, module, parameters, source, ignore, system
    package static let element = "a route"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .id: .name
        case .type, .module: .string
        case .parameters: .pairs
        case .source: .source
        case .ignore: .strings
        case .system: .word
        }
    }
    package var required: Bool { self == .id }
}

/// An item of `handlers:`.
package enum HandlerKey: String, RegistryKey {
    case name, module, routes, source, ignore
    package static let element = "a handler"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .name: .name
        case .module: .string
        case .routes: .pairs
        case .source: .source
        case .ignore: .strings
        }
    }
    package var required: Bool { self == .name || self == .routes }
}

/// An item of `features:`.
package enum FeatureKey: String, RegistryKey {
    case name, module, enabled, fallback, dependencies, navigates, presents, source, ignore, unusedFallback
    package static let element = "a feature"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .name: .name
        case .module, .fallback: .string
        case .enabled: .enablement
        case .dependencies, .navigates, .presents: .list
        case .source: .source
        case .ignore: .strings
        case .unusedFallback: .mapping
        }
    }
    package var required: Bool { self == .name }
}

/// A feature's `unusedFallback:` (written by the scanner: a fallback declared but never used).
package enum UnusedFallbackKey: String, RegistryKey {
    case declared, requirement, source
    package static let element = "unusedFallback"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue { self == .source ? .source : .name }
    package var required: Bool { self != .source }
}

/// An item of a feature's or a registration's `dependencies:` written as a mapping (a bare name is the short form).
package enum DependencyRefKey: String, RegistryKey {
    case `protocol`, lazy, used, source
    package static let element = "a dependency reference"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .protocol: .name
        case .lazy, .used: .bool
        case .source: .source
        }
    }
    package var required: Bool { self == .protocol }
}

/// An item of a feature's `navigates:` written as a mapping (a bare route id is the short form).
package enum NavigationKey: String, RegistryKey {
    case route, style, source
    package static let element = "a navigation"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .route: .name
        case .style: .string
        case .source: .source
        }
    }
    package var required: Bool { self == .route }
}

/// An item of a feature's `presents:` written as a mapping (a bare feature name is the short form).
package enum PresentationKey: String, RegistryKey {
    case feature, style, source
    package static let element = "a presentation"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .feature: .name
        case .style: .string
        case .source: .source
        }
    }
    package var required: Bool { self == .feature }
}

/// An item of `dependencies:` (a registration).
package enum BindingKey: String, RegistryKey {
    case `protocol`, implementation, module, dependencies, source, ignore
    package static let element = "a dependency registration"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .protocol: .name
        case .implementation, .module: .string
        case .dependencies: .list
        case .source: .source
        case .ignore: .strings
        }
    }
    package var required: Bool { self == .protocol }
}

/// An item of `deeplinks:` (it needs `url`, `route` or `anyRoute`).
package enum DeepLinkKey: String, RegistryKey {
    case url, route, anyRoute, source, ignore
    package static let element = "a deep link"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .url: .string
        case .route: .name
        case .anyRoute: .anyString
        case .source: .source
        case .ignore: .strings
        }
    }
}

/// An item of `unfollowed:` (a navigation call a scan could not follow).
package enum UnfollowedKey: String, RegistryKey {
    case call, kind, from, system, routes, screens, reason, source
    package static let element = "an unfollowed call"
    package static let all = Array(allCases)
    package static let names = all.map(\.rawValue)
    package var value: SchemaValue {
        switch self {
        case .call: .name
        case .kind, .system: .word
        case .from, .routes, .screens: .strings
        case .reason: .string
        case .source: .source
        }
    }
    package var required: Bool { self == .call }
}

/// Every section's keys, for the documentation test and for tools that list the schema.
package enum RegistrySchema {
    /// Each section: its top-level key (nil for the top level), its element, and its keys with their values.
    package typealias Key = (name: String, value: SchemaValue, required: Bool)
    package typealias Section = (section: String?, element: String, keys: [Key])

    package static let sections: [Section] = [
        entry(nil, TopKey.self), entry("entries", EntryKey.self), entry("flags", FlagKey.self),
        entry("provided", ProvidedKey.self), entry("routes", RouteKey.self), entry("handlers", HandlerKey.self),
        entry("features", FeatureKey.self), entry("features", UnusedFallbackKey.self), entry("features", DependencyRefKey.self),
        entry("features", NavigationKey.self), entry("features", PresentationKey.self), entry("dependencies", BindingKey.self),
        entry("deeplinks", DeepLinkKey.self), entry("unfollowed", UnfollowedKey.self),
    ]

    private static func entry<K: RegistryKey>(_ section: String?, _ keys: K.Type) -> Section {
        (section: section, element: K.element, keys: K.all.map { (name: $0.name, value: $0.value, required: $0.required) })
    }
}

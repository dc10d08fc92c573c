import NavGraphSupport

/// The names of a registry's declarations as ids in one `NameTable`, as the loader read them.
///
/// One id per name occurrence, section by section, in this layout (-1 where a name is absent or
/// unknown):
///
/// - `features`: per feature its name, its fallback, each dependency's name, each navigated route;
/// - `routes`: each route's id; `provided`: each name; `entries`: each target; `deeplinks`: each route;
/// - `handlers`: per handler its name, then route and feature of each mapping;
/// - `bindings`: per binding its protocol, then each dependency's name.
///
/// Not part of the registry: the loader hands them out beside it (`LoadedRegistry`), and the graph
/// build may take them (`NavGraph(_: LoadedRegistry)`). It trusts an id only where the table's name
/// at that id is the declaration's name (an identity compare for a loaded name), so a registry edited
/// after loading (entries added by the configuration) is still read right: a name without a
/// trustworthy id is interned then.
package struct RegistryNames: Sendable {
    package var table = NameTable()
    package var features: [Int32] = []
    package var routes: [Int32] = []
    package var handlers: [Int32] = []
    package var bindings: [Int32] = []
    package var provided: [Int32] = []
    package var entries: [Int32] = []
    package var deeplinks: [Int32] = []

    package init() {}

    /// `self` followed by `other`'s (the names of `LoadedRegistry.merged(with:)`): `other`'s ids are
    /// translated into this table.
    package func merged(with other: RegistryNames) -> RegistryNames {
        if other.table.count == 0 { return self }
        if table.count == 0 { return other }
        var out = self
        let map = out.table.adding(other.table)
        func translate(_ ids: [Int32]) -> [Int32] { ids.map { $0 < 0 ? -1 : map[Int($0)] } }
        out.features += translate(other.features)
        out.routes += translate(other.routes)
        out.handlers += translate(other.handlers)
        out.bindings += translate(other.bindings)
        out.provided += translate(other.provided)
        out.entries += translate(other.entries)
        out.deeplinks += translate(other.deeplinks)
        return out
    }
}

/// A registry as the loader read it, and the ids its fast reader gave the declarations' names
/// (`RegistryNames`). The registry is the value; the ids are only a head start for the graph build
/// (`NavGraph(_:)`), which would otherwise hash every name again (`NameIDTests` hold both ways to
/// one graph).
public struct LoadedRegistry: Sendable {
    public var registry: Registry
    package var names: RegistryNames

    /// A registry with no ids: the graph build interns its names.
    public init(_ registry: Registry) {
        self.registry = registry
        names = RegistryNames()
    }

    package init(_ registry: Registry, names: RegistryNames) {
        self.registry = registry
        self.names = names
    }

    /// `Registry.merged(with:)`, with the ids: `other`'s follow `self`'s only when `self`'s cover all
    /// its declarations (a loaded or empty registry); otherwise the graph build interns the names.
    public func merged(with other: LoadedRegistry) -> LoadedRegistry {
        let r = registry
        let declares = !(r.entries.isEmpty && r.provided.isEmpty && r.routes.isEmpty && r.handlers.isEmpty && r.features.isEmpty
            && r.dependencies.isEmpty && r.deeplinks.isEmpty)
        let ids = names.table.count > 0 || !declares ? names.merged(with: other.names) : RegistryNames()
        return LoadedRegistry(registry.merged(with: other.registry), names: ids)
    }
}

/// Reads one section of `RegistryNames` while walking the registry in the same layout: the loader's
/// id when it names the same string, else the name interned now.
package struct NameResolver {
    private let ids: [Int32]
    private var k = 0
    /// Names that had no trustworthy id (0 for a registry the fast reader loaded untouched).
    package private(set) var interned = 0

    package init(_ ids: [Int32]) {
        self.ids = ids
    }

    package mutating func next(_ name: String, _ table: inout NameTable) -> Int32 {
        defer { k += 1 }
        if k < ids.count {
            let id = ids[k]
            if id >= 0, Int(id) < table.count, table[id] == name { return id }
        }
        interned += 1
        return table.intern(name)
    }

    /// A slot that may be empty (a feature without fallback, a deep link without route): -1 then.
    package mutating func next(_ name: String?, _ table: inout NameTable) -> Int32 {
        guard let name else {
            k += 1
            return -1
        }
        return next(name, &table)
    }
}

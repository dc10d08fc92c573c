import NavGraphKit

/// Which types each feature's `build` reaches: through constructions, static calls and members
/// (`ProfileRouter.createModule(…)`, `Assembly.shared`), and property types, where a protocol type
/// stands for its only conforming type in the sources.
///
/// A `weak` or `unowned` property points to an object it does not own: made, and owned, elsewhere;
/// so does a cast to a protocol (`params["delegate"] as? Delegate`: an object passed in, seen
/// through its interface). Such a reference is followed only to a type no other feature's
/// construction reaches through owning references
/// (a coordinator the app delegate makes, which a screen reports to); an object another screen
/// builds (that screen's presenter, set as this screen's delegate) stays that screen's, and what
/// its code opens is not this screen's.
///
/// Types are told apart by module: two modules' `ViewController`s are two types. A name used in a
/// module means that module's type when it has one, else the only type of that name.
///
/// The walk stops at other features, at routes and handlers, and at composition roots (types
/// that create the router or register handlers): those are not built by a feature.
struct TypeReferenceGraph {
    /// Type (by index into `index.types`) → indices of the features whose `build` reaches it.
    private var builtBy: [Int: Set<Int>] = [:]
    private let index: SemanticIndex
    private let methods: MethodCallers

    init(index: SemanticIndex, features: [(name: String, module: String?)], stopAt stops: Set<String>, buildFunctions: Set<String> = ["build"]) {
        self.index = index
        methods = MethodCallers(index: index)
        let featureNames = Set(features.map(\.name))
        let starts = features.map { Self.lookup($0.name, from: $0.module, index) }
        let calledThrough = Self.propertiesCalled(inBuildOf: starts, index, buildFunctions: buildFunctions)
        // First through owning references only, then weak ones too, to what no other feature owns.
        for pass in 0..<2 {
            let owned = builtBy
            // Fields read in place (`index.types[i].field`): a `let t = index.types[i]` copied the
            // whole `TypeFacts` (a retain per field) for every type the walk reached.
            for (fi, start) in starts.enumerated() {
                guard let start else { continue }
                let followsWeak = pass == 1
                let build = index.types[start].buildReferences
                var queue = (build.isEmpty ? index.types[start].typeReferences : build.union(calledThrough[start] ?? [])).map { ($0, index.types[start].module, isCast($0, by: start)) }
                if build.isEmpty { queue += index.types[start].weakReferences.map { ($0, index.types[start].module, true) } }
                var seen: Set<Int> = [start]
                while let (name, from, weak) = queue.popLast() {
                    for n in Self.concrete(name, from: from, index) where !featureNames.contains(index.types[n].name) && !stops.contains(index.types[n].name) {
                        if weak && !followsWeak { continue }
                        if weak, let owners = owned[n], !owners.isSubset(of: [fi]) { continue }
                        guard seen.insert(n).inserted else { continue }
                        builtBy[n, default: []].insert(fi)
                        let module = index.types[n].module
                        queue += index.types[n].typeReferences.map { ($0, module, isCast($0, by: n)) }
                        queue += index.types[n].weakReferences.map { ($0, module, true) }
                    }
                }
            }
        }
    }

    /// Per feature type (by index), the declared types of the properties its `build` calls methods of
    /// (`scenesFactory.resolveLibraryScene(for: self)` where `let scenesFactory: LibraryScenesFactoryProtocol`):
    /// what `build` uses besides the types it names. One pass over the calls.
    private static func propertiesCalled(inBuildOf starts: [Int?], _ index: SemanticIndex, buildFunctions: Set<String>) -> [Int: Set<String>] {
        // The build functions by owner, once (per feature a lookup, not a pass over every `build`).
        var byOwner: [String: [Int]] = [:]
        for b in buildFunctions {
            for f in index.functionsByName[b] ?? [] { if let o = index.functions[f].owner { byOwner[o, default: []].append(f) } }
        }
        var builds: [Int: Int] = [:]
        for start in starts {
            guard let start else { continue }
            for f in byOwner[index.types[start].name] ?? [] { builds[f] = start }
        }
        guard !builds.isEmpty else { return [:] }
        func property(_ v: ValueExpr) -> String? {
            switch v {
            case .ref(let n), .selfMember(let n): return n
            case .member(let base, _): return property(base)
            default: return nil
            }
        }
        var out: [Int: Set<String>] = [:]
        func note(_ c: CallFact) {
            guard let f = c.function, let start = builds[f], case .value(let v) = c.callee.receiver, let n = property(v),
                  var t = index.types[start].propertyTypes[n], !t.isEmpty else { return }
            if t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
            out[start, default: []].insert(t)
        }
        for i in index.calls.indices { note(index.calls[i]) }
        for i in index.callsWithoutArguments.indices { note(index.callsWithoutArguments[i]) }
        return out
    }

    /// Whether `type` casts a value to the protocol `name`: its reference to `name` is then taken
    /// as not owning (a protocol is never made, so the type otherwise names it only as a property's
    /// type or for a static member; one that both holds it strongly and casts to it is read as the cast).
    private func isCast(_ name: String, by type: Int) -> Bool {
        index.types[type].castReferences.contains(name) && index.isProtocol(name)
    }

    /// The features whose build reaches the type `name` written in `module`.
    func features(reaching name: String, in module: String?) -> Set<Int> {
        guard let t = Self.lookup(name, from: module, index) else { return [] }
        return builtBy[t] ?? []
    }

    /// The features a call site belongs to: the feature it is written in (innermost enclosing type
    /// first), else the features whose build reaches its type; empty when none does.
    ///
    /// When several features reach the type (a view model they share), the site belongs only to those
    /// whose code reaches the method it is in (`MethodCallers`): the features of the method's call
    /// sites, followed up to `maxCallDepth` callers. A method no code runs belongs to none; a method
    /// whose callers the sources cannot know (a framework override, a `#selector`) or whose callers
    /// belong to none of those features keeps them all.
    func owners(of site: ValueResolver.Site, features featureIndex: [String: Int]) -> [Int] {
        var visiting = Set<Int>()
        return owners(site.enclosingTypes, site.module, site.function, featureIndex, depth: 0, visiting: &visiting)
    }

    static let maxCallDepth = 4

    private func owners(
        _ types: [String], _ module: String?, _ function: Int?, _ featureIndex: [String: Int], depth: Int, visiting: inout Set<Int>
    ) -> [Int] {
        for t in types {
            if let fi = featureIndex[t] { return [fi] }
            let b = features(reaching: t, in: module)
            guard !b.isEmpty else { continue }
            guard b.count > 1, depth < Self.maxCallDepth, let f = function, index.functions[f].owner == t,
                  visiting.insert(f).inserted else { return b.sorted() }
            defer { visiting.remove(f) }
            guard let all = methods.callers(of: f) else { return b.sorted() }
            // Calls from the method itself (or from a method it calls back) are no other runner of it.
            let calls = all.filter { c in c.function.map { !visiting.contains($0) } ?? true }
            var reached = Set<Int>()
            for c in calls {
                reached.formUnion(owners(c.enclosingTypes, c.module, c.function, featureIndex, depth: depth + 1, visiting: &visiting))
            }
            if calls.isEmpty { return [] }
            let both = b.intersection(reached)
            return (both.isEmpty ? b : both).sorted()
        }
        return []
    }

    /// Whether the method `f` is run by no code of the sources (`MethodCallers`): what it does
    /// belongs to no screen.
    func neverCalled(_ f: Int?) -> Bool {
        guard let f else { return false }
        return methods.callers(of: f)?.isEmpty == true
    }

    /// The declaration a name means in a module: that module's, else the only one.
    static func lookup(_ name: String, from module: String?, _ index: SemanticIndex) -> Int? {
        guard let candidates = index.typesByName[name], !candidates.isEmpty else { return nil }
        if candidates.count == 1 { return candidates[0] }
        return candidates.first { index.types[$0].module == module } ?? candidates.first
    }

    /// A concrete type stands for itself; a protocol for its only conforming type (debug-only
    /// conformers, a preview's or a test's mock in `#if DEBUG`, are not the app's); else nothing.
    private static func concrete(_ name: String, from module: String?, _ index: SemanticIndex) -> [Int] {
        guard let i = lookup(name, from: module, index) else { return [] }
        guard index.types[i].isProtocol else { return [i] }
        var found: Int?
        for n in index.conformers[name] ?? [] {
            guard let c = lookup(n, from: module, index), !index.types[c].debugOnly else { continue }
            guard found == nil else { return [] }
            found = c
        }
        return found.map { [$0] } ?? []
    }
}

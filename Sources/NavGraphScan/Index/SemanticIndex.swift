import NavGraphKit

/// The style-independent facts of a whole scan: types with their extensions folded in, every
/// function and call site with global indices, and the lookups value flow and attribution need.
///
/// Built once from the per-file facts; read by `ValueResolver`, `TypeReferenceGraph` and the
/// style extractors.
struct SemanticIndex {
    /// The fallback requirement the framework's declarations in the sources spell (`DialectLearner`),
    /// by name: what the RouterService extractor compares a feature's `fallback(…)` against.
    var fallbackRequirements: [String: DialectLearner.Requirement] = [:]
    let types: [TypeFacts]
    let functions: [FunctionFacts]
    let calls: [CallFact]
    /// Calls written without arguments (`router.openLogin()`), with global function indices.
    let callsWithoutArguments: [CallFact]
    /// Every `typealias` of the sources.
    let typeAliases: [TypeAliasFact]
    /// Top-level variables by name: the types they are made as (`FileFacts.globals`).
    let globals: [String: [String]]
    /// Declarations by simple name (several when modules reuse a name).
    let typesByName: [String: [Int]]
    let functionsByName: [String: [Int]]
    let callsByName: [String: [Int]]
    /// Concrete types that conform, directly or through other protocols/classes, to each name.
    let conformers: [String: Set<String>]
    /// Names of concrete types the sources declare (not only extend: `extension UIViewController`
    /// makes a type of that name here, but what an instance of it may be is the framework's).
    let declaredConcrete: Set<String>
    /// Simple names that several types declare at different places of nesting (`FeedRouter.Route`
    /// and `ProfileRouter.Route`; a top-level `Route` beside a nested one): their qualified names,
    /// sorted. `types` merges them by name; `namesakeFacts` keeps each one apart.
    let namesakes: [String: [String]]
    /// Each of those types by qualified name (its declarations; extensions add no cases).
    let namesakeFacts: [String: TypeFacts]
    /// Every `switch` and dictionary literal (functions as global indices).
    let switches: [SwitchFact]
    /// The switches over `self` in each function (a computed property of an enum: each case's value).
    let selfSwitches: [Int: [Int]]
    let tables: [TableFact]
    let subscripts: [SubscriptFact]
    /// Where each file's functions start in `functions` (per-file facts index their own functions).
    let functionOffset: [String: Int]
    /// Calls that pass a local `inout` (`fill(&route)`), by the function they are written in: the
    /// callee's assignments to that parameter are values of the local.
    let inoutCalls: [Int: [Int]]

    /// The types' half (extensions folded in, by name, conformers) is built on a second thread
    /// while this one joins the functions, calls and tables: the two share nothing but the files
    /// and each file's function offset.
    init(files: [FileFacts]) {
        var offsets: [String: Int] = [:]
        var starts: [Int] = []
        starts.reserveCapacity(files.count)
        var total = 0
        for file in files {
            starts.append(total)
            offsets[file.path] = total
            total += file.functions.count
        }
        // A thread costs more than it saves on a small app (and an empty index is made per scan).
        let typesHalf = files.count >= Self.filesForTwoThreads ? Background { [starts] in Self.types(of: files, functionStarts: starts) } : nil
        var functions: [FunctionFacts] = []
        var calls: [CallFact] = []
        var bare: [CallFact] = []
        var switches: [SwitchFact] = []
        var tables: [TableFact] = []
        var subscripts: [SubscriptFact] = []
        for (n, file) in files.enumerated() {
            let offset = starts[n]
            switches += file.switches.map { s in var s = s; s.function = s.function.map { $0 + offset }; return s }
            tables += file.tables.map { t in var t = t; t.function = t.function.map { $0 + offset }; return t }
            subscripts += file.subscripts.map { r in var r = r; r.function = r.function.map { $0 + offset }; return r }
            functions += file.functions
            calls += file.calls.map { c in
                var c = c
                c.function = c.function.map { $0 + offset }
                return c
            }
            bare += file.callsWithoutArguments.map { c in
                var c = c
                c.function = c.function.map { $0 + offset }
                return c
            }
        }
        self.functions = functions
        self.calls = calls
        self.switches = switches
        var selfSwitches: [Int: [Int]] = [:]
        for (i, s) in switches.enumerated() where s.subject == .ref("self") { if let f = s.function { selfSwitches[f, default: []].append(i) } }
        self.selfSwitches = selfSwitches
        self.tables = tables
        self.subscripts = subscripts
        callsWithoutArguments = bare
        typeAliases = files.flatMap(\.typeAliases)
        var globals: [String: [String]] = [:]
        for file in files { for (k, v) in file.globals { globals[k, default: []] += v } }
        self.globals = globals.mapValues { Array(Set($0)).sorted() }
        functionsByName = Dictionary(grouping: functions.indices, by: { functions[$0].name })
        callsByName = Dictionary(grouping: calls.indices, by: { calls[$0].callee.name })
        var passing: [Int: [Int]] = [:]
        for (i, c) in calls.enumerated() {
            guard let f = c.function, c.arguments.contains(where: { if case .unknown(let t) = $0.value { t.hasPrefix("&") } else { false } }) else { continue }
            passing[f, default: []].append(i)
        }
        inoutCalls = passing
        functionOffset = offsets
        var declared = Set<String>()
        for f in files { for t in f.types where !t.isExtension && !t.isProtocol { declared.insert(t.name) } }
        declaredConcrete = declared
        (namesakes, namesakeFacts) = Self.sameNamedTypes(in: files)
        (types, typesByName, conformers) = typesHalf?.value ?? Self.types(of: files, functionStarts: starts)
    }

    /// From this many files on, the types half is built on a second thread.
    static let filesForTwoThreads = 256

    /// Every file's types with their property values' functions made global (`functionStarts`:
    /// each file's first function), merged with their extensions; by name; and the conformers of
    /// each name (a type conforms to what it inherits, and to what those inherit, transitively).
    private static func types(
        of files: [FileFacts], functionStarts: [Int]
    ) -> (types: [TypeFacts], byName: [String: [Int]], conformers: [String: Set<String>]) {
        var stamped: [TypeFacts] = []
        for (n, file) in files.enumerated() {
            let offset = functionStarts[n]
            for var t in file.types {
                for (k, values) in t.propertyValues {
                    t.propertyValues[k] = values.map { v in
                        var v = v
                        v.function = v.function.map { $0 + offset }
                        return v
                    }
                }
                stamped.append(t)
            }
        }
        let types = RegistryAssembler.mergeTypes(stamped)
        let byName = Dictionary(grouping: types.indices, by: { types[$0].name })
        // A typealias a type inherits stands for what it names (`class LoginRouter: Router<LoginView>,
        // LoginRouter.Routes` with `typealias Routes = ContactRoute & AboutRoute`): the type's own
        // alias first, then a top-level one.
        var aliases: [String: [String: [String]]] = [:]
        for file in files { for a in file.typeAliases { aliases[a.owner ?? "", default: [:]][a.name] = a.types } }
        func expanded(_ inherited: [String], of owner: String) -> [String] {
            inherited.flatMap { n in aliases[owner]?[n] ?? aliases[""]?[n] ?? [n] }
        }
        var direct: [String: Set<String>] = [:]
        // By index: `for t in types` copied every `TypeFacts` twice.
        for i in types.indices { direct[types[i].name, default: []].formUnion(aliases.isEmpty ? types[i].inherited : expanded(types[i].inherited, of: types[i].name)) }
        var conformers: [String: Set<String>] = [:]
        for i in types.indices where !types[i].isProtocol {
            let name = types[i].name
            var seen = Set<String>()
            var stack = Array(direct[name] ?? [])
            while let p = stack.popLast() {
                guard seen.insert(p).inserted else { continue }
                conformers[p, default: []].insert(name)
                stack += direct[p] ?? []
            }
        }
        return (types, byName, conformers)
    }

    /// The global index of a file's function.
    func function(_ local: Int?, inFile path: String) -> Int? {
        local.flatMap { l in functionOffset[path].map { $0 + l } }
    }

    /// The first declaration of the name (a copy: each of its ~30 fields retained; to ask whether
    /// one exists or is a protocol, `hasType(named:)` and `isProtocol(_:)` copy nothing).
    func type(named name: String) -> TypeFacts? { typesByName[name].flatMap { $0.first.map { types[$0] } } }

    func hasType(named name: String) -> Bool { typesByName[name]?.isEmpty == false }

    func isProtocol(_ name: String) -> Bool { typesByName[name]?.first.map { types[$0].isProtocol } == true }

    /// Whether some type conforms to both `a` and `b` (or is `b` and conforms to `a`): the smaller of
    /// the two conformer sets is walked, each member looked up in the other (a protocol of the
    /// sources may have 10,000 conformers; a router base class a handful).
    func someType(conformingTo a: String, alsoConformsTo b: String) -> Bool {
        let ofA = conformers[a] ?? [], ofB = conformers[b] ?? []
        if ofA.contains(b) { return true }
        return ofA.count <= ofB.count ? ofA.contains { ofB.contains($0) } : ofB.contains { ofA.contains($0) }
    }

    /// Whether `type` is `other` or conforms to / inherits from it.
    func type(_ type: String, conformsTo other: String) -> Bool {
        type == other || conformers[other]?.contains(type) == true
    }
}

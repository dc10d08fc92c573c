import NavGraphKit

extension RouteEnumExtractor {
    /// A router method and what each case of its enum shows.
    struct Router {
        /// Global index of the method in `SemanticIndex.functions`.
        var function: Int
        var enumName: String
        /// Per case name: the screens it shows, each with where that was decided.
        var screens: [String: [String: SourceLocation]] = [:]
        /// Cases that present or make something the scan could not follow to a screen, beside any
        /// screen they show: a call with one may show any screen. A case in neither `screens` nor
        /// here shows no screen of the sources (a `.back` that pops).
        var opaque: Set<String> = []
        /// SwiftUI: the stack's destination that maps the cases to views (`navigationDestination(for:
        /// Screen.self)`), the registry's handler for every method that appends to the path.
        var destination: Destination? = nil
    }

    struct Destination: Hashable {
        var name: String
        var location: SourceLocation
        var module: String?
    }

    /// The router methods of the sources, read from the index.
    ///
    /// Cost: one pass over the functions, switches and calls to group them, then per method taking an
    /// app enum its switches' cases, each value followed once (`ValueResolver`, bounded by its steps);
    /// a type a case makes contributes the presentations written in its own code, one level deep.
    struct Model {
        let index: SemanticIndex
        private(set) var routers: [Router] = []
        /// The routers' own types, their enums, and what the cases make on the way (coordinators):
        /// what these present is the router at work, not a screen shown around it.
        private(set) var routerTypes: Set<String> = []
        /// View controllers and SwiftUI views the sources declare.
        let screens: Set<String>
        /// The switches of SwiftUI's destinations (`.navigationDestination(for:) { switch … }`), from
        /// the switch to its last case's end: the screens made there are what the stack pushes.
        private(set) var destinationRanges: [(from: SourceLocation, to: SourceLocation)] = []
        /// The functions a destination's closure hands its value to (`ViewFactory.view(for:)`, the
        /// enum's own `step.screen()`), by name: what they return is the stack's, no first screen.
        private(set) var destinationFunctionNames: Set<String> = []
        /// Per enum with SwiftUI destinations: what they show for each case.
        private(set) var destinations: [String: (screens: [String: [String: SourceLocation]], opaque: Set<String>, makers: Set<String>)] = [:]
        /// Every call of a router method outside the method itself, with the routers it may call, in
        /// source order (`calls(of:)`, once).
        private(set) var calls: [(call: CallFact, routers: [Router])] = []

        init(_ index: SemanticIndex) {
            self.index = index
            // The candidates first (most apps have few or none): a method returning nothing whose
            // first parameter is an enum of the sources.
            var candidates: [(function: Int, parameter: String, enumName: String)] = []
            for (fi, fn) in index.functions.enumerated() where !fn.isGetter {
                guard fn.returnType == nil || fn.returnType == "Void" || fn.returnType == "()", let owner = fn.owner,
                      let p = fn.parameters.first, !p.typeName.isEmpty, let e = Self.enumName(p, of: fn, index),
                      DependencyBinding.unqualified(e) != owner else { continue }
                candidates.append((fi, p.name, e))
            }
            // SwiftUI's destinations: `.navigationDestination(for: Screen.self) { … }` for an enum of the sources.
            var destinationCalls: [(call: CallFact, enumName: String)] = []
            for c in (index.callsByName["navigationDestination"] ?? []).map({ index.calls[$0] }) {
                guard c.function != nil, let a = c.arguments.first, a.label == "for", let t = Self.metatype(a.value),
                      let type = index.type(named: t), !type.isProtocol, !type.enumCases.isEmpty else { continue }
                destinationCalls.append((c, t))
            }
            guard !candidates.isEmpty || !destinationCalls.isEmpty else { screens = []; return }
            screens = Set(index.types.names(where: { !$0.isProtocol }).filter { ProtocolRoutesExtractor.isScreen($0, in: index) })
            // The functions whose switches and calls are read: the candidates and their enums' methods.
            let enums = Set(candidates.map { DependencyBinding.unqualified($0.enumName) } + destinationCalls.map(\.enumName))
            var readFunctions = Set(candidates.map(\.function))
            for (fi, fn) in index.functions.enumerated() where fn.owner.map(enums.contains) == true { readFunctions.insert(fi) }
            for d in destinationCalls { readFunctions.insert(d.call.function!) }
            // A destination's closure handing its value to a function (`ViewFactory.view(for: screen)`):
            // that function's switches over the parameter are the destination's (`destinationFunctions`).
            var destinationFunctions: [(function: Int, parameter: String, enumName: String)] = []
            for d in destinationCalls {
                var values = Array(d.call.trailing.prefix(1))
                if case .choice(let options)? = values.first { values = options }
                // `destination.view(path: $path)`, `route.screen`: the enum's own method or property,
                // its `switch self`.
                for v in values {
                    let member: String
                    switch v {
                    case .call(let callee, _):
                        guard case .value(.ref) = callee.receiver else { continue }
                        member = callee.name
                    case .member(.ref, let name): member = name
                    default: continue
                    }
                    for f in index.functionsByName[member] ?? [] where Self.isMethod(index.functions[f], of: d.enumName, index) {
                        destinationFunctions.append((f, "self", d.enumName))
                        destinationFunctionNames.insert(member)
                        readFunctions.insert(f)
                    }
                }
                for case .call(let callee, let args) in values {
                    // The closure's parameter, by position or by its name (`{ destination in … }`).
                    guard let k = args.firstIndex(where: {
                        switch $0.value {
                        case .closureParameter("navigationDestination", _, 0), .ref: true
                        default: false
                        }
                    }) else { continue }
                    for f in index.functionsByName[callee.name] ?? [] {
                        let fn = index.functions[f]
                        guard k < fn.parameters.count, Self.enumName(fn.parameters[k], of: fn, index).map(DependencyBinding.unqualified) == d.enumName else { continue }
                        destinationFunctions.append((f, fn.parameters[k].name, d.enumName))
                        destinationFunctionNames.insert(fn.name)
                        readFunctions.insert(f)
                    }
                }
            }
            var destinationEnum: [Int: String] = [:]
            for (i, s) in index.switches.enumerated() {
                guard case .closureParameter("navigationDestination", _, 0) = s.subject, let f = s.function else { continue }
                let before = destinationCalls.filter { $0.call.function == f && $0.call.location.file == s.location.file && $0.call.location < s.location }
                guard let d = before.max(by: { $0.call.location < $1.call.location }) else { continue }
                destinationEnum[i] = d.enumName
                if let end = s.cases.map(\.end).max() { destinationRanges.append((s.location, end)) }
            }
            var switchesByFunction: [Int: [Int]] = [:]
            for (i, s) in index.switches.enumerated() { if let f = s.function, readFunctions.contains(f) { switchesByFunction[f, default: []].append(i) } }
            var callsByFunction: [Int: [CallFact]] = [:]
            var presentationsByOwner: [String: [CallFact]] = [:]
            for calls in [index.calls, index.callsWithoutArguments] {
                for c in calls {
                    if let f = c.function, readFunctions.contains(f) { callsByFunction[f, default: []].append(c) }
                    if let o = c.enclosingTypes.first, DirectPresentations.form(of: c) != nil { presentationsByOwner[o, default: []].append(c) }
                }
            }
            // Page enums the module-factory style reads are its routes, not this style's.
            let pages = ModuleFactoryExtractor.Model(index).pages
            var resolver = ValueResolver(index: index)
            resolver.modifiersKeepViews = true
            let screens = screens

            /// The screens a presentation call shows, by where it is, and whether some of what it
            /// presents is not followed (a framework controller it makes, `UIActivityViewController(…)`,
            /// is followed: it is no screen of the sources).
            func presented(_ call: CallFact) -> (screens: [String: SourceLocation], unknown: Bool) {
                guard let form = DirectPresentations.form(of: call) else { return ([:], false) }
                var found: [String: SourceLocation] = [:]
                var unknown = false
                for v in form.values {
                    let (types, missed) = made(v, resolver.context(ofCall: call), resolver.site(ofCall: call))
                    unknown = unknown || missed || types.isEmpty
                    for t in types where screens.contains(t) { found[t] = found[t] ?? call.location }
                }
                return (found, unknown)
            }
            /// The types a value is made as, and whether some of it was not followed.
            func made(_ v: ValueExpr, _ ctx: ValueResolver.Context, _ site: ValueResolver.Site) -> (Set<String>, Bool) {
                // What the value is made as, containers looked through, and what is constructed in it.
                resolver.madeTypes(v, in: ctx, site: site, constructedInside: true)
            }
            /// What a case's value shows: a screen it makes, or what a type it makes (a coordinator)
            /// presents in its own code.
            func shown(by v: ValueExpr, _ ctx: ValueResolver.Context, _ site: ValueResolver.Site, makers: inout Set<String>, opaque: inout Bool) -> [String: SourceLocation] {
                var found: [String: SourceLocation] = [:]
                let (types, missed) = made(v, ctx, site)
                if types.isEmpty || missed { opaque = true }
                for t in types.sorted() {
                    if screens.contains(t) {
                        found[t] = found[t] ?? site.location
                    } else if index.declaredConcrete.contains(t), let calls = presentationsByOwner[t] {
                        makers.insert(t)
                        for c in calls {
                            let p = presented(c)
                            if p.unknown { opaque = true }
                            found.merge(p.screens) { a, _ in a }
                        }
                    }
                }
                return found
            }
            /// Each case of a switch over the enum (the method's parameter, or `self` in the enum's
            /// own method): what its body presents and, where `valuesShow` (the enum's method returns
            /// what it makes), what its values show.
            func read(
                _ s: SwitchFact, cases: Set<String>, in f: Int, valuesShow: Bool,
                into out: inout [String: [String: SourceLocation]], opaque: inout Set<String>, makers: inout Set<String>
            ) {
                let owner = index.functions[f].owner
                for c in s.cases where !c.isDefault {
                    let names = c.patterns.compactMap(Self.caseName).filter(cases.contains)
                    guard !names.isEmpty else { continue }
                    var found: [String: SourceLocation] = [:]
                    var unknown = false
                    for call in callsByFunction[f] ?? [] where c.location <= call.location && call.location <= c.end && DirectPresentations.form(of: call) != nil {
                        let p = presented(call)
                        if p.unknown { unknown = true }
                        found.merge(p.screens) { a, _ in a }
                    }
                    let site = ValueResolver.Site(location: c.location, enclosingTypes: s.enclosingTypes, module: s.module, function: f)
                    for v in c.values {
                        var valueUnknown = false
                        found.merge(shown(by: v, .init(function: f, owner: owner), site, makers: &makers, opaque: &valueUnknown)) { a, _ in a }
                        if valuesShow && valueUnknown { unknown = true }
                    }
                    for n in names {
                        out[n, default: [:]].merge(found) { a, _ in a }
                        if unknown { opaque.insert(n) }
                    }
                }
            }

            // What each enum's destinations show: the screens SwiftUI's stack pushes for a value of it.
            var destinations: [String: (screens: [String: [String: SourceLocation]], opaque: Set<String>, makers: Set<String>)] = [:]
            for (si, e) in destinationEnum.sorted(by: { $0.key < $1.key }) {
                guard let f = index.switches[si].function, let enumType = Self.enumFacts(e, index) else { continue }
                var d = destinations[e] ?? ([:], [], [])
                read(index.switches[si], cases: Set(enumType.enumCases.map(\.name)), in: f, valuesShow: true, into: &d.screens, opaque: &d.opaque, makers: &d.makers)
                destinations[e] = d
            }
            for (f, parameter, e) in destinationFunctions {
                guard let enumType = Self.enumFacts(e, index) else { continue }
                var d = destinations[e] ?? ([:], [], [])
                for si in switchesByFunction[f] ?? [] where index.switches[si].subject == .ref(parameter) {
                    read(index.switches[si], cases: Set(enumType.enumCases.map(\.name)), in: f, valuesShow: true, into: &d.screens, opaque: &d.opaque, makers: &d.makers)
                    if let end = index.switches[si].cases.map(\.end).max() { destinationRanges.append((index.switches[si].location, end)) }
                }
                destinations[e] = d
            }
            self.destinations = destinations
            // The registry's handler of each enum's destinations: its first `navigationDestination` call.
            var destinationHandler: [String: Destination] = [:]
            for d in destinationCalls.sorted(by: { $0.call.location < $1.call.location }) where destinationHandler[d.enumName] == nil {
                destinationHandler[d.enumName] = Destination(name: "navigationDestination(for: \(d.enumName).self)", location: d.call.location, module: d.call.module)
            }

            for (fi, parameter, e) in candidates where !pages.contains(DependencyBinding.unqualified(e)) {
                let fn = index.functions[fi]
                guard let owner = fn.owner, let enumType = Self.enumFacts(e, index) else { continue }
                let cases = Set(enumType.enumCases.map(\.name))
                var out: [String: [String: SourceLocation]] = [:]
                var opaque = Set<String>()
                var makers = Set<String>()
                for si in switchesByFunction[fi] ?? [] where index.switches[si].subject == .ref(parameter) {
                    read(index.switches[si], cases: cases, in: fi, valuesShow: false, into: &out, opaque: &opaque, makers: &makers)
                }
                // `route.coordinator(for: self)`: the enum's own method that switches over `self`.
                for call in callsByFunction[fi] ?? [] {
                    guard case .value(.ref(parameter)) = call.callee.receiver else { continue }
                    for m in index.functionsByName[call.callee.name] ?? [] where Self.isMethod(index.functions[m], of: e, index) {
                        for si in switchesByFunction[m] ?? [] where index.switches[si].subject == .ref("self") {
                            read(index.switches[si], cases: cases, in: m, valuesShow: true, into: &out, opaque: &opaque, makers: &makers)
                        }
                    }
                }
                // A method that appends its parameter to the navigation path (`path.append(screen)`)
                // shows what the enum's destinations show for it.
                var destination: Destination?
                if out.isEmpty, let d = destinations[DependencyBinding.unqualified(e)],
                   (callsByFunction[fi] ?? []).contains(where: { $0.callee.name == "append" && $0.arguments.count == 1 && $0.arguments[0].value == .ref(parameter) }) {
                    out = d.screens
                    opaque = d.opaque
                    makers = d.makers
                    destination = destinationHandler[DependencyBinding.unqualified(e)]
                }
                guard out.values.contains(where: { !$0.isEmpty }) else { continue }
                routers.append(Router(function: fi, enumName: e, screens: out, opaque: opaque, destination: destination))
                routerTypes.formUnion(makers.union([owner, DependencyBinding.unqualified(e)]))
            }
            // A router no code calls with anything is no navigation the sources do.
            calls = Self.calls(of: routers, index)
            // `path.append(Screen.pantry)` (or `.pantry` into a `[Screen]` path), `path = [.pantry,
            // .shelf]`, `NavigationLink(value: Screen.pantry) { label }` in any method: the method shows
            // what the destinations show for that case, from where it is called
            // (`coordinator.goToPantry()`), or from where it is written when nothing calls it.
            var appending: [String: Router] = [:]
            func pathRouter(_ f: Int, _ e: String) -> Router {
                let key = "\(f)|\(e)"
                if let r = appending[key] { return r }
                let d = destinations[e]!
                let r = Router(function: f, enumName: e, screens: d.screens, opaque: d.opaque, destination: destinationHandler[e])
                appending[key] = r
                routerTypes.formUnion(d.makers.union([e]))
                return r
            }
            // Every destination of the sources is for an enum: a value pushed that the scan cannot read
            // may be any of their cases (else it may be a model another destination shows).
            let everyDestinationIsAnEnum = (index.callsByName["navigationDestination"] ?? []).allSatisfy { ci in
                let c = index.calls[ci]
                return c.arguments.first?.label != "for" || destinationCalls.contains { $0.call.location == c.location }
            }
            // The properties bound to a stack (`NavigationStack(path: $coordinator.path)`): an append
            // into one is navigation whatever its value, and counted (an append into any array is not).
            let pathNames = Set((index.callsByName["NavigationStack"] ?? []).compactMap { ci in
                index.calls[ci].arguments.first { $0.label == "path" }.flatMap { Self.lastName($0.value) }
            })
            let routerMethods = Set(routers.map(\.function))
            for ci in index.callsByName["append"] ?? [] {
                let c = index.calls[ci]
                guard c.arguments.count == 1, c.arguments[0].label == nil, let f = c.function else { continue }
                if let e = caseEnum(of: c.arguments[0].value) {
                    calls.append((c, [pathRouter(f, e)]))
                } else if everyDestinationIsAnEnum, !destinations.isEmpty, !routerMethods.contains(f),
                          case .value(let receiver) = c.callee.receiver, Self.lastName(receiver).map(pathNames.contains) == true {
                    calls.append((c, destinations.keys.sorted().map { pathRouter(f, $0) }))
                }
            }
            for (name, cis) in index.callsByName where name.hasSuffix("=") && !DirectPresentations.setters.contains(String(name.dropLast())) {
                for ci in cis {
                    let c = index.calls[ci]
                    guard let f = c.function, case .array(let cases)? = c.arguments.first?.value else { continue }
                    let enums = Set(cases.map(caseEnum(of:)))
                    guard enums.count == 1, let e = enums.first!, !cases.isEmpty else { continue }
                    calls.append((c, [pathRouter(f, e)]))
                }
            }
            // A stack's path set whole from a value the scan cannot read as cases (`path = saved`,
            // `self.path = restored ?? []` in the path's owner): navigation, counted, not followed. A path
            // emptied (`[]`, `NavigationPath()`) or cut from itself (`Array(path.prefix(1))`) shows nothing new.
            if everyDestinationIsAnEnum, !destinations.isEmpty {
                for t in index.types {
                    for name in pathNames.sorted() {
                        // The type's own path (`[Hut]`, `NavigationPath`), not any property of that name.
                        let declared = t.propertyTypes[name].map(DependencyBinding.unqualified)
                        guard declared == "NavigationPath" || declared.map({ destinations[$0] != nil }) == true
                            || (t.propertyValues[name] ?? []).contains(where: { $0.function == nil && $0.value == .construct("NavigationPath", []) }) else { continue }
                        for pv in t.propertyValues[name] ?? [] {
                            guard let f = pv.function, let location = pv.location, !FactExtractor.isCaseList(pv.value),
                                  !Self.showsNoNewScreen(pv.value, path: name) else { continue }
                            let c = CallFact(
                                callee: .init(receiver: .implicit, name: name + "="), arguments: [.init(label: nil, value: pv.value)],
                                function: f, enclosingTypes: [t.name], location: location, module: t.module)
                            calls.append((c, destinations.keys.sorted().map { pathRouter(f, $0) }))
                        }
                    }
                }
            }
            // A link whose value is the method's own enum parameter (`func link(to bed: Bed) -> some
            // View { NavigationLink(value: bed) { … } }`) makes the method a router: its calls are the
            // navigation. One whose value the scan cannot read is a call not followed, where every
            // destination of the sources is for an enum (else it may push a model value another
            // destination shows, which direct presentations read).
            var linkRouters: [Int: Router] = [:]
            for ci in index.callsByName["NavigationLink"] ?? [] {
                let c = index.calls[ci]
                guard let f = c.function, let v = Self.routeArgument(of: c) else { continue }
                if let e = caseEnum(of: v) {
                    calls.append((c, [pathRouter(f, e)]))
                } else if case .ref(let p) = v, let first = index.functions[f].parameters.first, first.name == p,
                          let e = Self.enumName(first, of: index.functions[f], index), destinations[DependencyBinding.unqualified(e)] != nil {
                    let d = destinations[DependencyBinding.unqualified(e)]!
                    linkRouters[f] = Router(
                        function: f, enumName: e, screens: d.screens, opaque: d.opaque, destination: destinationHandler[DependencyBinding.unqualified(e)])
                    routerTypes.formUnion(d.makers.union([DependencyBinding.unqualified(e)]))
                } else if everyDestinationIsAnEnum, !destinations.isEmpty {
                    calls.append((c, destinations.keys.sorted().map { pathRouter(f, $0) }))
                }
            }
            let links = linkRouters.keys.sorted().map { linkRouters[$0]! }
            routers += links
            calls += Self.calls(of: links, index)
            routers += appending.keys.sorted().map { appending[$0]! }
            calls.sort { $0.call.location < $1.call.location }
            let called = Set(calls.flatMap { $0.routers.map(\.function) })
            routers.removeAll { !called.contains($0.function) }
        }

        /// The enum with SwiftUI destinations whose case `v` is (`Screen.pantry`, `.pantry` when one
        /// such enum has the case), nil for any other value.
        func caseEnum(of v: ValueExpr) -> String? {
            guard let name = Self.caseName(v) else { return nil }
            var e: String?
            if case .staticMember(let t, _) = v { e = DependencyBinding.unqualified(t) }
            if case .call(let callee, _) = v, case .type(let t) = callee.receiver { e = DependencyBinding.unqualified(t) }
            if e == nil {
                let having = destinations.keys.filter { k in Self.enumFacts(k, index)?.enumCases.contains { $0.name == name } == true }
                if having.count == 1 { e = having[0] }
            }
            guard let e, destinations[e] != nil, (Self.enumFacts(e, index)?.enumCases.contains { $0.name == name }) == true else { return nil }
            return e
        }

        /// A path set to nothing new: empty (`[]`, `NavigationPath()`, `.init()`), or made from the path
        /// itself (`Array(path.dropLast())`, `path.filter { … }`: the value reads as the path), which only goes back.
        static func showsNoNewScreen(_ v: ValueExpr, path: String) -> Bool {
            switch v {
            case .array(let a): return a.isEmpty
            case .construct(let t, let args): return (t == "NavigationPath" && args.isEmpty) || args.contains { showsNoNewScreen($0.value, path: path) }
            case .unknown(let text): return text == ".init()"
            case .ref(let n), .selfMember(let n): return n == path
            default: return false
            }
        }

        /// The property a value names last (`path`, `self.path`, `coordinator.path`, `$coordinator.path`).
        static func lastName(_ v: ValueExpr) -> String? {
            switch v {
            case .ref(let n), .selfMember(let n), .member(_, let n): return n.hasPrefix("$") ? String(n.dropFirst()) : n
            case .unknown(let text):
                let n = text.split(separator: ".").last.map(String.init) ?? text
                return n.hasPrefix("$") ? String(n.dropFirst()) : n
            default: return nil
            }
        }

        /// The argument of a navigation call that says where it goes: a link's `value:`, else the first.
        static func routeArgument(of call: CallFact) -> ValueExpr? {
            call.callee.name == "NavigationLink" ? call.arguments.first { $0.label == "value" }?.value : call.arguments.first?.value
        }

        /// The enum a method's parameter's declared type names (`Destination`, `AppTransition?`), when
        /// the sources declare it with cases. Where types of that name are nested in several places
        /// (`SemanticIndex.namesakes`), the one Swift's lookup finds, by its qualified name: the
        /// qualifier written (`ProfileModel.Route`), else the innermost scope around the method that
        /// declares it (`Route` in `FeedRouter` is `FeedRouter.Route`), else the top-level one; nil
        /// when none is found.
        static func enumName(_ p: FunctionFacts.Parameter, of fn: FunctionFacts, _ index: SemanticIndex) -> String? {
            var t = p.typeName
            while t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
            let name = DependencyBinding.unqualified(t)
            if let places = index.namesakes[name] {
                var found: String?
                if let q = p.typeQualifier {
                    let written = "\(q).\(name)"
                    found = places.first { $0 == written || $0.hasSuffix(".\(written)") }
                } else {
                    var scope = fn.qualifiedOwner
                    while let s = scope, found == nil {
                        if places.contains("\(s).\(name)") { found = "\(s).\(name)" }
                        scope = s.lastIndex(of: ".").map { String(s[..<$0]) }
                    }
                    if found == nil, places.contains(name) { found = name }
                }
                guard let found, let type = index.namesakeFacts[found], !type.isProtocol, !type.enumCases.isEmpty else { return nil }
                return found
            }
            guard let type = index.type(named: name), !type.isProtocol, !type.enumCases.isEmpty else { return nil }
            return name
        }

        /// The enum `enumName` named: its own declaration where it has namesakes, else by name.
        static func enumFacts(_ e: String, _ index: SemanticIndex) -> TypeFacts? {
            index.namesakeFacts[e] ?? index.type(named: e)
        }

        /// Whether `fn` is a method of the enum `enumName` named (of that one, where it has namesakes).
        static func isMethod(_ fn: FunctionFacts, of e: String, _ index: SemanticIndex) -> Bool {
            guard index.namesakeFacts[e] != nil else { return fn.owner == e }
            return fn.qualifiedOwner == e
        }

        /// Every call of one of `routers` outside the method itself, with the routers it may call (by
        /// name and labels; where several fit, those the receiver's declared type may run,
        /// `ValueResolver.mayCall`: `router.open(.settings)` on a `ProfileRouter` is not
        /// `FeedRouter.open(_:)`), in source order.
        static func calls(of routers: [Router], _ index: SemanticIndex) -> [(call: CallFact, routers: [Router])] {
            var byName: [String: [Router]] = [:]
            for r in routers { byName[index.functions[r.function].name, default: []].append(r) }
            var out: [(CallFact, [Router])] = []
            let resolver = ValueResolver(index: index)
            for (name, rs) in byName {
                for ci in index.callsByName[name] ?? [] {
                    let c = index.calls[ci]
                    var fits = rs.filter { c.function != $0.function && index.functions[$0.function].accepts(c) }
                    if fits.count > 1 {
                        let typed = fits.filter { resolver.mayCall(index.functions[$0.function], c) }
                        if !typed.isEmpty { fits = typed }
                    }
                    if !fits.isEmpty { out.append((c, fits)) }
                }
            }
            return out.sorted { $0.0.location < $1.0.location }
        }

        /// A call in the router's own code, in a method other than the router method (`func start() {
        /// process(route: .showLogin) }`): the calls of that method from outside the router, by
        /// name, labels and the receiver's declared type (`ValueResolver.mayCall`). Empty elsewhere.
        func ownCallers(of call: CallFact, router r: Router) -> [CallFact] {
            guard let owner = index.functions[r.function].owner, call.enclosingTypes.contains(owner), let f = call.function else { return [] }
            let fn = index.functions[f]
            let resolver = ValueResolver(index: index)
            let named = (index.callsByName[fn.name] ?? []).map { index.calls[$0] } + index.callsWithoutArguments.filter { $0.callee.name == fn.name }
            return named.filter { !$0.enclosingTypes.contains(owner) && resolver.mayCall(fn, $0) }.sorted { $0.location < $1.location }
        }

        /// `Screen.self`, `Router.Destination.self`: the type's simple name; nil for any other value.
        static func metatype(_ v: ValueExpr) -> String? {
            switch v {
            case .staticMember(let t, "self"): return DependencyBinding.unqualified(t)
            case .member(.staticMember(_, let t), "self"): return t
            case .member(.ref(let t), "self"): return DependencyBinding.unqualified(t)
            default: return nil
            }
        }

        /// `.detail`, `.detail(id)`, `Destination.detail`, `case .detail(let id)`: the case name.
        static func caseName(_ v: ValueExpr) -> String? {
            switch v {
            case .staticMember(_, let n): return n
            case .enumCase(let n, _): return n
            // `Router.Destination.detail`: a nested enum's case.
            case .member(.staticMember, let n): return n
            case .call(let callee, _):
                if case .type = callee.receiver { return callee.name }
                return callee.name.first == "." ? String(callee.name.dropFirst()) : nil
            case .unknown(let text):
                var t = Substring(text)
                if t.hasPrefix("let ") || t.hasPrefix("var ") { t = t.dropFirst(4) }
                guard t.first == "." else { return nil }
                let name = t.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return name.isEmpty ? nil : String(name)
            default: return nil
            }
        }

        func isScreen(_ name: String) -> Bool { screens.contains(name) }
    }
}

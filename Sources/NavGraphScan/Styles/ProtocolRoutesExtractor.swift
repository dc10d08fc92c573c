import NavGraphKit

/// Protocol-composed routes: `protocol LoginRoute { func openLogin() }` with a default
/// implementation in an extension that builds the next screen; routers adopt routes
/// (`extension DefaultRouter: LoginRoute {}`, `class XRouter: Router<X>, XRouter.Routes`), and a
/// screen's view model or router lists what it may open as `typealias Routes = LoginRoute & …`.
///
/// Route = the protocol (id = its name); handler = the protocol's default implementation, present
/// when a concrete router adopts it; screen = the view controller (or SwiftUI view) the default
/// implementation builds; edge = an `x.openLogin()` call in a type the screen's build reaches.
struct ProtocolRoutesExtractor: StyleExtractor {
    static let style = RoutingStyle.protocolRoutes

    /// Framework base classes of screens.
    static let screenBases: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UIPageViewController", "UISplitViewController", "UIHostingController", "View",
        "NSViewController",
    ]

    /// Whether a type inherits, through the sources' declarations, one of `screenBases` (a view
    /// controller or SwiftUI's `View`); `BaseViewController<CatalogView>` counts by its name.
    static func isScreen(_ name: String, in index: SemanticIndex) -> Bool {
        var seen = Set<String>()
        var stack = [name]
        while let n = stack.popLast() {
            guard seen.insert(n).inserted else { continue }
            if screenBases.contains(n) && n != name { return true }
            for i in index.typesByName[n] ?? [] { stack += index.types[i].inherited.map { $0.split(separator: "<").first.map(String.init) ?? $0 } }
        }
        return false
    }

    /// A route protocol: its requirements that open the screen, and their default implementations.
    struct RouteDecl {
        var type: TypeFacts
        var requirements: [FunctionFacts]
        /// Every requirement's name (a `closeX()` beside `openX()` uses the route without opening it).
        var allNames: Set<String> = []
        var defaults: [Int]
        var screen: String?
        /// The presentation of each opening requirement (`createMap()` as a tab, `openMap()` pushed).
        var styleByMethod: [String: String] = [:]
        /// Functions the route's extension adds beside its requirements that build the same screen
        /// (`modalRegister()` beside the required `pushRegister()`): they open the route too.
        var variants: [Int] = []
    }

    static func detect(in index: SemanticIndex, files: [FileFacts]) -> Bool {
        hasDefaultImplementation(index) && !Model(index: index).routes.isEmpty
    }

    /// What every route needs first: a protocol with a requirement that a function of the same name
    /// outside the protocol's body implements (a default in an extension). Apps of the other styles
    /// mostly have none, and making the model groups and sorts every call of the app (an eighth of a
    /// re-scan after one file's code changed, on a RouterService app with none).
    static func hasDefaultImplementation(_ index: SemanticIndex) -> Bool {
        var required: [String: Set<String>] = [:], implemented: [String: Set<String>] = [:]
        for f in index.functions {
            guard let owner = f.owner else { continue }
            if f.inProtocol { required[owner, default: []].insert(f.name) } else { implemented[owner, default: []].insert(f.name) }
        }
        return required.contains { owner, names in
            guard let done = implemented[owner], !done.isDisjoint(with: names) else { return false }
            return (index.typesByName[owner] ?? []).contains { index.types[$0].isProtocol }
        }
    }

    static func extract(from index: SemanticIndex, files: [FileFacts], config: ScanConfiguration) -> StyleExtraction {
        Model(index: index).extraction()
    }

    /// What the index says in this style's terms.
    struct Model {
        let index: SemanticIndex
        /// Routes by id: a route protocol's name, or `Protocol.method` when its default implementations
        /// build different screens (one route per screen: `makeRootView()`, `secondScreen()`, …).
        var routes: [String: RouteDecl] = [:]
        /// The routes each route protocol declares (one, or one per screen its defaults build).
        var routeIDs: [String: [String]] = [:]
        /// Concrete screen types declared in the sources.
        var screens: Set<String> = []
        /// Calls (with and without arguments) by the function they are in, in source order.
        let callsByFunction: [Int: [CallFact]]

        init(index: SemanticIndex) {
            self.index = index
            callsByFunction = Dictionary(grouping: (index.calls + index.callsWithoutArguments).filter { $0.function != nil }, by: { $0.function! })
                .mapValues { $0.sorted { $0.location < $1.location } }
            let functionsByOwner = Dictionary(grouping: index.functions.indices.filter { index.functions[$0].owner != nil }, by: { index.functions[$0].owner! })
            for t in index.types where !t.isProtocol && !t.debugOnly && isScreen(t.name) { screens.insert(t.name) }
            // A protocol that refines a screen (`protocol Presenter: View`, `protocol Screen: UIViewController`)
            // describes screens, not a way to reach one: its defaults (`var body`) build the screen's content.
            for t in index.types where t.isProtocol && !t.debugOnly && !isScreen(t.name) {
                // An extension written where a concrete type of the same name is declared extends that
                // type (Swift looks the name up in the extension's own module first): an app's
                // `final class AppContainer` beside a framework's `protocol AppContainer`.
                // When the modules do not tell (none of those types is in the extension's module), a name
                // that is also a concrete type's is not proven the protocol's: no route is made of it.
                let candidates = index.typesByName[t.name] ?? []
                let own = (functionsByOwner[t.name] ?? []).filter { f in
                    guard candidates.count > 1 else { return true }
                    let same = candidates.filter { index.types[$0].module == index.functions[f].module }
                    return (same.isEmpty ? candidates : same).allSatisfy { index.types[$0].isProtocol }
                }
                let requirements = own.map { index.functions[$0] }.filter(\.inProtocol)
                let names = Set(requirements.map(\.name))
                let defaults = own.filter { !index.functions[$0].inProtocol && names.contains(index.functions[$0].name) }
                guard !defaults.isEmpty else { continue }
                // What the default implementations construct; else the one screen the protocol's
                // extensions refer to (`LoginViewController.self` handed to a storyboard helper).
                // Only the requirements whose default builds the screen open it (`closeX()` beside
                // `openX()` does not).
                let opening = defaults.filter { screenBuilt(by: $0) != nil }
                let built = opening.compactMap { screenBuilt(by: $0) }
                let referred = t.allReferences.filter(screens.contains)
                guard let screen = built.first ?? (referred.count == 1 ? referred.first : nil) else { continue }
                // A default written in the extension's implementation (`func openX(animated: Bool = true)`)
                // lets callers omit that argument, as Swift does: the requirement takes it on.
                let implementations = defaults.map { index.functions[$0] }
                func route(_ openers: [Int], _ screen: String) -> RouteDecl {
                    let openerNames = Set(openers.map { index.functions[$0].name })
                    let variants = own.filter { f in
                        !index.functions[f].inProtocol && !names.contains(index.functions[f].name) && screenBuilt(by: f) == screen
                    }
                    return RouteDecl(
                        type: t, requirements: requirements.filter { openerNames.contains($0.name) }.map { $0.withDefaults(from: implementations) },
                        allNames: names,
                        defaults: openers, screen: screen,
                        styleByMethod: Dictionary((openers + variants).compactMap { f in style(of: [f]).map { (index.functions[f].name, $0) } }, uniquingKeysWith: { a, _ in a }),
                        variants: variants)
                }
                // Defaults that build different screens (`makeRootView()` the onboarding's first page,
                // `secondScreen()` its second): one route per screen, named by its first method.
                // A method the extension adds beside the requirements that builds another screen
                // (`makeItemList2()` beside the required `makeItemList()`) is callable on every router
                // that adopts the route, as the requirements are: a route of its own too.
                let extras = own.filter { f in
                    guard !index.functions[f].inProtocol, !names.contains(index.functions[f].name), let s = screenBuilt(by: f) else { return false }
                    return !built.isEmpty && !built.contains(s)
                }
                let openers = opening + extras
                var distinct: [String] = []
                for f in openers { if let s = screenBuilt(by: f), !distinct.contains(s) { distinct.append(s) } }
                if distinct.count > 1 {
                    for s in distinct {
                        let group = openers.filter { screenBuilt(by: $0) == s }
                        let id = "\(t.name).\(index.functions[group[0]].name)"
                        routes[id] = route(group, s)
                        routeIDs[t.name, default: []].append(id)
                    }
                } else {
                    routes[t.name] = route(opening.isEmpty ? defaults : opening, screen)
                    routeIDs[t.name] = [t.name]
                }
            }
            // SwiftUI views inside a screen (`Panel(viewModel:).asUIKit()`) are that screen's parts.
            screens.subtract(screenParts())
        }

        /// Whether a screen is a tab bar, navigation or split controller.
        func isContainer(_ name: String) -> Bool {
            let containers: Set<String> = ["UITabBarController", "UINavigationController", "UISplitViewController"]
            var seen = Set<String>()
            var stack = [name]
            while let n = stack.popLast() {
                guard seen.insert(n).inserted else { continue }
                if containers.contains(n) { return true }
                for i in index.typesByName[n] ?? [] { stack += index.types[i].inherited }
            }
            return false
        }

        /// Whether a type is (or inherits from) a view controller or a SwiftUI view.
        func isScreen(_ name: String) -> Bool { ProtocolRoutesExtractor.isScreen(name, in: index) }

        /// Types constructed (or called statically) in a function.
        func constructed(in function: Int) -> [String] {
            (callsByFunction[function] ?? []).compactMap { c -> String? in
                    switch c.callee.receiver {
                    case .implicit: return SyntaxHelpers.isTypeLike(c.callee.name) && index.hasType(named: c.callee.name) ? c.callee.name : nil
                    case .type(let t): return index.hasType(named: t) ? t : nil
                    case .value: return nil
                    }
                }
        }

        /// The screen a default implementation builds: one it constructs, or the nearest one the
        /// types it constructs build (`LoginModule(transition:)` → `LoginViewController`).
        func screenBuilt(by function: Int) -> String? {
            var level = constructed(in: function)
            // A builder's static factory (`CatalogModuleBuilder.build()`): what that function constructs.
            for c in callsByFunction[function] ?? [] {
                // (Without arguments the index keeps the receiver as a value: `.value(.ref("CatalogModuleBuilder"))`.)
                let receiver: String
                switch c.callee.receiver {
                case .type(let t): receiver = t
                case .value(.ref(let t)) where SyntaxHelpers.isTypeLike(t) && index.hasType(named: t): receiver = t
                default: continue
                }
                let t = receiver
                for f in index.functionsByName[c.callee.name] ?? [] where index.functions[f].owner == t && f != function {
                    level += constructed(in: f)
                }
            }
            // A wrapper beside the method that builds (`openPurchase()` calling
            // `openPurchase(with: FadeTransition())` in the same extension) builds what it calls.
            let owner = index.functions[function].owner
            for c in callsByFunction[function] ?? [] where !SyntaxHelpers.isTypeLike(c.callee.name) {
                switch c.callee.receiver {
                case .implicit, .value(.ref("self")): break
                default: continue
                }
                for f in index.functionsByName[c.callee.name] ?? [] where f != function && index.functions[f].owner == owner && !index.functions[f].inProtocol {
                    level += constructed(in: f)
                }
            }
            if let s = level.first(where: screens.contains) { return s }
            // A type the function hands a view controller to (`ModalRouter(target: sheet, parent: …)`)
            // presents that one: what its own code makes elsewhere (a window's placeholder root) is
            // not the route's screen, so its references are not walked.
            if !level.isEmpty {
                let presenters = presenting(in: function)
                level.removeAll(where: presenters.contains)
            }
            var seen = Set(level)
            for _ in 0..<3 {
                if let s = level.first(where: screens.contains) { return s }
                var next: [String] = []
                for n in level {
                    for r in (index.type(named: n)?.allReferences ?? []).sorted() where seen.insert(r).inserted { next.append(r) }
                }
                level = next
            }
            return screenHandedOn(by: function)
        }

        /// The types a function constructs with a view controller among the arguments: the screen
        /// of the sources or a system one (`UIActivityViewController(…)`, a `…Controller` the sources
        /// do not declare) that the value resolves to.
        func presenting(in function: Int) -> Set<String> {
            let resolver = ValueResolver(index: index)
            var out = Set<String>()
            for c in callsByFunction[function] ?? [] where SyntaxHelpers.isTypeLike(c.callee.name) && index.hasType(named: c.callee.name) {
                guard case .implicit = c.callee.receiver, !screens.contains(c.callee.name) else { continue }
                let handsOnController = c.arguments.contains { a in
                    let (types, _) = resolver.madeTypes(a.value, in: resolver.context(ofCall: c), site: resolver.site(ofCall: c))
                    return types.contains { screens.contains($0) || ($0.hasSuffix("Controller") && !index.hasType(named: $0)) }
                }
                if handsOnController { out.insert(c.callee.name) }
            }
            return out
        }

        /// The one screen a default implementation hands on, by the values of its calls' arguments
        /// (`open(vc, transition: …)`, `window?.rootViewController = vc`) followed by `ValueResolver`:
        /// a screen a factory it calls makes (`Screens.shared.makeThread(id:)` returning a storyboard's
        /// `as? ThreadController`). Nil when those values show no screen of the sources or several.
        func screenHandedOn(by function: Int) -> String? {
            let resolver = ValueResolver(index: index)
            var found = Set<String>()
            for c in callsByFunction[function] ?? [] where !SyntaxHelpers.isTypeLike(c.callee.name) {
                for a in c.arguments {
                    let (types, _) = resolver.madeTypes(a.value, in: resolver.context(ofCall: c), site: resolver.site(ofCall: c))
                    found.formUnion(types.filter(screens.contains))
                }
            }
            return found.count == 1 ? found.first : nil
        }

        /// The presentation the default implementation asks for, read from the transition it builds
        /// or passes (`PushTransition()`, `transition: .modal`).
        func style(of functions: [Int]) -> String? {
            var words: [String] = []
            for f in functions {
                words += constructed(in: f)
                for c in callsByFunction[f] ?? [] { words += [c.callee.name] + c.arguments.map(\.value.summary) }
            }
            let text = words.joined(separator: " ").lowercased()
            if text.contains("push") { return "push" }
            if text.contains("modal") || text.contains("present") || text.contains("sheet") { return "modal" }
            if text.contains("root") { return "root" }
            return nil
        }

        /// A name expanded through typealiases (the type's own first, then top-level ones).
        func expand(_ name: String, owner: String?, depth: Int = 0) -> [String] {
            guard depth < 8 else { return [name] }
            let alias = index.typeAliases.first { $0.name == name && $0.owner == owner }
                ?? index.typeAliases.first { $0.name == name && $0.owner == nil }
            guard let alias else { return [name] }
            return alias.types.flatMap { $0 == name ? [$0] : expand($0, owner: owner, depth: depth + 1) }
        }

        /// Every route a type adopts: directly, through composed aliases, inherited protocols and superclasses.
        func adoptedRoutes(of type: String) -> Set<String> {
            var out = Set<String>()
            var seen = Set<String>()
            var stack = [type]
            while let n = stack.popLast() {
                guard seen.insert(n).inserted else { continue }
                if n != type, let ids = routeIDs[n] { out.formUnion(ids) }
                for i in index.typesByName[n] ?? [] {
                    for inh in index.types[i].inherited {
                        stack += expand(inh, owner: n)
                    }
                }
            }
            return out
        }

        /// Types a screen's build reaches, with how many steps away: the screen (0), what its route
        /// implementations construct (1), what those refer to or hold, stopping at other screens, route
        /// protocols and the composition root.
        func owned() -> [String: [String: Int]] {
            var out: [String: [String: Int]] = [:]
            var starts: [String: [String]] = [:]
            for s in screens { starts[s] = [] }
            for (_, r) in routes.sorted(by: { $0.key < $1.key }) {
                guard let s = r.screen else { continue }
                for f in r.defaults { starts[s, default: []] += constructed(in: f) }
            }
            // What a function builds together with a screen (a tab's router and view model) is that screen's.
            let together = builtTogether()
            for (s, types) in together.forScreen.sorted(by: { $0.key < $1.key }) { starts[s, default: []] += types }
            // The composition root (reached from a transition through `UIApplication.shared.delegate`,
            // say) builds every screen: no screen owns it.
            let roots = Set(index.types.names(where: { $0.isCompositionRoot }))
            for (s, start) in starts {
                var distance: [String: Int] = [s: 0]
                var level = [s]
                var d = 0
                while !level.isEmpty {
                    var next: [String] = d == 0 ? start : []
                    for n in level {
                        if n != s {
                            guard !screens.contains(n), routeIDs[n] == nil, !roots.contains(n), distance[n] == nil else { continue }
                            distance[n] = d
                        }
                        guard let t = index.type(named: n) else { continue }
                        let builtFor = n == s ? together.builtFor[s] ?? [] : []
                        next += t.allReferences.subtracting(builtFor).sorted() + t.propertyTypes.values.sorted()
                        // A protocol the screen holds its presenter as (`var handler: ListEventHandler!`)
                        // dispatches to its conformers: with one or two, their code is the screen's.
                        if t.isProtocol, let conformers = index.conformers[n], conformers.count <= 2 { next += conformers.sorted() }
                    }
                    level = next.filter { distance[$0] == nil }
                    d += 1
                }
                out[s] = distance
            }
            return out
        }

        /// What each function opens, itself or through the methods of its own type it calls.
        static func transitiveOpens(_ direct: [Int: Set<String>], index: SemanticIndex, calls: [CallFact]) -> [Int: Set<String>] {
            var opens = direct
            var changed = true
            var rounds = 0
            while changed && rounds < 8 {
                changed = false
                rounds += 1
                for c in calls {
                    guard let f = c.function, case .implicit = c.callee.receiver, let owner = index.functions[f].owner else { continue }
                    for g in index.functionsByName[c.callee.name] ?? [] where index.functions[g].owner == owner && g != f {
                        guard let more = opens[g], !more.isSubset(of: opens[f] ?? []) else { continue }
                        opens[f, default: []].formUnion(more)
                        changed = true
                    }
                }
            }
            return opens
        }

        /// The screens nearest to a type among those whose build reaches it.
        static func owners(of type: String, in owned: [String: [String: Int]]) -> [String] {
            let reached = owned.compactMap { s, d in d[type].map { (s, $0) } }
            guard let best = reached.map(\.1).min() else { return [] }
            return reached.filter { $0.1 == best }.map(\.0).sorted()
        }

        /// Types the app's composition root (app/scene delegate, SwiftUI `App`) reaches before any screen.
        func rootReach() -> (distance: [String: Int], screens: [String]) {
            var distance: [String: Int] = [:]
            var found: [String] = []
            var level = index.types.names(where: { t in !t.isProtocol && t.isCompositionRoot }).sorted()
            // The factories the routes' default implementations build their screens with
            // (`ScreenFactory.shared.makeChat()`) are the router's machinery: the root reaching one
            // (to reset it) builds none of the screens it makes.
            let builders = routeBuilders().subtracting(level)
            var d = 0
            while !level.isEmpty {
                var next: [String] = []
                for n in level where distance[n] == nil {
                    distance[n] = d
                    guard let t = index.type(named: n) else { continue }
                    if screens.contains(n) { found.append(n); continue }
                    if routeIDs[n] != nil || builders.contains(n) { continue }
                    next += t.allReferences.sorted()
                    // A global the root reads (`let app = AppStart()`, then `app.start()`): the type it is.
                    if d == 0 { next += t.references.sorted().flatMap { index.globals[$0] ?? [] } }
                }
                level = next
                d += 1
            }
            return (distance, found)
        }

        /// The types of the sources whose methods the routes' default implementations call on the
        /// type or on a shared instance of it (`Screens.shared.makeThread(id:)`, `Builder.make()`).
        func routeBuilders() -> Set<String> {
            var out = Set<String>()
            for r in routes.values {
                for f in r.defaults {
                    for c in callsByFunction[f] ?? [] {
                        let t: String?
                        switch c.callee.receiver {
                        case .type(let n), .value(.ref(let n)), .value(.staticMember(let n, _)), .value(.member(.ref(let n), _)): t = n
                        default: t = nil
                        }
                        if let t, SyntaxHelpers.isTypeLike(t), index.declaredConcrete.contains(t), !screens.contains(t) { out.insert(t) }
                    }
                }
            }
            return out
        }

        /// The routes a call of a route method opens (none for a call on a type or inside a route protocol).
        func opened(by c: CallFact, byMethod: [String: [String]]) -> [String] {
            guard let candidates = byMethod[c.callee.name] else { return [] }
            if case .type = c.callee.receiver { return [] }
            if let inner = c.enclosingTypes.first, index.isProtocol(inner) { return [] }
            return candidates.filter { p in opens(p, c) }
        }

        /// Whether a call is one of the route's openings: a requirement, or an overload its extension
        /// adds for routers only (`openProduct(id:with:)` beside the required `openProduct(id:)`, the
        /// form the deep-link router calls).
        func opens(_ p: String, _ c: CallFact) -> Bool {
            guard let r = routes[p] else { return false }
            return r.requirements.contains { $0.name == c.callee.name && $0.accepts(c) }
                || (r.defaults + r.variants).contains { index.functions[$0].name == c.callee.name && index.functions[$0].accepts(c) }
        }

        /// Whether a switch is over a number, which no part of a URL is (`URL.host`, `path` and its
        /// components are strings): its patterns are all integer literals (`case 1:`), or its subject is
        /// read from a parameter whose declared type is an index path or a number
        /// (`switch indexPath.section` in a collection view's delegate: a name with `path` in it).
        func isOverNumbers(_ s: SwitchFact) -> Bool {
            let patterns = s.cases.filter { !$0.isDefault }.flatMap(\.patterns)
            let integer: (ValueExpr) -> Bool = { p in
                if case .unknown(let t) = p { return !t.isEmpty && t.allSatisfy { $0.isNumber || $0 == "_" || $0 == "-" } }
                return false
            }
            if !patterns.isEmpty, patterns.allSatisfy(integer) { return true }
            var root = s.subject
            while true {
                switch root {
                case .member(let base, _): root = base; continue
                case .element(let base): root = base; continue
                default: break
                }
                break
            }
            guard case .ref(let n) = root, let f = s.function,
                  let type = index.functions[f].parameters.first(where: { $0.name == n })?.typeName else { return false }
            let bare = type.hasSuffix("?") || type.hasSuffix("!") ? String(type.dropLast()) : type
            return ["IndexPath", "NSIndexPath", "Int", "UInt", "Int32", "Int64", "Double", "Float", "CGFloat"].contains(bare)
        }

        /// The enum a switch is over: a parameter or `self` whose type is an enum of the sources.
        func subjectEnum(_ s: SwitchFact) -> String? {
            var name: String?
            switch s.subject {
            case .ref("self"): name = s.enclosingTypes.first
            case .ref(let n): name = s.function.flatMap { f in index.functions[f].parameters.first { $0.name == n }?.typeName }
            default: break
            }
            guard let n = name, let t = index.type(named: n), !t.enumCases.isEmpty else { return nil }
            return n
        }

        /// How a case pattern names its link: the URL part as written (`"product"`, `["account", "login"]`
        /// as `account/login`) or the enum case (`DeepLink.product`).
        static func linkName(_ pattern: ValueExpr, enumName: String?) -> String {
            func caseName(_ c: String) -> String { enumName.map { "\($0).\(c)" } ?? ".\(c)" }
            switch pattern {
            case .literal(let s): return s
            case .array(let parts):
                return parts.map { p in if case .literal(let s) = p { s } else { p.summary } }.joined(separator: "/")
            case .staticMember(_, let c): return caseName(c)
            case .call(let callee, _) where callee.name.first.map { !$0.isUppercase } ?? false: return caseName(callee.name)
            case .enumCase(let name, _): return caseName(name)
            case .unknown(let t) where t.hasPrefix("."):
                return caseName(String(t.dropFirst().prefix { $0 != "(" }))
            default: return pattern.summary
            }
        }

        /// A deep-link router's branches: a `switch` over a URL's parts (`url.host`, `url.path`, path
        /// components) or over an enum of links, in which at least one case opens a route. Each case
        /// pattern is a link to the routes its body opens (and an entry to each); a case that opens
        /// nothing (`break`, `return false`) is a link without a route, which `invalid-deeplink` reports.
        func deepLinks(byMethod: [String: [String]]) -> (deeplinks: [DeepLink], entries: [Entry], explanations: [CallSiteExplanation], calls: Set<SourceLocation>) {
            var deeplinks: [DeepLink] = []
            var entries: [Entry] = []
            var explanations: [CallSiteExplanation] = []
            var taken = Set<SourceLocation>()
            let resolver = ValueResolver(index: index)
            for s in index.switches.sorted(by: { $0.location < $1.location }) {
                guard let f = s.function else { continue }
                let enumName = subjectEnum(s)
                let subject = s.subject.summary.lowercased()
                guard enumName?.lowercased().contains("link") == true
                        || (["url", "path", "host", "link", "component"].contains(where: subject.contains) && !isOverNumbers(s)) else { continue }
                let inFunction = callsByFunction[f] ?? []
                let branches = s.cases.filter { !$0.isDefault }.map { k in
                    (k, inFunction.filter { $0.location.file == k.location.file && k.location <= $0.location && $0.location <= k.end })
                }
                guard branches.contains(where: { b in b.1.contains { !opened(by: $0, byMethod: byMethod).isEmpty } }) else { continue }
                for (k, calls) in branches {
                    let origin = RegistryAssembler.origin(k.location)
                    // A URL part held in a constant (`case Links.product:`) is followed to its one string.
                    let names = k.patterns.map { p -> String in
                        guard enumName == nil else { return Self.linkName(p, enumName: enumName) }
                        let r = resolver.resolve(p, in: .init(function: f, owner: s.enclosingTypes.first), site: .init(location: k.location, enclosingTypes: s.enclosingTypes, module: s.module))
                        if r.made.count == 1, r.misses.isEmpty, case .literal(let one) = r.made[0].value { return one }
                        return Self.linkName(p, enumName: enumName)
                    }
                    var routesOpened: [String] = []
                    for c in calls {
                        let r = opened(by: c, byMethod: byMethod)
                        guard !r.isEmpty else { continue }
                        taken.insert(c.location)
                        routesOpened += r
                        var e = CallSiteExplanation(location: c.location, kind: .navigate, written: ValueExpr.call(c.callee, c.arguments).summary)
                        for p in r {
                            e.resolved.append(.init(route: p, features: [], site: c.location, chain: ["\(c.callee.name) is required by \(p)", "deep link " + names.joined(separator: ", ")]))
                        }
                        explanations.append(e)
                    }
                    for name in names {
                        if routesOpened.isEmpty { deeplinks.append(DeepLink(url: name, origin: origin)) }
                        for p in Set(routesOpened).sorted() {
                            deeplinks.append(DeepLink(url: name, route: p, origin: origin))
                            entries.append(Entry(target: .route(p), origin: origin))
                        }
                    }
                }
            }
            return (deeplinks, entries, explanations, taken)
        }
    }
}

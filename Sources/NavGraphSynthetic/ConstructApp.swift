/// A RouterService app whose navigation is written through every Swift construct the scanner's value
/// analysis is meant to follow (docs/scanning.md, "Constructs"), with its answer key.
///
/// Each construct gets its own screen, in its own module, whose view controller navigates through that
/// construct to one or two target screens of its own (`T<k>a`, `T<k>b`); so a missed edge shows as that
/// target's absence and nothing else. Each construct is written twice: once with the routes known
/// (`known`: the key lists the edges the scan must find, no more) and once with the route values coming
/// from a protocol no type of the sources conforms to (`opaque`: the scan must find no edge there, count
/// the call as not resolved, and hold the targets' absence back as a warning, never an error).
/// A `Home` entry screen opens every construct's screen directly.
public struct ConstructApp: Sendable {
    /// One way of writing the route value of a navigation call.
    public struct Construct: Sendable {
        public var name: String
        /// What it is, for the documentation table.
        public var summary: String
        /// How many target routes it opens (1 or 2: the ones called `A` and `B` in the template).
        public var targets: Int
        /// Writes the view controller's members and the file's other declarations; `a`/`b` are route
        /// expressions, `aType` the type of `a` when the construct needs it, `nav(e)` a navigate call of `e`,
        /// `p` a prefix unique to this instance for the declarations it adds.
        var write: @Sendable (_ c: Context) -> (members: String, declarations: String)
    }

    public struct Context: Sendable {
        public var a: String
        public var b: String
        public var aType: String
        public var vc: String
        public var p: String
        public func nav(_ e: String) -> String {
            "routerService?.navigate(toRoute: \(e), fromView: self, presentationStyle: Push(), animated: true)"
        }
    }

    /// What the scan must find for one construct instance.
    public struct Expectation: Sendable, Hashable {
        public var construct: String
        /// `known` or `opaque`.
        public var variant: String
        /// The screen whose view controller makes the call.
        public var feature: String
        /// The routes the scan must find it opens (empty for `opaque`).
        public var routes: [String]
        /// The routes written in the construct (the ones an `opaque` call might open).
        public var targets: [String]
    }

    public private(set) var files: [(path: String, text: String)] = []
    public private(set) var key: [Expectation] = []

    /// - Parameter only: the names of the constructs to write (all when nil).
    public init(only: Set<String>? = nil) {
        var home = "import RouterServiceInterface\nimport UIKit\n\n// navgraph:entry\npublic struct HomeFeature: Feature {\n"
        home += "    @Dependency var routerService: RouterServiceProtocol\n    public init() {}\n"
        home += "    public func build(fromRoute route: Route?) -> UIViewController { HomeViewController(routerService: routerService) }\n}\n\n"
        home += "final class HomeViewController: UIViewController {\n    let routerService: RouterServiceProtocol?\n"
        home += "    init(routerService: RouterServiceProtocol?) { self.routerService = routerService; super.init(nibName: nil, bundle: nil) }\n"
        home += "    required init?(coder: NSCoder) { nil }\n"
        var routes = "import RouterServiceInterface\n\npublic protocol RouteSource { func next() -> Route }\n\n"
        var handler = "import RouterServiceInterface\nimport UIKit\n\npublic final class ConstructHandler: RouteHandler {\n    public init() {}\n    public var routes: [Route.Type] {\n        [\n"
        var handlerCases = ""
        var registrations = ""
        for (k, c) in Self.constructs.enumerated() where only?.contains(c.name) ?? true {
            for variant in ["known", "opaque"] {
                let id = "\(Self.camel(c.name))\(variant == "known" ? "" : "Opaque")"
                let p = "C\(k)\(variant == "known" ? "K" : "O")"
                let feature = "\(id)Feature", vc = "\(id)ViewController"
                let targetIDs = (0..<c.targets).map { "\(c.name)-\(variant)-\($0 == 0 ? "a" : "b")" }
                let targetTypes = (0..<c.targets).map { "\(p)\($0 == 0 ? "A" : "B")Route" }
                // The construct's own screen, opened from Home.
                let ownRoute = "\(p)Route", ownID = "\(c.name)-\(variant)"
                routes += "public struct \(ownRoute): Route { public static let identifier = \"\(ownID)\"; public init() {} }\n"
                for (t, tid) in zip(targetTypes, targetIDs) {
                    routes += "public struct \(t): Route { public static let identifier = \"\(tid)\"; public init() {} }\n"
                }
                handler += "            \(ownRoute).self,\n" + targetTypes.map { "            \($0).self,\n" }.joined()
                handlerCases += "        case is \(ownRoute): return \(feature).self\n"
                for (t, tid) in zip(targetTypes, targetIDs) {
                    let screen = "\(p)\(tid.hasSuffix("-a") ? "A" : "B")Feature"
                    handlerCases += "        case is \(t): return \(screen).self\n"
                    files.append(("Sources/Targets/\(screen).swift", """
                        import RouterServiceInterface
                        import UIKit

                        public struct \(screen): Feature {
                            public init() {}
                            public func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
                        }

                        """))
                }
                home += "    func open\(p)() { routerService?.navigate(toRoute: \(ownRoute)(), fromView: self, presentationStyle: Push(), animated: true) }\n"
                let ctx = Context(
                    a: variant == "known" ? "\(targetTypes[0])()" : "source.next()",
                    b: variant == "known" ? "\(targetTypes.count > 1 ? targetTypes[1] : targetTypes[0])()" : "source.next()",
                    aType: targetTypes[0], vc: vc, p: p)
                let (members, declarations) = c.write(ctx)
                var t = "import RouterServiceInterface\nimport UIKit\n\n"
                t += "public struct \(feature): Feature {\n    @Dependency var routerService: RouterServiceProtocol\n    public init() {}\n"
                t += "    public func build(fromRoute route: Route?) -> UIViewController {\n"
                t += "        \(vc)(routerService: routerService, source: nil)\n    }\n}\n\n"
                t += "final class \(vc): UIViewController {\n    let routerService: RouterServiceProtocol?\n    let source: RouteSource!\n"
                t += "    init(routerService: RouterServiceProtocol?, source: RouteSource?) {\n"
                t += "        self.routerService = routerService\n        self.source = source\n        super.init(nibName: nil, bundle: nil)\n    }\n"
                t += "    required init?(coder: NSCoder) { nil }\n\n"
                t += Self.indent(members) + "}\n"
                if !declarations.isEmpty { t += "\n" + declarations + "\n" }
                files.append(("Sources/\(Self.camel(c.name))/\(feature).swift", t))
                key.append(Expectation(
                    construct: c.name, variant: variant, feature: feature,
                    routes: variant == "known" ? targetIDs : [], targets: targetIDs))
            }
        }
        routes += "\npublic struct HomeRoute: Route { public static let identifier = \"home\"; public init() {} }\n"
        handler += "        ]\n    }\n\n    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {\n"
        handler += "        switch route {\n\(handlerCases)        default: return HomeFeature.self\n        }\n    }\n}\n"
        registrations += "        router.register(routeHandler: ConstructHandler())\n"
        home += "}\n"
        files.append(("Sources/Home/HomeFeature.swift", home))
        files.append(("Sources/Interface/Routes.swift", routes))
        files.append(("Sources/Home/ConstructHandler.swift", handler))
        files.append(("Sources/App/AppDelegate.swift", """
            import RouterService
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                let router = RouterService()

                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    router.register(dependencyFactory: { self.router }, forType: RouterServiceProtocol.self)
            \(registrations)        let window = UIWindow(frame: UIScreen.main.bounds)
                    window.rootViewController = router.navigationController(withInitialFeature: HomeFeature.self)
                    self.window = window
                    return true
                }
            }

            """))
        files.sort { $0.path < $1.path }
    }

    static func camel(_ name: String) -> String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func indent(_ s: String) -> String {
        s.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + (s.hasSuffix("\n") ? "" : "\n")
    }

    /// Every construct, in the order of docs/scanning.md's table.
    public static let constructs: [Construct] = [
        Construct(name: "literal", summary: "`navigate(toRoute: ARoute())`", targets: 1) { c in
            ("func go() { \(c.nav(c.a)) }\n", "")
        },
        Construct(name: "local-let", summary: "a local bound once", targets: 1) { c in
            ("func go() {\n    let route = \(c.a)\n    \(c.nav("route"))\n}\n", "")
        },
        Construct(name: "if-else-assignment", summary: "`var route: Route` assigned in both branches of an `if`", targets: 2) { c in
            ("func go(_ flag: Bool) {\n    var route: Route\n    if flag { route = \(c.a) } else { route = \(c.b) }\n    \(c.nav("route"))\n}\n", "")
        },
        Construct(name: "ternary", summary: "`flag ? A() : B()`", targets: 2) { c in
            ("func go(_ flag: Bool) { \(c.nav("flag ? \(c.a) : \(c.b)")) }\n", "")
        },
        Construct(name: "switch-statement", summary: "a `switch` statement assigning a `let`", targets: 2) { c in
            ("func go(_ tab: Int) {\n    let route: Route\n    switch tab {\n    case 0: route = \(c.a)\n    default: route = \(c.b)\n    }\n    \(c.nav("route"))\n}\n", "")
        },
        Construct(name: "switch-expression", summary: "a `switch` expression", targets: 2) { c in
            ("func go(_ tab: Int) {\n    let route: Route = switch tab {\n    case 0: \(c.a)\n    default: \(c.b)\n    }\n    \(c.nav("route"))\n}\n", "")
        },
        Construct(name: "if-expression-property", summary: "a computed property whose body is an `if` expression", targets: 2) { c in
            ("var flag = false\nprivate var next: Route { if flag { \(c.a) } else { \(c.b) } }\nfunc go() { \(c.nav("next")) }\n", "")
        },
        Construct(name: "switch-self-private-extension", summary: "an enum's computed property with `switch self` in a private extension, read through a parameter", targets: 2) { c in
            ("func go(_ d: \(c.p)Destination) { \(c.nav("d.route")) }\nfunc first() { go(.first) }\nfunc second() { go(.second) }\n",
             "enum \(c.p)Destination { case first, second }\n\nprivate extension \(c.p)Destination {\n    var route: Route {\n        switch self {\n        case .first: return \(c.a)\n        case .second: return \(c.b)\n        }\n    }\n}")
        },
        Construct(name: "static-table", summary: "`Self.table[i]` of a private static array", targets: 2) { c in
            ("private static let table: [Route] = [\(c.a), \(c.b)]\nfunc go(_ i: Int) { \(c.nav("Self.table[i]")) }\n", "")
        },
        Construct(name: "dictionary-by-key", summary: "a dictionary looked up by a key", targets: 2) { c in
            ("private let routes: [String: Route] = [\"a\": \(c.a), \"b\": \(c.b)]\nfunc go(_ key: String) {\n    guard let route = routes[key] else { return }\n    \(c.nav("route"))\n}\n", "")
        },
        Construct(name: "closure-property", summary: "a closure stored in a property and called", targets: 1) { c in
            ("private let makeRoute: () -> Route = { \(c.a) }\nfunc go() { \(c.nav("makeRoute()")) }\n", "")
        },
        Construct(name: "closure-assigned-elsewhere", summary: "a closure property assigned in another method, then called", targets: 1) { c in
            ("private var makeRoute: (() -> Route)?\nfunc configure() { makeRoute = { \(c.a) } }\nfunc go() {\n    guard let make = makeRoute else { return }\n    \(c.nav("make()"))\n}\n", "")
        },
        Construct(name: "view-model-callback", summary: "a callback closure the view controller sets on its view model, called by the view model", targets: 1) { c in
            ("let viewModel = \(c.p)ViewModel()\nfunc bind() {\n    viewModel.onOpen = { [weak self] route in\n        guard let self else { return }\n        self.\(c.nav("route"))\n    }\n}\n",
             "final class \(c.p)ViewModel {\n    var onOpen: ((Route) -> Void)?\n    var source: RouteSource!\n    func select() { onOpen?(\(c.a)) }\n}")
        },
        Construct(name: "generic-helper", summary: "a generic helper `func show<R: Route>(_ r: R)`", targets: 1) { c in
            ("func show<R: Route>(_ r: R) { \(c.nav("r")) }\nfunc go() { show(\(c.a)) }\n", "")
        },
        Construct(name: "delegate", summary: "a delegate protocol with one conformer (the view controller), called by a child", targets: 1) { c in
            ("let child = \(c.p)Child()\nfunc bind() { child.delegate = self }\n",
             "protocol \(c.p)Delegate: AnyObject { func open(_ route: Route) }\n\nfinal class \(c.p)Child {\n    weak var delegate: \(c.p)Delegate?\n    var source: RouteSource!\n    func tap() { delegate?.open(\(c.a)) }\n}\n\nextension \(c.vc): \(c.p)Delegate {\n    func open(_ route: Route) { \(c.nav("route")) }\n}")
        },
        Construct(name: "async-method", summary: "an `async` method's return, awaited in a `Task {}`", targets: 1) { c in
            ("func load() async -> Route { \(c.a) }\nfunc go() {\n    Task {\n        let route = await load()\n        \(c.nav("route"))\n    }\n}\n", "")
        },
        Construct(name: "enum-associated-value", summary: "an enum case's associated value bound by a `switch` pattern", targets: 1) { c in
            ("func handle(_ step: \(c.p)Step) {\n    switch step {\n    case .show(let route): \(c.nav("route"))\n    case .close: break\n    }\n}\nfunc go() { handle(.show(\(c.a))) }\n",
             "enum \(c.p)Step { case show(Route), close }")
        },
        Construct(name: "static-factory", summary: "a static factory in an extension of the route", targets: 1) { c in
            ("func go() { \(c.nav("\(c.p)Factory.make(source)")) }\n",
             "enum \(c.p)Factory {\n    static func make(_ source: RouteSource?) -> Route { \(c.a.replacingOccurrences(of: "source.", with: "source!.")) }\n}")
        },
        Construct(name: "nil-coalescing", summary: "`pending ?? A()` with `pending` never set", targets: 1) { c in
            ("private var pending: Route?\nfunc go() { \(c.nav("pending ?? \(c.a)")) }\n", "")
        },
        Construct(name: "guard-let", summary: "`guard let` of an optional property", targets: 1) { c in
            ("private lazy var pending: Route? = \(c.a)\nfunc go() {\n    guard let route = pending else { return }\n    \(c.nav("route"))\n}\n", "")
        },
        Construct(name: "for-each", summary: "`[A(), B()].forEach { navigate($0) }`", targets: 2) { c in
            ("func go() { [\(c.a), \(c.b)].forEach { \(c.nav("$0")) } }\n", "")
        },
        Construct(name: "map", summary: "`map` over keys to routes, then a `for` loop", targets: 2) { c in
            ("func go() {\n    let routes: [Route] = [\"a\", \"b\"].map { $0 == \"a\" ? \(c.a) : \(c.b) }\n    for route in routes { \(c.nav("route")) }\n}\n", "")
        },
        Construct(name: "filter", summary: "`filter` over an array, then a `for` loop", targets: 2) { c in
            ("func go(_ allowed: Bool) {\n    let all: [Route] = [\(c.a), \(c.b)]\n    for route in all.filter({ _ in allowed }) { \(c.nav("route")) }\n}\n", "")
        },
        Construct(name: "nested-function", summary: "a nested function's return", targets: 1) { c in
            ("func go() {\n    func route() -> Route { \(c.a) }\n    \(c.nav("route()"))\n}\n", "")
        },
        Construct(name: "lazy-property", summary: "a `lazy var`", targets: 1) { c in
            ("private lazy var route: Route = \(c.a)\nfunc go() { \(c.nav("route")) }\n", "")
        },
        Construct(name: "closure-initializer", summary: "`lazy var route: Route = { let made = …; return made }()` (a closure of several statements run at once)", targets: 1) { c in
            ("private lazy var route: Route = {\n    let made = \(c.a)\n    return made\n}()\nfunc go() { \(c.nav("route")) }\n", "")
        },
        Construct(name: "tuple", summary: "a tuple destructured by `let (route, _)`", targets: 1) { c in
            ("func go() {\n    let (route, _) = (\(c.a), 1)\n    \(c.nav("route"))\n}\n", "")
        },
        Construct(name: "protocol-extension-default", summary: "a requirement's default implementation in a protocol extension", targets: 1) { c in
            ("func go() { \(c.nav("destination")) }\n",
             "protocol \(c.p)Opener { var destination: Route { get } }\n\nextension \(c.p)Opener where Self: \(c.vc) {\n    var destination: Route { \(c.a) }\n}\n\nextension \(c.vc): \(c.p)Opener {}")
        },
        Construct(name: "subclass-dispatch", summary: "a method overridden in a subclass, called on the base type (every override counts)", targets: 2) { c in
            ("let maker: \(c.p)Base = \(c.p)Sub()\nfunc go() { \(c.nav("maker.route(source)")) }\n",
             "class \(c.p)Base {\n    func route(_ source: RouteSource?) -> Route { \(c.a.replacingOccurrences(of: "source.", with: "source!.")) }\n}\n\nfinal class \(c.p)Sub: \(c.p)Base {\n    override func route(_ source: RouteSource?) -> Route { \(c.b.replacingOccurrences(of: "source.", with: "source!.")) }\n}")
        },
        Construct(name: "optional-chaining", summary: "`coordinator?.route()`", targets: 1) { c in
            ("private var coordinator: \(c.p)Coordinator? = \(c.p)Coordinator()\nfunc go() {\n    guard let route = coordinator?.route(source) else { return }\n    \(c.nav("route"))\n}\n",
             "final class \(c.p)Coordinator {\n    func route(_ source: RouteSource?) -> Route { \(c.a.replacingOccurrences(of: "source.", with: "source!.")) }\n}")
        },
        Construct(name: "inout-parameter", summary: "an `inout` parameter filled by a helper", targets: 1) { c in
            ("func fill(_ route: inout Route?) { route = \(c.a) }\nfunc go() {\n    var route: Route?\n    fill(&route)\n    if let route { \(c.nav("route")) }\n}\n", "")
        },
        Construct(name: "variadic-parameter", summary: "a variadic parameter", targets: 2) { c in
            ("func open(_ routes: Route...) { routes.forEach { \(c.nav("$0")) } }\nfunc go() { open(\(c.a), \(c.b)) }\n", "")
        },
        Construct(name: "default-argument", summary: "a default argument the call omits", targets: 1) { c in
            ("func open(_ route: Route? = nil) { \(c.nav("route ?? \(c.a)")) }\nfunc go() { open() }\n", "")
        },
        Construct(name: "key-path", summary: "`items.map(\\.route)`", targets: 1) { c in
            ("func go() {\n    let items = [\(c.p)Item(route: \(c.a))]\n    items.map(\\.route).forEach { \(c.nav("$0")) }\n}\n",
             "struct \(c.p)Item { let route: Route }")
        },
        Construct(name: "memberwise-initializer", summary: "a struct's stored property set by its memberwise initializer", targets: 1) { c in
            ("private lazy var item = \(c.p)Item(route: \(c.a))\nfunc go() { \(c.nav("item.route")) }\n",
             "struct \(c.p)Item { let route: Route }")
        },
        // An assignment whose right side the parser leaves unfolded (`=` then `? :`, `??`, `as?`), to a
        // property another method clears with `nil`.
        Construct(name: "assigned-choice", summary: "`self.pending = allowed ? A() : B()` in one method, `nil` in another", targets: 2) { c in
            ("private var pending: Route?\nfunc clear() { self.pending = nil }\nfunc prepare(_ allowed: Bool) { self.pending = allowed ? \(c.a) : \(c.b) }\nfunc go() {\n    prepare(true)\n    if let route = pending { \(c.nav("route")) }\n}\n", "")
        },
        Construct(name: "assigned-cast", summary: "`self.pending = value as? ARoute` in one method, `nil` in another", targets: 1) { c in
            let type = c.a == "source.next()" ? "Route" : c.aType
            return ("private var pending: Route?\nfunc clear() { self.pending = nil }\nfunc prepare() { self.pending = (\(c.a) as Any) as? \(type) }\nfunc go() {\n    prepare()\n    if let route = pending { \(c.nav("route")) }\n}\n", "")
        },
        // The known variant casts a value the scan cannot follow to a route type of the sources (an
        // instance of it, by Swift's semantics); the opaque one casts it to the framework's protocol.
        Construct(name: "downcast", summary: "`guard let route = value as? ARoute` (`as!` alike) of a value not followed", targets: 1) { c in
            let type = c.a == "source.next()" ? "Route" : c.aType
            return ("func go() {\n    guard let route = source.next() as? \(type) else { return }\n    \(c.nav("route"))\n}\n", "")
        },
    ]
}

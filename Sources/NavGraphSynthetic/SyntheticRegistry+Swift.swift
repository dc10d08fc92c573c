import NavGraphKit

extension SyntheticRegistry {
    /// A RouterService-style source tree for the same app (for the scan benchmark): one file per
    /// feature (the feature, its view controller with `navigate(toRoute:)` calls), one file of routes
    /// and service protocols per module's interface, one route handler and one services file per
    /// module, and the app delegate that registers everything. Paths are relative.
    public func swiftSources() -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        let reg = registry
        var routeType: [String: String] = [:]
        for r in reg.routes { routeType[r.id] = r.type ?? r.id }
        var routesByModule: [String: [Route]] = [:]
        for r in reg.routes { routesByModule[r.module ?? "AppInterface", default: []].append(r) }
        var depsByModule: [String: [DependencyBinding]] = [:]
        for b in reg.dependencies { depsByModule[b.module ?? "Core", default: []].append(b) }
        let paramRoutes = Set(reg.routes.filter { !$0.parameters.isEmpty }.map(\.id))
        let entryRoutes = Set(reg.entries.compactMap { e -> String? in
            if case .route(let r) = e.target { return r }
            return nil
        })

        // Interfaces: routes and service protocols.
        let interfaceModules = Set(routesByModule.keys).union(depsByModule.keys.map { $0 == "App" ? "AppInterface" : "\($0)Interface" })
        for module in interfaceModules.sorted() {
            let base = String(module.dropLast("Interface".count))
            var t = "import RouterServiceInterface\n\n"
            for r in routesByModule[module] ?? [] {
                if entryRoutes.contains(r.id) { t += "// navgraph:entry\n" }
                t += "public struct \(routeType[r.id]!): Route {\n    public static let identifier = \"\(r.id)\"\n"
                for p in r.parameters { t += "    public let \(p.name): \(p.type)\n" }
                let params = r.parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
                let assigns = r.parameters.map { "        self.\($0.name) = \($0.name)\n" }.joined()
                t += "\n    public init(\(params)) {\n\(assigns)    }\n}\n\n"
            }
            for b in depsByModule[base] ?? [] {
                t += "public protocol \(b.protocol): AnyObject {\n    func perform(_ request: String) -> Int\n}\n\n"
            }
            files.append(("Sources/\(module)/\(module)Types.swift", t))
        }

        // Service implementations and their needs (init parameters; lazy ones as closures).
        for (module, bindings) in depsByModule.sorted(by: { $0.key < $1.key }) {
            var t = "import Foundation\n"
            for i in imports(of: bindings.flatMap { $0.dependencies.map(\.name) }, own: module) { t += "import \(i)\n" }
            t += "\n"
            for b in bindings {
                let impl = b.implementation ?? "\(b.protocol)Impl"
                let params = b.dependencies.enumerated().map { i, d in d.lazy ? "dep\(i): @escaping () -> \(d.name)" : "dep\(i): \(d.name)" }
                t += "public final class \(impl): \(b.protocol) {\n"
                for (i, d) in b.dependencies.enumerated() {
                    t += d.lazy ? "    private let dep\(i): () -> \(d.name)\n" : "    private let dep\(i): \(d.name)\n"
                }
                t += "\n    public init(\(params.joined(separator: ", "))) {\n"
                for i in b.dependencies.indices { t += "        self.dep\(i) = dep\(i)\n" }
                t += "    }\n\n    public func perform(_ request: String) -> Int {\n        request.count\n    }\n}\n\n"
            }
            files.append(("Sources/\(module)/\(module)Services.swift", t))
        }

        // Handlers.
        for h in reg.handlers {
            let module = h.module ?? "App"
            var t = "import RouterServiceInterface\nimport UIKit\nimport \(module == "App" ? "AppInterface" : "\(module)Interface")\n\n"
            t += "public final class \(h.name): RouteHandler {\n    public var routes: [Route.Type] {\n        [\n"
            for m in h.routes { t += "            \(routeType[m.route] ?? m.route).self,\n" }
            t += "        ]\n    }\n\n    public init() {}\n\n"
            t += "    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {\n"
            t += "        switch route {\n"
            for m in h.routes { t += "        case is \(routeType[m.route] ?? m.route): return \(m.feature).self\n" }
            t += "        default: preconditionFailure(\"\(h.name) cannot handle \\(route)\")\n        }\n    }\n}\n"
            files.append(("Sources/\(module)/\(h.name).swift", t))
        }

        // Features, one file each, with a view controller that navigates.
        for f in reg.features {
            let module = f.module ?? "App"
            var t = "import RouterServiceInterface\nimport UIKit\n"
            for i in imports(of: f.dependencies.map(\.name), own: module) { t += "import \(i)\n" }
            t += "\n"
            t += "public struct \(f.name): Feature {\n"
            for (i, d) in f.dependencies.enumerated() { t += "    @Dependency var dep\(i): \(d.name)\n" }
            t += "\n    public init() {}\n\n"
            switch f.enabled {
            case .always: break
            case .never: t += "    public func isEnabled() -> Bool {\n        false\n    }\n\n"
            case .flag(let name): t += "    public func isEnabled() -> Bool {\n        FeatureFlags.shared.isEnabled(\"\(name)\")\n    }\n\n"
            case .runtime: t += "    public func isEnabled() -> Bool {\n        Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 2) > 1\n    }\n\n"
            }
            if let fb = f.fallback {
                t += "    public func fallback(forRoute route: Route?) -> Feature.Type? {\n        \(fb).self\n    }\n\n"
            }
            let vc = "\(f.name.dropLast("Feature".count))ViewController"
            let router = f.dependencies.firstIndex { $0.name == "RouterServiceProtocol" }.map { "dep\($0)" }
            t += "    public func build(fromRoute route: Route?) -> UIViewController {\n"
            t += "        \(vc)(\(router.map { "routerService: \($0)" } ?? "routerService: nil"))\n    }\n}\n\n"
            t += "final class \(vc): UIViewController {\n    private let routerService: RouterServiceProtocol?\n\n"
            t += "    init(routerService: RouterServiceProtocol?) {\n        self.routerService = routerService\n        super.init(nibName: nil, bundle: nil)\n    }\n\n"
            t += "    required init?(coder: NSCoder) { nil }\n\n"
            t += "    override func viewDidLoad() {\n        super.viewDidLoad()\n        title = \"\(f.name)\"\n        view.backgroundColor = .systemBackground\n    }\n"
            for (i, n) in f.navigates.enumerated() {
                let type = routeType[n.route] ?? n.route
                let hasParam = paramRoutes.contains(n.route)
                let style = n.style == "modal" ? "Modal()" : "Push()"
                t += "\n    @objc func open\(i)() {\n        routerService?.navigate(\n"
                t += "            toRoute: \(type)(\(hasParam ? "itemId: \"\(i)\"" : "")),\n"
                t += "            fromView: self,\n            presentationStyle: \(style),\n            animated: true\n        )\n    }\n"
            }
            t += "}\n"
            files.append(("Sources/\(module)/\(f.name).swift", t))
        }

        // The app delegate: registrations and the root feature.
        var t = "import RouterService\nimport UIKit\n\n@main\nfinal class AppDelegate: UIResponder, UIApplicationDelegate {\n"
        t += "    var window: UIWindow?\n    let router = RouterService()\n\n"
        t += "    func application(\n        _ application: UIApplication,\n        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?\n    ) -> Bool {\n"
        for b in reg.dependencies {
            let impl = b.implementation ?? "\(b.protocol)Impl"
            let args = b.dependencies.enumerated().map { i, d in d.lazy ? "dep\(i): { fatalError() }" : "dep\(i): resolve()" }
            t += "        router.register(dependencyFactory: { \(impl)(\(args.joined(separator: ", "))) }, forType: \(b.protocol).self)\n"
        }
        for h in reg.handlers { t += "        router.register(routeHandler: \(h.name)())\n" }
        let root = reg.entries.compactMap { e -> String? in
            if case .feature(let f) = e.target { return f }
            return nil
        }.first ?? "MainTabFeature"
        t += "\n        let window = UIWindow(frame: UIScreen.main.bounds)\n"
        t += "        window.rootViewController = router.navigationController(withInitialFeature: \(root).self)\n"
        t += "        window.makeKeyAndVisible()\n        self.window = window\n        return true\n    }\n}\n"
        files.append(("Sources/App/AppDelegate.swift", t))
        return files
    }

    /// Interface modules a file needs for these protocol names (ours are `ModNNNN…`, `Core…`).
    private func imports(of names: [String], own: String) -> [String] {
        var out = Set<String>()
        for n in names {
            if n.hasPrefix("Core") { out.insert("CoreInterface") }
            else if n.hasPrefix("Mod"), let r = n.range(of: "Service") { out.insert("\(n[..<r.lowerBound])Interface") }
        }
        return out.sorted()
    }
}

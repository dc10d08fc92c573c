import NavGraphKit

extension SyntheticRegistry {
    /// How the source tree is laid out (the bench draws these; the default is the tree the bench
    /// has always scanned, byte for byte).
    public struct SourceShape: Sendable, Equatable {
        public enum Manifest: String, Sendable, CaseIterable {
            /// Folders only: modules are guessed from `Sources/NAME`.
            case none
            /// A `Package.swift` declaring every folder as a target (the app an executable target).
            case swiftpm
            /// An Xcode project (`App.xcodeproj/project.pbxproj`) listing every file in its target.
            case xcode
        }

        /// 1: a module's routes and protocols live in its own folder; 2: in `NAMEInterface` beside
        /// it (the default); 3: and its views in `NAMEUI`.
        public var targetsPerModule = 2
        /// Per cent of the files that name a routing construct: the rest are plain model and view
        /// files (100: none added).
        public var routingPercent = 100
        public var manifest = Manifest.none
        /// Modules with no routing at all (`Kit0001`, …), which share the plain files: a big
        /// modular app's utility, design-system and service modules.
        public var plainModules = 0

        public init(targetsPerModule: Int = 2, routingPercent: Int = 100, manifest: Manifest = .none, plainModules: Int = 0) {
            self.targetsPerModule = targetsPerModule
            self.routingPercent = routingPercent
            self.manifest = manifest
            self.plainModules = plainModules
        }
    }

    /// A RouterService-style source tree for the same app (for the scan benchmark): one file per
    /// feature (the feature, its view controller with `navigate(toRoute:)` calls), one file of routes
    /// and service protocols per module's interface, one route handler and one services file per
    /// module, and the app delegate that registers everything; with `layout`, plain files beside
    /// them and a manifest. Paths are relative.
    public func swiftSources(layout: SourceShape = SourceShape()) -> [(path: String, text: String)] {
        var files = routingSources(interfaceFolder: { layout.targetsPerModule == 1 ? String($0.dropLast("Interface".count)) : $0 })
        guard layout != SourceShape() else { return files }
        // Plain files: enough that routing files are `routingPercent` of all Swift files, spread
        // over the modules (into NAMEUI with three targets per module).
        let routing = files.count
        let percent = min(100, max(1, layout.routingPercent))
        let plain = routing * (100 - percent) / percent
        var rng = RNG(state: seed &+ 0x0F11_E5)
        let kw = String(max(1, layout.plainModules)).count
        let kits = (0..<max(0, layout.plainModules)).map { "Kit" + String(repeating: "0", count: kw - String($0).count) + String($0) }
        let modules = ["App"] + moduleNames + kits
        if layout.targetsPerModule >= 3 {
            for module in moduleNames + kits {
                files.append(("Sources/\(module)UI/\(module)Style.swift", Self.plainFile("\(module)Style", rng: &rng)))
            }
        }
        if layout.targetsPerModule >= 2 {
            for kit in kits { files.append(("Sources/\(kit)Interface/\(kit)API.swift", Self.plainFile("\(kit)API", rng: &rng))) }
        }
        for k in 0..<plain {
            let module = modules[k % modules.count]
            let folder = layout.targetsPerModule >= 3 && module != "App" ? "\(module)UI" : module
            files.append(("Sources/\(folder)/\(module)Model\(k).swift", Self.plainFile("\(module)Model\(k)", rng: &rng)))
        }
        var folders: [String] = []
        var seenFolder = Set<String>()
        for f in files {
            let parts = f.path.split(separator: "/")
            if parts.count >= 3, seenFolder.insert(String(parts[1])).inserted { folders.append(String(parts[1])) }
        }
        folders.sort()
        switch layout.manifest {
        case .none: break
        case .swiftpm: files.append(("Package.swift", Self.packageManifest(folders)))
        case .xcode: files.append(("App.xcodeproj/project.pbxproj", Self.xcodeProject(folders, files: files.map(\.path))))
        }
        return files
    }

    /// A Swift file with no routing construct: a model with a few properties and a formatter.
    static func plainFile(_ name: String, rng: inout RNG) -> String {
        var t = "import Foundation\n\npublic struct \(name): Equatable, Sendable {\n"
        let fields = 3 + rng.int(6)
        for i in 0..<fields { t += "    public var field\(i): \(i % 3 == 0 ? "String" : i % 3 == 1 ? "Int" : "Double")\n" }
        t += "\n    public func summary() -> String {\n        var parts: [String] = []\n"
        for i in 0..<fields { t += "        parts.append(\"field\(i)=\\(field\(i))\")\n" }
        t += "        return parts.joined(separator: \", \")\n    }\n}\n"
        return t
    }

    /// `Package.swift` with one target per folder of `Sources/` (App: an executable target).
    static func packageManifest(_ folders: [String]) -> String {
        var t = "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n    name: \"SyntheticApp\",\n    targets: [\n"
        for f in folders {
            t += f == "App" ? "        .executableTarget(name: \"App\", path: \"Sources/App\"),\n" : "        .target(name: \"\(f)\", path: \"Sources/\(f)\"),\n"
        }
        return t + "    ]\n)\n"
    }

    /// An Xcode project: one target per folder of `Sources/` (App: an application, the others
    /// frameworks), each listing its files in its sources build phase.
    static func xcodeProject(_ folders: [String], files: [String]) -> String {
        var objects: [String] = []
        var targetIDs: [String] = []
        var serial = 0
        func id() -> String {
            serial += 1
            let hex = String(serial, radix: 16, uppercase: true)
            return String(repeating: "0", count: 24 - hex.count) + hex
        }
        let byFolder = Dictionary(grouping: files.filter { $0.hasSuffix(".swift") }) { $0.split(separator: "/")[1] }
        var groupChildren: [String] = []
        for folder in folders {
            var buildFiles: [String] = []
            var refs: [String] = []
            for path in (byFolder[Substring(folder)] ?? []).sorted() {
                let ref = id(), build = id()
                objects.append("\t\t\(ref) = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \"\(path)\"; sourceTree = SOURCE_ROOT; };")
                objects.append("\t\t\(build) = {isa = PBXBuildFile; fileRef = \(ref); };")
                buildFiles.append(build)
                refs.append(ref)
            }
            let group = id(), phase = id(), target = id()
            objects.append("\t\t\(group) = {isa = PBXGroup; children = (\(refs.joined(separator: ", "))); name = \(folder); sourceTree = \"<group>\"; };")
            objects.append("\t\t\(phase) = {isa = PBXSourcesBuildPhase; files = (\(buildFiles.joined(separator: ", "))); };")
            let type = folder == "App" ? "com.apple.product-type.application" : "com.apple.product-type.framework"
            objects.append("\t\t\(target) = {isa = PBXNativeTarget; buildPhases = (\(phase)); name = \(folder); productType = \"\(type)\"; };")
            groupChildren.append(group)
            targetIDs.append(target)
        }
        let main = id(), project = id()
        objects.append("\t\t\(main) = {isa = PBXGroup; children = (\(groupChildren.joined(separator: ", "))); sourceTree = \"<group>\"; };")
        objects.append("\t\t\(project) = {isa = PBXProject; mainGroup = \(main); targets = (\(targetIDs.joined(separator: ", "))); };")
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 56;\n\tobjects = {\n" + objects.joined(separator: "\n")
            + "\n\t};\n\trootObject = \(project);\n}\n"
    }

    /// The routing files: per module its interface (routes and service protocols) and its services,
    /// per handler and per feature a file, and the app delegate.
    private func routingSources(interfaceFolder: (String) -> String) -> [(path: String, text: String)] {
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

        var files: [(path: String, text: String)] = []
        let interfaceModules = Set(routesByModule.keys).union(depsByModule.keys.map { $0 == "App" ? "AppInterface" : "\($0)Interface" })
        for module in interfaceModules.sorted() {
            let base = String(module.dropLast("Interface".count))
            let text = interfaceFile(routesByModule[module] ?? [], depsByModule[base] ?? [], routeType: routeType, entryRoutes: entryRoutes)
            files.append(("Sources/\(interfaceFolder(module))/\(module)Types.swift", text))
        }
        for (module, bindings) in depsByModule.sorted(by: { $0.key < $1.key }) {
            files.append(("Sources/\(module)/\(module)Services.swift", servicesFile(module, bindings)))
        }
        for h in reg.handlers {
            files.append(("Sources/\(h.module ?? "App")/\(h.name).swift", handlerFile(h, routeType: routeType)))
        }
        for f in reg.features {
            files.append(("Sources/\(f.module ?? "App")/\(f.name).swift", featureFile(f, routeType: routeType, paramRoutes: paramRoutes)))
        }
        files.append(("Sources/App/AppDelegate.swift", appDelegateFile()))
        return files
    }

    /// An interface module's file: its routes (entry routes marked) and its service protocols.
    private func interfaceFile(
        _ routes: [Route], _ bindings: [DependencyBinding], routeType: [String: String], entryRoutes: Set<String>
    ) -> String {
        var t = "import RouterServiceInterface\n\n"
        for r in routes {
            if entryRoutes.contains(r.id) { t += "// navgraph:entry\n" }
            t += "public struct \(routeType[r.id]!): Route {\n    public static let identifier = \"\(r.id)\"\n"
            for p in r.parameters { t += "    public let \(p.name): \(p.type)\n" }
            let params = r.parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            let assigns = r.parameters.map { "        self.\($0.name) = \($0.name)\n" }.joined()
            t += "\n    public init(\(params)) {\n\(assigns)    }\n}\n\n"
        }
        for b in bindings {
            t += "public protocol \(b.protocol): AnyObject {\n    func perform(_ request: String) -> Int\n}\n\n"
        }
        return t
    }

    /// A module's service implementations and their needs (init parameters; lazy ones as closures).
    private func servicesFile(_ module: String, _ bindings: [DependencyBinding]) -> String {
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
        return t
    }

    /// A route handler: its routes and the destination of each.
    private func handlerFile(_ h: RouteHandler, routeType: [String: String]) -> String {
        let module = h.module ?? "App"
        var t = "import RouterServiceInterface\nimport UIKit\nimport \(module == "App" ? "AppInterface" : "\(module)Interface")\n\n"
        t += "public final class \(h.name): RouteHandler {\n    public var routes: [Route.Type] {\n        [\n"
        for m in h.routes { t += "            \(routeType[m.route] ?? m.route).self,\n" }
        t += "        ]\n    }\n\n    public init() {}\n\n"
        t += "    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {\n"
        t += "        switch route {\n"
        for m in h.routes { t += "        case is \(routeType[m.route] ?? m.route): return \(m.feature).self\n" }
        t += "        default: preconditionFailure(\"\(h.name) cannot handle \\(route)\")\n        }\n    }\n}\n"
        return t
    }

    /// A feature: its dependencies, gating and fallback, and a view controller that navigates.
    private func featureFile(_ f: Feature, routeType: [String: String], paramRoutes: Set<String>) -> String {
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
        return t
    }

    /// The app delegate: registrations and the root feature.
    private func appDelegateFile() -> String {
        let reg = registry
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
        return t
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

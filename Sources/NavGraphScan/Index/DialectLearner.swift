import NavGraphKit

/// Learns the routing framework's names from its declarations in the sources: apps copy
/// RouterService and rename it (`Feature` → `Builder`, `navigate(toRoute:)` → `navigate(to:from:)`).
///
/// - the protocol with a `static var identifier` requirement is a route protocol;
/// - the protocol whose build function returns a view (controller) is a feature protocol; its `Bool`
///   requirement is `isEnabled`, its optional-feature requirement the fallback (with its labels);
/// - the protocol with a `routes` property whose function returns a feature type is a handler protocol;
/// - a protocol or class with a function taking a route is a router: a `Void` one navigates, one that
///   returns a view or controller navigates too (`link(for:)`, `sheet(for:)`) unless its name says it
///   builds the root (`navigationController(withInitialRoute:)`); one taking a handler registers; one
///   taking a feature type builds the root (an entry).
struct DialectLearner {
    struct Learned {
        var config: ScanConfiguration
        /// Files that declare the framework itself (its protocols, its router class).
        var frameworkFiles: Set<String> = []
        /// Fallback requirements of feature protocols: name → labels, where the protocol has a default.
        var fallbackRequirements: [String: Requirement] = [:]
    }

    /// A feature protocol's fallback requirement as declared: its labels, and whether an extension
    /// of the protocol implements it (then a conformer with other labels silently gets the default).
    struct Requirement: Sendable, Hashable {
        var protocolName: String
        var labels: [String]
        var hasDefault: Bool
    }

    static func directory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func learn(from files: [FileFacts], base: ScanConfiguration) -> Learned {
        var l = Learning(files: files, base: base)
        l.learnRouteProtocols()
        l.learnFeatureProtocols()
        l.learnFeatureRequirements()
        l.learnHandlerProtocols()
        l.learnRouters()
        l.learnRouterClasses()
        l.noteFallbackDefaults()
        return l.finished()
    }

    /// One reading of the declarations, kind by kind: each step learns from what the steps before it
    /// found (a feature protocol is told from a route protocol, a router from both).
    struct Learning {
        let files: [FileFacts]
        let base: ScanConfiguration
        /// The configuration learnt so far.
        var c: ScanConfiguration
        var learned: Learned
        let protocols: [(path: String, type: TypeFacts)]
        var functionsByOwner: [String: [FunctionFacts]] = [:]
        /// Protocol (or router class) name → the file declaring it.
        var declaring: [String: String] = [:]
        var routeProtocols: Set<String>
        var featureProtocols: Set<String>
        var handlerProtocols: Set<String>
        var routerProtocols: [String] = []
        /// Router protocols (`0` first) and classes (`1`) whose navigating function returns nothing.
        var navigatingProtocols: [String] = []
        /// The folders of the core protocols (feature, route, handler), where the router is declared.
        var coreDirs = Set<String>()

        init(files: [FileFacts], base: ScanConfiguration) {
            self.files = files
            self.base = base
            c = base
            learned = Learned(config: base)
            protocols = files.flatMap { f in f.types.filter(\.isProtocol).map { (f.path, $0) } }
            for f in files { for fn in f.functions where fn.inProtocol || fn.owner != nil { functionsByOwner[fn.owner ?? "", default: []].append(fn) } }
            routeProtocols = Set(base.routeProtocols)
            featureProtocols = Set(base.featureProtocols)
            handlerProtocols = Set(base.handlerProtocols)
        }

        static func add(_ list: inout [String], _ value: String) { if !list.contains(value) { list.append(value) } }

        static func mentions(_ text: String?, _ names: Set<String>) -> Bool {
            guard let text else { return false }
            return names.contains { text.range(of: "\\b\($0)\\b", options: .regularExpression) != nil }
        }

        func requirements(of p: TypeFacts) -> [FunctionFacts] { (functionsByOwner[p.name] ?? []).filter(\.inProtocol) }

        /// UIKit's views: what adopts a protocol only they adopt is reused by identifier, not routed to.
        static let viewBases: Set<String> = [
            "UIView", "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView", "UITableViewHeaderFooterView",
        ]

        /// Whether every type of the sources adopting `name` is a view (a cell, a header, a footer:
        /// `protocol ReusableView { static var identifier: String { get } }`); false when none adopts it.
        /// `inherited`: each concrete type's supertypes and protocols.
        static func onlyViewsAdopt(_ name: String, inherited: [String: [String]]) -> Bool {
            func isView(_ n: String, depth: Int = 0) -> Bool {
                if viewBases.contains(n) { return true }
                guard depth < 6 else { return false }
                return (inherited[n] ?? []).contains { isView($0, depth: depth + 1) }
            }
            let adopters = inherited.filter { $0.value.contains(name) }.map(\.key)
            return !adopters.isEmpty && adopters.allSatisfy { isView($0) }
        }

        /// Route protocols: a `static var identifier` requirement (not one only views adopt).
        mutating func learnRouteProtocols() {
            let candidates = protocols.filter(\.type.requiresStaticIdentifier)
            guard !candidates.isEmpty else { return }
            let inherited = Dictionary(
                files.flatMap(\.types).filter { !$0.isProtocol }.map { ($0.name, $0.inherited) }, uniquingKeysWith: { a, b in a + b })
            for (path, p) in candidates where !Self.onlyViewsAdopt(p.name, inherited: inherited) {
                routeProtocols.insert(p.name)
                Self.add(&c.routeProtocols, p.name)
                declaring[p.name] = path
            }
        }

        /// Feature protocols: a build function returning a view or view controller.
        mutating func learnFeatureProtocols() {
            let configuredOthers = Set(base.routeProtocols + base.handlerProtocols + [base.routerProtocol])
            for (path, p) in protocols where !configuredOthers.contains(p.name) && p.propertyTypes["routes"] == nil && !routeProtocols.contains(p.name) {
                let fns = requirements(of: p)
                // A protocol that navigates (a function taking a route and returning nothing) is a
                // router or coordinator, not a screen, whatever else it builds.
                let navigates = fns.contains { fn in
                    fn.parameters.contains { routeProtocols.contains($0.typeName) } && (fn.returnType == nil || fn.returnType == "Void")
                }
                guard !navigates else { continue }
                guard let build = fns.first(where: { ($0.name.hasPrefix("build") || $0.name.hasPrefix("make")) && ($0.returnType ?? "").contains("View") }) else { continue }
                // Each feature implements its own build; a protocol whose extension implements it is a
                // protocol-composed route (`makeCatalogTab() -> UIViewController`), not a feature protocol.
                let implemented = (functionsByOwner[p.name] ?? []).contains { !$0.inProtocol && $0.name == build.name && $0.labels == build.labels }
                guard !implemented else { continue }
                // A screen of this framework is built for a route (`build(fromRoute:)`), or its protocol
                // is declared beside the framework's route protocol: another library's view factory
                // (`Factory.build(with:) -> ViewController`, vendored beside the app) is not a screen.
                let takesRoute = build.parameters.contains { routeProtocols.contains($0.typeName) }
                let besideRoutes = declaring.contains { routeProtocols.contains($0.key) && DialectLearner.directory($0.value) == DialectLearner.directory(path) }
                guard base.featureProtocols.contains(p.name) || takesRoute || besideRoutes else { continue }
                featureProtocols.insert(p.name)
                Self.add(&c.featureProtocols, p.name)
                Self.add(&c.buildFunctions, build.name)
                declaring[p.name] = path
            }
        }

        /// A feature protocol's `Bool` requirement is `isEnabled`; its optional-feature one the fallback.
        mutating func learnFeatureRequirements() {
            for (_, p) in protocols where featureProtocols.contains(p.name) {
                for fn in requirements(of: p) {
                    let r = fn.returnType ?? ""
                    if r == "Bool" && fn.parameters.isEmpty { Self.add(&c.isEnabledFunctions, fn.name) }
                    if r.hasSuffix("?") && Self.mentions(r, featureProtocols) {
                        Self.add(&c.fallbackFunctions, fn.name)
                        learned.fallbackRequirements[fn.name] = Requirement(protocolName: p.name, labels: fn.labels, hasDefault: false)
                    }
                }
            }
        }

        /// Handler protocols: `routes` and a function returning a feature type.
        mutating func learnHandlerProtocols() {
            for (path, p) in protocols where p.propertyTypes["routes"] != nil {
                guard let destination = requirements(of: p).first(where: { Self.mentions($0.returnType, featureProtocols) || ($0.returnType ?? "").contains("Feature") }) else { continue }
                handlerProtocols.insert(p.name)
                Self.add(&c.handlerProtocols, p.name)
                Self.add(&c.destinationFunctions, destination.name)
                declaring[p.name] = path
            }
        }

        /// Routers: functions taking a route, a handler or a feature type, declared beside the core
        /// protocols (an app's own wireframe protocol that takes a route is a wrapper, not the framework).
        /// A router declared as a class (no protocol) counts too, when it sits with the core protocols.
        /// The router registers itself under the protocol that navigates (`RouterServiceProtocol`;
        /// protocols before classes: a router class registers itself under its protocol).
        mutating func learnRouters() {
            coreDirs = Set(declaring.values.map(DialectLearner.directory))
            let coreKinds = featureProtocols.union(routeProtocols).union(handlerProtocols)
            let candidates = files.flatMap { f in
                f.types.filter { !$0.isExtension && ($0.isProtocol || coreDirs.contains(DialectLearner.directory(f.path))) }.map { (f.path, $0) }
            }
            for (path, p) in candidates where !coreKinds.contains(p.name) && (coreDirs.contains(DialectLearner.directory(path)) || base.routerProtocol == p.name) {
                var isRouter = false
                for fn in (functionsByOwner[p.name] ?? []).filter({ $0.inProtocol || !p.isProtocol }) {
                    for (i, param) in fn.parameters.enumerated() where learnRouterParameter(param, at: i, of: fn, in: p) { isRouter = true }
                    if fn.parameters.count == 2, fn.parameters[1].typeName == "Any" || fn.parameters[1].typeName.hasSuffix("Type"),
                       fn.name.hasPrefix("register") {
                        Self.add(&c.registerFunctions, fn.name)
                        Self.add(&c.dependencyFactoryLabels, fn.parameters[0].label)
                        Self.add(&c.dependencyTypeLabels, fn.parameters[1].label)
                    }
                }
                if isRouter {
                    routerProtocols.append(p.name)
                    declaring[p.name] = path
                }
            }
            // A SwiftUI fork's modifiers beside the core protocols (`extension View { func sheet(for
            // route: Route, using: RoutingService, isPresented:) -> some View }`): navigation too.
            for f in files where coreDirs.contains(DialectLearner.directory(f.path)) {
                for t in f.types where t.isExtension && !coreKinds.contains(t.name) {
                    for fn in f.functions where fn.owner == t.name {
                        if let first = fn.parameters.first, routeProtocols.contains(first.typeName) { _ = learnRouterParameter(first, at: 0, of: fn, in: t) }
                    }
                }
            }
            if let first = navigatingProtocols.sorted().first.map({ String($0.dropFirst()) }) ?? routerProtocols.sorted().first,
               !routerProtocols.contains(base.routerProtocol) {
                c.routerProtocol = first
            }
        }

        /// What one parameter of a router's function says: a route parameter navigates (or, returning a
        /// view, builds the root), a handler parameter registers, a feature type builds the root.
        /// Returns whether it makes `p` a router.
        mutating func learnRouterParameter(_ param: FunctionFacts.Parameter, at i: Int, of fn: FunctionFacts, in p: TypeFacts) -> Bool {
            let returns = fn.returnType.map { $0 != "Void" && $0 != "()" } ?? false
            if routeProtocols.contains(param.typeName) {
                let entryLike = ["navigationController", "root", "initial", "start"].contains { fn.name.lowercased().contains($0.lowercased()) || param.label.lowercased().contains($0.lowercased()) }
                let buildsController = (fn.returnType ?? "").contains("Controller")
                if returns && entryLike {
                    Self.add(&c.initialRouteLabels, param.label)
                } else if returns && buildsController {
                    // `buildController(for:) -> UIViewController`: a factory, not navigation.
                } else {
                    Self.add(&c.navigateFunctions, fn.name)
                    if !returns { navigatingProtocols.append((p.isProtocol ? "0" : "1") + p.name) }
                    if i == 0 { Self.add(&c.navigateRouteLabels, param.label) }
                    for other in fn.parameters where other.typeName.hasSuffix("PresentationStyle") || other.typeName.hasSuffix("Style") {
                        Self.add(&c.presentationStyleLabels, other.label)
                    }
                }
                return true
            } else if handlerProtocols.contains(param.typeName) {
                Self.add(&c.registerFunctions, fn.name)
                Self.add(&c.handlerLabels, param.label)
                return true
            } else if param.metatypeOf.map(featureProtocols.contains) == true && i == 0,
                      (fn.returnType.map { $0.contains("Controller") || $0.contains("View") || $0.contains("Scene") } ?? false)
                        || ["initial", "root", "start"].contains(where: { fn.name.lowercased().contains($0) }) {
                Self.add(&c.initialFeatureCalls, "\(fn.name)(\(param.label):)")
                return true
            }
            return false
        }

        /// The router class: a concrete type conforming to a router protocol that implements registration.
        mutating func learnRouterClasses() {
            for f in files {
                for t in f.types where !t.isProtocol && !t.isExtension && (t.inherited.contains(where: routerProtocols.contains) || routerProtocols.contains(t.name)) {
                    let registers = f.functions.contains { $0.owner == t.name && c.registerFunctions.contains($0.name) && !$0.parameters.isEmpty }
                    guard registers else { continue }
                    Self.add(&c.routerTypes, t.name)
                    // Its file is the framework's only beside the framework's protocols: a stand-in router
                    // an app writes for previews or tests (`DummyRoutingService` at the end of a view's file)
                    // does not make that app file vendored.
                    if coreDirs.isEmpty || coreDirs.contains(DialectLearner.directory(f.path)) || besideCore(f, router: t.name) {
                        learned.frameworkFiles.insert(f.path)
                    }
                }
            }
        }

        /// A router class in a folder beside the core protocols' (a vendored package's
        /// `Sources/RouterService/` next to its `Sources/RouterServiceInterface/`) whose file declares
        /// nothing of the app: no feature, route or handler, no view or view controller.
        func besideCore(_ f: FileFacts, router: String) -> Bool {
            // An Xcode project's framework folder repeats its name (`Cores/RouterService/RouterService/`
            // beside `Cores/RouterServiceInterface/RouterServiceInterface/`): the package is the outer one.
            func packageParent(_ dir: String) -> String {
                let up = DialectLearner.directory(dir)
                let last = dir.split(separator: "/").last, upLast = up.split(separator: "/").last
                return DialectLearner.directory(last != nil && last == upLast ? up : dir)
            }
            let parent = packageParent(DialectLearner.directory(f.path))
            guard !parent.isEmpty, coreDirs.contains(where: { packageParent($0) == parent }) else { return false }
            let appKinds = featureProtocols.union(routeProtocols).union(handlerProtocols)
            return !f.types.contains { t in
                t.name != router && !t.isProtocol
                    && t.inherited.contains { appKinds.contains($0) || $0.hasSuffix("ViewController") || $0 == "View" }
            }
        }

        /// Default implementations of the fallback requirement (an extension of the feature protocol).
        mutating func noteFallbackDefaults() {
            for (name, req) in learned.fallbackRequirements {
                let hasDefault = files.contains { f in
                    f.functions.contains { $0.name == name && $0.owner == req.protocolName && $0.labels == req.labels && !$0.inProtocol }
                }
                learned.fallbackRequirements[name]?.hasDefault = hasDefault
            }
        }

        /// The framework is where at least two of its core protocols are declared.
        mutating func finished() -> Learned {
            let core = Set(declaring.keys).intersection(featureProtocols.union(routeProtocols).union(handlerProtocols))
            if core.count >= 2 {
                for name in declaring.keys { if let path = declaring[name] { learned.frameworkFiles.insert(path) } }
            } else {
                learned.frameworkFiles = []
            }
            learned.config = c
            return learned
        }
    }
}

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
        var c = base
        var learned = Learned(config: base)
        let protocols = files.flatMap { f in f.types.filter(\.isProtocol).map { (f.path, $0) } }
        var functionsByOwner: [String: [FunctionFacts]] = [:]
        for f in files { for fn in f.functions where fn.inProtocol || fn.owner != nil { functionsByOwner[fn.owner ?? "", default: []].append(fn) } }

        func add(_ list: inout [String], _ value: String) { if !list.contains(value) { list.append(value) } }
        var declaring: [String: String] = [:]  // protocol name → file

        // Route protocols.
        var routeProtocols = Set(base.routeProtocols)
        for (path, p) in protocols where p.requiresStaticIdentifier {
            routeProtocols.insert(p.name)
            add(&c.routeProtocols, p.name)
            declaring[p.name] = path
        }
        func mentions(_ text: String?, _ names: Set<String>) -> Bool {
            guard let text else { return false }
            return names.contains { text.range(of: "\\b\($0)\\b", options: .regularExpression) != nil }
        }
        // Feature protocols: a build function returning a view or view controller.
        var featureProtocols = Set(base.featureProtocols)
        let configuredOthers = Set(base.routeProtocols + base.handlerProtocols + [base.routerProtocol])
        for (path, p) in protocols where !configuredOthers.contains(p.name) && p.propertyTypes["routes"] == nil && !routeProtocols.contains(p.name) {
            let fns = (functionsByOwner[p.name] ?? []).filter(\.inProtocol)
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
            let besideRoutes = declaring.contains { routeProtocols.contains($0.key) && Self.directory($0.value) == Self.directory(path) }
            guard base.featureProtocols.contains(p.name) || takesRoute || besideRoutes else { continue }
            featureProtocols.insert(p.name)
            add(&c.featureProtocols, p.name)
            add(&c.buildFunctions, build.name)
            declaring[p.name] = path
        }
        for (_, p) in protocols where featureProtocols.contains(p.name) {
            let fns = (functionsByOwner[p.name] ?? []).filter(\.inProtocol)
            for fn in fns {
                let r = fn.returnType ?? ""
                if r == "Bool" && fn.parameters.isEmpty { add(&c.isEnabledFunctions, fn.name) }
                if r.hasSuffix("?") && mentions(r, featureProtocols) {
                    add(&c.fallbackFunctions, fn.name)
                    learned.fallbackRequirements[fn.name] = Requirement(protocolName: p.name, labels: fn.labels, hasDefault: false)
                }
            }
        }
        // Handler protocols: `routes` and a function returning a feature type.
        var handlerProtocols = Set(base.handlerProtocols)
        for (path, p) in protocols where p.propertyTypes["routes"] != nil {
            let fns = (functionsByOwner[p.name] ?? []).filter(\.inProtocol)
            guard let destination = fns.first(where: { mentions($0.returnType, featureProtocols) || ($0.returnType ?? "").contains("Feature") }) else { continue }
            handlerProtocols.insert(p.name)
            add(&c.handlerProtocols, p.name)
            add(&c.destinationFunctions, destination.name)
            declaring[p.name] = path
        }
        // Routers: functions taking a route, a handler or a feature type, declared beside the core
        // protocols (an app's own wireframe protocol that takes a route is a wrapper, not the framework).
        let coreDirs = Set(declaring.values.map(Self.directory))
        var routerProtocols: [String] = []
        var navigatingProtocols: [String] = []
        let coreKinds = featureProtocols.union(routeProtocols).union(handlerProtocols)
        // A router declared as a class (no protocol) counts too, when it sits with the core protocols.
        let candidates = files.flatMap { f in
            f.types.filter { !$0.isExtension && ($0.isProtocol || coreDirs.contains(Self.directory(f.path))) }.map { (f.path, $0) }
        }
        for (path, p) in candidates where !coreKinds.contains(p.name) && (coreDirs.contains(Self.directory(path)) || base.routerProtocol == p.name) {
            var isRouter = false
            for fn in (functionsByOwner[p.name] ?? []).filter({ $0.inProtocol || !p.isProtocol }) {
                let returns = fn.returnType.map { $0 != "Void" && $0 != "()" } ?? false
                for (i, param) in fn.parameters.enumerated() {
                    if routeProtocols.contains(param.typeName) {
                        isRouter = true
                        let entryLike = ["navigationController", "root", "initial", "start"].contains { fn.name.lowercased().contains($0.lowercased()) || param.label.lowercased().contains($0.lowercased()) }
                        let buildsController = (fn.returnType ?? "").contains("Controller")
                        if returns && entryLike {
                            add(&c.initialRouteLabels, param.label)
                        } else if returns && buildsController {
                            // `buildController(for:) -> UIViewController`: a factory, not navigation.
                            continue
                        } else {
                            add(&c.navigateFunctions, fn.name)
                            if !returns { navigatingProtocols.append((p.isProtocol ? "0" : "1") + p.name) }
                            if i == 0 { add(&c.navigateRouteLabels, param.label) }
                            for other in fn.parameters where other.typeName.hasSuffix("PresentationStyle") || other.typeName.hasSuffix("Style") {
                                add(&c.presentationStyleLabels, other.label)
                            }
                        }
                    } else if handlerProtocols.contains(param.typeName) {
                        isRouter = true
                        add(&c.registerFunctions, fn.name)
                        add(&c.handlerLabels, param.label)
                    } else if param.metatypeOf.map(featureProtocols.contains) == true && i == 0,
                              (fn.returnType.map { $0.contains("Controller") || $0.contains("View") || $0.contains("Scene") } ?? false)
                                || ["initial", "root", "start"].contains(where: { fn.name.lowercased().contains($0) }) {
                        isRouter = true
                        add(&c.initialFeatureCalls, "\(fn.name)(\(param.label):)")
                    }
                }
                if fn.parameters.count == 2, fn.parameters[1].typeName == "Any" || fn.parameters[1].typeName.hasSuffix("Type"),
                   fn.name.hasPrefix("register") {
                    add(&c.registerFunctions, fn.name)
                    add(&c.dependencyFactoryLabels, fn.parameters[0].label)
                    add(&c.dependencyTypeLabels, fn.parameters[1].label)
                }
            }
            if isRouter {
                routerProtocols.append(p.name)
                declaring[p.name] = path
            }
        }
        // The router registers itself under the protocol that navigates (`RouterServiceProtocol`).
        // (protocols before classes: a router class registers itself under its protocol)
        if let first = navigatingProtocols.sorted().first.map({ String($0.dropFirst()) }) ?? routerProtocols.sorted().first,
           !routerProtocols.contains(base.routerProtocol) {
            c.routerProtocol = first
        }
        // The router class: a concrete type conforming to a router protocol that implements registration.
        for f in files {
            for t in f.types where !t.isProtocol && !t.isExtension && (t.inherited.contains(where: routerProtocols.contains) || routerProtocols.contains(t.name)) {
                let registers = f.functions.contains { $0.owner == t.name && c.registerFunctions.contains($0.name) && !$0.parameters.isEmpty }
                guard registers else { continue }
                add(&c.routerTypes, t.name)
                // Its file is the framework's only beside the framework's protocols: a stand-in router
                // an app writes for previews or tests (`DummyRoutingService` at the end of a view's file)
                // does not make that app file vendored.
                if coreDirs.isEmpty || coreDirs.contains(Self.directory(f.path)) { learned.frameworkFiles.insert(f.path) }
            }
        }
        // Default implementations of the fallback requirement (an extension of the feature protocol).
        for (name, req) in learned.fallbackRequirements {
            let hasDefault = files.contains { f in
                f.functions.contains { $0.name == name && $0.owner == req.protocolName && $0.labels == req.labels && !$0.inProtocol }
            }
            learned.fallbackRequirements[name]?.hasDefault = hasDefault
        }
        // The framework is where at least two of its core protocols are declared.
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

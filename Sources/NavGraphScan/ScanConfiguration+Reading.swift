import NavGraphKit

extension ScanConfiguration {
    /// Reads the `scan:` section of `.navgraph.yml` straight from its positioned nodes, with the
    /// registry's scalar rules (YAML 1.1 booleans: `strict: True`, `yes`, `on`) and every problem
    /// reported at its `file:line:col`: an unknown key is a warning (with a did-you-mean), a value of
    /// the wrong type an error. A missing key keeps its default; a list given in the file is added
    /// to the defaults (so `featureProtocols: [Builder]` recognises both).
    public static func read(_ node: RawNode?) -> (configuration: ScanConfiguration, diagnostics: [Diagnostic]) {
        var c = ScanConfiguration()
        var diagnostics: [Diagnostic] = []
        guard let node else { return (c, []) }
        func error(_ message: String, _ at: RawNode) { diagnostics.append(Diagnostic(.error, message, at: at.location)) }
        guard case .mapping(let pairs, _) = node else {
            error("scan must be a mapping, found \(node.kindDescription)", node)
            return (c, diagnostics)
        }
        func string(_ v: RawNode, _ what: String) -> String? {
            if case .scalar(let s, let plain, _) = v, !s.isEmpty, !(plain && (RawNode.isNull(s) || RawNode.bool(s) != nil)) { return s }
            error("\(what) must be a non-empty string, found \(v.kindDescription)", v)
            return nil
        }
        func strings(_ v: RawNode, _ what: String) -> [String] {
            switch v {
            case .scalar: return string(v, what).map { [$0] } ?? []
            case .sequence(let items, _): return items.compactMap { string($0, "an item of \(what)") }
            case .mapping: error("\(what) must be a list of names, found \(v.kindDescription)", v); return []
            }
        }
        func bool(_ v: RawNode, _ what: String) -> Bool? {
            if case .scalar(let s, true, _) = v, let b = RawNode.bool(s) { return b }
            error("\(what) must be true or false, found \(v.kindDescription)", v)
            return nil
        }
        func added(_ base: [String], _ v: RawNode, _ key: String) -> [String] {
            base + strings(v, "scan.\(key)").filter { !base.contains($0) }
        }
        var seen = Set<String>()
        for (k, v) in pairs {
            guard case .scalar(let key, _, _) = k else {
                error("keys of scan must be strings, found \(k.kindDescription)", k)
                continue
            }
            guard seen.insert(key).inserted else {
                error("key '\(key)' is repeated in scan", k)
                continue
            }
            guard let codingKey = CodingKeys(rawValue: key) else {
                diagnostics.append(Diagnostic(.warning, "unknown key '\(key)' in scan\(NameSuggestion.hint(for: key, in: knownKeys))", at: k.location))
                continue
            }
            switch codingKey {
            case .featureProtocols: c.featureProtocols = added(c.featureProtocols, v, key)
            case .routeProtocols: c.routeProtocols = added(c.routeProtocols, v, key)
            case .handlerProtocols: c.handlerProtocols = added(c.handlerProtocols, v, key)
            case .dependencyWrappers: c.dependencyWrappers = added(c.dependencyWrappers, v, key)
            case .lazyWrappers: c.lazyWrappers = added(c.lazyWrappers, v, key)
            case .buildFunctions: c.buildFunctions = added(c.buildFunctions, v, key)
            case .destinationFunctions: c.destinationFunctions = added(c.destinationFunctions, v, key)
            case .fallbackFunctions: c.fallbackFunctions = added(c.fallbackFunctions, v, key)
            case .isEnabledFunctions: c.isEnabledFunctions = added(c.isEnabledFunctions, v, key)
            case .navigateFunctions: c.navigateFunctions = added(c.navigateFunctions, v, key)
            case .navigateRouteLabels: c.navigateRouteLabels = added(c.navigateRouteLabels, v, key)
            case .presentationStyleLabels: c.presentationStyleLabels = added(c.presentationStyleLabels, v, key)
            case .registerFunctions: c.registerFunctions = added(c.registerFunctions, v, key)
            case .handlerLabels: c.handlerLabels = added(c.handlerLabels, v, key)
            case .dependencyFactoryLabels: c.dependencyFactoryLabels = added(c.dependencyFactoryLabels, v, key)
            case .dependencyTypeLabels: c.dependencyTypeLabels = added(c.dependencyTypeLabels, v, key)
            case .initialFeatureLabels: c.initialFeatureLabels = added(c.initialFeatureLabels, v, key)
            case .initialRouteLabels: c.initialRouteLabels = added(c.initialRouteLabels, v, key)
            case .routerTypes: c.routerTypes = added(c.routerTypes, v, key)
            case .routerProtocol: if let s = string(v, "scan.routerProtocol") { c.routerProtocol = s }
            case .target: if let s = string(v, "scan.target") { c.target = s }
            case .strict: if let b = bool(v, "scan.strict") { c.strict = b }
            case .includeTests: if let b = bool(v, "scan.includeTests") { c.includeTests = b }
            case .learnDialect: if let b = bool(v, "scan.learnDialect") { c.learnDialect = b }
            case .styles:
                for item in strings(v, "scan.styles") {
                    if item == "auto" { continue }
                    if let s = RoutingStyle(rawValue: item) {
                        if !c.styles.contains(s) { c.styles.append(s) }
                    } else {
                        let names = ["auto"] + RoutingStyle.allCases.map(\.rawValue)
                        error("scan.styles: '\(item)' is not a routing style (\(names.joined(separator: ", ")))\(NameSuggestion.hint(for: item, in: names))", v)
                    }
                }
            case .moduleMap:
                guard case .mapping(let entries, _) = v else {
                    error("scan.moduleMap must be a mapping of path prefixes to module names, found \(v.kindDescription)", v)
                    continue
                }
                for (pk, pv) in entries {
                    if let prefix = string(pk, "a scan.moduleMap path"), let module = string(pv, "the module of '\(prefix)' in scan.moduleMap") {
                        c.moduleMap[prefix] = module
                    }
                }
            }
        }
        return (c, diagnostics)
    }
}

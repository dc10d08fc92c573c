import NavGraphKit

// The per-file facts in the scan cache's byte format (see `CacheWriter`). Every stored property is
// written, in declaration order; `FactCacheTests.testEveryStoredPropertyIsCached` counts them.

extension FileFacts: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.string(path)
        w.optional(module) { $0.string($1) }
        w.values(types)
        w.values(navigations)
        w.values(handlerRegistrations)
        w.values(dependencyRegistrations)
        w.values(entries)
        w.values(routerInstantiations)
        w.values(deeplinks)
        w.values(warnings)
        w.values(functions)
        w.values(calls)
        w.values(appEntries)
        w.values(switches)
        w.values(tables)
        w.values(subscripts)
        w.values(callsWithoutArguments)
        w.values(typeAliases)
        w.array(globals.keys.sorted()) { w, k in w.string(k); w.strings(globals[k] ?? []) }
    }
    init(from r: inout CacheReader) throws {
        self.init(path: try r.string(), module: try r.optional { try $0.string() })
        types = try r.values()
        navigations = try r.values()
        handlerRegistrations = try r.values()
        dependencyRegistrations = try r.values()
        entries = try r.values()
        routerInstantiations = try r.values()
        deeplinks = try r.values()
        warnings = try r.values()
        functions = try r.values()
        calls = try r.values()
        appEntries = try r.values()
        switches = try r.values()
        tables = try r.values()
        subscripts = try r.values()
        callsWithoutArguments = try r.values()
        typeAliases = try r.values()
        for (k, v) in try r.array({ (try $0.string(), try $0.strings()) }) { globals[k] = v }
    }
}

extension TypeAliasFact: CacheCodable {
    func write(to w: inout CacheWriter) { w.optional(owner) { $0.string($1) }; w.string(name); w.strings(types); w.value(location) }
    init(from r: inout CacheReader) throws {
        self.init(owner: try r.optional { try $0.string() }, name: try r.string(), types: try r.strings(), location: try r.value())
    }
}

extension TypeFacts: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.string(name)
        w.bool(isExtension)
        w.bool(isProtocol)
        w.optional(module) { $0.string($1) }
        w.value(location)
        w.strings(inherited)
        w.strings(ignore)
        w.optionalValue(entryAnnotation)
        w.values(injected)
        w.values(storedProperties)
        w.values(initParameters)
        w.bool(declaresInit)
        w.optionalValue(identifier)
        w.optional(enabled) { $0.value($1.value); $0.value($1.location) }
        w.optional(fallback) { w, f in w.optional(f.feature) { $0.string($1) }; w.value(f.location) }
        w.optional(routes) { $0.strings($1.types); $0.value($1.location) }
        w.values(destinations)
        w.bool(hasDestination)
        w.stringSet(references)
        w.stringSet(memberReferences)
        w.values(pendingWarnings)
        w.array(propertyValues.keys.sorted()) { w, k in w.string(k); w.values(propertyValues[k] ?? []) }
        w.array(propertyTypes.keys.sorted()) { w, k in w.string(k); w.string(propertyTypes[k] ?? "") }
        w.stringSet(typeReferences)
        w.stringSet(weakReferences)
        w.stringSet(castReferences)
        w.stringSet(buildReferences)
        w.bool(requiresStaticIdentifier)
        w.bool(debugOnly)
        w.optional(fallbackSignature) { $0.string($1.name); $0.strings($1.labels); $0.value($1.location) }
        w.values(enumCases)
        w.optional(outer) { $0.string($1) }
    }
    init(from r: inout CacheReader) throws {
        self.init(
            name: try r.string(), isExtension: try r.bool(), isProtocol: try r.bool(),
            module: try r.optional { try $0.string() }, location: try r.value())
        inherited = try r.strings()
        ignore = try r.strings()
        entryAnnotation = try r.optionalValue()
        injected = try r.values()
        storedProperties = try r.values()
        initParameters = try r.values()
        declaresInit = try r.bool()
        identifier = try r.optionalValue()
        enabled = try r.optional { (value: try $0.value(Enablement.self), location: try $0.value(SourceLocation.self)) }
        fallback = try r.optional { (feature: try $0.optional { try $0.string() }, location: try $0.value(SourceLocation.self)) }
        routes = try r.optional { (types: try $0.strings(), location: try $0.value(SourceLocation.self)) }
        destinations = try r.values()
        hasDestination = try r.bool()
        references = try r.stringSet()
        memberReferences = try r.stringSet()
        pendingWarnings = try r.values()
        for (k, v) in try r.array({ (try $0.string(), try $0.values(PropertyValue.self)) }) { propertyValues[k] = v }
        for (k, v) in try r.array({ (try $0.string(), try $0.string()) }) { propertyTypes[k] = v }
        typeReferences = try r.stringSet()
        weakReferences = try r.stringSet()
        castReferences = try r.stringSet()
        buildReferences = try r.stringSet()
        requiresStaticIdentifier = try r.bool()
        debugOnly = try r.bool()
        fallbackSignature = try r.optional { (name: try $0.string(), labels: try $0.strings(), location: try $0.value(SourceLocation.self)) }
        enumCases = try r.values()
        outer = try r.optional { try $0.string() }
    }
}

extension EnumCaseFact: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(name); w.optional(rawValue) { $0.string($1) }; w.value(location) }
    init(from r: inout CacheReader) throws {
        self.init(name: try r.string(), rawValue: try r.optional { try $0.string() }, location: try r.value())
    }
}

extension StringFact: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(value); w.value(location) }
    init(from r: inout CacheReader) throws { self.init(value: try r.string(), location: try r.value()) }
}

extension MemberFact: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(name); w.value(type); w.string(typeText); w.value(location) }
    init(from r: inout CacheReader) throws {
        self.init(name: try r.string(), type: try r.value(), typeText: try r.string(), location: try r.value())
    }
}

extension TypeRef: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(name); w.bool(lazy) }
    init(from r: inout CacheReader) throws { self.init(name: try r.string(), lazy: try r.bool()) }
}

extension InjectedFact: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(name); w.string(type); w.value(location); w.bool(viaDependenciesStruct) }
    init(from r: inout CacheReader) throws {
        self.init(name: try r.string(), type: try r.string(), location: try r.value(), viaDependenciesStruct: try r.bool())
    }
}

extension DestinationFact: CacheCodable {
    func write(to w: inout CacheWriter) { w.optional(routeTypes) { $0.strings($1) }; w.string(feature); w.value(location) }
    init(from r: inout CacheReader) throws {
        self.init(routeTypes: try r.optional { try $0.strings() }, feature: try r.string(), location: try r.value())
    }
}

extension NavigateFact: CacheCodable {
    func write(to w: inout CacheWriter) {
        switch target {
        case .value(let v): w.uint(0); w.value(v)
        case .routeID(let id): w.uint(1); w.string(id)
        }
        w.optional(style) { $0.string($1) }
        w.value(location)
        w.strings(enclosingTypes)
        w.optional(module) { $0.string($1) }
        w.optional(function) { $0.int($1) }
    }
    init(from r: inout CacheReader) throws {
        let target: Target
        switch try r.uint() {
        case 0: target = .value(try r.value())
        case 1: target = .routeID(try r.string())
        default: throw CacheReader.Corrupt()
        }
        self.init(
            target: target, style: try r.optional { try $0.string() }, location: try r.value(),
            enclosingTypes: try r.strings(), module: try r.optional { try $0.string() }, function: try r.optional { try $0.int() })
    }
}

extension RegistrationFact: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(typeName); w.value(location); w.strings(ignore) }
    init(from r: inout CacheReader) throws { self.init(typeName: try r.string(), location: try r.value(), ignore: try r.strings()) }
}

extension DependencyRegistrationFact: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.string(protocolName); w.optional(implementation) { $0.string($1) }; w.value(location); w.strings(ignore)
        w.optional(module) { $0.string($1) }
    }
    init(from r: inout CacheReader) throws {
        self.init(
            protocolName: try r.string(), implementation: try r.optional { try $0.string() }, location: try r.value(),
            ignore: try r.strings(), module: try r.optional { try $0.string() })
    }
}

extension EntryFact: CacheCodable {
    func write(to w: inout CacheWriter) {
        switch target {
        case .feature(let f): w.uint(0); w.string(f)
        case .route(let v): w.uint(1); w.value(v)
        }
        w.value(location)
        w.strings(ignore)
        w.optional(function) { $0.int($1) }
        w.strings(enclosingTypes)
        w.optional(module) { $0.string($1) }
    }
    init(from r: inout CacheReader) throws {
        let target: Target
        switch try r.uint() {
        case 0: target = .feature(try r.string())
        case 1: target = .route(try r.value())
        default: throw CacheReader.Corrupt()
        }
        self.init(
            target: target, location: try r.value(), ignore: try r.strings(), function: try r.optional { try $0.int() },
            enclosingTypes: try r.strings(), module: try r.optional { try $0.string() })
    }
}

extension DeepLinkFact: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(anyRoute); w.value(location); w.strings(ignore) }
    init(from r: inout CacheReader) throws { self.init(anyRoute: try r.string(), location: try r.value(), ignore: try r.strings()) }
}

// MARK: The semantic index's facts

extension FunctionFacts: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.optional(owner) { $0.string($1) }
        w.string(name)
        w.values(parameters)
        w.bool(isStatic)
        w.bool(inProtocol)
        w.optional(returnType) { $0.string($1) }
        w.array(locals.keys.sorted()) { w, k in w.string(k); w.values(locals[k] ?? []) }
        w.values(returns)
        w.value(location)
        w.optional(module) { $0.string($1) }
        w.bool(isGetter)
        w.array(localScopes.keys.sorted()) { w, k in w.string(k); w.values(localScopes[k] ?? []) }
        w.optional(ownerOuter) { $0.string($1) }
    }
    init(from r: inout CacheReader) throws {
        let owner = try r.optional { try $0.string() }
        let name = try r.string()
        let parameters: [Parameter] = try r.values()
        let isStatic = try r.bool()
        let inProtocol = try r.bool()
        let returnType = try r.optional { try $0.string() }
        var locals: [String: [ValueExpr]] = [:]
        for (k, v) in try r.array({ (try $0.string(), try $0.values(ValueExpr.self)) }) { locals[k] = v }
        self.init(
            owner: owner, name: name, parameters: parameters, isStatic: isStatic, inProtocol: inProtocol,
            returnType: returnType, locals: locals, returns: try r.values(), location: try r.value(),
            module: try r.optional { try $0.string() })
        isGetter = try r.bool()
        for (k, v) in try r.array({ (try $0.string(), try $0.values(SourceLocation.self)) }) { localScopes[k] = v }
        ownerOuter = try r.optional { try $0.string() }
    }
}

extension FunctionFacts.Parameter: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.string(label); w.string(name); w.string(typeName); w.optional(metatypeOf) { $0.string($1) }; w.string(typeText)
        w.optionalValue(defaultValue)
        w.bool(isVariadic)
        w.optional(typeQualifier) { $0.string($1) }
    }
    init(from r: inout CacheReader) throws {
        self.init(
            label: try r.string(), name: try r.string(), typeName: try r.string(), metatypeOf: try r.optional { try $0.string() },
            typeText: try r.string(), defaultValue: try r.optionalValue(), isVariadic: try r.bool())
        typeQualifier = try r.optional { try $0.string() }
    }
}

extension CallFact: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.value(callee); w.values(arguments); w.optional(function) { $0.int($1) }; w.strings(enclosingTypes); w.value(location)
        w.optional(module) { $0.string($1) }
        w.values(trailing)
        w.strings(trailingLabels)
        w.optional(closureObject) { $0.value($1) }
    }
    init(from r: inout CacheReader) throws {
        self.init(
            callee: try r.value(), arguments: try r.values(), function: try r.optional { try $0.int() },
            enclosingTypes: try r.strings(), location: try r.value(), module: try r.optional { try $0.string() })
        trailing = try r.values()
        trailingLabels = try r.strings()
        closureObject = try r.optionalValue()
    }
}

extension PropertyValue: CacheCodable {
    func write(to w: inout CacheWriter) { w.value(value); w.optional(function) { $0.int($1) }; w.int(file); w.optional(location) { $0.value($1) } }
    init(from r: inout CacheReader) throws {
        self.init(value: try r.value(), function: try r.optional { try $0.int() }, file: try r.int(), location: try r.optional { try $0.value() })
    }
}

extension SwitchFact: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.value(subject); w.values(cases); w.optional(function) { $0.int($1) }; w.strings(enclosingTypes); w.value(location)
        w.optional(module) { $0.string($1) }
    }
    init(from r: inout CacheReader) throws {
        self.init(
            subject: try r.value(), cases: try r.values(), function: try r.optional { try $0.int() },
            enclosingTypes: try r.strings(), location: try r.value(), module: try r.optional { try $0.string() })
    }
}

extension SwitchFact.Case: CacheCodable {
    func write(to w: inout CacheWriter) { w.values(patterns); w.bool(isDefault); w.values(values); w.value(location); w.value(end) }
    init(from r: inout CacheReader) throws {
        self.init(patterns: try r.values(), isDefault: try r.bool(), values: try r.values(), location: try r.value(), end: try r.value())
    }
}

extension TableFact: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.values(entries); w.optional(function) { $0.int($1) }; w.strings(enclosingTypes); w.value(location)
        w.optional(module) { $0.string($1) }
        w.optional(argumentOf) { w, a in w.value(a.call); w.optional(a.label) { $0.string($1) } }
    }
    init(from r: inout CacheReader) throws {
        self.init(
            entries: try r.values(), function: try r.optional { try $0.int() }, enclosingTypes: try r.strings(),
            location: try r.value(), module: try r.optional { try $0.string() },
            argumentOf: try r.optional { (call: try $0.value(SourceLocation.self), label: try $0.optional { try $0.string() }) })
    }
}

extension TableFact.Entry: CacheCodable {
    func write(to w: inout CacheWriter) { w.value(key); w.value(value); w.value(location) }
    init(from r: inout CacheReader) throws { self.init(key: try r.value(), value: try r.value(), location: try r.value()) }
}

extension SubscriptFact: CacheCodable {
    func write(to w: inout CacheWriter) { w.value(base); w.string(key); w.optional(function) { $0.int($1) }; w.value(location) }
    init(from r: inout CacheReader) throws {
        self.init(base: try r.value(), key: try r.string(), function: try r.optional { try $0.int() }, location: try r.value())
    }
}

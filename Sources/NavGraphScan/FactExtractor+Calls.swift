import NavGraphKit
import SwiftSyntax

/// Calls: `navigate(…)`, `register(…)`, `navigationController(…)`, `RouterService(…)`,
/// type instantiations (for attribution), identifier reads (for `used`), AnyRoute strings.
extension FactExtractor {
    func readReference(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        for i in typeStack { facts.types[i].references.insert(name) }
        return .visitChildren
    }

    func readMemberAccess(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // `Type.shared`, `Type.make(…)`, `Type.self`: this type refers to `Type`.
        if let base = node.base?.as(DeclReferenceExprSyntax.self), SyntaxHelpers.isTypeLike(base.baseName.text) {
            recordTypeReference(base.baseName.text, at: node)
        }
        if let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.text == "dependencies" {
            for i in typeStack { facts.types[i].memberReferences.insert(node.declName.baseName.text) }
        }
        return .visitChildren
    }

    /// `x as! LoginController`, `x as? Y`: the type a value is cast to is referred to (a storyboard's
    /// screen is made by `storyboard.instantiateViewController(withIdentifier:) as! LoginController`).
    func readCast(_ node: UnresolvedAsExprSyntax) -> SyntaxVisitorContinueKind {
        guard let list = node.parent?.as(ExprListSyntax.self) else { return .visitChildren }
        var after = false
        for e in list {
            if after {
                if let t = e.as(TypeExprSyntax.self) {
                    let name = SyntaxHelpers.simpleName(t.type)
                    if SyntaxHelpers.isTypeLike(name) {
                        recordTypeReference(name, at: node)
                        if let top = typeStack.last { facts.types[top].castReferences.insert(name) }
                    }
                }
                break
            }
            after = e.id == Syntax(node).id
        }
        return .visitChildren
    }

    func readString(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if let value = SyntaxHelpers.literal(ExprSyntax(node)), Self.looksLikeAnyRoute(value) {
            facts.deeplinks.append(DeepLinkFact(anyRoute: value, location: location(node), ignore: ignored(around: node)))
        }
        return .skipChildren
    }

    /// `identifier|{…}`: a word, a bar, and something that opens a JSON object.
    static func looksLikeAnyRoute(_ s: String) -> Bool {
        guard let bar = s.firstIndex(of: "|") else { return false }
        let id = s[..<bar]
        let rest = s[s.index(after: bar)...].drop { $0 == " " }
        return !id.isEmpty && id.allSatisfy { $0.isLetter || $0.isNumber || "_-.".contains($0) } && rest.hasPrefix("{")
    }

    func readCall(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let constructed = SyntaxHelpers.constructedType(node)
        if let type = constructed {
            recordTypeReference(type, at: node)
            if config.routerTypes.contains(type) { facts.routerInstantiations.append(location(node)) }
        }
        guard let name = constructed ?? calleeName(node.calledExpression) else { return .visitChildren }
        let labels = node.arguments.map { $0.label?.text ?? "_" }
        let trailing = DirectPresentations.closureCalls.contains(name) ? trailingValues(node) : []
        let trailingLabels = (node.trailingClosure == nil ? [] : ["_"]) + node.additionalTrailingClosures.map(\.label.text)
        let closureObject = assignedClosureObject
        // A SwiftUI modifier (`List {…}.sheet(…) {…}`) is located at its name, not at the view it modifies.
        var at = location(node)
        if !trailing.isEmpty, let m = node.calledExpression.as(MemberAccessExprSyntax.self) { at = location(m.declName) }
        if !node.arguments.isEmpty {
            var receiver: ValueExpr.Receiver = .implicit
            if constructed == nil, let m = node.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
               base.trimmedText != "self" {
                if let b = base.as(DeclReferenceExprSyntax.self), SyntaxHelpers.isTypeLike(b.baseName.text) {
                    receiver = .type(b.baseName.text)
                } else {
                    receiver = .value(value(base))
                }
            }
            facts.calls.append(CallFact(
                callee: .init(receiver: receiver, name: name),
                arguments: node.arguments.map { .init(label: $0.label?.text, value: value($0.expression)) },
                function: currentFunction, enclosingTypes: enclosingTypeNames, location: at, module: facts.module,
                trailing: trailing, trailingLabels: trailingLabels, closureObject: closureObject))
        }
        if node.arguments.isEmpty {
            var receiver: ValueExpr.Receiver = .implicit
            if constructed == nil, let m = node.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
               base.trimmedText != "self" {
                receiver = .value(value(base))
            }
            facts.callsWithoutArguments.append(CallFact(
                callee: .init(receiver: receiver, name: name), arguments: [],
                function: currentFunction, enclosingTypes: enclosingTypeNames, location: at, module: facts.module,
                trailing: trailing, trailingLabels: trailingLabels, closureObject: closureObject))
        }
        if config.navigateFunctions.contains(name) {
            readNavigate(node, name: name, labels: labels)
        } else if config.registerFunctions.contains(name) {
            readRegister(node, labels: labels)
        } else if let first = node.arguments.first, let label = first.label?.text ?? Optional("_") {
            if config.initialFeatureLabels.contains(label) || config.initialFeatureCalls.contains("\(name)(\(label):)") {
                if let f = SyntaxHelpers.featureName(first.expression) {
                    facts.entries.append(EntryFact(target: .feature(f), location: location(node), ignore: ignored(around: node)))
                } else {
                    facts.warnings.append(.entryUnreadable(first.expression.trimmedText, at: location(node)))
                }
            } else if config.initialRouteLabels.contains(label) {
                facts.entries.append(EntryFact(
                    target: .route(value(first.expression)), location: location(node), ignore: ignored(around: node),
                    function: currentFunction, enclosingTypes: enclosingTypeNames, module: facts.module))
            }
        }
        return .visitChildren
    }

    /// What each trailing closure of `node` yields: every statement's value (a SwiftUI builder's
    /// children, a closure's result), as a choice.
    func trailingValues(_ node: FunctionCallExprSyntax) -> [ValueExpr] {
        var closures: [ClosureExprSyntax] = []
        if let c = node.trailingClosure { closures.append(c) }
        closures += node.additionalTrailingClosures.map(\.closure)
        return closures.map { c in
            .choice(c.statements.compactMap { item -> ValueExpr? in
                switch item.item {
                case .expr(let e): return value(e)
                case .stmt(let st): return st.as(ReturnStmtSyntax.self)?.expression.map { value($0) }
                case .decl: return nil
                }
            })
        }
    }

    func calleeName(_ e: ExprSyntax) -> String? {
        if let o = e.as(OptionalChainingExprSyntax.self) { return calleeName(o.expression) }
        if let f = e.as(ForceUnwrapExprSyntax.self) { return calleeName(f.expression) }
        if let r = e.as(DeclReferenceExprSyntax.self) { return r.baseName.text }
        if let m = e.as(MemberAccessExprSyntax.self) { return m.declName.baseName.text }
        return nil
    }

    private func recordTypeReference(_ type: String, at node: some SyntaxProtocol) {
        guard let top = typeStack.last else { return }
        facts.types[top].typeReferences.insert(type)
        // Inside the `build` function declared directly in this type?
        var p = node.parent
        while let n = p {
            if let f = n.as(FunctionDeclSyntax.self) {
                if config.buildFunctions.contains(f.name.text), let owner = enclosingTypeNode(of: f), typeIndexByNode[owner.id] == top {
                    facts.types[top].buildReferences.insert(type)
                }
                return
            }
            p = n.parent
        }
    }

    func enclosingTypeNode(of node: some SyntaxProtocol) -> Syntax? {
        var p = node.parent
        while let n = p {
            if n.is(StructDeclSyntax.self) || n.is(ClassDeclSyntax.self) || n.is(EnumDeclSyntax.self)
                || n.is(ActorDeclSyntax.self) || n.is(ExtensionDeclSyntax.self) || n.is(ProtocolDeclSyntax.self) {
                return n
            }
            p = n.parent
        }
        return nil
    }

    /// Enclosing type names, innermost first.
    var enclosingTypeNames: [String] { typeStack.reversed().map { facts.types[$0].name } }

    /// `// navgraph:ignore` written on the statement that holds `node`.
    func ignored(around node: some SyntaxProtocol) -> [String] {
        guard hasAnnotations else { return [] }
        var p: Syntax? = Syntax(node)
        while let n = p {
            if n.is(CodeBlockItemSyntax.self) || n.is(MemberBlockItemSyntax.self) { return Annotation.ignoredRules(for: n) }
            p = n.parent
        }
        return Annotation.ignoredRules(for: node)
    }

    private func readNavigate(_ node: FunctionCallExprSyntax, name: String, labels: [String]) {
        guard let first = node.arguments.first, config.navigateRouteLabels.contains(labels[0]) else {
            let routing = labels.contains { $0.lowercased().contains("route") || $0.lowercased().hasPrefix("from") }
            if routing { facts.warnings.append(.navigateLabels(labels.joined(separator: ":") + ":", at: location(node))) }
            return
        }
        let styleArg = node.arguments.first { config.presentationStyleLabels.contains($0.label?.text ?? "_") }
        // A navigation function of its own kind names its style: `link(for:)` pushes, `sheet(for:)` is a sheet.
        var style = styleArg.flatMap { Self.styleName($0.expression) }
        if style == nil, !config.navigateFunctions.prefix(1).contains(name), name != "navigate" {
            style = name == "link" ? "push" : name
        }
        facts.navigations.append(NavigateFact(
            target: .value(value(first.expression)), style: style,
            location: location(node), enclosingTypes: enclosingTypeNames, module: facts.module, function: currentFunction))
    }

    /// `Push()` → push, `Modal()` → modal, `SheetPresentationStyle()` → sheet, `.modal` → modal.
    static func styleName(_ e: ExprSyntax) -> String? {
        var name: String?
        if let call = e.as(FunctionCallExprSyntax.self) {
            if let t = SyntaxHelpers.constructedType(call) {
                name = t
            } else if let m = call.calledExpression.as(MemberAccessExprSyntax.self), m.base == nil {
                name = m.declName.baseName.text
            }
        } else if let m = e.as(MemberAccessExprSyntax.self), m.base == nil {
            name = m.declName.baseName.text
        }
        guard var n = name else { return nil }
        for suffix in ["PresentationStyle", "Presentation", "Style"] where n.hasSuffix(suffix) && n.count > suffix.count {
            n.removeLast(suffix.count)
            break
        }
        return n.prefix(1).lowercased() + n.dropFirst()
    }

    private func readRegister(_ node: FunctionCallExprSyntax, labels: [String]) {
        let loc = location(node)
        let args = Array(node.arguments)
        if args.count == 1, config.handlerLabels.contains(labels[0]) {
            if let call = args[0].expression.as(FunctionCallExprSyntax.self), let t = SyntaxHelpers.constructedType(call) {
                facts.handlerRegistrations.append(RegistrationFact(typeName: t, location: loc, ignore: ignored(around: node)))
            } else {
                facts.warnings.append(.handlerRegistrationUnreadable(args[0].expression.trimmedText, at: loc))
            }
            return
        }
        guard args.count == 2, config.dependencyFactoryLabels.contains(labels[0]),
              config.dependencyTypeLabels.contains(labels[1]) else { return }
        guard let proto = SyntaxHelpers.metatypeName(args[1].expression) else {
            facts.warnings.append(.factoryUnreadable("whose type '\(args[1].expression.trimmedText)' is not `SomeProtocol.self`", at: loc))
            return
        }
        let impl = Self.implementation(of: args[0].expression)
        if impl == nil {
            facts.warnings.append(.factoryUnreadable(
                "for '\(proto)' whose factory '\(args[0].expression.trimmedText)' is not a plain `Implementation(…)` call", at: loc))
        }
        facts.dependencyRegistrations.append(DependencyRegistrationFact(
            protocolName: proto, implementation: impl, location: loc, ignore: ignored(around: node), module: facts.module))
    }

    /// `{ Impl(…) }`, `{ return Impl(…) }`, `Impl(…)` (0.x), `Impl.init`.
    static func implementation(of e: ExprSyntax) -> String? {
        var expr = e
        if let closure = e.as(ClosureExprSyntax.self) {
            guard closure.statements.count == 1, let item = closure.statements.first else { return nil }
            switch item.item {
            case .expr(let x): expr = x
            case .stmt(let s):
                guard let r = s.as(ReturnStmtSyntax.self)?.expression else { return nil }
                expr = r
            case .decl: return nil
            }
        }
        if let call = expr.as(FunctionCallExprSyntax.self) { return SyntaxHelpers.constructedType(call).map(DependencyBinding.unqualified) }
        if let m = expr.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "init", let base = m.base,
           let t = SyntaxHelpers.typeName(ofCallee: base) {
            return t
        }
        return nil
    }
}

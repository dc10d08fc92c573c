import NavGraphKit
import SwiftParser
import SwiftSyntax

/// Reads one parsed Swift file into `FileFacts`: type declarations and their members here,
/// calls in `FactExtractor+Calls.swift`, annotations in `FactExtractor+Annotations.swift`.
final class FactExtractor: SyntaxVisitor {
    let config: ScanConfiguration
    /// The file's text, registered once: locations are byte offsets into it.
    let text: NavGraphKit.SourceLocation.Text
    var facts: FileFacts
    /// Indices into `facts.types` of the types being visited, outermost first.
    var typeStack: [Int] = []
    var typeIndexByNode: [SyntaxIdentifier: Int] = [:]
    /// Indices into `facts.functions` of the functions being visited, outermost first.
    var functionStack: [Int] = []
    /// How many closures were open when each function on `functionStack` began (returns inside
    /// a closure are the closure's, not the function's).
    var closureDepthAtFunction: [Int] = []
    var closureStack: [ClosureContext] = []
    /// Steps taken reading the current expression's value (`value(_:depth:)` bounds it).
    var valueWork = 0
    /// Names bound locally in each function (so `x = v` is a local's assignment, not a property's).
    var localNames: [Int: Set<String>] = [:]
    /// Where each local declared so far is visible, by function and name (`declaredScope(of:in:at:)`).
    var declaredScopes: [Int: [String: [LocalScope]]] = [:]
    /// Tables filled by `name[key] = value`, by "function|name": their index in `facts.tables`.
    var filledTables: [String: Int] = [:]

    var currentFunction: Int? { functionStack.last }
    /// Whether the file has a `navgraph:` comment at all (most files have none: no trivia is read).
    var hasAnnotations = true

    /// A closure being visited: its parameter names and the call it was handed to (`callee(label: { … })`).
    struct ClosureContext {
        var parameters: [String]
        var callee: String?
        var label: String
        /// The collection a `forEach`/`map`/`filter`/… closure runs over (its first parameter is an element).
        var elements: ExprSyntax?
        /// The property the closure is assigned to (`viewModel.onSelect = { route in … }`): the object
        /// (`.ref("self")` for the type's own) and the property's name.
        var assignedTo: (object: ValueExpr, property: String)? = nil
    }

    /// Methods whose closure's first parameter is an element of the collection they are called on.
    static let elementClosureMethods: Set<String> = [
        "forEach", "map", "compactMap", "flatMap", "filter", "contains", "first", "last", "allSatisfy",
        "sorted", "min", "max", "reduce", "firstIndex", "lastIndex", "drop", "prefix",
    ]

    /// `source` is the text `tree` was parsed from.
    init(path: String, module: String?, tree: SourceFileSyntax, source: String, config: ScanConfiguration) {
        self.config = config
        var source = source
        self.text = source.withUTF8 { NavGraphKit.SourceLocation.Text(swiftSource: $0, path: path) }
        self.facts = FileFacts(path: path, module: module)
        super.init(viewMode: .sourceAccurate)
    }

    /// Parses `source` and extracts its facts.
    static func extract(path: String, module: String?, source: String, config: ScanConfiguration) -> FileFacts {
        let tree = Parser.parse(source: source)
        let extractor = FactExtractor(path: path, module: module, tree: tree, source: source, config: config)
        extractor.hasAnnotations = Self.contains(source, "navgraph:")
        extractor.walk(tree)
        if extractor.hasAnnotations { extractor.collectAnnotations(tree) }
        if tree.hasError {
            extractor.facts.warnings.append(ScanWarning(
                .syntaxError, "the file has syntax errors; what follows them may be missed", at: extractor.firstErrorLocation(tree)))
        }
        return extractor.facts
    }

    /// Parses `source` as `extract` does and returns the tree's length in bytes (the tree is dropped):
    /// the bench's measure of swift-syntax's parse alone.
    static func parseOnly(_ source: String) -> Int {
        Parser.parse(source: source).totalLength.utf8Length
    }

    func location(_ node: some SyntaxProtocol) -> NavGraphKit.SourceLocation {
        location(node.positionAfterSkippingLeadingTrivia)
    }

    /// A byte offset into the file's text: line and column (UTF-8 bytes, as swift-syntax's
    /// `SourceLocationConverter` counts them) are computed only when the location is printed.
    func location(_ position: AbsolutePosition) -> NavGraphKit.SourceLocation {
        NavGraphKit.SourceLocation(text, utf8Offset: position.utf8Offset)
    }

    /// A byte search: whether `needle` occurs in `text`.
    static func contains(_ text: String, _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard let first = n.first else { return true }
        var text = text
        return text.withUTF8 { buf -> Bool in
            guard buf.count >= n.count else { return false }
            var i = 0
            let last = buf.count - n.count
            while i <= last {
                if buf[i] == first {
                    var j = 1
                    while j < n.count && buf[i + j] == n[j] { j += 1 }
                    if j == n.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// Inside `#if DEBUG` (not `#if !DEBUG`, not an `#else` of it).
    static func isDebugOnly(_ node: some SyntaxProtocol) -> Bool {
        var p = node.parent
        while let n = p {
            if let clause = n.as(IfConfigClauseSyntax.self), let c = clause.condition?.trimmedText,
               c.contains("DEBUG"), !c.contains("!") {
                return true
            }
            p = n.parent
        }
        return false
    }

    private func firstErrorLocation(_ tree: SourceFileSyntax) -> NavGraphKit.SourceLocation {
        for token in tree.tokens(viewMode: .all) where token.presence == .missing || token.hasError {
            return location(token)
        }
        return location(tree)
    }

    // MARK: Expressions (read in FactExtractor+Calls.swift)

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind { readReference(node) }
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind { readMemberAccess(node) }
    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind { readString(node) }
    override func visit(_ node: UnresolvedAsExprSyntax) -> SyntaxVisitorContinueKind { readCast(node) }
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { readCall(node) }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { recordBindings(node); return .visitChildren }
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind { recordAssignment(node); return .visitChildren }
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind { recordOptionalBinding(node); return .visitChildren }
    override func visit(_ node: MatchingPatternConditionSyntax) -> SyntaxVisitorContinueKind {
        recordCaseBindings(node.pattern, subject: node.initializer.value)
        return .visitChildren
    }
    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind { recordForIn(node); return .visitChildren }
    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { recordSwitch(node); return .visitChildren }
    override func visit(_ node: DictionaryExprSyntax) -> SyntaxVisitorContinueKind { recordTable(node); return .visitChildren }
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { recordEnumCases(node); return .visitChildren }
    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind { recordSubscript(node); return .visitChildren }
    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let f = currentFunction, let e = node.expression, closureStack.count == closureDepthAtFunction.last {
            facts.functions[f].returns.append(value(e))
        }
        return .visitChildren
    }

    // MARK: Functions and closures (the value-flow index)

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        beginFunction(
            node.name.text, parameters: node.signature.parameterClause.parameters, isStatic: isStatic,
            returnType: node.signature.returnClause?.type.trimmedText, body: node.body, at: node.name)
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { endFunction() }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        beginFunction("init", parameters: node.signature.parameterClause.parameters, isStatic: false, returnType: nil, body: node.body, at: node.initKeyword)
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { endFunction() }
    /// A computed property's getter (`var body: some View { … }`) is a function of no parameters.
    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard node.accessorBlock != nil, let id = node.pattern.as(IdentifierPatternSyntax.self) else { return .visitChildren }
        var body: CodeBlockSyntax?
        if case .getter(let items)? = node.accessorBlock?.accessors { body = CodeBlockSyntax(statements: items) }
        beginFunction(id.identifier.text, parameters: nil, isStatic: false, returnType: node.typeAnnotation?.type.trimmedText, body: body, at: id)
        facts.functions[facts.functions.count - 1].isGetter = true
        return .visitChildren
    }
    override func visitPost(_ node: PatternBindingSyntax) {
        if node.accessorBlock != nil, node.pattern.is(IdentifierPatternSyntax.self) { endFunction() }
    }
    /// A closure's parameter names as written (`{ a, b in … }`, `{ (a: A) in … }`); none for `$0` closures.
    static func closureParameterNames(_ node: ClosureExprSyntax) -> [String] {
        switch node.signature?.parameterClause {
        case .simpleInput(let list)?: return list.map(\.name.text)
        case .parameterClause(let clause)?: return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: return []
        }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        let names = Self.closureParameterNames(node)
        var callee: String?
        var label = "_"
        if let arg = node.parent?.as(LabeledExprSyntax.self), let call = arg.parent?.parent?.as(FunctionCallExprSyntax.self) {
            label = arg.label?.text ?? "_"
            callee = SyntaxHelpers.constructedType(call) ?? calleeName(call.calledExpression)
        } else if let call = node.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == node.id {
            callee = SyntaxHelpers.constructedType(call) ?? calleeName(call.calledExpression)
        }
        var elements: ExprSyntax?
        let owningCall = node.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self)
            ?? node.parent?.as(FunctionCallExprSyntax.self)
        if let call = owningCall, let m = call.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
           Self.elementClosureMethods.contains(m.declName.baseName.text), label == "_" || label == "where" || label == "by" {
            elements = base
        }
        var context = ClosureContext(parameters: names, callee: callee, label: label, elements: elements)
        if callee == nil { context.assignedTo = assignedProperty(of: node) }
        closureStack.append(context)
        return .visitChildren
    }

    /// `object.property = { … }`, `self.property = { … }`, `property = { … }`: the object and the property
    /// the closure is assigned to.
    private func assignedProperty(of node: ClosureExprSyntax) -> (object: ValueExpr, property: String)? {
        guard let seq = node.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(seq.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == node.id else { return nil }
        if let r = elements[0].as(DeclReferenceExprSyntax.self) { return (.ref("self"), r.baseName.text) }
        guard let m = elements[0].as(MemberAccessExprSyntax.self), let base = m.base else { return nil }
        return (base.trimmedText == "self" ? .ref("self") : value(base), m.declName.baseName.text)
    }
    override func visitPost(_ node: ClosureExprSyntax) { closureStack.removeLast() }

    /// The object of the innermost closure of the current function assigned to another object's
    /// property (`CallFact.closureObject`); nil where there is none or it is `self`'s.
    var assignedClosureObject: ValueExpr? {
        let start = closureDepthAtFunction.last ?? 0
        guard closureStack.count > start else { return nil }
        for c in closureStack[start...].reversed() {
            guard let a = c.assignedTo else { continue }
            return a.object == .ref("self") ? nil : a.object
        }
        return nil
    }

    private func beginFunction(
        _ name: String, parameters: FunctionParameterListSyntax?, isStatic: Bool, returnType: String?,
        body: CodeBlockSyntax?, at token: some SyntaxProtocol
    ) {
        let ownerIndex = typeStack.last
        let inProtocol = ownerIndex.map { facts.types[$0].isProtocol } ?? false
        var f = FunctionFacts(
            owner: ownerIndex.map { facts.types[$0].name }, ownerOuter: ownerIndex.flatMap { facts.types[$0].outer }, name: name,
            parameters: (parameters ?? []).map { p in
                FunctionFacts.Parameter(
                    label: p.firstName.text, name: (p.secondName ?? p.firstName).text,
                    typeName: SyntaxHelpers.elementTypeName(p.type), typeQualifier: SyntaxHelpers.typeQualifier(p.type),
                    metatypeOf: p.type.as(MetatypeTypeSyntax.self).map { SyntaxHelpers.elementTypeName($0.baseType) },
                    typeText: inProtocol ? p.type.trimmedText : "",
                    defaultValue: p.defaultValue.map { value($0.value) }, isVariadic: p.ellipsis != nil)
            },
            isStatic: isStatic, inProtocol: inProtocol,
            returnType: returnType, location: location(token), module: facts.module)
        // A body of one expression returns it (an `if` or `switch` expression too).
        if let body, body.statements.count == 1, let only = body.statements.first {
            if case .expr(let e) = only.item {
                f.returns.append(value(e))
            } else if case .stmt(let st) = only.item, let e = st.as(ExpressionStmtSyntax.self)?.expression,
                      e.is(IfExprSyntax.self) || e.is(SwitchExprSyntax.self) {
                f.returns.append(value(e))
            }
        }
        facts.functions.append(f)
        functionStack.append(facts.functions.count - 1)
        closureDepthAtFunction.append(closureStack.count)
    }

    private func endFunction() {
        functionStack.removeLast()
        closureDepthAtFunction.removeLast()
    }

    // MARK: Types

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node, name: node.name, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node, name: node.name, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node, name: node.name, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node, name: node.name, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node, name: node.name, inheritance: node.inheritanceClause, members: node.memberBlock, isProtocol: true)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node, name: nil, extended: node.extendedType, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        let value = node.initializer.value
        let parts = value.as(CompositionTypeSyntax.self).map { $0.elements.map { SyntaxHelpers.simpleName($0.type) } } ?? [SyntaxHelpers.simpleName(value)]
        facts.typeAliases.append(TypeAliasFact(
            owner: typeStack.last.map { facts.types[$0].name }, name: node.name.text, types: parts, location: location(node.name)))
        return .skipChildren
    }

    private func enter(
        _ node: some DeclSyntaxProtocol, name: TokenSyntax?, extended: TypeSyntax? = nil,
        inheritance: InheritanceClauseSyntax?, members: MemberBlockSyntax, isProtocol: Bool = false
    ) -> SyntaxVisitorContinueKind {
        let typeName = name?.text ?? extended.map(SyntaxHelpers.simpleName) ?? "?"
        var t = TypeFacts(
            name: typeName, isExtension: name == nil, isProtocol: isProtocol, module: facts.module,
            location: name.map { location($0) } ?? location(node)
        )
        if name != nil {
            t.outer = typeStack.last.map { facts.types[$0].qualifiedName }
        } else if let extended {
            t.outer = SyntaxHelpers.typeQualifier(extended)
        }
        t.inherited = inheritance?.inheritedTypes.map { SyntaxHelpers.simpleName($0.type) } ?? []
        t.ignore = hasAnnotations ? Annotation.ignoredRules(for: node) : []
        t.debugOnly = Self.isDebugOnly(node) || t.inherited.contains("PreviewProvider")
        for member in members.members { read(member.decl, into: &t) }
        facts.types.append(t)
        typeIndexByNode[node.id] = facts.types.count - 1
        typeStack.append(facts.types.count - 1)
        return .visitChildren
    }

    // MARK: Members

    private func read(_ decl: DeclSyntax, into t: inout TypeFacts) {
        if let v = decl.as(VariableDeclSyntax.self) {
            readVariable(v, into: &t)
        } else if let i = decl.as(InitializerDeclSyntax.self) {
            t.declaresInit = true
            // A parameter with a default value is not resolved from the store when the factory omits it
            // (`init(client: HTTPClientProtocol = URLSessionHTTPClient())`): not a need.
            for p in i.signature.parameterClause.parameters where p.defaultValue == nil {
                guard let ref = SyntaxHelpers.typeRef(p.type, lazyWrappers: config.lazyWrappers) else { continue }
                let n = (p.secondName ?? p.firstName).text
                t.initParameters.append(MemberFact(name: n, type: ref, typeText: p.type.trimmedText, location: location(p)))
            }
        } else if let f = decl.as(FunctionDeclSyntax.self) {
            readFunction(f, into: &t)
        } else if let s = decl.as(StructDeclSyntax.self), s.name.text == "Dependencies" {
            // The 0.x dialect: a feature's dependencies are the stored properties of its `Dependencies` struct.
            for m in s.memberBlock.members {
                guard let v = m.decl.as(VariableDeclSyntax.self), !isStatic(v.modifiers) else { continue }
                for b in v.bindings {
                    guard let id = b.pattern.as(IdentifierPatternSyntax.self), let type = b.typeAnnotation?.type else { continue }
                    t.injected.append(InjectedFact(
                        name: id.identifier.text, type: SyntaxHelpers.qualifiedName(type), location: location(b),
                        viaDependenciesStruct: true))
                }
            }
        }
    }

    private func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    }

    private func readVariable(_ v: VariableDeclSyntax, into t: inout TypeFacts) {
        let wrappers = v.attributes.compactMap { a -> String? in
            guard case .attribute(let attr) = a else { return nil }
            return SyntaxHelpers.simpleName(attr.attributeName)
        }
        let injected = wrappers.contains { config.dependencyWrappers.contains($0) }
        let staticVar = isStatic(v.modifiers)
        for b in v.bindings {
            guard let id = b.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = id.identifier.text
            if injected, let type = b.typeAnnotation?.type {
                t.injected.append(InjectedFact(
                    name: name, type: SyntaxHelpers.qualifiedName(type), location: location(b), viaDependenciesStruct: false))
                continue
            }
            if staticVar && name == "identifier" {
                if t.isProtocol { t.requiresStaticIdentifier = true }
                if let value = SyntaxHelpers.literal(b.initializer?.value) ?? getterLiteral(b) ?? getterTypeName(b) {
                    t.identifier = StringFact(value: value, location: location(b))
                }
                continue
            }
            if !staticVar && name == "routes" {
                readRoutes(b, into: &t)
                continue
            }
            if !staticVar, isStored(b), let type = b.typeAnnotation?.type,
               let ref = SyntaxHelpers.typeRef(type, lazyWrappers: config.lazyWrappers) {
                t.storedProperties.append(MemberFact(name: name, type: ref, typeText: type.trimmedText, location: location(b)))
            }
        }
    }

    private func isStored(_ b: PatternBindingSyntax) -> Bool {
        guard let accessors = b.accessorBlock?.accessors else { return true }
        if case .accessors(let list) = accessors {
            return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
        return false
    }

    /// `{ "x" }`, `{ return "x" }`, `{ get { "x" } }`.
    private func getterLiteral(_ b: PatternBindingSyntax) -> String? {
        bodyExpressions(b).count == 1 ? SyntaxHelpers.literal(bodyExpressions(b).first) : nil
    }

    /// `String(describing: Self.self)`, `"\(Self.self)"`, `String(describing: T.self)`, `"\(T.self)"`
    /// as the one thing a getter returns: the type's name (`StringFact.selfTypeName` for `Self`).
    private func getterTypeName(_ b: PatternBindingSyntax) -> String? {
        let body = bodyExpressions(b)
        guard body.count == 1, let e = body.first else { return nil }
        var described: ExprSyntax?
        if let call = e.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedText == "String",
           call.arguments.count == 1, call.arguments.first?.label?.text == "describing" {
            described = call.arguments.first?.expression
        } else if let s = e.as(StringLiteralExprSyntax.self) {
            // Only the interpolation: empty text segments around it are fine.
            let parts = s.segments.filter { $0.as(StringSegmentSyntax.self)?.content.text.isEmpty != true }
            if parts.count == 1, let seg = parts.first?.as(ExpressionSegmentSyntax.self), seg.expressions.count == 1 {
                described = seg.expressions.first?.expression
            }
        }
        guard let m = described?.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "self", let base = m.base else { return nil }
        let name = base.trimmedText
        if name == "Self" { return StringFact.selfTypeName }
        guard SyntaxHelpers.isTypeLike(name), !name.contains("<") else { return nil }
        return String(name.split(separator: ".").last ?? Substring(name))
    }

    private func bodyExpressions(_ b: PatternBindingSyntax) -> [ExprSyntax] {
        if let e = b.initializer?.value { return [e] }
        guard let accessors = b.accessorBlock?.accessors else { return [] }
        switch accessors {
        case .getter(let items):
            return SyntaxHelpers.returnedExpressions(CodeBlockSyntax(statements: items))
        case .accessors(let list):
            guard let get = list.first(where: { $0.accessorSpecifier.text == "get" }) else { return [] }
            return SyntaxHelpers.returnedExpressions(get.body)
        }
    }

    private func readRoutes(_ b: PatternBindingSyntax, into t: inout TypeFacts) {
        let exprs = bodyExpressions(b)
        if exprs.count == 1, let array = exprs.first?.as(ArrayExprSyntax.self) {
            let names = array.elements.map { SyntaxHelpers.metatypeName($0.expression) }
            if names.allSatisfy({ $0 != nil }) {
                t.routes = (names.map { DependencyBinding.unqualified($0!) }, location(b))
                return
            }
        }
        t.pendingWarnings.append(.routesUnreadable(t.name, at: location(b)))
    }

    private func readFunction(_ f: FunctionDeclSyntax, into t: inout TypeFacts) {
        let name = f.name.text
        if config.isEnabledFunctions.contains(name) {
            let returned = SyntaxHelpers.returnedExpressions(f.body)
            t.enabled = (Enablement.of(returned), location(f.name))
        } else if config.fallbackFunctions.contains(name) {
            t.fallbackSignature = (name, f.signature.parameterClause.parameters.map(\.firstName.text), location(f.name))
            let returned = SyntaxHelpers.returnedExpressions(f.body)
            let names = returned.map { e -> String?? in
                if e.is(NilLiteralExprSyntax.self) { return .some(nil) }
                return SyntaxHelpers.featureName(e).map { .some($0) } ?? nil
            }
            if !names.isEmpty, names.allSatisfy({ $0 != nil }), Set(names.map { $0! }).count == 1 {
                t.fallback = (names[0]!, location(f.name))
            } else {
                let text = returned.map(\.trimmedText).joined(separator: ", ")
                t.pendingWarnings.append(.fallbackUnreadable(t.name, text.isEmpty ? "nothing" : text, at: location(f.name)))
            }
        } else if config.destinationFunctions.contains(name) {
            t.hasDestination = true
            var analyzer = DestinationAnalyzer(handler: t.name, locate: { [unowned self] in self.location($0) })
            if let body = f.body { analyzer.analyze(body.statements, context: nil) }
            t.destinations += analyzer.found
            t.pendingWarnings += analyzer.warnings
        }
    }
}

extension Enablement {
    /// `true`/`false` literals, a flag read as `x.isEnabled("name")` / `x.isEnabled(.name)`, else runtime.
    static func of(_ returned: [ExprSyntax]) -> Enablement {
        guard returned.count == 1, let e = returned.first else { return returned.isEmpty ? .always : .runtime }
        if let b = e.as(BooleanLiteralExprSyntax.self) { return b.literal.tokenKind == .keyword(.true) ? .always : .never }
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let arg = call.arguments.first?.expression {
            if let s = SyntaxHelpers.literal(arg) { return .flag(s) }
            if let m = arg.as(MemberAccessExprSyntax.self), m.base == nil { return .flag(m.declName.baseName.text) }
        }
        return .runtime
    }
}

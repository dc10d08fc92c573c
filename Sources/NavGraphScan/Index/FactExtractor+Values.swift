import NavGraphKit
import SwiftSyntax

/// Expressions as `ValueExpr`s, and the bindings value flow follows: locals, assignments,
/// optional bindings, `for … in`, returns.
extension FactExtractor {
    /// The value an expression denotes, as far as the scanner follows values.
    func value(_ expr: ExprSyntax, depth: Int = 0) -> ValueExpr {
        // Bounded work per expression read (closures over collections re-read their collection at each
        // `$0`): past 2,000 steps the value is unknown, never a hang.
        if depth == 0 { valueWork = 0 }
        valueWork += 1
        guard depth < 24, valueWork <= 2_000 else { return .unknown(Self.short(expr)) }
        // Numbers, booleans and closures are never routes: say so without printing them.
        if expr.is(IntegerLiteralExprSyntax.self) || expr.is(FloatLiteralExprSyntax.self) || expr.is(BooleanLiteralExprSyntax.self) {
            return .unknown(expr.trimmedText)
        }
        if let c = expr.as(ClosureExprSyntax.self), c.statements.count != 1 { return .unknown("{…}") }
        // A closure of no parameters with one expression (`{ SomeRoute() }`): calling it gives that
        // expression, which is all a route-valued closure is used for.
        if let c = expr.as(ClosureExprSyntax.self), c.signature == nil, let body = lastExpression(c.statements),
           !body.tokens(viewMode: .sourceAccurate).contains(where: { if case .dollarIdentifier = $0.tokenKind { return true }; return false }) {
            return .choice([value(body, depth: depth + 1)])
        }
        let next = depth + 1
        if let call = expr.as(FunctionCallExprSyntax.self) {
            // `{ return make() }()` (a lazy property's initialiser): what its one statement gives.
            if call.arguments.isEmpty, call.trailingClosure == nil, let c = call.calledExpression.as(ClosureExprSyntax.self),
               c.signature == nil, let e = lastExpression(c.statements) {
                if c.statements.count == 1 { return value(e, depth: next) }
                // `{ let vc = DetailViewController(model: model); …; return vc }()`: what its last
                // statement returns, a local of the closure read as what it is bound to.
                return value(closureLocal(e, in: c.statements) ?? e, depth: next)
            }
            let args = call.arguments.map { ValueExpr.Argument(label: $0.label?.text, value: value($0.expression, depth: next)) }
            if let t = SyntaxHelpers.constructedType(call) {
                // `NavigationStack { Root() }`: the content is the screen a presentation shows.
                if DirectPresentations.containers[t] == "content", let c = call.trailingClosure {
                    let content = ValueExpr.choice(c.statements.compactMap { item -> ValueExpr? in
                        if case .expr(let e) = item.item { return value(e, depth: next) }
                        return nil
                    })
                    return .construct(t, args + [.init(label: "content", value: content)])
                }
                return .construct(t, args)
            }
            if let m = call.calledExpression.as(MemberAccessExprSyntax.self) { return memberCallValue(call, m, args, depth: next) }
            if let r = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                return .call(.init(receiver: .implicit, name: r.baseName.text), args)
            }
            return .unknown(Self.short(expr))
        }
        if let r = expr.as(DeclReferenceExprSyntax.self) {
            let name = r.baseName.text
            if let p = closureParameter(named: name, depth: depth) { return p }
            return .ref(name)
        }
        if let m = expr.as(MemberAccessExprSyntax.self) {
            let name = m.declName.baseName.text
            guard let base = m.base else { return .unknown(Self.short(expr)) }
            if base.is(DeclReferenceExprSyntax.self), base.trimmedText == "self" { return .selfMember(name) }
            if let b = base.as(DeclReferenceExprSyntax.self), SyntaxHelpers.isTypeLike(b.baseName.text),
               closureParameter(named: b.baseName.text) == nil {
                return .staticMember(b.baseName.text, name)
            }
            if name == "first" || name == "last" { return .element(value(base, depth: next)) }
            return .member(value(base, depth: next), name)
        }
        if let s = expr.as(SubscriptCallExprSyntax.self) { return .element(value(s.calledExpression, depth: next)) }
        if let o = expr.as(OptionalChainingExprSyntax.self) { return value(o.expression, depth: next) }
        if let f = expr.as(ForceUnwrapExprSyntax.self) { return value(f.expression, depth: next) }
        if let a = expr.as(AsExprSyntax.self) { return value(a.expression, depth: next) }
        if let t = expr.as(TryExprSyntax.self) { return value(t.expression, depth: next) }
        if let a = expr.as(AwaitExprSyntax.self) { return value(a.expression, depth: next) }
        if let t = expr.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first, only.label == nil {
            return value(only.expression, depth: next)
        }
        if let t = expr.as(TernaryExprSyntax.self) {
            return .choice([value(t.thenExpression, depth: next), value(t.elseExpression, depth: next)])
        }
        if let seq = expr.as(SequenceExprSyntax.self) { return sequenceValue(seq, depth: next) }
        if let a = expr.as(ArrayExprSyntax.self) { return .array(a.elements.map { value($0.expression, depth: next) }) }
        // A dictionary's values (what `table[key]` reads); its keys are not routes.
        if let d = expr.as(DictionaryExprSyntax.self) {
            guard case .elements(let list) = d.content else { return .array([]) }
            return .array(list.map { value($0.value, depth: next) })
        }
        if let s = SyntaxHelpers.literal(expr) { return .literal(s) }
        // `nil` is no route: a choice that includes it has only its other branches.
        if expr.is(NilLiteralExprSyntax.self) { return .choice([]) }
        if let i = expr.as(IfExprSyntax.self) { return .choice(branchValues(i, depth: next)) }
        // `{ $0 == "welcome" }` (a path predicate): `==` called with what `$0` is compared to
        // (`hasPrefix`, several as a choice: `pathPredicate`).
        if let c = expr.as(ClosureExprSyntax.self), let p = pathPredicate(c, depth: next) { return p }
        if let s = expr.as(SwitchExprSyntax.self) {
            var out: [ValueExpr] = []
            for c in s.cases {
                if case .switchCase(let sc) = c, let v = lastExpression(sc.statements) { out.append(value(v, depth: next)) }
            }
            return .choice(out)
        }
        return .unknown(Self.short(expr))
    }

    /// Methods that return (some of) the elements of the collection they are called on.
    static let sameElementMethods: Set<String> = ["filter", "sorted", "reversed", "shuffled", "dropFirst", "dropLast", "prefix", "suffix"]

    private func receiver(_ base: ExprSyntax, depth: Int) -> ValueExpr.Receiver {
        if base.trimmedText == "self" { return .implicit }
        if let b = base.as(DeclReferenceExprSyntax.self), SyntaxHelpers.isTypeLike(b.baseName.text) { return .type(b.baseName.text) }
        return .value(value(base, depth: depth))
    }

    /// `a ?? b`, `c ? a : b` before operator folding (the parser leaves binary expressions as sequences).
    private func sequenceValue(_ seq: SequenceExprSyntax, depth: Int) -> ValueExpr {
        sequenceValue(Array(seq.elements), of: seq, depth: depth)
    }

    /// `elements` of `seq` (all of them, or what follows an assignment's `=`) as one value.
    private func sequenceValue(_ elements: [ExprSyntax], of seq: SequenceExprSyntax, depth: Int) -> ValueExpr {
        if elements.count == 1 { return value(elements[0], depth: depth) }
        if let k = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
           let ternary = elements[k].as(UnresolvedTernaryExprSyntax.self) {
            let rest = Array(elements[(k + 1)...])
            let elseValue: ValueExpr = rest.count == 1 ? value(rest[0], depth: depth) : .unknown(Self.short(seq))
            return .choice([value(ternary.thenExpression, depth: depth), elseValue])
        }
        let isCoalescing = elements.enumerated().allSatisfy { i, e in
            i % 2 == 0 || e.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
        }
        if elements.count >= 3, isCoalescing {
            return .choice(stride(from: 0, to: elements.count, by: 2).map { value(elements[$0], depth: depth) })
        }
        // `"app/" + name`: `+` called with both sides (left to right), which `ValueResolver` joins when
        // both are string literals.
        let isJoin = elements.enumerated().allSatisfy { i, e in
            i % 2 == 0 || e.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        }
        if elements.count >= 3, isJoin {
            var v = value(elements[0], depth: depth)
            for k in stride(from: 2, to: elements.count, by: 2) {
                v = .call(.init(receiver: .implicit, name: "+"), [.init(label: nil, value: v), .init(label: nil, value: value(elements[k], depth: depth))])
            }
            return v
        }
        // `x as? T`, `x as! T`: the value of `x`, known to be a `T` (`ValueResolver.cast`); `x as T`
        // (an upcast or bridge) is `x` itself.
        if elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self), let t = elements[2].as(TypeExprSyntax.self) {
            let inner = value(elements[0], depth: depth)
            let name = SyntaxHelpers.simpleName(t.type)
            guard cast.questionOrExclamationMark != nil, SyntaxHelpers.isTypeLike(name) else { return inner }
            return .cast(inner, to: name)
        }
        return .unknown(Self.short(seq))
    }

    private func branchValues(_ i: IfExprSyntax, depth: Int) -> [ValueExpr] {
        var out: [ValueExpr] = []
        if let v = lastExpression(i.body.statements) { out.append(value(v, depth: depth)) }
        switch i.elseBody {
        case .ifExpr(let next)?: out += branchValues(next, depth: depth)
        case .codeBlock(let b)?: if let v = lastExpression(b.statements) { out.append(value(v, depth: depth)) }
        case nil: break
        }
        return out
    }

    /// `name`'s initializer when `e` is a bare `name` bound once by `let name = …` (or `var`) among
    /// `items`, a closure's statements; nil otherwise (a name bound twice, or assigned later, stays as written).
    private func closureLocal(_ e: ExprSyntax, in items: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard let r = e.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = r.baseName.text
        var found: [ExprSyntax] = []
        for item in items {
            guard case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self) else { continue }
            for b in v.bindings {
                guard b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name else { continue }
                guard let initial = b.initializer?.value else { return nil }
                found.append(initial)
            }
        }
        guard found.count == 1 else { return nil }
        // Assigned again anywhere in the closure (`vc = other`): `name =` written once is the binding.
        var assignments = 0
        var previous: TokenSyntax?
        for t in items.tokens(viewMode: .sourceAccurate) {
            if t.tokenKind == .equal, let p = previous, p.tokenKind == .identifier(name) { assignments += 1 }
            previous = t
        }
        return assignments == 1 ? found[0] : nil
    }

    private func lastExpression(_ items: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard let last = items.last else { return nil }
        switch last.item {
        case .expr(let e): return e
        case .stmt(let s):
            if let e = s.as(ExpressionStmtSyntax.self) { return e.expression }
            return s.as(ReturnStmtSyntax.self)?.expression
        case .decl: return nil
        }
    }

    /// `$0`, `$1` or a named parameter of an enclosing closure that was handed to a call.
    private func closureParameter(named name: String, depth: Int = 0) -> ValueExpr? {
        for (k, c) in closureStack.enumerated().reversed() {
            if let i = c.parameters.firstIndex(of: name) ?? (name.hasPrefix("$") ? Int(name.dropFirst()) : nil) {
                // `routes.forEach { navigate($0) }`: an element of `routes`, which is written outside
                // this closure (its `$0` is an outer closure's, so the inner ones are set aside meanwhile).
                if i == 0, let elements = c.elements {
                    let saved = closureStack
                    closureStack.removeSubrange(k...)
                    defer { closureStack = saved }
                    return .element(value(elements, depth: depth + 1))
                }
                guard let callee = c.callee else {
                    if let a = c.assignedTo { return .propertyClosureParameter(object: a.object, property: a.property, index: i) }
                    return .unknown(name)
                }
                return .closureParameter(callee: callee, label: c.label, index: i)
            }
        }
        return nil
    }

    /// `base.name(…)`: an element of `base` (`first`, `randomElement()`), the same elements (`filter`,
    /// `sorted`, …), what `map`/`compactMap`/`flatMap` make of each, an enum case `.name(…)`, or a call
    /// on `base`. `next` is the depth to read the parts at.
    private func memberCallValue(_ call: FunctionCallExprSyntax, _ m: MemberAccessExprSyntax, _ args: [ValueExpr.Argument], depth next: Int) -> ValueExpr {
        let expr = ExprSyntax(call)
        let name = m.declName.baseName.text
        if ["randomElement", "first", "last"].contains(name), let base = m.base { return .element(value(base, depth: next)) }
        // Collections in, the same elements out (`filter`, `sorted`, …); `map`/`compactMap` give
        // what their closure (or key path) makes of each element.
        if Self.sameElementMethods.contains(name), let base = m.base { return value(base, depth: next) }
        if ["map", "compactMap", "flatMap"].contains(name), let base = m.base {
            if let kp = call.arguments.first?.expression.as(KeyPathExprSyntax.self), kp.components.count == 1,
               let prop = kp.components.first?.component.as(KeyPathPropertyComponentSyntax.self) {
                return .array([.member(.element(value(base, depth: next)), prop.declName.baseName.text)])
            }
            let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self)
            // `children.map { $0(store) }`: each element (a function) applied, read like `children.map(f)`.
            if let closure, let body = lastExpression(closure.statements), closure.statements.count == 1,
               let applied = body.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self),
               applied.baseName.text == (Self.closureParameterNames(closure).first ?? "$0") {
                return .call(.init(receiver: receiver(base, depth: next), name: name), [])
            }
            if let closure, let body = lastExpression(closure.statements), closure.statements.count == 1 {
                // Read as if inside the closure: its `$0` is an element of `base`, not an outer closure's.
                closureStack.append(ClosureContext(parameters: Self.closureParameterNames(closure), callee: name, label: "_", elements: base))
                defer { closureStack.removeLast() }
                return .array([value(body, depth: next)])
            }
        }
        // `.show(DetailRoute())`: an enum case with its associated values (or a static factory).
        guard let base = m.base else { return name == "init" ? .unknown(Self.short(expr)) : .enumCase(name, args) }
        return .call(.init(receiver: receiver(base, depth: next), name: name), args)
    }

    /// The expression as written, on one line and at most 80 characters; a long one is not printed
    /// whole (only its first tokens), so that big closures cost nothing.
    static func short(_ node: some SyntaxProtocol) -> String {
        if node.trimmedLength.utf8Length > 80 {
            var text = ""
            for token in node.tokens(viewMode: .sourceAccurate) {
                if !text.isEmpty && token.leadingTrivia.contains(where: { if case .spaces = $0 { return true }; return $0.isNewline }) { text += " " }
                text += token.text
                if text.count > 76 { break }
            }
            return String(text.prefix(77)) + "…"
        }
        let raw = node.trimmedText
        // One line of ASCII that starts and ends with no blank: the steps below return it unchanged
        // (they cost 3 % of a scan's CPU through Foundation's trimming).
        let bytes = raw.utf8
        if let first = bytes.first, let last = bytes.last, first != 0x20, first != 0x09, last != 0x20, last != 0x09,
           bytes.allSatisfy({ $0 < 0x80 && ($0 < 0x0A || $0 > 0x0D) }) {
            return raw
        }
        let text = raw.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }

    // MARK: Bindings

    /// `let vc: DetailViewController! = storyboard.instantiate()`: the value, known to be of the type
    /// the binding declares (read as the downcast `value as? T`, `ValueResolver.cast`). A type that
    /// is not a plain name (`[Route]`, `some View`, a closure) leaves the value as it is.
    static func typed(_ v: ValueExpr, _ annotation: TypeAnnotationSyntax?) -> ValueExpr {
        guard let annotation else { return v }
        var text = annotation.type.trimmedDescription
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        guard SyntaxHelpers.isTypeLike(text), text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return v }
        return .cast(v, to: text)
    }

    /// `let x = v` / `var x: T = v` inside a function: a local; as a member: a property value.
    func recordBindings(_ node: VariableDeclSyntax) {
        let inFunction = currentFunction != nil && !isMember(node)
        for b in node.bindings {
            // `let (route, _) = (A(), 1)`: each name takes the element in its place.
            if let tuple = b.pattern.as(TuplePatternSyntax.self), let f = currentFunction, inFunction {
                let values = b.initializer?.value.as(TupleExprSyntax.self).map { Array($0.elements) }
                for (k, el) in tuple.elements.enumerated() {
                    guard let id = el.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    let name = id.identifier.text
                    localNames[f, default: []].insert(name)
                    let scope = declareLocal(name, in: f, at: node)
                    if let values, k < values.count { addLocal(name, value(values[k].expression), in: f, scope: scope) }
                    else if let initial = b.initializer?.value { addLocal(name, .unknown(Self.short(initial)), in: f, scope: scope) }
                }
                continue
            }
            guard let id = b.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = id.identifier.text
            if inFunction, let f = currentFunction {
                let scope = declareLocal(name, in: f, at: node)
                if let initial = b.initializer?.value { addLocal(name, Self.typed(value(initial), b.typeAnnotation), in: f, scope: scope) }
                localNames[f, default: []].insert(name)
            } else if let t = typeStack.last {
                if let initial = b.initializer?.value {
                    facts.types[t].propertyValues[name, default: []].append(PropertyValue(value: value(initial), function: nil))
                }
                if let type = b.typeAnnotation?.type {
                    let typeName = SyntaxHelpers.elementTypeName(type)
                    facts.types[t].propertyTypes[name] = typeName
                    if SyntaxHelpers.isTypeLike(typeName) {
                        let owning = !node.modifiers.contains { $0.name.tokenKind == .keyword(.weak) || $0.name.tokenKind == .keyword(.unowned) }
                        if owning { facts.types[t].typeReferences.insert(typeName) } else { facts.types[t].weakReferences.insert(typeName) }
                    }
                }
            } else if currentFunction == nil {
                // A top-level variable: the type it is made as (`let app = AppStart()`) or declared with.
                var made: [String] = []
                if let call = b.initializer?.value.as(FunctionCallExprSyntax.self), let t = SyntaxHelpers.constructedType(call) { made.append(t) }
                if let type = b.typeAnnotation?.type, case let t = SyntaxHelpers.elementTypeName(type), SyntaxHelpers.isTypeLike(t) { made.append(t) }
                if !made.isEmpty { facts.globals[name, default: []] += made }
            }
        }
    }

    private func isMember(_ node: VariableDeclSyntax) -> Bool {
        node.parent?.is(MemberBlockItemSyntax.self) == true
    }

    /// `x = v`, `self.x = v`: a local when `x` is one, else a property of the enclosing type.
    func recordAssignment(_ seq: SequenceExprSyntax) {
        let elements = Array(seq.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return }
        if elements.count == 3, let sub = elements[0].as(SubscriptCallExprSyntax.self) {
            recordSubscriptAssignment(sub, elements[2])
            return
        }
        // The parser leaves what follows `=` unfolded: `x = a as? T`, `x = a ?? b`, `x = c ? a : b`.
        let v = elements.count == 3 ? value(elements[2]) : sequenceValue(Array(elements[2...]), of: seq, depth: 0)
        recordSetter(elements[0], v, at: seq)
        var target: String?
        var isProperty = false
        if let r = elements[0].as(DeclReferenceExprSyntax.self) {
            target = r.baseName.text
        } else if let m = elements[0].as(MemberAccessExprSyntax.self), m.base?.trimmedText == "self" {
            target = m.declName.baseName.text
            isProperty = true
        }
        guard let name = target else { return }
        if !isProperty, let f = currentFunction, localNames[f]?.contains(name) == true || facts.functions[f].parameters.contains(where: { $0.name == name }) {
            addLocal(name, v, in: f, scope: declaredScope(of: name, in: f, at: seq))
        } else if let t = typeStack.last {
            facts.types[t].propertyValues[name, default: []].append(PropertyValue(value: v, function: currentFunction, location: location(seq)))
        }
    }

    /// `result[key] = value` in a function: a table filled entry by entry is read as the dictionary
    /// literal it amounts to (one table per function and dictionary name, at its first assignment),
    /// its values as a literal's are (`tableValue`: a closure stands for what it returns).
    private func recordSubscriptAssignment(_ sub: SubscriptCallExprSyntax, _ valueExpr: ExprSyntax) {
        guard let f = currentFunction, sub.arguments.count == 1, let key = sub.arguments.first, key.label == nil else { return }
        let base: String
        if let r = sub.calledExpression.as(DeclReferenceExprSyntax.self) {
            base = r.baseName.text
        } else if let m = sub.calledExpression.as(MemberAccessExprSyntax.self), m.base?.trimmedText == "self" {
            base = "self." + m.declName.baseName.text
        } else {
            return
        }
        let entry = TableFact.Entry(key: value(key.expression), value: tableValue(valueExpr), location: location(sub))
        let id = "\(f)|\(base)"
        if let i = filledTables[id] {
            facts.tables[i].entries.append(entry)
        } else {
            filledTables[id] = facts.tables.count
            facts.tables.append(TableFact(
                entries: [entry], function: f, enclosingTypes: enclosingTypeNames, location: location(sub), module: facts.module))
        }
    }

    /// `window.rootViewController = v`, `viewControllers = [v]`, `tabBar.viewControllers = […]`: a
    /// setter of the properties that show screens (`DirectPresentations.setters`), as a call
    /// `rootViewController=(v)` on what is set, so presentations read it like a call.
    private func recordSetter(_ lhs: ExprSyntax, _ v: ValueExpr, at node: SequenceExprSyntax) {
        var receiver: ValueExpr.Receiver = .implicit
        let name: String
        if let r = lhs.as(DeclReferenceExprSyntax.self) {
            name = r.baseName.text
        } else if let m = lhs.as(MemberAccessExprSyntax.self), let base = m.base {
            name = m.declName.baseName.text
            if base.trimmedText != "self" { receiver = .value(value(base)) }
        } else {
            return
        }
        // A navigation path set whole (`coordinator.path = [.cart, .checkout]`): SwiftUI's stack shows
        // each case (`RouteEnumExtractor`); the property's type is not known here, the cases are.
        guard DirectPresentations.setters.contains(name) || Self.isCaseList(v) else { return }
        facts.calls.append(CallFact(
            callee: .init(receiver: receiver, name: name + "="), arguments: [.init(label: nil, value: v)],
            function: currentFunction, enclosingTypes: enclosingTypeNames, location: location(node), module: facts.module))
    }

    /// `[.cart, .checkout]`, `[Screen.cart]`: a non-empty array literal of enum cases only.
    static func isCaseList(_ v: ValueExpr) -> Bool {
        guard case .array(let elements) = v, !elements.isEmpty else { return false }
        return elements.allSatisfy { RouteEnumExtractor.Model.caseName($0) != nil }
    }

    /// `if let r = v`, `guard let r = v as? T`, `for r in v`.
    func recordOptionalBinding(_ node: OptionalBindingConditionSyntax) {
        // `if let route {` re-binds the same name: the outer binding still says where it comes from.
        guard let f = currentFunction, let id = node.pattern.as(IdentifierPatternSyntax.self), let initial = node.initializer else { return }
        let name = id.identifier.text
        localNames[f, default: []].insert(name)
        addLocal(name, value(initial.value), in: f, scope: declareLocal(name, in: f, at: node))
    }

    /// `case .show(let route)` (or `case let .show(route)`, `if case .show(let route) = step`): each name
    /// bound is the associated value in its place of the subject, when the subject is that case.
    func recordCaseBindings(_ pattern: PatternSyntax, subject: ExprSyntax) {
        guard let f = currentFunction else { return }
        var p = pattern
        var bound = false
        if let v = p.as(ValueBindingPatternSyntax.self) { p = v.pattern; bound = true }
        guard let call = p.as(ExpressionPatternSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
              let m = call.calledExpression.as(MemberAccessExprSyntax.self) else { return }
        var base: ValueExpr?
        for (k, arg) in call.arguments.enumerated() {
            guard let name = Self.boundName(arg.expression, bound: bound) else { continue }
            let subjectValue = base ?? (subject.trimmedText == "self" ? .ref("self") : value(subject))
            base = subjectValue
            localNames[f, default: []].insert(name)
            addLocal(name, .associatedValue(subjectValue, caseName: m.declName.baseName.text, index: k), in: f, scope: declareLocal(name, in: f, at: pattern))
        }
    }

    /// The name an associated value's place binds: `let route`, or `route` under an outer `let`.
    private static func boundName(_ e: ExprSyntax, bound: Bool) -> String? {
        if let pe = e.as(PatternExprSyntax.self) {
            var p = pe.pattern
            if let v = p.as(ValueBindingPatternSyntax.self) { p = v.pattern } else if !bound { return nil }
            return p.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        if bound, let r = e.as(DeclReferenceExprSyntax.self) { return r.baseName.text }
        return nil
    }

    func recordForIn(_ node: ForStmtSyntax) {
        guard let f = currentFunction, let id = node.pattern.as(IdentifierPatternSyntax.self) else { return }
        let name = id.identifier.text
        localNames[f, default: []].insert(name)
        addLocal(name, .element(value(node.sequence)), in: f, scope: declareLocal(name, in: f, at: node.pattern))
    }

    // MARK: where locals are visible

    /// The first and last place where a local is visible.
    typealias LocalScope = (NavGraphKit.SourceLocation, NavGraphKit.SourceLocation)

    /// The first and last place of the block, switch case, closure, `if` or `for` around `node` (the
    /// innermost; with `outermost`, the outermost below the function): where a name declared there
    /// is visible.
    func scope(of node: some SyntaxProtocol, outermost: Bool = false) -> LocalScope {
        var found: Syntax?
        var p = node.parent
        while let n = p {
            if n.is(FunctionDeclSyntax.self) || n.is(InitializerDeclSyntax.self) || n.is(AccessorDeclSyntax.self) || n.is(AccessorBlockSyntax.self) { break }
            if n.is(CodeBlockSyntax.self) || n.is(SwitchCaseSyntax.self) || n.is(ClosureExprSyntax.self) || n.is(IfExprSyntax.self) || n.is(ForStmtSyntax.self) {
                found = n
                if !outermost { break }
            }
            p = n.parent
        }
        guard let s = found else { return (location(AbsolutePosition(utf8Offset: 0)), location(node.endPositionBeforeTrailingTrivia)) }
        return (location(s.positionAfterSkippingLeadingTrivia), location(s.endPositionBeforeTrailingTrivia))
    }

    /// Records that `name` is declared at `node` in function `f`, and returns where it is visible.
    func declareLocal(_ name: String, in f: Int, at node: some SyntaxProtocol) -> LocalScope {
        let s = scope(of: node)
        declaredScopes[f, default: [:]][name, default: []].append(s)
        return s
    }

    /// Where the `name` an assignment at `node` writes is visible: the innermost of its declarations
    /// around the assignment; a name declared nowhere the walk has seen (a parameter) is visible in the
    /// whole body.
    func declaredScope(of name: String, in f: Int, at node: some SyntaxProtocol) -> LocalScope {
        let here = location(node)
        var best: LocalScope?
        for s in declaredScopes[f]?[name] ?? [] where s.0 <= here && here <= s.1 {
            if best.map({ $0.0 < s.0 }) ?? true { best = s }
        }
        return best ?? scope(of: node, outermost: true)
    }

    func addLocal(_ name: String, _ v: ValueExpr, in f: Int, scope: LocalScope) {
        facts.functions[f].locals[name, default: []].append(v)
        facts.functions[f].localScopes[name, default: []] += [scope.0, scope.1]
    }
}

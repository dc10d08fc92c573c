import NavGraphKit
import SwiftSyntax

/// Path predicates (`route(predicate: { $0 == "a" || $0.hasPrefix("b/") })`) as values a style can
/// read: what the closure's parameter is compared to.
extension FactExtractor {
    /// A one-statement closure whose body tests its one parameter (`$0`, or `path in`): each way it can
    /// match as `==` (equality, `~=`, membership in an array literal, a `switch` case returning `true`)
    /// or `hasPrefix` called with the value compared; several (`||`, `switch`) as a choice. nil when
    /// the body is anything else, or can match what the scanner cannot list (a `default: true`).
    func pathPredicate(_ c: ClosureExprSyntax, depth: Int) -> ValueExpr? {
        guard c.statements.count == 1, let item = c.statements.first?.item else { return nil }
        var param = "$0"
        switch c.signature?.parameterClause {
        case .simpleInput(let list)?:
            guard list.count == 1, let p = list.first else { return nil }
            param = p.name.text
        case .parameterClause(let clause)?:
            guard clause.parameters.count == 1, let p = clause.parameters.first else { return nil }
            param = (p.secondName ?? p.firstName).text
        case nil:
            break
        }
        var body: ExprSyntax?
        switch item {
        case .expr(let e): body = e
        case .stmt(let s):
            if let r = s.as(ReturnStmtSyntax.self) { body = r.expression } else if let e = s.as(ExpressionStmtSyntax.self) { body = e.expression }
        case .decl: break
        }
        guard let body else { return nil }
        let terms = predicateTerms(body, param: param, depth: depth)
        guard let terms, !terms.isEmpty else { return nil }
        return terms.count == 1 ? terms[0] : .choice(terms)
    }

    private static func test(_ name: String, _ v: ValueExpr) -> ValueExpr {
        .call(.init(receiver: .implicit, name: name), [.init(label: nil, value: v)])
    }

    private func predicateTerms(_ e: ExprSyntax, param: String, depth: Int) -> [ValueExpr]? {
        func isParam(_ x: ExprSyntax) -> Bool { x.trimmedText == param }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let inner = t.elements.first?.expression {
            return predicateTerms(inner, param: param, depth: depth)
        }
        if let seq = e.as(SequenceExprSyntax.self) {
            // The parser leaves `a == x || b == y` flat: split it at `||`.
            var groups: [[ExprSyntax]] = [[]]
            for el in seq.elements {
                if el.as(BinaryOperatorExprSyntax.self)?.operator.text == "||" { groups.append([]) } else { groups[groups.count - 1].append(el) }
            }
            var out: [ValueExpr] = []
            for g in groups {
                if g.count == 1, let more = predicateTerms(g[0], param: param, depth: depth) { out += more; continue }
                guard g.count == 3, let op = g[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "~=" else { return nil }
                if isParam(g[0]), op == "==" { out.append(Self.test("==", value(g[2], depth: depth))) }
                else if isParam(g[2]) { out.append(Self.test("==", value(g[0], depth: depth))) }
                else { return nil }
            }
            return out
        }
        if let call = e.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
           let base = m.base, call.arguments.count == 1, let arg = call.arguments.first?.expression {
            switch m.declName.baseName.text {
            case "hasPrefix" where isParam(base): return [Self.test("hasPrefix", value(arg, depth: depth))]
            case "contains" where isParam(arg):
                guard let list = base.as(ArrayExprSyntax.self) else { return nil }
                return list.elements.map { Self.test("==", value($0.expression, depth: depth)) }
            default: return nil
            }
        }
        if let s = e.as(SwitchExprSyntax.self), isParam(s.subject) {
            var out: [ValueExpr] = []
            for c in s.cases {
                guard case .switchCase(let sc) = c, sc.statements.count == 1, let item = sc.statements.first?.item else { return nil }
                var result: ExprSyntax?
                switch item {
                case .expr(let x): result = x
                case .stmt(let st):
                    if let r = st.as(ReturnStmtSyntax.self) { result = r.expression } else if let x = st.as(ExpressionStmtSyntax.self) { result = x.expression }
                case .decl: break
                }
                guard let b = result?.as(BooleanLiteralExprSyntax.self) else { return nil }
                guard b.literal.tokenKind == .keyword(.true) else { continue }
                guard case .case(let label) = sc.label else { return nil }
                for it in label.caseItems {
                    guard let p = it.pattern.as(ExpressionPatternSyntax.self), it.whereClause == nil else { return nil }
                    out.append(Self.test("==", value(p.expression, depth: depth)))
                }
            }
            return out
        }
        return nil
    }
}

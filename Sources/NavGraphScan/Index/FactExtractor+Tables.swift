import NavGraphKit
import SwiftSyntax

/// Switches (what each case yields), dictionary literals (tables) and enum cases: what styles whose
/// routes are enum cases with per-case keys, and whose handlers are tables or factories, read.
extension FactExtractor {
    func recordSwitch(_ node: SwitchExprSyntax) {
        var cases: [SwitchFact.Case] = []
        for c in node.cases {
            guard case .switchCase(let sc) = c else { continue }
            var patterns: [ValueExpr] = []
            var isDefault = false
            switch sc.label {
            case .default: isDefault = true
            case .case(let label):
                for item in label.caseItems {
                    recordCaseBindings(item.pattern, subject: node.subject)
                    if let e = item.pattern.as(ExpressionPatternSyntax.self) {
                        patterns.append(value(e.expression))
                    } else {
                        patterns.append(.unknown(Self.short(item.pattern)))
                    }
                }
            }
            cases.append(SwitchFact.Case(patterns: patterns, isDefault: isDefault, values: yielded(sc.statements), location: location(sc),
                end: location(sc.endPositionBeforeTrailingTrivia)))
        }
        facts.switches.append(SwitchFact(
            subject: node.subject.trimmedText == "self" ? .ref("self") : value(node.subject), cases: cases,
            function: currentFunction, enclosingTypes: enclosingTypeNames, location: location(node), module: facts.module))
    }

    /// The values a case body returns (`return x`) or ends with (an expression); a closure stands for
    /// what it returns.
    private func yielded(_ items: CodeBlockItemListSyntax) -> [ValueExpr] {
        var out: [ValueExpr] = []
        for (i, item) in items.enumerated() {
            switch item.item {
            case .stmt(let s):
                if let r = s.as(ReturnStmtSyntax.self), let e = r.expression { out.append(tableValue(e)) }
                else if i == items.count - 1, let e = s.as(ExpressionStmtSyntax.self) { out.append(tableValue(e.expression)) }
            case .expr(let e):
                if i == items.count - 1 { out.append(tableValue(e)) }
            case .decl:
                break
            }
        }
        return out
    }

    func recordTable(_ node: DictionaryExprSyntax) {
        var entries: [TableFact.Entry] = []
        if case .elements(let list) = node.content {
            entries = list.map { e in TableFact.Entry(key: value(e.key), value: tableValue(e.value), location: location(e)) }
        }
        var table = TableFact(
            entries: entries, function: currentFunction, enclosingTypes: enclosingTypeNames, location: location(node), module: facts.module)
        if let arg = node.parent?.as(LabeledExprSyntax.self), let call = arg.parent?.parent?.as(FunctionCallExprSyntax.self) {
            table.argumentOf = (location(call), arg.label?.text)
        }
        facts.tables.append(table)
    }

    /// `parameters["id"]`: a read by a literal key.
    func recordSubscript(_ node: SubscriptCallExprSyntax) {
        guard node.arguments.count == 1, let only = node.arguments.first, only.label == nil,
              let key = SyntaxHelpers.literal(only.expression) else { return }
        facts.subscripts.append(SubscriptFact(
            base: value(node.calledExpression), key: key, function: currentFunction, location: location(node)))
    }

    /// A closure stands for what it returns; `Type.init` for a construction of `Type`.
    func tableValue(_ expr: ExprSyntax) -> ValueExpr {
        if let c = expr.as(ClosureExprSyntax.self) {
            let v = yielded(c.statements)
            return v.count == 1 ? v[0] : .choice(v)
        }
        if let m = expr.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "init",
           let b = m.base?.as(DeclReferenceExprSyntax.self), SyntaxHelpers.isTypeLike(b.baseName.text) {
            return .construct(b.baseName.text, [])
        }
        return value(expr)
    }

    func recordEnumCases(_ node: EnumCaseDeclSyntax) {
        guard let t = typeStack.last else { return }
        for e in node.elements {
            let raw = e.rawValue.flatMap { SyntaxHelpers.literal($0.value) }
            facts.types[t].enumCases.append(EnumCaseFact(name: e.name.text, rawValue: raw, location: location(e.name)))
        }
    }
}

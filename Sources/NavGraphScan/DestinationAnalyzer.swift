import NavGraphKit
import SwiftSyntax

/// Reads a handler's `destination(forRoute:…)` body into route → feature mappings.
///
/// Recognised: `guard route is X else {…}` (the rest of the body is about X), `if route is X {…}`,
/// `if let r = route as? X {…}`, `switch route { case is X, is Y: … }`, and `return F.self` /
/// `return AnyFeature(F.self)` anywhere in those. A return outside any check maps every claimed
/// route that no check names.
struct DestinationAnalyzer {
    let handler: String
    let locate: (Syntax) -> NavGraphKit.SourceLocation
    var found: [DestinationFact] = []
    var warnings: [ScanWarning] = []

    init(handler: String, locate: @escaping (Syntax) -> NavGraphKit.SourceLocation) {
        self.handler = handler
        self.locate = locate
    }

    mutating func analyze(_ items: CodeBlockItemListSyntax, context: [String]?) {
        var ctx = context
        let implicitReturn = items.count == 1
        for item in items {
            let node = unwrap(item.item)
            if let g = node.as(GuardStmtSyntax.self) {
                analyze(g.body.statements, context: ctx)
                let types = SyntaxHelpers.checkedTypes(in: g.conditions)
                if !types.isEmpty { ctx = types }
            } else if let i = node.as(IfExprSyntax.self) {
                analyzeIf(i, context: ctx)
            } else if let s = node.as(SwitchExprSyntax.self) {
                for c in s.cases {
                    guard case .switchCase(let sc) = c else { continue }
                    var caseCtx = ctx
                    if case .case(let label) = sc.label {
                        let types = SyntaxHelpers.checkedTypes(in: label)
                        if !types.isEmpty { caseCtx = types }
                    }
                    analyze(sc.statements, context: caseCtx)
                }
            } else if let r = node.as(ReturnStmtSyntax.self), let e = r.expression {
                record(e, context: ctx)
            } else if implicitReturn, let e = node.as(ExprSyntax.self), !isTrap(e) {
                record(e, context: ctx)
            }
        }
    }

    private mutating func analyzeIf(_ i: IfExprSyntax, context: [String]?) {
        let types = SyntaxHelpers.checkedTypes(in: i.conditions)
        analyze(i.body.statements, context: types.isEmpty ? context : types)
        switch i.elseBody {
        case .ifExpr(let next)?: analyzeIf(next, context: context)
        case .codeBlock(let block)?: analyze(block.statements, context: context)
        case nil: break
        }
    }

    private func unwrap(_ item: CodeBlockItemSyntax.Item) -> Syntax {
        switch item {
        case .stmt(let s):
            if let e = s.as(ExpressionStmtSyntax.self) { return Syntax(e.expression) }
            return Syntax(s)
        case .expr(let e): return Syntax(e)
        case .decl(let d): return Syntax(d)
        }
    }

    /// `fatalError()`, `preconditionFailure()` and friends are not destinations.
    private func isTrap(_ e: ExprSyntax) -> Bool {
        guard let call = e.as(FunctionCallExprSyntax.self),
              let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return false }
        return ["fatalError", "preconditionFailure", "assertionFailure"].contains(ref.baseName.text)
    }

    private mutating func record(_ e: ExprSyntax, context: [String]?) {
        if let feature = SyntaxHelpers.featureName(e) {
            found.append(DestinationFact(routeTypes: context, feature: feature, location: locate(Syntax(e))))
        } else {
            warnings.append(.destinationUnreadable(handler, e.trimmedText, at: locate(Syntax(e))))
        }
    }
}

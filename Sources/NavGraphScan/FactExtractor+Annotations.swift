import NavGraphKit
import SwiftSyntax

extension FactExtractor {
    /// Every `// navgraph:` comment in the file: malformed ones are reported; `navigates` and
    /// `entry` attach to the innermost enclosing type (`ignore` is read where elements are made).
    func collectAnnotations(_ tree: SourceFileSyntax) {
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let found = Annotation.all(in: token.leadingTrivia, startingAt: token.position)
                + Annotation.all(in: token.trailingTrivia, startingAt: token.endPositionBeforeTrailingTrivia)
            for (result, position, text) in found {
                let loc = location(position)
                switch result {
                case .failure(let error):
                    facts.warnings.append(.annotationMalformed(text, error.reason, at: loc))
                case .success(.ignore):
                    break
                case .success(let a):
                    attach(a, to: token, at: loc)
                }
            }
        }
    }

    private func attach(_ a: Annotation, to token: TokenSyntax, at loc: NavGraphKit.SourceLocation) {
        // The comment belongs to the type it is written in (or written above: that type's first token).
        var owner: Int?
        var p: Syntax? = Syntax(token)
        while let n = p {
            if let i = typeIndexByNode[n.id] { owner = i; break }
            p = n.parent
        }
        switch a {
        case .navigates(let route, let style):
            var enclosing: [String] = []
            var q: Syntax? = owner.map { _ in p! }
            while let n = q {
                if let i = typeIndexByNode[n.id] { enclosing.append(facts.types[i].name) }
                q = n.parent
            }
            let fact = NavigateFact(target: .routeID(route), style: style, location: loc, enclosingTypes: enclosing, module: facts.module, function: currentFunction)
            facts.navigations.append(fact)
        case .entry:
            if let owner {
                facts.types[owner].entryAnnotation = loc
            } else {
                facts.warnings.append(.annotationMalformed("navgraph:entry", "must be written on a feature or route type", at: loc))
            }
        case .ignore:
            break
        }
    }
}

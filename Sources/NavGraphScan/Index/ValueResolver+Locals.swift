import NavGraphKit

extension ValueResolver {
    /// The values of the local `name` of function `f` that Swift's scoping lets the site see: where
    /// the site is written in `f`, those whose declaration's block (switch case, closure, `if`, `for`)
    /// holds it, the innermost such declaration winning (a `let vc` in an inner block shadows the
    /// outer one); `let vc = ProfileViewController()` in one case and `let vc = HelpViewController()`
    /// in the next are two locals. Every value where the site is elsewhere (a callee's local read
    /// for its return), where the facts carry no scopes, or where no declaration holds the site.
    ///
    /// Cost: one pass over the name's values.
    func visibleLocals(_ name: String, _ values: [ValueExpr], in f: Int, at site: Site) -> [ValueExpr] {
        guard site.function == f, let scopes = index.functions[f].localScopes[name], scopes.count == 2 * values.count, values.count > 1 else { return values }
        let here = site.location
        var innermost: SourceLocation?
        for k in values.indices where scopes[2 * k] <= here && here <= scopes[2 * k + 1] {
            if innermost.map({ $0 < scopes[2 * k] }) ?? true { innermost = scopes[2 * k] }
        }
        guard let innermost else { return values }
        return values.indices.filter { scopes[2 * $0] == innermost && here <= scopes[2 * $0 + 1] }.map { values[$0] }
    }
}

import NavGraphKit

/// Follows a value back to where it is made: through locals, parameters (to every call site of the
/// function, recursively: wrappers of wrappers), properties (initializers, assignments, memberwise
/// construction), tables, factory functions' returns and closures handed down.
///
/// What it cannot follow comes back as a `Miss` with the reason: an unknowable value is reported,
/// never invented.
struct ValueResolver {
    let index: SemanticIndex
    var maxDepth = 16
    /// The most types a value known only by its declared type may be (the type and its subclasses).
    var maxInstanceTypes = 8
    /// Enum cases (`Page.home`, and `.home` as written) are values made where written, like literals
    /// (styles whose routes are enum cases; off for RouterService, where a route is a constructed type).
    var enumCasesAreValues = false
    /// `Module.self` (a type as a value) is made where written (styles that open a screen by its type).
    var metatypesAreValues = false
    /// A SwiftUI modifier the sources do not declare (`HomeView().environment(router)`) returns the
    /// view it modifies: only a view of the sources (a type inheriting `View`) is taken from it.
    var modifiersKeepViews = false
    /// A call may leave out the first argument's label, as Swift 2 did (`randomPresenter("Tab 1",
    /// buttonText: …)` for `func randomPresenter(title:buttonText:)`): styles whose apps are that old
    /// (Featherweight Router). Off elsewhere: a call `f(x)` to another library's `f(_:)` must not reach
    /// the app's `f(route:)`.
    var firstLabelOmittable = false
    /// First-argument labels of the router's own entry calls (`navigationController(withInitialRoute:)`,
    /// RouterService's): where the sources do not declare such a call, its value is the router's
    /// entry, which the router's style reads as one, not a value the scan failed to see.
    var routerEntryLabels: Set<String> = []
    /// Per page case of a module factory (`FoodProducts.FoodHomeModule`), the module its route maps to:
    /// a call the sources do not declare that is handed that page (`appRouter.getModule(module:
    /// FoodProducts.FoodHomeModule)`, the router's getter in a package outside the sources)
    /// returns that module's screen (`pageGetter`).
    var pageModules: [String: String] = [:]

    /// Where a value is being read: a function (for locals and parameters) and the type it is in.
    struct Context: Hashable {
        var function: Int?
        var owner: String?
    }

    /// The call site that decided a value: the navigate call itself, or the outermost call of a
    /// wrapper that passed a concrete value. Attribution goes to the type the site is in.
    struct Site: Hashable {
        var location: SourceLocation
        var enclosingTypes: [String]
        var module: String?
        /// The function the site is written in (global index), for attribution by who calls it.
        var function: Int? = nil
        /// The object holding the closure the site is written in (`CallFact.closureObject`).
        var closureObject: ValueExpr? = nil
    }

    /// A value that was made somewhere: a constructor call or a literal, with where it was written.
    struct Made {
        var value: ValueExpr
        var context: Context
        var site: Site
        /// How it was reached, outermost last: `ProfileRouter.navigateTo(route:) ← ProfilePresenter.swift:12:9`.
        var chain: [String]
    }

    struct Miss: Hashable {
        var reason: String
        var site: Site
        var chain: [String]
    }

    struct Result {
        var made: [Made] = []
        var misses: [Miss] = []
        mutating func add(_ o: Result) { made += o.made; misses += o.misses }
    }

    func context(ofCall c: CallFact) -> Context {
        Context(function: c.function, owner: c.function.flatMap { index.functions[$0].owner } ?? c.enclosingTypes.first)
    }

    func site(ofCall c: CallFact) -> Site {
        Site(location: c.location, enclosingTypes: c.enclosingTypes, module: c.module, function: c.function, closureObject: c.closureObject)
    }

    /// How many steps one `resolve` may take in all (every expression evaluated counts one): past
    /// it, what is left is a miss. Depth bounds one path; this bounds their fan-out (a wrapper of a
    /// wrapper called from everywhere), so a question costs at most this much whatever the code.
    var maxSteps = 20_000

    /// Everything `expr` (read in `context`) can be.
    func resolve(_ expr: ValueExpr, in context: Context, site: Site) -> Result {
        var visiting = Visiting()
        return evaluate(expr, context, site, chain: [], depth: 0, visiting: &visiting)
    }

    fileprivate struct Visit: Hashable {
        var expr: ValueExpr
        var context: Context
        var site: SourceLocation
    }

    /// One `resolve`'s walk: what is being evaluated on the current path (a value met again on its
    /// own path is a cycle, left out), and how many steps it has taken.
    struct Visiting {
        fileprivate var open = Set<Visit>()
        fileprivate var steps = 0
    }

    func evaluate(
        _ expr: ValueExpr, _ ctx: Context, _ site: Site, chain: [String], depth: Int, visiting: inout Visiting
    ) -> Result {
        var out = Result()
        guard depth < maxDepth else {
            out.misses.append(Miss(reason: "'\(expr.summary)' is passed through more than \(maxDepth) steps", site: site, chain: chain))
            return out
        }
        visiting.steps += 1
        guard visiting.steps <= maxSteps else {
            out.misses.append(Miss(reason: "'\(expr.summary)' is past \(maxSteps) steps of following values for one call", site: site, chain: chain))
            return out
        }
        let visit = Visit(expr: expr, context: ctx, site: site.location)
        guard visiting.open.insert(visit).inserted else { return out }
        defer { visiting.open.remove(visit) }
        let d = depth + 1

        switch expr {
        case .construct, .literal, .enumCase:
            out.made.append(Made(value: expr, context: ctx, site: site, chain: chain))
        case .choice(let options), .array(let options):
            for o in options { out.add(evaluate(o, ctx, site, chain: chain, depth: d, visiting: &visiting)) }
        case .element(let base):
            out.add(evaluate(base, ctx, site, chain: chain, depth: d, visiting: &visiting))
        case .ref(let name):
            out = reference(name, ctx, site, chain: chain, depth: d, visiting: &visiting)
        case .selfMember(let name):
            guard let owner = ctx.owner else {
                out.misses.append(Miss(reason: "'self.\(name)' outside a type", site: site, chain: chain))
                break
            }
            out.add(property(name, of: owner, site, chain: chain, depth: d, visiting: &visiting))
        case .staticMember(let type, let name):
            out = staticMember(expr, type: type, name, ctx, site, chain: chain, depth: d, visiting: &visiting)
        case .member(let base, let name):
            out = member(expr, of: base, name, ctx, site, chain: chain, depth: d, visiting: &visiting)
        case .call(let callee, let args) where callee.name == "+" && callee.receiver == .implicit && args.count == 2:
            out = join(expr, args[0].value, args[1].value, ctx, site, chain: chain, depth: d, visiting: &visiting)
        case .call(let callee, let args) where callee.name == ValueExpr.castName && callee.receiver == .implicit && args.count == 2:
            out = cast(args[0].value, to: args[1].value, ctx, site, chain: chain, depth: d, visiting: &visiting)
        case .call(let callee, let args):
            out = returns(of: expr, callee, args, ctx, site, chain: chain, depth: d, visiting: &visiting)
        case .closureParameter(let callee, let label, let i):
            out = closureArguments(expr, handedTo: callee, label: label, index: i, site, chain: chain, depth: d, visiting: &visiting)
        case .associatedValue(let base, let caseName, let i):
            out = associatedValue(expr, of: base, caseName: caseName, index: i, ctx, site, chain: chain, depth: d, visiting: &visiting)
        case .propertyClosureParameter(let object, let property, let i):
            out = propertyClosureArguments(expr, object: object, property: property, index: i, ctx, site, chain: chain, depth: d, visiting: &visiting)
        case .unknown(let text) where enumCasesAreValues && Self.isImplicitMember(text):
            out.made.append(Made(value: expr, context: ctx, site: site, chain: chain))
        case .unknown(let text):
            out.misses.append(Miss(reason: "'\(text)' is not a value the scanner follows", site: site, chain: chain))
        }
        return out
    }

    /// A name: a local (every value bound or assigned to it, and what callees fill it with through
    /// `&name`), else a parameter (its arguments), else a property of the enclosing type.
    private func reference(_ name: String, _ ctx: Context, _ site: Site, chain: [String], depth d: Int, visiting: inout Visiting) -> Result {
        var out = Result()
        let filled = ctx.function.map { inoutValues(of: name, in: $0, site, chain: chain, depth: d, visiting: &visiting) }
        if let filled { out.add(filled) }
        if let f = ctx.function, let values = index.functions[f].locals[name] {
            for v in visibleLocals(name, values, in: f, at: site) { out.add(evaluate(v, ctx, site, chain: chain, depth: d, visiting: &visiting)) }
        } else if filled.map({ !$0.made.isEmpty || !$0.misses.isEmpty }) == true {
            // A local only a callee fills (`var route: Route?; fill(&route)`).
        } else if let f = ctx.function, let k = index.functions[f].parameters.firstIndex(where: { $0.name == name }) {
            var given = parameter(k, of: f, site, chain: chain, depth: d, visiting: &visiting)
            let p = index.functions[f].parameters[k]
            if p.metatypeOf == nil, !p.typeName.isEmpty {
                narrow(&given, to: p.typeName, ctx, site, chain: chain + ["parameter \(name): \(p.typeName)"])
            }
            out.add(given)
        } else if let owner = ctx.owner, hasProperty(name, in: owner) {
            out.add(property(name, of: owner, site, chain: chain, depth: d, visiting: &visiting))
        } else if let owner = ctx.owner, let r = methodValue(name, of: owner, site, chain: chain, depth: d, visiting: &visiting) {
            out.add(r)
        } else {
            out.misses.append(Miss(reason: "'\(name)' is not a local, parameter or property the scanner can see", site: site, chain: chain))
        }
        return out
    }

    /// `Type.name`: a metatype or an enum case when those are values, else a static property.
    private func staticMember(
        _ expr: ValueExpr, type written: String, _ name: String, _ ctx: Context, _ site: Site, chain: [String], depth d: Int, visiting: inout Visiting
    ) -> Result {
        var out = Result()
        var type = written
        if type == "Self", let owner = ctx.owner { type = owner }
        if metatypesAreValues, name == "self", index.hasType(named: type) {
            out.made.append(Made(value: expr, context: ctx, site: site, chain: chain))
        } else if enumCasesAreValues, index.type(named: type)?.enumCases.contains(where: { $0.name == name }) == true {
            out.made.append(Made(value: expr, context: ctx, site: site, chain: chain))
        } else if hasProperty(name, in: type) {
            out.add(property(name, of: type, site, chain: chain, depth: d, visiting: &visiting))
        } else {
            out.misses.append(Miss(reason: "'\(type).\(name)' is not a static property the scanner can see", site: site, chain: chain))
        }
        return out
    }

    /// `base.name`: the argument of that label where each value of `base` is constructed, else the
    /// property of its type (or of `base`'s declared type).
    private func member(
        _ expr: ValueExpr, of base: ValueExpr, _ name: String, _ ctx: Context, _ site: Site, chain: [String], depth d: Int, visiting: inout Visiting
    ) -> Result {
        var out = Result()
        let objects = evaluate(base, ctx, site, chain: chain, depth: d, visiting: &visiting)
        var found = false
        for o in objects.made {
            // An enum case's computed property: what the getter gives for that case.
            if case .staticMember(let t, let c) = o.value, let r = caseProperty(name, of: t, case: c, site, chain: o.chain, depth: d, visiting: &visiting) {
                found = true
                out.add(r)
                continue
            }
            guard case .construct(let type, let args) = o.value else { continue }
            if let arg = args.first(where: { $0.label == name }) {
                found = true
                out.add(evaluate(arg.value, o.context, site, chain: o.chain, depth: d, visiting: &visiting))
            } else if hasProperty(name, in: type) {
                found = true
                out.add(property(name, of: type, site, chain: o.chain, depth: d, visiting: &visiting))
            }
        }
        if !found, let type = declaredType(of: base, in: ctx), hasProperty(name, in: type) {
            found = true
            out.add(property(name, of: type, site, chain: chain, depth: d, visiting: &visiting))
        }
        if !found {
            out.misses += objects.misses
            if objects.misses.isEmpty {
                out.misses.append(Miss(reason: "'\(expr.summary)': no value of '\(base.summary)' with a '\(name)' the scanner can see", site: site, chain: chain))
            }
        }
        return out
    }

    /// A string joined from two parts: every pair of literals the parts can be (at most 16).
    private func join(
        _ expr: ValueExpr, _ lhs: ValueExpr, _ rhs: ValueExpr, _ ctx: Context, _ site: Site, chain: [String], depth d: Int, visiting: inout Visiting
    ) -> Result {
        var out = Result()
        func miss(_ reason: String) { out.misses.append(Miss(reason: reason, site: site, chain: chain)) }
        let left = evaluate(lhs, ctx, site, chain: chain, depth: d, visiting: &visiting)
        let right = evaluate(rhs, ctx, site, chain: chain, depth: d, visiting: &visiting)
        out.misses += left.misses + right.misses
        for (side, r) in [(left, "left"), (right, "right")] {
            for m in side.made { if case .literal = m.value { continue }; miss("'\(expr.summary)' joins '\(m.value.summary)' (\(r)), which is not a string literal") }
        }
        let ls = left.made.filter { if case .literal = $0.value { true } else { false } }
        let rs = right.made.filter { if case .literal = $0.value { true } else { false } }
        if ls.count * rs.count > 16 { miss("'\(expr.summary)' joins more than 16 combinations"); return out }
        for l in ls {
            for r in rs {
                guard case .literal(let a) = l.value, case .literal(let b) = r.value else { continue }
                out.made.append(Made(value: .literal(a + b), context: r.context, site: r.site, chain: r.chain))
            }
        }
        return out
    }

    /// A call: every `return` of the functions it may run (by name, labels and receiver), or what a
    /// closure held in a property or local of that name returns.
    private func returns(
        of expr: ValueExpr, _ callee: ValueExpr.Callee, _ args: [ValueExpr.Argument], _ ctx: Context, _ site: Site, chain: [String], depth d: Int,
        visiting: inout Visiting
    ) -> Result {
        var out = Result()
        let candidates = functions(callee.name, labels: args.map { $0.label ?? "_" }, receiver: callee.receiver, from: ctx)
        let withReturns = candidates.filter { !index.functions[$0].returns.isEmpty }
        // `Step.show(DetailRoute())`: a case of an enum of the sources, with its associated values.
        if candidates.isEmpty, case .type(let t) = callee.receiver, index.type(named: t)?.enumCases.contains(where: { $0.name == callee.name }) == true {
            out.made.append(Made(value: .enumCase(callee.name, args), context: ctx, site: site, chain: chain))
            return out
        }
        // `makeRoute()` where `makeRoute` holds a closure (`{ SomeRoute() }`): what the closure returns.
        if candidates.isEmpty, callee.receiver == .implicit, args.isEmpty, holdsValue(callee.name, ctx) {
            return evaluate(.ref(callee.name), ctx, site, chain: chain + ["closure \(callee.name) called"], depth: d, visiting: &visiting)
        }
        if candidates.isEmpty, let label = args.first?.label, routerEntryLabels.contains(label) { return out }
        if candidates.isEmpty, let made = pageGetter(callee, args, ctx, site, chain: chain) {
            out.made.append(made)
            return out
        }
        if candidates.isEmpty, let made = containerLookup(callee, args, ctx, site, chain: chain) {
            out.made.append(made)
            return out
        }
        // `RoversViewController.createFromStoryboard()` of a function declared `-> Self` (a protocol
        // extension's storyboard helper, a class's factory): an instance of the type it is called on,
        // whatever its body does (`… as! Self`), when that is a concrete type of the sources.
        if case .type(let t) = callee.receiver,
           let f = candidates.first(where: { index.functions[$0].returnType.map { ["Self", "Self?", "Self!"].contains($0) } ?? false }),
           let made = instances(of: t, ctx, site, chain: chain + ["\(index.functions[f].signature) returns Self"]) {
            out.made += made
            return out
        }
        if modifiersKeepViews, candidates.isEmpty, index.functionsByName[callee.name] == nil, case .value(let base) = callee.receiver {
            let inner = evaluate(base, ctx, site, chain: chain + [".\(callee.name)(…) keeps the view"], depth: d, visiting: &visiting)
            let views = inner.made.filter { m in
                guard case .construct(let t, _) = m.value else { return false }
                return index.type(named: DependencyBinding.unqualified(t))?.inherited.contains("View") == true
            }
            if !views.isEmpty {
                out.made += views
                out.misses += inner.misses
                return out
            }
        }
        if withReturns.isEmpty {
            out.misses.append(Miss(reason: "'\(expr.summary)' returns a value the scanner cannot see (no such function with a readable return in the sources)", site: site, chain: chain))
        }
        for f in withReturns {
            let fn = index.functions[f]
            let inner = Context(function: f, owner: fn.owner)
            for r in fn.returns {
                out.add(evaluate(r, inner, site, chain: chain + ["returned by \(fn.signature)"], depth: d, visiting: &visiting))
            }
        }
        return out
    }

    /// `$0` or a named parameter of a closure handed to `callee(label: {…})`: the arguments where the
    /// callee calls that closure.
    private func closureArguments(
        _ expr: ValueExpr, handedTo callee: String, label: String, index i: Int, _ site: Site, chain: [String], depth d: Int, visiting: inout Visiting
    ) -> Result {
        var out = Result()
        var invoked = false
        let names = Set([label] + parameterNames(label: label, ofFunction: callee))
        for name in names {
            for c in index.callsByName[name] ?? [] {
                let call = index.calls[c]
                guard call.callee.receiver == .implicit, i < call.arguments.count else { continue }
                let inCallee = call.enclosingTypes.contains(callee)
                    || call.function.map { index.functions[$0].name == callee } == true
                guard inCallee else { continue }
                invoked = true
                out.add(evaluate(
                    call.arguments[i].value, context(ofCall: call), site,
                    chain: chain + ["closure \(label): of \(callee), called at \(call.location)"], depth: d, visiting: &visiting))
            }
        }
        if !invoked { out.misses.append(Miss(reason: "\(expr.summary): the scanner sees no call of that closure", site: site, chain: chain)) }
        return out
    }

    /// A name bound by a case pattern (`case .show(let route)` over `step`): for each value of `step`
    /// that is that case, its associated value in the pattern's place; another case binds nothing.
    private func associatedValue(
        _ expr: ValueExpr, of base: ValueExpr, caseName: String, index i: Int, _ ctx: Context, _ site: Site, chain: [String], depth d: Int,
        visiting: inout Visiting
    ) -> Result {
        var out = Result()
        // The subject's cases without associated values (`.close`, `Step.close`) are values here too.
        var cases = self
        cases.enumCasesAreValues = true
        let subjects = cases.evaluate(base, ctx, site, chain: chain, depth: d, visiting: &visiting)
        out.misses += subjects.misses
        for s in subjects.made {
            let name: String
            let args: [ValueExpr.Argument]
            switch s.value {
            case .enumCase(let n, let a): (name, args) = (n, a)
            case .unknown(let text) where Self.isImplicitMember(text): (name, args) = (String(text.dropFirst()), [])
            case .staticMember(let t, let n) where index.type(named: t)?.enumCases.contains(where: { $0.name == n }) == true: (name, args) = (n, [])
            default:
                out.misses.append(Miss(reason: "'\(s.value.summary)' is not an enum case the scanner can match with .\(caseName)(…)", site: site, chain: s.chain))
                continue
            }
            guard name == caseName else { continue }
            guard i < args.count else {
                out.misses.append(Miss(reason: "'\(s.value.summary)' has no associated value \(i)", site: site, chain: s.chain))
                continue
            }
            out.add(evaluate(args[i].value, s.context, site, chain: s.chain + ["value \(i) of case .\(caseName)(…), bound in a pattern over \(base.summary)"], depth: d, visiting: &visiting))
        }
        return out
    }

    /// A parameter of a closure assigned to `object.property` (`viewModel.onSelect = { route in … }`):
    /// its argument wherever a value of the object's type calls that property (`onSelect?(DetailRoute())`
    /// inside the view model, or `model.onSelect?(…)` on a value declared of that type).
    private func propertyClosureArguments(
        _ expr: ValueExpr, object: ValueExpr, property: String, index i: Int, _ ctx: Context, _ site: Site, chain: [String], depth d: Int,
        visiting: inout Visiting
    ) -> Result {
        var out = Result()
        let types = objectTypes(object, ctx, site, chain: chain, depth: d, visiting: &visiting)
        var invoked = false
        for c in index.callsByName[property] ?? [] {
            let call = index.calls[c]
            guard i < call.arguments.count else { continue }
            let callContext = context(ofCall: call)
            let onType: Bool
            switch call.callee.receiver {
            case .implicit: onType = types.contains(where: { call.enclosingTypes.contains($0) || callContext.owner == $0 })
            case .value(let v): onType = declaredType(of: v, in: callContext).map(types.contains) ?? false
            case .type: onType = false
            }
            guard onType else { continue }
            invoked = true
            out.add(evaluate(
                call.arguments[i].value, callContext, site,
                chain: chain + ["closure \(object.summary).\(property), called at \(call.location)"], depth: d, visiting: &visiting))
        }
        if !invoked {
            let owner = types.isEmpty ? "'\(object.summary)' (a type the scanner cannot see)" : types.sorted().joined(separator: ", ")
            out.misses.append(Miss(reason: "\(expr.summary): the scanner sees no call of \(property) on \(owner)", site: site, chain: chain))
        }
        return out
    }

    /// The types a closure property's object may be: the enclosing type for `self`, else its declared
    /// type, else the types it is constructed as; each with its conformers and subclasses.
    private func objectTypes(_ object: ValueExpr, _ ctx: Context, _ site: Site, chain: [String], depth d: Int, visiting: inout Visiting) -> Set<String> {
        var object = object
        if case .member(.ref("self"), let n) = object { object = .selfMember(n) }
        var types = Set<String>()
        if object == .ref("self") {
            if let o = ctx.owner { types.insert(o) }
        } else if let t = declaredType(of: object, in: ctx) {
            types.insert(DependencyBinding.unqualified(t))
        } else {
            for m in evaluate(object, ctx, site, chain: chain, depth: d, visiting: &visiting).made {
                if case .construct(let t, _) = m.value { types.insert(DependencyBinding.unqualified(t)) }
            }
        }
        for t in types { types.formUnion(index.conformers[t] ?? []) }
        return types
    }

    /// The values callees assign to a local passed as `&name` in function `f`: each callee's
    /// assignments to that `inout` parameter.
    private func inoutValues(of name: String, in f: Int, _ site: Site, chain: [String], depth: Int, visiting: inout Visiting) -> Result {
        var out = Result()
        guard let calls = index.inoutCalls[f] else { return out }
        let written = ValueExpr.unknown("&" + name)
        for c in calls {
            let call = index.calls[c]
            guard call.arguments.contains(where: { $0.value == written }) else { continue }
            for g in functions(call.callee.name, labels: call.labels, receiver: call.callee.receiver, from: context(ofCall: call)) {
                let fn = index.functions[g]
                for k in fn.parameters.indices where fn.argument(k, of: call) == written {
                    guard let assigned = fn.locals[fn.parameters[k].name] else { continue }
                    for v in assigned {
                        out.add(evaluate(
                            v, Context(function: g, owner: fn.owner), site, chain: chain + ["inout \(fn.parameters[k].name) of \(fn.signature) filled at \(call.location)"],
                            depth: depth, visiting: &visiting))
                    }
                }
            }
        }
        return out
    }

    /// Whether `name` is a local, parameter or property where `ctx` reads it.
    private func holdsValue(_ name: String, _ ctx: Context) -> Bool {
        if let f = ctx.function, index.functions[f].locals[name] != nil || index.functions[f].parameters.contains(where: { $0.name == name }) { return true }
        guard let owner = ctx.owner, let t = index.type(named: owner) else { return false }
        return t.propertyValues[name] != nil
    }

    /// `.home` as written (an implicit member: an enum case when the type is an enum of them).
    static func isImplicitMember(_ text: String) -> Bool {
        text.count > 1 && text.first == "." && text.dropFirst().allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    // MARK: Parameters, properties, functions

    /// Parameter `k` of function `f`: its value at every call site (or the default where omitted).
    private func parameter(_ k: Int, of f: Int, _ site: Site, chain: [String], depth: Int, visiting: inout Visiting) -> Result {
        var out = Result()
        let fn = index.functions[f]
        let sites = callSites(of: f)
        for c in sites {
            let call = index.calls[c]
            let step = chain + ["\(fn.signature) called at \(call.location)"]
            let callSite = self.site(ofCall: call)
            var arg = fn.argument(k, of: call)
            if arg == nil, firstLabelOmittable, !fn.accepts(labels: call.labels), let labels = fn.swift2Labels(call.labels) {
                var written = call
                written.arguments[0].label = labels[0]
                arg = fn.argument(k, of: written)
            }
            if let arg {
                out.add(evaluate(arg, context(ofCall: call), callSite, chain: step, depth: depth, visiting: &visiting))
            } else if let d = fn.parameters[k].defaultValue {
                out.add(evaluate(d, Context(function: f, owner: fn.owner), callSite, chain: step + ["default argument"], depth: depth, visiting: &visiting))
            }
        }
        if sites.isEmpty {
            if let d = fn.parameters[k].defaultValue {
                out.add(evaluate(d, Context(function: f, owner: fn.owner), site, chain: chain + ["default argument"], depth: depth, visiting: &visiting))
            } else {
                out.misses.append(Miss(
                    reason: "parameter '\(fn.parameters[k].name)' of \(fn.signature), which no call in the scanned sources passes",
                    site: site, chain: chain))
            }
        }
        return out
    }

    private func functions(_ name: String, labels: [String], receiver: ValueExpr.Receiver, from ctx: Context) -> [Int] {
        (index.functionsByName[name] ?? []).filter { f in
            let fn = index.functions[f]
            guard !fn.isGetter, accepts(fn, labels) else { return false }
            switch receiver {
            case .type(let t): return fn.owner == t || fn.owner.map { index.type(t, conformsTo: $0) } == true
            case .value(let v):
                // `maker.route()` where `maker: Base`: Base's method and its subclasses' or conformers'
                // overrides (dynamic dispatch), never a same-named method of an unrelated type. An
                // untyped receiver may call any.
                guard let owner = fn.owner else { return false }
                return callOn(v, in: ctx, mayRunMethodOf: owner)
            case .implicit: return fn.owner == nil || ctx.owner.map { index.type($0, conformsTo: fn.owner!) } == true
            }
        }
    }

    private func hasProperty(_ name: String, in type: String) -> Bool {
        guard let t = index.type(named: type) else { return false }
        return t.propertyValues[name] != nil || t.propertyTypes[name] != nil || !getters(name, of: type).isEmpty
    }

    /// Computed properties named `name` that a value of `type` has: the type's own getter (in the type or
    /// an extension of it), else a default in an extension of a protocol or superclass it conforms to.
    func getters(_ name: String, of type: String) -> [Int] {
        let all = (index.functionsByName[name] ?? []).filter { index.functions[$0].isGetter && !index.functions[$0].isStatic }
        let own = all.filter { index.functions[$0].owner == type }
        if !own.isEmpty { return own }
        return all.filter { f in index.functions[f].owner.map { $0 != type && index.type(type, conformsTo: $0) } == true }
    }

    /// A property's values: its initializer and assignments, else the argument of that label where the
    /// type is constructed (memberwise initializers).
    private func property(_ name: String, of type: String, _ site: Site, chain: [String], depth: Int, visiting: inout Visiting) -> Result {
        var out = Result()
        let values = index.typesByName[type].map { $0.flatMap { index.types[$0].propertyValues[name] ?? [] } } ?? []
        let step = chain + ["property \(type).\(name)"]
        for v in values {
            out.add(evaluate(v.value, Context(function: v.function, owner: type), site, chain: step, depth: depth, visiting: &visiting))
        }
        let computed = values.isEmpty ? getters(name, of: type).filter { !index.functions[$0].returns.isEmpty } : []
        for f in computed {
            let fn = index.functions[f]
            for r in fn.returns {
                out.add(evaluate(r, Context(function: f, owner: type), site, chain: step + ["computed by \(fn.owner ?? type).\(name)"], depth: depth, visiting: &visiting))
            }
        }
        if values.isEmpty && computed.isEmpty {
            var constructed = false
            for c in index.callsByName[type] ?? [] {
                let call = index.calls[c]
                guard call.callee.receiver == .implicit, let arg = call.arguments.first(where: { $0.label == name }) else { continue }
                constructed = true
                out.add(evaluate(
                    arg.value, context(ofCall: call), site, chain: chain + ["\(type)(\(name):) at \(call.location)"],
                    depth: depth, visiting: &visiting))
            }
            if !constructed {
                out.misses.append(Miss(reason: "property '\(name)' of \(type) is never given a value the scanner can see", site: site, chain: chain))
            }
        }
        // `var view: PostListViewController!` set where the scan cannot follow (a storyboard, a
        // builder): what it holds is still of its declared type.
        if let declared = index.type(named: type)?.propertyTypes[name] {
            narrow(&out, to: declared, Context(function: nil, owner: type), site, chain: step + ["declared \(type).\(name): \(declared)"])
        }
        return out
    }

    /// Internal names of `label:` in functions named `function` (`func show(onSelect handler: …)` → `handler`).
    private func parameterNames(label: String, ofFunction function: String) -> [String] {
        (index.functionsByName[function] ?? []).compactMap { f in
            index.functions[f].parameters.first { $0.label == label }?.name
        }
    }
}

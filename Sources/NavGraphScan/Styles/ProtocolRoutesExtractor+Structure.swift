import NavGraphKit

/// Attribution by the program's structure (issue 29, item 3) for protocol routes: which screen a
/// type, a view or a call belongs to, read from what the code constructs and calls.
extension ProtocolRoutesExtractor.Model {
    /// SwiftUI views that are parts of a screen, not screens of their own: a view constructed inside a
    /// screen's code (or inside another such part), that no route builds and that is never shown as a
    /// screen (the value of a `present`/`.sheet`/`NavigationLink`/… form, or the `rootView:` of a
    /// `UIHostingController`). `struct Panel: View` that a `UIViewController` adds as a subview through
    /// `Panel(viewModel: viewModel).asUIKit()` is such a part: what it calls is its screen's.
    func screenParts() -> Set<String> {
        let routeScreens = Set(routes.values.compactMap(\.screen))
        let views = screens.filter { !routeScreens.contains($0) && isSwiftUIView($0) }
        guard !views.isEmpty else { return [] }
        let all = index.calls + index.callsWithoutArguments
        var shown = Set<String>()
        for c in all {
            if let form = DirectPresentations.form(of: c) {
                for v in form.values { Self.constructedTypes(in: v, into: &shown) }
            }
            if c.callee.name == "UIHostingController", c.callee.receiver == .implicit {
                for a in c.arguments where a.label == "rootView" { Self.constructedTypes(in: a.value, into: &shown) }
            }
        }
        let candidates = views.subtracting(shown)
        // Who constructs each candidate: the innermost enclosing type that is a screen or a candidate.
        var makers: [String: Set<String>] = [:]
        for c in all where c.callee.receiver == .implicit && candidates.contains(c.callee.name) {
            if let t = c.enclosingTypes.first(where: { screens.contains($0) && $0 != c.callee.name }) {
                makers[c.callee.name, default: []].insert(t)
            }
        }
        // A part is made by a screen that is not a candidate, or by a part (a fixpoint).
        var parts = Set<String>()
        var changed = true
        while changed {
            changed = false
            for (view, by) in makers where !parts.contains(view) {
                if by.contains(where: { !candidates.contains($0) || parts.contains($0) }) {
                    parts.insert(view)
                    changed = true
                }
            }
        }
        return parts
    }

    /// Whether a screen type is a SwiftUI view (inherits `View`, not a UIKit or AppKit controller).
    func isSwiftUIView(_ name: String) -> Bool {
        var seen = Set<String>()
        var stack = [name]
        var view = false
        while let n = stack.popLast() {
            guard seen.insert(n).inserted else { continue }
            if n != name, ProtocolRoutesExtractor.screenBases.contains(n) {
                if n == "View" { view = true } else { return false }
            }
            for i in index.typesByName[n] ?? [] { stack += index.types[i].inherited.map { $0.split(separator: "<").first.map(String.init) ?? $0 } }
        }
        return view
    }

    /// Types a value constructs as written (`UINavigationController(rootViewController: X())`: both).
    static func constructedTypes(in v: ValueExpr, into out: inout Set<String>) {
        switch v {
        case .construct(let t, let args):
            out.insert(DependencyBinding.unqualified(t))
            for a in args { constructedTypes(in: a.value, into: &out) }
        case .call(let callee, let args):
            if callee.receiver == .implicit, SyntaxHelpers.isTypeLike(callee.name) { out.insert(callee.name) }
            if case .value(let base) = callee.receiver { constructedTypes(in: base, into: &out) }
            for a in args { constructedTypes(in: a.value, into: &out) }
        case .choice(let items), .array(let items):
            for i in items { constructedTypes(in: i, into: &out) }
        case .member(let b, _), .element(let b):
            constructedTypes(in: b, into: &out)
        default:
            break
        }
    }

    /// Screens built together with what they need: a function (a tab bar's `makeHome()`, an app
    /// starter's `start()`) that constructs one screen (containers aside) and, beside it, its router and
    /// view model builds them for that screen. Per screen, the types so built for it; per function
    /// owner, the types it builds only that way (they are the built screen's, not the owner's).
    func builtTogether() -> (forScreen: [String: [String]], builtFor: [String: Set<String>]) {
        var forScreen: [String: [String]] = [:]
        var onlyFor: [String: Set<String>] = [:]
        var elsewhere: [String: Set<String>] = [:]
        let routeDefaults = Set(routes.values.flatMap(\.defaults))
        for f in index.functions.indices {
            guard let owner = index.functions[f].owner, !routeDefaults.contains(f) else { continue }
            let made = constructed(in: f)
            let built = Set(made.filter { screens.contains($0) && !isContainer($0) && $0 != owner })
            guard built.count == 1, let screen = built.first else {
                elsewhere[owner, default: []].formUnion(made)
                continue
            }
            let others = made.filter { $0 != screen && !screens.contains($0) && routeIDs[$0] == nil }
            forScreen[screen, default: []] += others
            onlyFor[owner, default: []].formUnion(others)
        }
        for (owner, types) in onlyFor { onlyFor[owner] = types.subtracting(elsewhere[owner] ?? []) }
        return (forScreen.mapValues { Array(Set($0)).sorted() }, onlyFor)
    }

    /// The screens a call written in `types` (innermost first), in `function`, belongs to, and whether
    /// the composition root runs it: the nearest of the screens' builds and the root decides; when the
    /// root reaches the type as near as a screen does, or several screens do, only those whose code calls the method the
    /// site is in (`MethodCallers`, followed up to 4 callers deep) keep it. A screen that merely uses a
    /// router singleton (`AppRouter.shared.topViewController()`) does not get the routes that the
    /// router's `startApp()` opens for the app delegate.
    func attribution(
        types: [String], function: Int?, owned: [String: [String: Int]], root: (distance: [String: Int], screens: [String]),
        methods: MethodCallers, depth: Int = 0, visiting: inout Set<Int>
    ) -> (owners: [String], inRoot: Bool) {
        for t in types {
            let owners = Self.owners(of: t, in: owned)
            let ownerDistance = owners.first.flatMap { owned[$0]?[t] } ?? Int.max
            if let r = root.distance[t], r < ownerDistance { return ([], true) }
            guard !owners.isEmpty else { continue }
            // The root as near as the nearest screen (a singleton both refer to), or several screens.
            let rootToo = root.distance[t] == ownerDistance
            guard rootToo || owners.count > 1, depth < 4, let f = function, index.functions[f].owner == t, !screens.contains(t),
                  visiting.insert(f).inserted, let callers = methods.callers(of: f) else { return (owners, false) }
            defer { visiting.remove(f) }
            // No code runs the method but itself (or a method it calls back): it belongs to none of
            // several screens; with one, it stays (as before).
            let outside = callers.filter { c in c.function.map { !visiting.contains($0) } ?? true }
            if outside.isEmpty { return (owners.count > 1 ? [] : owners, false) }
            var reached = Set<String>()
            var rootReached = false
            for c in outside {
                let a = attribution(
                    types: c.enclosingTypes, function: c.function, owned: owned, root: root, methods: methods,
                    depth: depth + 1, visiting: &visiting)
                reached.formUnion(a.owners)
                rootReached = rootReached || a.inRoot
            }
            let both = Set(owners).intersection(reached)
            let inRoot = rootToo && rootReached
            if both.isEmpty && !inRoot { return (owners, false) }
            return (both.sorted(), inRoot)
        }
        return ([], false)
    }
}

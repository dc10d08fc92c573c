import NavGraphKit

/// A function, initializer or computed property body, with what value flow needs: its parameters
/// (and their defaults), its local bindings and what it returns.
struct FunctionFacts: Sendable {
    struct Parameter: Sendable, Hashable {
        /// The argument label callers write (`_` when none).
        var label: String
        /// The name inside the body.
        var name: String
        var typeName: String
        /// The qualifier written before the type's name (`ProfileModel` of `ProfileModel.Route?`);
        /// nil when the name is written alone.
        var typeQualifier: String? = nil
        /// The metatype's instance type name for `Builder.Type` (else nil).
        var metatypeOf: String?
        /// The type as written, for protocol requirements only (`String`, `Int?`: route parameters);
        /// empty elsewhere, where printing every parameter's type would cost the scan.
        var typeText: String = ""
        var defaultValue: ValueExpr?
        /// `_ routes: Route...`: the call passes any number of arguments for it (an array inside).
        var isVariadic = false
    }

    /// The innermost enclosing type (an extension counts as the type it extends); nil at top level.
    var owner: String?
    /// The owner's `TypeFacts.outer` (`FeedRouter` for a method of `FeedRouter.Route`); nil when
    /// the owner is at top level.
    var ownerOuter: String? = nil
    var name: String
    var parameters: [Parameter]
    var isStatic: Bool
    /// Declared in a protocol (a requirement) or a protocol extension.
    var inProtocol: Bool
    var returnType: String?
    /// Every value bound or assigned to a local name in the body.
    var locals: [String: [ValueExpr]] = [:]
    /// Where each of those values is visible, beside `locals` (two entries per value: the first and
    /// last place of the block, switch case, closure, `if` or `for` its name is declared in): two
    /// `let vc` in two cases of one `switch` are two locals (`visibleLocals(_:at:)`). A name with
    /// no entry here (facts of another shape) is visible everywhere in the body.
    var localScopes: [String: [SourceLocation]] = [:]
    var returns: [ValueExpr] = []
    var location: SourceLocation
    var module: String?
    /// A computed property's getter: read as `x`, never called as `x()`.
    var isGetter = false

    var labels: [String] { @inline(__always) get { parameters.map(\.label) } }

    /// The owner with its qualifier (`FeedRouter.Route`), as `TypeFacts.qualifiedName` names it.
    var qualifiedOwner: String? { @inline(__always) get { owner.map { o in ownerOuter.map { "\($0).\(o)" } ?? o } } }

    /// `Owner.name(a:_:)`: how explanations name the function.
    var signature: String {
        (owner.map { $0 + "." } ?? "") + name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// Whether a call written with `labels` can call this function (omitted arguments need defaults).
    func accepts(labels callLabels: [String]) -> Bool {
        var i = 0
        for p in parameters {
            if i < callLabels.count, callLabels[i] == p.label {
                i += 1
                // A variadic parameter takes the unlabeled arguments that follow its first.
                while p.isVariadic, i < callLabels.count, callLabels[i] == "_" { i += 1 }
                continue
            }
            if p.defaultValue == nil && !p.isVariadic { return false }
        }
        return i == callLabels.count
    }

    /// Whether `call` can call this function, its trailing closures included: the first (unlabelled)
    /// closure takes one parameter after those the written arguments take, the labelled ones theirs.
    func accepts(_ call: CallFact) -> Bool {
        accepts(labels: call.labels, trailing: call.trailingLabels)
    }

    /// `accepts(labels:)` for a call written with `labels` and then trailing closures labelled `trailing`.
    func accepts(labels callLabels: [String], trailing: [String]) -> Bool {
        guard let first = trailing.first else { return accepts(labels: callLabels) }
        let rest = Array(trailing.dropFirst())
        if first != "_" { return accepts(labels: callLabels + trailing) }
        // Swift matches the unlabelled closure to a parameter by position; any parameter may be it.
        return parameters.contains { accepts(labels: callLabels + [$0.label] + rest) }
    }

    /// This requirement with the default arguments an implementation of the same name and labels
    /// declares (a protocol extension's `func open(animated: Bool = true)` lets `open()` call it).
    /// Swift 2 left out the first argument's label at the call (`mockPresenter(store, title: "x")` for
    /// `func mockPresenter(store: Store, title: String)`): the call's labels as Swift 3 writes them, or
    /// nil when the call does not have that shape.
    func swift2Labels(_ callLabels: [String]) -> [String]? {
        guard callLabels.first == "_", let p = parameters.first, p.label != "_" else { return nil }
        return [p.label] + callLabels.dropFirst()
    }

    func withDefaults(from implementations: [FunctionFacts]) -> FunctionFacts {
        guard parameters.contains(where: { $0.defaultValue == nil }),
              let impl = implementations.first(where: { $0.name == name && $0.labels == labels }) else { return self }
        var copy = self
        for k in copy.parameters.indices where copy.parameters[k].defaultValue == nil {
            copy.parameters[k].defaultValue = impl.parameters[k].defaultValue
        }
        return copy
    }

    /// The argument a call passes for parameter `index` (nil: omitted, the default applies).
    func argument(_ index: Int, of call: CallFact) -> ValueExpr? {
        var i = 0
        for (k, p) in parameters.enumerated() {
            if i < call.arguments.count, (call.arguments[i].label ?? "_") == p.label {
                let first = i
                i += 1
                while p.isVariadic, i < call.arguments.count, call.arguments[i].label == nil { i += 1 }
                // A variadic parameter is the array of every argument passed for it.
                if k == index { return p.isVariadic ? .array(call.arguments[first..<i].map(\.value)) : call.arguments[first].value }
            } else if k == index {
                return nil
            }
        }
        return nil
    }
}

/// A call site: `f(…)`, `x.f(…)`, `Type(…)`, with its arguments as values.
struct CallFact: Sendable {
    var callee: ValueExpr.Callee
    var arguments: [ValueExpr.Argument]
    /// Index into the file's `functions` of the function the call is in.
    var function: Int?
    /// Enclosing type names, innermost first.
    var enclosingTypes: [String]
    var location: SourceLocation
    var module: String?
    /// What the trailing closures yield, in order (each a choice of its statements' values), for the
    /// calls whose closures build screens (`DirectPresentations.closureCalls`: `.sheet { … }`,
    /// `NavigationLink { … }`, `TabView { … }`); empty for every other call.
    var trailing: [ValueExpr] = []
    /// The labels of the trailing closures, in order (`_` for the first, unlabelled one): a call
    /// `router.showAlpha { … }` passes its closure for a parameter as much as `showAlpha(done: { … })` does.
    var trailingLabels: [String] = []
    /// The object whose property holds the closure the call is written in (`viewModel.onDone = {
    /// router.openNext() }` in a factory that builds the screen): the closure runs as that object's
    /// code, so the call belongs to the screens the object belongs to. Nil outside such a closure and
    /// for a closure stored in the enclosing type's own property (`self.onDone = { … }`).
    var closureObject: ValueExpr? = nil

    var labels: [String] { @inline(__always) get { arguments.map { $0.label ?? "_" } } }
}

/// A value stored into a property: `let x = v`, `self.x = v`, `x = v` inside the type.
struct PropertyValue: Sendable {
    var value: ValueExpr
    /// Index into the file's `functions` of the function the assignment is in (nil: an initializer expression).
    var function: Int?
    var file: Int = 0
    /// Where an assignment in a function is (nil for an initializer expression).
    var location: SourceLocation? = nil
}

/// A `switch` with what each case yields: `switch self { case .home: return "Modules/Home" }` in an
/// enum's computed property (a per-case value), or `switch key { case "home": return HomeModule() }` in
/// a factory. Patterns are values as written (`.home` stays the unknown text `.home`).
struct SwitchFact: Sendable {
    struct Case: Sendable {
        var patterns: [ValueExpr]
        var isDefault: Bool
        /// What the case returns or ends with.
        var values: [ValueExpr]
        var location: SourceLocation
        /// Where the case's body ends (calls between `location` and `end` are the case's).
        var end: SourceLocation
    }
    var subject: ValueExpr
    var cases: [Case]
    /// Index into the file's (in the index: the global) `functions` of the function the switch is in.
    var function: Int?
    var enclosingTypes: [String]
    var location: SourceLocation
    var module: String?
}

/// A dictionary literal `[key: value, …]` (a registration table); a closure value stands for what it
/// returns (`{ HomeModule(appRouter: $0) }` → `HomeModule(…)`).
struct TableFact: Sendable {
    struct Entry: Sendable {
        var key: ValueExpr
        var value: ValueExpr
        var location: SourceLocation
    }
    var entries: [Entry]
    var function: Int?
    var enclosingTypes: [String]
    var location: SourceLocation
    var module: String?
    /// Passed straight as an argument: the call's location (a `CallFact`'s) and the label.
    var argumentOf: (call: SourceLocation, label: String?)?
}

/// `base["key"]`: a read of a dictionary by a literal key (`parameters["id"]`).
struct SubscriptFact: Sendable {
    var base: ValueExpr
    var key: String
    var function: Int?
    var location: SourceLocation
}

import NavGraphKit

/// What an expression that may carry a route is, reduced to what value flow needs.
///
/// The scanner never evaluates code: a `ValueExpr` says where a value comes from (a constructor,
/// a local, a parameter, a property, a table, a function's result, a closure's parameter) so that
/// `ValueResolver` can follow it across functions and files. Anything else is `unknown` and stays
/// unresolved, never guessed.
indirect enum ValueExpr: Sendable, Hashable {
    /// `Type(label: value, …)` / `Type.init(…)`.
    case construct(String, [Argument])
    /// A bare identifier: a local, a parameter, or a property of the enclosing type.
    case ref(String)
    /// `self.name`.
    case selfMember(String)
    /// `base.name` where base is a value.
    case member(ValueExpr, String)
    /// `Type.name` (a static property or an enum case).
    case staticMember(String, String)
    /// `base[i]`, `base.first`, `base.randomElement()`: one element of a collection.
    case element(ValueExpr)
    /// Any of these (ternary, `??`, `if`/`switch` expressions, several assignments).
    case choice([ValueExpr])
    /// An array literal (its elements).
    case array([ValueExpr])
    /// The result of calling a function: `make(…)`, `base.make(…)`, `Type.make(…)`; a closure
    /// `{ $0 == x }` is `==` called with `x`.
    case call(Callee, [Argument])
    /// The `index`-th parameter of a closure handed to `label:` of a call to `callee` (a type or function).
    case closureParameter(callee: String, label: String, index: Int)
    /// `.name(…)`: an implicit member called with arguments, an enum case with associated values
    /// (`.show(DetailRoute())`) or a static factory of the type the context expects.
    case enumCase(String, [Argument])
    /// The `index`-th associated value of `base` when `base` is case `caseName`: what `route` is in
    /// `switch step { case .show(let route): … }` or `if case .show(let route) = step`.
    case associatedValue(ValueExpr, caseName: String, index: Int)
    /// The `index`-th parameter of a closure assigned to `object.property` (`viewModel.onSelect = {
    /// route in … }`; `object` is `.ref("self")` for `onSelect = { … }`): the arguments wherever that
    /// property is called (`onSelect?(DetailRoute())` in the view model).
    case propertyClosureParameter(object: ValueExpr, property: String, index: Int)
    /// A string literal without interpolation.
    case literal(String)
    /// Something the scanner does not follow, as written.
    case unknown(String)

    struct Argument: Sendable, Hashable {
        var label: String?
        var value: ValueExpr
    }

    /// Who a call is made on.
    enum Receiver: Sendable, Hashable {
        /// `f(…)` or `self.f(…)`.
        case implicit
        /// `Type.f(…)`.
        case type(String)
        /// `value.f(…)` (`router?.f(…)`, `presenter.f(…)`).
        case value(ValueExpr)
    }

    struct Callee: Sendable, Hashable {
        var receiver: Receiver
        var name: String
    }

    /// The callee of a downcast: `x as? T` (and `as!`) is `.call(as, [x, to: T.self])`, as `a + b` is
    /// `.call(+, [a, b])`; no Swift function has this name.
    static let castName = "as?"

    /// `x as? T`: `x`, known to be a `T` (`ValueResolver.cast`).
    static func cast(_ x: ValueExpr, to type: String) -> ValueExpr {
        .call(.init(receiver: .implicit, name: castName), [.init(label: nil, value: x), .init(label: "to", value: .staticMember(type, "self"))])
    }

    /// The source text shown when a value cannot be followed (short).
    var summary: String {
        switch self {
        case .construct(let t, _): return "\(t)(…)"
        case .ref(let n): return n
        case .selfMember(let n): return "self.\(n)"
        case .member(let b, let n): return "\(b.summary).\(n)"
        case .staticMember(let t, let n): return "\(t).\(n)"
        case .element(let b): return "\(b.summary)[…]"
        case .choice(let c): return c.map(\.summary).joined(separator: " | ")
        case .array(let a): return "[" + a.map(\.summary).joined(separator: ", ") + "]"
        case .call(let c, let args) where c.name == "+" && c.receiver == .implicit && args.count == 2:
            return "\(args[0].value.summary) + \(args[1].value.summary)"
        case .call(let c, let args) where c.name == Self.castName && c.receiver == .implicit && args.count == 2:
            guard case .staticMember(let t, "self") = args[1].value else { return args[0].value.summary }
            return "\(args[0].value.summary) as? \(t)"
        case .call(let c, _):
            switch c.receiver {
            case .implicit: return "\(c.name)(…)"
            case .type(let t): return "\(t).\(c.name)(…)"
            case .value(let v): return "\(v.summary).\(c.name)(…)"
            }
        case .closureParameter(let callee, let label, let i): return "$\(i) of the closure passed to \(callee)(\(label):)"
        case .enumCase(let name, _): return ".\(name)(…)"
        case .associatedValue(let base, let name, let i): return "value \(i) of .\(name) in \(base.summary)"
        case .propertyClosureParameter(let object, let property, let i): return "$\(i) of the closure set as \(object.summary).\(property)"
        case .literal(let s): return "\"\(s)\""
        case .unknown(let t): return t
        }
    }
}

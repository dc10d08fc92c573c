import NavGraphKit
import SwiftParser
import SwiftSyntax

/// Small readers over swift-syntax nodes shared by the extractors.
enum SyntaxHelpers {
    /// `Outer.Name<T>` → `Outer.Name` (generic arguments dropped, module qualification kept).
    static func qualifiedName(_ type: TypeSyntax) -> String {
        var text = type.trimmedText
        // ASCII (every real type name): the same steps on bytes. The Character filter below cost 4 %
        // of a scan's CPU (`isWhitespace` per character); for ASCII text, Character's whitespace is
        // exactly tab, LF, VT, FF, CR and space, and a CR LF pair is removed either way.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = Array(text.utf8)
            if let lt = bytes.firstIndex(of: UInt8(ascii: "<")) { bytes.removeSubrange(lt...) }
            for prefix in ["any ", "some "] where bytes.starts(with: prefix.utf8) { bytes.removeFirst(prefix.utf8.count) }
            bytes.removeAll { b in
                b == UInt8(ascii: " ") || (b >= 0x09 && b <= 0x0D) || b == UInt8(ascii: "?") || b == UInt8(ascii: "!")
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        if let lt = text.firstIndex(of: "<") { text = String(text[..<lt]) }
        for prefix in ["any ", "some "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        return text.filter { !$0.isWhitespace && $0 != "?" && $0 != "!" }
    }

    /// The last component of a type's name: `Module.Name<T>` → `Name`.
    static func simpleName(_ type: TypeSyntax) -> String {
        DependencyBinding.unqualified(qualifiedName(type))
    }

    /// A written type reduced to its name and whether it is created on demand
    /// (a closure, `@escaping`/`@autoclosure`, or a lazy wrapper such as `Lazy<P>`).
    static func typeRef(_ type: TypeSyntax, lazyWrappers: [String], lazy: Bool = false) -> TypeRef? {
        if let t = type.as(AttributedTypeSyntax.self) {
            let onDemand = t.attributes.contains { a in
                guard case .attribute(let attr) = a else { return false }
                let n = attr.attributeName.trimmedText
                return n == "escaping" || n == "autoclosure"
            }
            return typeRef(t.baseType, lazyWrappers: lazyWrappers, lazy: lazy || onDemand)
        }
        if let t = type.as(OptionalTypeSyntax.self) { return typeRef(t.wrappedType, lazyWrappers: lazyWrappers, lazy: lazy) }
        if let t = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return typeRef(t.wrappedType, lazyWrappers: lazyWrappers, lazy: lazy)
        }
        if let t = type.as(SomeOrAnyTypeSyntax.self) { return typeRef(t.constraint, lazyWrappers: lazyWrappers, lazy: lazy) }
        if let t = type.as(FunctionTypeSyntax.self) {
            return typeRef(t.returnClause.type, lazyWrappers: lazyWrappers, lazy: true)
        }
        if let t = type.as(TupleTypeSyntax.self) {
            guard t.elements.count == 1, let only = t.elements.first else { return nil }
            return typeRef(only.type, lazyWrappers: lazyWrappers, lazy: lazy)
        }
        if let t = type.as(IdentifierTypeSyntax.self), lazyWrappers.contains(t.name.text),
           let arg = t.genericArgumentClause?.arguments.first, let inner = Syntax(arg.argument).as(TypeSyntax.self) {
            return typeRef(inner, lazyWrappers: lazyWrappers, lazy: true)
        }
        let name = qualifiedName(type)
        guard !name.isEmpty else { return nil }
        return TypeRef(name: name, lazy: lazy)
    }

    /// The type a call constructs: `X(…)`, `X.init(…)`, `X<T>(…)`, `Module.X(…)`; nil for anything else.
    static func constructedType(_ call: FunctionCallExprSyntax) -> String? {
        typeName(ofCallee: call.calledExpression)
    }

    static func typeName(ofCallee expr: ExprSyntax) -> String? {
        if let g = expr.as(GenericSpecializationExprSyntax.self) { return typeName(ofCallee: g.expression) }
        if let ref = expr.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            return isTypeLike(name) ? name : nil
        }
        if let m = expr.as(MemberAccessExprSyntax.self), let base = m.base {
            let member = m.declName.baseName.text
            if member == "init" { return typeName(ofCallee: base) }
            // Module.Type(…): the member is the type.
            if isTypeLike(member), base.as(DeclReferenceExprSyntax.self).map({ isTypeLike($0.baseName.text) }) == true {
                return member
            }
        }
        return nil
    }

    /// `Type.self` → `Type` (qualified as written).
    static func metatypeName(_ expr: ExprSyntax) -> String? {
        guard let m = expr.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "self", let base = m.base else {
            return nil
        }
        let text = base.trimmedText.filter { !$0.isWhitespace }
        guard let first = DependencyBinding.unqualified(text).first, first.isUppercase else { return nil }
        if let lt = text.firstIndex(of: "<") { return String(text[..<lt]) }
        return text
    }

    /// `F.self` or `AnyFeature(F.self)` → `F`.
    static func featureName(_ expr: ExprSyntax) -> String? {
        if let name = metatypeName(expr) { return DependencyBinding.unqualified(name) }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let arg = call.arguments.first,
           typeName(ofCallee: call.calledExpression) != nil, let name = metatypeName(arg.expression) {
            return DependencyBinding.unqualified(name)
        }
        return nil
    }

    /// The type a property holds, as a simple name: `ProfileWireframe?` → `ProfileWireframe`,
    /// `[MenuItem]` → `MenuItem`, `Lazy<Store>` → `Lazy`.
    static func elementTypeName(_ type: TypeSyntax) -> String {
        // The common cases without printing the type.
        if let t = type.as(IdentifierTypeSyntax.self) { return t.name.text }
        if let t = type.as(MemberTypeSyntax.self) { return t.name.text }
        if let t = type.as(OptionalTypeSyntax.self) { return elementTypeName(t.wrappedType) }
        if let t = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return elementTypeName(t.wrappedType) }
        if let t = type.as(ArrayTypeSyntax.self) { return elementTypeName(t.element) }
        if let t = type.as(SomeOrAnyTypeSyntax.self) { return elementTypeName(t.constraint) }
        if let t = type.as(AttributedTypeSyntax.self) { return elementTypeName(t.baseType) }
        if type.is(FunctionTypeSyntax.self) || type.is(TupleTypeSyntax.self) { return "" }
        return simpleName(type)
    }

    /// The qualifier written before a type's name, optionals and attributes looked through
    /// (`ProfileModel` of `ProfileModel.Route?`, `A.B` of `A.B.Route`); nil for a name written alone
    /// (and for arrays, functions, tuples).
    static func typeQualifier(_ type: TypeSyntax) -> String? {
        if type.is(IdentifierTypeSyntax.self) { return nil }
        if let t = type.as(MemberTypeSyntax.self) { return qualifiedName(t.baseType) }
        if let t = type.as(OptionalTypeSyntax.self) { return typeQualifier(t.wrappedType) }
        if let t = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return typeQualifier(t.wrappedType) }
        if let t = type.as(AttributedTypeSyntax.self) { return typeQualifier(t.baseType) }
        return nil
    }

    static func isTypeLike(_ name: String) -> Bool { name.first?.isUppercase == true }

    /// The expressions a function body returns: `return x` statements (not inside nested closures
    /// or functions), or the single expression of an implicit-return body.
    static func returnedExpressions(_ body: CodeBlockSyntax?) -> [ExprSyntax] {
        guard let body else { return [] }
        if body.statements.count == 1, let only = body.statements.first, case .expr(let e) = only.item {
            return [e]
        }
        let finder = ReturnFinder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    /// Route types named by `x is T`, `x as? T`, `case is T`, `case let x as T` inside a node.
    static func checkedTypes(in node: some SyntaxProtocol) -> [String] {
        var out: [String] = []
        for d in node.tokens(viewMode: .sourceAccurate) {
            guard d.tokenKind == .keyword(.is) || d.tokenKind == .keyword(.as), let parent = d.parent else { continue }
            if let p = parent.as(IsTypePatternSyntax.self) { out.append(simpleName(p.type)); continue }
            if let e = parent.as(IsExprSyntax.self) { out.append(simpleName(e.type)); continue }
            if let e = parent.as(AsExprSyntax.self) { out.append(simpleName(e.type)); continue }
            if parent.is(UnresolvedIsExprSyntax.self) || parent.is(UnresolvedAsExprSyntax.self),
               let next = parent.nextSibling(), let t = next.as(TypeExprSyntax.self) {
                out.append(simpleName(t.type))
            }
        }
        return out
    }

    /// A string literal without interpolation, unescaped.
    static func literal(_ expr: ExprSyntax?) -> String? {
        guard let s = expr?.as(StringLiteralExprSyntax.self) else { return nil }
        return s.representedLiteralValue
    }
}

extension SyntaxProtocol {
    /// The next sibling node in the parent's collection, if any.
    func nextSibling() -> Syntax? {
        guard let parent else { return nil }
        var found = false
        for child in parent.children(viewMode: .sourceAccurate) {
            if found { return child }
            if child.id == id { found = true }
        }
        return nil
    }
}

/// Collects `return` expressions, not descending into closures or nested functions.
final class ReturnFinder: SyntaxVisitor {
    var found: [ExprSyntax] = []
    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let e = node.expression { found.append(e) }
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension SyntaxProtocol {
    /// The same text as `trimmedDescription`, without building a trimmed copy of the tree (which
    /// `trimmedDescription` does, and which was a quarter of a scan's time on every property and
    /// parameter type): the node's own bytes minus its leading and trailing trivia.
    var trimmedText: String {
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = bytes.count - trailingTriviaLength.utf8Length
        guard start < end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

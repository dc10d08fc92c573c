import NavGraphKit

extension ValueResolver {
    /// The types `expr` is made as, with UIKit's and SwiftUI's containers looked through
    /// (`UINavigationController(rootViewController: FeedModule().build())` is what `build()` returns,
    /// `UIHostingController(rootView: item)` is what `item` holds), and whether some of it was not
    /// followed. A container made without its content (`UINavigationController()`) is itself. With
    /// `constructedInside`, also every type constructed inside what the value is made as
    /// (`Coordinator(nav: UINavigationController())`: both).
    ///
    /// Cost: one `resolve` per value, and one per container argument, at most `containerDepth`
    /// containers deep (each bounded by `maxSteps`).
    func madeTypes(_ expr: ValueExpr, in ctx: Context, site: Site, constructedInside: Bool = false) -> (types: Set<String>, missed: Bool) {
        var types = Set<String>()
        var missed = false
        collectMadeTypes(expr, ctx, site, depth: 0, constructedInside: constructedInside, into: &types, missed: &missed)
        return (types, missed)
    }

    /// How many containers inside each other `madeTypes` looks through.
    static var containerDepth: Int { 4 }

    private func collectMadeTypes(
        _ expr: ValueExpr, _ ctx: Context, _ site: Site, depth: Int, constructedInside: Bool, into types: inout Set<String>, missed: inout Bool
    ) {
        let result = resolve(expr, in: ctx, site: site)
        if !result.misses.isEmpty { missed = true }
        for made in result.made {
            if constructedInside { ProtocolRoutesExtractor.Model.constructedTypes(in: made.value, into: &types) }
            guard case .construct(let type, let args) = made.value else { continue }
            let name = DependencyBinding.unqualified(type)
            if let label = containerLabel(of: name), let content = args.first(where: { $0.label == label }) {
                guard depth < Self.containerDepth else { missed = true; continue }
                collectMadeTypes(content.value, made.context, made.site, depth: depth + 1, constructedInside: false, into: &types, missed: &missed)
            } else {
                types.insert(name)
            }
        }
    }

    /// The argument that holds the screen of a container (`DirectPresentations.containers`), or of a
    /// container subclass of the sources that keeps its base's initializer.
    func containerLabel(of name: String) -> String? {
        if let label = DirectPresentations.containers[name] { return label }
        var seen: Set<String> = [name]
        var stack = index.typesByName[name].map { $0.flatMap { index.types[$0].inherited } } ?? []
        while let n = stack.popLast() {
            guard seen.insert(n).inserted, seen.count < 16 else { continue }
            if let label = DirectPresentations.containers[n] { return label }
            for i in index.typesByName[n] ?? [] { stack += index.types[i].inherited }
        }
        return nil
    }
}

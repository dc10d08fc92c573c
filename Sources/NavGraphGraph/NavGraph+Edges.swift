import NavGraphModel

/// The graph build's edge stage: where to cut the work between two threads, and each half's edge
/// records in canonical order.
extension NavGraph {
    /// One thread's share of the edge stage: its edge records, and the handlers' (route, feature) pairs.
    package typealias EdgeSegment = (edges: [Edge], mappings: [(route: Int32, feature: Int32)])

    /// Where the edge stage cuts `declared` (declared feature nodes, ascending) between its two
    /// threads: the first takes the features before the cut, the second those after it and the
    /// handlers' and bindings' edges, about half of all edges each.
    ///
    /// Edge counts from the id columns: a declaration's ids are its name, its fallback slot, then
    /// one per dependency and navigation, so it has (its ids − 1) edges at most (with the
    /// fallback); a handler has one per mapping (two ids each), a binding one per dependency.
    package static func edgeCut(_ declared: [Int32], featureRows: EdgeRows, _ x: Sections) -> Int {
        let featureStart = x.featureStart, featureIDs = x.featureIDs
        func featureEdges(_ j: Int32) -> Int {
            let end = Int(j) + 1 < featureStart.count ? Int(featureStart[Int(j) + 1]) : featureIDs.count
            return end - Int(featureStart[Int(j)]) - 1
        }
        var work: [Int] = []  // per declared feature: how many edges the features before it have
        work.reserveCapacity(declared.count)
        var total = 0
        for id in declared {
            work.append(total)
            for j in featureRows[Int(id)] { total += featureEdges(j) }
        }
        let featureWork = total
        total += (x.handlerIDs.count - x.handlerStart.count) / 2 + x.bindingIDs.count - x.bindingStart.count
        var cut = 0
        while cut < declared.count && work[cut] * 2 < total { cut += 1 }
        if featureWork * 2 < total { cut = declared.count }
        return cut
    }

    /// The edges whose sources are `features` (declared feature nodes, ascending) and, after them,
    /// the routes of `handlers` and the dependencies of `bindings`: (from, kind, to, via, lazy, style)
    /// in canonical order, exact duplicates collapsed, and the handlers' (route, feature) pairs.
    /// Reads only what it is given (the graph build runs two at once).
    package static func edgeSegment(
        features declared: ArraySlice<Int32>, featureRows: EdgeRows, declarations features: [Feature],
        handlers: [RouteHandler], bindings: [DependencyBinding], ids x: Sections,
        featureNode: [Int32], routeNode: [Int32], handlerNode: [Int32], dependencyNode: [Int32], nodeCount: Int
    ) -> EdgeSegment {
        let featureStart = x.featureStart, featureIDs = x.featureIDs, handlerStart = x.handlerStart
        let handlerIDs = x.handlerIDs, bindingStart = x.bindingStart, bindingIDs = x.bindingIDs
        // Styles become small ids first, so an edge record is a plain value (sorting them moves no
        // reference counts); a style's rank orders records as `(style ?? "")` would.
        var styleOf: [String?] = [nil], styleIDs: [String: Int32] = [:], processID: [UInt32] = [0]
        func styleID(_ style: String?) -> Int32 {
            guard let style else { return 0 }
            if let id = styleIDs[style] { return id }
            let id = Int32(styleOf.count)
            styleOf.append(style)
            styleIDs[style] = id
            processID.append(StyleNames.id(style))
            return id
        }
        var pending: [PendingEdge] = []
        var mappings: [(route: Int32, feature: Int32)] = []
        features.withUnsafeBufferPointer { features in
            for id in declared {
                let rows = featureRows[Int(id)]
                for (n, j) in rows.enumerated() {
                    var c = Int(featureStart[Int(j)]) + 2
                    features[Int(j)].dependencies.withUnsafeBufferPointer { ds in
                        for d in ds.indices {
                            pending.append(PendingEdge(from: id, to: dependencyNode[Int(featureIDs[c])], kind: .requires, via: -1, style: 0, lazy: ds[d].lazy))
                            c += 1
                        }
                    }
                    features[Int(j)].navigates.withUnsafeBufferPointer { ns in
                        for n in ns.indices {
                            pending.append(PendingEdge(from: id, to: routeNode[Int(featureIDs[c])], kind: .navigates, via: -1, style: styleID(ns[n].style), lazy: false))
                            c += 1
                        }
                    }
                    if Int(j) + 1 < x.presentStart.count {
                        var k = Int(x.presentStart[Int(j)])
                        features[Int(j)].presents.withUnsafeBufferPointer { ps in
                            for p in ps.indices {
                                pending.append(PendingEdge(from: id, to: featureNode[Int(x.presentIDs[k])], kind: .presents, via: -1, style: styleID(ps[p].style), lazy: false))
                                k += 1
                            }
                        }
                    }
                    // The first declaration's fallback (the merged feature keeps the first's).
                    let fb = featureIDs[Int(featureStart[Int(j)]) + 1]
                    if n == 0, fb >= 0 { pending.append(PendingEdge(from: id, to: featureNode[Int(fb)], kind: .fallback, via: -1, style: 0, lazy: false)) }
                }
            }
        }
        handlers.withUnsafeBufferPointer { handlers in
            for i in handlers.indices {
                var c = Int(handlerStart[i])
                let hid = handlerNode[Int(handlerIDs[c])]
                for _ in 0..<handlers[i].routes.count {
                    let route = routeNode[Int(handlerIDs[c + 1])], feature = featureNode[Int(handlerIDs[c + 2])]
                    pending.append(PendingEdge(from: route, to: feature, kind: .routesTo, via: hid, style: 0, lazy: false))
                    mappings.append((route, feature))
                    c += 2
                }
            }
        }
        bindings.withUnsafeBufferPointer { bindings in
            for i in bindings.indices {
                var c = Int(bindingStart[i])
                let pid = dependencyNode[Int(bindingIDs[c])]
                bindings[i].dependencies.withUnsafeBufferPointer { ds in
                    for d in ds.indices {
                        c += 1
                        pending.append(PendingEdge(from: pid, to: dependencyNode[Int(bindingIDs[c])], kind: .requires, via: -1, style: 0, lazy: ds[d].lazy))
                    }
                }
            }
        }
        let styleRank = ranks(of: styleOf)
        // Grouped by `from` with a counting pass (keeps each group's order), then each group sorted:
        // the same order as one stable sort of all of them.
        let sorted = EdgeRows(nodeCount: nodeCount, pairs: pending.indices.map { (pending[$0].from, Int32($0)) })
        var order = [PendingEdge]()
        order.reserveCapacity(pending.count)
        for node in 0..<nodeCount {
            let group = sorted[node]
            let start = order.count
            for i in group { order.append(pending[Int(i)]) }
            guard group.count > 1 else { continue }
            order.withUnsafeMutableBufferPointer { all in
                var group = UnsafeMutableBufferPointer(rebasing: all[start...])
                group.sort { a, b in
                    if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
                    if a.to != b.to { return a.to < b.to }
                    if a.via != b.via { return a.via < b.via }
                    if a.lazy != b.lazy { return !a.lazy }
                    return styleRank[Int(a.style)] < styleRank[Int(b.style)]
                }
            }
        }
        pending = []
        var edges: [Edge] = []
        edges.reserveCapacity(order.count)
        var last: PendingEdge?
        for p in order {
            if let l = last, l == p { continue }  // exact duplicates collapse
            last = p
            edges.append(Edge(from: p.from, to: p.to, kind: p.kind, via: p.via, styleID: processID[Int(p.style)], lazy: p.lazy))
        }
        return (edges, mappings)
    }

    /// An edge while the graph is built: a plain value (its style an id into the build's style table).
    package struct PendingEdge: Equatable {
        package var from: Int32
        package var to: Int32
        package var kind: EdgeKind
        package var via: Int32
        package var style: Int32
        package var lazy: Bool
    }

    /// Per style id: its rank among the styles ordered as `(style ?? "")` (nil and "" tie).
    package static func ranks(of styles: [String?]) -> [Int32] {
        let byText = styles.indices.sorted { (styles[$0] ?? "") < (styles[$1] ?? "") }
        var rank = [Int32](repeating: 0, count: styles.count)
        var r: Int32 = 0
        for (k, i) in byText.enumerated() {
            if k > 0, (styles[byText[k - 1]] ?? "") != (styles[i] ?? "") { r += 1 }
            rank[i] = r
        }
        return rank
    }
}

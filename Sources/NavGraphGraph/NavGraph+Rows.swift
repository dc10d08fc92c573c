extension NavGraph {
    /// Edge lists of every node in one flat array: node `i`'s edges are
    /// `targets[offsets[i] ..< offsets[i + 1]]`.
    public struct EdgeRows: Sendable {
        private var offsets: [Int32] = [0]
        private var targets: [Int32] = []

        package init() {}

        /// Rows from (node, edge) pairs, kept in the order given within each node.
        package init(nodeCount: Int, pairs: [(node: Int32, edge: Int32)]) {
            var counts = [Int32](repeating: 0, count: nodeCount + 1)
            for p in pairs { counts[Int(p.node) + 1] += 1 }
            for i in 0..<nodeCount { counts[i + 1] += counts[i] }
            offsets = counts
            var next = Array(counts.dropLast())
            targets = [Int32](repeating: 0, count: pairs.count)
            for p in pairs {
                targets[Int(next[Int(p.node)])] = p.edge
                next[Int(p.node)] += 1
            }
        }

        /// Rows of edges already in source order: `sources[e]` is edge `e`'s source, ascending.
        package init(sortedSources sources: some Collection<Int32>, nodeCount: Int) {
            offsets = Self.offsets(sortedSources: sources, nodeCount: nodeCount)
            targets = Array(0..<Int32(sources.count))
        }

        /// Where each node's row starts among items listed by ascending source (`sources`), and the end.
        package static func offsets(sortedSources sources: some Sequence<Int32>, nodeCount: Int) -> [Int32] {
            var counts = [Int32](repeating: 0, count: nodeCount + 1)
            for s in sources { counts[Int(s) + 1] += 1 }
            for i in 0..<nodeCount { counts[i + 1] += counts[i] }
            return counts
        }

        public subscript(node: Int) -> ArraySlice<Int32> {
            targets[Int(offsets[node]) ..< Int(offsets[node + 1])]
        }
    }

    /// One kind of edge per node as plain (target, tag) pairs in compressed rows.
    package struct MoveRows: Sendable {
        package struct Entry: Sendable {
            package var to: Int32
            /// A `navigates` edge's style id, or a `routesTo` edge's handler (its bits).
            package var tag: UInt32
        }

        package private(set) var offsets: [Int32] = [0]
        package private(set) var entries: [Entry] = []

        package init() {}

        /// From `edges` sorted by source node (the build's order): those of `kind`, per source.
        package init(nodeCount: Int, edges: [Edge], kind: EdgeKind, _ entry: (Edge) -> Entry) {
            let ofKind = edges.lazy.filter { $0.kind == kind }
            offsets = EdgeRows.offsets(sortedSources: ofKind.map(\.from), nodeCount: nodeCount)
            entries = ofKind.map(entry)
        }
    }
}

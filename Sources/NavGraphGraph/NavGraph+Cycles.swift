import NavGraphSupport
import NavGraphModel

extension NavGraph {
    /// Strongly connected components of the subgraph made of the edges `include` accepts,
    /// restricted to nodes `nodeFilter` accepts. Iterative Tarjan: no recursion, so a
    /// 100k-deep chain cannot overflow the stack. Components come back sorted by their smallest id,
    /// each component's ids ascending; only components that hold a cycle (size > 1 or a self-loop).
    public func cyclicComponents(nodeFilter: (Int32) -> Bool, include: (Edge) -> Bool) -> [[Int32]] {
        let n = nodes.count
        var index = Array(repeating: Int32(-1), count: n)
        var low = Array(repeating: Int32(0), count: n)
        var onStack = Array(repeating: false, count: n)
        var stack: [Int32] = []
        var next: Int32 = 0
        var result: [[Int32]] = []
        // Frames: node and position in its outgoing list.
        var frames: [(node: Int32, edge: Int)] = []
        for root in 0..<Int32(n) where index[Int(root)] < 0 && nodeFilter(root) {
            frames.append((root, 0))
            index[Int(root)] = next
            low[Int(root)] = next
            next += 1
            stack.append(root)
            onStack[Int(root)] = true
            while !frames.isEmpty {
                let (v, pos) = frames[frames.count - 1]
                let out = outgoing[Int(v)]
                if pos < out.count {
                    frames[frames.count - 1].edge = pos + 1
                    let edge = edges[Int(out[out.startIndex + pos])]
                    guard include(edge), nodeFilter(edge.to) else { continue }
                    let w = edge.to
                    if index[Int(w)] < 0 {
                        index[Int(w)] = next
                        low[Int(w)] = next
                        next += 1
                        stack.append(w)
                        onStack[Int(w)] = true
                        frames.append((w, 0))
                    } else if onStack[Int(w)] {
                        low[Int(v)] = min(low[Int(v)], index[Int(w)])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[Int(parent.node)] = min(low[Int(parent.node)], low[Int(v)]) }
                if low[Int(v)] == index[Int(v)] {
                    var component: [Int32] = []
                    while let w = stack.popLast() {
                        onStack[Int(w)] = false
                        component.append(w)
                        if w == v { break }
                    }
                    let selfLoop = component.count == 1
                        && outgoing[Int(v)].contains { let e = edges[Int($0)]; return e.to == v && include(e) }
                    if component.count > 1 || selfLoop { result.append(component.sorted()) }
                }
            }
        }
        return result.sorted { $0[0] < $1[0] }
    }

    /// A shortest cycle through `start` inside `component` along included edges, as node ids
    /// starting and ending at `start`.
    public func cycle(through start: Int32, within component: Set<Int32>, include: (Edge) -> Bool) -> [Int32] {
        var parent: [Int32: Int32] = [:]
        var queue: [Int32] = [start]
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            for e in outgoing[Int(v)] {
                let edge = edges[Int(e)]
                guard include(edge), component.contains(edge.to) else { continue }
                if edge.to == start {
                    var back: [Int32] = []
                    var cur = v
                    while cur != start {
                        back.append(cur)
                        cur = parent[cur]!
                    }
                    return [start] + back.reversed() + [start]
                }
                if parent[edge.to] == nil && edge.to != start {
                    parent[edge.to] = v
                    queue.append(edge.to)
                }
            }
        }
        return [start]
    }
}

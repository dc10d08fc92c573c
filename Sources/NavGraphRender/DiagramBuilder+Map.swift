import NavGraphKit

/// The map of a big app (docs/rendering.md, "The map"): its screens split into groups, one node per
/// group on the map, one picture per group. A group is a whole module while the app has at most
/// `thresholds.mapModuleGroups` modules with screens; above that, modules are gathered under the
/// flow that first reaches them from the entries (a tab, say), and a flow with more than
/// `thresholds.maxGroupScreens` screens is cut into parts of whole modules, in the order the flow
/// reaches them. A module with more screens than that is cut too, along the walk from the entries.
public struct DiagramGroups: Sendable, Equatable {
    public struct Group: Sendable, Equatable {
        /// What the map shows: a module's name, or `Tab0Feature flow (2/4)`.
        public var name: String
        /// A file-name-safe, unique form of `name` (`[A-Za-z0-9_-]`): the group picture's file suffix.
        public var slug: String
        /// Graph ids of its screens (declared or referenced features), in id order.
        public var screens: [Int32]
        /// Its modules, in name order (`""` for screens without one); a module of more than
        /// `maxGroupScreens` screens is in several groups, each holding a part of it.
        public var modules: [String]
        /// The flow (`Tab0Feature flow`) or module a part belongs to when it was cut into parts.
        public var family: String?
        /// `2/4`: which part of `family`.
        public var part: String?
    }

    /// `modules` (a group per module) or `flows` (modules gathered under the flows of the entries).
    public var rule: String
    public var groups: [Group]
    /// Screen id → index into `groups`.
    public var groupOf: [Int32: Int]
}

extension DiagramBuilder {
    /// Whether `options` draw the map, and its groups: nil for the full view (`--view full`, or
    /// `auto` below `thresholds.mapAboveScreens` screens, or with a selection or another detail or
    /// layer than the default, or when everything would be one group).
    public func groups(_ options: DiagramOptions) throws(RenderError) -> DiagramGroups? {
        switch options.view {
        case .full: return nil
        case .map:
            if options.focus != nil || options.from != nil || options.to != nil || options.module != nil {
                throw .unsupported("--view map draws the whole app; --focus, --from, --to and --module draw a part of it with --view full")
            }
        case .auto:
            if options.focus != nil || options.from != nil || options.to != nil || options.module != nil
                || options.detail != .screens || options.layer != .navigation { return nil }
            if graph.ids(of: .feature).count <= options.thresholds.mapAboveScreens { return nil }
        }
        let g = Self.grouping(graph, thresholds: options.thresholds)
        if options.view == .auto && g.groups.count < 2 { return nil }
        return g
    }

    /// Each screen's group (see `DiagramGroups`). Pure and deterministic. `caps` lowers the number
    /// of screens a part may hold for some groups (by `family ?? name`): a picture too big for a PNG
    /// is split further (`DiagramRenderer`).
    static func grouping(_ graph: NavGraph, thresholds t: RenderThresholds, caps: [String: Int] = [:]) -> DiagramGroups {
        let screens = graph.ids(of: .feature)
        let moduleOf = { (id: Int32) -> String in graph.nodes[Int(id)].module ?? "" }
        var byModule: [String: [Int32]] = [:]
        for s in screens { byModule[moduleOf(s), default: []].append(s) }
        let modules = byModule.keys.sorted()
        let cap = { (key: String) -> Int in max(1, min(t.maxGroupScreens, caps[key] ?? t.maxGroupScreens)) }
        // The walk from the entries: which flow meets each module first, and the order screens are met
        // in (a module too big for one picture is cut along it).
        let walk = modules.count > t.mapModuleGroups || byModule.values.contains { $0.count > t.maxGroupScreens } || !caps.isEmpty
            ? flowOrder(graph) : []
        var rank: [Int32: Int] = [:]
        for (i, (s, _)) in walk.enumerated() { rank[s] = i }
        /// A module's screens in parts of at most `limit`, cut along the walk (screens it never meets
        /// last, in id order), in parts as even as they can be.
        func pieces(_ m: String, _ limit: Int) -> [[Int32]] {
            let all = byModule[m]!
            guard all.count > limit else { return [all] }
            let ordered = all.sorted { (rank[$0] ?? Int.max, $0) < (rank[$1] ?? Int.max, $1) }
            let k = (all.count + limit - 1) / limit
            var out: [[Int32]] = []
            var at = 0
            for i in 0..<k {
                let n = all.count / k + (i < all.count % k ? 1 : 0)
                out.append(Array(ordered[at..<(at + n)]).sorted())
                at += n
            }
            return out
        }
        var groups: [DiagramGroups.Group] = []
        var rule = "modules"
        /// Parts of `title`: units (whole modules, or pieces of one) packed in order, at most `limit` screens a part.
        func addParts(_ title: String, _ units: [(module: String, screens: [Int32])], _ limit: Int) {
            var parts: [[(module: String, screens: [Int32])]] = [[]]
            var size = 0
            for u in units {
                if size > 0 && size + u.screens.count > limit {
                    parts.append([])
                    size = 0
                }
                parts[parts.count - 1].append(u)
                size += u.screens.count
            }
            for (i, part) in parts.enumerated() {
                let name = parts.count == 1 ? title : "\(title) (\(i + 1)/\(parts.count))"
                groups.append(.init(name: name, slug: "", screens: part.flatMap(\.screens).sorted(),
                                    modules: Array(Set(part.map(\.module))).sorted(), family: parts.count == 1 ? nil : title,
                                    part: parts.count == 1 ? nil : "\(i + 1)/\(parts.count)"))
            }
        }
        if modules.count <= t.mapModuleGroups {
            for m in modules {
                let title = m.isEmpty ? "(no module)" : m
                addParts(title, pieces(m, cap(title)).map { (m, $0) }, cap(title))
            }
        } else {
            rule = "flows"
            var firstSeen: [String: Int] = [:], flowOf: [String: Int32] = [:]
            for (r, (s, flow)) in walk.enumerated() where firstSeen[moduleOf(s)] == nil {
                firstSeen[moduleOf(s)] = r
                flowOf[moduleOf(s)] = flow
            }
            // Families: modules under one flow, in the order the walk met them; never-reached modules last.
            var families: [(flow: Int32?, modules: [String])] = []
            var familyOf: [Int32: Int] = [:]
            let reached = modules.filter { firstSeen[$0] != nil }.sorted { firstSeen[$0]! < firstSeen[$1]! }
            for m in reached {
                let f = flowOf[m]!
                if let k = familyOf[f] { families[k].modules.append(m) } else {
                    familyOf[f] = families.count
                    families.append((f, [m]))
                }
            }
            let unreached = modules.filter { firstSeen[$0] == nil }
            if !unreached.isEmpty { families.append((nil, unreached)) }
            for fam in families {
                let title = fam.flow.map { "\(graph.name($0)) flow" } ?? "not reached from an entry"
                let limit = cap(title)
                addParts(title, fam.modules.flatMap { m in pieces(m, limit).map { (m, $0) } }, limit)
            }
        }
        var used: Set<String> = []
        var groupOf: [Int32: Int] = [:]
        for k in groups.indices {
            groups[k].slug = Self.slug(groups[k].name, used: &used)
            for s in groups[k].screens { groupOf[s] = k }
        }
        return DiagramGroups(rule: rule, groups: groups, groupOf: groupOf)
    }

    /// Screens in the order a breadth-first walk from the entries meets them, each with its flow:
    /// the entry's own screens (the entry and what it reaches inside its module, e.g. a tab bar's
    /// tabs) are flows of their own; any other screen is in the flow of the last such screen on its
    /// way from the entry. Screens no entry reaches are not listed.
    static func flowOrder(_ graph: NavGraph) -> [(Int32, Int32)] {
        var next: [[Int32]] = Array(repeating: [], count: graph.nodeCount)
        for f in graph.ids(of: .feature) {
            var seen: Set<Int32> = []
            for e in graph.outgoing[Int(f)] where graph.edge(e).kind == .navigates {
                for r in graph.outgoing[Int(graph.edge(e).to)] where graph.edge(r).kind == .routesTo {
                    if seen.insert(graph.edge(r).to).inserted { next[Int(f)].append(graph.edge(r).to) }
                }
            }
            next[Int(f)].sort { graph.name($0) < graph.name($1) }
        }
        var starts = graph.entryFeatures
        for r in graph.entryRoutes {
            for e in graph.outgoing[Int(r)] where graph.edge(e).kind == .routesTo { starts.append(graph.edge(e).to) }
        }
        var seen: Set<Int32> = []
        starts = starts.filter { seen.insert($0).inserted }.sorted { graph.name($0) < graph.name($1) }
        let entryModules = Set(starts.map { graph.nodes[Int($0)].module ?? "" })
        var order: [(Int32, Int32)] = []
        var queue: [Int32] = []
        var flow: [Int32: Int32] = [:]
        for s in starts {
            flow[s] = s
            queue.append(s)
        }
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            order.append((v, flow[v]!))
            let inEntryModule = entryModules.contains(graph.nodes[Int(v)].module ?? "")
            for w in next[Int(v)] where flow[w] == nil {
                // A screen of an entry's module is a flow itself while its way stays in those modules.
                flow[w] = inEntryModule && flow[v] == v && entryModules.contains(graph.nodes[Int(w)].module ?? "") ? w : flow[v]!
                queue.append(w)
            }
        }
        return order
    }

    /// `[A-Za-z0-9_-]` only (others become `-`, runs folded), at most 60 characters, made unique.
    static func slug(_ name: String, used: inout Set<String>) -> String {
        var s = ""
        for u in name.unicodeScalars {
            let ok = u.isASCII && (u.properties.isAlphabetic || ("0"..."9").contains(u) || u == "_")
            if ok { s.unicodeScalars.append(u) } else if !s.hasSuffix("-") { s += "-" }
        }
        while s.hasSuffix("-") { s.removeLast() }
        while s.hasPrefix("-") { s.removeFirst() }
        if s.isEmpty { s = "group" }
        s = String(s.prefix(60))
        var name = s, n = 2
        while used.contains(name.lowercased()) {
            name = "\(s)-\(n)"
            n += 1
        }
        used.insert(name.lowercased())
        return name
    }

    /// The map: one node per group, coloured by the worst finding on its screens, and the
    /// navigation between groups counted on one edge per pair.
    public func mapDiagram(_ groups: DiagramGroups, options: DiagramOptions) -> Diagram {
        var d = Diagram(title: options.title ?? graph.app ?? "navgraph")
        d.legend = options.legend
        d.collapsed = true
        d.isMap = true
        let index = FindingIndex(graph: graph, findings: findings)
        let worst = worstSeverityPerScreen()
        let entries = Set(graph.entryFeatures)
        for (k, group) in groups.groups.enumerated() {
            // The parts of one flow share a box named after it.
            var cluster: Int?
            if let family = group.family {
                if let c = d.clusters.firstIndex(where: { $0.label == family }) { cluster = c } else {
                    cluster = d.clusters.count
                    d.clusters.append(.init(name: "cluster_g\(d.clusters.count)", label: family, tooltip: family))
                }
            }
            var node = groupNode(group, rule: groups.rule, worst: worst, entries: entries, index: index)
            node.cluster = cluster
            node.link = k
            d.nodes.append(node)
        }
        addLinks(linkCounts(groups), to: &d, perGroup: options.thresholds.mapEdgesPerGroup)
        return d
    }

    /// Per feature screen: the worst severity of the findings that name it.
    private func worstSeverityPerScreen() -> [Int32: Severity] {
        var worst: [Int32: Severity] = [:]
        for f in findings {
            for name in f.elements {
                guard let id = graph.node(.feature, name) else { continue }
                if worst[id].map({ f.severity > $0 }) ?? true { worst[id] = f.severity }
            }
        }
        return worst
    }

    /// A group's node on the map: marked as holding an entry and by its worst finding, labelled with
    /// its name, modules and screen counts, its tooltip listing its modules and a few findings.
    private func groupNode(
        _ group: DiagramGroups.Group, rule: String, worst: [Int32: Severity], entries: Set<Int32>, index: FindingIndex
    ) -> Diagram.Node {
        var marks = Diagram.Marks()
        var severity: Severity?
        var counts: [Severity: Int] = [:]
        for s in group.screens {
            if entries.contains(s) { marks.insert(.entry) }
            if let w = worst[s] {
                counts[w, default: 0] += 1
                if severity.map({ w > $0 }) ?? true { severity = w }
            }
        }
        switch severity {
        case .error?: marks.insert(.worstError)
        case .warning?: marks.insert(.worstWarning)
        default: break
        }
        let n = group.screens.count
        let mods = group.modules.count
        var label = group.part.map { "part \($0)" } ?? group.name
        if rule == "flows" {
            let first = group.modules.first.map { $0.isEmpty ? "(no module)" : $0 } ?? ""
            let last = group.modules.last.map { $0.isEmpty ? "(no module)" : $0 } ?? ""
            label += "\n" + (mods == 1 ? first : "\(first) … \(last)")
            label += "\n\(mods) module\(mods == 1 ? "" : "s") · \(n) screen\(n == 1 ? "" : "s")"
        } else {
            label += "\n\(n) screen\(n == 1 ? "" : "s")"
        }
        let flaggedCounts = [Severity.error, .warning].compactMap { sev in
            counts[sev].map { "\($0) with \(sev.rawValue)s" }
        }
        if !flaggedCounts.isEmpty { label += "\n" + flaggedCounts.joined(separator: " · ") }
        var lines = ["group \(group.name): \(n) screen\(n == 1 ? "" : "s") in \(mods) module\(mods == 1 ? "" : "s")"]
        lines.append("modules: " + group.modules.prefix(12).map { $0.isEmpty ? "(no module)" : $0 }.joined(separator: ", ")
            + (mods > 12 ? ", …" : ""))
        for sev in [Severity.error, .warning, .note] where counts[sev] != nil {
            lines.append("\(counts[sev]!) screen\(counts[sev]! == 1 ? "" : "s") with \(sev.rawValue)s")
        }
        let flagged = group.screens.filter { !index.lines[Int($0)].isEmpty }.prefix(5)
        for s in flagged { lines.append("\(graph.name(s)): \(index.lines[Int(s)][0])") }
        return .init(kind: .group, marks: marks, label: label, tooltip: lines.joined(separator: "\n"),
                     cluster: nil, members: group.screens, link: nil)
    }

    /// The links between groups: per (from group, to group), as `Int64(from) << 32 | to`, how many
    /// navigations (through a route to its destination) and fallbacks cross, with up to 10 samples.
    private func linkCounts(_ groups: DiagramGroups) -> [Int64: (count: Int, samples: [String])] {
        var counts: [Int64: (count: Int, samples: [String])] = [:]
        for (s, ga) in groups.groupOf.sorted(by: { $0.key < $1.key }) {
            for e in graph.outgoing[Int(s)] {
                let edge = graph.edge(e)
                var heads: [(Int32, String)] = []
                switch edge.kind {
                case .navigates:
                    for r in graph.outgoing[Int(edge.to)] where graph.edge(r).kind == .routesTo {
                        heads.append((graph.edge(r).to, "\(graph.name(s)) -> \(graph.name(graph.edge(r).to)) via '\(graph.name(edge.to))'"))
                    }
                case .fallback: heads.append((edge.to, "\(graph.name(edge.to)) is the fallback of \(graph.name(s))"))
                default: break
                }
                for (h, text) in heads {
                    guard let gb = groups.groupOf[h], gb != ga else { continue }
                    let key = Int64(ga) << 32 | Int64(gb)
                    var entry = counts[key] ?? (0, [])
                    entry.count += 1
                    if entry.samples.count < 10 { entry.samples.append(text) }
                    counts[key] = entry
                }
            }
        }
        return counts
    }

    /// The links as edges of the map. A map of strongly linked groups where every pair is linked is
    /// a hairball: each group keeps its `per` strongest links out and in (by count, then group
    /// order); the rest are counted in the groups' tooltips and in a note.
    private func addLinks(_ counts: [Int64: (count: Int, samples: [String])], to d: inout Diagram, perGroup per: Int) {
        let keys = counts.keys.sorted()
        let strongest = { (a: Int64, b: Int64) -> Bool in
            counts[a]!.count != counts[b]!.count ? counts[a]!.count > counts[b]!.count : a < b
        }
        var kept: Set<Int64> = []
        var outOf: [Int: [Int64]] = [:], into: [Int: [Int64]] = [:]
        for key in keys {
            outOf[Int(key >> 32), default: []].append(key)
            into[Int(key & 0xffff_ffff), default: []].append(key)
        }
        for list in Array(outOf.values) + Array(into.values) { kept.formUnion(list.sorted(by: strongest).prefix(per)) }
        var hiddenOut: [Int: (links: Int, groups: Int)] = [:]
        for key in keys {
            let c = counts[key]!
            guard kept.contains(key) else {
                let t = Int(key >> 32)
                hiddenOut[t] = ((hiddenOut[t]?.links ?? 0) + c.count, (hiddenOut[t]?.groups ?? 0) + 1)
                continue
            }
            d.edges.append(.init(
                tail: Int(key >> 32), head: Int(key & 0xffff_ffff), relation: .aggregate, marks: [], label: "\(c.count)",
                tooltip: "\(c.count) link\(c.count == 1 ? "" : "s"):\n" + c.samples.joined(separator: "\n") + (c.count > c.samples.count ? "\n…" : "")))
        }
        let hidden = keys.count - kept.count
        for (t, h) in hiddenOut {
            d.nodes[t].tooltip += "\nalso \(h.links) link\(h.links == 1 ? "" : "s") to \(h.groups) other group\(h.groups == 1 ? "" : "s"), not drawn (weaker)"
        }
        if hidden > 0 {
            d.notes.append("\(hidden) of the \(keys.count) links between groups are left out of the map (each group keeps its "
                + "\(per) strongest links out and in; the rest are counted in the groups' tooltips and drawn in the group pictures)")
        }
    }

    /// Group `k`'s picture: its screens in their module boxes, as the full view draws them, and
    /// what it links with outside (either way): those screens themselves, greyed and named with their
    /// group, while they are at most `maxContextScreens`; else one node per other group ("doors"),
    /// the links to each counted.
    public func groupDiagram(_ groups: DiagramGroups, _ k: Int, options: DiagramOptions) -> Diagram {
        let group = groups.groups[k]
        var selected = Array(repeating: false, count: graph.nodeCount)
        for s in group.screens { selected[Int(s)] = true }
        // Links with the outside: (inside screen, outside screen, outward, text).
        var links: [(Int32, Int32, Bool, String)] = []
        var outside: [Int32] = []
        var seenOutside: Set<Int32> = []
        func link(_ inside: Int32, _ other: Int32, _ outward: Bool, _ text: String) {
            guard groups.groupOf[other] != k, groups.groupOf[other] != nil else { return }
            links.append((inside, other, outward, text))
            if seenOutside.insert(other).inserted { outside.append(other) }
        }
        for s in group.screens {
            for e in graph.outgoing[Int(s)] {
                let edge = graph.edge(e)
                switch edge.kind {
                case .navigates:
                    selected[Int(edge.to)] = true  // the route: unhandled stubs are drawn
                    for r in graph.outgoing[Int(edge.to)] where graph.edge(r).kind == .routesTo {
                        link(s, graph.edge(r).to, true, "\(graph.name(s)) -> \(graph.name(graph.edge(r).to)) via '\(graph.name(edge.to))'")
                    }
                case .fallback: link(s, edge.to, true, "\(graph.name(edge.to)) is the fallback of \(graph.name(s))")
                default: break
                }
            }
            for e in graph.incoming[Int(s)] {
                let edge = graph.edge(e)
                switch edge.kind {
                case .routesTo:
                    for o in graph.incoming[Int(edge.from)] where graph.edge(o).kind == .navigates {
                        link(s, graph.edge(o).from, false, "\(graph.name(graph.edge(o).from)) -> \(graph.name(s)) via '\(graph.name(edge.from))'")
                    }
                case .fallback: link(s, edge.from, false, "\(graph.name(s)) is the fallback of \(graph.name(edge.from))")
                default: break
                }
            }
        }
        let individually = outside.count <= options.thresholds.maxContextScreens
        var context = Array(repeating: false, count: graph.nodeCount)
        if individually { for o in outside { selected[Int(o)] = true; context[Int(o)] = true } }
        var shown = Array(repeating: false, count: graph.nodeCount)
        for i in 0..<graph.nodeCount where selected[i] && graph.nodes[i].kind == .feature { shown[i] = true }
        var o = options
        o.detail = .screens
        o.layer = .navigation
        var d = Diagram(title: "\(options.title ?? graph.app ?? "navgraph") · \(group.name)")
        d.legend = options.legend
        var a = Assembly(graph: graph, index: FindingIndex(graph: graph, findings: findings), shown: shown, selected: selected,
                         context: context, options: o)
        a.expanded(into: &d)
        if individually {
            // Context screens: outside the module boxes, named with their group; no edges between two of them.
            var isContext = Array(repeating: false, count: d.nodes.count)
            for i in d.nodes.indices where d.nodes[i].marks.contains(.context) {
                isContext[i] = true
                d.nodes[i].cluster = nil
                if let m = d.nodes[i].members.first, let gk = groups.groupOf[m] {
                    d.nodes[i].label += "\n(\(groups.groups[gk].name))"
                    d.nodes[i].tooltip += "\nin group: \(groups.groups[gk].name)"
                    d.nodes[i].link = gk
                }
            }
            d.edges = d.edges.filter { !(isContext[$0.tail] && isContext[$0.head]) }
            let usedClusters = Set(d.nodes.compactMap(\.cluster))
            var remap: [Int: Int] = [:]
            var clusters: [Diagram.Cluster] = []
            for (i, c) in d.clusters.enumerated() where usedClusters.contains(i) {
                remap[i] = clusters.count
                clusters.append(c)
            }
            d.clusters = clusters
            for i in d.nodes.indices { d.nodes[i].cluster = d.nodes[i].cluster.flatMap { remap[$0] } }
            return d
        }
        // Doors: one node per other group, in group order; links counted per screen and door.
        var nodeOf: [Int32: Int] = [:]
        for (i, n) in d.nodes.enumerated() where n.kind == .feature { if let m = n.members.first { nodeOf[m] = i } }
        var doorOf: [Int: Int] = [:]
        var doorMembers: [Int: [Int32]] = [:]
        for o in outside { doorMembers[groups.groupOf[o]!, default: []].append(o) }
        for gk in doorMembers.keys.sorted() {
            doorOf[gk] = d.nodes.count
            let members = doorMembers[gk]!.sorted()
            let names = members.prefix(8).map { graph.name($0) }.joined(separator: ", ") + (members.count > 8 ? ", …" : "")
            d.nodes.append(.init(kind: .group, marks: .context, label: "\(groups.groups[gk].name)\n\(members.count) screen\(members.count == 1 ? "" : "s") linked",
                                 tooltip: "group \(groups.groups[gk].name): \(names)", cluster: nil, members: members, link: gk))
        }
        var counts: [Int64: (count: Int, samples: [String])] = [:]
        var order: [Int64] = []
        for (inside, other, outward, text) in links {
            guard let s = nodeOf[inside], let door = doorOf[groups.groupOf[other]!] else { continue }
            let key = outward ? Int64(s) << 32 | Int64(door) : Int64(door) << 32 | Int64(s)
            if counts[key] == nil { order.append(key) }
            var c = counts[key] ?? (0, [])
            c.count += 1
            if c.samples.count < 10 { c.samples.append(text) }
            counts[key] = c
        }
        for key in order.sorted() {
            let c = counts[key]!
            d.edges.append(.init(tail: Int(key >> 32), head: Int(key & 0xffff_ffff), relation: .aggregate, marks: .context,
                                 label: c.count > 1 ? "\(c.count)" : nil,
                                 tooltip: "\(c.count) link\(c.count == 1 ? "" : "s"):\n" + c.samples.joined(separator: "\n") + (c.count > c.samples.count ? "\n…" : "")))
        }
        return d
    }
}

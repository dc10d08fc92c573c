import NavGraphSupport
import NavGraphModel

/// The graph build's first stages: every name of the registry as an id ("names as ids"), then the
/// names of each kind, declared or referenced, in name order (the nodes to be).
extension NavGraph {
    /// Stage 1, names as ids: the loader's ids where they still name the same string (an identity
    /// compare), else interned into `table` here; one id per name occurrence, in `RegistryNames`'
    /// layout. `interned`: how many occurrences had no usable id.
    ///
    /// The declarations are read in place, field by field (`for f in features` copied each one,
    /// retaining every string and list it holds, and released them again).
    package static func sections(
        of registry: Registry, ids names: RegistryNames, interning table: inout NameTable
    ) -> (sections: Sections, interned: Int) {
        var featureNames = NameResolver(names.features), routeNames = NameResolver(names.routes)
        var handlerNames = NameResolver(names.handlers), bindingNames = NameResolver(names.bindings)
        var providedNames = NameResolver(names.provided), entryNames = NameResolver(names.entries)
        var deeplinkNames = NameResolver(names.deeplinks)
        // Per declaration: where its ids start in the section's column.
        var featureIDs: [Int32] = [], featureStart: [Int32] = []
        featureStart.reserveCapacity(registry.features.count)
        featureIDs.reserveCapacity(names.features.count)
        registry.features.withUnsafeBufferPointer { fs in
            for f in fs.indices {
                featureStart.append(Int32(featureIDs.count))
                featureIDs.append(featureNames.next(fs[f].name, &table))
                featureIDs.append(featureNames.next(fs[f].fallback, &table))
                fs[f].dependencies.withUnsafeBufferPointer { ds in
                    for d in ds.indices { featureIDs.append(featureNames.next(ds[d].name, &table)) }
                }
                fs[f].navigates.withUnsafeBufferPointer { ns in
                    for n in ns.indices { featureIDs.append(featureNames.next(ns[n].route, &table)) }
                }
            }
        }
        let routeIDs = registry.routes.withUnsafeBufferPointer { rs in rs.indices.map { routeNames.next(rs[$0].id, &table) } }
        var handlerIDs: [Int32] = [], handlerStart: [Int32] = []
        registry.handlers.withUnsafeBufferPointer { hs in
            for h in hs.indices {
                handlerStart.append(Int32(handlerIDs.count))
                handlerIDs.append(handlerNames.next(hs[h].name, &table))
                hs[h].routes.withUnsafeBufferPointer { ms in
                    for m in ms.indices {
                        handlerIDs.append(handlerNames.next(ms[m].route, &table))
                        handlerIDs.append(handlerNames.next(ms[m].feature, &table))
                    }
                }
            }
        }
        var bindingIDs: [Int32] = [], bindingStart: [Int32] = []
        registry.dependencies.withUnsafeBufferPointer { bs in
            for b in bs.indices {
                bindingStart.append(Int32(bindingIDs.count))
                bindingIDs.append(bindingNames.next(bs[b].protocol, &table))
                bs[b].dependencies.withUnsafeBufferPointer { ds in
                    for d in ds.indices { bindingIDs.append(bindingNames.next(ds[d].name, &table)) }
                }
            }
        }
        let providedIDs = registry.provided.map { providedNames.next($0.name, &table) }
        let entryIDs = registry.entries.map { entryNames.next($0.name, &table) }
        let deeplinkIDs = registry.deeplinks.map { deeplinkNames.next($0.route, &table) }
        // Presented features are not in `RegistryNames`' layout: interned here, per feature.
        var presentIDs: [Int32] = [], presentStart: [Int32] = []
        presentStart.reserveCapacity(registry.features.count + 1)
        registry.features.withUnsafeBufferPointer { fs in
            for f in fs.indices {
                presentStart.append(Int32(presentIDs.count))
                for p in fs[f].presents { presentIDs.append(table.intern(p.feature)) }
            }
        }
        presentStart.append(Int32(presentIDs.count))
        let interned = featureNames.interned + routeNames.interned + handlerNames.interned + bindingNames.interned
            + providedNames.interned + entryNames.interned + deeplinkNames.interned
        let sections = Sections(
            featureIDs: featureIDs, featureStart: featureStart, routeIDs: routeIDs, handlerIDs: handlerIDs, handlerStart: handlerStart,
            bindingIDs: bindingIDs, bindingStart: bindingStart, providedIDs: providedIDs, entryIDs: entryIDs, deeplinkIDs: deeplinkIDs,
            presentIDs: presentIDs, presentStart: presentStart)
        return (sections, interned)
    }

    /// Stages 2 and 3: every name per kind, declared or referenced (arrays indexed by name id, no
    /// hashing), and each kind's names sorted; indexed by the kind's raw value. Routes on one thread,
    /// the other kinds on another (each kind's work only reads the registry and writes its own arrays).
    package static func namesPerKind(_ registry: Registry, _ sections: Sections, _ table: NameTable) -> [KindNames] {
        let others: [NodeKind] = [.feature, .handler, .dependency]
        let (routes, rest) = atOnce({ kindNames([.route], registry, sections, table) }, { kindNames(others, registry, sections, table) })
        var byKind = [KindNames](repeating: KindNames(slotOf: [], slots: [], order: []), count: NodeKind.allCases.count)
        for (kind, names) in zip([NodeKind.route] + others, routes + rest) { byKind[Int(kind.rawValue)] = names }
        return byKind
    }

    /// The name ids of the registry's sections, in `RegistryNames`' layout (with where each
    /// declaration's ids start), as the build's first step resolved them.
    package struct Sections: Sendable {
        package var featureIDs: [Int32], featureStart: [Int32], routeIDs: [Int32], handlerIDs: [Int32], handlerStart: [Int32]
        package var bindingIDs: [Int32], bindingStart: [Int32], providedIDs: [Int32], entryIDs: [Int32], deeplinkIDs: [Int32]
        /// Per feature declaration (`presentStart[i] ..< presentStart[i + 1]`): its presented features.
        package var presentIDs: [Int32] = [], presentStart: [Int32] = [0]
    }

    /// One kind's names: per name id its slot (-1 when no name of the kind), the slots in order of
    /// first sight (declared? the smallest module declaring it), and the slots in name order.
    package struct KindNames: Sendable {
        package var slotOf: [Int32]
        package var slots: [(name: Int32, declared: Bool, module: String?)]
        package var order: [Int]
    }

    /// Every name of `kinds`, declared or referenced, in the order the registry mentions them, and
    /// sorted: the same slots whichever kinds are asked for together.
    package static func kindNames(_ kinds: [NodeKind], _ registry: Registry, _ x: Sections, _ table: NameTable) -> [KindNames] {
        let nameCount = table.count
        var want = [Bool](repeating: false, count: NodeKind.allCases.count)
        for kind in kinds { want[Int(kind.rawValue)] = true }
        var out = [KindNames](repeating: KindNames(slotOf: [], slots: [], order: []), count: NodeKind.allCases.count)
        for kind in kinds { out[Int(kind.rawValue)].slotOf = [Int32](repeating: -1, count: nameCount) }
        func note(_ kind: NodeKind, _ name: Int32, declared: Bool, module: String? = nil) {
            let k = Int(kind.rawValue)
            guard want[k] else { return }
            var slot = Int(out[k].slotOf[Int(name)])
            if slot < 0 {
                slot = out[k].slots.count
                out[k].slotOf[Int(name)] = Int32(slot)
                out[k].slots.append((name, false, nil))
            }
            guard declared else { return }
            out[k].slots[slot].declared = true
            if let module, out[k].slots[slot].module.map({ module < $0 }) ?? true { out[k].slots[slot].module = module }
        }
        let dependencies = want[Int(NodeKind.dependency.rawValue)]
        let routes = want[Int(NodeKind.route.rawValue)]
        registry.features.withUnsafeBufferPointer { fs in
            for i in fs.indices {
                var c = Int(x.featureStart[i])
                note(.feature, x.featureIDs[c], declared: true, module: fs[i].module)
                if x.featureIDs[c + 1] >= 0 { note(.feature, x.featureIDs[c + 1], declared: false) }
                c += 2
                let nd = fs[i].dependencies.count, nn = fs[i].navigates.count
                if dependencies { for j in 0..<nd { note(.dependency, x.featureIDs[c + j], declared: false) } }
                c += nd
                if routes { for j in 0..<nn { note(.route, x.featureIDs[c + j], declared: false) } }
                if i + 1 < x.presentStart.count {
                    for k in Int(x.presentStart[i]) ..< Int(x.presentStart[i + 1]) { note(.feature, x.presentIDs[k], declared: false) }
                }
            }
        }
        if routes {
            registry.routes.withUnsafeBufferPointer { rs in
                for i in rs.indices { note(.route, x.routeIDs[i], declared: true, module: rs[i].module) }
            }
        }
        registry.handlers.withUnsafeBufferPointer { hs in
            for i in hs.indices {
                var c = Int(x.handlerStart[i])
                note(.handler, x.handlerIDs[c], declared: true, module: hs[i].module)
                for _ in 0..<hs[i].routes.count {
                    note(.route, x.handlerIDs[c + 1], declared: false)
                    note(.feature, x.handlerIDs[c + 2], declared: false)
                    c += 2
                }
            }
        }
        if dependencies {
            registry.dependencies.withUnsafeBufferPointer { bs in
                for i in bs.indices {
                    var c = Int(x.bindingStart[i])
                    note(.dependency, x.bindingIDs[c], declared: true, module: bs[i].module)
                    for _ in 0..<bs[i].dependencies.count { c += 1; note(.dependency, x.bindingIDs[c], declared: false) }
                }
            }
            for id in x.providedIDs { note(.dependency, id, declared: true) }
        }
        for (i, e) in registry.entries.enumerated() {
            switch e.target {
            case .feature: note(.feature, x.entryIDs[i], declared: false)
            case .route: note(.route, x.entryIDs[i], declared: false)
            }
        }
        for id in x.deeplinkIDs where id >= 0 { note(.route, id, declared: false) }
        for kind in kinds {
            let k = Int(kind.rawValue)
            out[k].order = table.sorted(out[k].slots.map(\.name)).map { Int(out[k].slotOf[Int($0)]) }
        }
        return kinds.map { out[Int($0.rawValue)] }
    }
}

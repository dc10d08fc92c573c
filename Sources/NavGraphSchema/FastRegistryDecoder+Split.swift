import Foundation
import NavGraphSupport
import NavGraphModel

/// A source that can read a document in two halves (`FeatureSplit`): JSON and block YAML.
package protocol SplitEventSource: RegistryEventSource {
    /// The whole document, except the features list's items from the cut `handOff` gives on (another
    /// reader's), asked for when the top-level `features` key is read. Nil when the source does not
    /// read these bytes at all.
    init?(bytes: UnsafeBufferPointer<UInt8>, file: String, skipping handOff: SplitHandOff)
    /// Only the features list's items from `split`'s cut on, with locations in `text`.
    init(bytes: UnsafeBufferPointer<UInt8>, text: SourceFiles.TextID, from split: FeatureSplit)
    /// The registered text locations point into.
    var registeredText: SourceFiles.TextID { get }
    /// Whether this source jumped over the other reader's items.
    var jumped: Bool { get }
    /// Lets go of the name table (a registry built from this source holds it).
    mutating func dropNames()
    /// The second reader: whether it stopped exactly at the list's end the split gave.
    func endedAt(_ split: FeatureSplit) -> Bool
}

extension FastRegistryDecoder where Source: SplitEventSource {
    /// A big document on two threads. The second thread finds the cut (`cut`, normally
    /// `FeatureSplit.json`, a search for the list and a skim of it, or `.yaml`, a skim of the lines) and reads the features list's
    /// items after it; the first reads everything else, and waits for the cut only when it reaches the
    /// features list, so the skim is not on its way. The features are joined in document order and
    /// the second table's ids translated into the first's. Nil when either reader gives up.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, cut: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> FeatureSplit?
    ) -> LoadedRegistry? {
        let halves = SplitHalves()
        let handOff = SplitHandOff()
        let registered = HandOff<SourceFiles.TextID?>()
        // The bytes are only read, by both threads; the caller keeps them alive until both are done.
        nonisolated(unsafe) let shared = bytes
        // A thread of its own (not a dispatch worker): the first reader may wait for it.
        _ = Background(stackSize: 1 << 20) {
            let split = StageTimes.measure("load: skim for the cut (2nd thread)") { cut(shared) }
            handOff.post(split)
            StageTimes.measure("load: fast reader, features after the cut (2nd thread)") {
                if let split, let text = registered.wait(),
                    let (features, ids, source) = decodeFeatures(Source(bytes: shared, text: text, from: split), bytes: split.listEnd - split.itemStart),
                    source.endedAt(split)
                {
                    // It ended at the list's own end: every byte the first reader jumped over was read here.
                    halves.second = (features, ids, source.names)
                }
            }
            halves.finished.signal()
        }
        // The text is registered (its line table made, 12 ms at 100k features) while the other
        // thread skims: it needs the text only once it has its cut.
        let first = Source(bytes: bytes, file: file, skipping: handOff)
        registered.post(first?.registeredText)
        guard let first else {
            halves.finished.wait()
            return nil
        }
        var (read, source) = StageTimes.measure("load: fast reader, all but the second half (1st thread)") { decoded(first) }
        StageTimes.measure("load: wait for the 2nd thread") { halves.finished.wait() }
        guard var r = read.take() else { return nil }
        // No jump (no cut was found): the first reader read the whole document.
        guard source.jumped else { return r }
        // The registry holds the table now; the source's hold would have it copied on write below.
        source.dropNames()
        guard var second = halves.second else { return nil }
        // Only these copies hold the halves now: the join below moves and appends in place.
        halves.second = nil
        return StageTimes.measure("load: join the halves") {
            // The second table's names go into the first on one thread while the features are moved
            // on the other. Each side works on variables of its own, each the only holder of its
            // storage (so nothing is copied on write).
            var table = r.names.table, firstFeatures = r.registry.features, secondFeatures = second.features
            r.names.table = NameTable()
            r.registry.features = []
            second.features = []
            var secondTable = second.table
            second.table = NameTable()
            let (map, features) = atOnce({ () -> [Int32] in
                let map = table.absorbing(&secondTable)
                // What is left of it (the names both tables have) is let go of here, not on the way out.
                secondTable = NameTable()
                return map
            }) { () -> [Feature] in
                let joined = Feature.joined(&firstFeatures, &secondFeatures)
                // The emptied halves are freed on this thread too.
                firstFeatures = []
                secondFeatures = []
                return joined
            }
            r.names.table = table
            r.registry.features = features
            r.names.features += second.ids.map { $0 < 0 ? -1 : map[Int($0)] }
            return r
        }
    }

    /// `decode(_:file:cut:)` at a cut already found (tests try every cut).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, file: String, split: FeatureSplit) -> LoadedRegistry? {
        decode(bytes, file: file, cut: { _ in split })
    }
}

/// The cut of a split document, from the thread that skims to the reader that waits for it.
package typealias SplitHandOff = HandOff<FeatureSplit?>

extension Feature {
    /// `a + b`, moving the declarations instead of copying them (a copy retains every string and
    /// list a feature holds, and dropping the halves releases them again: a tenth of a second at 100k
    /// features); `a` and `b` are left holding empty features.
    package static func joined(_ a: inout [Feature], _ b: inout [Feature]) -> [Feature] {
        let empty = Feature(name: "")
        return [Feature](unsafeUninitializedCapacity: a.count + b.count) { all, count in
            guard let to = all.baseAddress else { return }
            count = moveOut(&a, to: to, leaving: empty)
            count += moveOut(&b, to: to + count, leaving: empty)
        }
    }

    /// Moves every element of `from` to `to` (uninitialized memory) and fills `from` with `empty`.
    private static func moveOut(_ from: inout [Feature], to: UnsafeMutablePointer<Feature>, leaving empty: Feature) -> Int {
        from.withUnsafeMutableBufferPointer { src in
            guard let base = src.baseAddress else { return 0 }
            to.moveInitialize(from: base, count: src.count)
            base.initialize(repeating: empty, count: src.count)
            return src.count
        }
    }
}

/// What the second reader of a split JSON document gives, and when it is done.
private final class SplitHalves: @unchecked Sendable {
    var second: (features: [Feature], ids: [Int32], table: NameTable)?
    let finished = DispatchSemaphore(value: 0)
}

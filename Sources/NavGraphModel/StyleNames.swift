import Foundation
import NavGraphSupport

/// Presentation styles (`push`, `modal`, …) as small ids, process-wide: graph edges and moves hold
/// an id instead of a `String?`, so they are plain values that walks copy without reference
/// counting. Id 0 is "no style". Styles are few; a name is looked up only when something prints it.
package enum StyleNames {
    private final class Table: @unchecked Sendable {
        let lock = NSLock()
        var ids: [String: UInt32] = [:]
        var names: [String] = []
    }

    private static let table = Table()

    /// The id of `style` (0 for nil), added on first use.
    package static func id(_ style: String?) -> UInt32 {
        guard let style else { return 0 }
        table.lock.lock()
        defer { table.lock.unlock() }
        if let id = table.ids[style] { return id }
        table.names.append(style)
        let id = UInt32(table.names.count)
        table.ids[style] = id
        return id
    }

    /// The style of an id `id(_:)` handed out (nil for 0).
    package static func name(_ id: UInt32) -> String? {
        guard id != 0 else { return nil }
        table.lock.lock()
        defer { table.lock.unlock() }
        return table.names[Int(id) - 1]
    }
}

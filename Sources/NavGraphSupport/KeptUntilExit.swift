import Foundation

/// Big values a short-lived process lets the system reclaim at exit instead of freeing them one by
/// one (as compilers do with `-disable-free`): a scan's facts and index are millions of objects,
/// and releasing them took ~0.05 s of a 0.4 s re-scan after a code edit. Off by default, so a
/// library user's long-lived process never keeps anything; the `navgraph` command switches it on.
public enum KeptUntilExit {
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var enabled = false
        var values: [Any] = []
    }

    private static let store = Store()

    /// Whether `keep` keeps: set by the command line before the work (on at start; off again in the
    /// commands that outlive one scan or run several, `explore` and `diff`).
    public static var isEnabled: Bool {
        get { store.lock.withLock { store.enabled } }
        set { store.lock.withLock { store.enabled = newValue } }
    }

    /// Keeps `value` alive until the process ends when enabled; otherwise does nothing (the caller's
    /// reference goes as usual).
    package static func keep(_ value: Any) {
        store.lock.withLock { if store.enabled { store.values.append(value) } }
    }
}

import Dispatch
import Foundation

/// Runs `first` and `second` at once (each on its own thread when the system has two free) and
/// returns both results. The closures must only read what they share: the graph build gives each
/// its own part of the work.
package func atOnce<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
    let results = AtOnceResults<A, B>()
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            nonisolated(unsafe) let (first, second) = (first, second)
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                if k == 0 { results.a = first() } else { results.b = second() }
            }
        }
    }
    return (results.a!, results.b!)
}

/// What `atOnce`'s two closures give (each writes its own field).
private final class AtOnceResults<A, B>: @unchecked Sendable {
    var a: A?
    var b: B?
}

/// `body(0)`, `body(1)`, … `body(count - 1)`, each on a thread of its own (`body(0)` on the calling
/// one), and their results in that order. Unlike `atOnce` and `concurrentPerform`, it also runs
/// them at once when called from a `concurrentPerform` worker (`CheckRunner` runs rules on those),
/// where a nested `concurrentPerform` runs its iterations one after another.
package func onThreads<R>(_ count: Int, _ body: @escaping @Sendable (Int) -> R) -> [R] {
    let results = ThreadResults<R>(count)
    let done = DispatchSemaphore(value: 0)
    for k in 1..<max(1, count) {
        let thread = Thread {
            results.set(k, body(k))
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    if count > 0 { results.set(0, body(0)) }
    for _ in 1..<max(1, count) { done.wait() }
    return results.all
}

/// What `onThreads`' threads give, one slot each, under a lock.
private final class ThreadResults<R>: @unchecked Sendable {
    private var slots: [R?]
    private let lock = NSLock()

    init(_ count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ k: Int, _ value: R) { lock.withLock { slots[k] = value } }

    var all: [R] { lock.withLock { slots.map { $0! } } }
}

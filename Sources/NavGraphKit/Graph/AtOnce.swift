import Dispatch

/// Runs `first` and `second` at once (each on its own thread when the system has two free) and
/// returns both results. The closures must only read what they share: the graph build gives each
/// its own part of the work.
func atOnce<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
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

import Dispatch
import Foundation

// Every thread navgraph starts, and every result that crosses threads, goes through this file: two
// calls at once (`atOnce`), a map over every core (`parallelMap`), workers taking jobs in turn
// (`takeTurns`), one thread per part even inside a worker (`onThreads`), and a value computed on a
// thread of its own while the caller goes on (`Background`, the producer threads of the pipelined
// readers and writers). The closures handed over must only read what they share; each writes
// its own slot.

/// Runs `first` and `second` at once (each on its own thread when the system has two free) and
/// returns both results.
package func atOnce<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
    let a = Slots<A>(1), b = Slots<B>(1)
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            nonisolated(unsafe) let (first, second) = (first, second)
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                if k == 0 { a.set(0, first()) } else { b.set(0, second()) }
            }
        }
    }
    return (a.all[0], b.all[0])
}

/// `body(0)`, … `body(count - 1)` on every core (`concurrentPerform`), results in index order;
/// `progress(done, count)` after each one (called under the results' lock, so calls are ordered).
package func parallelMap<R>(_ count: Int, progress: ((Int, Int) -> Void)? = nil, _ body: (Int) -> R) -> [R] {
    let slots = Slots<R>(count, progress: progress)
    withoutActuallyEscaping(body) { body in
        nonisolated(unsafe) let body = body
        DispatchQueue.concurrentPerform(iterations: count) { k in slots.set(k, body(k)) }
    }
    return slots.all
}

/// `workers` threads take the jobs 0, 1, 2, … `jobs - 1` in turn, each the next one not yet taken
/// (so the order of the jobs is the order they start in).
package func takeTurns(workers: Int, jobs: Int, _ body: (Int) -> Void) {
    let turns = Turns()
    withoutActuallyEscaping(body) { body in
        nonisolated(unsafe) let body = body
        DispatchQueue.concurrentPerform(iterations: min(workers, jobs)) { _ in
            while case let job = turns.take(), job < jobs { body(job) }
        }
    }
}

/// `body(0)`, `body(1)`, … `body(count - 1)`, each on a thread of its own (`body(0)` on the calling
/// one), and their results in that order. Unlike `atOnce` and `parallelMap`, it also runs them at
/// once when called from a `concurrentPerform` worker (`CheckRunner` runs rules on those), where a
/// nested `concurrentPerform` runs its iterations one after another.
package func onThreads<R>(_ count: Int, _ body: @escaping @Sendable (Int) -> R) -> [R] {
    let others = (1..<max(1, count)).map { k in Background(stackSize: 1 << 20) { body(k) } }
    guard count > 0 else { return [] }
    let first = body(0)
    return [first] + others.map(\.value)
}

/// A value computed on a thread of its own while the caller goes on; `value` waits for it.
package final class Background<T>: @unchecked Sendable {
    private var result: T?
    private let done = DispatchSemaphore(value: 0)
    private var signalled = false

    /// `stackSize`: the main thread's by default (the scanner's syntax walks recurse deeply).
    package init(stackSize: Int = 8 << 20, _ work: @escaping () -> T) {
        nonisolated(unsafe) let work = work
        let thread = Thread { [self] in
            result = work()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
    }

    /// The result (waits once; later calls return it at once). Ask from one thread only.
    package var value: T {
        if !signalled {
            done.wait()
            signalled = true
        }
        return result!
    }
}

/// A value one thread posts once and another waits for.
package final class HandOff<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    package init() {}

    package func post(_ value: Value) {
        condition.lock()
        self.value = value
        condition.broadcast()
        condition.unlock()
    }

    package func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value!
    }
}

/// Results written from several threads, one slot each, under a lock.
package final class Slots<T>: @unchecked Sendable {
    private var items: [T?]
    private var done = 0
    private let lock = NSLock()
    private let progress: ((Int, Int) -> Void)?

    package init(_ count: Int, progress: ((Int, Int) -> Void)? = nil) {
        items = Array(repeating: nil, count: count)
        self.progress = progress
    }

    package func set(_ i: Int, _ value: T) {
        lock.lock()
        defer { lock.unlock() }
        items[i] = value
        done += 1
        progress?(done, items.count)
    }

    /// Every slot's value (each must have been set).
    package var all: [T] {
        lock.lock()
        defer { lock.unlock() }
        return items.map { $0! }
    }
}

/// Hands out 0, 1, 2, … to threads taking turns.
private final class Turns: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        next += 1
        return next - 1
    }
}

import Foundation
import NavGraphSupport
import NavGraphModel

/// YAML events read on a second thread: libyaml's scanning and parsing (most of a YAML load) runs
/// ahead on one core while `FastRegistryDecoder` turns the events into the model on the other.
///
/// The events, their order and their marks are exactly `YAMLEventSource`'s: a producer thread pulls
/// them in batches into a bounded queue, and this source hands them out one by one. After the root
/// value the producer asks the inner source's `finish()` and ends the stream, so the consumer sees
/// the same `next()` / `finish()` answers it would have had on one thread.
package final class PipelinedEventSource: RegistryEventSource, @unchecked Sendable {
    private enum Item {
        case event(RegistryEvent)
        /// The inner source gave up (`next()` was nil).
        case gaveUp
        /// The root value ended; the inner source's `finish()`.
        case finished(Bool)
    }

    private let inner: YAMLEventSource
    private let condition = NSCondition()
    private var queue: [[Item]] = []
    private var stopped = false
    private var done = false
    private var current: [Item] = []
    private var position = 0
    private var ended: Item?
    private let batchSize: Int
    private let queueLimit: Int

    /// `batch` events are handed over at a time, at most `queueLimit` batches ahead of the reader.
    package init(_ inner: YAMLEventSource, batch: Int = 4096, queueLimit: Int = 16) {
        self.inner = inner
        batchSize = batch
        self.queueLimit = queueLimit
        _ = Background(stackSize: 1 << 20) { [self] in produce() }
    }

    /// Stops the producer (if still running) and waits for it: call before the bytes go away.
    package func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while !done { condition.wait() }
        condition.unlock()
    }

    private func produce() {
        var batch: [Item] = []
        batch.reserveCapacity(batchSize)
        var depth = 0
        func flush(last: Bool) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while queue.count >= queueLimit && !stopped { condition.wait() }
            if stopped { return false }
            queue.append(batch)
            if last { done = true }
            condition.broadcast()
            return true
        }
        loop: while true {
            guard let e = inner.next() else {
                batch.append(.gaveUp)
                break loop
            }
            batch.append(.event(e))
            switch e.kind {
            case .mappingStart, .sequenceStart: depth += 1
            case .mappingEnd, .sequenceEnd: depth -= 1
            case .scalar: break
            }
            if depth == 0 {
                batch.append(.finished(inner.finish()))
                break loop
            }
            if batch.count >= batchSize {
                guard flush(last: false) else { return finishStopped() }
                batch = []
                batch.reserveCapacity(batchSize)
            }
        }
        if !flush(last: true) { finishStopped() }
    }

    private func finishStopped() {
        condition.lock()
        done = true
        condition.broadcast()
        condition.unlock()
    }

    private func take() -> Item {
        if let ended { return ended }
        while position == current.count {
            condition.lock()
            while queue.isEmpty { condition.wait() }
            current = queue.removeFirst()
            position = 0
            condition.broadcast()
            condition.unlock()
        }
        let item = current[position]
        position += 1
        switch item {
        case .event: break
        case .gaveUp, .finished: ended = item
        }
        return item
    }

    package func next() -> RegistryEvent? {
        guard case .event(let e) = take() else { return nil }
        return e
    }

    package func finish() -> Bool {
        guard case .finished(let ok) = take() else { return false }
        return ok
    }

    package func location(_ mark: RegistryMark) -> SourceLocation { inner.location(mark) }

    /// The producer's table; complete once the stream has ended (the decoder reads it after `finish()`).
    package var names: NameTable { inner.names }
}

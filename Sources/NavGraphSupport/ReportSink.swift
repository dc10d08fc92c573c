import Foundation
import NavGraphPlatform

/// Where a report's text goes, piece by piece: a `String` (tests, `generateReport`) or a buffered file
/// descriptor (`BufferedFileWriter`, the CLI's standard output), so a big report is written as it is
/// made instead of being concatenated whole and then printed.
public protocol ReportSink {
    mutating func write(_ text: String)
    /// Text already made as UTF-8 bytes (by another sink).
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
}

extension ReportSink {
    public mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { write(String(decoding: bytes, as: UTF8.self)) }
}

/// Text collected as UTF-8 bytes (what a report's second thread writes into).
package struct ByteSink: ReportSink {
    package var bytes: [UInt8] = []

    package mutating func write(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes.append(contentsOf: text.utf8) }
    }

    package mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { self.bytes.append(contentsOf: bytes) }
}

extension String: ReportSink {
    public mutating func write(_ text: String) { self += text }
}

/// Writes to a file descriptor through one 64 KiB buffer. Call `flush()` at the end.
public struct BufferedFileWriter: ReportSink {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    public init(fileDescriptor: Int32) {
        fd = fileDescriptor
        buffer.reserveCapacity(Self.capacity)
    }

    public mutating func write(_ text: String) {
        // In one copy from the string's bytes (a report over every flag combination writes megabytes).
        if text.utf8.withContiguousStorageIfAvailable({ buffer.append(contentsOf: $0) }) == nil { buffer.append(contentsOf: text.utf8) }
        if buffer.count >= Self.capacity { flush() }
    }

    /// Bytes of a buffer's size or more (a report's block made on another thread, a megabyte) go
    /// straight to the descriptor after what is buffered, not through the buffer: one copy fewer.
    public mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count >= Self.capacity {
            flush()
            _ = Descriptor.writeAll(fd, UnsafeRawBufferPointer(bytes))
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.capacity { flush() }
    }

    /// Writes what is buffered (retrying short writes and interruptions; a closed pipe drops the rest).
    public mutating func flush() {
        buffer.withUnsafeBytes { _ = Descriptor.writeAll(fd, $0) }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A big report's findings made on two cores, in blocks of about a megabyte of text: this thread
/// writes the even blocks straight to the sink, another makes the odd ones as UTF-8 bytes into one
/// of two buffers that this thread then writes in their turn. The other thread is at most two
/// blocks ahead, so the report is never held whole (an all-combinations JSON report is 80 MB:
/// held as one second half, its pages and copies were a third of the report's time).
package enum ReportHalves {
    /// Writes items `0..<count` in order: `first` for the items of even blocks (into `out`),
    /// `second` for those of odd blocks (on another thread, so it must only read what it shares).
    /// `blocks` are the blocks' start indices after the first's (0), ascending (`cut(_:)`).
    package static func write<Sink: ReportSink>(
        _ count: Int, cut blocks: [Int], to out: inout Sink, first: (Int, inout Sink) -> Void,
        second: @escaping @Sendable (Int, inout ByteSink) -> Void
    ) {
        let bounds = [0] + blocks.filter { $0 > 0 && $0 < count } + [count]
        let ranges = (0..<bounds.count - 1).map { bounds[$0] ..< bounds[$0 + 1] }
        guard ranges.count > 1 else {
            for i in 0..<count { first(i, &out) }
            return
        }
        let relay = Relay()
        let odd = stride(from: 1, to: ranges.count, by: 2).map { ranges[$0] }
        let worker = Background {
            for (k, range) in odd.enumerated() {
                let slot = k % 2
                relay.free[slot].wait()
                if slot == 0 {
                    for i in range { second(i, &relay.even) }
                } else {
                    for i in range { second(i, &relay.odd) }
                }
                relay.ready[slot].signal()
            }
        }
        for (b, range) in ranges.enumerated() {
            if b % 2 == 0 {
                for i in range { first(i, &out) }
            } else {
                let slot = (b / 2) % 2
                relay.ready[slot].wait()
                if slot == 0 {
                    relay.even.bytes.withUnsafeBufferPointer { out.write(utf8: $0) }
                    relay.even.bytes.removeAll(keepingCapacity: true)
                } else {
                    relay.odd.bytes.withUnsafeBufferPointer { out.write(utf8: $0) }
                    relay.odd.bytes.removeAll(keepingCapacity: true)
                }
                relay.free[slot].signal()
            }
        }
        worker.value
    }
}

/// The odd blocks' two buffers (separate properties: each thread has one at a time), and a
/// signal each way per buffer (`free` starts signalled).
private final class Relay: @unchecked Sendable {
    var even = ByteSink(), odd = ByteSink()
    let free = [DispatchSemaphore(value: 1), DispatchSemaphore(value: 1)]
    let ready = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
}

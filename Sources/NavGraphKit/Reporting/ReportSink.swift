import Foundation

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
struct ByteSink: ReportSink {
    var bytes: [UInt8] = []

    mutating func write(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes.append(contentsOf: text.utf8) }
    }

    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { self.bytes.append(contentsOf: bytes) }
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

    public mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.capacity { flush() }
    }

    /// Writes what is buffered (retrying short writes and interruptions; a closed pipe drops the rest).
    public mutating func flush() {
        var done = 0
        buffer.withUnsafeBytes { raw in
            while done < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + done, raw.count - done)
                if n > 0 {
                    done += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A big report's findings made on two cores: those from a cut near half the text on are written as
/// UTF-8 bytes on another thread while this one writes those before it, then their bytes follow.
enum ReportHalves {
    /// Writes items `0..<count` in order: `first` for those before `cut` (into `out`), `second` for
    /// the others (on another thread, so it must only read what it shares).
    static func write<Sink: ReportSink>(
        _ count: Int, cut: Int, to out: inout Sink, first: (Int, inout Sink) -> Void,
        second: @escaping @Sendable (Int, inout ByteSink) -> Void
    ) {
        let half = SecondHalf()
        if cut < count {
            let thread = Thread {
                for i in cut..<count { second(i, &half.text) }
                half.done.signal()
            }
            thread.start()
        }
        for i in 0..<min(cut, count) { first(i, &out) }
        if cut < count {
            half.done.wait()
            half.text.bytes.withUnsafeBufferPointer { out.write(utf8: $0) }
        }
    }

    /// Where the second thread's findings start: after about half the text (a finding's weight is
    /// its message and scenario names, which is most of it), or `findings.count` (one thread) for a
    /// report under a megabyte.
    static func cut(_ findings: [Finding]) -> Int {
        let weights = findings.map { f in
            200 + f.message.utf8.count + (f.scenarioSubset.map { set in set.indices.reduce(0) { $0 + set.table.jsonStart[Int($1) + 1] - set.table.jsonStart[Int($1)] } } ?? 0)
        }
        let total = weights.reduce(0, +)
        guard total >= 1 << 20, findings.count >= 2 else { return findings.count }
        var sum = 0
        for (i, w) in weights.enumerated() {
            if sum >= total / 2 { return max(1, i) }
            sum += w
        }
        return findings.count - 1
    }
}

/// The text the second thread makes (read after `done`).
private final class SecondHalf: @unchecked Sendable {
    var text = ByteSink()
    let done = DispatchSemaphore(value: 0)
}

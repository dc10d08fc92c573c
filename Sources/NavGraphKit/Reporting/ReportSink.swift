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

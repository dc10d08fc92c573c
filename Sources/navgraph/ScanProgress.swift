import Foundation
import NavGraphPlatform

/// "Scanning 120/800 files" on standard error, only when it is a terminal.
final class ScanProgress: @unchecked Sendable {
    private let enabled = Descriptor.isTerminal(Descriptor.standardError)
    private let lock = NSLock()
    /// Scans that finish within a second print nothing.
    private let started = Date()
    private var lastPrinted = Date.distantPast
    private var printed = false

    func report(_ done: Int, _ total: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(started) > 1 else { return }
        guard now.timeIntervalSince(lastPrinted) > 0.1 || done == total else { return }
        lastPrinted = now
        printed = true
        CLIOutput.stderr("\rScanning Swift sources: \(done)/\(total) files")
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if printed { CLIOutput.stderr("\r\u{1B}[K") }
        printed = false
    }
}

import Foundation
import NavGraphPlatform

/// Wall-clock time per stage of a run, for `NAVGRAPH_TIMING=1` (as ESLint's `TIMING=1`): which stage,
/// or which rule, a slow check spends its time in. Off unless the variable is set; then every stage
/// records its start and end (monotonic clock, thread id) and the command line prints the table to
/// standard error at the end. Nothing else reads it: output is the same with it on or off.
public enum StageTimes {
    public static let enabled = ProcessInfo.processInfo.environment["NAVGRAPH_TIMING"].map { !$0.isEmpty && $0 != "0" } ?? false

    public struct Entry: Sendable {
        public var name: String
        public var start: Double
        public var seconds: Double
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [Entry] = []
    fileprivate static let origin = now()

    fileprivate static func now() -> Double {
        MonotonicClock.seconds()
    }

    /// Runs `body`, recording its wall time under `name` when timing is on.
    @inline(__always)
    public static func measure<R>(_ name: @autoclosure () -> String, _ body: () throws -> R) rethrows -> R {
        guard enabled else { return try body() }
        let start = now()
        let result = try body()
        let end = now()
        record(Entry(name: name(), start: start - origin, seconds: end - start))
        return result
    }

    /// Consecutive steps of one stage: each `step(name)` records the time since the previous one.
    public struct Laps {
        private let prefix: String
        private var last: Double

        public init(_ prefix: String) {
            self.prefix = prefix
            last = StageTimes.enabled ? StageTimes.now() : 0
        }

        @inline(__always)
        public mutating func step(_ name: @autoclosure () -> String) {
            guard StageTimes.enabled else { return }
            let t = StageTimes.now()
            StageTimes.record(Entry(name: prefix + ": " + name(), start: last - StageTimes.origin, seconds: t - last))
            last = t
        }
    }

    private static func record(_ e: Entry) {
        lock.lock()
        entries.append(e)
        lock.unlock()
    }

    /// What was recorded, in the order the stages started.
    public static var recorded: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return entries.sorted { $0.start < $1.start }
    }

    /// The table: each stage's start (since the process's first measured moment) and duration.
    public static func table() -> String {
        var out = "navgraph timing (NAVGRAPH_TIMING): start and wall time per stage, seconds\n"
        for e in recorded {
            out += String(format: "%8.3f %8.3f  ", e.start, e.seconds) + e.name + "\n"
        }
        return out
    }
}

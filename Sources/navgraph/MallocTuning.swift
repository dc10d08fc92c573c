import Foundation

/// glibc's allocator, set for a big run (docs/performance.md, "Page faults and huge pages").
///
/// A 100k-feature check allocates ~250 MiB in small pieces, and with glibc's defaults a quarter of
/// its CPU time was the kernel's: a page fault per 4 KiB page touched for the first time, and again
/// for memory given back and taken anew. With transparent huge pages for malloc's memory
/// (`glibc.malloc.hugetlb=1`), the heap grown 64 MiB at a time (`top_pad`) and nothing given back
/// before exit (`trim_threshold`), the same check makes ~10k faults instead of ~78k.
///
/// glibc reads these tunables only when a process starts, from `GLIBC_TUNABLES`, so the command
/// line starts itself once more with them set (`execv` of `/proc/self/exe`, same arguments, same
/// standard streams), before it parses anything, and only when all of these hold:
/// - Linux, with transparent huge pages on (`always` or `madvise`);
/// - the files named on the command line add up to `minimumBytes` (a small run would pay the second
///   start, ~10 ms, for nothing);
/// - `GLIBC_TUNABLES` is not set already (the user's own settings win) and `NAVGRAPH_MALLOC` is not
///   `default` (the way to turn this off).
/// If the start fails, the run goes on as it is. Output never depends on it.
enum MallocTuning {
    static let tunables = "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864:glibc.malloc.trim_threshold=1073741824"
    /// Set in the environment of the second start, so it neither starts a third nor passes the
    /// tunables on to the processes it runs (git for `diff`).
    static let marker = "NAVGRAPH_MALLOC_TUNED"
    static let minimumBytes = 4 << 20

    /// True in the process started with the tunables (it has taken the marker out of its environment).
    nonisolated(unsafe) private(set) static var tuned = false

    /// Starts the command line again with the tunables when the run is big enough; returns when it
    /// does not (or when that fails).
    static func restartIfWorthIt(_ arguments: [String]) {
        #if os(Linux)
        let environment = ProcessInfo.processInfo.environment
        if environment[marker] != nil {
            tuned = environment["GLIBC_TUNABLES"] == tunables
            unsetenv(marker)
            if tuned { unsetenv("GLIBC_TUNABLES") }
            return
        }
        guard environment["GLIBC_TUNABLES"] == nil, environment["NAVGRAPH_MALLOC"] != "default",
              hugePagesAvailable(), namedBytes(arguments) >= minimumBytes else { return }
        setenv("GLIBC_TUNABLES", tunables, 1)
        setenv(marker, "1", 1)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", &argv)
        // Still here: the second start failed; go on with glibc's defaults.
        for p in argv { free(p) }
        unsetenv("GLIBC_TUNABLES")
        unsetenv(marker)
        #endif
    }

    /// The total size of the regular files the arguments name (`PATH` or `--option=PATH`).
    static func namedBytes(_ arguments: [String]) -> Int {
        var total = 0
        for argument in arguments.dropFirst() {
            var path = Substring(argument)
            if path.hasPrefix("-"), let eq = path.firstIndex(of: "=") { path = path[path.index(after: eq)...] }
            var info = stat()
            if stat(String(path), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { total += Int(info.st_size) }
        }
        return total
    }

    /// True when the kernel gives huge pages to memory that asks for them (`[always]` or `[madvise]`).
    static func hugePagesAvailable() -> Bool {
        guard let mode = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8) else { return false }
        return mode.contains("[always]") || mode.contains("[madvise]")
    }
}

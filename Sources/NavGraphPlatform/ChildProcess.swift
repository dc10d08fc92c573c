#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Starting a program and waiting for it, where Foundation's `Process` does not fit (a program that
/// leaves a server behind holding the descriptors it was given, so a pipe never reaches its end).
public enum ChildProcess {
    /// Runs `executable` (a path) with `arguments` (after argv[0], which is the path) and
    /// `environment`, standard input on /dev/null, standard output into the file at `outputPath`
    /// (created or truncated, mode 0600) and standard error into the file at `errorPath` (the same way;
    /// /dev/null without it); waits for it. Returns its raw wait status (`exitCode` reads it), or nil
    /// when it could not be started.
    ///
    /// - Linux (Glibc, Musl): `posix_spawn` with file actions, a struct made by
    ///   `posix_spawn_file_actions_t()`; `waitpid` retried on `EINTR`.
    /// - macOS (Darwin): the same calls; there `posix_spawn_file_actions_t` is an opaque pointer, nil
    ///   until `posix_spawn_file_actions_init` allocates it.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String], outputPath: String, errorPath: String? = nil) -> Int32? {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        guard posix_spawn_file_actions_init(&actions) == 0 else { return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let errorPath {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid = pid_t()
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// The exit code in a raw wait status (the same layout on Linux and macOS), or nil when the
    /// program was ended by a signal.
    public static func exitCode(_ status: Int32) -> Int32? {
        status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }
}

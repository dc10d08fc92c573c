#!/usr/bin/env python3
"""Fails when a Linux-only API appears outside navgraph's platform layer.

No Mac is available to CI here, so this is what keeps the macOS build honest: every Swift and C
file under Sources/, Tests/ and Plugins/ is read (comments blanked, strings kept), and each
Linux-only name is an error at its file:line:col, in the form compilers and Xcode print:

    Sources/navgraph/ExploreCommand.swift:98:58: error: [portability] 'Glibc.' is Linux-only (...)

Allowed: the platform layer (Sources/NavGraphPlatform/), and there only inside a branch whose
condition is Linux (`#if os(Linux)`, `canImport(Glibc)`, `canImport(Musl)`; in C `__linux__`,
`__GLIBC__`). Outside the layer a Linux-only name is an error even behind `#if os(Linux)`: the
call belongs in the layer, documented with what it does on both systems. Package.swift's system
libraries must name a Homebrew provider beside apt. C files are also compiled as strict POSIX 2008
(when a C compiler is there), so a GNU-only call the lists below do not name is still caught.

Usage: scripts/portability-check.py [ROOT]   (default: the repository). Exit 0 clean, 1 problems.
docs/ci.md, "Portability", says what is checked and why.
"""
import bisect
import os
import re
import sys

LAYER = "Sources/NavGraphPlatform/"
FOLDERS = ("Sources", "Tests", "Plugins")
SKIP_DIRS = {"Fixtures", "Golden", "DiffGolden", ".build"}
SWIFT_EXT = (".swift",)
C_EXT = (".c", ".h", ".m")

# (pattern, what it is, why it does not port). Matched in code and strings, never in comments.
SWIFT_RULES = [
    (r"\bimport\s+(Glibc|SwiftGlibc|Musl)\b", "Linux's C library module",
     "macOS has Darwin; Foundation exports the POSIX names both share, the layer the rest"),
    (r"\b(Glibc|SwiftGlibc|Musl)\.\w*", "a name qualified by Linux's C library module", "it does not exist on macOS"),
    (r"\bcanImport\(\s*(Glibc|Musl)\s*\)", "a branch on Linux's C library", "system branches belong in the platform layer"),
    (r"@_silgen_name\b", "a C symbol bound by name", "what libc exports differs by system; declare it in the layer"),
]
COMMON_RULES = [
    (r"\b(MAP_POPULATE|MAP_HUGETLB|MAP_LOCKED|MAP_UNINITIALIZED|MADV_HUGEPAGE|MADV_NOHUGEPAGE|MAP_HUGE_\w+)\b",
     "a Linux-only mmap/madvise flag", "macOS's mmap has no such flag"),
    (r"\b(O_DIRECT|O_TMPFILE|O_PATH|O_NOATIME|O_LARGEFILE)\b", "a Linux-only open flag", "macOS's open has no such flag"),
    (r"\b(CLOCK_BOOTTIME|CLOCK_MONOTONIC_COARSE|CLOCK_REALTIME_COARSE|CLOCK_TAI)\b", "a Linux-only clock",
     "macOS has CLOCK_MONOTONIC and CLOCK_UPTIME_RAW"),
    (r"\b(SOCK_CLOEXEC|SOCK_NONBLOCK|MSG_NOSIGNAL|IN_CLOEXEC|EFD_\w+|TFD_\w+|SFD_\w+|EPOLL\w+)\b",
     "a Linux-only flag", "macOS does not define it"),
    (r"(?<![.\w])(pipe2|dup3|accept4|ppoll|epoll_\w+|eventfd|signalfd|timerfd_\w+|inotify_\w+|sendfile|splice|vmsplice|"
     r"copy_file_range|memfd_create|fallocate|posix_fadvise|readahead|mremap|sched_getaffinity|sched_setaffinity|"
     r"sched_getcpu|get_nprocs|get_nprocs_conf|gettid|prctl|statx|getrandom|malloc_usable_size|malloc_trim|"
     r"mallinfo2?|mallopt|memrchr|rawmemchr|strchrnul|qsort_r|pthread_setaffinity_np|pthread_getaffinity_np|"
     r"pthread_setname_np|pthread_tryjoin_np|pthread_timedjoin_np|unshare|setns|secure_getenv|euidaccess|"
     r"canonicalize_file_name|get_current_dir_name|program_invocation_name|program_invocation_short_name|"
     r"__errno_location|(?:open|lseek|fstat|stat|lstat|mmap|pread|pwrite|ftruncate|truncate|fopen|readdir)64)\s*\(",
     "a Linux-only call", "macOS's libc lacks it or declares it differently"),
    (r"\.st_(mtim|atim|ctim)\b", "a Linux stat field", "macOS names it st_mtimespec / st_atimespec / st_ctimespec"),
    (r"/proc/|/sys/(?:fs|kernel|devices|class|block)|/dev/shm\b", "a Linux-only path", "macOS has no procfs or sysfs"),
]
C_RULES = [
    (r"#\s*define\s+_GNU_SOURCE\b", "GNU extensions switched on", "a C file that needs them does not build on macOS"),
    (r"#\s*include\s*<(linux/|gnu/|features\.h|malloc\.h|sys/(epoll|inotify|eventfd|signalfd|timerfd|sendfile|prctl|sysinfo|vfs|statfs)\.h)",
     "a Linux-only header", "macOS does not ship it"),
    (r"#\s*include\s*<graphviz/", "a graphviz header by its Linux path",
     "include it by name (<gvc.h>): pkg-config's folder is …/include/graphviz under apt and Homebrew alike"),
]
SWIFT_RULES, COMMON_RULES, C_RULES = ([(re.compile(p, re.M), w, y) for p, w, y in rules]
                                      for rules in (SWIFT_RULES, COMMON_RULES, C_RULES))
LINUX_CONDITION_SWIFT = re.compile(r"os\(\s*Linux\s*\)|canImport\(\s*(Glibc|Musl)\s*\)")
LINUX_CONDITION_C = re.compile(r"__linux__|__linux\b|__gnu_linux__|__GLIBC__")


def blank_comments(text, swift):
    """The text with comments replaced by spaces (newlines kept, so positions stay right)."""
    out = list(text)
    i, n = 0, len(text)
    special = re.compile(r'//|/\*|#+"|"' if swift else r"//|/\*|[\"']")
    while i < n:
        m = special.search(text, i)
        if not m:
            break
        i = m.start()
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if swift and text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif swift and c == "#":
            hashes = len(m.group(0)) - 1
            triple = text.startswith('"""', i + hashes)
            close = ('"""' if triple else '"') + "#" * hashes
            j = text.find(close, i + hashes + (3 if triple else 1))
            i = n if j < 0 else j + len(close)
        elif swift and text.startswith('"""', i):
            j = text.find('"""', i + 3)
            while j > 0 and text[j - 1] == "\\":
                j = text.find('"""', j + 1)
            i = n if j < 0 else j + 3
        elif c == '"' or (c == "'" and not swift):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            i += 1
    return "".join(out)


def linux_guarded_lines(lines, swift):
    """For each line: whether it sits in a branch whose condition is Linux (in this or an enclosing #if)."""
    cond = LINUX_CONDITION_SWIFT if swift else LINUX_CONDITION_C
    stack, result = [], []
    for line in lines:
        s = line.strip()
        m = re.match(r"#\s*(if|ifdef|ifndef|elseif|elif|else|endif)\b(.*)", s)
        if m:
            kind, rest = m.group(1), m.group(2)
            positive = bool(cond.search(rest)) and "!" not in rest and kind != "ifndef"
            if kind in ("if", "ifdef", "ifndef"):
                stack.append(positive)
            elif kind in ("elseif", "elif") and stack:
                stack[-1] = positive
            elif kind == "else" and stack:
                stack[-1] = False
            elif kind == "endif" and stack:
                stack.pop()
            result.append(None)  # a directive: the guard itself
        else:
            result.append(any(stack))
    return result


def check_file(root, rel, problems):
    path = os.path.join(root, rel)
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        problems.append((rel, 1, 1, f"cannot read: {e}"))
        return
    swift = rel.endswith(SWIFT_EXT)
    code = blank_comments(text, swift)
    lines = code.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    in_layer = rel.startswith(LAYER)
    guarded = linux_guarded_lines(lines, swift) if in_layer else None
    for pattern, what, why in (SWIFT_RULES if swift else C_RULES) + COMMON_RULES:
        for m in pattern.finditer(code):
            number = bisect.bisect_right(starts, m.start())
            if in_layer and guarded[number - 1] is not False:
                continue  # inside a Linux branch of the layer, or the branch's own condition
            name = m.group(0).rstrip("( ")
            where = ("in the platform layer outside a Linux branch (#if os(Linux))" if in_layer
                     else f"outside the platform layer ({LAYER})")
            problems.append((rel, number, m.start() - starts[number - 1] + 1, f"'{name}' is {what}, {where}: {why}"))


def check_package(root, problems):
    path = os.path.join(root, "Package.swift")
    if not os.path.exists(path):
        return
    text = blank_comments(open(path, encoding="utf-8").read(), True)
    for m in re.finditer(r"\.systemLibrary\s*\((.*?)\n\s*\)", text, re.S):
        body = m.group(1)
        if "providers" in body and ".brew(" not in body:
            line = text.count("\n", 0, m.start()) + 1
            column = m.start() - text.rfind("\n", 0, m.start())
            problems.append(("Package.swift", line, column,
                             "a system library with no Homebrew provider (.brew([...])): macOS users are not told what to install"))


def check_c_strictly(root, sources, problems):
    """Compiles each C source (that the name rules passed) as strict POSIX 2008 with no feature macros:
    a call only GNU's libc declares by default (one not in the lists above) is then an undeclared
    function. Skipped, with a note, when there is no C compiler."""
    import shutil
    import subprocess
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
    if not cc or not sources:
        if sources:
            print("portability-check: no C compiler: the strict POSIX compile of the C files was skipped", file=sys.stderr)
        return
    flags = ["-std=c11", "-D_POSIX_C_SOURCE=200809L", "-fsyntax-only",
             "-Werror=implicit-function-declaration"]
    for target in sorted(os.listdir(os.path.join(root, "Sources"))):
        include = os.path.join(root, "Sources", target, "include")
        if os.path.isdir(include):
            flags.append("-I" + include)
    try:
        flags += subprocess.run(["pkg-config", "--cflags", "libgvc"], capture_output=True, text=True).stdout.split()
    except OSError:
        pass
    for rel in sources:
        out = subprocess.run([cc, *flags, os.path.join(root, rel)], capture_output=True, text=True)
        found = len(problems)
        for m in re.finditer(r"^(?:.*?[/\\])?" + re.escape(os.path.basename(rel)) + r":(\d+):(\d+): error: (.*)$",
                             out.stderr, re.M):
            problems.append((rel, int(m.group(1)), int(m.group(2)),
                             f"not POSIX 2008 (compiled with -D_POSIX_C_SOURCE=200809L): {m.group(3)}; "
                             f"macOS's libc may lack it: use a POSIX call both systems have"))
        if out.returncode != 0 and len(problems) == found:
            first = next((l for l in out.stderr.splitlines() if "error" in l), out.stderr.strip()[:200])
            print(f"portability-check: {rel} could not be compiled strictly (so not checked that way): {first}", file=sys.stderr)


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    problems, files, c_sources = [], 0, []
    for folder in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
            for name in sorted(filenames):
                if name.endswith(SWIFT_EXT + C_EXT):
                    files += 1
                    rel = os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")
                    before = len(problems)
                    check_file(root, rel, problems)
                    if name.endswith(".c") and not rel.startswith(LAYER) and len(problems) == before:
                        c_sources.append(rel)
    check_package(root, problems)
    check_c_strictly(root, c_sources, problems)
    problems.sort(key=lambda p: (p[0], p[1], p[2]))
    for rel, line, col, message in problems:
        print(f"{rel}:{line}:{col}: error: [portability] {message}")
    if problems:
        print(f"portability-check: {len(problems)} portability problem(s); "
              f"move each into {LAYER} with a branch per system (docs/ci.md, Portability)", file=sys.stderr)
        return 1
    print(f"portability-check: {files} Swift and C files, no Linux-only API outside {LAYER}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

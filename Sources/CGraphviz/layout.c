/* navgraph's C shim: layout and rendering (libgvc), by default in a forked child with a time budget,
 * and the installed plugins. See include/cgraphviz_shim.h. */
#include "cgraphviz_shim.h"
#include "shim_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- plugins ---- */

static int list_contains(char **list, int n, const char *name) {
    size_t len = strcspn(name, ":");
    for (int i = 0; i < n; i++) {
        if (strlen(list[i]) == len && strncmp(list[i], name, len) == 0) return 1;
    }
    return 0;
}

static void list_free(char **list, int n) {
    for (int i = 0; i < n; i++) free(list[i]);
    free(list);
}

char *ngv_plugin_list(const char *kind) {
    ngv_collect_begin();
    GVC_t *gvc = gvContext();
    int n = 0;
    char **list = gvPluginList(gvc, kind, &n, NULL);
    ngv_buf b = {0};
    for (int i = 0; i < n; i++) {
        if (i) ngv_buf_append(&b, " ", 1);
        ngv_buf_append(&b, list[i], strlen(list[i]));
    }
    list_free(list, n);
    gvFreeContext(gvc);
    return ngv_buf_take(&b);
}

/* ---- layout + render, as records: 'O' output, 'M' messages, 'S' status; each u8 tag + u64 len ---- */

static void put_record(ngv_buf *b, char tag, const void *p, uint64_t n) {
    ngv_buf_append(b, &tag, 1);
    ngv_buf_append(b, &n, sizeof n);
    ngv_buf_append(b, p, (size_t)n);
}

static void work(const char *dot, size_t length, const char *engine, const char *const *formats, int count,
                 ngv_buf *out) {
    ngv_collect_begin();
    int status = NGV_OK;
    GVC_t *gvc = gvContext();
    gvAddLibrary(gvc, &ngv_png_library);
    Agraph_t *g = NULL;
    int laid_out = 0;

    int nl = 0, nd = 0;
    char **layouts = gvPluginList(gvc, "layout", &nl, NULL);
    char **devices = gvPluginList(gvc, "device", &nd, NULL);
    if (!list_contains(layouts, nl, engine)) {
        status = NGV_ERR_ENGINE;
        char line[512];
        snprintf(line, sizeof line, "Layout type: \"%.100s\" not recognized. Use one of:", engine);
        ngv_collect_message(line);
        for (int i = 0; i < nl; i++) {
            ngv_collect_message(" ");
            ngv_collect_message(layouts[i]);
        }
        ngv_collect_message("\n");
    }
    for (int i = 0; status == NGV_OK && i < count; i++) {
        if (!list_contains(devices, nd, formats[i])) {
            status = NGV_ERR_FORMAT;
            char line[512];
            snprintf(line, sizeof line, "Format: \"%.100s\" not recognized. Use one of:", formats[i]);
            ngv_collect_message(line);
            for (int j = 0; j < nd; j++) {
                ngv_collect_message(" ");
                ngv_collect_message(devices[j]);
            }
            ngv_collect_message("\n");
        }
    }
    list_free(layouts, nl);
    list_free(devices, nd);

    if (status == NGV_OK) {
        g = length ? ngv_read_dot(dot, length) : NULL;
        if (!g) status = NGV_ERR_PARSE;
    }
    if (status == NGV_OK) {
        if (gvLayout(gvc, g, engine) != 0) status = NGV_ERR_LAYOUT;
        else laid_out = 1;
    }
    for (int i = 0; status == NGV_OK && i < count; i++) {
        char *data = NULL;
        unsigned int n = 0;
        ngv_png_failed = 0;
        if (gvRenderData(gvc, g, formats[i], &data, &n) != 0 || ngv_png_failed) {
            status = NGV_ERR_RENDER;
        } else {
            put_record(out, 'O', data, n);
        }
        if (data) gvFreeRenderData(data);
    }
    if (laid_out) gvFreeLayout(gvc, g);
    if (g) agclose(g);
    gvFreeContext(gvc);

    put_record(out, 'M', ngv_collected.data ? ngv_collected.data : "", ngv_collected.len);
    int64_t s = status;
    put_record(out, 'S', &s, sizeof s);
    ngv_collect_end();
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Parses the records of `work` into `r`; returns 1 when a status record was seen. */
static int parse_records(const ngv_buf *b, ngv_result *r, int expected) {
    size_t at = 0;
    int saw_status = 0;
    r->outputs = calloc((size_t)(expected > 0 ? expected : 1), sizeof(char *));
    r->lengths = calloc((size_t)(expected > 0 ? expected : 1), sizeof(size_t));
    while (b->data && at + 9 <= b->len) {
        char tag = b->data[at];
        uint64_t n;
        memcpy(&n, b->data + at + 1, sizeof n);
        at += 9;
        if (n > b->len - at) break;
        const char *p = b->data + at;
        if (tag == 'O' && r->count < expected) {
            r->outputs[r->count] = malloc((size_t)n + 1);
            memcpy(r->outputs[r->count], p, (size_t)n);
            r->outputs[r->count][n] = 0;
            r->lengths[r->count] = (size_t)n;
            r->count++;
        } else if (tag == 'M') {
            free(r->messages);
            r->messages = strndup(p, (size_t)n);
        } else if (tag == 'S' && n == sizeof(int64_t)) {
            int64_t s;
            memcpy(&s, p, sizeof s);
            r->status = (int)s;
            saw_status = 1;
        }
        at += (size_t)n;
    }
    return saw_status;
}

/* A pipe whose two ends close on exec. POSIX `pipe` then `fcntl(FD_CLOEXEC)` on Linux and macOS alike
 * (macOS's libc has no `pipe2`). Not atomic: a process another thread starts between the two calls
 * inherits the ends; navgraph starts none while it renders (graphviz calls are serialised). */
static int pipe_cloexec(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        int flags = fcntl(fds[i], F_GETFD);
        if (flags < 0 || fcntl(fds[i], F_SETFD, flags | FD_CLOEXEC) != 0) {
            close(fds[0]);
            close(fds[1]);
            return -1;
        }
    }
    return 0;
}

/* The one lock over graphviz in this process (recursive): Swift's GraphvizRenderer.lock is this mutex.
 * An isolated layout holds it only while it makes its pipes and forks, so several layouts can run in
 * their children at once while no fork ever copies graphviz mid-call from another thread, and no child
 * inherits another layout's pipe ends. */
static pthread_mutex_t gv_mutex;
static pthread_once_t gv_once = PTHREAD_ONCE_INIT;
static void gv_mutex_init(void) {
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&gv_mutex, &a);
    pthread_mutexattr_destroy(&a);
}
void ngv_lock(void) {
    pthread_once(&gv_once, gv_mutex_init);
    pthread_mutex_lock(&gv_mutex);
}
void ngv_unlock(void) { pthread_mutex_unlock(&gv_mutex); }

static void run_isolated(const char *dot, size_t length, const char *engine, const char *const *formats,
                         int count, double timeout, ngv_result *r, ngv_buf *records, ngv_buf *errtext) {
    int outp[2], errp[2];
    ngv_lock();
    if (pipe_cloexec(outp) != 0) {
        ngv_unlock();
        r->status = NGV_ERR_SYSTEM;
        return;
    }
    if (pipe_cloexec(errp) != 0) {
        close(outp[0]);
        close(outp[1]);
        ngv_unlock();
        r->status = NGV_ERR_SYSTEM;
        return;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(outp[0]); close(outp[1]); close(errp[0]); close(errp[1]);
        ngv_unlock();
        r->status = NGV_ERR_SYSTEM;
        return;
    }
    if (pid == 0) {
        /* The child: only C from here to _exit. No core files when graphviz aborts. */
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        signal(SIGPIPE, SIG_DFL);
        close(outp[0]);
        close(errp[0]);
        dup2(errp[1], STDERR_FILENO);
        dup2(errp[1], STDOUT_FILENO);
        ngv_buf out = {0};
        work(dot, length, engine, formats, count, &out);
        int rc = write_all(outp[1], out.data ? out.data : "", out.len);
        free(out.data);
        _exit(rc == 0 ? 0 : 3);
    }
    close(outp[1]);
    close(errp[1]);
    ngv_unlock();
    double deadline = timeout > 0 ? now_seconds() + timeout : 0;
    int open_out = 1, open_err = 1, timed_out = 0;
    char chunk[65536];
    while (open_out || open_err) {
        struct pollfd fds[2];
        int nf = 0;
        if (open_out) fds[nf++] = (struct pollfd){.fd = outp[0], .events = POLLIN};
        if (open_err) fds[nf++] = (struct pollfd){.fd = errp[0], .events = POLLIN};
        int wait_ms = -1;
        if (deadline > 0) {
            double left = deadline - now_seconds();
            if (left <= 0) {
                timed_out = 1;
                break;
            }
            wait_ms = (int)(left * 1000) + 1;
        }
        int pr = poll(fds, (nfds_t)nf, wait_ms);
        if (pr < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int i = 0; i < nf; i++) {
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            ssize_t n = read(fds[i].fd, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) continue;
            int is_out = fds[i].fd == outp[0];
            if (n <= 0) {
                if (is_out) open_out = 0; else open_err = 0;
            } else if (is_out) {
                ngv_buf_append(records, chunk, (size_t)n);
            } else if (errtext->len < (1u << 20)) {
                ngv_buf_append(errtext, chunk, (size_t)n);
            }
        }
    }
    if (timed_out) kill(pid, SIGKILL);
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {}
    close(outp[0]);
    close(errp[0]);
    if (timed_out) {
        r->status = NGV_ERR_TIMEOUT;
        return;
    }
    int saw = parse_records(records, r, count);
    if (WIFSIGNALED(wstatus)) {
        r->status = NGV_ERR_CRASHED;
        r->signal = WTERMSIG(wstatus);
    } else if (!saw || (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) != 0)) {
        r->status = NGV_ERR_CRASHED;
    }
}

ngv_result *ngv_layout_render(const char *dot, size_t length, const char *engine,
                              const char *const *formats, int format_count,
                              double timeout_seconds, int isolate) {
    ngv_result *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    double start = now_seconds();
    ngv_buf records = {0}, errtext = {0};
    if (isolate) {
        run_isolated(dot, length, engine, formats, format_count, timeout_seconds, r, &records, &errtext);
    } else {
        work(dot, length, engine, formats, format_count, &records);
        if (!parse_records(&records, r, format_count)) r->status = NGV_ERR_SYSTEM;
    }
    if (r->status != NGV_OK) {
        for (int i = 0; i < r->count; i++) free(r->outputs[i]);
        r->count = 0;
    }
    if (!r->messages) r->messages = strdup("");
    r->stderr_text = ngv_buf_take(&errtext);
    free(records.data);
    r->seconds = now_seconds() - start;
    return r;
}

void ngv_result_free(ngv_result *r) {
    if (!r) return;
    for (int i = 0; i < r->count; i++) free(r->outputs[i]);
    free(r->outputs);
    free(r->lengths);
    free(r->messages);
    free(r->stderr_text);
    free(r);
}

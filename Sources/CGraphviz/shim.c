/* navgraph's C shim over libcgraph + libgvc. See include/cgraphviz_shim.h.
 * POSIX calls only, the ones Linux (glibc, musl) and macOS all have: no feature macros needed.
 * graphviz's headers are found through pkg-config's include folder (…/include/graphviz) on both:
 * apt puts it in /usr/include/graphviz, Homebrew in $(brew --prefix graphviz)/include/graphviz. */
#include "cgraphviz_shim.h"
#include <gvc.h>
#include <cgraph.h>

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

/* ---- a growable byte buffer ---- */

typedef struct {
    char *data;
    size_t len, cap;
} ngv_buf;

static int buf_append(ngv_buf *b, const void *p, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1) cap *= 2;
        char *d = realloc(b->data, cap);
        if (!d) return -1;
        b->data = d;
        b->cap = cap;
    }
    if (n) memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = 0;
    return 0;
}

static char *buf_take(ngv_buf *b) {
    if (!b->data) return strdup("");
    char *d = b->data;
    b->data = NULL;
    b->len = b->cap = 0;
    return d;
}

/* ---- graphviz's messages, collected instead of printed ---- */

static ngv_buf collected;

static int collect_message(char *text) {
    if (text) buf_append(&collected, text, strlen(text));
    return 0;
}

static void collect_begin(void) {
    free(collected.data);
    memset(&collected, 0, sizeof collected);
    agseterrf(collect_message);
    agseterr(AGWARN);
    agreseterrors();
}


/* ---- deterministic object ids ----
 * cgraph's default id discipline uses the address of the interned name as the id, and orders
 * subgraphs by id: cluster order (in agwrite's DOT and in dot's layout) then depends on the heap.
 * Ours numbers names in order of first appearance: same text, same order, every run. */

typedef struct {
    Agraph_t *g;         /* names are interned in its string dictionary (agwrite reads their header) */
    char **names;        /* by index */
    size_t count, cap;
    size_t *slots;       /* open addressing: index + 1, 0 = empty */
    size_t nslots;
    IDTYPE anon;
} ngv_ids;

static size_t ids_hash(const char *s) {
    size_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static void *ids_open(Agraph_t *g, Agdisc_t *disc) {
    (void)disc;
    ngv_ids *st = calloc(1, sizeof *st);
    if (st) {
        st->anon = 1;
        st->g = g;
    }
    return st;
}

static int ids_grow(ngv_ids *st) {
    size_t n = st->nslots ? st->nslots * 2 : 1024;
    size_t *slots = calloc(n, sizeof *slots);
    if (!slots) return -1;
    for (size_t i = 0; i < st->count; i++) {
        size_t j = ids_hash(st->names[i]) & (n - 1);
        while (slots[j]) j = (j + 1) & (n - 1);
        slots[j] = i + 1;
    }
    free(st->slots);
    st->slots = slots;
    st->nslots = n;
    return 0;
}

static long ids_map(void *state, int objtype, char *str, IDTYPE *id, int createflag) {
    (void)objtype;
    ngv_ids *st = state;
    if (!str) {
        *id = st->anon;
        st->anon += 2;
        return 1;
    }
    if (st->nslots) {
        size_t j = ids_hash(str) & (st->nslots - 1);
        while (st->slots[j]) {
            if (strcmp(st->names[st->slots[j] - 1], str) == 0) {
                *id = (IDTYPE)st->slots[j] * 2;
                return 1;
            }
            j = (j + 1) & (st->nslots - 1);
        }
    }
    if (!createflag) return 0;
    if ((st->count + 1) * 2 > st->nslots && ids_grow(st) != 0) return 0;
    if (st->count == st->cap) {
        size_t cap = st->cap ? st->cap * 2 : 512;
        char **names = realloc(st->names, cap * sizeof *names);
        if (!names) return 0;
        st->names = names;
        st->cap = cap;
    }
    char *copy = agstrdup(st->g, str);
    if (!copy) return 0;
    st->names[st->count++] = copy;
    size_t j = ids_hash(str) & (st->nslots - 1);
    while (st->slots[j]) j = (j + 1) & (st->nslots - 1);
    st->slots[j] = st->count;
    *id = (IDTYPE)st->count * 2;
    return 1;
}

static long ids_alloc(void *state, int objtype, IDTYPE request) {
    (void)state; (void)objtype; (void)request;
    return 0; /* objects are never requested by number */
}

static void ids_free(void *state, int objtype, IDTYPE id) { (void)state; (void)objtype; (void)id; }

static char *ids_print(void *state, int objtype, IDTYPE id) {
    (void)objtype;
    ngv_ids *st = state;
    if (id % 2 != 0 || id == 0 || (size_t)(id / 2) > st->count) return NULL;
    return st->names[id / 2 - 1];
}

static void ids_close(void *state) {
    ngv_ids *st = state;
    if (!st) return;
    /* the names belong to the graph's string dictionary, closed with the graph */
    free(st->names);
    free(st->slots);
    free(st);
}

static void ids_register(void *state, int objtype, void *obj) { (void)state; (void)objtype; (void)obj; }

static Agiddisc_t ngv_id_disc = {ids_open, ids_map, ids_alloc, ids_free, ids_print, ids_close, ids_register};
static Agdisc_t ngv_disc = {&AgMemDisc, &ngv_id_disc, &AgIoDisc};

/* Reads DOT text with our id discipline. */
static Agraph_t *read_dot(const char *dot, size_t length) {
    FILE *f = fmemopen((void *)dot, length, "r");
    if (!f) return NULL;
    Agraph_t *g = agread(f, &ngv_disc);
    fclose(f);
    return g;
}

/* ---- building ---- */

struct ngv_graph {
    Agraph_t *root;
};

ngv_graph *ngv_graph_new(const char *name, int strict) {
    collect_begin();
    Agraph_t *root = agopen((char *)name, strict ? Agstrictdirected : Agdirected, &ngv_disc);
    if (!root) return NULL;
    ngv_graph *g = calloc(1, sizeof *g);
    if (!g) {
        agclose(root);
        return NULL;
    }
    g->root = root;
    return g;
}

void ngv_graph_free(ngv_graph *g) {
    if (!g) return;
    agclose(g->root);
    free(g);
}

int ngv_declare(ngv_graph *g, int kind, const char *name, const char *default_value) {
    int k = kind == 0 ? AGRAPH : kind == 1 ? AGNODE : AGEDGE;
    return agattr(g->root, k, (char *)name, (char *)default_value) ? 0 : -1;
}

void *ngv_root(ngv_graph *g) { return g->root; }

void *ngv_subgraph(ngv_graph *g, void *parent, const char *name) {
    return agsubg(parent ? (Agraph_t *)parent : g->root, (char *)name, 1);
}

void *ngv_node(ngv_graph *g, void *subgraph, const char *name) {
    Agnode_t *n = agnode(g->root, (char *)name, 1);
    if (n && subgraph) agsubnode((Agraph_t *)subgraph, n, 1);
    return n;
}

void *ngv_edge(ngv_graph *g, void *tail, void *head, const char *key) {
    return agedge(g->root, (Agnode_t *)tail, (Agnode_t *)head, (char *)key, 1);
}

int ngv_set(void *object, const char *name, const char *value) {
    return agsafeset(object, (char *)name, (char *)value, "");
}

int ngv_set_html(void *object, const char *name, const char *value) {
    Agraph_t *g = agraphof(object);
    char *html = agstrdup_html(g, (char *)value);
    Agsym_t *sym = agattr(g, AGTYPE(object), (char *)name, NULL);
    if (!sym) sym = agattr(agroot(g), AGTYPE(object), (char *)name, "");
    int rc = sym ? agxset(object, sym, html) : -1;
    agstrfree(g, html);
    return rc;
}

char *ngv_write_dot(ngv_graph *g, size_t *length) {
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f) return NULL;
    int rc = agwrite(g->root, f);
    if (fclose(f) != 0 || rc != 0) {
        free(text);
        return NULL;
    }
    if (length) *length = size;
    return text;
}

void ngv_free(void *p) { free(p); }

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
    collect_begin();
    GVC_t *gvc = gvContext();
    int n = 0;
    char **list = gvPluginList(gvc, kind, &n, NULL);
    ngv_buf b = {0};
    for (int i = 0; i < n; i++) {
        if (i) buf_append(&b, " ", 1);
        buf_append(&b, list[i], strlen(list[i]));
    }
    list_free(list, n);
    gvFreeContext(gvc);
    return buf_take(&b);
}

/* ---- layout + render, as records: 'O' output, 'M' messages, 'S' status; each u8 tag + u64 len ---- */

static void put_record(ngv_buf *b, char tag, const void *p, uint64_t n) {
    buf_append(b, &tag, 1);
    buf_append(b, &n, sizeof n);
    buf_append(b, p, (size_t)n);
}

static void work(const char *dot, size_t length, const char *engine, const char *const *formats, int count,
                 ngv_buf *out) {
    collect_begin();
    int status = NGV_OK;
    GVC_t *gvc = gvContext();
    Agraph_t *g = NULL;
    int laid_out = 0;

    int nl = 0, nd = 0;
    char **layouts = gvPluginList(gvc, "layout", &nl, NULL);
    char **devices = gvPluginList(gvc, "device", &nd, NULL);
    if (!list_contains(layouts, nl, engine)) {
        status = NGV_ERR_ENGINE;
        char line[512];
        snprintf(line, sizeof line, "Layout type: \"%.100s\" not recognized. Use one of:", engine);
        collect_message(line);
        for (int i = 0; i < nl; i++) {
            collect_message(" ");
            collect_message(layouts[i]);
        }
        collect_message("\n");
    }
    for (int i = 0; status == NGV_OK && i < count; i++) {
        if (!list_contains(devices, nd, formats[i])) {
            status = NGV_ERR_FORMAT;
            char line[512];
            snprintf(line, sizeof line, "Format: \"%.100s\" not recognized. Use one of:", formats[i]);
            collect_message(line);
            for (int j = 0; j < nd; j++) {
                collect_message(" ");
                collect_message(devices[j]);
            }
            collect_message("\n");
        }
    }
    list_free(layouts, nl);
    list_free(devices, nd);

    if (status == NGV_OK) {
        g = length ? read_dot(dot, length) : NULL;
        if (!g) status = NGV_ERR_PARSE;
    }
    if (status == NGV_OK) {
        if (gvLayout(gvc, g, engine) != 0) status = NGV_ERR_LAYOUT;
        else laid_out = 1;
    }
    for (int i = 0; status == NGV_OK && i < count; i++) {
        char *data = NULL;
        unsigned int n = 0;
        if (gvRenderData(gvc, g, formats[i], &data, &n) != 0) {
            status = NGV_ERR_RENDER;
        } else {
            put_record(out, 'O', data, n);
        }
        if (data) gvFreeRenderData(data);
    }
    if (laid_out) gvFreeLayout(gvc, g);
    if (g) agclose(g);
    gvFreeContext(gvc);

    put_record(out, 'M', collected.data ? collected.data : "", collected.len);
    int64_t s = status;
    put_record(out, 'S', &s, sizeof s);
    free(collected.data);
    memset(&collected, 0, sizeof collected);
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
                buf_append(records, chunk, (size_t)n);
            } else if (errtext->len < (1u << 20)) {
                buf_append(errtext, chunk, (size_t)n);
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
    r->stderr_text = buf_take(&errtext);
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

int ngv_dot_parses(const char *dot, int *nodes, int *edges, char **messages) {
    collect_begin();
    Agraph_t *g = *dot ? read_dot(dot, strlen(dot)) : NULL;
    int ok = g != NULL;
    if (g) {
        if (nodes) *nodes = agnnodes(g);
        if (edges) *edges = agnedges(g);
        agclose(g);
    }
    if (messages) *messages = buf_take(&collected);
    else {
        free(collected.data);
        memset(&collected, 0, sizeof collected);
    }
    return ok;
}

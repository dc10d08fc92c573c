/* navgraph's C shim over libcgraph + libgvc. See include/cgraphviz_shim.h.
 * POSIX calls only, the ones Linux (glibc, musl) and macOS all have: no feature macros needed.
 * graphviz's headers are found through pkg-config's include folder (…/include/graphviz) on both:
 * apt puts it in /usr/include/graphviz, Homebrew in $(brew --prefix graphviz)/include/graphviz. */
#include "cgraphviz_shim.h"
#include <gvc.h>
#include <cgraph.h>
#include <gvplugin.h>
#include <gvplugin_device.h>
#include <gvcjob.h>
#include <zlib.h>

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


/* ---- navgraph's PNG device: cairo draws, we encode ----
 * Big pictures (a map's group pictures: 1,200 x 9,000 pixels) spent 70 % of their PNG time in
 * libpng's adaptive row filters and zlib at level 6, the settings cairo's PNG writer uses and
 * cannot change. This device ("png:cairo:navgraph") takes the same cairo image surface graphviz's
 * cairo renderer draws (the gd device's path: job->imagedata, ARGB32 premultiplied) and writes it
 * as a PNG with no row filter and zlib level 1: the same pixels (RGB when every pixel is opaque,
 * else RGBA, un-premultiplied as cairo does), about 3x less CPU, files about 10 % bigger.
 * Deterministic: same pixels, same bytes. */

size_t gvwrite(GVJ_t *job, const char *s, size_t len); /* libgvc's output writer (gvio.h, not installed) */

static int png_failed;

static void png_u32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}

static void png_chunk(GVJ_t *job, const char *type, const unsigned char *data, uint32_t n) {
    unsigned char head[8], tail[4];
    png_u32(head, n);
    memcpy(head + 4, type, 4);
    uLong crc = crc32(0L, (const Bytef *)type, 4);
    if (n) crc = crc32(crc, data, n);
    png_u32(tail, (uint32_t)crc);
    if (gvwrite(job, (const char *)head, 8) != 8 || (n && gvwrite(job, (const char *)data, n) != n)
        || gvwrite(job, (const char *)tail, 4) != 4) png_failed = 1;
}

static void png_format(GVJ_t *job) {
    const uint32_t *px = (const uint32_t *)job->imagedata;
    size_t w = job->width, h = job->height;
    if (!px || w == 0 || h == 0) { png_failed = 1; return; }
    int opaque = 1;
    for (size_t i = 0; i < w * h && opaque; i++) opaque = (px[i] >> 24) == 0xff;
    size_t bpp = opaque ? 3 : 4, rowlen = w * bpp;
    enum { OUT = 1 << 16 };
    unsigned char *line = malloc(rowlen + 1), *out = malloc(OUT);
    z_stream z;
    memset(&z, 0, sizeof z);
    if (!line || !out || deflateInit2(&z, 1, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        free(line); free(out);
        png_failed = 1;
        return;
    }
    static const unsigned char signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (gvwrite(job, (const char *)signature, 8) != 8) png_failed = 1;
    unsigned char ihdr[13];
    png_u32(ihdr, (uint32_t)w);
    png_u32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8;                   /* bits per channel */
    ihdr[9] = opaque ? 2 : 6;      /* RGB / RGBA */
    ihdr[10] = ihdr[11] = ihdr[12] = 0; /* deflate, adaptive filtering method (each row: filter 0), no interlace */
    png_chunk(job, "IHDR", ihdr, 13);
    z.next_out = out;
    z.avail_out = OUT;
    for (size_t y = 0; y < h; y++) {
        const uint32_t *row = px + y * w;
        unsigned char *d = line + 1;
        line[0] = 0; /* filter: none */
        for (size_t x = 0; x < w; x++, d += bpp) {
            uint32_t p = row[x];
            unsigned a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            if (a == 0) r = g = b = 0;
            else if (a != 0xff) {
                r = (r * 255 + a / 2) / a;
                g = (g * 255 + a / 2) / a;
                b = (b * 255 + a / 2) / a;
            }
            d[0] = (unsigned char)r; d[1] = (unsigned char)g; d[2] = (unsigned char)b;
            if (bpp == 4) d[3] = (unsigned char)a;
        }
        z.next_in = line;
        z.avail_in = (uInt)(rowlen + 1);
        while (z.avail_in) {
            if (deflate(&z, Z_NO_FLUSH) == Z_STREAM_ERROR) { png_failed = 1; break; }
            if (z.avail_out == 0) {
                png_chunk(job, "IDAT", out, OUT);
                z.next_out = out;
                z.avail_out = OUT;
            }
        }
    }
    int status;
    do {
        status = deflate(&z, Z_FINISH);
        if (status == Z_STREAM_ERROR) { png_failed = 1; break; }
        if (z.avail_out == 0 || status == Z_STREAM_END) {
            png_chunk(job, "IDAT", out, (uint32_t)(OUT - z.avail_out));
            z.next_out = out;
            z.avail_out = OUT;
        }
    } while (status != Z_STREAM_END);
    deflateEnd(&z);
    png_chunk(job, "IEND", NULL, 0);
    free(line);
    free(out);
}

static gvdevice_engine_t png_engine = {NULL, png_format, NULL};
/* As cairo's own png device: binary, truecolor (background painted white), 96 dpi. */
static gvdevice_features_t png_features = {GVDEVICE_BINARY_FORMAT | GVDEVICE_DOES_TRUECOLOR, {0., 0.}, {0., 0.}, {96., 96.}};
/* Lowest quality: plain "png" still picks cairo's own device; "png:cairo:navgraph" picks this one. */
static gvplugin_installed_t png_types[] = {{0, "png:cairo", -100, &png_engine, &png_features}, {0, NULL, 0, NULL, NULL}};
static gvplugin_api_t png_apis[] = {{API_device, png_types}, {(api_t)0, NULL}};
static gvplugin_library_t png_library = {"navgraph", png_apis};

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
    gvAddLibrary(gvc, &png_library);
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
        png_failed = 0;
        if (gvRenderData(gvc, g, formats[i], &data, &n) != 0 || png_failed) {
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

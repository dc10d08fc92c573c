#ifndef CGRAPHVIZ_SHIM_H
#define CGRAPHVIZ_SHIM_H
/*
 * navgraph's only contact with graphviz: a handful of plain C functions over libcgraph and libgvc.
 *
 * Building a graph (ngv_graph_*) only uses libcgraph and never lays anything out. Layout and
 * rendering (ngv_layout_render) read DOT text and, by default, run in a forked child process with
 * a time budget, so that a graphviz hang, abort or crash cannot take navgraph down, and every
 * layout starts from the same fresh library state (graphviz's second layout in one process can
 * differ from the first). Graphviz is not thread safe: callers must serialise every call here.
 */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Building a graph (libcgraph only) ---- */

typedef struct ngv_graph ngv_graph;

/* A new directed graph named `name` (strict when `strict` is non-zero). NULL on failure. */
ngv_graph *ngv_graph_new(const char *name, int strict);
/* Frees the graph and everything in it (agclose). */
void ngv_graph_free(ngv_graph *g);

/* Declares an attribute and its default. kind: 0 graph, 1 node, 2 edge. 0 on success. */
int ngv_declare(ngv_graph *g, int kind, const char *name, const char *default_value);

/* A subgraph of `parent` (NULL = the root graph). Returns an opaque handle, NULL on failure. */
void *ngv_subgraph(ngv_graph *g, void *parent, const char *name);
/* The root graph's handle (for ngv_set). */
void *ngv_root(ngv_graph *g);
/* A node named `name`, created in `subgraph` (NULL = root). */
void *ngv_node(ngv_graph *g, void *subgraph, const char *name);
/* An edge tail -> head in the root graph; `key` keeps parallel edges apart. */
void *ngv_edge(ngv_graph *g, void *tail, void *head, const char *key);

/* Sets an attribute on a graph/subgraph/node/edge handle (declared on the fly with default ""). */
int ngv_set(void *object, const char *name, const char *value);
/* Sets an HTML-like label value (`value` without the outer <>): only for text navgraph writes itself. */
int ngv_set_html(void *object, const char *name, const char *value);

/* The graph as DOT text, before layout (agwrite). Free with ngv_free. NULL on failure. */
char *ngv_write_dot(ngv_graph *g, size_t *length);

/* ---- Layout and rendering (libgvc) ---- */

enum ngv_status {
    NGV_OK = 0,
    NGV_ERR_PARSE = 1,      /* the DOT text could not be read */
    NGV_ERR_ENGINE = 2,     /* unknown layout engine */
    NGV_ERR_FORMAT = 3,     /* unknown or unavailable output format */
    NGV_ERR_LAYOUT = 4,     /* the engine failed */
    NGV_ERR_RENDER = 5,     /* rendering failed */
    NGV_ERR_TIMEOUT = 6,    /* the child ran out of time and was killed */
    NGV_ERR_CRASHED = 7,    /* the child died (signal, abort) */
    NGV_ERR_SYSTEM = 8      /* pipe/fork/poll failed */
};

typedef struct ngv_result {
    int status;             /* enum ngv_status */
    int signal;             /* the signal that ended the child, when NGV_ERR_CRASHED */
    int count;              /* number of outputs (= formats asked for, when NGV_OK) */
    char **outputs;         /* outputs[i]: bytes of format i */
    size_t *lengths;
    char *messages;         /* graphviz's messages (agseterrf), NUL-terminated, lines */
    char *stderr_text;      /* what escaped to stderr anyway (child only), NUL-terminated */
    double seconds;         /* wall time of layout + render */
} ngv_result;

/*
 * Reads `dot` (length bytes), lays it out with `engine` and renders it in each of `formats`.
 * isolate != 0: in a forked child, killed after `timeout_seconds` (<= 0: no limit).
 * isolate == 0: in this process (for leak checks; not protected, and not repeatable).
 * Never NULL; free with ngv_result_free.
 */
ngv_result *ngv_layout_render(const char *dot, size_t length, const char *engine,
                              const char *const *formats, int format_count,
                              double timeout_seconds, int isolate);
void ngv_result_free(ngv_result *r);

/* Space-separated names of the installed plugins of a kind ("layout", "device"). Free with ngv_free. */
char *ngv_plugin_list(const char *kind);

/* Reads DOT text back (agread, as the layout does) and reports whether it parsed; node/edge counts when it did. */
int ngv_dot_parses(const char *dot, int *nodes, int *edges, char **messages);

void ngv_free(void *p);

/* The process's lock over graphviz (recursive). Isolated layouts take it only around their fork. */
void ngv_lock(void);
void ngv_unlock(void);

#ifdef __cplusplus
}
#endif
#endif

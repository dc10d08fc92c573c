#ifndef CGRAPHVIZ_SHIM_INTERNAL_H
#define CGRAPHVIZ_SHIM_INTERNAL_H
/*
 * What the shim's C files share among themselves (not part of include/cgraphviz_shim.h, and hidden
 * from the linked binary): the byte buffer, graphviz's collected messages, the DOT reader with the
 * deterministic id discipline, and navgraph's PNG device.
 *
 *   buffer.c   the byte buffer and graphviz's messages, collected instead of printed
 *   ids.c      deterministic object ids; reading DOT text with them
 *   build.c    ngv_graph_*: building a graph (libcgraph only), writing and re-reading DOT
 *   png.c      the "png:cairo:navgraph" device
 *   layout.c   ngv_layout_render: layout + render in a forked child (or in process), plugin lists
 */
#include <gvc.h>
#include <cgraph.h>
#include <gvplugin.h>
#include <stddef.h>

#define NGV_HIDDEN __attribute__((visibility("hidden")))

/* A growable byte buffer, always NUL-terminated once it holds anything. */
typedef struct {
    char *data;
    size_t len, cap;
} ngv_buf;

NGV_HIDDEN int ngv_buf_append(ngv_buf *b, const void *p, size_t n);
/* The bytes (the caller frees them; "" when empty); the buffer is left empty. */
NGV_HIDDEN char *ngv_buf_take(ngv_buf *b);

/* graphviz's messages since the last ngv_collect_begin (agseterrf), instead of stderr. */
NGV_HIDDEN extern ngv_buf ngv_collected;
NGV_HIDDEN int ngv_collect_message(char *text);
NGV_HIDDEN void ngv_collect_begin(void);
/* Lets go of the collected messages. */
NGV_HIDDEN void ngv_collect_end(void);

/* The discipline with navgraph's deterministic ids (ids.c); every graph the shim opens or reads uses it. */
NGV_HIDDEN extern Agdisc_t ngv_disc;
/* Reads DOT text with that discipline. NULL when it does not parse. */
NGV_HIDDEN Agraph_t *ngv_read_dot(const char *dot, size_t length);

/* navgraph's PNG device (png.c), added to each layout's context; ngv_png_failed is set when it
 * could not write a picture (cleared by the caller before each render). */
NGV_HIDDEN extern gvplugin_library_t ngv_png_library;
NGV_HIDDEN extern int ngv_png_failed;

#endif

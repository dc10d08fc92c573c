/* navgraph's C shim: a growable byte buffer, and graphviz's messages collected instead of printed.
 * See shim_internal.h. */
#include "shim_internal.h"

#include <stdlib.h>
#include <string.h>

int ngv_buf_append(ngv_buf *b, const void *p, size_t n) {
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

char *ngv_buf_take(ngv_buf *b) {
    if (!b->data) return strdup("");
    char *d = b->data;
    b->data = NULL;
    b->len = b->cap = 0;
    return d;
}

/* ---- graphviz's messages, collected instead of printed ---- */

ngv_buf ngv_collected;

int ngv_collect_message(char *text) {
    if (text) ngv_buf_append(&ngv_collected, text, strlen(text));
    return 0;
}

void ngv_collect_end(void) {
    free(ngv_collected.data);
    memset(&ngv_collected, 0, sizeof ngv_collected);
}

void ngv_collect_begin(void) {
    ngv_collect_end();
    agseterrf(ngv_collect_message);
    agseterr(AGWARN);
    agreseterrors();
}

void ngv_free(void *p) { free(p); }

/* navgraph's C shim: building a graph (libcgraph only, never a layout), writing it as DOT and reading
 * DOT back. See include/cgraphviz_shim.h. */
#include "cgraphviz_shim.h"
#include "shim_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ngv_graph {
    Agraph_t *root;
};

ngv_graph *ngv_graph_new(const char *name, int strict) {
    ngv_collect_begin();
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

int ngv_dot_parses(const char *dot, int *nodes, int *edges, char **messages) {
    ngv_collect_begin();
    Agraph_t *g = *dot ? ngv_read_dot(dot, strlen(dot)) : NULL;
    int ok = g != NULL;
    if (g) {
        if (nodes) *nodes = agnnodes(g);
        if (edges) *edges = agnedges(g);
        agclose(g);
    }
    if (messages) *messages = ngv_buf_take(&ngv_collected);
    else ngv_collect_end();
    return ok;
}

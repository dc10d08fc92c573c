/* Leak check driver for navgraph's graphviz shim (scripts/valgrind-render.sh).
 * Builds a 1,000-node app-shaped graph through the shim's API (clusters, labels, tooltips, an
 * HTML legend), writes it as DOT, reads it back, and lays it out + renders SVG/JSON/DOT in this
 * process (so valgrind sees every allocation), then frees everything. */
#include "../Sources/CGraphviz/include/cgraphviz_shim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    ngv_graph *g = ngv_graph_new("navgraph", 0);
    ngv_declare(g, 1, "label", "\\N");
    ngv_declare(g, 2, "label", "");
    void *clusters[20];
    char name[64], text[128];
    for (int m = 0; m < 20; m++) {
        snprintf(name, sizeof name, "cluster_Module%d", m);
        clusters[m] = ngv_subgraph(g, NULL, name);
        snprintf(text, sizeof text, "Module%d", m);
        ngv_set(clusters[m], "label", text);
    }
    void **nodes = calloc((size_t)n, sizeof *nodes);
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof name, "n%d", i);
        nodes[i] = ngv_node(g, clusters[i * 20 / n], name);
        snprintf(text, sizeof text, "Screen%d &amp; \\\\ \"q\"", i);
        ngv_set(nodes[i], "label", text);
        ngv_set(nodes[i], "tooltip", "feature\\nmodule");
        ngv_set(nodes[i], "shape", "box");
    }
    int e = 0;
    for (int i = 1; i < n; i++) {
        snprintf(name, sizeof name, "e%d", e++);
        void *edge = ngv_edge(g, nodes[(i - 1) / 2], nodes[i], name);
        ngv_set(edge, "tooltip", "opens route");
        if (i % 7 == 0) {
            snprintf(name, sizeof name, "e%d", e++);
            ngv_edge(g, nodes[i], nodes[(i * 31) % n], name);
        }
    }
    void *legend = ngv_node(g, NULL, "legend");
    ngv_set(legend, "shape", "plaintext");
    ngv_set_html(legend, "label", "<TABLE><TR><TD>Legend</TD></TR></TABLE>");
    ngv_set(ngv_root(g), "rankdir", "LR");
    size_t length = 0;
    char *dot = ngv_write_dot(g, &length);
    ngv_graph_free(g);
    free(nodes);
    if (!dot) return 2;

    int rn = 0, re = 0;
    char *messages = NULL;
    if (!ngv_dot_parses(dot, &rn, &re, &messages)) return 3;
    ngv_free(messages);

    char *engines = ngv_plugin_list("layout");
    ngv_free(engines);

    /* The shim's own PNG device (big pictures) is its code too: its encoder runs under valgrind here. */
    const char *formats[] = {"svg", "json", "dot", "png:cairo:navgraph"};
    ngv_result *r = ngv_layout_render(dot, length, "dot", formats, 4, 0, 0);
    int status = r->status;
    printf("nodes=%d edges=%d status=%d outputs=%d svg=%zu bytes seconds=%.2f\n", rn, re, status, r->count,
           r->count ? r->lengths[0] : 0, r->seconds);
    ngv_result_free(r);

    /* An error path too: unknown engine. */
    r = ngv_layout_render(dot, length, "nosuch", formats, 1, 0, 0);
    printf("bad engine: status=%d\n", r->status);
    ngv_result_free(r);
    ngv_free(dot);
    return status == 0 ? 0 : 4;
}

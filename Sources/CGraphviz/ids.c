/* navgraph's C shim: deterministic object ids, and reading DOT text with them. See shim_internal.h. */
#include "shim_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
Agdisc_t ngv_disc = {&AgMemDisc, &ngv_id_disc, &AgIoDisc};

Agraph_t *ngv_read_dot(const char *dot, size_t length) {
    FILE *f = fmemopen((void *)dot, length, "r");
    if (!f) return NULL;
    Agraph_t *g = agread(f, &ngv_disc);
    fclose(f);
    return g;
}

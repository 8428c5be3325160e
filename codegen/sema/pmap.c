/*
 * pmap.c — the pointer-keyed map of pmap.h.
 */
#include <stdint.h>
#include <stdlib.h>

#include "pmap.h"

static size_t ph(const void *p, size_t cap) { return (((uintptr_t)p >> 4) * 11400714819323198485ull) & (cap - 1); }

void pmap_put(pmap *m, const void *k, void *v)
{
    if ((m->n + 1) * 2 > m->cap) {
        size_t nc = m->cap ? m->cap * 2 : 256;
        const void **nk = calloc(nc, sizeof *nk);
        void **nv = calloc(nc, sizeof *nv);
        for (size_t i = 0; i < m->cap; i++) if (m->k[i]) {
            size_t j = ph(m->k[i], nc);
            while (nk[j]) j = (j + 1) & (nc - 1);
            nk[j] = m->k[i]; nv[j] = m->v[i];
        }
        free(m->k); free(m->v);
        m->k = nk; m->v = nv; m->cap = nc;
    }
    size_t j = ph(k, m->cap);
    while (m->k[j] && m->k[j] != k) j = (j + 1) & (m->cap - 1);
    if (!m->k[j]) m->n++;
    m->k[j] = k; m->v[j] = v;
}

void *pmap_get(const pmap *m, const void *k)
{
    if (!m->cap) return NULL;
    size_t j = ph(k, m->cap);
    while (m->k[j]) { if (m->k[j] == k) return m->v[j]; j = (j + 1) & (m->cap - 1); }
    return NULL;
}

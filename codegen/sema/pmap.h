/*
 * pmap.h — a pointer-keyed map (pmap.c): the side tables the passes keep
 * about tree nodes (node -> scope, call -> required file, loop -> typed
 * facts), so the tree itself is never modified.
 *
 * Open addressing with linear probing, a power-of-two capacity kept at
 * most half full; keys are never removed.  A zeroed pmap is empty.
 */
#ifndef SPINEL_PMAP_H
#define SPINEL_PMAP_H

#include <stddef.h>

typedef struct pmap { const void **k; void **v; size_t cap, n; } pmap;

void  pmap_put(pmap *m, const void *k, void *v);   /* insert or replace */
void *pmap_get(const pmap *m, const void *k);      /* NULL when absent */

#endif

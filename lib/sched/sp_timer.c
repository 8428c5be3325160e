/*
 * sp_timer.c — binary min-heap of timers ordered by deadline.
 *
 * Representation: an array of sp_timer pointers; each timer stores its
 * own index (t->index, -1 when not in a heap) so removal of an arbitrary
 * timer is O(log n).  Ties break on insertion sequence, so timers with
 * equal deadlines fire in FIFO order.  Not synchronised: the owner (sysmon)
 * holds its lock around every call.  Costs: push/pop/remove O(log n),
 * min O(1); the array grows by doubling (malloc, not GC: timers are
 * embedded in GC-visible green-thread records that outlive them).
 */
#include "sp_sched.h"

#include <stdlib.h>

static int timer_less(const sp_timer *a, const sp_timer *b)
{
    if (a->when != b->when)
        return a->when < b->when;
    return a->order < b->order;
}

static void heap_set(sp_timer_heap *h, int i, sp_timer *t)
{
    h->a[i] = t;
    t->index = i;
}

static void sift_up(sp_timer_heap *h, int i)
{
    sp_timer *t = h->a[i];
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!timer_less(t, h->a[p]))
            break;
        heap_set(h, i, h->a[p]);
        i = p;
    }
    heap_set(h, i, t);
}

static void sift_down(sp_timer_heap *h, int i)
{
    sp_timer *t = h->a[i];
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        sp_timer *mt = t;
        if (l < h->len && timer_less(h->a[l], mt)) { m = l; mt = h->a[l]; }
        if (r < h->len && timer_less(h->a[r], mt)) { m = r; mt = h->a[r]; }
        if (m == i)
            break;
        heap_set(h, i, mt);
        i = m;
    }
    heap_set(h, i, t);
}

void sp_timer_heap_push(sp_timer_heap *h, sp_timer *t)
{
    if (h->len == h->cap) {
        int ncap = h->cap ? h->cap * 2 : 64;
        sp_timer **n = realloc(h->a, (size_t)ncap * sizeof *n);
        if (!n) abort();
        h->a = n;
        h->cap = ncap;
    }
    t->order = h->next_order++;
    h->a[h->len] = t;
    t->index = h->len++;
    sift_up(h, t->index);
}

sp_timer *sp_timer_heap_min(sp_timer_heap *h)
{
    return h->len ? h->a[0] : NULL;
}

int sp_timer_heap_remove(sp_timer_heap *h, sp_timer *t)
{
    int i = t->index;
    if (i < 0 || i >= h->len || h->a[i] != t)
        return 0;
    t->index = -1;
    sp_timer *last = h->a[--h->len];
    if (i < h->len) {
        heap_set(h, i, last);
        if (i > 0 && timer_less(last, h->a[(i - 1) / 2]))
            sift_up(h, i);
        else
            sift_down(h, i);
    }
    return 1;
}

sp_timer *sp_timer_heap_pop(sp_timer_heap *h)
{
    sp_timer *t = sp_timer_heap_min(h);
    if (t)
        sp_timer_heap_remove(h, t);
    return t;
}

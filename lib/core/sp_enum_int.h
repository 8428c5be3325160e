/*
 * sp_enum_int.h — the Enumerator's representation, shared by the files of
 * the Enumerator (sp_enum.c: Enumerator, Yielder, Lazy; sp_enum_multi.c:
 * Product and Chain).  Not for other subsystems: they use sp_enum.h.
 */
#ifndef SPINEL_ENUM_INT_H
#define SPINEL_ENUM_INT_H
#include "spinel.h"

/* An Enumerator is recv.meth(*args) or, with gen set, a generator block
 * called with a Yielder.  recv is SP_UNDEF while an allocated Enumerator
 * (or Product, Chain) is not initialized yet. */
typedef struct sp_enumerator {
    sp_header hdr;
    sp_value recv;
    sp_id meth;
    sp_value args;       /* Array */
    sp_value gen;        /* Enumerator.new block (or nil) */
    sp_value buf;        /* #next buffer (Array) or nil (eager sources) */
    long pos;
    sp_value fiber;      /* #next: Fiber running the iteration, or nil */
    sp_value peeked;     /* #peek: values (an Array) taken from the fiber, or SP_UNDEF */
    sp_value feedvalue;  /* #feed: what the iteration's next yield returns, or SP_UNDEF */
    int done;            /* #next: the fiber's iteration has finished */
    sp_value size;
    sp_value lazy_stages;/* Lazy: Array of [kind, proc/arg] or nil */
    int kw;              /* args end with a keyword hash (SP_ARGC_KW) */
    sp_value result;     /* return value of the iteration (StopIteration#result) */
} sp_enumerator;
#define EN(v) ((sp_enumerator *)(v))

/* Enumerator::Yielder: what a generator block yields to (blk). */
typedef struct sp_yielder { sp_header hdr; sp_value blk; } sp_yielder;

/* Product, Chain, Enumerable#chain, Enumerator#+, Lazy#chain
 * (sp_enum_multi.c); called by sp_init_enum. */
void sp_enum_init_multi(sp_value enumerable, sp_value enumerator, sp_value lazy);
#endif

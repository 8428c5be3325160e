/*
 * sp_enum.h — Enumerable/Enumerator helpers (sp_enum.c).
 */
#ifndef SPINEL_ENUM_H
#define SPINEL_ENUM_H

#include "spinel.h"

/* An Enumerator over recv.meth(*args) (the no-block form of an iterator).
 * Iteration calls the method again with a block. */
sp_value sp_enum_new(sp_value recv, const char *meth, int argc, const sp_value *argv);
/* argc may carry SP_ARGC_KW; the Enumerator re-passes it on iteration. */
#define SP_RETURN_ENUM(self, meth, argc, argv) \
    do { if (blk == SP_NIL) return sp_enum_new((self), (meth), (argc), (argv)); } while (0)

/* Enumerator::ArithmeticSequence (Range#step/%, Numeric#step w/o block). */
sp_value sp_arith_seq_new(sp_value recv, const char *meth, int argc, const sp_value *argv);

/* Make a C-level block (a Proc) that calls fn with env as its state.
 * fn receives the yielded values. */
typedef sp_value (*sp_cblock_fn)(void *env, int argc, const sp_value *argv);
sp_value sp_cblock_new(sp_cblock_fn fn, void *env);

/* Call obj.each with a C block; collects into an array (Enumerable#to_a). */
sp_value sp_enum_to_a(sp_value obj);

/* Pack yielded values into one value the way Enumerable does:
 * 0 args -> nil, 1 -> itself, n -> Array. */
sp_value sp_enum_pack(int argc, const sp_value *argv);

#endif

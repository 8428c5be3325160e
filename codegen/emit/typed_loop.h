/*
 * typed_loop.h — typed loops (typed_loop.c), an emission strategy of the
 * emitter: a `while`/`until` loop the analysis pass (sema/typed.c) found
 * to be plain Integer/Float arithmetic on locals is emitted twice, a
 * typed copy on unboxed C int64_t/double locals and the ordinary generic
 * copy, with a guard choosing between them and bailouts from the typed
 * copy into the generic one (see the header comment of typed_loop.c).
 */
#ifndef SPINEL_TYPED_LOOP_H
#define SPINEL_TYPED_LOOP_H

#include "emit_int.h"
#include "typed.h"

/* Label kinds the generic copy places for bailouts and re-entry. */
enum { TYL_STMT, TYL_COND, TYL_BACK };

/* The loop n as a typed region (both copies emitted); NULL when the
 * analysis left n no facts (or a region is already being emitted): the
 * caller emits the generic loop. */
const char *ty_emit_loop(fnctx *f, sp_node *n);

/* Hooks for the generic copy: the label a bailout of the typed copy jumps
 * to, placed at the start of statement n (ex()) or at a loop's condition /
 * back-edge (emit_while_plain); and, after the region loop's back-edge
 * poll, the re-entry into the typed copy.  Both act only while
 * f->ty_generic is set (emit_int.h). */
void ty_place_label(fnctx *f, const sp_node *n, int kind);
void ty_reentry(fnctx *f, const sp_node *n);

/* Cache slots shared by the two copies: the generic copy's code for node
 * n asks for its spg_ic / spg_cc / spg_cs index of the given role
 * (TYS_* in typed_loop.c: 0 attribute read, 1 `recv.x op=` read/write record,
 * 2 attribute write, 3 Math's constant cache, 4 Math.sqrt call site) and
 * gets the typed copy's index, so its calls fill the caches the typed
 * copy's guards read; `fresh` when the typed copy has none. */
int ty_slot(fnctx *f, const sp_node *n, int role, int fresh);
enum { TY_SLOT_IC, TY_SLOT_RMW, TY_SLOT_SET, TY_SLOT_CC, TY_SLOT_CS };

/* emit_ctl.c: the generic loop (what emit_while emits without typing). */
const char *emit_while_plain(fnctx *f, sp_node *n);

/* inline_each.c: `ary.each do |x| ... end` as a loop in place (guarded
 * by the builtin Array#each; the ordinary call otherwise). */
int each_inlinable(fnctx *f, sp_node *n);
const char *emit_each_inline(fnctx *f, sp_node *n);

#endif

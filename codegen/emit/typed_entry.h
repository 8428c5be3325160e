/*
 * typed_entry.h — typed method entries (typed_entry.c): a recursive
 * Integer method such as fib or tak gets a second C function for
 * activations whose arguments are fixnums, with the per-operation
 * redefinition checks replaced by one method-epoch compare per call.
 */
#ifndef SPINEL_TYPED_ENTRY_H
#define SPINEL_TYPED_ENTRY_H

#include "emit_int.h"

/* If def (a positional def with npos > 0 parameters, C name `name`,
 * srcinfo spg_si<sid>) qualifies, append the typed entry name##t (inline
 * guard) and name##u (body) -- and, when the self calls share one line,
 * the frameless name##z with its root name##r (typed_entry.c "Lazy
 * frames") -- to decl/fns and return 1; else 0. */
int te_emit(const sp_node *def, const char *name, int npos, int sid, buf *decl, buf *fns);

#endif

/*
 * typed.h — the analysis pass (typed.c), run by the driver between resolve
 * and emit: which while/until loops are typed loops, the type of each of
 * their locals, which of their statements stay boxed, which locals are
 * live-in (doc/codegen.md, "Typed optimisations").
 *
 * Its results are annotations on the tree, in a side table keyed by the
 * loop node (ty_facts_of); the emitter reads them and decides nothing
 * about types itself: a loop with facts is emitted as a typed loop
 * (emit/typed_loop.c), any other as the ordinary loop.  The pass also
 * records the names the program declares with attr_* (ty_attr_declared),
 * which the analysis and the emitter's inline attribute path both read.
 */
#ifndef SPINEL_TYPED_H
#define SPINEL_TYPED_H

#include "ast.h"
#include "pmap.h"
#include "resolve.h"

/* Types of a typed loop's locals: TY_INT (an int64_t holding a fixnum),
 * TY_FLT (a double), TY_NUM (a double made from an Integer within 2**53
 * or a Float, for a local only read and only combined with Floats);
 * TY_BOT (no type yet) and TY_DYN (no single type) only during the
 * analysis. */
enum { TY_BOT, TY_INT, TY_FLT, TY_NUM, TY_DYN };

#define TY_MAXV 48     /* locals of one typed loop */
#define TY_MAXL 256    /* boxed statements, labels, shared slots of one loop */

typedef struct tyvar {
    const char *name;     /* Ruby name */
    /* C names, filled in by the emitter (typed_loop.c, ty_bind) */
    const char *g;        /* generic C variable (l_x); for a captured local the
                             snapshot ty_snN of its env slot (see em_snap) */
    const char *src;      /* captured: the env slot itself (cenv[k]) */
    const char *c;        /* typed C variable */
    const char *fl;       /* "assigned in the region" flag (non-live-in) */
    int t;                /* TY_* */
    int assigned, livein;
    int captured;         /* read-only local of an enclosing scope (cenv): re-read at back-edges */
    int hint_int, hint_flt;
} tyvar;

struct ty_result;

/* The facts about one typed loop: its annotation. */
typedef struct ty_facts {
    const struct ty_result *prog;   /* the program's facts (attr_* names) */
    sp_node *root;        /* the N_WHILE */
    rs_scope *sc;         /* the scope its code runs in */
    int attrs;            /* attribute reads/stores and Math.sqrt are typed */
    tyvar v[TY_MAXV]; int nv;
    const sp_node *boxed[TY_MAXL]; int nboxed;   /* boxed statements / conditions */
    const char *obj[TY_MAXV]; int nobj;          /* locals used as attribute receivers (stay boxed) */
    /* the analysis's working state */
    int ok;
    int dry;                                     /* q_*: check only, add no locals */
    int ntyped;                                  /* typed assignments */
    const char *btarget[TY_MAXV]; int nbt;       /* locals assigned by boxed statements */
} ty_facts;

/* The analysis of one program. */
typedef struct ty_result {
    pmap loops;                                  /* N_WHILE -> ty_facts */
    const char **attrs; int nattrs, capattrs;    /* "x" (reader) and "x=" (writer) */
} ty_result;

/* The pass: every loop resolve recorded (rs->loops), analysed once.
 * SPINEL_NO_TYPED=1: no typed loops; SPINEL_NO_TYPED_ATTR=1: attributes
 * stay boxed; SPINEL_TYPED_DEBUG=1: why each loop is or is not typed, on
 * stderr.  Returns 0 (the analysis reports no errors of its own). */
int ty_analyse_program(sp_ast *ast, const rs_result *rs, ty_result *out);

/* The typed loop whose root is `loop`, or NULL: emit it as usual. */
const ty_facts *ty_facts_of(const ty_result *ty, const sp_node *loop);
/* "x" / "x=" declared by attr_reader/attr_writer/attr_accessor/attr (a
 * symbol or string literal) anywhere in the program. */
int ty_attr_declared(const ty_result *ty, const char *name);

/* Questions about a loop's nodes the analysis and the emitter both ask. */
tyvar *ty_find_var(ty_facts *F, const char *name);
int ty_is_boxed(const ty_facts *F, const sp_node *n);
int ty_bit_name(const char *s);                         /* & | ^ << >> */
int ty_is_neg(const sp_node *n);                        /* -e */
int ty_is_not(const sp_node *n);                        /* !e */
int ty_is_attr_get(const ty_facts *F, const sp_node *n);      /* recv.x */
int ty_is_attr_target(const ty_facts *F, const sp_node *t);   /* recv.x in recv.x op= e */
int ty_is_attr_set(const ty_facts *F, const sp_node *n);      /* recv.x = e */
int ty_is_sqrt(const ty_facts *F, const sp_node *n);          /* Math.sqrt(e) */

#endif

/*
 * typed_loop.c — typed loops: Integer/Float locals unboxed into C
 * variables; an emission strategy of the emitter.
 *
 * Design: doc/codegen.md, "Typed optimisations" (measurements in
 * doc/performance.md).  Which loops are typed, the types of their locals,
 * the boxed statements and the live-in locals are the analysis pass's
 * facts (sema/typed.c), computed before emission; this file decides
 * nothing about types.  emit_while asks ty_emit_loop first: a loop with
 * facts, not inside another typed loop, is emitted as below; any other
 * as the ordinary loop.
 *
 * Emission.  A C block holding
 *   1. the guard: !sp_vm_redef and each live-in local holds its type
 *      (fixnum; flonum or heap Float; Num also a fixnum within 2**53) —
 *      if so they are unboxed and the typed copy runs;
 *   2. the typed copy: C arithmetic on the typed variables.  Integer + - *
 *      check that the result is still a fixnum, / and % that the divisor
 *      is not 0 (and not -1 with the minimum fixnum), a mixed Int/Float
 *      comparison that the Integer is within 2**53; otherwise it bails;
 *   3. the generic copy (emit_while_plain, unchanged code) with labels at
 *      the statements, loop conditions and back-edges that a bailout can
 *      resume at, as a GNU C nested function spg_tyg_N(tyb) (SP_TY_OUTLINE
 *      in sp_vm.h; inline with other compilers) compiled cold at -O1, so
 *      cc optimises the typed copy alone; every hand-over goes through its
 *      one call site tycall_N with the label number in tyb.  After its
 *      back-edge poll it returns 1: when the guard holds again, the locals
 *      are unboxed and the typed copy continues, else it is called again
 *      at the loop condition;
 *   4. the bail dispatch: box every typed local back into its generic
 *      variable (SP_FIX / sp_vm_float; only flagged ones for non-live-in
 *      locals) and jump to the label of the statement that bailed.  A
 *      statement commits (assigns its local) only after all its checks,
 *      and statements have no side effects, so the generic copy simply
 *      runs the bailing statement again: it overflows into a Bignum,
 *      raises ZeroDivisionError with the right line (set_line in the
 *      generic code), etc.  On normal exit the typed locals are boxed the
 *      same way.
 * Safepoints: every typed back-edge tests sp_pending | sp_vm_redef.  A
 * pending request boxes the locals into the generic variables first (so a
 * Thread#raise/kill delivered by sp_poll_slow, or a GC scan, sees the
 * current values), sets fr.line to the loop's line and polls; the typed
 * variables stay valid and the loop goes on.  A redefinition (another
 * thread, or one that ran during the poll) bails to the generic back-edge.
 * Unboxed values are not pointers; boxed Floats made at bailout are
 * ordinary GC values.
 *
 * Attributes (doc/codegen.md "Typed optimisations").  `recv.x` (x declared by
 * attr_*, recv a local or self) is a typed Float source, `recv.x op= e`
 * (+ - * /) and `recv.x = e` are typed statements, Math.sqrt(e) a typed
 * Float; the receiver local stays boxed (only boxed statements assign it).
 * Reads go through the site's attribute record (sp_vm_attr_getd_k): a
 * miss, an unset ivar or a non-Float bails.  Stores check everything (record,
 * not frozen, old value a Float) before their one store, so a bailing
 * statement has changed nothing.  The records and caches are the generic
 * copy's own (ty_slot: emit_expr.c asks for the index of the same node),
 * so a bailout fills what the typed guards read.  Receiver class and
 * method epoch are read once per segment (straight-line typed code without
 * Ruby code or join points).  Attribute reads in loop/if conditions stay
 * boxed, and when Float attributes make the types fail the loop is
 * analysed again without them.  `v = a[i]` (boxed v, typed Integer i)
 * takes Array#[]'s inline path from the int64 index.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_int.h"
#include "typed_loop.h"

#define TY_MAXLOOP 32
#define TY_MAXPR 4
#define TY_MAXPA 24

typedef struct tylabel { const sp_node *n; int kind; int placed; } tylabel;

typedef struct tyreg {
    fnctx *f;
    ty_facts F;           /* the analysis's facts (sema/typed.c), C names bound */
    int id;
    int ok;               /* 0: the typed copy cannot be emitted after all */
    tylabel lab[TY_MAXL]; int nlab;
    int loops[TY_MAXLOOP]; int nloops;   /* typed loop label ids, innermost last */
    int ntmp;
    buf decl;
    const sp_node *bail_n; int bail_kind;   /* where a bailout resumes now */
    struct { const sp_node *n; int role, idx; } sh[TY_MAXL]; int nsh;   /* slots shared with the generic copy */
    /* attribute receivers' class and the method epoch, read once per
     * segment (straight-line typed code: no Ruby code, no join point;
     * every branch, loop label and boxed statement starts a new one) */
    struct { const char *name, *val, *k; int seg; } rc[TY_MAXV]; int nrc;
    int seg;
    const char *ep; int ep_seg;
    /* promoted attributes of loop-invariant receivers (prom_*): while
     * emitting such a loop's body and back-edge, prom is its label id */
    int prom;
    const char *pq, *pep;                       /* "values live" flag, epoch they were loaded in */
    struct { const char *name, *val, *k, *kc, *ec; int nacc; } pr[TY_MAXPR]; int npr;
    struct { int r; const char *name; const sp_node *site; int role, written; const char *d, *rec; } pa[TY_MAXPA];
    int npa;
    const sp_node *psq[TY_MAXPA]; int npsq; const char *psqo;
    const char *pm, *pdup;                      /* slot bit masks (prom_load) */
    /* attribute sites of the loop's other receiver locals (`b2.x`): their
     * records are checked at the load against the first promoted
     * receiver's class; in the body a receiver of another class bails */
    struct { const sp_node *site; int role; const char *rname, *rec; } ps2[TY_MAXL]; int nps2;    /* Math.sqrt calls of the promoted loop: checked at load */
} tyreg;


/* ---------------------------------------------------------------- */
/* emission helpers                                                   */

static const char *tmpv(tyreg *R, const char *ctype, const char *pfx)
{
    const char *t = S("%s%d", pfx, ++R->ntmp);
    bputf(&R->decl, "%s %s = 0; (void)%s;\n", ctype, t, t);
    return t;
}

static int label_of(tyreg *R, const sp_node *n, int kind)
{
    for (int i = 0; i < R->nlab; i++) if (R->lab[i].n == n && R->lab[i].kind == kind) return i;
    if (R->nlab == TY_MAXL) { R->ok = 0; return 0; }
    R->lab[R->nlab].n = n;
    R->lab[R->nlab].kind = kind;
    R->lab[R->nlab].placed = 0;
    return R->nlab++;
}

/* the statement that jumps to the bail dispatch, resuming where the
 * current statement starts in the generic copy */
static const char *bail(tyreg *R)
{
    int k = label_of(R, R->bail_n, R->bail_kind);
    if (R->prom) return S("{ tyb = %d; goto tywb_%d; }", k, R->prom);   /* write back first */
    return S("{ tyb = %d; goto tybail_%d; }", k, R->id);
}

static const char *box(const tyvar *v)
{
    return v->t == TY_INT ? S("SP_FIX(%s)", v->c) : S("sp_vm_float(%s)", v->c);
}

/* generic variable := typed one, for a local the region assigns (one not
 * live-in only once the region has assigned it: its flag says so) */
static void em_box_back(tyreg *R, const tyvar *v)
{
    if (v->livein) E(R->f, "%s = %s;", v->g, box(v));
    else E(R->f, "if (%s) %s = %s;", v->fl, v->g, box(v));
}

/* generic variables := typed ones (every local the region assigns) */
static void em_sync(tyreg *R)
{
    for (int i = 0; i < R->F.nv; i++)
        if (R->F.v[i].assigned) em_box_back(R, &R->F.v[i]);
}

static const char *is_float(const char *g)
{
    return S("(SP_FLONUM_P(%s) || (SP_HEAP_P(%s) && SP_TYPE(%s) == SP_T_FLOAT))", g, g, g);
}

/* does the generic variable hold v's type? */
static const char *vcheck(const tyvar *v)
{
    const char *g = v->g;
    if (v->t == TY_INT) return S("SP_FIXNUM_P(%s)", g);
    if (v->t == TY_FLT) return is_float(g);
    return S("((SP_FIXNUM_P(%s) && SP_FIX2LONG(%s) <= (INT64_C(1) << 53) && "
             "SP_FIX2LONG(%s) >= -(INT64_C(1) << 53)) || %s)", g, g, g, is_float(g));
}

static const char *vunbox(const tyvar *v)
{
    const char *g = v->g;
    const char *fd = S("(SP_FLONUM_P(%s) ? sp_flonum_value(%s) : sp_float_value(%s))", g, g, g);
    if (v->t == TY_INT) return S("SP_FIX2LONG(%s)", g);
    if (v->t == TY_FLT) return fd;
    return S("(SP_FIXNUM_P(%s) ? (double)SP_FIX2LONG(%s) : %s)", g, g, fd);
}

static const char *guard(tyreg *R)
{
    buf b = {0};
    bputs(&b, "!sp_vm_redef");
    for (int i = 0; i < R->F.nv; i++)
        if (R->F.v[i].livein) bputf(&b, " && %s", vcheck(&R->F.v[i]));
    return b.p;
}

/* Captured locals live in the block env, where another thread may store
 * at any time: each check-then-unbox works on one relaxed atomic load of
 * the slot (a snapshot), so the check and the unbox see the same value
 * (no Float unbox of a value that became an Integer: never a wild read)
 * and the compiler cannot hoist the load out of the loop. */
static void em_snap(tyreg *R)
{
    for (int i = 0; i < R->F.nv; i++)
        if (R->F.v[i].captured)
            E(R->f, "%s = __atomic_load_n(&(%s), __ATOMIC_RELAXED);", R->F.v[i].g, R->F.v[i].src);
}

static void em_unbox(tyreg *R)
{
    for (int i = 0; i < R->F.nv; i++) {
        tyvar *v = &R->F.v[i];
        if (!v->livein) E(R->f, "%s = 0;", v->fl);
        else E(R->f, "%s = %s;", v->c, vunbox(v));
    }
}

/* ---------------------------------------------------------------- */
/* typed expressions                                                  */

typedef struct tyx { const char *e; int t; } tyx;

/* Cache slots (spg_ic / spg_cc / spg_cs indexes) the typed copy shares
 * with the generic copy's code for the same node (ty_slot): the generic
 * copy's calls fill them, and the typed copy's guards read them. */
enum { TYS_IC = TY_SLOT_IC, TYS_RMW = TY_SLOT_RMW, TYS_SET = TY_SLOT_SET, TYS_CC = TY_SLOT_CC, TYS_CS = TY_SLOT_CS };

static int shared(tyreg *R, const sp_node *n, int role)
{
    for (int i = 0; i < R->nsh; i++) if (R->sh[i].n == n && R->sh[i].role == role) return R->sh[i].idx;
    return -1;
}

static int share(tyreg *R, const sp_node *n, int role, int idx)
{
    if (R->nsh == TY_MAXL) { R->ok = 0; return idx; }
    R->sh[R->nsh].n = n; R->sh[R->nsh].role = role; R->sh[R->nsh].idx = idx;
    R->nsh++;
    return idx;
}

int ty_slot(fnctx *f, const sp_node *n, int role, int fresh)
{
    int k = f->ty ? shared(f->ty, n, role) : -1;
    return k >= 0 ? k : fresh;
}

static int ivslot(tyreg *R, const sp_node *n, int role)
{
    int k = shared(R, n, role);
    return k >= 0 ? k : share(R, n, role, ivcache_new());
}

static void seg_break(tyreg *R) { R->seg++; }

static const char *seg_epoch(tyreg *R)
{
    if (!R->ep || R->ep_seg != R->seg) {
        if (!R->ep) R->ep = tmpv(R, "uint64_t", "tye");
        E(R->f, "%s = sp_vm_attr_epoch();", R->ep);
        R->ep_seg = R->seg;
    }
    return R->ep;
}

/* An attribute receiver in the current segment: its value (self, a plain
 * local, or one relaxed load of a block-env slot, where another thread
 * may store) and its class (sp_vm_attr_klass). */
static int rcv(tyreg *R, const sp_node *recv)
{
    const char *name = recv->kind == N_SELF ? "self" : recv->name;
    int i;
    for (i = 0; i < R->nrc; i++) if (!strcmp(R->rc[i].name, name)) break;
    if (i < R->nrc && R->rc[i].seg == R->seg) return i;
    if (i == R->nrc) {
        if (R->nrc == TY_MAXV) { R->ok = 0; return 0; }
        R->nrc++;
        R->rc[i].name = name;
        R->rc[i].k = tmpv(R, "sp_class *", "tyk");
        R->rc[i].val = NULL;
    }
    if (recv->kind == N_SELF) R->rc[i].val = "self";
    else {
        const char *g = var_ref(R->f, recv->name);
        if (!strncmp(g, "l_", 2)) R->rc[i].val = g;
        else {
            if (!R->rc[i].val) R->rc[i].val = tmpv(R, "sp_value", "tyo");
            E(R->f, "%s = __atomic_load_n(&(%s), __ATOMIC_RELAXED);", R->rc[i].val, g);
        }
    }
    E(R->f, "%s = sp_vm_attr_klass(%s);", R->rc[i].k, R->rc[i].val);
    R->rc[i].seg = R->seg;
    if (R->prom) {   /* another receiver: it must not be a promoted one (prom_*) */
        int self_prom = 0;
        for (int r = 0; r < R->npr; r++) self_prom |= recv->kind == N_LVAR && !strcmp(R->pr[r].name, recv->name);
        for (int r = 0; !self_prom && r < R->npr; r++)
            E(R->f, "if (SP_UNLIKELY(%s == %s)) %s", R->rc[i].val, R->pr[r].val, bail(R));
        int sec = 0;   /* its sites' records were checked for the first promoted receiver's class */
        for (int k = 0; recv->kind == N_LVAR && k < R->nps2; k++) sec |= !strcmp(R->ps2[k].rname, recv->name);
        if (sec) E(R->f, "if (SP_UNLIKELY(%s != %s)) %s", R->rc[i].k, R->pr[0].k, bail(R));
    }
    return i;
}

static void em_sqrt_ok(tyreg *R, const sp_node *n, const char *m);

/* ---- promoted attributes ----
 * In an innermost typed loop (not the region's root loop, no nested
 * loop), the Float attributes of a receiver local the loop never assigns
 * (`b` in `while j < n; b2 = bodies[j]; ... b.vx -= dx * m ... end`) live
 * in C doubles: loaded once before the loop (prom_load: the receiver's
 * class, the method epoch and each attribute's record, which must hit,
 * with a Float in the slot, distinct slots, and the receiver not frozen
 * when an attribute is written), read and op-assigned as doubles in the
 * body with no check, and written back (prom_wb) at every way out: the
 * loop's exit, every bailout (the trampoline tywb_N), before the
 * back-edge poll (Thread#raise/kill, preemption and GC see the object
 * as a step-by-step run would leave it; after the poll the values are
 * loaded again, as other threads may have stored meanwhile) and before
 * any generic code in the body (reloaded after it).  The back-edge also
 * compares the method epoch with the one the records were checked in
 * (a redefinition by another thread: write back, bail).  Aliasing: every
 * other attribute receiver is compared with the promoted ones each time
 * its value is taken (rcv, once per segment); equal bails (after the
 * write-back), so `b2.vx` never reads or writes b's slot behind the
 * doubles.  Only `recv.x` reads and `recv.x op= e` on the receiver are
 * promoted (a plain `recv.x = e` disqualifies it), and only loops whose
 * boxed statements are `v = a[i]` (the Array#[] fast path runs no Ruby
 * code; its slow path writes back and reloads around the call).  Other
 * threads' stores to the promoted ivars during the loop may be lost (a
 * data race; DESIGN.md allows lost updates, never a torn value: each
 * write-back is one boxed store per slot). */
static int prom_recv(tyreg *R, const sp_node *recv)
{
    if (recv->kind != N_LVAR) return -1;
    for (int i = 0; i < R->npr; i++) if (!strcmp(R->pr[i].name, recv->name)) return i;
    if (R->npr == TY_MAXPR) return -1;
    const char *g = var_ref(R->f, recv->name);
    if (strncmp(g, "l_", 2)) return -1;          /* captured: a block may assign it */
    R->pr[R->npr].name = recv->name;
    R->pr[R->npr].val = g;
    R->pr[R->npr].k = NULL;
    R->pr[R->npr].nacc = 0;
    return R->npr++;
}

static void prom_access(tyreg *R, const sp_node *recv, const char *name, const sp_node *site, int role,
                        int written, int *ok)
{
    if (recv->kind == N_LVAR && R->nps2 < TY_MAXL) {
        R->ps2[R->nps2].site = site; R->ps2[R->nps2].role = role;
        R->ps2[R->nps2].rname = recv->name; R->ps2[R->nps2].rec = NULL;
        R->nps2++;
    }
    int r = prom_recv(R, recv);
    if (r < 0) return;
    R->pr[r].nacc++;
    for (int i = 0; i < R->npa; i++) {
        if (R->pa[i].r != r || strcmp(R->pa[i].name, name)) continue;
        if (written && !R->pa[i].written) { R->pa[i].written = 1; R->pa[i].site = site; R->pa[i].role = role; }
        return;
    }
    if (R->npa == TY_MAXPA) { *ok = 0; return; }
    R->pa[R->npa].r = r; R->pa[R->npa].name = name; R->pa[R->npa].site = site;
    R->pa[R->npa].role = role; R->pa[R->npa].written = written;
    R->pa[R->npa].d = R->pa[R->npa].rec = NULL;
    R->npa++;
}

/* `v = a[i]` in the shape aref_fast takes */
static int aref_shape(const sp_node *n)
{
    const sp_node *c = n->a;
    return n->kind == N_LASGN && c && c->kind == N_CALL && c->name && !strcmp(c->name, "[]") && c->a &&
           c->a->kind == N_LVAR && !c->b && c->list.n == 1 && !(c->flags & (NF_SAFE_NAV | NF_ATTRASGN)) &&
           (c->list.v[0]->kind == N_LVAR || c->list.v[0]->kind == N_INT);
}

/* collect the attribute accesses of loop body n; *ok = 0 when the loop
 * does not qualify; asg/nasg: locals assigned; bad: receivers of `r.x = e` */
static void prom_walk(tyreg *R, const sp_node *n, int *ok, const char **asg, int *nasg, const char **bad, int *nbad)
{
    if (!n || !*ok) return;
    if (ty_is_boxed(&R->F, n)) {
        if (!aref_shape(n)) { *ok = 0; return; }
        if (*nasg < TY_MAXL) asg[(*nasg)++] = n->name;
        return;
    }
    switch (n->kind) {
    case N_WHILE: case N_MASGN: case N_MLHS: case N_BLOCK: case N_LAMBDA: *ok = 0; return;
    case N_LASGN: if (*nasg < TY_MAXL) asg[(*nasg)++] = n->name; else *ok = 0; break;
    case N_OP_ASGN:
        if (n->a && n->a->kind == N_LVAR) { if (*nasg < TY_MAXL) asg[(*nasg)++] = n->a->name; else *ok = 0; }
        else if (n->a && ty_is_attr_target(&R->F, n->a)) {
            prom_access(R, n->a->a, n->a->name, n, TYS_RMW, 1, ok);
            prom_walk(R, n->b, ok, asg, nasg, bad, nbad);
            return;
        }
        break;
    case N_CALL:
        if (ty_is_attr_get(&R->F, n)) { prom_access(R, n->a, n->name, n, TYS_IC, 0, ok); return; }
        if (ty_is_sqrt(&R->F, n)) { if (R->npsq < TY_MAXPA) R->psq[R->npsq++] = n; else *ok = 0; }
        if (ty_is_attr_set(&R->F, n) && n->a->kind == N_LVAR) { if (*nbad < TY_MAXV) bad[(*nbad)++] = n->a->name; else *ok = 0; }
        break;
    default: break;
    }
    prom_walk(R, n->a, ok, asg, nasg, bad, nbad); prom_walk(R, n->b, ok, asg, nasg, bad, nbad);
    prom_walk(R, n->c, ok, asg, nasg, bad, nbad); prom_walk(R, n->d, ok, asg, nasg, bad, nbad);
    prom_walk(R, n->body, ok, asg, nasg, bad, nbad);
    for (int i = 0; i < n->list.n; i++) prom_walk(R, n->list.v[i], ok, asg, nasg, bad, nbad);
    for (int i = 0; i < n->list2.n; i++) prom_walk(R, n->list2.v[i], ok, asg, nasg, bad, nbad);
}

static int name_in(const char *name, const char **v, int n)
{
    for (int i = 0; i < n; i++) if (!strcmp(v[i], name)) return 1;
    return 0;
}

/* Which receivers of loop n to promote (R->pr / R->pa); 0: none. */
static int prom_plan(tyreg *R, const sp_node *n)
{
    if (getenv("SPINEL_NO_PROMOTE") || !R->F.attrs) return 0;
    const char *asg[TY_MAXL], *bad[TY_MAXV];
    int nasg = 0, nbad = 0, ok = 1;
    R->npr = R->npa = R->npsq = R->nps2 = 0;
    if (ty_is_boxed(&R->F, n->a)) return 0;
    prom_walk(R, n->body, &ok, asg, &nasg, bad, &nbad);
    if (!ok) { R->npr = R->npa = R->npsq = R->nps2 = 0; return 0; }
    /* keep the receivers the loop does not assign, with 2+ accesses */
    int map[TY_MAXPR], np = 0;
    for (int r = 0; r < R->npr; r++) {
        const char *nm = R->pr[r].name;
        int keep = R->pr[r].nacc >= 2 && !name_in(nm, asg, nasg) && !name_in(nm, bad, nbad) && !ty_find_var(&R->F, nm);
        map[r] = keep ? np : -1;
        if (keep) R->pr[np++] = R->pr[r];
    }
    int na = 0;
    for (int i = 0; i < R->npa; i++) {
        if (map[R->pa[i].r] < 0) continue;
        R->pa[na] = R->pa[i];
        R->pa[na].r = map[R->pa[i].r];
        na++;
    }
    R->npr = np;
    R->npa = na;
    if (!np) { R->npsq = R->nps2 = 0; return 0; }
    int n2 = 0;
    for (int i = 0; i < R->nps2; i++) {
        int kept = 0;
        for (int r = 0; r < np; r++) kept |= !strcmp(R->pr[r].name, R->ps2[i].rname);
        if (kept || ty_find_var(&R->F, R->ps2[i].rname)) continue;
        R->ps2[n2] = R->ps2[i];
        R->ps2[n2].rec = tmpv(R, "const sp_vm_attr_ic *", "tyr");
        (void)ivslot(R, R->ps2[n2].site, R->ps2[n2].role);
        n2++;
    }
    R->nps2 = n2;
    R->pq = tmpv(R, "int", "tyq");
    R->psqo = tmpv(R, "sp_value", "tyo");
    R->pm = tmpv(R, "uint64_t", "tym");
    R->pdup = tmpv(R, "uint64_t", "tym");
    R->pep = tmpv(R, "uint64_t", "tye");
    for (int r = 0; r < np; r++) {
        R->pr[r].k = tmpv(R, "sp_class *", "tyk");
        R->pr[r].kc = tmpv(R, "sp_class *", "tyk");   /* class and epoch the slots were last checked in */
        R->pr[r].ec = tmpv(R, "uint64_t", "tye");
    }
    for (int i = 0; i < na; i++) {
        R->pa[i].d = tmpv(R, "double", "typ");
        R->pa[i].rec = tmpv(R, "const sp_vm_attr_ic *", "tyr");
        (void)ivslot(R, R->pa[i].site, R->pa[i].role);
    }
    return 1;
}

/* the promoted attribute of receiver local `recv`, attribute `name`; NULL if none */
static const char *prom_d(tyreg *R, const sp_node *recv, const char *name)
{
    if (!R->prom || recv->kind != N_LVAR) return NULL;
    for (int i = 0; i < R->npa; i++)
        if (!strcmp(R->pr[R->pa[i].r].name, recv->name) && !strcmp(R->pa[i].name, name)) return R->pa[i].d;
    return NULL;
}

/* the record checked at the load for attribute site n of another receiver; NULL if none */
static const char *prom_sec(tyreg *R, const sp_node *n)
{
    if (!R->prom) return NULL;
    for (int i = 0; i < R->nps2; i++) if (R->ps2[i].site == n) return R->ps2[i].rec;
    return NULL;
}

/* load the promoted values; R->pq is 1 when they all are (no Ruby code
 * runs here; nothing changes when it fails) */
static void prom_load(tyreg *R)
{
    fnctx *f = R->f;
    E(f, "%s = 0;", R->pq);
    E(f, "do {");
    f->indent++;
    E(f, "%s = sp_vm_attr_epoch();", R->pep);
    for (int r = 0; r < R->npr; r++) E(f, "%s = sp_vm_attr_klass(%s);", R->pr[r].k, R->pr[r].val);
    for (int i = 0; i < R->npa; i++) {
        const char *val = R->pr[R->pa[i].r].val, *k = R->pr[R->pa[i].r].k;
        int ic = ivslot(R, R->pa[i].site, R->pa[i].role);
        if (R->pa[i].written) E(f, "%s = sp_vm_attr_wrec_k(%s, %s, %s, &spg_ic[%d]);", R->pa[i].rec, val, k, R->pep, ic);
        else E(f, "%s = sp_vm_attr_hit_k(%s, %s, &spg_ic[%d]);", R->pa[i].rec, k, R->pep, ic);
        E(f, "if (SP_UNLIKELY(!%s || !sp_vm_attr_rec_getd(%s, %s, &%s))) break;", R->pa[i].rec, val, R->pa[i].rec, R->pa[i].d);
    }
    /* a written attribute must not share its slot with another promoted
     * one (two readers of one ivar): distinct slots below 64, else no
     * promotion */
    for (int r = 0; r < R->npr; r++) {
        int any = 0;
        for (int i = 0; i < R->npa; i++) any |= R->pa[i].r == r && R->pa[i].written;
        if (!any) continue;
        /* the slots follow from (class, epoch): checked once per pair */
        E(f, "if (%s != %s || %s != %s) {", R->pr[r].k, R->pr[r].kc, R->pep, R->pr[r].ec);
        f->indent++;
        buf w = {0};
        int k = 0;
        for (int i = 0; i < R->npa; i++) {
            if (R->pa[i].r != r) continue;
            bputf(&w, "%s%s->idx", k++ ? " | " : "", R->pa[i].rec);
        }
        E(f, "if (SP_UNLIKELY((%s) >= 64)) break;", w.p);
        free(w.p);
        E(f, "%s = 0; %s = 0;", R->pm, R->pdup);
        for (int i = 0; i < R->npa; i++) {
            if (R->pa[i].r != r) continue;
            E(f, "%s |= %s & (UINT64_C(1) << %s->idx); %s |= UINT64_C(1) << %s->idx;",
              R->pdup, R->pm, R->pa[i].rec, R->pm, R->pa[i].rec);
        }
        E(f, "if (SP_UNLIKELY(%s)) break;", R->pdup);
        E(f, "%s = %s; %s = %s;", R->pr[r].kc, R->pr[r].k, R->pr[r].ec, R->pep);
        f->indent--;
        E(f, "}");
    }
    for (int i = 0; i < R->nps2; i++) {
        int ic = ivslot(R, R->ps2[i].site, R->ps2[i].role);
        E(f, "%s = sp_vm_attr_hit_k(%s, %s, &spg_ic[%d]);", R->ps2[i].rec, R->pr[0].k, R->pep, ic);
        E(f, "if (SP_UNLIKELY(!%s)) break;", R->ps2[i].rec);
    }
    /* Math.sqrt in the loop is the builtin (methods and constants only
     * change by Ruby code: none runs in this thread until the next load) */
    for (int i = 0; i < R->npsq; i++) {
        em_sqrt_ok(R, R->psq[i], R->psqo);
        E(f, "    break;");
    }
    E(f, "%s = 1;", R->pq);
    f->indent--;
    E(f, "} while (0);");
}

/* store the written promoted values back (once: clears R->pq) */
static void prom_wb(tyreg *R)
{
    fnctx *f = R->f;
    E(f, "if (%s) {", R->pq);
    f->indent++;
    E(f, "%s = 0;", R->pq);
    for (int r = 0; r < R->npr; r++) {
        int any = 0;
        for (int i = 0; i < R->npa; i++) any |= R->pa[i].r == r && R->pa[i].written;
        if (!any) continue;
        /* frozen by another thread meanwhile: the racing stores are lost */
        E(f, "if (!(SP_HDR(%s)->flags & SP_FL_FROZEN)) {", R->pr[r].val);
        for (int i = 0; i < R->npa; i++)
            if (R->pa[i].r == r && R->pa[i].written)
                E(f, "    sp_vm_attr_putd(%s, %s, %s);", R->pr[r].val, R->pa[i].rec, R->pa[i].d);
        E(f, "}");
    }
    f->indent--;
    E(f, "}");
}

/* `if (SP_UNLIKELY(Math.sqrt at n is not the builtin (m := the constant)))`
 * — the caller emits the statement to run then */
static void em_sqrt_ok(tyreg *R, const sp_node *n, const char *m)
{
    int cc = shared(R, n, TYS_CC), cs = shared(R, n, TYS_CS);
    if (cc < 0) cc = share(R, n, TYS_CC, ccache_new());
    if (cs < 0) {
        site_args(&((sp_node *)n)->list);
        cs = share(R, n, TYS_CS, callsite(n->name, 0, n->line, n->col, n->end_col));
    }
    E(R->f, "%s = sp_vm_const_peek(&spg_cc[%d]);", m, cc);
    E(R->f, "if (SP_UNLIKELY(%s == SP_UNDEF || !sp_vm_math_sqrt_ok(&spg_cs[%d], %s)))", m, cs, m);
}

static const char *as_dbl(tyx x) { return x.t == TY_INT ? S("((double)%s)", x.e) : x.e; }

static tyx em_num(tyreg *R, sp_node *n);
static const char *em_cond(tyreg *R, sp_node *n);

/* the value of an Integer literal operand "(INT64_C(n))", clamped to
 * -1..999; 1000 when b is not a literal */
static int lit_count(const char *b)
{
    long long v;
    if (sscanf(b, "(INT64_C(%lld))", &v) != 1) return 1000;
    return v < 0 ? -1 : v > 999 ? 999 : (int)v;
}

/* Integer a op b: the result is a fixnum or the statement bails */
static const char *em_iop(tyreg *R, const char *op, const char *a, const char *b)
{
    fnctx *f = R->f;
    const char *t = tmpv(R, "int64_t", "tyi");
    switch (op[0]) {
    case '+': case '-':
        E(f, "%s = %s %c %s;", t, a, op[0], b);
        E(f, "if (SP_UNLIKELY(!SP_FIXABLE(%s))) %s", t, bail(R));
        break;
    case '*':
        E(f, "if (SP_UNLIKELY(__builtin_mul_overflow(%s, %s, &%s) || !SP_FIXABLE(%s))) %s", a, b, t, t, bail(R));
        break;
    case '/': case '%':
        if (!strcmp(b, "(INT64_C(0))")) {   /* always raises: leave it to the generic code */
            E(f, "%s", bail(R));
            return t;
        }
        break;
    }
    switch (op[0]) {
    case '+': case '-': case '*': break;
    case '&': case '|': case '^':   /* fixnum in, fixnum out */
        E(f, "%s = %s %c %s;", t, a, op[0], b);
        break;
    case '<':   /* << : within range and without losing bits, else Bignum / negative count */
        if (lit_count(b) != 1000 && (lit_count(b) < 0 || lit_count(b) >= 62)) {
            E(f, "%s", bail(R));   /* always generic (and no constant out-of-range shift for cc to warn about) */
            return t;
        }
        E(f, "if (SP_UNLIKELY(%s < 0 || %s >= 62)) %s", b, b, bail(R));
        E(f, "%s = (int64_t)((uint64_t)%s << %s);", t, a, b);
        E(f, "if (SP_UNLIKELY((%s >> %s) != %s || !SP_FIXABLE(%s))) %s", t, b, a, t, bail(R));
        break;
    case '>':
        if (lit_count(b) != 1000) {
            int k = lit_count(b);
            if (k < 0) E(f, "%s", bail(R));
            else if (k > 63) E(f, "%s = %s < 0 ? -1 : 0;", t, a);
            else E(f, "%s = %s >> %d;", t, a, k);
            return t;
        }
        E(f, "if (SP_UNLIKELY(%s < 0)) %s", b, bail(R));
        E(f, "%s = %s > 63 ? (%s < 0 ? -1 : 0) : %s >> %s;", t, b, a, a, b);
        break;
    case '/':   /* floor division; 0 raises, FIXNUM_MIN / -1 is a Bignum */
        E(f, "if (SP_UNLIKELY(%s == 0 || (%s == -1 && %s == SP_FIXNUM_MIN))) %s", b, b, a, bail(R));
        E(f, "%s = %s / %s;", t, a, b);
        E(f, "if ((%s %% %s != 0) && ((%s < 0) != (%s < 0))) %s--;", a, b, a, b, t);
        break;
    default:    /* % : the result has the divisor's sign */
        E(f, "if (SP_UNLIKELY(%s == 0)) %s", b, bail(R));
        E(f, "%s = %s == -1 ? 0 : %s %% %s;", t, b, a, b);
        E(f, "if (%s != 0 && ((%s < 0) != (%s < 0))) %s += %s;", t, t, b, t, b);
        break;
    }
    return t;
}

static tyx em_binop(tyreg *R, const char *op, tyx a, tyx b)
{
    tyx r;
    if (ty_bit_name(op) && (a.t != TY_INT || b.t != TY_INT)) R->ok = 0;
    if (a.t == TY_INT && b.t == TY_INT) {
        r.t = TY_INT;
        r.e = em_iop(R, op, a.e, b.e);
    } else {
        r.t = TY_FLT;
        r.e = S("(%s %s %s)", as_dbl(a), op, as_dbl(b));
    }
    return r;
}

static tyx em_num(tyreg *R, sp_node *n)
{
    tyx r = { "0", TY_INT };
    switch (n->kind) {
    case N_INT: r.e = S("(INT64_C(%lld))", (long long)n->ival); break;
    case N_FLOAT: r.t = TY_FLT; r.e = S("(%s)", c_double(n->fval)); break;
    case N_LVAR: {
        tyvar *v = ty_find_var(&R->F, n->name);
        r.t = v->t == TY_INT ? TY_INT : TY_FLT;
        r.e = v->c;
        break;
    }
    case N_CALL:
        if (ty_is_attr_get(&R->F, n)) {   /* a Float in the slot, else bail (the generic code calls recv.x) */
            const char *pd = prom_d(R, n->a, n->name);
            if (pd) { r.t = TY_FLT; r.e = pd; break; }
            const char *sr = prom_sec(R, n);
            if (sr) {   /* record checked at the load, class by rcv */
                int c = rcv(R, n->a);
                r.t = TY_FLT;
                r.e = tmpv(R, "double", "tyd");
                E(R->f, "if (SP_UNLIKELY(!sp_vm_attr_rec_getd(%s, %s, &%s))) %s", R->rc[c].val, sr, r.e, bail(R));
                break;
            }
            int c = rcv(R, n->a);
            const char *ep = seg_epoch(R);
            int ic = ivslot(R, n, TYS_IC);
            r.t = TY_FLT;
            r.e = tmpv(R, "double", "tyd");
            E(R->f, "if (SP_UNLIKELY(!sp_vm_attr_getd_k(%s, %s, %s, &spg_ic[%d], &%s))) %s",
              R->rc[c].val, R->rc[c].k, ep, ic, r.e, bail(R));
            break;
        }
        if (ty_is_sqrt(&R->F, n)) {   /* the builtin Math.sqrt of a positive double; else bail */
            int hoisted = 0;   /* checked by prom_load (a promoted loop runs no Ruby code) */
            for (int i = 0; R->prom && i < R->npsq; i++) hoisted |= R->psq[i] == n;
            if (!hoisted) {
                const char *m = tmpv(R, "sp_value", "tyo");
                em_sqrt_ok(R, n, m);
                E(R->f, "%s", bail(R));
            }
            tyx a = em_num(R, n->list.v[0]);
            r.t = TY_FLT;
            r.e = tmpv(R, "double", "tyd");
            E(R->f, "%s = %s;", r.e, as_dbl(a));
            E(R->f, "if (SP_UNLIKELY(!(%s > 0))) %s", r.e, bail(R));   /* 0, negative, NaN: DomainError / -0.0 */
            E(R->f, "%s = sqrt(%s);", r.e, r.e);
            break;
        }
        if (ty_is_neg(n)) {
            tyx a = em_num(R, n->a);
            r.t = a.t;
            if (a.t == TY_INT) {
                r.e = tmpv(R, "int64_t", "tyi");
                E(R->f, "if (SP_UNLIKELY(%s == SP_FIXNUM_MIN)) %s", a.e, bail(R));
                E(R->f, "%s = -%s;", r.e, a.e);
            } else r.e = S("(-%s)", a.e);
        } else {
            tyx a = em_num(R, n->a);
            tyx b = em_num(R, n->list.v[0]);
            r = em_binop(R, n->name, a, b);
        }
        break;
    case N_IF: {
        const char *c = em_cond(R, n->a);
        const char *ct = tmpv(R, "int", "tyc");
        E(R->f, "%s = %s;", ct, c);
        E(R->f, "if (%s) {", ct);
        R->f->indent++;
        seg_break(R);
        tyx a = em_num(R, n->b);
        const char *t = tmpv(R, a.t == TY_INT ? "int64_t" : "double", a.t == TY_INT ? "tyi" : "tyd");
        E(R->f, "%s = %s;", t, a.e);
        R->f->indent--;
        E(R->f, "} else {");
        R->f->indent++;
        seg_break(R);
        tyx b = em_num(R, n->c);
        if (a.t != b.t) R->ok = 0;
        E(R->f, "%s = %s;", t, b.e);
        R->f->indent--;
        E(R->f, "}");
        seg_break(R);
        r.t = a.t;
        r.e = t;
        break;
    }
    default: R->ok = 0; break;
    }
    return r;
}

/* An Integer compared with a Float: exact when |i| <= 2**53 (CRuby
 * compares exactly), else bail and let the generic code do it. */
static const char *in53(tyreg *R, tyx x)
{
    if (x.t != TY_INT) return x.e;
    E(R->f, "if (SP_UNLIKELY(%s > (INT64_C(1) << 53) || %s < -(INT64_C(1) << 53))) %s", x.e, x.e, bail(R));
    return as_dbl(x);
}

static const char *em_cond(tyreg *R, sp_node *n)
{
    fnctx *f = R->f;
    switch (n->kind) {
    case N_TRUE: return "1";
    case N_FALSE: case N_NIL: return "0";
    case N_NOT: return S("(!%s)", em_cond(R, n->a));
    case N_AND: case N_OR: {
        const char *t = tmpv(R, "int", "tyc");
        const char *a = em_cond(R, n->a);
        E(f, "%s = %s;", t, a);
        E(f, "if (%s%s) {", n->kind == N_AND ? "" : "!", t);
        f->indent++;
        seg_break(R);
        const char *b = em_cond(R, n->b);
        E(f, "%s = %s;", t, b);
        f->indent--;
        E(f, "}");
        seg_break(R);
        return t;
    }
    case N_CALL:
        if (ty_is_not(n)) return S("(!%s)", em_cond(R, n->a));
        {
            tyx a = em_num(R, n->a), b = em_num(R, n->list.v[0]);
            if (a.t == b.t) return S("(%s %s %s)", a.e, n->name, b.e);
            const char *x = in53(R, a), *y = in53(R, b);
            return S("(%s %s %s)", x, n->name, y);
        }
    default:
        R->ok = 0;
        return "0";
    }
}

/* ---------------------------------------------------------------- */
/* typed statements                                                   */

/* Where the generic copy goes on after a statement: the start of node n
 * (TYL_STMT), a loop's back-edge (TYL_BACK), or the end of the region
 * (TYL_END, n unused). */
enum { TYL_END = 99 };
typedef struct tycont { const sp_node *n; int kind; } tycont;

static tycont cont_at(const sp_node *n, int kind) { tycont c = { n, kind }; return c; }

static void em_loop(tyreg *R, sp_node *n, int root, tycont after);

static void em_assign(tyreg *R, tyvar *v, tyx x)
{
    fnctx *f = R->f;
    if ((v->t == TY_INT) != (x.t == TY_INT)) { R->ok = 0; return; }
    E(f, "%s = %s;", v->c, x.e);
    if (!v->livein) E(f, "%s = 1;", v->fl);
}

/* box every assigned typed local except `skip` (whose generic variable
 * already has the newer value) and continue in the generic copy */
static void em_goto_generic(tyreg *R, tycont c, const tyvar *skip)
{
    fnctx *f = R->f;
    E(f, "{");
    f->indent++;
    for (int i = 0; i < R->F.nv; i++) {
        tyvar *v = &R->F.v[i];
        if (!v->assigned || v == skip) continue;
        em_box_back(R, v);
    }
    if (c.kind == TYL_END) E(f, "goto tyend_%d;", R->id);
    else E(f, "tyb = %d; goto tycall_%d;", label_of(R, c.n, c.kind), R->id);
    f->indent--;
    E(f, "}");
}

static void reads_of(tyreg *R, const sp_node *n, unsigned char *rd)
{
    if (!n) return;
    if (n->kind == N_LVAR) {
        tyvar *v = ty_find_var(&R->F, n->name);
        if (v) rd[v - R->F.v] = 1;
        return;
    }
    reads_of(R, n->a, rd); reads_of(R, n->b, rd); reads_of(R, n->c, rd); reads_of(R, n->d, rd);
    reads_of(R, n->body, rd);
    for (int i = 0; i < n->list.n; i++) reads_of(R, n->list.v[i], rd);
    for (int i = 0; i < n->list2.n; i++) reads_of(R, n->list2.v[i], rd);
}

/* Before generic code in the typed copy: the typed locals it reads go to
 * their generic variables — all of them when a rescue/ensure of this
 * function encloses the loop (an exception may be caught in view of
 * them). */
static void em_sync_for(tyreg *R, const sp_node *n)
{
    unsigned char rd[TY_MAXV] = {0};
    int all = R->f->nreg > 0;
    if (!all) reads_of(R, n, rd);
    for (int i = 0; i < R->F.nv; i++) {
        tyvar *v = &R->F.v[i];
        if (!v->assigned || !(all || rd[i])) continue;
        em_box_back(R, v);
    }
}

/* after generic code: " || <a captured local no longer has its type>"
 * (a block the call ran may have assigned it) */
static const char *captured_changed(tyreg *R)
{
    buf b = {0};
    bputs(&b, "");
    for (int i = 0; i < R->F.nv; i++)
        if (R->F.v[i].captured) bputf(&b, " || !%s", vcheck(&R->F.v[i]));
    return b.p;
}

static void em_reload_captured(tyreg *R)
{
    for (int i = 0; i < R->F.nv; i++)
        if (R->F.v[i].captured) E(R->f, "%s = %s;", R->F.v[i].c, vunbox(&R->F.v[i]));
}

/* `v = a[i]`, v and a boxed locals, i an Integer literal or typed Integer
 * local: the fast path of Array#[] (sp_vm_op_aref's) straight from the
 * typed index, so no Ruby code can run: nothing to re-check after it.
 * Returns the C condition (dst, arr, idx set), NULL otherwise. */
static const char *aref_fast(tyreg *R, const sp_node *n, const char **dst, const char **arr, const char **idx)
{
    if (n->kind != N_LASGN || !n->a) return NULL;
    const sp_node *c = n->a;
    if (c->kind != N_CALL || !c->name || strcmp(c->name, "[]") || !c->a || c->a->kind != N_LVAR || c->b ||
        c->list.n != 1 || (c->flags & (NF_SAFE_NAV | NF_ATTRASGN)))
        return NULL;
    if (ty_find_var(&R->F, n->name) || ty_find_var(&R->F, c->a->name)) return NULL;
    const char *g = var_ref(R->f, n->name);
    if (strncmp(g, "l_", 2)) return NULL;
    const sp_node *i = c->list.v[0];
    if (i->kind == N_LVAR) {
        tyvar *v = ty_find_var(&R->F, i->name);
        if (!v || v->t != TY_INT) return NULL;
        *idx = v->c;
    } else if (i->kind == N_INT && !(i->flags & NF_BIGNUM) && i->ival >= -(1LL << 62) && i->ival < (1LL << 62))
        *idx = S("(INT64_C(%lld))", (long long)i->ival);
    else return NULL;
    *dst = g;
    *arr = var_ref(R->f, c->a->name);
    if (strncmp(*arr, "l_", 2)) {
        const char *t = tmpv(R, "sp_value", "tyo");
        E(R->f, "%s = __atomic_load_n(&(%s), __ATOMIC_RELAXED);", t, *arr);
        *arr = t;
    }
    return S("SP_HEAP_P(%s) && (sp_value)SP_HDR(%s)->klass == sp_cArray && !sp_vm_redef", *arr, *arr);
}

static void em_boxed(tyreg *R, sp_node *n, tycont after)
{
    fnctx *f = R->f;
    const char *dst = NULL, *arr = NULL, *idx = NULL;
    const char *fast = aref_fast(R, n, &dst, &arr, &idx);
    if (fast) {
        E(f, "if (SP_LIKELY(%s)) {", fast);
        E(f, "    %s = sp_ary_entry_inline(%s, %s);", dst, arr, idx);
        E(f, "} else {");
        f->indent++;
    }
    if (R->prom) prom_wb(R);   /* the generic code may look at the object */
    em_sync_for(R, n);
    f->cur_line = -1;
    (void)ex(f, n);
    f->cur_line = -1;
    seg_break(R);
    const char *t = n->kind == N_LASGN ? n->name :
                    (n->kind == N_OP_ASGN && n->a->kind == N_LVAR) ? n->a->name : NULL;
    tyvar *v = t ? ty_find_var(&R->F, t) : NULL;
    em_snap(R);
    const char *cc = captured_changed(R);
    if (v) {
        E(f, "if (SP_LIKELY(!(sp_vm_redef%s) && %s)) {", cc, vcheck(v));
        f->indent++;
        E(f, "%s = %s;", v->c, vunbox(v));
        if (!v->livein) E(f, "%s = 1;", v->fl);
        f->indent--;
        E(f, "} else");
        em_goto_generic(R, after, v);
    } else {
        E(f, "if (SP_UNLIKELY(sp_vm_redef%s))", cc);
        em_goto_generic(R, after, NULL);
    }
    em_reload_captured(R);
    if (R->prom) {   /* other code ran: load the promoted values again */
        prom_load(R);
        E(f, "if (SP_UNLIKELY(!%s))", R->pq);
        em_goto_generic(R, after, NULL);
    }
    if (fast) {
        f->indent--;
        E(f, "}");
        seg_break(R);
    }
}

/* a condition computed by generic code; when it redefined an operator,
 * go on in the generic copy where its value leads */
static const char *em_boxed_cond(tyreg *R, sp_node *c, tycont yes, tycont no)
{
    fnctx *f = R->f;
    em_sync_for(R, c);
    f->cur_line = -1;
    const char *v = ex(f, c);
    f->cur_line = -1;
    seg_break(R);
    const char *t = tmpv(R, "int", "tyc");
    E(f, "%s = SP_RTEST(%s);", t, v);
    em_snap(R);
    E(f, "if (SP_UNLIKELY(sp_vm_redef%s)) {", captured_changed(R));
    f->indent++;
    E(f, "if (%s)", t);
    em_goto_generic(R, yes, NULL);
    em_goto_generic(R, no, NULL);
    f->indent--;
    E(f, "}");
    em_reload_captured(R);
    return t;
}

static tycont start_of(const sp_node *n, tycont dflt) { return n ? cont_at(n, TYL_STMT) : dflt; }

static void em_stmt(tyreg *R, sp_node *n, tycont after)
{
    fnctx *f = R->f;
    if (!n || !R->ok) return;
    if (ty_is_boxed(&R->F, n)) { em_boxed(R, n, after); return; }
    switch (n->kind) {
    case N_STMTS:
        for (int i = 0; i < n->list.n; i++)
            em_stmt(R, n->list.v[i], i + 1 < n->list.n ? cont_at(n->list.v[i + 1], TYL_STMT) : after);
        return;
    case N_BEGIN: em_stmt(R, n->body, after); return;
    case N_NIL: return;
    case N_LASGN:
        R->bail_n = n; R->bail_kind = TYL_STMT;
        em_assign(R, ty_find_var(&R->F, n->name), em_num(R, n->a));
        return;
    case N_OP_ASGN: {
        R->bail_n = n; R->bail_kind = TYL_STMT;
        if (n->a->kind != N_LVAR) {   /* recv.x op= e: checks first, then one store */
            const char *pd = prom_d(R, n->a->a, n->a->name);
            if (pd) {   /* promoted: a double */
                tyx old = { pd, TY_FLT };
                tyx b = em_num(R, n->b);
                tyx x = em_binop(R, n->name, old, b);
                E(f, "%s = %s;", pd, x.e);
                return;
            }
            const char *sr = prom_sec(R, n);
            if (sr) {   /* record checked at the load, class by rcv */
                int c = rcv(R, n->a->a);
                const char *recv = R->rc[c].val;
                tyx old = { tmpv(R, "double", "tyd"), TY_FLT };
                E(f, "if (SP_UNLIKELY((SP_HDR(%s)->flags & SP_FL_FROZEN) || !sp_vm_attr_rec_getd(%s, %s, &%s))) %s",
                  recv, recv, sr, old.e, bail(R));
                tyx b = em_num(R, n->b);
                tyx x = em_binop(R, n->name, old, b);
                E(f, "sp_vm_attr_putd(%s, %s, %s);", recv, sr, x.e);
                return;
            }
            int c = rcv(R, n->a->a);
            const char *ep = seg_epoch(R), *recv = R->rc[c].val;
            int ic = ivslot(R, n, TYS_RMW);
            const char *rec = tmpv(R, "const sp_vm_attr_ic *", "tyr");
            tyx old = { tmpv(R, "double", "tyd"), TY_FLT };
            E(f, "%s = sp_vm_attr_wrec_k(%s, %s, %s, &spg_ic[%d]);", rec, recv, R->rc[c].k, ep, ic);
            E(f, "if (SP_UNLIKELY(!%s || !sp_vm_attr_rec_getd(%s, %s, &%s))) %s", rec, recv, rec, old.e, bail(R));
            tyx b = em_num(R, n->b);
            tyx x = em_binop(R, n->name, old, b);
            E(f, "sp_vm_attr_putd(%s, %s, %s);", recv, rec, x.e);
            return;
        }
        tyvar *v = ty_find_var(&R->F, n->a->name);
        tyx a = em_num(R, n->a);
        tyx b = em_num(R, n->b);
        em_assign(R, v, em_binop(R, n->name, a, b));
        return;
    }
    case N_IF: {
        R->bail_n = n; R->bail_kind = TYL_STMT;
        const char *c = ty_is_boxed(&R->F, n->a) ? em_boxed_cond(R, n->a, start_of(n->b, after), start_of(n->c, after))
                                          : em_cond(R, n->a);
        E(f, "if (%s) {", c);
        f->indent++;
        seg_break(R);
        em_stmt(R, n->b, after);
        f->indent--;
        if (n->c) {
            E(f, "} else {");
            f->indent++;
            seg_break(R);
            em_stmt(R, n->c, after);
            f->indent--;
        }
        E(f, "}");
        seg_break(R);
        return;
    }
    case N_WHILE: em_loop(R, n, 0, after); return;
    case N_CALL: {   /* recv.x = e */
        R->bail_n = n; R->bail_kind = TYL_STMT;
        tyx x = em_num(R, n->list.v[0]);
        int c = rcv(R, n->a);
        const char *ep = seg_epoch(R), *recv = R->rc[c].val;
        int ic = ivslot(R, n, TYS_SET);
        const char *rec = tmpv(R, "const sp_vm_attr_ic *", "tyr");
        E(f, "%s = sp_vm_attr_wrec_k(%s, %s, %s, &spg_ic[%d]);", rec, recv, R->rc[c].k, ep, ic);
        E(f, "if (SP_UNLIKELY(!%s)) %s", rec, bail(R));
        if (x.t == TY_INT) E(f, "sp_vm_attr_putv(%s, %s, SP_FIX(%s));", recv, rec, x.e);
        else E(f, "sp_vm_attr_putd(%s, %s, %s);", recv, rec, x.e);
        return;
    }
    case N_BREAK: case N_NEXT: case N_REDO: {
        int id = R->loops[R->nloops - 1];
        E(f, "goto ty%s_%d;", n->kind == N_BREAK ? "brk" : n->kind == N_NEXT ? "next" : "redo", id);
        return;
    }
    default: R->ok = 0; return;
    }
}

/* Captured locals live in the block env, where another thread may change
 * them: read again at every back-edge (bail when the type changed). */
static void em_refresh(tyreg *R)
{
    em_snap(R);
    for (int i = 0; i < R->F.nv; i++) {
        tyvar *v = &R->F.v[i];
        if (!v->captured) continue;
        E(R->f, "if (SP_UNLIKELY(!%s)) %s", vcheck(v), bail(R));
        E(R->f, "%s = %s;", v->c, vunbox(v));
    }
}

static void em_loop_cond(tyreg *R, sp_node *n, tycont after)
{
    int until = (n->flags & NF_UNTIL) != 0;
    R->bail_n = n; R->bail_kind = TYL_COND;
    if (ty_is_boxed(&R->F, n->a)) {
        tycont body = n->body ? cont_at(n->body, TYL_STMT) : cont_at(n, TYL_BACK);
        const char *c = em_boxed_cond(R, n->a, until ? after : body, until ? body : after);
        E(R->f, "if (%s%s) break;", until ? "" : "!", c);
        return;
    }
    const char *c = em_cond(R, n->a);
    E(R->f, "if (%s%s) break;", until ? "" : "!", c);
}

/* (helper frames, round 7) A loop whose condition and body run no Ruby
 * code -- no boxed statement or condition, no nested loop -- costs at
 * most a few hundred instructions per iteration, so its back-edge polls
 * every TY_POLL_EVERY iterations (a register countdown) instead of
 * loading sp_pending and sp_vm_redef every time: Thread#raise/kill,
 * preemption and another thread's redefinition are seen within
 * microseconds all the same.  while_loop's inner loop: 12 -> 10
 * instructions per iteration. */
#define TY_POLL_EVERY 1024
static int ty_cheap(const tyreg *R, const sp_node *n)
{
    if (!n) return 1;
    if (n->kind == N_WHILE || n->kind == N_FOR || ty_is_boxed(&R->F, n)) return 0;
    if (!ty_cheap(R, n->a) || !ty_cheap(R, n->b) || !ty_cheap(R, n->c) || !ty_cheap(R, n->d) ||
        !ty_cheap(R, n->body))
        return 0;
    for (int i = 0; i < n->list.n; i++) if (!ty_cheap(R, n->list.v[i])) return 0;
    for (int i = 0; i < n->list2.n; i++) if (!ty_cheap(R, n->list2.v[i])) return 0;
    return 1;
}

static void em_loop(tyreg *R, sp_node *n, int root, tycont after)
{
    fnctx *f = R->f;
    int id = newlabel(f);
    int dowhile = (n->flags & NF_DO_WHILE) != 0;
    if (R->nloops == TY_MAXLOOP) { R->ok = 0; return; }
    int prom = !root && !dowhile && !R->prom && prom_plan(R, n);
    if (prom) {   /* promoted attributes: load them, else run this loop generic */
        seg_break(R);
        /* not for a loop that runs no iteration (the last `b` of a
         * triangular pair loop): its condition first (typed, pure) */
        R->bail_n = n; R->bail_kind = TYL_COND;
        const char *c = em_cond(R, n->a);
        E(f, "if (%s%s) {", (n->flags & NF_UNTIL) ? "!" : "", c);
        f->indent++;
        seg_break(R);
        prom_load(R);
        E(f, "if (SP_UNLIKELY(!%s))", R->pq);
        em_goto_generic(R, cont_at(n, TYL_COND), NULL);
        R->prom = id;
    }
    R->loops[R->nloops++] = id;
    E(f, "for (;;) {");
    f->indent++;
    seg_break(R);
    if (!dowhile) {
        if (root) E(f, "tyre_%d: __attribute__((unused));", R->id);
        em_loop_cond(R, n, after);
    }
    E(f, "tyredo_%d: __attribute__((unused));", id);
    seg_break(R);
    em_stmt(R, n->body, cont_at(n, TYL_BACK));
    E(f, "tynext_%d: __attribute__((unused));", id);
    seg_break(R);
    /* safepoint: sync the generic variables, poll, go on typed unless an
     * operator was redefined meanwhile */
    R->bail_n = n; R->bail_kind = TYL_BACK;
    /* the countdown starts at 0: the first back-edge polls (not in a
     * promoted loop: its back-edge also compares the attribute epoch) */
    const char *k = !prom && ty_cheap(R, n->a) && ty_cheap(R, n->body) ? tmpv(R, "int", "tyk") : NULL;
    if (k) {
        E(f, "if (SP_UNLIKELY(--%s < 0)) {", k);
        f->indent++;
        E(f, "%s = %d;", k, TY_POLL_EVERY);
    }
    if (prom) E(f, "if (SP_UNLIKELY((sp_pending | sp_vm_redef) || sp_vm_attr_epoch() != %s)) {", R->pep);
    else E(f, "if (SP_UNLIKELY(sp_pending | sp_vm_redef)) {");
    f->indent++;
    if (prom) prom_wb(R);
    E(f, "if (!sp_vm_redef) {");
    f->indent++;
    em_sync(R);
    E(f, "%s.line = %d;", f->frvar ? f->frvar : "fr", n->line);
    E(f, "sp_poll_slow();");
    f->indent--;
    E(f, "}");
    E(f, "if (sp_vm_redef) %s", bail(R));
    if (prom) {   /* other threads may have run: load again */
        prom_load(R);
        E(f, "if (SP_UNLIKELY(!%s)) %s", R->pq, bail(R));
        /* captured locals: no Ruby code of this thread runs in a promoted
         * loop but at this poll (and in boxed statements, which re-read
         * them), so re-read them here only; another thread's store is
         * seen at the next poll */
        em_refresh(R);
    }
    f->indent--;
    E(f, "}");
    if (k) {
        f->indent--;
        E(f, "}");
    }
    seg_break(R);   /* the poll may have run other threads' Ruby code */
    if (!prom) em_refresh(R);
    if (dowhile) {
        if (root) E(f, "tyre_%d: __attribute__((unused));", R->id);
        em_loop_cond(R, n, after);
    }
    f->indent--;
    E(f, "}");
    E(f, "tybrk_%d: __attribute__((unused));", id);
    seg_break(R);
    R->nloops--;
    if (prom) {
        prom_wb(R);
        f->indent--;
        E(f, "}");
        seg_break(R);
        E(f, "if (0) {");
        f->indent++;
        E(f, "tywb_%d: __attribute__((unused));", id);   /* bailouts of this loop */
        prom_wb(R);
        E(f, "goto tybail_%d;", R->id);
        f->indent--;
        E(f, "}");
        R->prom = 0;
        R->npr = R->npa = 0;
    }
}

/* ---------------------------------------------------------------- */
/* hooks for the generic copy                                         */

void ty_place_label(fnctx *f, const sp_node *n, int kind)
{
    tyreg *R = f->ty;
    if (!R || !f->ty_generic) return;
    for (int i = 0; i < R->nlab; i++) {
        if (R->lab[i].n == n && R->lab[i].kind == kind && !R->lab[i].placed) {
            E(f, "gy%d_%d: __attribute__((unused));", R->id, i);
            R->lab[i].placed = 1;
            f->cur_line = -1;   /* entered by a jump: set fr.line again */
        }
    }
}

/* the generic copy's back-edge: back to the typed function, which goes
 * on typed when the guard holds, else calls the generic copy again at
 * the loop condition */
void ty_reentry(fnctx *f, const sp_node *n)
{
    tyreg *R = f->ty;
    if (!R || !f->ty_generic || n != R->F.root) return;
    E(f, "tyrc = 1; goto tyx_%d;", R->id);
}

/* ---------------------------------------------------------------- */
/* the region                                                         */

/* The C names of the loop's locals in f (the facts hold Ruby names). */
static void ty_bind(tyreg *R)
{
    for (int i = 0; i < R->F.nv; i++) {
        tyvar *v = &R->F.v[i];
        const char *g = var_ref(R->f, v->name);
        v->g = g;
        if (v->captured) { v->src = g; v->g = S("ty_sn%d", i + 1); }
        v->c = v->captured ? S("ty_cv%d", i + 1) : S("ty_%s", g);
        v->fl = S("tya_%s", g);
    }
}

const char *ty_emit_loop(fnctx *f, sp_node *n)
{
    if (f->ty) return NULL;   /* inside a typed loop: part of its region */
    const ty_facts *F = ty_facts_of(program_typed(), n);
    if (!F) return NULL;
    if (F->sc != f->sc) {   /* analysed for another scope: the names would differ */
        cerror(f, n, "internal: typed loop analysed in another scope");
        return NULL;
    }
    tyreg *R = calloc(1, sizeof *R);
    R->f = f;
    R->F = *F;
    R->ok = 1;
    ty_bind(R);

    /* the typed copy, into its own buffer (its declarations go first) */
    R->id = newlabel(f);
    f->ty = R;
    buf saved = f->body;
    memset(&f->body, 0, sizeof f->body);
    f->indent++;
    em_snap(R);
    E(f, "if (!(%s)) goto tygen_%d;", guard(R), R->id);
    em_unbox(R);
    em_loop(R, n, 1, cont_at(n, TYL_END));
    em_sync(R);
    E(f, "goto tyend_%d;", R->id);
    f->indent--;
    buf typed = f->body;
    f->body = saved;
    if (!R->ok) { free(typed.p); free(R->decl.p); free(R); f->ty = NULL; return NULL; }

    E(f, "{   /* typed loop (typed_loop.c) */");
    f->indent++;
    E(f, "int tyb = 0; (void)tyb;");
    for (int i = 0; i < R->F.nv; i++) {
        tyvar *v = &R->F.v[i];
        E(f, "%s %s = 0; (void)%s;", v->t == TY_INT ? "int64_t" : "double", v->c, v->c);
        if (v->captured) E(f, "sp_value %s = 0; (void)%s;", v->g, v->g);
        if (v->assigned && !v->livein) E(f, "unsigned char %s = 0; (void)%s;", v->fl, v->fl);
    }
    if (R->decl.p) {
        char *p = R->decl.p, *nl;
        while ((nl = strchr(p, '\n'))) { *nl = 0; E(f, "%s", p); p = nl + 1; }
    }
    f->indent--;
    bputs(&f->body, typed.p ? typed.p : "");

    /* the generic copy, with the bail/re-entry labels: a nested function
     * (SP_TY_OUTLINE, sp_vm.h) entered at label tyb (-1: the loop
     * condition), returning 1 at the back-edge of the loop, 0 at its end.
     * Its temps are its own (the loop's value, `r`, is the caller's). */
    int t0 = f->ntemp;
    buf saved2 = f->body;
    memset(&f->body, 0, sizeof f->body);
    f->ty_generic = 1;
    f->cur_line = -1;
    f->indent += 2;
    const char *r = emit_while_plain(f, n);
    f->indent -= 2;
    buf gen = f->body;
    f->body = saved2;
    f->indent++;
    E(f, "#if SP_TY_OUTLINE");
    E(f, "SP_TY_COLD int spg_tyg_%d(int tyb) {", R->id);
    E(f, "#else");
    E(f, "tygen_%d: __attribute__((unused)); tyb = -1;", R->id);
    E(f, "tycall_%d: __attribute__((unused)); {", R->id);
    E(f, "#endif");
    f->indent++;
    E(f, "int tyrc = 0;");
    for (int t = t0 + 1; t <= f->ntemp; t++) {
        const char *tn = S("t%d", t);
        if (strcmp(tn, r)) E(f, "sp_value %s = SP_NIL; (void)%s;", tn, tn);
    }
    E(f, "switch (tyb) {");
    for (int i = 0; i < R->nlab; i++) {
        if (!R->lab[i].placed) cerror(f, R->F.root, "internal: typed loop label %d not placed", i);
        E(f, "case %d: goto gy%d_%d;", i, R->id, i);
    }
    E(f, "default: break;");
    E(f, "}");
    f->indent--;
    bputs(&f->body, gen.p ? gen.p : "");
    free(gen.p);
    f->indent++;
    E(f, "tyx_%d: __attribute__((unused));", R->id);
    E(f, "#if SP_TY_OUTLINE");
    E(f, "return tyrc;");
    f->indent--;
    E(f, "}");
    E(f, "tygen_%d: __attribute__((unused)); tyb = -1;", R->id);
    E(f, "tycall_%d: __attribute__((unused)); tyb = spg_tyg_%d(tyb);", R->id, R->id);
    E(f, "#else");
    f->indent++;
    E(f, "tyb = tyrc;");
    f->indent--;
    E(f, "}");
    E(f, "#endif");
    E(f, "if (tyb) {");
    f->indent++;
    em_snap(R);
    E(f, "if (%s) {", guard(R));
    f->indent++;
    em_unbox(R);
    E(f, "goto tyre_%d;", R->id);
    f->indent--;
    E(f, "}");
    E(f, "tyb = -1; goto tycall_%d;", R->id);
    f->indent--;
    E(f, "}");
    E(f, "goto tyend_%d;", R->id);
    E(f, "tybail_%d: __attribute__((unused));", R->id);
    em_sync(R);
    E(f, "goto tycall_%d;", R->id);
    E(f, "tyend_%d: __attribute__((unused));", R->id);
    f->indent--;
    E(f, "}");
    f->cur_line = -1;
    f->ty_generic = 0;
    f->ty = NULL;
    free(typed.p);
    free(R->decl.p);
    free(R);
    return r;
}

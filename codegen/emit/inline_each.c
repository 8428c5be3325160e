/*
 * inline_each.c — `ary.each do |x| body end` compiled as a loop in place.
 *
 * When the call site's cache says recv's `each` is the builtin Array#each
 * (sp_vm_ary_each_ok: recv an Array, the method neither redefined nor
 * overridden in its class), the generated code runs
 *     for (i = 0; i < recv.length; i++) { x = recv[i]; body; poll }
 * with no Proc, no block call and no env of the block: the length is read
 * again at every step and the element fetched fresh, as Array#each does
 * (elements pushed by the body are visited, shift/pop shorten the walk).
 * Two frames are pushed as the real call would (the builtin's frame with
 * recv, then the block's frame, whose line the body's statements set), so
 * backtraces are unchanged; an exception unwinding out of the body lands
 * in a handler, which restores its own frame.  The value is recv.  On any
 * other receiver (or a redefined each) the ordinary call with a Proc runs;
 * that call also fills the site's cache.
 *
 * Which blocks: a literal block with exactly one plain required parameter
 * (no `it`/numbered parameters, no block-locals), whose only local is that
 * parameter and which captures nothing of its own (no env), and whose body
 * has no jump out of the block (break/next/redo/retry/return), no nested
 * block, loop, definition, handler, yield or super, and nothing that needs
 * the block as a real frame or binding (binding, eval, block_given? ...).
 * The body is compiled in the block's scope (locals of the method are
 * reached through the method's env, as the block function would reach
 * them: the block has no env of its own, so it is the same env).
 * SPINEL_NO_INLINE_EACH=1 turns it off.
 */
#include <stdlib.h>
#include <string.h>

#include "emit_int.h"
#include "infer.h"

static int body_ok(const sp_node *n)
{
    if (!n) return 1;
    switch (n->kind) {
    case N_BLOCK: case N_LAMBDA: case N_DEF: case N_CLASS: case N_MODULE: case N_SCLASS:
    case N_YIELD: case N_SUPER: case N_ZSUPER: case N_REDO: case N_RETRY: case N_FOR:
    case N_END_BLOCK: case N_BEGIN_BLOCK: case N_DEFINED: case N_BREAK: case N_NEXT:
    case N_RETURN: case N_WHILE: case N_BEGIN: case N_CASE_IN: case N_MASGN: case N_FLIPFLOP:
    case N_ALIAS: case N_UNDEF: case N_FWD_ARGS:
        return 0;
    case N_CALL:
        if (n->name && (!strcmp(n->name, "binding") || !strcmp(n->name, "block_given?") ||
                        !strcmp(n->name, "iterator?") || !strcmp(n->name, "__method__") ||
                        !strcmp(n->name, "require_relative") || !strcmp(n->name, "lambda") ||
                        !strcmp(n->name, "proc") || !strcmp(n->name, "eval") ||
                        !strcmp(n->name, "local_variables") || !strcmp(n->name, "instance_eval") ||
                        !strcmp(n->name, "instance_exec") || !strcmp(n->name, "class_eval") ||
                        !strcmp(n->name, "module_eval") || !strcmp(n->name, "define_method")))
            return 0;
        if (n->name && !strcmp(n->name, "=~") && n->a && n->a->kind == N_REGEX) return 0;   /* named captures */
        break;
    default: break;
    }
    if (!body_ok(n->a) || !body_ok(n->b) || !body_ok(n->c) || !body_ok(n->d) || !body_ok(n->body)) return 0;
    for (int i = 0; i < n->list.n; i++) if (!body_ok(n->list.v[i])) return 0;
    for (int i = 0; i < n->list2.n; i++) if (!body_ok(n->list2.v[i])) return 0;
    return 1;
}

int each_inlinable(fnctx *f, sp_node *n)
{
    static int off = -1;
    if (off < 0) off = getenv("SPINEL_NO_INLINE_EACH") != NULL;
    if (off || !n->a || !n->name || strcmp(n->name, "each") || n->list.n || (n->flags & NF_SAFE_NAV)) return 0;
    sp_node *b = n->b;
    if (!b || b->kind != N_BLOCK || (b->flags & (NF_IT | NF_NUMPARAMS))) return 0;
    sp_node *ps = b->c;
    if (!ps || ps->list.n != 1 || ps->list2.n) return 0;
    sp_node *p = ps->list.v[0];
    if (p->kind != N_PARAM || p->ival != PK_REQ || !p->name) return 0;
    rs_scope *sc = rs_scope_of(b);
    if (!sc || sc->nenv || sc->block_return || sc->has_break || sc->has_jmp || sc->nvars != 1) return 0;
    if (!sc->vars[0].name || strcmp(sc->vars[0].name, p->name) || sc->vars[0].captured) return 0;
    return body_ok(b->body);
}

const char *emit_each_inline(fnctx *f, sp_node *n)
{
    const char *recv = tmp(f);   /* a stable copy: the body may assign the local it came from */
    E(f, "%s = %s;", recv, ex(f, n->a));
    const char *res = tmp(f);
    int cs = callsite("each", 0, n->line, n->col, n->end_col);
    rs_scope *bsc = rs_scope_of(n->b);
    int id = newlabel(f);
    set_line(f, n->line);
    E(f, "{");
    f->indent++;
    E(f, "const sp_srcinfo *ei%d;", id);
    E(f, "if (!sp_vm_ary_each_ok(&spg_cs[%d], %s, &ei%d)) {", cs, recv, id);
    f->indent++;
    const char *blk = emit_proc(f, n->b, 0);
    E(f, "%s = sp_send(&spg_cs[%d], %s, 0, NULL, %s);", res, cs, recv, blk);
    f->indent--;
    E(f, "} else {");
    f->indent++;
    const char *efr = S("efr%d", id), *bfr = S("bfr%d", id);
    E(f, "sp_frame %s, %s;", efr, bfr);
    E(f, "%s.prev = ec->frame; %s.info = ei%d; %s.line = 0; %s.self = %s;", efr, efr, id, efr, efr, recv);
    E(f, "%s.prev = &%s; %s.info = &spg_si%d; %s.line = %d; %s.self = self; ec->frame = &%s;",
      bfr, efr, bfr, bsc->id, bfr, n->b->line, bfr, bfr);
    rs_scope *saved_sc = f->sc;
    const char *saved_fr = f->frvar;
    f->sc = bsc;
    f->frvar = bfr;
    const char *pname = var_ref(f, n->b->c->list.v[0]->name);
    E(f, "for (long ix%d = 0; ix%d < __atomic_load_n(&((sp_array *)%s)->len, __ATOMIC_ACQUIRE); ix%d++) {",
      id, id, recv, id);
    f->indent++;
    E(f, "sp_value %s = sp_ary_entry_inline(%s, ix%d); (void)%s;", pname, recv, id, pname);
    f->cur_line = -1;
    if (n->b->body) stmt(f, n->b->body);
    E(f, "SP_POLL();");
    f->indent--;
    E(f, "}");
    f->sc = saved_sc;
    f->frvar = saved_fr;
    E(f, "ec->frame = %s.prev;", efr);
    E(f, "%s = %s;", res, recv);
    f->indent--;
    E(f, "}");
    f->indent--;
    E(f, "}");
    f->cur_line = -1;
    return res;
}

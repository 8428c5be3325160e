/*
 * emit_load.c — code for require / require_relative / load calls that
 * loadpath.c and resolve.c resolved at compile time.
 *
 *   RQ_FILE     the file's body is one C function (emit_file_fn), run
 *               through sp_require_file (once per real path, recorded in
 *               $LOADED_FEATURES) or sp_load_file (every time);
 *   RQ_MISSING  sp_load_missing raises LoadError where the call runs;
 *   RQ_NATIVE, RQ_DYNAMIC   an ordinary call: Kernel#require (lib/vm/sp_load.c)
 *               loads the native library or raises LoadError.
 */
#include <stdlib.h>
#include <string.h>

#include "emit_int.h"
#include "loadpath.h"

static const char *cstr(const char *s)
{
    buf b = {0};
    bput_cstr(&b, s, strlen(s));
    return b.p;
}

const char *emit_load_call(fnctx *f, sp_node *n)
{
    rs_required *r = rs_required_of(n);
    if (!r) return NULL;
    const char *t;
    if (!strcmp(n->name, "autoload")) {
        /* the call itself stays (Module#autoload records the constant); the
         * compiled file is registered under its name for the first miss */
        sp_node *arg = n->list.v[1];
        if (r->kind == RQ_FILE && r->primary && r->primary->scope && arg->kind == N_STR && arg->str) {
            const char *fn = emit_file_fn(f, r->primary);
            E(f, "sp_autoload_file(%s, %s, %s);", cstr(arg->str), cstr(r->path), fn);
        }
        return NULL;
    }
    switch (r->kind) {
    case RQ_MISSING:
        t = tmp(f);
        set_line(f, n->line);
        E(f, "%s = sp_load_missing(%s);", t, cstr(r->path));
        return t;
    case RQ_FILE:
        if (!r->primary) return "SP_FALSE";          /* the main program itself */
        if (!r->primary->scope) return "SP_NIL";     /* parse error, reported */
        {
            const char *fn = emit_file_fn(f, r->primary);
            t = tmp(f);
            set_line(f, n->line);
            E(f, "%s = %s(%s, %s);", t, !strcmp(n->name, "load") ? "sp_load_file" : "sp_require_file",
              cstr(r->path), fn);
            return t;
        }
    default:
        return NULL;
    }
}

/* Does the program read the load path ($LOAD_PATH, $:, $-I)?  Only then
 * is the installed ruby asked for its directories when nothing else
 * needed them (it costs a process start). */
static int reads_load_path(const char *src)
{
    return src && (strstr(src, "$LOAD_PATH") || strstr(src, "$:") || strstr(src, "$-I"));
}

void emit_load_init(FILE *out, sp_ast *main, lp_state *lp)
{
    int n = lp_path_count_if(lp, reads_load_path(main->src));
    fputs("    {\n        static const char *const dirs[] = {", out);
    for (int i = 0; i < n; i++) fprintf(out, " %s,", cstr(lp_path_at(lp, i)));
    fputs(" NULL };\n", out);
    sp_nodes *l = &main->root->list;
    sp_node *d = l->n && l->v[l->n - 1]->kind == N_DATA ? l->v[l->n - 1] : NULL;
    buf b = {0};
    if (d) bput_cstr(&b, d->str ? d->str : "", d->len);
    fprintf(out, "        sp_load_init(%s, dirs, %d, %s, %zu);\n    }\n", cstr(main->path), n,
            d ? b.p : "NULL", d ? d->len : (size_t)0);
    free(b.p);
}

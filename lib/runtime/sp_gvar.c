/*
 * sp_gvar.c — global variables ($name): one table of (id, alias, value)
 * entries under one mutex (values are words; globals are rare and never on
 * a hot path), plus the special variables that are really per-fiber state
 * ($!, $~, $@: the execution context) or views of another subsystem
 * ($stdout/$stderr: sp_io's current streams, $?: the last child status).
 * Generated code reaches these through sp_vm_gvar_* (sp_vm.h); the runtime
 * and the core classes call them directly.
 */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "spinel.h"

typedef struct gvar { sp_id id; sp_id alias_of; sp_value val; int set; } gvar;
static gvar *gvars;
static int ngvars, capgvars;
static pthread_mutex_t gvar_lock = PTHREAD_MUTEX_INITIALIZER;

static gvar *gvar_find(sp_id id, int create)
{
    for (int i = 0; i < ngvars; i++) if (gvars[i].id == id) {
        if (gvars[i].alias_of) return gvar_find(gvars[i].alias_of, create);
        return &gvars[i];
    }
    if (!create) return NULL;
    if (ngvars == capgvars) {
        int nc = capgvars ? capgvars * 2 : 32;
        gvar *ng = GC_MALLOC(sizeof(gvar) * (size_t)nc);
        if (ngvars) memcpy(ng, gvars, sizeof(gvar) * (size_t)ngvars);
        gvars = ng;
        capgvars = nc;
    }
    gvar *g = &gvars[ngvars++];
    g->id = id; g->alias_of = 0; g->val = SP_NIL; g->set = 0;
    return g;
}

static sp_value special_gvar(const char *n, int *hit)
{
    *hit = 1;
    sp_ec *ec = sp_ec_current();
    if (!strcmp(n, "$!")) return ec->errinfo;
    if (!strcmp(n, "$~")) return ec->last_match;
    if (!strcmp(n, "$?")) return sp_process_last_status();
    if (!strcmp(n, "$@")) return ec->errinfo == SP_NIL ? SP_NIL : sp_exc_backtrace(ec->errinfo);
    *hit = 0;
    return SP_NIL;
}

sp_value sp_gvar_get(sp_id id)
{
    int hit;
    sp_value v = special_gvar(sp_id_name(id), &hit);
    if (hit) return v;
    pthread_mutex_lock(&gvar_lock);
    gvar *g = gvar_find(id, 0);
    v = g ? g->val : SP_NIL;
    int set = g && g->set;
    pthread_mutex_unlock(&gvar_lock);
    const char *gn = sp_id_name(id);
    if (!strcmp(gn, "$stdout") || !strcmp(gn, "$>")) {
        sp_value o = sp_io_get_stdout();
        if (o != SP_NIL) return o;
    } else if (!strcmp(gn, "$stderr")) {
        sp_value o = sp_io_get_stderr();
        if (o != SP_NIL) return o;
    }
    if (!set) {
        const char *n = sp_id_name(id);
        if (!strcmp(n, "$stdout") || !strcmp(n, "$>")) return sp_const_get(sp_cObject, sp_intern("STDOUT"));
        if (!strcmp(n, "$stderr")) return sp_const_get(sp_cObject, sp_intern("STDERR"));
        if (!strcmp(n, "$stdin") || !strcmp(n, "$<")) return sp_const_get(sp_cObject, sp_intern("STDIN"));
        if (!strcmp(n, "$0") || !strcmp(n, "$PROGRAM_NAME")) return sp_str_new_cstr(sp_script_name ? sp_script_name : "");
        if (!strcmp(n, "$/")) return sp_str_new_frozen("\n", 1);
        if (!strcmp(n, "$$")) return SP_FIX((int64_t)getpid());
        if (!strcmp(n, "$VERBOSE")) return SP_FALSE;
        if (!strcmp(n, "$DEBUG")) return SP_FALSE;
        if (!strcmp(n, "$*")) return sp_const_get(sp_cObject, sp_intern("ARGV"));
    }
    return v;
}

sp_value sp_gvar_set(sp_id id, sp_value v)
{
    const char *n = sp_id_name(id);
    sp_ec *ec = sp_ec_current();
    if (!strcmp(n, "$~")) { ec->last_match = v; return v; }
    if (!strcmp(n, "$!")) { ec->errinfo = v; return v; }
    int out = !strcmp(n, "$stdout") || !strcmp(n, "$>");
    if (out || !strcmp(n, "$stderr")) {
        /* Kernel#puts & co. write to the current stream through #write */
        if (!sp_respond_to(v, sp_intern("write"), 1))
            sp_raise(sp_eTypeError, "%s must have write method, %s given", n, sp_class_path(sp_class_real(sp_class_of(v))));
        if (out) sp_io_set_stdout(v); else sp_io_set_stderr(v);
    }
    pthread_mutex_lock(&gvar_lock);
    gvar *g = gvar_find(id, 1);
    g->val = v;
    g->set = 1;
    pthread_mutex_unlock(&gvar_lock);
    return v;
}

int sp_gvar_defined(sp_id id)
{
    const char *n = sp_id_name(id);
    if (!strcmp(n, "$stdout") || !strcmp(n, "$stderr") || !strcmp(n, "$stdin") || !strcmp(n, "$0") ||
        !strcmp(n, "$!") || !strcmp(n, "$~") || !strcmp(n, "$?") || !strcmp(n, "$PROGRAM_NAME")) return 1;
    pthread_mutex_lock(&gvar_lock);
    gvar *g = gvar_find(id, 0);
    int r = g && g->set;
    pthread_mutex_unlock(&gvar_lock);
    return r;
}

sp_value sp_gvar_alias(sp_id newname, sp_id oldname)
{
    pthread_mutex_lock(&gvar_lock);
    gvar_find(oldname, 1);
    gvar *g = NULL;
    for (int i = 0; i < ngvars; i++) if (gvars[i].id == newname) g = &gvars[i];
    if (!g) { g = gvar_find(newname, 1); }
    g->alias_of = oldname;
    pthread_mutex_unlock(&gvar_lock);
    return SP_NIL;
}

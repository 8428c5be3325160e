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
#include "sp_class.h"

typedef struct gvar { sp_id id; sp_id alias_of; sp_value val; int set; } gvar;
static gvar *gvars;
static int ngvars, capgvars;
static pthread_mutex_t gvar_lock = PTHREAD_MUTEX_INITIALIZER;

static sp_value traces;          /* Hash: Symbol => Array of trace_var commands (latest first) */

/* a global's name argument: Symbol or String (CRuby takes any name) */
static sp_id gvar_name_arg(sp_value v) { return sp_obj_arg_to_id(v); }

/* the trace_var commands of a variable, with its new value */
static void run_traces(sp_value hooks, sp_value v)
{
    for (long i = 0; i < sp_ary_len(hooks); i++) sp_funcall(sp_ary_entry(hooks, i), sp_intern("call"), 1, &v, SP_NIL);
}

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

/* $& $` $' $+ of the fiber's last match ('q' is $', 'b' is $`). */
sp_value sp_gvar_back_ref(char c)
{
    sp_value m = sp_ec_current()->last_match;
    if (m == SP_NIL) return SP_NIL;
    switch (c) {
    case '&': return sp_funcall1(m, "[]", SP_FIX(0));
    case 'b': return sp_funcall0(m, "pre_match");
    case 'q': return sp_funcall0(m, "post_match");
    default: {
        sp_value caps = sp_funcall0(m, "captures");
        long n = sp_ary_len(caps);
        for (long i = n - 1; i >= 0; i--) if (sp_ary_entry(caps, i) != SP_NIL) return sp_ary_entry(caps, i);
        return SP_NIL;
    }
    }
}

/* The variable an alias (`alias $NEW $old`, English.rb) finally names,
 * so aliases of the special variables below read them. */
static int gvar_has_alias;   /* an alias of a special variable exists: resolve ids first */

static sp_id gvar_resolve(sp_id id)
{
    if (!__atomic_load_n(&gvar_has_alias, __ATOMIC_ACQUIRE)) return id;
    pthread_mutex_lock(&gvar_lock);
    for (int hops = 0; hops < 16; hops++) {
        sp_id next = 0;
        for (int i = 0; i < ngvars; i++) if (gvars[i].id == id) { next = gvars[i].alias_of; break; }
        if (!next) break;
        id = next;
    }
    pthread_mutex_unlock(&gvar_lock);
    return id;
}

static sp_id builtin_alias(sp_id id);

static sp_value special_gvar(const char *n, int *hit)
{
    *hit = 1;
    sp_ec *ec = sp_ec_current();
    if (n[0] == '$' && n[1] && !n[2] && strchr("&`'+", n[1]))
        return sp_gvar_back_ref(n[1] == '\'' ? 'q' : n[1] == '`' ? 'b' : n[1]);
    if (!strcmp(n, "$.")) { extern long sp_last_lineno; return SP_FIX(__atomic_load_n(&sp_last_lineno, __ATOMIC_RELAXED)); }
    if (!strcmp(n, "$=")) { sp_warn("variable $= is no longer effective"); return SP_FALSE; }
    if (!strcmp(n, "$<")) { sp_value sp_argf(void); if (sp_argf()) return sp_argf(); }
    if (!strcmp(n, "$FILENAME")) { sp_value sp_argf(void); return sp_funcall0(sp_argf(), "filename"); }
    if (!strcmp(n, "$!")) return ec->errinfo;
    if (!strcmp(n, "$~")) return ec->last_match;
    if (!strcmp(n, "$?")) return sp_process_last_status();
    if (!strcmp(n, "$@")) return ec->errinfo == SP_NIL ? SP_NIL : sp_exc_backtrace(ec->errinfo);
    *hit = 0;
    return SP_NIL;
}

/* A global the program reads before anything assigned it: CRuby warns in
 * verbose mode, for a name of its own (not a built-in like $FILENAME). */
static void gvar_unset_warn(const char *n)
{
    static const char *const builtin[] = { "$FILENAME", "$LOAD_PATH", "$LOADED_FEATURES", "$PROGRAM_NAME",
        "$DEBUG", "$VERBOSE", "$stdin", "$stdout", "$stderr", NULL };
    if (!((n[1] >= 'a' && n[1] <= 'z') || (n[1] >= 'A' && n[1] <= 'Z') || (n[1] == '_' && n[2]))) return;
    for (int i = 0; builtin[i]; i++) if (!strcmp(n, builtin[i])) return;
    sp_warning("global variable '%s' not initialized", n);
}

static sp_value gvar_get(sp_id id, int warn_unset);

sp_value sp_gvar_get(sp_id id) { return gvar_get(id, 1); }

/* `$x ||= v` reads $x as defined?($x) && $x: no warning when unset. */
sp_value sp_gvar_get_quiet(sp_id id) { return gvar_get(id, 0); }

static sp_value gvar_get(sp_id id, int warn_unset)
{
    id = gvar_resolve(builtin_alias(id));
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
        if (warn_unset) gvar_unset_warn(n);
    }
    return v;
}

/* CRuby's other names of special variables ($-0 is $/ ...). */
static sp_id builtin_alias(sp_id id)
{
    const char *n = sp_id_name(id);
    if (n[0] != '$' || n[1] != '-' || !n[2] || n[3]) return id;
    switch (n[2]) {
    case '0': return sp_intern("$/");
    case 'F': return sp_intern("$;");
    case 'd': return sp_intern("$DEBUG");
    case 'v': case 'w': return sp_intern("$VERBOSE");
    default: return id;
    }
}

/* The setters' type checks: `name` is the name the program assigned. */
static void gvar_check(const char *name, const char *n, sp_value v)
{
    static const char *const ro[] = { "$!", "$&", "$`", "$'", "$+", "$:", "$LOAD_PATH", "$-I", "$\"",
        "$LOADED_FEATURES", "$<", "$FILENAME", "$?", "$-a", "$-l", "$-p", "$$", NULL };
    for (int i = 0; ro[i]; i++)
        if (!strcmp(n, ro[i]))
            sp_raise_name_error(sp_sym(name), SP_NIL, "%s is a read-only variable", name);
    if (!strcmp(n, "$/") || !strcmp(n, "$\\") || !strcmp(n, "$,")) {
        if (v != SP_NIL && !(SP_HEAP_P(v) && SP_TYPE(v) == SP_T_STRING))   /* no #to_str, as CRuby */
            sp_raise(sp_eTypeError, "value of %s must be String", name);
    } else if (!strcmp(n, "$~")) {
        if (v != SP_NIL && !sp_obj_is_kind_of(v, sp_cMatchData))
            sp_raise(sp_eTypeError, "wrong argument type %s (expected MatchData)",
                     sp_class_path(sp_class_real(sp_class_of(v))));
    }
}

static sp_value gvar_store(sp_id id, sp_value v, int check)
{
    const char *asg = sp_id_name(id);
    id = gvar_resolve(builtin_alias(id));
    const char *n = sp_id_name(id);
    sp_ec *ec = sp_ec_current();
    if (check) gvar_check(asg, n, v);
    if (check && v != SP_NIL && (!strcmp(n, "$,") || !strcmp(n, "$/") || !strcmp(n, "$\\") || !strcmp(n, "$;")))
        sp_warn_category(SP_WARN_DEPRECATED, "'%s' is deprecated", asg);
    if (!strcmp(n, "$=")) {   /* case-insensitive matching is gone: the variable is inert */
        sp_warn("variable $= is no longer effective; ignored");
        return v;
    }
    if (!strcmp(n, "$0") || !strcmp(n, "$PROGRAM_NAME")) {   /* implicit #to_str, as CRuby */
        sp_value s = sp_try_convert(v, sp_cString, "to_str");
        if (s == SP_NIL) sp_raise_type(v, "String");
        v = s;
    }
    if (!strcmp(n, "$~")) { ec->last_match = v; return v; }
    if (!strcmp(n, "$!")) { ec->errinfo = v; return v; }
    if (!strcmp(n, "$VERBOSE") && v != SP_NIL) v = SP_RTEST(v) ? SP_TRUE : SP_FALSE;   /* nil, true or false */
    if (!strcmp(n, "$@")) {   /* the backtrace of $!, through its #set_backtrace */
        if (ec->errinfo == SP_NIL) sp_raise(sp_eArgError, "$! not set");
        sp_funcall1(ec->errinfo, "set_backtrace", v);
        return v;
    }
    if (!strcmp(n, "$.")) {   /* ARGF's line number: ARGF.lineno= (#to_int) sets both */
        sp_value sp_argf(void);
        sp_funcall1(sp_argf(), "lineno=", v);
        return v;
    }
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
    sp_value hooks = traces ? sp_hash_lookup(traces, SP_ID2SYM(g->id), SP_NIL) : SP_NIL;
    pthread_mutex_unlock(&gvar_lock);
    if (hooks != SP_NIL) run_traces(hooks, v);
    return v;
}

/* ---- trace_var / untrace_var / global_variables ---- */

/* Kernel#trace_var(name, cmd) / (name) { |value| }: cmd is called with
 * the new value after each assignment, the latest first.  A String
 * command is Ruby source to evaluate: Spinel has no evaluator for source
 * known only at run time. */
SP_METHOD(k_trace_var)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_id id = gvar_resolve(builtin_alias(gvar_name_arg(argv[0])));
    sp_value cmd = argc > 1 ? argv[1] : blk;
    if (cmd == SP_NIL) sp_raise(sp_eArgError, "tried to create Proc object without a block");
    if (SP_HEAP_P(cmd) && SP_TYPE(cmd) == SP_T_STRING)
        sp_raise(sp_eNotImpError, "trace_var with a String command (eval of a string known only at run "
                                  "time) is not supported by Spinel");
    pthread_mutex_lock(&gvar_lock);
    if (!traces) { traces = sp_hash_new(); GC_add_roots(&traces, &traces + 1); }
    gvar *g = gvar_find(id, 1);
    sp_value list = sp_hash_lookup(traces, SP_ID2SYM(g->id), SP_NIL);
    sp_value nl = sp_ary_new_from(1, &cmd);
    if (list != SP_NIL) sp_ary_concat(nl, list);
    sp_hash_aset(traces, SP_ID2SYM(g->id), nl);    /* a new Array: a running trace keeps its list */
    pthread_mutex_unlock(&gvar_lock);
    return SP_NIL;
}

/* Kernel#untrace_var(name [, cmd]): removes cmd (returns [cmd], or nil
 * when it was not there) or every command (returns them). */
SP_METHOD(k_untrace_var)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_id id = gvar_resolve(builtin_alias(gvar_name_arg(argv[0])));
    pthread_mutex_lock(&gvar_lock);
    gvar *g = gvar_find(id, 0);
    if (!g) {
        pthread_mutex_unlock(&gvar_lock);
        sp_raise_name_error(SP_ID2SYM(id), SP_NIL, "undefined global variable %s", sp_id_name(id));
    }
    sp_value key = SP_ID2SYM(g->id);
    sp_value list = traces ? sp_hash_lookup(traces, key, SP_NIL) : SP_NIL;
    sp_value r;
    if (argc == 1) {
        r = list == SP_NIL ? sp_ary_new() : list;
        if (traces) sp_hash_delete(traces, key);
    } else {
        r = SP_NIL;
        sp_value kept = sp_ary_new();
        for (long i = 0; list != SP_NIL && i < sp_ary_len(list); i++) {
            sp_value c = sp_ary_entry(list, i);
            if (r == SP_NIL && c == argv[1]) r = sp_ary_new_from(1, &c);
            else sp_ary_push(kept, c);
        }
        if (r != SP_NIL) sp_hash_aset(traces, key, kept);
    }
    pthread_mutex_unlock(&gvar_lock);
    return r;
}

/* Kernel#global_variables: CRuby's built-in globals, then every other
 * variable the program has assigned or aliased. */
SP_METHOD(k_global_variables)
{
    static const char *const builtin[] = {
        "$;", "$-F", "$@", "$!", "$~", "$&", "$`", "$'", "$+", "$=", "$,", "$/", "$-0", "$\\",
        "$_", "$stdin", "$stdout", "$>", "$stderr", "$<", "$.", "$FILENAME", "$-i", "$*", "$?",
        "$$", "$:", "$-I", "$LOAD_PATH", "$\"", "$LOADED_FEATURES", "$VERBOSE", "$-v", "$-w",
        "$-W", "$DEBUG", "$-d", "$0", "$PROGRAM_NAME", "$-p", "$-l", "$-a", NULL
    };
    sp_value r = sp_ary_new(), seen = sp_hash_new();
    for (int i = 0; builtin[i]; i++) {
        sp_value s = SP_ID2SYM(sp_intern(builtin[i]));
        sp_ary_push(r, s);
        sp_hash_aset(seen, s, SP_TRUE);
    }
    pthread_mutex_lock(&gvar_lock);
    for (int i = 0; i < ngvars; i++) {
        if (!gvars[i].set && !gvars[i].alias_of) continue;
        sp_value s = SP_ID2SYM(gvars[i].id);
        if (sp_hash_lookup(seen, s, SP_UNDEF) != SP_UNDEF) continue;
        sp_hash_aset(seen, s, SP_TRUE);
        sp_ary_push(r, s);
    }
    pthread_mutex_unlock(&gvar_lock);
    return r;
}

void sp_init_gvar_methods(void)
{
    sp_define_module_function(sp_mKernel, "trace_var", k_trace_var, -1);
    sp_define_module_function(sp_mKernel, "untrace_var", k_untrace_var, -1);
    sp_define_module_function(sp_mKernel, "global_variables", k_global_variables, 0);
}

/* An assignment of the program: read-only variables and type checks. */
sp_value sp_gvar_set(sp_id id, sp_value v) { return gvar_store(id, v, 1); }

/* The runtime setting a variable up ($LOAD_PATH at start-up). */
sp_value sp_gvar_init(sp_id id, sp_value v) { return gvar_store(id, v, 0); }

int sp_gvar_defined(sp_id id)
{
    id = gvar_resolve(builtin_alias(id));
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
    /* only an alias of a variable computed by name ($!, $~, $stdout, ...)
     * needs gvar_resolve; gvar_find follows plain aliases ($: -> $LOAD_PATH) */
    const char *on = sp_id_name(oldname);
    if (!((on[1] >= 'A' && on[1] <= 'Z') || (on[1] >= 'a' && on[1] <= 'z') || on[1] == '_') ||
        !strcmp(on, "$stdout") || !strcmp(on, "$stderr") || !strcmp(on, "$stdin") || !strcmp(on, "$PROGRAM_NAME") ||
        !strcmp(on, "$VERBOSE") || !strcmp(on, "$DEBUG"))
        __atomic_store_n(&gvar_has_alias, 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&gvar_lock);
    return SP_NIL;
}

/*
 * sp_warning.c — the Warning module and the runtime's warnings.
 *
 * Warning[cat] / Warning[cat]= / Warning.categories are the four warning
 * categories of CRuby 3.4 (deprecated, experimental, performance,
 * strict_unused_block), each one flag word (atomic: any thread may read or
 * set them).  Warning#warn(msg, category: nil) writes msg to $stderr; the
 * module extends itself, so Warning.warn is the same method and a program
 * that redefines Warning.warn sees every warning, as in CRuby.
 *
 * The runtime's own warnings (sp_warn, sp_warning, sp_warn_category) are
 * formatted "FILE:LINE: warning: MESSAGE\n" with the location of the
 * innermost Ruby frame and are sent through Warning.warn.  As rb_warn,
 * sp_warn says nothing when $VERBOSE is nil; sp_warning (rb_warning) only
 * speaks when $VERBOSE is true; a categorised one also needs its category
 * enabled.  Kernel#warn (sp_io.c builds its text) ends in sp_warn_kernel;
 * sp_warn_parse gives the parser's warnings about the code of an eval of
 * a literal string (codegen/sema/pwarn.c) when the eval runs.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "spinel.h"
#include "sp_string.h"

static const char *const cat_names[SP_WARN_CAT_COUNT] = {
    "deprecated", "experimental", "performance", "strict_unused_block"
};
/* CRuby's defaults: only experimental warnings are on */
static int cat_on[SP_WARN_CAT_COUNT] = { 0, 1, 0, 0 };
static sp_value mWarning;

int sp_warn_category_enabled(int cat)
{
    return __atomic_load_n(&cat_on[cat], __ATOMIC_RELAXED);
}

/* Symbol -> category index; TypeError for a non-Symbol, ArgumentError
 * for an unknown name (CRuby's messages). */
static int cat_arg(sp_value v)
{
    if (!SP_SYMBOL_P(v))
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Symbol)", sp_obj_classname(v));
    const char *n = sp_id_name(SP_SYM2ID(v));
    for (int i = 0; i < SP_WARN_CAT_COUNT; i++)
        if (!strcmp(n, cat_names[i])) return i;
    sp_raise(sp_eArgError, "unknown category: %s", n);
}

SP_METHOD(warning_aref) { return SP_BOOL(sp_warn_category_enabled(cat_arg(argv[0]))); }

SP_METHOD(warning_aset)
{
    __atomic_store_n(&cat_on[cat_arg(argv[0])], SP_RTEST(argv[1]) ? 1 : 0, __ATOMIC_RELAXED);
    return argv[1];
}

SP_METHOD(warning_categories)
{
    sp_value a = sp_ary_new();
    for (int i = 0; i < SP_WARN_CAT_COUNT; i++) sp_ary_push(a, sp_sym(cat_names[i]));
    return a;
}

/* Warning#warn(msg, category: nil): the default writer. */
SP_METHOD(warning_warn)
{
    int n = argc - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    if (n != 1) sp_raise_arity(n, 1, 1);
    sp_value msg = argv[0];
    if (!sp_str_p(msg))
        sp_raise(sp_eTypeError, "wrong argument type %s (expected String)", sp_obj_classname(msg));
    sp_value cat = sp_kwarg(argc_, argv, "category", SP_NIL);
    /* a category that is off prints nothing (CRuby's rb_warning_s_warn) */
    if (cat != SP_NIL && !sp_warn_category_enabled(cat_arg(cat))) return SP_NIL;
    sp_funcall1(sp_gvar_get(sp_intern("$stderr")), "write", msg);
    return SP_NIL;
}

/* msg (complete, with its newline) to Warning.warn, with category: when cat >= 0. */
static void emit(sp_value msg, int cat)
{
    if (cat < 0) {
        sp_funcall1(mWarning, "warn", msg);
        return;
    }
    sp_value kw = sp_hash_new();
    sp_hash_aset(kw, sp_sym("category"), sp_sym(cat_names[cat]));
    sp_value a[2] = { msg, kw };
    sp_funcall(mWarning, sp_intern("warn"), 2 | SP_ARGC_KW, a, SP_NIL);
}

/* "FILE:LINE: " of the up-th Ruby frame from here (builtin frames carry
 * their caller's location), "" when there is none. */
static sp_value location_prefix(long up)
{
    sp_value bt = sp_backtrace_here(sp_ec_current(), 0);
    sp_value s = sp_str_buf_new(64);
    if (up < sp_ary_len(bt)) {
        const char *l = sp_str_cstr(sp_ary_entry(bt, up)), *in = strstr(l, ":in ");
        size_t n = in ? (size_t)(in - l) : strlen(l);
        sp_str_cat(s, l, n);
        sp_str_cat(s, ": ", 2);
    }
    return s;
}

static void vwarn(int cat, const char *fmt, va_list ap)
{
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    sp_value msg = location_prefix(0);
    sp_str_cat_cstr(msg, "warning: ");
    sp_str_cat_cstr(msg, buf);
    sp_str_cat(msg, "\n", 1);
    emit(msg, cat);
}

static sp_value verbose(void) { return sp_gvar_get(sp_intern("$VERBOSE")); }

void sp_warn(const char *fmt, ...)
{
    if (verbose() == SP_NIL) return;
    va_list ap;
    va_start(ap, fmt);
    vwarn(-1, fmt, ap);
    va_end(ap);
}

void sp_warning(const char *fmt, ...)
{
    if (!SP_RTEST(verbose())) return;
    va_list ap;
    va_start(ap, fmt);
    vwarn(-1, fmt, ap);
    va_end(ap);
}

void sp_warn_category(int cat, const char *fmt, ...)
{
    if (verbose() == SP_NIL || !sp_warn_category_enabled(cat)) return;
    va_list ap;
    va_start(ap, fmt);
    vwarn(cat, fmt, ap);
    va_end(ap);
}

void sp_warn_parse(const char *file, int line, int verbose_only, const char *msg)
{
    sp_value v = verbose();
    if (v == SP_NIL || (verbose_only && !SP_RTEST(v))) return;
    emit(sp_str_format("%s:%d: warning: %s\n", file, line, msg), -1);
}

/* Kernel#warn after its text is built (nil: no message): category first,
 * then $VERBOSE, then uplevel: (frames above the caller of warn). */
sp_value sp_warn_kernel(sp_value text, sp_value uplevel, sp_value category)
{
    int cat = -1;
    if (category != SP_NIL) {
        if (sp_str_p(category)) category = sp_funcall0(category, "to_sym");
        cat = cat_arg(category);
        if (!sp_warn_category_enabled(cat)) return SP_NIL;
    }
    if (verbose() == SP_NIL || text == SP_NIL) return SP_NIL;
    if (uplevel != SP_NIL) {
        long up = (long)sp_num_to_long(uplevel);
        if (up < 0) sp_raise(sp_eArgError, "negative level (%ld)", up);
        /* entry 0 is Kernel#warn's own frame, entry 1 its caller's */
        sp_value msg = location_prefix(up + 1);
        sp_str_cat_cstr(msg, "warning: ");
        sp_str_append(msg, text);
        text = msg;
    }
    emit(text, cat);
    return SP_NIL;
}

void sp_init_warning(void)
{
    mWarning = sp_define_module("Warning");
    sp_define_singleton_method(mWarning, "[]", warning_aref, 1);
    sp_define_singleton_method(mWarning, "[]=", warning_aset, 2);
    sp_define_singleton_method(mWarning, "categories", warning_categories, 0);
    sp_define_method(mWarning, "warn", warning_warn, -1);
    sp_funcall1(mWarning, "extend", mWarning);
}

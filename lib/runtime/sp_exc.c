/*
 * sp_exc.c — non-local control flow (handler chain, sp_jump), raising,
 * backtraces, the Exception class tree and its methods, and the uncaught
 * exception report.
 *
 * Handler chain: each fiber's sp_ec holds a singly linked stack of
 * sp_handler records living in the C frames of generated code.  sp_jump
 * records (jump, tag, value) in the ec, finds the innermost handler that
 * takes the jump (ensure: all; rescue: raise; target/catch: matching tag),
 * makes it the top of the chain, restores ec->frame and _longjmp's to it.
 * The landing code pops the handler itself.  SP_H_CLEANUP records between
 * the jump site and that handler are not landed on: sp_jump pops and calls
 * each (an ensure that is one C call, e.g. unlocking a Mutex) before the
 * _longjmp.  A BREAK/RETURN/NEXT/THROW
 * whose target is not on the chain at all is turned into LocalJumpError
 * (or UncaughtThrowError) at the jump site, before any ensure runs.
 *
 * Backtraces are captured at raise as a compact array of (srcinfo, line)
 * pairs and rendered into Strings only when asked for (#backtrace, the
 * uncaught report): exception-heavy loops pay one walk of the frame chain
 * per raise, not string formatting.
 */
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "sp_class.h"
#include "sp_lock.h"

sp_value sp_eException, sp_eScriptError, sp_eNotImpError, sp_eStandardError,
    sp_eRuntimeError, sp_eArgError, sp_eTypeError, sp_eNameError, sp_eNoMethodError,
    sp_eZeroDivError, sp_eKeyError, sp_eIndexError, sp_eStopIteration, sp_eFrozenError,
    sp_eRangeError, sp_eFloatDomainError, sp_eThreadError, sp_eClosedQueueError,
    sp_eFiberError, sp_eLocalJumpError, sp_eSystemExit, sp_eInterrupt, sp_eSignal,
    sp_eSystemStackError, sp_eNoMatchingPatternError, sp_eNoMatchingPatternKeyError,
    sp_eIOError, sp_eEOFError, sp_eSystemCallError, sp_eENOENT, sp_eRegexpError,
    sp_eEncodingError, sp_eFatal, sp_eSecurityError, sp_eUncaughtThrowError,
    sp_eMathDomainError, sp_eLoadError, sp_mErrno;

const char *sp_script_name = "-";

/* hidden attribute ids (no '@': invisible to instance_variables) */
static sp_id a_name, a_receiver, a_key, a_args, a_result, a_status, a_tag, a_value,
    id_message, id_backtrace, id_exception;

/* ------------------------------------------------------------------ */
/* handler chain                                                       */

void sp_push_handler(sp_ec *ec, sp_handler *h, int kind, void *tag)
{
    h->prev = ec->handler;
    h->kind = kind;
    h->tag = tag;
    h->frame = ec->frame;
    h->guard_len = ec->guard_len;
    ec->handler = h;
}

void sp_pop_handler(sp_ec *ec, sp_handler *h)
{
    ec->handler = h->prev;
}

static int takes(const sp_handler *h, int jump, void *tag)
{
    switch (h->kind) {
    case SP_H_ENSURE: return 1;
    case SP_H_RESCUE: return jump == SP_JUMP_RAISE;
    case SP_H_TARGET: return jump != SP_JUMP_RAISE && jump != SP_JUMP_KILL && h->tag == tag;
    case SP_H_CATCH: return jump == SP_JUMP_THROW && h->tag == tag;
    }
    return 0;
}

static int target_present(sp_ec *ec, int jump, void *tag)
{
    for (sp_handler *h = ec->handler; h; h = h->prev)
        if (h->kind != SP_H_ENSURE && h->kind != SP_H_RESCUE && takes(h, jump, tag)) return 1;
    return 0;
}

SP_NORETURN static void uncaught_at_base(sp_ec *ec);

/* LocalJumpError with #reason (a Symbol) and #exit_value. */
SP_NORETURN void sp_raise_local_jump(const char *msg, const char *reason, sp_value val)
{
    sp_value e = sp_exc_new(sp_eLocalJumpError, "%s", msg);
    sp_ivar_set(e, sp_intern("__reason"), sp_sym(reason));
    sp_ivar_set(e, sp_intern("__exit_value"), val);
    sp_raise_exc(e);
}

/* Run the SP_H_CLEANUP records above `stop` (NULL: all), innermost
 * first, each popped before its call: a cleanup that raises starts a new
 * jump from the handlers below it, as a raise in an ensure body does.
 * The jump in progress (and $!) is kept across the calls. */
static void run_cleanups(sp_ec *ec, sp_handler *stop)
{
    for (sp_handler *c = ec->handler; c != stop; c = c->prev) {
        if (c->kind != SP_H_CLEANUP) continue;
        int jump = ec->jump;
        void *tag = ec->jump_tag;
        sp_value val = ec->jump_val, err = ec->errinfo;
        ec->handler = c->prev;
        ec->frame = c->frame;
        c->cleanup(ec, (sp_value)(uintptr_t)c->tag);
        ec->jump = jump; ec->jump_tag = tag; ec->jump_val = val; ec->errinfo = err;
    }
}

SP_NORETURN void sp_jump(sp_ec *ec, int jump, void *tag, sp_value val)
{
    /* a raise inside a locked builtin (FrozenError, IndexError...) leaves
     * its object lock behind (sp_lock.h) */
    if (SP_UNLIKELY(ec->lk_depth)) sp_lk_unwind(ec);
    if (jump != SP_JUMP_RAISE && jump != SP_JUMP_KILL && jump != SP_JUMP_RETRY &&
        !target_present(ec, jump, tag)) {
        if (jump == SP_JUMP_BREAK) sp_raise_local_jump("break from proc-closure", "break", val);
        if (jump == SP_JUMP_RETURN) sp_raise_local_jump("unexpected return", "return", val);
        if (jump == SP_JUMP_THROW)
            sp_raise(sp_eUncaughtThrowError, "uncaught throw");
        sp_raise(sp_eLocalJumpError, "unexpected jump");
    }
    ec->jump = jump;
    ec->jump_tag = tag;
    ec->jump_val = val;
    sp_handler *h = ec->handler;
    while (h && !takes(h, jump, tag)) {
        /* leaving a rescue clause other than by raising: $! as before the
         * begin (the outermost clause left wins) */
        if (h->kind == SP_H_ERRINFO && jump != SP_JUMP_RAISE) ec->errinfo = (sp_value)(uintptr_t)h->tag;
        h = h->prev;
    }
    /* frames unwound past that keep their own $~ give the caller's back
     * (the outermost one wins) */
    if (h)
        for (sp_frame *f = ec->frame; f && f != h->frame; f = f->prev)
            if (f->info && (f->info->flags & SP_SI_LM)) ec->last_match = f->lm;
    run_cleanups(ec, h);
    if (!h) uncaught_at_base(ec);
    if (SP_UNLIKELY(ec->guard_len > h->guard_len)) sp_guard_truncate(ec, h->guard_len);
    ec->handler = h;
    ec->frame = h->frame;
    _longjmp(h->jb, 1);
}

SP_NORETURN void sp_rejump(sp_ec *ec)
{
    sp_jump(ec, ec->jump, ec->jump_tag, ec->jump_val);
}

/* ------------------------------------------------------------------ */
/* backtraces                                                          */

typedef struct bt_ent { const sp_srcinfo *info; int line; sp_value self; } bt_ent;
typedef struct bt_raw { int n; bt_ent e[]; } bt_raw;

typedef struct sp_cinfo_view { sp_srcinfo si; const sp_method *m; } sp_cinfo_view;

static bt_raw *bt_capture(sp_ec *ec, int skip)
{
    int n = 0;
    for (sp_frame *f = ec ? ec->frame : NULL; f; f = f->prev) if (f->info) n++;
    bt_raw *r = GC_MALLOC(sizeof(bt_raw) + sizeof(bt_ent) * (n ? n : 1));
    int i = 0;
    for (sp_frame *f = ec ? ec->frame : NULL; f; f = f->prev) {
        if (!f->info) continue;
        if (skip > 0) { skip--; continue; }
        r->e[i].info = f->info;
        r->e[i].line = f->line;
        r->e[i].self = (f->info->flags & SP_SI_DYNLABEL) ? f->self : SP_NIL;
        i++;
    }
    r->n = i;
    return r;
}

/* SP_SI_DYNLABEL: the label from the method entry (found in self's
 * ancestry by name and srcinfo) that the def created; the compile-time
 * label when there is none (method removed or redefined). */
static const char *dyn_label(const sp_srcinfo *si, sp_value self, char *buf, size_t size)
{
    const sp_srcinfo *d = si->home ? si->home : si;
    const char *l = d->label, *nm = l;
    for (const char *p = l; *p; p++) if (*p == '.' || *p == '#') nm = p + 1;
    sp_id mid = sp_intern(nm);
    const sp_method *found = NULL;
    for (sp_class *k = sp_class_of(self); k && !found; k = sp_class_super(k)) {
        sp_idtbl *t = sp_class_mtbl(k);
        uintptr_t w;
        if (t && sp_idtbl_get(t, mid, &w) && w && ((sp_method *)w)->src == d) found = (sp_method *)w;
    }
    if (!found) return si->label;
    char ml[400];
    sp_method_label(found, ml, sizeof ml);
    if (ml[0] == '#' && ml[1] == '<') snprintf(ml, sizeof ml, "%s", nm);   /* anonymous owner: 'm' */
    const char *in = si == d ? NULL : strstr(si->label, " in ");
    if (in) snprintf(buf, size, "%.*s%s", (int)(in + 4 - si->label), si->label, ml);
    else snprintf(buf, size, "%s", ml);
    return buf;
}

/* "file:line:in 'label'" for entry i (builtins borrow the caller's place). */
static sp_value bt_line(const bt_raw *r, int i)
{
    const sp_srcinfo *si = r->e[i].info;
    char lbuf[512];
    const char *label = si->label;
    if (!si->file) {
        const sp_cinfo_view *cv = (const sp_cinfo_view *)si;
        label = sp_method_label(cv->m, lbuf, sizeof lbuf);
    } else if (si->flags & SP_SI_DYNLABEL) {
        label = dyn_label(si, r->e[i].self, lbuf, sizeof lbuf);
    }
    int j = i;
    while (j < r->n && !r->e[j].info->file) j++;
    const char *file = j < r->n ? r->e[j].info->file : sp_script_name;
    int line = j < r->n ? r->e[j].line : 0;
    if (j == i && line == 0) line = si->line;   /* <internal:...> builtins */
    return sp_str_format("%s:%d:in '%s'", file, line, label ? label : "");
}

static sp_value bt_render(const bt_raw *r)
{
    sp_value a = sp_ary_new_capa(r->n);
    for (int i = 0; i < r->n; i++) sp_ary_push(a, bt_line(r, i));
    return a;
}

sp_value sp_backtrace_here(sp_ec *ec, int skip)
{
    return bt_render(bt_capture(ec, skip));
}

/* ------------------------------------------------------------------ */
/* exception objects                                                   */

sp_value sp_exc_alloc(sp_value klass)
{
    sp_exception *e = sp_alloc(sizeof(sp_exception), klass, SP_T_EXCEPTION);
    e->message = SP_NIL;
    e->backtrace = SP_NIL;
    e->cause = SP_NIL;
    e->snippet = SP_NIL;
    return (sp_value)e;
}

static sp_exception *EXC(sp_value v) { return (sp_exception *)v; }

static int is_exc(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_EXCEPTION;
}

sp_value sp_exc_new_str(sp_value klass, sp_value msg)
{
    return sp_funcall(klass, sp_intern("new"), 1, &msg, SP_NIL);
}

sp_value sp_exc_new(sp_value klass, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    sp_value msg;
    if (n >= (int)sizeof buf) {
        char *big = GC_MALLOC_ATOMIC((size_t)n + 1);
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        msg = sp_str_new(big, (size_t)n);
    } else {
        msg = sp_str_new(buf, (size_t)n);
    }
    /* core exception classes: build directly (no Ruby-level initialize) */
    sp_value e = sp_exc_alloc(klass);
    EXC(e)->message = msg;
    return e;
}

SP_NORETURN void sp_raise_exc(sp_value exc)
{
    sp_ec *ec = sp_ec_current();
    if (!is_exc(exc)) sp_raise(sp_eTypeError, "exception class/object expected");
    sp_exception *e = EXC(exc);
    if (e->backtrace == SP_NIL && (!e->bt_raw || e->bt_nil)) { e->bt_raw = bt_capture(ec, 0); e->bt_nil = 0; }
    if (!e->cause_set) {
        e->cause_set = 1;
        sp_value cur = ec->errinfo;
        if (cur != exc && is_exc(cur)) e->cause = cur;
    }
    ec->errinfo = exc;
    sp_jump(ec, SP_JUMP_RAISE, NULL, exc);
}

SP_NORETURN void sp_raise_str(sp_value klass, sp_value msg)
{
    sp_value e = sp_exc_alloc(klass);
    EXC(e)->message = msg;
    sp_raise_exc(e);
}

SP_NORETURN void sp_raise(sp_value exc_class, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof buf) n = sizeof buf - 1;
    sp_raise_str(exc_class, sp_str_new(buf, (size_t)n));
}

SP_NORETURN void sp_raise_type(sp_value v, const char *expected)
{
    const char *what;
    if (v == SP_NIL) what = "nil";
    else if (v == SP_TRUE) what = "true";
    else if (v == SP_FALSE) what = "false";
    else what = sp_obj_classname(v);
    sp_raise(sp_eTypeError, "no implicit conversion of %s into %s", what, expected);
}

SP_NORETURN void sp_raise_frozen(sp_value obj)
{
    /* CRuby names the singleton class when the object has one */
    sp_value k = SP_HEAP_P(obj) ? SP_CVAL(SP_HDR(obj)->klass) : sp_obj_class(obj);
    if (SP_HEAP_P(obj) && !(SP_CLASS(k)->hdr.flags & SP_FL_SINGLETON)) k = sp_obj_class(obj);
    sp_value e = sp_exc_new(sp_eFrozenError, "can't modify frozen %s: %s",
                            sp_str_cstr(sp_class_inspect(k)),
                            sp_str_cstr(sp_inspect(obj)));
    sp_ivar_set(e, a_receiver, obj);
    sp_raise_exc(e);
}

SP_NORETURN void sp_raise_name_error(sp_value name, sp_value recv, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof buf) n = sizeof buf - 1;
    sp_value e = sp_exc_alloc(sp_eNameError);
    EXC(e)->message = sp_str_new(buf, (size_t)n);
    sp_ivar_set(e, a_name, name);
    sp_ivar_set(e, a_receiver, recv);
    sp_raise_exc(e);
}

SP_NORETURN void sp_raise_key_error(sp_value msg, sp_value receiver, sp_value key)
{
    sp_value e = sp_exc_alloc(sp_eKeyError);
    EXC(e)->message = msg;
    sp_ivar_set(e, a_receiver, receiver);
    sp_ivar_set(e, a_key, key);
    sp_raise_exc(e);
}

SP_NORETURN void sp_raise_stop_iteration(sp_value msg, sp_value result)
{
    sp_value e = sp_exc_alloc(sp_eStopIteration);
    EXC(e)->message = msg;
    sp_ivar_set(e, a_result, result);
    sp_raise_exc(e);
}

SP_NORETURN void sp_raise_no_block(void)
{
    sp_raise_local_jump("no block given (yield)", "noreason", SP_NIL);
}

void sp_exc_set_snippet(sp_value exc, sp_value snippet)
{
    if (is_exc(exc)) EXC(exc)->snippet = snippet;
}

sp_value sp_exc_message(sp_value exc)
{
    sp_value m = sp_funcall(exc, id_message, 0, NULL, SP_NIL);
    if (!SP_HEAP_P(m) || SP_TYPE(m) != SP_T_STRING) m = sp_to_s(m);
    return m;
}

sp_value sp_exc_backtrace(sp_value exc)
{
    if (!is_exc(exc)) return SP_NIL;
    sp_exception *e = EXC(exc);
    if (e->backtrace != SP_NIL) return e->backtrace;
    if (!e->bt_raw || e->bt_nil) return SP_NIL;
    e->backtrace = bt_render((bt_raw *)e->bt_raw);
    return e->backtrace;
}

/* ------------------------------------------------------------------ */
/* uncaught report                                                     */

static void err_write(const char *p, size_t n)
{
    extern void sp_write_stderr(const char *, size_t) __attribute__((weak));
    if (sp_write_stderr) sp_write_stderr(p, n);
    else { fflush(stdout); fwrite(p, 1, n, stderr); }
}

static void err_puts(const char *s) { err_write(s, strlen(s)); }

#define HL_BOLD "\033[1m"
#define HL_UNDERLINE "\033[1;4m"
#define HL_RESET "\033[m"

/* gsub(/.+/) { bold + $& + reset }: how error_highlight and did_you_mean
 * highlight the lines they add, and the message lines after the first */
static void cat_bold_lines(sp_value out, const char *p, size_t n)
{
    while (n > 0) {
        const char *nl = memchr(p, '\n', n);
        size_t len = nl ? (size_t)(nl - p) : n;
        if (len) {
            sp_str_cat(out, HL_BOLD, 4);
            sp_str_cat(out, p, len);
            sp_str_cat(out, HL_RESET, 3);
        }
        if (!nl) break;
        sp_str_cat(out, "\n", 1);
        p = nl + 1;
        n -= len + 1;
    }
}

/* The class name shown after a message: the real class's, none for an
 * anonymous class (CRuby's rb_decorate_message). */
static sp_value shown_class_name(sp_value exc)
{
    return sp_class_inspect(sp_obj_class(exc));
}

/* rb_decorate_message: "msg (Class)" with the class after the first line
 * of the message, "unhandled exception" for an empty RuntimeError, the
 * class name for another empty message; highlight adds bold/underline. */
static sp_value decorate(sp_value exc, sp_value msg, int hl)
{
    sp_value out = sp_str_new("", 0);
    size_t n = msg != SP_NIL ? sp_str_len(msg) : 0;
    if (n == 0) {
        if (hl) sp_str_cat(out, HL_UNDERLINE, 6);
        if ((sp_value)sp_class_of(exc) == sp_eRuntimeError) sp_str_cat_cstr(out, "unhandled exception");
        else sp_str_append(out, shown_class_name(exc));
        if (hl) sp_str_cat(out, HL_RESET, 3);
        return out;
    }
    const char *p = sp_str_ptr(msg);
    sp_value cname = shown_class_name(exc);
    int anon = sp_str_len(cname) > 0 && sp_str_ptr(cname)[0] == '#';
    const char *nl = memchr(p, '\n', n);
    size_t first = nl ? (size_t)(nl - p) : n;
    if (hl) sp_str_cat(out, HL_BOLD, 4);
    sp_str_cat(out, p, first);
    if (!anon) {
        sp_str_cat(out, " (", 2);
        if (hl) sp_str_cat(out, HL_UNDERLINE, 6);
        sp_str_append(out, cname);
        if (hl) sp_str_cat(out, HL_RESET HL_BOLD, 7);
        sp_str_cat(out, ")", 1);
        if (hl) sp_str_cat(out, HL_RESET, 3);
    }
    if (nl && first + 1 < n) {
        sp_str_cat(out, "\n", 1);
        if (hl) cat_bold_lines(out, nl + 1, n - first - 1);
        else sp_str_cat(out, nl + 1, n - first - 1);
    }
    return out;
}

/* ---- did_you_mean (the gem's SpellChecker, for the uncaught report) ---- */

static double jaro_winkler(const char *a, size_t la, const char *b, size_t lb)
{
    if (la == 0 || lb == 0) return 0.0;
    if (la > lb) { const char *t = a; a = b; b = t; size_t tl = la; la = lb; lb = tl; }
    size_t range = lb / 2 > 0 ? lb / 2 - 1 : 0;
    char *fa = calloc(la, 1), *fb = calloc(lb, 1);
    size_t m = 0;
    for (size_t i = 0; i < la; i++) {
        size_t lo = i > range ? i - range : 0, hi = i + range + 1 < lb ? i + range + 1 : lb;
        for (size_t j = lo; j < hi; j++)
            if (!fb[j] && a[i] == b[j]) { fa[i] = fb[j] = 1; m++; break; }
    }
    double jaro = 0.0;
    if (m) {
        size_t t = 0, k = 0;
        for (size_t i = 0; i < la; i++) {
            if (!fa[i]) continue;
            while (!fb[k]) k++;
            if (a[i] != b[k]) t++;
            k++;
        }
        double md = (double)m;
        jaro = (md / la + md / lb + (md - t / 2.0) / md) / 3.0;
    }
    free(fa); free(fb);
    size_t pre = 0;
    while (pre < 4 && pre < la && a[pre] == b[pre]) pre++;
    return jaro < 0.7 ? jaro : jaro + pre * 0.1 * (1.0 - jaro);
}

static size_t levenshtein(const char *a, size_t la, const char *b, size_t lb)
{
    size_t *row = malloc((lb + 1) * sizeof(size_t));
    for (size_t j = 0; j <= lb; j++) row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t prev = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t cur = row[j];
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            size_t v = prev + cost;
            if (row[j] + 1 < v) v = row[j] + 1;
            if (row[j - 1] + 1 < v) v = row[j - 1] + 1;
            row[j] = v;
            prev = cur;
        }
    }
    size_t r = row[lb];
    free(row);
    return r;
}

static char *downcase(const char *s, size_t n)
{
    char *d = GC_MALLOC_ATOMIC(n + 1);
    for (size_t i = 0; i < n; i++) d[i] = (char)((s[i] >= 'A' && s[i] <= 'Z') ? s[i] + 32 : s[i]);
    d[n] = 0;
    return d;
}

/* dict: Array of Symbols/Strings; returns Array of Strings (the matching
 * entries of `full` instead when it is an Array parallel to dict) */
static sp_value spell_correct(const char *orig, sp_value dict, sp_value full)
{
    size_t li = strlen(orig);
    const char *in = downcase(orig, li);      /* the gem normalizes the input too */
    double thr = li > 3 ? 0.834 : 0.77;
    long n = sp_ary_len(dict);
    const char **w = GC_MALLOC(sizeof(char *) * (size_t)(n + 1));
    long *wi = GC_MALLOC_ATOMIC(sizeof(long) * (size_t)(n + 1));
    double *sc = GC_MALLOC_ATOMIC(sizeof(double) * (size_t)(n + 1));
    int has_full = full != SP_NIL;
    long k = 0;
    for (long i = 0; i < n; i++) {
        sp_value v = sp_ary_entry(dict, i);
        const char *s = SP_SYMBOL_P(v) ? sp_id_name(SP_SYM2ID(v)) : sp_str_cstr(sp_to_s(v));
        size_t ls = strlen(s);
        if (ls == li && memcmp(s, orig, li) == 0) continue;
        int dup = 0;
        if (!has_full) for (long j = 0; j < k; j++) if (strcmp(w[j], s) == 0) { dup = 1; break; }
        if (dup) continue;
        if (jaro_winkler(downcase(s, ls), ls, in, li) >= thr) {
            w[k] = s;
            wi[k] = i;
            sc[k] = jaro_winkler(s, ls, in, li);
            k++;
        }
    }
    /* sort by score descending (stable insertion sort; ties keep order reversed like sort_by+reverse) */
    for (long i = 1; i < k; i++) {
        const char *ws = w[i]; long wx = wi[i]; double s = sc[i]; long j = i;
        while (j > 0 && sc[j - 1] <= s) { w[j] = w[j - 1]; wi[j] = wi[j - 1]; sc[j] = sc[j - 1]; j--; }
        w[j] = ws; wi[j] = wx; sc[j] = s;
    }
    sp_value out = sp_ary_new();
    size_t lthr = (li + 3) / 4;
#define SC_OUT(i) sp_ary_push(out, has_full ? sp_ary_entry(full, wi[i]) : sp_str_new_cstr(w[i]))
    for (long i = 0; i < k; i++)
        if (levenshtein(downcase(w[i], strlen(w[i])), strlen(w[i]), in, li) <= lthr) SC_OUT(i);
    if (sp_ary_len(out) == 0) {
        for (long i = 0; i < k; i++) {
            size_t lw = strlen(w[i]);
            size_t len = li < lw ? li : lw;
            if (levenshtein(downcase(w[i], lw), lw, in, li) < len) {
                SC_OUT(i);
                break;
            }
        }
    }
#undef SC_OUT
    return out;
}

static void add_methods(sp_value dict, sp_class *k, int with_private)
{
    for (; k; k = sp_class_super(k)) {
        sp_idtbl *t = sp_class_mtbl(k);
        for (uint32_t i = 0; t && i < t->count; i++) {
            sp_method *m = (sp_method *)t->ents[i].val;
            if (m->visibility == SP_VIS_UNDEF) continue;
            if (m->visibility == SP_VIS_PRIVATE && !with_private) continue;
            sp_ary_push(dict, SP_ID2SYM(t->ents[i].key));
        }
    }
}

/* "Did you mean?  x\n               y\n" or nil */
static sp_value did_you_mean(sp_value exc)
{
    if (!sp_obj_is_kind_of(exc, sp_eNameError)) return SP_NIL;
    sp_value name = sp_ivar_get_raw(exc, a_name);
    if (!SP_SYMBOL_P(name)) return SP_NIL;
    sp_value recv = sp_ivar_get_raw(exc, a_receiver);
    if (recv == SP_UNDEF) return SP_NIL;
    const char *in = sp_id_name(SP_SYM2ID(name));
    int pcall = sp_ivar_get_raw(exc, sp_intern("__pcall")) == SP_TRUE;
    sp_value dict = sp_ary_new(), full = SP_NIL;
    if (sp_id_is_const(SP_SYM2ID(name)) && !sp_obj_is_kind_of(exc, sp_eNoMethodError)) {
        /* ClassNameChecker: the bare name against the constants of Object
         * and of the receiver's scopes; suggestions are qualified by their
         * scope ("Mx::Valu") unless the message already names them */
        full = sp_ary_new();
        sp_value scopes[2] = { sp_cObject, recv };
        for (int i = 0; i < 2; i++) {
            sp_value sc = scopes[i];
            if (!SP_HEAP_P(sc) || (SP_TYPE(sc) != SP_T_CLASS && SP_TYPE(sc) != SP_T_MODULE)) continue;
            if (i == 1 && recv == sp_cObject) break;
            sp_value cs = sp_funcall0(sc, "constants");
            for (long j = 0; j < sp_ary_len(cs); j++) {
                sp_value c = sp_ary_entry(cs, j);
                sp_ary_push(dict, c);
                if (sc == sp_cObject) { sp_ary_push(full, sp_to_s(c)); continue; }
                sp_value q = sp_str_new_cstr(sp_class_path(sc));
                sp_str_cat(q, "::", 2);
                sp_str_append(q, sp_to_s(c));
                sp_ary_push(full, q);
            }
        }
    } else {
        add_methods(dict, sp_class_of(recv), pcall);
        if (pcall) {
            /* a receiver-less call could be a misspelt keyword (the gem's
             * RB_RESERVED_WORDS) */
            static const char *const kw[] = {
                "alias", "and", "begin", "break", "case", "class", "def", "defined?", "do",
                "else", "elsif", "end", "ensure", "false", "for", "if", "in", "module",
                "next", "nil", "not", "or", "redo", "rescue", "retry", "return", "self",
                "super", "then", "true", "undef", "unless", "until", "when", "while",
                "yield", "__LINE__", "__FILE__", "__ENCODING__", NULL
            };
            for (int i = 0; kw[i]; i++) sp_ary_push(dict, SP_ID2SYM(sp_intern(kw[i])));
        }
        sp_value extra = sp_ivar_get_raw(exc, sp_intern("__dym"));
        if (extra != SP_UNDEF && SP_HEAP_P(extra)) sp_ary_concat(dict, extra);
    }
    sp_value c = spell_correct(in, dict, full);
    if (full != SP_NIL) {
        sp_value msg = sp_exc_message(exc), kept = sp_ary_new();
        const char *ms = SP_HEAP_P(msg) && SP_TYPE(msg) == SP_T_STRING ? sp_str_cstr(msg) : "";
        for (long i = 0; i < sp_ary_len(c); i++)
            if (!strstr(ms, sp_str_cstr(sp_ary_entry(c, i)))) sp_ary_push(kept, sp_ary_entry(c, i));
        c = kept;
    }
    long n = sp_ary_len(c);
    if (n == 0) return SP_NIL;
    sp_value s = sp_str_new_cstr("Did you mean?  ");
    for (long i = 0; i < n; i++) {
        if (i) sp_str_cat(s, "\n               ", 16);
        sp_str_append(s, sp_ary_entry(c, i));
    }
    return sp_str_cat(s, "\n", 1);
}

sp_id sp_exc_top_builtin_mid(sp_value exc)
{
    if (!is_exc(exc)) return 0;
    const bt_raw *r = EXC(exc)->bt_raw;
    if (!r || r->n == 0 || r->e[0].info->file) return 0;
    const sp_cinfo_view *cv = (const sp_cinfo_view *)r->e[0].info;
    return cv->m ? cv->m->name : 0;
}

void sp_exc_add_dym_candidates(sp_value exc, sp_value names)
{
    if (is_exc(exc)) sp_ivar_set(exc, sp_intern("__dym"), names);
}

/* full_message's highlight: option (rb_bool_expected); nil or absent:
 * dflt */
static int highlight_opt(sp_value opt, int dflt)
{
    sp_value v = opt != SP_NIL ? sp_hash_lookup(opt, sp_sym("highlight"), SP_NIL) : SP_NIL;
    if (v == SP_NIL) return dflt;
    if (v != SP_TRUE && v != SP_FALSE)
        sp_raise(sp_eArgError, "expected true or false as highlight: %s", sp_str_cstr(sp_inspect(v)));
    return v == SP_TRUE;
}

/* order: :top (0, the default) or :bottom (1) */
static int order_opt(sp_value opt)
{
    sp_value v = opt != SP_NIL ? sp_hash_lookup(opt, sp_sym("order"), SP_NIL) : SP_NIL;
    if (v == SP_NIL) return 0;
    sp_id id = sp_obj_arg_to_id(v);
    if (id == sp_intern("bottom")) return 1;
    if (id == sp_intern("top")) return 0;
    sp_raise(sp_eArgError, "expected :top or :bottom as order: %s", sp_str_cstr(sp_inspect(v)));
}

/* rb_get_detailed_message: a #detailed_message defined in Ruby is called
 * with the options (its result converted with #to_str, else nil); none
 * (undefined) is nil; the builtin one is the decorated message followed
 * by the error_highlight snippet and the did_you_mean suggestions. */
static sp_value detailed(sp_value exc, sp_value opt, int hl)
{
    sp_id mid = sp_intern("detailed_message");
    if (!sp_respond_to(exc, mid, 1)) return SP_NIL;
    sp_method *dm = sp_find_method(sp_class_of(exc), mid);
    if (dm && dm->src) {
        sp_value d = sp_funcall(exc, mid, 1 | SP_ARGC_KW, &opt, SP_NIL);
        if (SP_HEAP_P(d) && SP_TYPE(d) == SP_T_STRING) return d;
        return sp_try_convert(d, sp_cString, "to_str");
    }
    sp_value d = decorate(exc, sp_exc_message(exc), hl);
    sp_value extra[2] = { EXC(exc)->snippet, did_you_mean(exc) };
    for (int i = 0; i < 2; i++) {
        sp_value x = extra[i];
        if (!SP_HEAP_P(x) || SP_TYPE(x) != SP_T_STRING) continue;
        /* both end in "\n"; the line of the message ends with the
         * one print_errinfo adds */
        size_t n = sp_str_len(x);
        if (n && sp_str_ptr(x)[n - 1] == '\n') n--;
        sp_str_cat(d, "\n", 1);
        if (hl) cat_bold_lines(d, sp_str_ptr(x), n);
        else sp_str_cat(d, sp_str_ptr(x), n);
    }
    return d;
}

/* "file:line: message\n" (print_errinfo): the position is the first
 * backtrace line, or where full_message is called for an exception never
 * raised; a nil message shows the class name. */
static void cat_errinfo(sp_value out, sp_value exc, sp_value bt, sp_value emesg, int hl)
{
    if (bt != SP_NIL && sp_ary_len(bt) > 0) {
        sp_str_append(out, sp_to_s(sp_ary_entry(bt, 0)));
    } else {
        sp_ec *ec = sp_ec_current();
        sp_frame *f = ec ? ec->frame : NULL;
        while (f && (!f->info || !f->info->file)) f = f->prev;
        if (f) sp_str_append(out, sp_str_format("%s:%d:in 'full_message'", f->info->file, f->line));
        else sp_str_cat(out, sp_script_name, strlen(sp_script_name));
    }
    sp_str_cat(out, ": ", 2);
    if (emesg != SP_NIL && sp_str_len(emesg) > 0) sp_str_append(out, emesg);
    else sp_str_append(out, decorate(exc, SP_NIL, hl));
    sp_str_cat(out, "\n", 1);
}

/* The "\tfrom ..." lines after the first; bottom order numbers them and
 * runs them backwards.  A stack overflow's backtrace is mostly one
 * repeated frame: like CRuby, a SystemStackError with more than 18
 * entries shows the first 9 and the last 4 and one "... N levels..."
 * line for the rest (exactly that class, singleton included, as CRuby
 * compares CLASS_OF). */
static void cat_backtrace(sp_value out, sp_value exc, sp_value bt, int reverse)
{
    long n = bt != SP_NIL ? sp_ary_len(bt) : 0;
    int width = 1;
    for (long m = n - 1; m >= 10; m /= 10) width++;
    long skip_at = -1, skip = 0;
    if (sp_class_of(exc) == (sp_class *)sp_eSystemStackError && n > 18) { skip_at = 9; skip = n - 13; }
    for (long i = 1; i < n; i++) {
        if (i == skip_at) {
            sp_str_append(out, sp_str_format("\t ... %ld levels...\n", skip));
            i += skip - 1;
            continue;
        }
        sp_value line = sp_ary_entry(bt, reverse ? n - i : i);
        if (!SP_HEAP_P(line) || SP_TYPE(line) != SP_T_STRING) continue;
        if (reverse) sp_str_append(out, sp_str_format("\t%*ld: from ", width, n - i));
        else sp_str_cat(out, "\tfrom ", 6);
        sp_str_append(out, line);
        sp_str_cat(out, "\n", 1);
    }
}

/* show_cause: each cause once (shown: the exceptions already written) */
static void cat_cause(sp_value out, sp_value exc, sp_value opt, int hl, int reverse, sp_value shown)
{
    sp_value c = EXC(exc)->cause;
    if (!is_exc(c)) return;
    for (long i = 0; i < sp_ary_len(shown); i++) if (sp_ary_entry(shown, i) == c) return;
    sp_ary_push(shown, c);
    sp_value bt = sp_exc_backtrace(c), m = detailed(c, opt, hl);
    if (reverse) {
        cat_cause(out, c, opt, hl, reverse, shown);
        cat_backtrace(out, c, bt, 1);
        cat_errinfo(out, c, bt, m, hl);
    } else {
        cat_errinfo(out, c, bt, m, hl);
        cat_backtrace(out, c, bt, 0);
        cat_cause(out, c, opt, hl, reverse, shown);
    }
}

/* rb_error_write: the uncaught-exception report and Exception#full_message */
static sp_value report(sp_value exc, sp_value opt, int hl, int reverse)
{
    sp_value out = sp_str_new("", 0);
    sp_value bt = sp_exc_backtrace(exc), m = detailed(exc, opt, hl);
    sp_value shown = sp_ary_new_from(1, &exc);
    if (reverse) {
        if (hl) sp_str_cat_cstr(out, HL_BOLD "Traceback" HL_RESET " (most recent call last):\n");
        else sp_str_cat_cstr(out, "Traceback (most recent call last):\n");
        cat_cause(out, exc, opt, hl, 1, shown);
        cat_backtrace(out, exc, bt, 1);
        cat_errinfo(out, exc, bt, m, hl);
    } else {
        cat_errinfo(out, exc, bt, m, hl);
        cat_backtrace(out, exc, bt, 0);
        cat_cause(out, exc, opt, hl, 0, shown);
    }
    return out;
}

void sp_print_uncaught(sp_value exc)
{
    if (!is_exc(exc)) return;
    int hl = isatty(2);
    sp_value opt = sp_hash_new();
    sp_hash_aset(opt, sp_sym("highlight"), SP_BOOL(hl));
    sp_value s = report(exc, opt, hl, 0);
    err_write(sp_str_ptr(s), sp_str_len(s));
}

/* The jump left the fiber's base with no handler: print and exit. */
SP_NORETURN static void uncaught_at_base(sp_ec *ec)
{
    extern int sp_main_exit_status(sp_value exc);
    int st = 1;
    if (ec->jump == SP_JUMP_RAISE) st = sp_main_exit_status(ec->jump_val);
    else err_puts("spinel: non-local jump with no target\n");
    extern int sp_main_finish(void);
    sp_main_finish();
    extern void sp_signal_die(void) __attribute__((weak));
    if (sp_signal_die) sp_signal_die();     /* an uncaught SignalException */
    _exit(st);
}

/* sp_yield_ensure: the cleanup record carries fn and its argument. */
typedef struct yield_ensure { sp_ensure_fn fn; sp_value arg; } yield_ensure;

static void yield_ensure_run(sp_ec *ec, sp_value p)
{
    (void)ec;
    yield_ensure *e = (yield_ensure *)(uintptr_t)p;
    e->fn(e->arg);
}

sp_value sp_yield_ensure(sp_value blk, int argc, const sp_value *argv, sp_ensure_fn fn, sp_value arg)
{
    yield_ensure e = { fn, arg };
    sp_handler h;
    sp_push_cleanup(sp_ec_current(), &h, yield_ensure_run, (sp_value)(uintptr_t)&e);
    sp_value r = sp_yield(blk, argc, argv);
    sp_pop_handler(sp_ec_current(), &h);
    fn(arg);
    return r;
}

sp_value sp_run_protected(sp_protected_fn fn, void *arg, sp_value *exc)
{
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_frame *volatile saved_frame = ec->frame;
    sp_push_handler(ec, &h, SP_H_ENSURE, NULL);
    if (_setjmp(h.jb) == 0) {
        sp_value r = fn(arg);
        sp_pop_handler(ec, &h);
        *exc = SP_NIL;
        return r;
    }
    sp_pop_handler(ec, &h);
    ec->frame = saved_frame;
    switch (ec->jump) {
    case SP_JUMP_RAISE: *exc = ec->jump_val; break;
    case SP_JUMP_KILL: *exc = SP_NIL; break;
    default: *exc = sp_exc_new(sp_eLocalJumpError, "unexpected jump"); break;
    }
    return SP_UNDEF;
}

/* ------------------------------------------------------------------ */
/* Exception methods                                                   */

SP_METHOD(exc_s_exception) { return sp_class_new_instance(self, argc_, argv, blk); }

SP_METHOD(exc_initialize)
{
    int n = argc;
    if (n > 1) sp_raise_arity(n, 0, 1);
    EXC(self)->message = n ? argv[0] : SP_NIL;
    return SP_NIL;
}

SP_METHOD(exc_to_s)
{
    sp_value m = EXC(self)->message;
    if (m == SP_NIL) return sp_class_inspect(sp_obj_class(self));
    if (SP_HEAP_P(m) && SP_TYPE(m) == SP_T_STRING) return m;
    return sp_to_s(m);
}

SP_METHOD(exc_message) { return sp_to_s(sp_funcall(self, sp_intern("to_s"), 0, NULL, SP_NIL)); }

/* the options hash of full_message/detailed_message (nil: none) */
static sp_value kw_opts(int argc_, const sp_value *argv)
{
    int n = SP_ARGC(argc_) - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    if (n > 0) sp_raise_arity(n, 0, 0);
    return (argc_ & SP_ARGC_KW) ? argv[SP_ARGC(argc_) - 1] : SP_NIL;
}

SP_METHOD(exc_detailed_message)
{
    int hl = highlight_opt(kw_opts(argc_, argv), 0);
    return decorate(self, sp_exc_message(self), hl);
}

/* Exception.to_tty?: whether $stderr's descriptor is a terminal */
SP_METHOD(exc_s_to_tty) { return SP_BOOL(isatty(2)); }

SP_METHOD(exc_inspect)
{
    sp_value cname = sp_class_inspect(sp_obj_class(self));
    sp_value s = sp_to_s(sp_funcall(self, sp_intern("to_s"), 0, NULL, SP_NIL));
    if (sp_str_len(s) == 0) return cname;
    sp_value r = sp_str_new("#<", 2);
    sp_str_append(r, cname);
    if (memchr(sp_str_ptr(s), '\n', sp_str_len(s))) {
        sp_str_cat(r, ":", 1);
        sp_str_append(r, sp_inspect(s));
    } else {
        sp_str_cat(r, ": ", 2);
        sp_str_append(r, s);
    }
    return sp_str_cat(r, ">", 1);
}

SP_METHOD(exc_full_message)
{
    sp_value opt = kw_opts(argc_, argv);
    int hl = highlight_opt(opt, isatty(2)), reverse = order_opt(opt);
    opt = opt == SP_NIL ? sp_hash_new() : sp_funcall0(opt, "dup");
    sp_hash_aset(opt, sp_sym("highlight"), SP_BOOL(hl));
    return report(self, opt, hl, reverse);
}

SP_METHOD(exc_backtrace) { return sp_exc_backtrace(self); }

/* set_backtrace(nil | String | [String...] | [Thread::Backtrace::Location...]):
 * an Array of locations is kept as given (#backtrace_locations answers it)
 * and #backtrace becomes their strings. */
SP_METHOD(exc_set_backtrace)
{
    extern sp_value sp_cBacktraceLocation;
    sp_value bt = argv[0], locs = SP_NIL;
    if (SP_HEAP_P(bt) && SP_TYPE(bt) == SP_T_STRING) bt = sp_ary_new_from(1, &bt);
    else if (bt != SP_NIL) {
        int ok = SP_HEAP_P(bt) && SP_TYPE(bt) == SP_T_ARRAY, all_str = 1, all_loc = 1;
        for (long i = 0; ok && i < sp_ary_len(bt); i++) {
            sp_value x = sp_ary_entry(bt, i);
            if (!(SP_HEAP_P(x) && SP_TYPE(x) == SP_T_STRING)) all_str = 0;
            if (!sp_obj_is_kind_of(x, sp_cBacktraceLocation)) all_loc = 0;
            ok = all_str || all_loc;
        }
        if (!ok) sp_raise(sp_eTypeError, "backtrace must be an Array of String or an Array of Thread::Backtrace::Location");
        if (!all_str) {
            locs = bt;
            bt = sp_ary_new_capa(sp_ary_len(locs));
            for (long i = 0; i < sp_ary_len(locs); i++) sp_ary_push(bt, sp_to_s(sp_ary_entry(locs, i)));
        }
    }
    sp_value had = sp_ivar_get_raw(self, sp_intern("__bt_locs"));
    if (locs != SP_NIL || (had != SP_NIL && had != SP_UNDEF))
        sp_ivar_set(self, sp_intern("__bt_locs"), locs);
    EXC(self)->backtrace = bt;
    EXC(self)->bt_nil = bt == SP_NIL;
    return argv[0] == SP_NIL || locs != SP_NIL ? argv[0] : bt;
}

SP_METHOD(exc_backtrace_locations)
{
    sp_value locs = sp_ivar_get_raw(self, sp_intern("__bt_locs"));
    if (locs != SP_NIL && locs != SP_UNDEF) return locs;
    if (!EXC(self)->bt_raw) return SP_NIL;
    extern sp_value sp_locations_from_strings(sp_value bt);
    /* the frames of the raise, whatever #set_backtrace replaced the strings with */
    return sp_locations_from_strings(bt_render((bt_raw *)EXC(self)->bt_raw));
}

SP_METHOD(exc_cause) { return EXC(self)->cause; }

SP_METHOD(exc_eq)
{
    sp_value o = argv[0];
    if (o == self) return SP_TRUE;
    if (!is_exc(o) || sp_obj_class(o) != sp_obj_class(self)) return SP_FALSE;
    return SP_BOOL(sp_equal(sp_exc_message(self), sp_exc_message(o)) &&
                   sp_equal(sp_exc_backtrace(self), sp_exc_backtrace(o)));
}

SP_METHOD(exc_exception)
{
    int n = argc;
    if (n == 0 || (n == 1 && argv[0] == self)) return self;
    sp_value c = sp_obj_clone(self, -1);
    EXC(c)->message = argv[0];
    return c;
}

static sp_value attr(sp_value self, sp_id id)
{
    sp_value v = sp_ivar_get_raw(self, id);
    return v == SP_UNDEF ? SP_NIL : v;
}

/* The initialisers of the exceptions that take keywords (NameError,
 * KeyError, FrozenError, NoMatchingPatternKeyError): the message is the
 * first positional argument; keyword k1 (and k2 unless NULL), when given,
 * is stored in ivar i1 (i2).  Returns the positional count, the keyword
 * Hash not included. */
static int exc_init_kw(sp_value self, int argc_, const sp_value *argv,
                       const char *k1, sp_id i1, const char *k2, sp_id i2)
{
    int n = SP_ARGC(argc_) - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    EXC(self)->message = n > 0 ? argv[0] : SP_NIL;
    sp_value v = sp_kwarg(argc_, argv, k1, SP_UNDEF);
    if (v != SP_UNDEF) sp_ivar_set(self, i1, v);
    if (k2 && (v = sp_kwarg(argc_, argv, k2, SP_UNDEF)) != SP_UNDEF) sp_ivar_set(self, i2, v);
    return n;
}

SP_METHOD(name_err_initialize)
{
    int n = exc_init_kw(self, argc_, argv, "receiver", a_receiver, NULL, 0);
    sp_ivar_set(self, a_name, n > 1 ? argv[1] : SP_NIL);
    return SP_NIL;
}
/* An exception's keyword attribute (NameError#receiver, KeyError#key,
 * ...): ArgumentError "no X is available" when it was never given. */
static sp_value kw_attr(sp_value self, sp_id id, const char *what)
{
    sp_value v = sp_ivar_get_raw(self, id);
    if (v == SP_UNDEF) sp_raise(sp_eArgError, "no %s is available", what);
    return v;
}
SP_METHOD(name_err_name) { return attr(self, a_name); }
SP_METHOD(name_err_receiver) { return kw_attr(self, a_receiver, "receiver"); }
SP_METHOD(nomethod_initialize)
{
    name_err_initialize(self, argc_, argv, blk);
    int n = argc - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    sp_ivar_set(self, a_args, n > 2 ? argv[2] : sp_ary_new());
    return SP_NIL;
}
SP_METHOD(nomethod_args) { sp_value v = attr(self, a_args); return v == SP_NIL ? sp_ary_new() : v; }

SP_METHOD(key_err_initialize)
{
    exc_init_kw(self, argc_, argv, "receiver", a_receiver, "key", a_key);
    return SP_NIL;
}
SP_METHOD(key_err_key) { return kw_attr(self, a_key, "key"); }
SP_METHOD(frozen_err_initialize)
{
    exc_init_kw(self, argc_, argv, "receiver", a_receiver, NULL, 0);
    return SP_NIL;
}
SP_METHOD(stopiter_result) { return attr(self, a_result); }
SP_METHOD(ljerr_reason)
{
    sp_value r = sp_ivar_get_raw(self, sp_intern("__reason"));
    return r == SP_UNDEF ? sp_sym("noreason") : r;
}
SP_METHOD(ljerr_exit_value)
{
    sp_value r = sp_ivar_get_raw(self, sp_intern("__exit_value"));
    return r == SP_UNDEF ? SP_NIL : r;
}
SP_METHOD(nmpk_initialize)
{
    exc_init_kw(self, argc_, argv, "matchee", a_receiver, "key", a_key);
    return SP_NIL;
}
SP_METHOD(nmpk_matchee) { return kw_attr(self, a_receiver, "matchee"); }

SP_METHOD(sysexit_initialize)
{
    int n = argc;
    int i = 0;
    sp_value st = SP_FIX(0);
    if (n > i && (argv[i] == SP_TRUE || argv[i] == SP_FALSE || SP_FIXNUM_P(argv[i]))) {
        st = argv[i] == SP_TRUE ? SP_FIX(0) : argv[i] == SP_FALSE ? SP_FIX(1) : argv[i];
        i++;
    }
    EXC(self)->message = n > i ? argv[i] : SP_NIL;     /* the class name (Kernel#exit says "exit") */
    sp_ivar_set(self, a_status, st);
    return SP_NIL;
}
SP_METHOD(sysexit_status) { sp_value v = attr(self, a_status); return v == SP_NIL ? SP_FIX(0) : v; }
SP_METHOD(sysexit_success) { sp_value v = attr(self, a_status); return SP_BOOL(v == SP_NIL || v == SP_FIX(0)); }

SP_METHOD(uncaught_initialize)
{
    int n = argc;
    if (n < 1 || n > 3) sp_raise_arity(n, 1, 3);
    sp_ivar_set(self, a_tag, argv[0]);
    sp_ivar_set(self, a_value, n > 1 ? argv[1] : SP_NIL);
    EXC(self)->message = n > 2 ? argv[2] : sp_str_new_cstr("uncaught throw %p");
    return SP_NIL;
}
SP_METHOD(uncaught_tag) { return attr(self, a_tag); }
SP_METHOD(uncaught_value) { return attr(self, a_value); }
SP_METHOD(uncaught_to_s)
{
    sp_value m = EXC(self)->message;
    sp_value tag = attr(self, a_tag);
    if (SP_HEAP_P(m) && SP_TYPE(m) == SP_T_STRING) {
        const char *p = sp_str_ptr(m);
        size_t n = sp_str_len(m);
        const char *q = NULL;
        for (size_t i = 0; i + 1 < n; i++) if (p[i] == '%' && p[i + 1] == 'p') { q = p + i; break; }
        if (q) {
            sp_value s = sp_str_new(p, (size_t)(q - p));
            sp_str_append(s, sp_inspect(tag));
            return sp_str_cat(s, q + 2, n - (size_t)(q - p) - 2);
        }
        return m;
    }
    return exc_to_s(self, 0, NULL, SP_NIL);
}

/* ------------------------------------------------------------------ */
/* hierarchy                                                           */

static sp_value defexc(const char *name, sp_value super)
{
    return sp_define_class(name, super);
}

static sp_value defexc_under(sp_value outer, const char *name, sp_value super)
{
    return sp_define_class_under(outer, name, super);
}

/* Called from sp_init before the other subsystems (classes must exist
 * before anyone can raise). */
void sp_init_exc_classes(void)
{
    a_name = sp_intern("__name");
    a_receiver = sp_intern("__receiver");
    a_key = sp_intern("__key");
    a_args = sp_intern("__args");
    a_result = sp_intern("__result");
    a_status = sp_intern("__status");
    a_tag = sp_intern("__tag");
    a_value = sp_intern("__value");
    id_message = sp_intern("message");
    id_backtrace = sp_intern("backtrace");
    id_exception = sp_intern("exception");

    sp_eException = defexc("Exception", sp_cObject);
    sp_class_set_allocator(sp_eException, sp_exc_alloc);
    sp_eScriptError = defexc("ScriptError", sp_eException);
    sp_eNotImpError = defexc("NotImplementedError", sp_eScriptError);
    sp_eLoadError = defexc("LoadError", sp_eScriptError);
    defexc("SyntaxError", sp_eScriptError);
    sp_eStandardError = defexc("StandardError", sp_eException);
    sp_eArgError = defexc("ArgumentError", sp_eStandardError);
    sp_eUncaughtThrowError = defexc("UncaughtThrowError", sp_eArgError);
    sp_eEncodingError = defexc("EncodingError", sp_eStandardError);
    sp_eFiberError = defexc("FiberError", sp_eStandardError);
    sp_eIOError = defexc("IOError", sp_eStandardError);
    sp_eEOFError = defexc("EOFError", sp_eIOError);
    sp_eIndexError = defexc("IndexError", sp_eStandardError);
    sp_eKeyError = defexc("KeyError", sp_eIndexError);
    sp_eStopIteration = defexc("StopIteration", sp_eIndexError);
    sp_eClosedQueueError = defexc("ClosedQueueError", sp_eStopIteration);
    sp_eLocalJumpError = defexc("LocalJumpError", sp_eStandardError);
    sp_eNameError = defexc("NameError", sp_eStandardError);
    sp_eNoMethodError = defexc("NoMethodError", sp_eNameError);
    sp_eRangeError = defexc("RangeError", sp_eStandardError);
    sp_eFloatDomainError = defexc("FloatDomainError", sp_eRangeError);
    sp_eRegexpError = defexc("RegexpError", sp_eStandardError);
    sp_eRuntimeError = defexc("RuntimeError", sp_eStandardError);
    sp_eFrozenError = defexc("FrozenError", sp_eRuntimeError);
    sp_eSystemCallError = defexc("SystemCallError", sp_eStandardError);
    sp_eThreadError = defexc("ThreadError", sp_eStandardError);
    sp_eTypeError = defexc("TypeError", sp_eStandardError);
    sp_eZeroDivError = defexc("ZeroDivisionError", sp_eStandardError);
    sp_eNoMatchingPatternError = defexc("NoMatchingPatternError", sp_eStandardError);
    sp_eNoMatchingPatternKeyError = defexc("NoMatchingPatternKeyError", sp_eNoMatchingPatternError);
    sp_eSignal = defexc("SignalException", sp_eException);
    sp_eInterrupt = defexc("Interrupt", sp_eSignal);
    sp_eSystemExit = defexc("SystemExit", sp_eException);
    sp_eSystemStackError = defexc("SystemStackError", sp_eException);
    sp_eSecurityError = defexc("SecurityError", sp_eException);
    defexc("NoMemoryError", sp_eException);
    sp_eFatal = sp_class_new(sp_eException);     /* `fatal` is not a constant */
    sp_class_set_path(SP_CLASS(sp_eFatal), NULL, sp_intern("fatal"));
    sp_eMathDomainError = defexc_under(sp_mMath, "DomainError", sp_eStandardError);
    sp_define_const(sp_cThread, "Error", sp_eThreadError);

    extern void sp_init_errno_classes(void);
    sp_init_errno_classes();     /* sp_errno.c */
}

void sp_init_exc(void)
{
    sp_value e = sp_eException;
    sp_define_singleton_method(e, "exception", exc_s_exception, -1);
    sp_define_singleton_method(e, "to_tty?", exc_s_to_tty, 0);
    sp_define_private_method(e, "initialize", exc_initialize, -1);
    sp_define_method(e, "to_s", exc_to_s, 0);
    sp_define_method(e, "message", exc_message, 0);
    sp_define_method(e, "detailed_message", exc_detailed_message, -1);
    sp_define_method(e, "inspect", exc_inspect, 0);
    sp_define_method(e, "full_message", exc_full_message, -1);
    sp_define_method(e, "backtrace", exc_backtrace, 0);
    sp_define_method(e, "set_backtrace", exc_set_backtrace, 1);
    sp_define_method(e, "backtrace_locations", exc_backtrace_locations, 0);
    sp_define_method(e, "cause", exc_cause, 0);
    sp_define_method(e, "==", exc_eq, 1);
    sp_define_method(e, "exception", exc_exception, -1);

    sp_define_private_method(sp_eNameError, "initialize", name_err_initialize, -1);
    sp_define_method(sp_eNameError, "name", name_err_name, 0);
    sp_define_method(sp_eNameError, "receiver", name_err_receiver, 0);
    sp_define_private_method(sp_eNoMethodError, "initialize", nomethod_initialize, -1);
    sp_define_method(sp_eNoMethodError, "args", nomethod_args, 0);
    sp_define_private_method(sp_eKeyError, "initialize", key_err_initialize, -1);
    sp_define_method(sp_eKeyError, "key", key_err_key, 0);
    sp_define_method(sp_eKeyError, "receiver", name_err_receiver, 0);
    sp_define_private_method(sp_eFrozenError, "initialize", frozen_err_initialize, -1);
    sp_define_method(sp_eFrozenError, "receiver", name_err_receiver, 0);
    sp_define_method(sp_eStopIteration, "result", stopiter_result, 0);
    sp_define_method(sp_eLocalJumpError, "reason", ljerr_reason, 0);
    sp_define_method(sp_eLocalJumpError, "exit_value", ljerr_exit_value, 0);
    sp_define_private_method(sp_eNoMatchingPatternKeyError, "initialize", nmpk_initialize, -1);
    sp_define_method(sp_eNoMatchingPatternKeyError, "matchee", nmpk_matchee, 0);
    sp_define_method(sp_eNoMatchingPatternKeyError, "key", key_err_key, 0);
    sp_define_private_method(sp_eSystemExit, "initialize", sysexit_initialize, -1);
    sp_define_method(sp_eSystemExit, "status", sysexit_status, 0);
    sp_define_method(sp_eSystemExit, "success?", sysexit_success, 0);
    sp_define_private_method(sp_eUncaughtThrowError, "initialize", uncaught_initialize, -1);
    sp_define_method(sp_eUncaughtThrowError, "tag", uncaught_tag, 0);
    sp_define_method(sp_eUncaughtThrowError, "value", uncaught_value, 0);
    sp_define_method(sp_eUncaughtThrowError, "to_s", uncaught_to_s, 0);
    extern void sp_init_errno(void);
    sp_init_errno();             /* sp_errno.c: SystemCallError's methods */
}

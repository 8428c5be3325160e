/*
 * sp_compat.c — the methods CRuby's pure-Ruby standard library calls for
 * compatibility and that only make sense together with the compiler:
 * ruby2_keywords, deprecate_constant, block_given? as a method.
 *
 * ruby2_keywords: the compiler marks the defs and blocks named by literal
 * `ruby2_keywords` calls (codegen/emit/ceval.c); their prologue flags the
 * keywords hash that lands in *rest (sp_vm_r2k_mark: a flagged copy), and
 * a splat call whose array ends with a flagged hash passes it as keywords
 * again (sp_vm_r2k_last, used by sp_vm_send_ary).  The run-time methods
 * below only check their arguments: a name given only at run time is not
 * marked (the compiler reports nothing; the kwargs then arrive as a
 * positional Hash, as without ruby2_keywords).
 */
#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>

#include "spinel.h"
#include "sp_vm.h"
#include "sp_load.h"
#include "sp_hash.h"
#include "sp_string.h"
#include "sp_numeric.h"

#define SP_HASH_FL_R2K SP_FL_USER0     /* hash: keywords captured by a ruby2_keywords *rest */

void sp_vm_r2k_mark(sp_value rest)
{
    long n = sp_ary_len(rest);
    if (n == 0) return;
    sp_value h = sp_ary_entry(rest, n - 1);
    if (!SP_HEAP_P(h) || SP_TYPE(h) != SP_T_HASH) return;
    sp_value c = sp_hash_dup(h);
    SP_HDR(c)->flags |= SP_HASH_FL_R2K;
    sp_ary_store(rest, n - 1, c);
}

int sp_vm_r2k_last(sp_value h)
{
    return SP_HEAP_P(h) && SP_TYPE(h) == SP_T_HASH && (SP_HDR(h)->flags & SP_HASH_FL_R2K);
}

/* Hash.ruby2_keywords_hash?(h) / Hash.ruby2_keywords_hash(h): the flag,
 * and a flagged copy. */
static void r2k_check(sp_value h)
{
    if (!SP_HEAP_P(h) || SP_TYPE(h) != SP_T_HASH)
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Hash)", sp_obj_classname(h));
}

SP_METHOD(hash_s_r2k_p)
{
    (void)self; (void)argc_; (void)blk;
    r2k_check(argv[0]);
    return SP_BOOL(sp_vm_r2k_last(argv[0]));
}

SP_METHOD(hash_s_r2k)
{
    (void)self; (void)argc_; (void)blk;
    r2k_check(argv[0]);
    sp_value c = sp_hash_dup(argv[0]);
    SP_HDR(c)->flags |= SP_HASH_FL_R2K;
    return c;
}

SP_METHOD(mod_ruby2_keywords)
{
    (void)blk;
    for (int i = 0; i < argc; i++) sp_funcall1(self, "instance_method", argv[i]);
    return SP_NIL;
}

/* Proc#ruby2_keywords: CRuby skips (and warns about) a proc without a
 * *rest or with keywords; otherwise the flag is only set for literal
 * calls the compiler saw (above). */
SP_METHOD(proc_ruby2_keywords)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value ps = sp_funcall0(self, "parameters");
    int rest = 0, kw = 0;
    for (long i = 0; i < sp_ary_len(ps); i++) {
        sp_value k = sp_ary_entry(sp_ary_entry(ps, i), 0);
        if (k == sp_sym("rest")) rest = 1;
        if (k == sp_sym("key") || k == sp_sym("keyreq") || k == sp_sym("keyrest")) kw = 1;
    }
    if (!rest || kw)
        sp_warn("Skipping set of ruby2_keywords flag for proc (proc accepts keywords or proc does not accept argument splat)");
    return self;
}

/* CRuby warns on use of a deprecated constant only when deprecation
 * warnings are enabled, which they are not by default (nor here). */
SP_METHOD(mod_deprecate_constant)
{
    (void)blk;
    for (int i = 0; i < argc; i++) sp_funcall1(self, "const_get", argv[i]);
    return self;
}

/* block_given? is compiled in place (it reads the caller's block); this
 * method exists so alias_method can name it.  Calls through an alias the
 * compiler saw (ostruct's block_given!) are compiled in place too; any
 * other call would need the caller's frame and raises. */
SP_METHOD(k_block_given)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    sp_raise(sp_eNotImpError, "block_given? called through a method object is not supported by Spinel");
}

/* Process.times (benchmark.rb): user/system CPU time of the process and
 * of its waited-for children, as a Process::Tms. */
static sp_value tms_class;
static double tv_sec(struct timeval tv) { return (double)tv.tv_sec + (double)tv.tv_usec / 1e6; }
SP_METHOD(proc_times)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    struct rusage me, ch;
    getrusage(RUSAGE_SELF, &me);
    getrusage(RUSAGE_CHILDREN, &ch);
    sp_value a[4] = { sp_float_new(tv_sec(me.ru_utime)), sp_float_new(tv_sec(me.ru_stime)),
                      sp_float_new(tv_sec(ch.ru_utime)), sp_float_new(tv_sec(ch.ru_stime)) };
    return sp_funcall(tms_class, sp_intern("new"), 4, a, SP_NIL);
}

/* Method#curry(arity = nil) is to_proc.curry (optparse.rb) */
SP_METHOD(meth_curry)
{
    (void)blk;
    return sp_funcall(sp_funcall0(self, "to_proc"), sp_intern("curry"), argc_, argv, SP_NIL);
}

/* Random.urandom(n) / Random.raw_seed: n bytes from the kernel's CSPRNG. */
SP_METHOD(rand_urandom)
{
    (void)self; (void)blk;
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    int64_t n = sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "negative string size (or size too big)");
    sp_value s = sp_str_buf_new((size_t)n);
    char buf[256];
    for (int64_t done = 0; done < n;) {
        size_t want = (size_t)(n - done) < sizeof buf ? (size_t)(n - done) : sizeof buf;
        ssize_t r = getrandom(buf, want, 0);
        if (r < 0) { if (errno == EINTR) continue; return SP_NIL; }
        sp_str_cat(s, buf, (size_t)r);
        done += r;
    }
    sp_str_set_binary(s);
    return s;
}

/* Random::Formatter#random_number / #rand (C in CRuby; random/formatter.rb
 * adds the rest): values drawn from the object's own #gen_random bytes. */
static uint64_t fmt_u64(sp_value self)
{
    sp_value b = sp_funcall1(self, "gen_random", SP_FIX(8));
    uint64_t v = 0;
    memcpy(&v, sp_str_ptr(b), 8);
    return v;
}

static sp_value fmt_float(sp_value self) { return sp_float_new((double)(fmt_u64(self) >> 11) * 0x1.0p-53); }

static sp_value fmt_int(sp_value self, int64_t n)   /* uniform in [0, n), n > 0 */
{
    uint64_t lim = UINT64_MAX - UINT64_MAX % (uint64_t)n, v;
    do v = fmt_u64(self); while (v >= lim);
    return SP_FIX((int64_t)(v % (uint64_t)n));
}

SP_METHOD(fmt_random_number)
{
    (void)blk;
    sp_value a = argc ? argv[0] : SP_NIL;
    if (SP_FIXNUM_P(a) && SP_FIX2LONG(a) > 0) return fmt_int(self, SP_FIX2LONG(a));
    if (sp_float_p(a) && sp_float_value(a) > 0) return sp_float_new(sp_float_value(fmt_float(self)) * sp_float_value(a));
    if (SP_HEAP_P(a) && SP_TYPE(a) == SP_T_RANGE) {
        sp_value lo = sp_funcall0(a, "begin"), hi = sp_funcall0(a, "end");
        int excl = SP_RTEST(sp_funcall0(a, "exclude_end?"));
        if (SP_FIXNUM_P(lo) && SP_FIXNUM_P(hi)) {
            int64_t n = SP_FIX2LONG(hi) - SP_FIX2LONG(lo) + (excl ? 0 : 1);
            if (n > 0) return SP_FIX(SP_FIX2LONG(lo) + SP_FIX2LONG(fmt_int(self, n)));
        } else if ((sp_float_p(lo) || SP_FIXNUM_P(lo)) && (sp_float_p(hi) || SP_FIXNUM_P(hi))) {
            double l = sp_float_p(lo) ? sp_float_value(lo) : (double)SP_FIX2LONG(lo);
            double h = sp_float_p(hi) ? sp_float_value(hi) : (double)SP_FIX2LONG(hi);
            if (h > l) return sp_float_new(l + sp_float_value(fmt_float(self)) * (h - l));
        }
    }
    if (SP_HEAP_P(a) && SP_TYPE(a) == SP_T_BIGNUM)
        sp_raise(sp_eNotImpError, "Random::Formatter#random_number with a Bignum limit is not supported by Spinel");
    return fmt_float(self);    /* nil, 0, negative: a Float in [0, 1), as CRuby */
}

/* eval/instance_eval of a string the compiler never saw (codegen/emit/ceval.c,
 * emit_dyn_eval): an instance variable name is read; anything else needs
 * a Ruby compiler at run time. */
sp_value sp_eval_dynamic(sp_value recv, sp_value str, const char *msg)
{
    if (sp_str_p(str)) {
        const char *p = sp_str_cstr(str);
        size_t n = strlen(p), i = 1;
        int ok = n >= 2 && p[0] == '@' && (p[1] == '_' || (p[1] >= 'a' && p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z'));
        for (; ok && i < n; i++)
            ok = p[i] == '_' || (p[i] >= 'a' && p[i] <= 'z') || (p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= '0' && p[i] <= '9');
        if (ok) return sp_ivar_get(recv, sp_intern(p));
    }
    sp_raise(sp_eNotImpError, "%s", msg);
}

/* Kernel's private methods are module functions in CRuby: Kernel.catch,
 * Kernel.format ... (timeout.rb calls ::Kernel.catch).  Each one the
 * Kernel singleton does not answer yet gets a public singleton copy. */
static void kernel_module_functions(void)
{
    sp_value names = sp_funcall1(sp_mKernel, "private_instance_methods", SP_FALSE);
    sp_value sc = sp_singleton_class(sp_mKernel);
    for (long i = 0; i < sp_ary_len(names); i++) {
        sp_value nm = sp_ary_entry(names, i);
        if (sp_respond_to(sp_mKernel, SP_SYM2ID(nm), 0)) continue;
        sp_value um = sp_funcall1(sp_mKernel, "instance_method", nm);
        sp_funcall2(sc, "define_method", nm, um);
        sp_funcall1(sc, "public", nm);
    }
}

void sp_compat_init(void)
{
    sp_value process = sp_const_get(sp_cObject, sp_intern("Process"));
    if (!sp_respond_to(process, sp_intern("times"), 1)) {
        sp_value f[4] = { sp_sym("utime"), sp_sym("stime"), sp_sym("cutime"), sp_sym("cstime") };
        tms_class = sp_funcall(sp_const_get(sp_cObject, sp_intern("Struct")), sp_intern("new"), 4, f, SP_NIL);
        GC_add_roots(&tms_class, &tms_class + 1);
        sp_const_set(process, sp_intern("Tms"), tms_class);
        sp_define_singleton_method(process, "times", proc_times, 0);
    }
    sp_define_private_method(sp_cModule, "ruby2_keywords", mod_ruby2_keywords, -1);
    sp_define_method(sp_cProc, "ruby2_keywords", proc_ruby2_keywords, 0);
    sp_define_singleton_method(sp_cHash, "ruby2_keywords_hash?", hash_s_r2k_p, 1);
    sp_define_singleton_method(sp_cHash, "ruby2_keywords_hash", hash_s_r2k, 1);
    sp_define_method(sp_cModule, "deprecate_constant", mod_deprecate_constant, -1);
    sp_define_private_method(sp_mKernel, "block_given?", k_block_given, 0);
    kernel_module_functions();
    sp_value random = sp_const_get(sp_cObject, sp_intern("Random"));
    if (!sp_respond_to(random, sp_intern("urandom"), 1)) {
        sp_define_singleton_method(random, "urandom", rand_urandom, -1);
        sp_define_singleton_method(random, "raw_seed", rand_urandom, -1);
    }
    sp_value fmt = sp_define_module_under(random, "Formatter");
    if (!sp_find_method(SP_CLASS(fmt), sp_intern("random_number"))) {
        sp_define_method(fmt, "random_number", fmt_random_number, -1);
        sp_define_method(fmt, "rand", fmt_random_number, -1);
    }
    if (!sp_find_method(SP_CLASS(sp_cMethod), sp_intern("curry")))
        sp_define_method(sp_cMethod, "curry", meth_curry, -1);
}

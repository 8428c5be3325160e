/*
 * sp_compat.c — the methods CRuby's pure-Ruby standard library calls for
 * compatibility and that only make sense together with the compiler:
 * ruby2_keywords, deprecate_constant, block_given? as a method.
 *
 * ruby2_keywords: the compiler marks the defs and blocks named by literal
 * `ruby2_keywords` calls (codegen/ceval.c); their prologue flags the
 * keywords hash that lands in *rest (sp_vm_r2k_mark: a flagged copy), and
 * a splat call whose array ends with a flagged hash passes it as keywords
 * again (sp_vm_r2k_last, used by sp_vm_send_ary).  The run-time methods
 * below only check their arguments: a name given only at run time is not
 * marked (the compiler reports nothing; the kwargs then arrive as a
 * positional Hash, as without ruby2_keywords).
 */
#include <string.h>
#include <sys/resource.h>

#include "spinel.h"
#include "sp_vm.h"
#include "sp_load.h"
#include "sp_hash.h"

#define M(name) static sp_value name(sp_value self, int argc, const sp_value *argv, sp_value blk)

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

M(mod_ruby2_keywords)
{
    (void)blk;
    for (int i = 0; i < SP_ARGC(argc); i++) sp_funcall1(self, "instance_method", argv[i]);
    return SP_NIL;
}

M(proc_ruby2_keywords) { (void)argc; (void)argv; (void)blk; return self; }

/* CRuby warns on use of a deprecated constant only when deprecation
 * warnings are enabled, which they are not by default (nor here). */
M(mod_deprecate_constant)
{
    (void)blk;
    for (int i = 0; i < SP_ARGC(argc); i++) sp_funcall1(self, "const_get", argv[i]);
    return self;
}

/* block_given? is compiled in place (it reads the caller's block); this
 * method exists so alias_method can name it.  Calls through an alias the
 * compiler saw (ostruct's block_given!) are compiled in place too; any
 * other call would need the caller's frame and raises. */
M(k_block_given)
{
    (void)self; (void)argc; (void)argv; (void)blk;
    sp_raise(sp_eNotImpError, "block_given? called through a method object is not supported by Spinel");
}

/* Process.times (benchmark.rb): user/system CPU time of the process and
 * of its waited-for children, as a Process::Tms. */
static sp_value tms_class;
static double tv_sec(struct timeval tv) { return (double)tv.tv_sec + (double)tv.tv_usec / 1e6; }
M(proc_times)
{
    (void)self; (void)argc; (void)argv; (void)blk;
    struct rusage me, ch;
    getrusage(RUSAGE_SELF, &me);
    getrusage(RUSAGE_CHILDREN, &ch);
    sp_value a[4] = { sp_float_new(tv_sec(me.ru_utime)), sp_float_new(tv_sec(me.ru_stime)),
                      sp_float_new(tv_sec(ch.ru_utime)), sp_float_new(tv_sec(ch.ru_stime)) };
    return sp_funcall(tms_class, sp_intern("new"), 4, a, SP_NIL);
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
    sp_define_method(sp_cModule, "deprecate_constant", mod_deprecate_constant, -1);
    sp_define_private_method(sp_mKernel, "block_given?", k_block_given, 0);
}

/*
 * test_exc.c — unit tests of the handler chain and exceptions: raise and
 * rescue through sp_push_handler/_setjmp, ensure ordering and re-jumps,
 * break/throw targets, catch/throw through Kernel, exception messages,
 * backtraces from the frame chain, cause, procs' yield semantics.
 * Expected texts come from CRuby 3.4.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "spinel.h"

static void setup(void)
{
    static int done;
    if (!done) { done = 1; sp_init(0, NULL); }
}

TestSuite(exc, .init = setup);

static const char *cstr(sp_value s) { return sp_str_cstr(s); }
static const char *insp(sp_value v) { return sp_str_cstr(sp_inspect(v)); }

Test(exc, raise_and_rescue)
{
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    volatile int reached = 0;
    sp_push_handler(ec, &h, SP_H_RESCUE, NULL);
    if (_setjmp(h.jb) == 0) {
        sp_raise(sp_eArgError, "bad %d", 7);
        reached = 1;
        sp_pop_handler(ec, &h);
    } else {
        sp_pop_handler(ec, &h);
        cr_assert_eq(ec->jump, SP_JUMP_RAISE);
        sp_value e = ec->jump_val;
        cr_assert_eq(sp_obj_class(e), sp_eArgError);
        cr_assert_str_eq(cstr(sp_exc_message(e)), "bad 7");
        cr_assert_str_eq(insp(e), "#<ArgumentError: bad 7>");
    }
    cr_assert_eq(reached, 0);
    cr_assert_eq(ec->handler, NULL);
}

static int order[8], norder;

Test(exc, ensure_runs_then_rejumps)
{
    sp_ec *ec = sp_ec_current();
    sp_handler outer, ens;
    norder = 0;
    sp_push_handler(ec, &outer, SP_H_RESCUE, NULL);
    if (_setjmp(outer.jb) == 0) {
        sp_push_handler(ec, &ens, SP_H_ENSURE, NULL);
        if (_setjmp(ens.jb) == 0) {
            sp_raise(sp_eRuntimeError, "x");
        } else {
            sp_pop_handler(ec, &ens);
            order[norder++] = 1;            /* ensure body */
            sp_rejump(ec);
        }
    } else {
        sp_pop_handler(ec, &outer);
        order[norder++] = 2;                /* rescue body */
    }
    cr_assert_eq(norder, 2);
    cr_assert_eq(order[0], 1);
    cr_assert_eq(order[1], 2);
}

Test(exc, break_target_skips_rescue)
{
    sp_ec *ec = sp_ec_current();
    static char tag;
    sp_handler tgt, resc;
    volatile int rescued = 0;
    sp_push_handler(ec, &tgt, SP_H_TARGET, &tag);
    if (_setjmp(tgt.jb) == 0) {
        sp_push_handler(ec, &resc, SP_H_RESCUE, NULL);
        if (_setjmp(resc.jb) == 0) {
            sp_jump(ec, SP_JUMP_BREAK, &tag, SP_FIX(5));
        } else {
            rescued = 1;
        }
        cr_assert_fail("not reached");
    } else {
        sp_pop_handler(ec, &tgt);
        cr_assert_eq(ec->jump, SP_JUMP_BREAK);
        cr_assert_eq(ec->jump_val, SP_FIX(5));
    }
    cr_assert_eq(rescued, 0);
}

static sp_value stray_break(void *arg)
{
    static char nowhere;
    sp_jump(sp_ec_current(), SP_JUMP_BREAK, &nowhere, SP_NIL);
}

Test(exc, break_without_target_is_local_jump_error)
{
    sp_value exc;
    sp_run_protected(stray_break, NULL, &exc);
    cr_assert_eq(sp_obj_class(exc), sp_eLocalJumpError);
    cr_assert_str_eq(cstr(sp_exc_message(exc)), "break from proc-closure");
}

/* catch/throw through Kernel with a C block */
static sp_value throw_block(sp_proc *p, int argc, const sp_value *argv, sp_value blk)
{
    sp_value a[2] = { sp_sym("done"), SP_FIX(9) };
    sp_funcall(sp_main_obj, sp_intern("throw"), 2, a, SP_NIL);
    return SP_FIX(0);
}

Test(exc, catch_throw)
{
    sp_value blk = sp_proc_new(throw_block, NULL, sp_main_obj, 0, 1, 0);
    sp_value tag = sp_sym("done");
    sp_value r = sp_funcall(sp_main_obj, sp_intern("catch"), 1, &tag, blk);
    cr_assert_eq(r, SP_FIX(9));
}

static sp_value uncaught_throw(void *arg)
{
    sp_value a = sp_sym("foo");
    return sp_funcall(sp_main_obj, sp_intern("throw"), 1, &a, SP_NIL);
}

Test(exc, uncaught_throw_message)
{
    sp_value exc;
    sp_run_protected(uncaught_throw, NULL, &exc);
    cr_assert_eq(sp_obj_class(exc), sp_eUncaughtThrowError);
    cr_assert_str_eq(cstr(sp_exc_message(exc)), "uncaught throw :foo");
    cr_assert_eq(sp_funcall0(exc, "tag"), sp_sym("foo"));
}

/* backtrace from frames: a compiled-looking frame calling a builtin */
static const sp_srcinfo si_main = { "t.rb", "<main>", 1, NULL, 0, NULL };
static const sp_srcinfo si_foo = { "t.rb", "Object#foo", 1, NULL, 0, NULL };

static sp_value div_in_foo(void *arg)
{
    sp_ec *ec = sp_ec_current();
    sp_frame f1 = { ec->frame, &si_main, 2, SP_NIL, SP_NIL };
    ec->frame = &f1;
    sp_frame f2 = { ec->frame, &si_foo, 1, SP_NIL, SP_NIL };
    ec->frame = &f2;
    sp_raise(sp_eZeroDivError, "divided by 0");
}

Test(exc, backtrace_and_report)
{
    sp_value exc;
    sp_run_protected(div_in_foo, NULL, &exc);
    cr_assert_str_eq(insp(sp_exc_backtrace(exc)), "[\"t.rb:1:in 'Object#foo'\", \"t.rb:2:in '<main>'\"]");
    sp_value full = sp_funcall0(exc, "full_message");
    cr_assert_str_eq(cstr(full), "t.rb:1:in 'Object#foo': divided by 0 (ZeroDivisionError)\n"
                                 "\tfrom t.rb:2:in '<main>'\n");
    cr_assert_eq(sp_ec_current()->frame, NULL, "frame restored at the base handler");
}

static sp_value raise_in_rescue(void *arg)
{
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_push_handler(ec, &h, SP_H_RESCUE, NULL);
    if (_setjmp(h.jb) == 0) {
        sp_raise(sp_eRuntimeError, "a");
    }
    sp_pop_handler(ec, &h);
    sp_raise(sp_eTypeError, "b");
}

Test(exc, cause_is_set_from_errinfo)
{
    sp_value exc;
    sp_run_protected(raise_in_rescue, NULL, &exc);
    cr_assert_str_eq(insp(exc), "#<TypeError: b>");
    cr_assert_str_eq(insp(sp_funcall0(exc, "cause")), "#<RuntimeError: a>");
    sp_ec_current()->errinfo = SP_NIL;
}

Test(exc, messages_and_inspect)
{
    sp_value e = sp_class_new_instance(sp_eRuntimeError, 0, NULL, SP_NIL);
    cr_assert_str_eq(insp(e), "#<RuntimeError: RuntimeError>");
    sp_value s = sp_str_new_cstr("");
    e = sp_class_new_instance(sp_eRuntimeError, 1, &s, SP_NIL);
    cr_assert_str_eq(insp(e), "RuntimeError");
    cr_assert_str_eq(cstr(sp_funcall0(e, "detailed_message")), "unhandled exception");
    s = sp_str_new_cstr("a\nb");
    e = sp_class_new_instance(sp_eException, 1, &s, SP_NIL);
    cr_assert_str_eq(insp(e), "#<Exception:\"a\\nb\">");
    sp_value se = sp_class_new_instance(sp_eSystemExit, 0, NULL, SP_NIL);
    cr_assert_eq(sp_funcall0(se, "status"), SP_FIX(0));
    cr_assert_str_eq(cstr(sp_exc_message(se)), "SystemExit");   /* CRuby: the class name; `exit` passes "exit" */
    cr_assert_str_eq(cstr(sp_exc_message(sp_class_new_instance(sp_eENOENT, 0, NULL, SP_NIL))),
                     "No such file or directory");
    s = sp_str_new_cstr("foo");
    cr_assert_str_eq(cstr(sp_exc_message(sp_class_new_instance(sp_eENOENT, 1, &s, SP_NIL))),
                     "No such file or directory - foo");
}

/* yield semantics */
static sp_value collect_block(sp_proc *p, int argc, const sp_value *argv, sp_value blk)
{
    return sp_ary_new_from(argc, argv);
}

Test(exc, yield_semantics)
{
    sp_value pair[2] = { SP_FIX(1), SP_FIX(2) };
    sp_value ary = sp_ary_new_from(2, pair);
    sp_value two = sp_proc_new(collect_block, NULL, SP_NIL, 2, 2, 0);
    cr_assert_str_eq(insp(sp_yield1(two, ary)), "[1, 2]");           /* auto-splat */
    cr_assert_str_eq(insp(sp_yield1(two, SP_FIX(1))), "[1, nil]");     /* missing -> nil */
    sp_value three[3] = { SP_FIX(1), SP_FIX(2), SP_FIX(3) };
    cr_assert_str_eq(insp(sp_yield(two, 3, three)), "[1, 2]");         /* extras dropped */
    sp_value one = sp_proc_new(collect_block, NULL, SP_NIL, 1, 1, 0);
    cr_assert_str_eq(insp(sp_yield1(one, ary)), "[[1, 2]]");           /* no splat */
    sp_value lam = sp_proc_new(collect_block, NULL, SP_NIL, 2, 2, 1);
    cr_assert_eq(sp_funcall0(lam, "lambda?"), SP_TRUE);
    cr_assert_eq(sp_funcall0(lam, "arity"), SP_FIX(2));
}

static sp_value lambda_arity_err(void *arg)
{
    return sp_proc_call((sp_value)arg, 1, (sp_value[]){ SP_FIX(1) }, SP_NIL);
}

Test(exc, lambda_arity)
{
    sp_value lam = sp_proc_new(collect_block, NULL, SP_NIL, 2, 2, 1);
    sp_value exc;
    sp_run_protected(lambda_arity_err, (void *)lam, &exc);
    cr_assert_str_eq(cstr(sp_exc_message(exc)), "wrong number of arguments (given 1, expected 2)");
}

static sp_value cmp_lt(void *arg)
{
    sp_value k = (sp_value)arg;
    sp_value a = sp_class_new_instance(k, 0, NULL, SP_NIL);
    sp_value b = sp_class_new_instance(k, 0, NULL, SP_NIL);
    return sp_funcall1(a, "<", b);
}

Test(exc, comparable_failure)
{
    sp_value k = sp_define_class("TCmpNone", sp_cObject);
    sp_funcall1(k, "include", sp_mComparable);
    sp_value exc;
    sp_run_protected(cmp_lt, (void *)k, &exc);
    cr_assert_eq(sp_obj_class(exc), sp_eArgError);
    cr_assert_str_eq(cstr(sp_exc_message(exc)), "comparison of TCmpNone with TCmpNone failed");
}

/*
 * test_object.c — unit tests of the object model: class hierarchy,
 * method definition and dispatch (with and without inline caches),
 * method_missing, visibility, arity errors, modules, super, constants,
 * ivars (including a two-thread race stress), symbols.
 * Expected messages come from CRuby 3.4.
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <string.h>
#include "spinel.h"

static void setup(void)
{
    static int done;
    if (!done) { done = 1; sp_init(0, NULL); }
}

TestSuite(object, .init = setup);

SP_METHOD(m_answer) { return SP_FIX(42); }
SP_METHOD(m_other) { return SP_FIX(7); }
SP_METHOD(m_first) { return argv[0]; }
SP_METHOD(m_mm) { return argv[0]; }               /* method_missing returns the name */
SP_METHOD(m_super_plus1)
{
    sp_value r = sp_call_super(self, sp_funcall0(self, "class"), sp_intern("val"), 0, NULL, SP_NIL);
    return SP_FIX(SP_FIX2LONG(r) + 1);
}
SP_METHOD(m_val1) { return SP_FIX(1); }

static const char *cstr(sp_value s) { return sp_str_cstr(s); }
static const char *insp(sp_value v) { return sp_str_cstr(sp_inspect(v)); }

/* Run fn and return the message of the exception it raised ("" if none). */
typedef struct call_args { sp_value recv; const char *mid; int argc; sp_value argv[4]; int how; } call_args;
static sp_value do_call(void *p)
{
    call_args *a = p;
    if (a->how == 0) return sp_call(a->recv, sp_intern(a->mid), a->argc, a->argv, SP_NIL);
    return sp_funcall(a->recv, sp_intern(a->mid), a->argc, a->argv, SP_NIL);
}
static sp_value raised(sp_value recv, const char *mid, int argc, const sp_value *argv, int how)
{
    call_args a = { recv, mid, argc, { 0 }, how };
    for (int i = 0; i < argc; i++) a.argv[i] = argv[i];
    sp_value exc;
    sp_run_protected(do_call, &a, &exc);
    return exc;
}
static const char *raised_msg(sp_value recv, const char *mid, int argc, const sp_value *argv, int how)
{
    sp_value e = raised(recv, mid, argc, argv, how);
    if (e == SP_NIL) return "";
    return sp_str_cstr(sp_exc_message(e));
}

Test(object, globals_exist)
{
    sp_value all[] = { sp_cBasicObject, sp_cObject, sp_cModule, sp_cClass, sp_mKernel,
        sp_mComparable, sp_mEnumerable, sp_cNilClass, sp_cTrueClass, sp_cFalseClass,
        sp_cNumeric, sp_cInteger, sp_cFloat, sp_cString, sp_cSymbol, sp_cArray,
        sp_cHash, sp_cRange, sp_cProc, sp_cMethod, sp_cUnboundMethod, sp_cRegexp,
        sp_cMatchData, sp_cStruct, sp_cTime, sp_cIO, sp_cThread, sp_cFiber,
        sp_cMutex, sp_cQueue, sp_cSizedQueue, sp_cConditionVariable,
        sp_cEnumerator, sp_mMath, sp_mProcess, sp_cRandom,
        sp_eException, sp_eScriptError, sp_eNotImpError, sp_eStandardError, sp_eRuntimeError,
        sp_eArgError, sp_eTypeError, sp_eNameError, sp_eNoMethodError, sp_eZeroDivError,
        sp_eKeyError, sp_eIndexError, sp_eStopIteration, sp_eFrozenError, sp_eRangeError,
        sp_eFloatDomainError, sp_eThreadError, sp_eClosedQueueError, sp_eFiberError,
        sp_eLocalJumpError, sp_eSystemExit, sp_eInterrupt, sp_eSignal, sp_eSystemStackError,
        sp_eNoMatchingPatternError, sp_eNoMatchingPatternKeyError, sp_eIOError, sp_eEOFError,
        sp_eSystemCallError, sp_eENOENT, sp_eRegexpError, sp_eEncodingError, sp_eFatal,
        sp_eSecurityError, sp_eUncaughtThrowError, sp_eMathDomainError };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) cr_assert(all[i] != 0, "global %zu unset", i);
    cr_assert_str_eq(insp(sp_funcall0(sp_cInteger, "ancestors")),
                     "[Integer, Numeric, Comparable, Object, Kernel, BasicObject]");
    cr_assert_str_eq(insp(sp_cMutex), "Thread::Mutex");
    cr_assert_str_eq(insp(sp_funcall0(sp_cObject, "singleton_class")), "#<Class:Object>");
    cr_assert_str_eq(insp(sp_funcall0(sp_eClosedQueueError, "superclass")), "StopIteration");
    cr_assert_str_eq(insp(sp_obj_class(SP_FIX(1))), "Integer");
    cr_assert_str_eq(insp(sp_obj_class(SP_NIL)), "NilClass");
    cr_assert_str_eq(insp(sp_obj_class(sp_sym("a"))), "Symbol");
}

Test(object, define_and_call)
{
    sp_value foo = sp_define_class("TFoo", sp_cObject);
    sp_define_method(foo, "answer", m_answer, 0);
    sp_define_method(foo, "first", m_first, 1);
    sp_value o = sp_class_new_instance(foo, 0, NULL, SP_NIL);
    cr_assert_eq(sp_funcall0(o, "answer"), SP_FIX(42));
    cr_assert_eq(sp_funcall1(o, "first", SP_FIX(5)), SP_FIX(5));
    /* inline cache: hit, then invalidated by a redefinition */
    sp_callsite cs = { sp_intern("answer"), 0, NULL };
    cr_assert_eq(sp_send(&cs, o, 0, NULL, SP_NIL), SP_FIX(42));
    sp_cache_entry *e1 = cs.entry;
    cr_assert(e1 != NULL);
    cr_assert_eq(sp_send(&cs, o, 0, NULL, SP_NIL), SP_FIX(42));
    cr_assert_eq(cs.entry, e1, "cache hit keeps the entry");
    sp_define_method(foo, "answer", m_other, 0);
    cr_assert_eq(sp_send(&cs, o, 0, NULL, SP_NIL), SP_FIX(7));
    cr_assert_neq(cs.entry, e1);
    /* singleton method on one object */
    sp_define_singleton_method(o, "answer", m_answer, 0);
    cr_assert_eq(sp_send(&cs, o, 0, NULL, SP_NIL), SP_FIX(42));
    sp_value o2 = sp_class_new_instance(foo, 0, NULL, SP_NIL);
    cr_assert_eq(sp_send(&cs, o2, 0, NULL, SP_NIL), SP_FIX(7));
}

Test(object, no_method_messages)
{
    sp_value foo = sp_define_class("TNm", sp_cObject);
    sp_value o = sp_class_new_instance(foo, 0, NULL, SP_NIL);
    cr_assert_str_eq(raised_msg(o, "foo", 0, NULL, 0), "undefined method 'foo' for an instance of TNm");
    cr_assert_str_eq(raised_msg(SP_NIL, "foo", 0, NULL, 0), "undefined method 'foo' for nil");
    cr_assert_str_eq(raised_msg(SP_TRUE, "foo", 0, NULL, 0), "undefined method 'foo' for true");
    cr_assert_str_eq(raised_msg(foo, "foo", 0, NULL, 0), "undefined method 'foo' for class TNm");
    cr_assert_str_eq(raised_msg(sp_mComparable, "foo", 0, NULL, 0), "undefined method 'foo' for module Comparable");
    cr_assert_str_eq(raised_msg(SP_FIX(1), "foo", 0, NULL, 0), "undefined method 'foo' for an instance of Integer");
    sp_value e = raised(o, "foo", 0, NULL, 0);
    cr_assert_eq(sp_obj_class(e), sp_eNoMethodError);
    cr_assert_eq(sp_funcall0(e, "name"), sp_sym("foo"));
    cr_assert_eq(sp_funcall0(e, "receiver"), o);
    /* vcall form */
    sp_callsite cs = { sp_intern("xyz"), SP_CS_FCALL | SP_CS_VCALL, NULL };
    (void)cs;
    cr_assert_str_eq(raised_msg(sp_main_obj, "xyz_undefined", 0, NULL, 0),
                     "undefined method 'xyz_undefined' for main");
}

static sp_value do_vcall(void *p)
{
    static sp_callsite cs = { 0, SP_CS_FCALL | SP_CS_VCALL, NULL };
    cs.mid = sp_intern("xyz");
    return sp_send(&cs, (sp_value)p, 0, NULL, SP_NIL);
}

Test(object, vcall_name_error)
{
    sp_value exc;
    sp_run_protected(do_vcall, (void *)sp_main_obj, &exc);
    cr_assert_eq(sp_obj_class(exc), sp_eNameError);
    cr_assert_str_eq(cstr(sp_exc_message(exc)), "undefined local variable or method 'xyz' for main");
}

Test(object, method_missing_user)
{
    sp_value k = sp_define_class("TMm", sp_cObject);
    sp_define_method(k, "method_missing", m_mm, -1);
    sp_value o = sp_class_new_instance(k, 0, NULL, SP_NIL);
    cr_assert_eq(sp_funcall0(o, "whatever"), sp_sym("whatever"));
    sp_callsite cs = { sp_intern("zzz"), 0, NULL };
    cr_assert_eq(sp_send(&cs, o, 0, NULL, SP_NIL), sp_sym("zzz"));
}

Test(object, visibility)
{
    sp_value k = sp_define_class("TVis", sp_cObject);
    sp_define_private_method(k, "pv", m_answer, 0);
    sp_value o = sp_class_new_instance(k, 0, NULL, SP_NIL);
    cr_assert_str_eq(raised_msg(o, "pv", 0, NULL, 0), "private method 'pv' called for an instance of TVis");
    cr_assert_eq(sp_funcall0(o, "pv"), SP_FIX(42));
    sp_callsite fc = { sp_intern("pv"), SP_CS_FCALL, NULL };
    cr_assert_eq(sp_send(&fc, o, 0, NULL, SP_NIL), SP_FIX(42));
    sp_callsite c = { sp_intern("pv"), 0, NULL };
    sp_value exc = raised(o, "pv", 0, NULL, 0);
    cr_assert_eq(sp_obj_class(exc), sp_eNoMethodError);
    (void)c;
    /* Module#public / private with arguments */
    sp_value nm = sp_sym("pv");
    sp_funcall(k, sp_intern("public"), 1, &nm, SP_NIL);
    cr_assert_eq(sp_call(o, sp_intern("pv"), 0, NULL, SP_NIL), SP_FIX(42));
    sp_funcall(k, sp_intern("private"), 1, &nm, SP_NIL);
    cr_assert_str_eq(raised_msg(o, "pv", 0, NULL, 0), "private method 'pv' called for an instance of TVis");
}

Test(object, arity_messages)
{
    sp_value k = sp_define_class("TAr", sp_cObject);
    sp_define_method(k, "two", m_answer, 2);
    sp_define_method_range(k, "range", m_answer, 1, 2);
    sp_define_method_range(k, "rest", m_answer, 1, -1);
    sp_value o = sp_class_new_instance(k, 0, NULL, SP_NIL);
    sp_value one = SP_FIX(1);
    cr_assert_str_eq(raised_msg(o, "two", 1, &one, 0), "wrong number of arguments (given 1, expected 2)");
    cr_assert_str_eq(raised_msg(o, "range", 0, NULL, 0), "wrong number of arguments (given 0, expected 1..2)");
    cr_assert_str_eq(raised_msg(o, "rest", 0, NULL, 0), "wrong number of arguments (given 0, expected 1+)");
    cr_assert_str_eq(raised_msg(k, "new", 1, &one, 0), "wrong number of arguments (given 1, expected 0)");
}

Test(object, modules_and_super)
{
    sp_value base = sp_define_class("TBase", sp_cObject);
    sp_define_method(base, "val", m_val1, 0);
    sp_value sub = sp_define_class("TSub", base);
    sp_define_method(sub, "val", m_super_plus1, 0);
    sp_value o = sp_class_new_instance(sub, 0, NULL, SP_NIL);
    cr_assert_eq(sp_funcall0(o, "val"), SP_FIX(2));
    sp_value mod = sp_define_module("TMod");
    sp_value sub2 = sp_define_class("TSub2", base);
    sp_include_module(sub2, mod);
    cr_assert_str_eq(insp(sp_funcall0(sub2, "ancestors")), "[TSub2, TMod, TBase, Object, Kernel, BasicObject]");
    /* prepend puts the module before the class */
    sp_value mod2 = sp_define_module("TPre");
    sp_funcall1(sub2, "prepend", mod2);
    cr_assert_str_eq(insp(sp_funcall0(sub2, "ancestors")),
                     "[TPre, TSub2, TMod, TBase, Object, Kernel, BasicObject]");
    cr_assert_eq(sp_funcall1(sub2, "include?", mod), SP_TRUE);
    cr_assert_eq(sp_funcall1(sub2, "<", base), SP_TRUE);
    cr_assert_eq(sp_funcall1(base, "<", sub2), SP_FALSE);
    cr_assert_eq(sp_funcall1(base, "<", mod), SP_NIL);
}

Test(object, class_methods_inherit)
{
    sp_value a = sp_define_class("TCa", sp_cObject);
    sp_define_singleton_method(a, "make", m_answer, 0);
    sp_value b = sp_define_class("TCb", a);
    cr_assert_eq(sp_funcall0(b, "make"), SP_FIX(42));
    cr_assert_str_eq(insp(sp_funcall0(b, "singleton_class")), "#<Class:TCb>");
    cr_assert_str_eq(insp(sp_funcall0(sp_funcall0(b, "singleton_class"), "superclass")), "#<Class:TCa>");
}

Test(object, constants)
{
    sp_value outer = sp_define_module("TOuter");
    sp_value inner = sp_define_class_under(outer, "Inner", sp_cObject);
    cr_assert_str_eq(insp(inner), "TOuter::Inner");
    sp_define_const(outer, "X", SP_FIX(3));
    sp_cref top = { NULL, sp_cObject };
    sp_cref c1 = { &top, outer };
    sp_cref c2 = { &c1, inner };
    cr_assert_eq(sp_const_lookup(&c2, sp_intern("X")), SP_FIX(3));
    cr_assert_eq(sp_const_lookup(&c2, sp_intern("String")), sp_cString);
    cr_assert_eq(sp_const_get_under(outer, sp_intern("Inner")), inner);
    sp_value exc = raised(outer, "const_get", 1, (sp_value[]){ sp_sym("Nope") }, 1);
    cr_assert_str_eq(cstr(sp_exc_message(exc)), "uninitialized constant TOuter::Nope");
    exc = raised(sp_cObject, "const_get", 1, (sp_value[]){ sp_sym("Nope") }, 1);
    cr_assert_str_eq(cstr(sp_exc_message(exc)), "uninitialized constant Nope");
    sp_value anon = sp_class_new(SP_UNDEF);
    cr_assert(strncmp(insp(anon), "#<Class:0x", 10) == 0);
    cr_assert_eq(strlen(insp(anon)), strlen("#<Class:0x") + 16 + 1);
    sp_const_set(outer, sp_intern("Named"), anon);
    cr_assert_str_eq(insp(anon), "TOuter::Named");
}

Test(object, ivars_and_inspect)
{
    sp_value k = sp_define_class("TIv", sp_cObject);
    sp_value o = sp_class_new_instance(k, 0, NULL, SP_NIL);
    cr_assert_eq(sp_ivar_get(o, sp_intern("@a")), SP_NIL);
    sp_ivar_set(o, sp_intern("@b"), SP_FIX(1));
    sp_ivar_set(o, sp_intern("@a"), sp_str_new_cstr("x"));
    cr_assert_str_eq(insp(sp_funcall0(o, "instance_variables")), "[:@b, :@a]");
    const char *s = insp(o);
    cr_assert(strncmp(s, "#<TIv:0x", 8) == 0);
    cr_assert(strstr(s, " @b=1, @a=\"x\">") != NULL, "%s", s);
    uint64_t ic = 0;
    cr_assert_eq(sp_ivar_get_ic(o, sp_intern("@b"), &ic), SP_FIX(1));
    cr_assert_eq(sp_ivar_get_ic(o, sp_intern("@b"), &ic), SP_FIX(1));
    sp_ivar_set_ic(o, sp_intern("@b"), SP_FIX(9), &ic);
    cr_assert_eq(sp_ivar_get(o, sp_intern("@b")), SP_FIX(9));
    sp_obj_freeze(o);
    sp_value args[2] = { sp_sym("@a"), SP_FIX(2) };
    sp_value exc = raised(o, "instance_variable_set", 2, args, 1);
    cr_assert_eq(sp_obj_class(exc), sp_eFrozenError);
    cr_assert(strncmp(cstr(sp_exc_message(exc)), "can't modify frozen TIv: #<TIv:0x", 33) == 0);
    sp_value bad = sp_str_new_cstr("a");
    exc = raised(o, "instance_variable_get", 1, &bad, 1);
    cr_assert_str_eq(cstr(sp_exc_message(exc)), "'a' is not allowed as an instance variable name");
}

Test(object, attr_accessor_and_define_method)
{
    sp_value k = sp_define_class("TAttr", sp_cObject);
    sp_value nm = sp_sym("x");
    sp_funcall(k, sp_intern("attr_accessor"), 1, &nm, SP_NIL);
    sp_value o = sp_class_new_instance(k, 0, NULL, SP_NIL);
    sp_funcall1(o, "x=", SP_FIX(5));
    cr_assert_eq(sp_funcall0(o, "x"), SP_FIX(5));
    cr_assert_eq(sp_ivar_get(o, sp_intern("@x")), SP_FIX(5));
    sp_value um = sp_funcall1(k, "instance_method", sp_sym("x"));
    cr_assert_eq(sp_funcall0(sp_funcall1(um, "bind", o), "call"), SP_FIX(5));
    cr_assert_eq(sp_funcall0(sp_funcall1(o, "method", sp_sym("x")), "call"), SP_FIX(5));
    cr_assert_eq(sp_funcall0(sp_funcall1(o, "method", sp_sym("x")), "arity"), SP_FIX(0));
}

Test(object, symbols)
{
    cr_assert_eq(sp_intern("hello"), sp_intern("hello"));
    cr_assert_str_eq(sp_id_name(sp_intern("hello")), "hello");
    const char *cases[][2] = { { "foo bar", ":\"foo bar\"" }, { "foo", ":foo" }, { "+", ":+" },
        { "[]=", ":[]=" }, { "a?", ":a?" }, { "b!", ":b!" }, { "c=", ":c=" }, { "@a", ":@a" },
        { "@@b", ":@@b" }, { "$c", ":$c" }, { "9a", ":\"9a\"" }, { "A", ":A" } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_assert_str_eq(insp(sp_sym(cases[i][0])), cases[i][1]);
}

/* ---- ivar race: two threads write, one reads, on one object ---- */
static sp_value race_obj;
static volatile int race_stop;

static void *race_writer(void *arg)
{
    /* gc.h (GC_THREADS) routes pthread_create through GC_pthread_create,
     * so this thread is already registered with the collector */
    sp_ec ec;
    memset(&ec, 0, sizeof ec);
    ec.errinfo = SP_NIL;
    sp_ec_set_current(&ec);
    long base = (long)(intptr_t)arg;
    char name[16];
    for (int i = 0; i < 20000; i++) {
        snprintf(name, sizeof name, "@v%d", (int)((i + base) % 64));
        sp_ivar_set(race_obj, sp_intern(name), SP_FIX(i));
    }
    return NULL;
}

static void *race_reader(void *arg)
{
    /* gc.h (GC_THREADS) routes pthread_create through GC_pthread_create,
     * so this thread is already registered with the collector */
    sp_ec ec;
    memset(&ec, 0, sizeof ec);
    ec.errinfo = SP_NIL;
    sp_ec_set_current(&ec);
    char name[16];
    long sum = 0;
    while (!race_stop) {
        for (int j = 0; j < 64; j++) {
            snprintf(name, sizeof name, "@v%d", j);
            sp_value v = sp_ivar_get(race_obj, sp_intern(name));
            if (SP_FIXNUM_P(v)) sum += SP_FIX2LONG(v);
            else if (v != SP_NIL) abort();
        }
    }
    return (void *)sum;
}

Test(object, ivar_race_stress)
{
    sp_value k = sp_define_class("TRace", sp_cObject);
    race_obj = sp_class_new_instance(k, 0, NULL, SP_NIL);
    pthread_t w1, w2, r;
    race_stop = 0;
    pthread_create(&r, NULL, race_reader, NULL);
    pthread_create(&w1, NULL, race_writer, (void *)0);
    pthread_create(&w2, NULL, race_writer, (void *)17);
    pthread_join(w1, NULL);
    pthread_join(w2, NULL);
    race_stop = 1;
    pthread_join(r, NULL);
    sp_value iv = sp_funcall0(race_obj, "instance_variables");
    cr_assert_eq(sp_ary_len(iv), 64);
}

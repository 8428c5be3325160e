/*
 * sp_argf.c — ARGF ($<): the concatenation of the files named in ARGV, or
 * stdin when ARGV is empty, as Kernel#gets/readline/readlines read it.
 *
 * State: the current IO (nil between files), whether stdin was taken
 * because ARGV was empty at the first read, and the line number across
 * all files ($., ARGF.lineno).  A file name is shifted off ARGV when its
 * file is opened, as in CRuby; "-" names stdin.  Reads go through the
 * IO's own methods (IO#gets...), so separators, limits and chomp: behave
 * exactly as for an IO.  ARGF is one shared stream: two threads reading
 * it interleave their lines (as in CRuby).
 */
#include <string.h>

#include "spinel.h"
#include "sp_vm.h"
#include "sp_io.h"
#include "sp_load.h"
#include "sp_class.h"
#include "sp_string.h"

static sp_value argf, cur = SP_NIL, cur_name = SP_NIL;
static int started;          /* a read happened (ARGV was looked at) */
static long lineno;
long sp_last_lineno;         /* $. */

static sp_value argv_ary(void) { return sp_const_get(sp_cObject, sp_intern("ARGV")); }

/* Open the next file if none is open; nil when all are read. */
static sp_value next_file(void)
{
    if (cur != SP_NIL) return cur;
    sp_value av = argv_ary();
    if (sp_ary_len(av) > 0) {
        started = 1;
        sp_value name = sp_funcall0(av, "shift");
        cur_name = name;
        if (sp_str_p(name) && !strcmp(sp_str_cstr(name), "-")) cur = sp_stdin_obj;
        else cur = sp_funcall1(sp_const_get(sp_cObject, sp_intern("File")), "open", name);
        return cur;
    }
    if (!started) {
        started = 1;
        cur_name = sp_str_new_cstr("-");
        cur = sp_stdin_obj;
        return cur;
    }
    return SP_NIL;
}

static void finish_file(void)
{
    if (cur != SP_NIL && cur != sp_stdin_obj) sp_funcall0(cur, "close");
    cur = SP_NIL;
}

static sp_value argf_gets(int argc, const sp_value *argv)
{
    for (;;) {
        sp_value io = next_file();
        if (io == SP_NIL) return SP_NIL;
        sp_value line = sp_funcall(io, sp_intern("gets"), argc, argv, SP_NIL);
        if (line != SP_NIL) {
            __atomic_store_n(&sp_last_lineno, ++lineno, __ATOMIC_RELAXED);
            return line;
        }
        finish_file();
    }
}

SP_METHOD(a_gets) { (void)self; (void)blk; return argf_gets(argc_, argv); }

SP_METHOD(a_readline)
{
    (void)self; (void)blk;
    sp_value l = argf_gets(argc_, argv);
    if (l == SP_NIL) sp_raise(sp_eEOFError, "end of file reached");
    return l;
}

SP_METHOD(a_readlines)
{
    (void)self; (void)blk;
    sp_value a = sp_ary_new();
    sp_value l;
    while ((l = argf_gets(argc_, argv)) != SP_NIL) sp_ary_push(a, l);
    return a;
}

SP_METHOD(a_each_line)
{
    if (!SP_HEAP_P(blk)) return sp_funcall2(self, "enum_for", sp_sym("each_line"), SP_NIL);
    sp_value l;
    while ((l = argf_gets(argc_, argv)) != SP_NIL) sp_yield1(blk, l);
    return self;
}

SP_METHOD(a_read)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    sp_value out = sp_str_new("", 0);
    sp_value io;
    while ((io = next_file()) != SP_NIL) {
        sp_str_append(out, sp_funcall0(io, "read"));
        finish_file();
    }
    return out;
}

SP_METHOD(a_eof)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    sp_value io = next_file();
    return io == SP_NIL ? SP_TRUE : sp_funcall0(io, "eof?");
}

SP_METHOD(a_filename)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    next_file();
    return cur_name;
}

SP_METHOD(a_file)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    sp_value io = next_file();
    return io == SP_NIL ? sp_stdin_obj : io;
}

SP_METHOD(a_skip) { (void)argc_; (void)argv; (void)blk; finish_file(); return self; }
SP_METHOD(a_lineno) { (void)self; (void)argc_; (void)argv; (void)blk; return SP_FIX(lineno); }
SP_METHOD(a_set_lineno)
{
    (void)self; (void)argc_; (void)blk;
    lineno = sp_num_to_long(argv[0]);
    __atomic_store_n(&sp_last_lineno, lineno, __ATOMIC_RELAXED);
    return argv[0];
}
SP_METHOD(a_argv) { (void)self; (void)argc_; (void)argv; (void)blk; return argv_ary(); }
SP_METHOD(a_to_s) { (void)self; (void)argc_; (void)argv; (void)blk; return sp_str_new_cstr("ARGF"); }

/* Kernel#gets/readline/readlines read ARGF. */
SP_METHOD(k_gets) { (void)self; (void)blk; return argf_gets(argc_, argv); }
SP_METHOD(k_readline) { return a_readline(self, argc_, argv, blk); }
SP_METHOD(k_readlines) { return a_readlines(self, argc_, argv, blk); }

sp_value sp_argf(void) { return argf; }

void sp_argf_init(void)
{
    sp_value k = sp_class_new(sp_cObject);
    SP_CLASS(k)->path = "ARGF.class";     /* a name, not a constant (as CRuby) */
    sp_funcall1(k, "include", sp_const_get(sp_cObject, sp_intern("Enumerable")));
    argf = sp_obj_alloc(k);
    GC_add_roots(&argf, &argf + 1);
    GC_add_roots(&cur, &cur + 1);
    GC_add_roots(&cur_name, &cur_name + 1);
    sp_const_set(sp_cObject, sp_intern("ARGF"), argf);
    sp_define_method(k, "gets", a_gets, -1);
    sp_define_method(k, "readline", a_readline, -1);
    sp_define_method(k, "readlines", a_readlines, -1);
    sp_define_method(k, "to_a", a_readlines, -1);
    sp_define_method(k, "each_line", a_each_line, -1);
    sp_define_method(k, "each", a_each_line, -1);
    sp_define_method(k, "read", a_read, -1);
    sp_define_method(k, "eof?", a_eof, 0);
    sp_define_method(k, "eof", a_eof, 0);
    sp_define_method(k, "filename", a_filename, 0);
    sp_define_method(k, "path", a_filename, 0);
    sp_define_method(k, "file", a_file, 0);
    sp_define_method(k, "skip", a_skip, 0);
    sp_define_method(k, "lineno", a_lineno, 0);
    sp_define_method(k, "lineno=", a_set_lineno, 1);
    sp_define_method(k, "argv", a_argv, 0);
    sp_define_method(k, "to_s", a_to_s, 0);
    sp_define_method(k, "inspect", a_to_s, 0);
    sp_define_private_method(sp_mKernel, "gets", k_gets, -1);
    sp_define_private_method(sp_mKernel, "readline", k_readline, -1);
    sp_define_private_method(sp_mKernel, "readlines", k_readlines, -1);
}

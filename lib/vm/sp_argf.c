/*
 * sp_argf.c — ARGF ($<): the concatenation of the files named in ARGV, or
 * stdin when ARGV is empty, as Kernel#gets/readline/readlines read it;
 * ARGF.class.new(*names) makes another such stream over its own list.
 *
 * State (one argf_t per instance): the list of names (nil for ARGF
 * itself, which reads the ARGV constant), the current IO (nil between
 * files), whether the list was looked at, whether the stream is stdin
 * because the list was empty at the first read (CRuby's next_p == -1:
 * nothing follows it), the line number across all files ($.,
 * ARGF.lineno), binmode and the encodings set.  A file name is shifted
 * off the list when its file is opened, as in CRuby; "-" names stdin.
 * Reads go through the IO's own methods (IO#gets...), so separators,
 * limits and chomp: behave exactly as for an IO; a read that finds the
 * current file at its end closes it and goes on with the next.  ARGF is
 * one shared stream: two threads reading it interleave their lines (as
 * in CRuby).
 */
#include <string.h>

#include "spinel.h"
#include "sp_vm.h"
#include "sp_io.h"
#include "sp_load.h"
#include "sp_class.h"
#include "sp_string.h"

typedef struct argf_t {
    sp_header hdr;
    sp_value names;       /* Array of names, nil: the ARGV constant */
    sp_value cur, cur_name;
    sp_value last;        /* the file before cur went nil (file, closed?) */
    int started;          /* the list was looked at */
    int only_stdin;       /* the list was empty: the stream is stdin alone */
    int binmode;
    long lineno;
    sp_value ext, in;     /* set_encoding's, nil: none */
} argf_t;

#define A(v) ((argf_t *)(v))

static sp_value argf, cArgf;
long sp_last_lineno;         /* $. */

static sp_value names_of(argf_t *a)
{
    return a->names != SP_NIL ? a->names : sp_const_get(sp_cObject, sp_intern("ARGV"));
}

static void set_lineno(argf_t *a, long n)
{
    a->lineno = n;
    __atomic_store_n(&sp_last_lineno, n, __ATOMIC_RELAXED);
}

/* The file's settings from ARGF.binmode / set_encoding. */
static void apply_settings(argf_t *a, sp_value io)
{
    if (a->binmode) sp_funcall0(io, "binmode");
    if (a->ext != SP_NIL) sp_funcall2(io, "set_encoding", a->ext, a->in);
}

/* Open the next file if none is open; nil when all are read. */
static sp_value next_file(argf_t *a)
{
    /* ARGV refilled while the stream is stdin: its files follow at once
     * (CRuby's next_p going from -1 to 1) */
    if (a->only_stdin && sp_ary_len(names_of(a)) > 0) {
        a->only_stdin = 0;
        a->cur = SP_NIL;
    }
    if (a->cur != SP_NIL) return a->cur;
    sp_value av = names_of(a);
    if (sp_ary_len(av) > 0) {
        a->started = 1;
        sp_value name = sp_funcall0(av, "shift");
        a->cur_name = name;
        if (sp_str_p(name) && !strcmp(sp_str_cstr(name), "-")) a->cur = sp_stdin_obj;
        else a->cur = sp_funcall1(sp_const_get(sp_cObject, sp_intern("File")), "open", name);
        apply_settings(a, a->cur);
        return a->cur;
    }
    if (!a->started) {
        a->started = 1;
        a->only_stdin = 1;
        a->cur_name = sp_str_new_cstr("-");
        a->cur = sp_stdin_obj;
        return a->cur;
    }
    return SP_NIL;
}

static void close_cur(argf_t *a)
{
    if (a->cur != SP_NIL && a->cur != sp_stdin_obj && !SP_RTEST(sp_funcall0(a->cur, "closed?")))
        sp_funcall0(a->cur, "close");
}

/* The current file is at its end: go on with the next one.  0 when
 * nothing follows (stdin read because the list was empty). */
static int advance(argf_t *a)
{
    if (a->only_stdin) return 0;
    close_cur(a);
    a->last = a->cur;
    a->cur = SP_NIL;
    return 1;
}

static sp_value argf_gets(argf_t *a, int argc, const sp_value *argv)
{
    for (;;) {
        sp_value io = next_file(a);
        if (io == SP_NIL) return SP_NIL;
        sp_value line = sp_funcall(io, sp_intern("gets"), argc, argv, SP_NIL);
        if (line != SP_NIL) {
            set_lineno(a, a->lineno + 1);
            return line;
        }
        if (!advance(a)) return SP_NIL;
    }
}

/* A read of one unit (getc, getbyte) across the files. */
static sp_value argf_unit(argf_t *a, const char *meth)
{
    for (;;) {
        sp_value io = next_file(a);
        if (io == SP_NIL) return SP_NIL;
        sp_value c = sp_funcall0(io, meth);
        if (c != SP_NIL) return c;
        if (!advance(a)) return SP_NIL;
    }
}

static SP_NORETURN sp_value eof_error(void) { sp_raise(sp_eEOFError, "end of file reached"); }

SP_METHOD(a_gets) { (void)blk; return argf_gets(A(self), argc_, argv); }

SP_METHOD(a_readline)
{
    (void)blk;
    sp_value l = argf_gets(A(self), argc_, argv);
    if (l == SP_NIL) eof_error();
    return l;
}

SP_METHOD(a_readlines)
{
    (void)blk;
    sp_io_check_line_limit(argc_, argv, "readlines");
    sp_value a = sp_ary_new();
    sp_value l;
    while ((l = argf_gets(A(self), argc_, argv)) != SP_NIL) sp_ary_push(a, l);
    return a;
}

SP_METHOD(a_each_line)
{
    if (!SP_HEAP_P(blk)) {
        sp_value args[4] = { sp_sym("each_line") };
        int n = SP_ARGC(argc_);
        for (int i = 0; i < n && i < 3; i++) args[i + 1] = argv[i];
        return sp_funcall(self, sp_intern("enum_for"), 1 + (n < 3 ? n : 3), args, SP_NIL);
    }
    sp_io_check_line_limit(argc_, argv, "each_line");
    sp_value l;
    while ((l = argf_gets(A(self), argc_, argv)) != SP_NIL) sp_yield1(blk, l);
    return self;
}

/* each_char / each_byte / each_codepoint: the files' own, one after another. */
static sp_value each_unit(sp_value self, sp_value blk, const char *meth)
{
    if (!SP_HEAP_P(blk)) return sp_funcall1(self, "enum_for", sp_sym(meth));
    argf_t *a = A(self);
    sp_value io;
    while ((io = next_file(a)) != SP_NIL) {
        sp_funcall(io, sp_intern(meth), 0, NULL, blk);
        if (!advance(a)) break;
    }
    return self;
}
SP_METHOD(a_each_char) { (void)argc_; (void)argv; return each_unit(self, blk, "each_char"); }
SP_METHOD(a_each_byte) { (void)argc_; (void)argv; return each_unit(self, blk, "each_byte"); }
SP_METHOD(a_each_codepoint) { (void)argc_; (void)argv; return each_unit(self, blk, "each_codepoint"); }

/* read(length = nil, outbuf = nil): the rest of every file, or up to
 * length bytes across them. */
SP_METHOD(a_read)
{
    (void)blk;
    argf_t *a = A(self);
    int n = SP_ARGC(argc_);
    if (n > 2) sp_raise_arity(n, 0, 2);
    sp_value len = n > 0 ? argv[0] : SP_NIL, outbuf = n > 1 ? argv[1] : SP_NIL;
    long want = len == SP_NIL ? -1 : (long)sp_num_to_long(len);
    if (want < 0 && len != SP_NIL) sp_raise(sp_eArgError, "negative length %ld given", want);
    sp_value str = SP_NIL;
    for (;;) {
        sp_value io = next_file(a);
        if (io == SP_NIL) break;
        sp_value tmp;
        if (want < 0) tmp = sp_funcall0(io, "read");
        else tmp = sp_funcall1(io, "read", SP_FIX(want - (str == SP_NIL ? 0 : (long)sp_str_len(str))));
        if (str == SP_NIL) str = tmp;
        else if (tmp != SP_NIL) sp_str_append(str, tmp);
        if (tmp == SP_NIL || want < 0) {
            if (!advance(a)) break;
            continue;
        }
        if ((long)sp_str_len(str) >= want) break;
    }
    if (str == SP_NIL && want < 0) str = sp_str_new("", 0);
    if (outbuf != SP_NIL) {
        sp_value o = sp_str_to_str(outbuf);
        sp_funcall1(o, "replace", str == SP_NIL ? sp_str_new("", 0) : str);
        return str == SP_NIL ? SP_NIL : o;
    }
    return str;
}

/* readpartial / read_nonblock: the current file's, EOFError only after
 * the last file. */
static sp_value partial(sp_value self, int argc_, const sp_value *argv, const char *meth)
{
    argf_t *a = A(self);
    int argc = SP_ARGC(argc_) - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    {
        sp_value io = next_file(a);
        int at_end = io == SP_NIL || SP_RTEST(sp_funcall0(io, "eof?"));
        if (!at_end) return sp_funcall(io, sp_intern(meth), argc_, argv, SP_NIL);
        /* the current file is done: "" while another file follows (CRuby),
         * end of file after the last */
        sp_value buf = argc > 1 ? sp_str_to_str(argv[1]) : SP_NIL;
        if (buf != SP_NIL) sp_funcall0(buf, "clear");
        if (io != SP_NIL && advance(a) && sp_ary_len(names_of(a)) > 0)
            return buf != SP_NIL ? buf : sp_str_new("", 0);
        if ((argc_ & SP_ARGC_KW) && !SP_RTEST(sp_hash_lookup(argv[SP_ARGC(argc_) - 1], sp_sym("exception"), SP_TRUE)))
            return SP_NIL;
        return eof_error();
    }
}
SP_METHOD(a_readpartial) { (void)blk; return partial(self, argc_, argv, "readpartial"); }
SP_METHOD(a_read_nonblock) { (void)blk; return partial(self, argc_, argv, "read_nonblock"); }

SP_METHOD(a_getc) { (void)argc_; (void)argv; (void)blk; return argf_unit(A(self), "getc"); }
SP_METHOD(a_getbyte) { (void)argc_; (void)argv; (void)blk; return argf_unit(A(self), "getbyte"); }
SP_METHOD(a_readchar)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value c = argf_unit(A(self), "getc");
    return c == SP_NIL ? eof_error() : c;
}
SP_METHOD(a_readbyte)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value c = argf_unit(A(self), "getbyte");
    return c == SP_NIL ? eof_error() : c;
}

SP_METHOD(a_eof)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value io = next_file(A(self));
    return io == SP_NIL ? SP_TRUE : sp_funcall0(io, "eof?");
}

SP_METHOD(a_filename)
{
    (void)argc_; (void)argv; (void)blk;
    next_file(A(self));
    return A(self)->cur_name;
}

SP_METHOD(a_file)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value io = next_file(A(self));
    return io != SP_NIL ? io : A(self)->last != SP_NIL ? A(self)->last : sp_stdin_obj;
}

/* The current file for a positioning call; ArgumentError "no stream..." */
static sp_value cur_for(sp_value self, const char *what)
{
    sp_value io = next_file(A(self));
    if (io == SP_NIL) sp_raise(sp_eArgError, "no stream%s%s", *what ? " to " : "", what);
    return io;
}
SP_METHOD(a_fileno) { (void)argc_; (void)argv; (void)blk; return sp_funcall0(cur_for(self, ""), "fileno"); }
SP_METHOD(a_pos) { (void)argc_; (void)argv; (void)blk; return sp_funcall0(cur_for(self, "tell"), "pos"); }
SP_METHOD(a_set_pos) { (void)argc_; (void)blk; return sp_funcall1(cur_for(self, "set position"), "pos=", argv[0]); }
SP_METHOD(a_seek)
{
    (void)blk;
    return sp_funcall(cur_for(self, "seek"), sp_intern("seek"), argc_, argv, SP_NIL);
}
/* rewind: the current file from its start; the line count loses the
 * lines read from it. */
SP_METHOD(a_rewind)
{
    (void)argc_; (void)argv; (void)blk;
    argf_t *a = A(self);
    sp_value io = cur_for(self, "rewind");
    long had = (long)sp_num_to_long(sp_funcall0(io, "lineno"));
    sp_funcall0(io, "rewind");
    set_lineno(a, a->lineno - had > 0 ? a->lineno - had : 0);
    return SP_FIX(0);
}

SP_METHOD(a_skip)
{
    (void)argc_; (void)argv; (void)blk;
    argf_t *a = A(self);
    if (a->started && a->cur != SP_NIL) advance(a);
    return self;
}

/* close: the current file (not stdin) is closed and the next one will be
 * opened; the line count restarts. */
SP_METHOD(a_close)
{
    (void)argc_; (void)argv; (void)blk;
    argf_t *a = A(self);
    next_file(a);
    close_cur(a);
    if (!a->only_stdin) { a->last = a->cur; a->cur = SP_NIL; }
    set_lineno(a, 0);
    return self;
}
SP_METHOD(a_closed)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value io = next_file(A(self));
    if (io == SP_NIL) io = A(self)->last;
    return io == SP_NIL ? SP_TRUE : sp_funcall0(io, "closed?");
}

SP_METHOD(a_binmode)
{
    (void)argc_; (void)argv; (void)blk;
    argf_t *a = A(self);
    a->binmode = 1;
    sp_value io = next_file(a);
    if (io != SP_NIL) sp_funcall0(io, "binmode");
    return self;
}
SP_METHOD(a_binmode_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(A(self)->binmode); }

SP_METHOD(a_set_encoding)
{
    (void)blk;
    argf_t *a = A(self);
    int n = SP_ARGC(argc_) - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_value io = next_file(a);
    if (io == SP_NIL) sp_raise(sp_eArgError, "no stream to set encoding");
    sp_funcall(io, sp_intern("set_encoding"), argc_, argv, SP_NIL);
    a->ext = sp_funcall0(io, "external_encoding");
    a->in = sp_funcall0(io, "internal_encoding");
    return self;
}
SP_METHOD(a_external_encoding)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value io = next_file(A(self));
    return io == SP_NIL ? sp_funcall0(sp_const_get(sp_cObject, sp_intern("Encoding")), "default_external")
                        : sp_funcall0(io, "external_encoding");
}
SP_METHOD(a_internal_encoding)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value io = next_file(A(self));
    return io == SP_NIL ? SP_NIL : sp_funcall0(io, "internal_encoding");
}

SP_METHOD(a_lineno) { (void)argc_; (void)argv; (void)blk; return SP_FIX(A(self)->lineno); }
SP_METHOD(a_set_lineno)
{
    (void)argc_; (void)blk;
    set_lineno(A(self), (long)sp_num_to_long(argv[0]));
    return argv[0];
}
SP_METHOD(a_argv) { (void)argc_; (void)argv; (void)blk; return names_of(A(self)); }
SP_METHOD(a_to_s) { (void)self; (void)argc_; (void)argv; (void)blk; return sp_str_new_cstr("ARGF"); }

/* ARGF.class.new(*names): a stream over its own list. */
SP_METHOD(a_initialize)
{
    (void)blk;
    argf_t *a = A(self);
    a->names = sp_ary_new();
    for (int i = 0; i < SP_ARGC(argc_); i++) sp_ary_push(a->names, argv[i]);
    return self;
}

static sp_value argf_alloc(sp_value klass)
{
    argf_t *a = sp_alloc(sizeof(argf_t), klass, SP_T_DATA);
    a->names = a->cur = a->cur_name = a->last = a->ext = a->in = SP_NIL;
    return (sp_value)a;
}

/* Kernel#gets/readline/readlines read ARGF. */
SP_METHOD(k_gets) { (void)self; (void)blk; return argf_gets(A(argf), argc_, argv); }
SP_METHOD(k_readline) { (void)self; return a_readline(argf, argc_, argv, blk); }
SP_METHOD(k_readlines) { (void)self; return a_readlines(argf, argc_, argv, blk); }

sp_value sp_argf(void) { return argf; }

void sp_argf_init(void)
{
    sp_value k = cArgf = sp_class_new(sp_cObject);
    SP_CLASS(k)->path = "ARGF.class";     /* a name, not a constant (as CRuby) */
    sp_funcall1(k, "include", sp_const_get(sp_cObject, sp_intern("Enumerable")));
    sp_class_set_allocator(k, argf_alloc);
    argf = argf_alloc(k);
    GC_add_roots(&argf, &argf + 1);
    sp_const_set(sp_cObject, sp_intern("ARGF"), argf);
    sp_define_private_method(k, "initialize", a_initialize, -1);
    sp_define_method(k, "gets", a_gets, -1);
    sp_define_method(k, "readline", a_readline, -1);
    sp_define_method(k, "readlines", a_readlines, -1);
    sp_define_method(k, "to_a", a_readlines, -1);
    sp_define_method(k, "each_line", a_each_line, -1);
    sp_define_method(k, "each", a_each_line, -1);
    sp_define_method(k, "each_char", a_each_char, 0);
    sp_define_method(k, "each_byte", a_each_byte, 0);
    sp_define_method(k, "each_codepoint", a_each_codepoint, 0);
    sp_define_method(k, "read", a_read, -1);
    sp_define_method(k, "readpartial", a_readpartial, -1);
    sp_define_method(k, "read_nonblock", a_read_nonblock, -1);
    sp_define_method(k, "getc", a_getc, 0);
    sp_define_method(k, "getbyte", a_getbyte, 0);
    sp_define_method(k, "readchar", a_readchar, 0);
    sp_define_method(k, "readbyte", a_readbyte, 0);
    sp_define_method(k, "eof?", a_eof, 0);
    sp_define_method(k, "eof", a_eof, 0);
    sp_define_method(k, "filename", a_filename, 0);
    sp_define_method(k, "path", a_filename, 0);
    sp_define_method(k, "file", a_file, 0);
    sp_define_method(k, "to_io", a_file, 0);
    sp_define_method(k, "fileno", a_fileno, 0);
    sp_define_method(k, "to_i", a_fileno, 0);
    sp_define_method(k, "pos", a_pos, 0);
    sp_define_method(k, "tell", a_pos, 0);
    sp_define_method(k, "pos=", a_set_pos, 1);
    sp_define_method(k, "seek", a_seek, -1);
    sp_define_method(k, "rewind", a_rewind, 0);
    sp_define_method(k, "skip", a_skip, 0);
    sp_define_method(k, "close", a_close, 0);
    sp_define_method(k, "closed?", a_closed, 0);
    sp_define_method(k, "binmode", a_binmode, 0);
    sp_define_method(k, "binmode?", a_binmode_p, 0);
    sp_define_method(k, "set_encoding", a_set_encoding, -1);
    sp_define_method(k, "external_encoding", a_external_encoding, 0);
    sp_define_method(k, "internal_encoding", a_internal_encoding, 0);
    sp_define_method(k, "lineno", a_lineno, 0);
    sp_define_method(k, "lineno=", a_set_lineno, 1);
    sp_define_method(k, "argv", a_argv, 0);
    sp_define_method(k, "to_s", a_to_s, 0);
    sp_define_method(k, "inspect", a_to_s, 0);
    sp_define_private_method(sp_mKernel, "gets", k_gets, -1);
    sp_define_private_method(sp_mKernel, "readline", k_readline, -1);
    sp_define_private_method(sp_mKernel, "readlines", k_readlines, -1);
}

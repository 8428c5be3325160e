/*
 * sp_stringio.c — `require 'stringio'`: StringIO, an IO-like object over a
 * String (CRuby's ext/stringio, 3.1.2 as shipped with Ruby 3.4).
 *
 * Representation: an SP_T_DATA object { string, pos, lineno, flags }.
 * Positions are byte offsets into the String, which is shared with the
 * caller (StringIO#string returns it; writes modify it in place through
 * String methods' storage, so `sio.string` sees every write).  pos may lie
 * past the end: a write there pads with NUL bytes, a read returns EOF.
 * Mode flags: readable / writable / append, set from the mode string or
 * integer at creation; close_read/close_write clear them.
 *
 * puts/print write through #write (sp_io_puts_to/sp_io_print_to in
 * sp_io.c), as rb_io_puts does for StringIO.
 */
#define _GNU_SOURCE 1   /* memmem */
#include "spinel.h"
#include "sp_string_int.h"
#include "sp_hash.h"
#include "sp_enum.h"

#include <errno.h>
#include <string.h>

/* sp_io.c: IO#puts/#print semantics, writing through out.write */
sp_value sp_io_puts_to(sp_value out, int argc_, const sp_value *argv);
sp_value sp_io_print_to(sp_value out, int argc_, const sp_value *argv);

enum { F_READ = 1, F_WRITE = 2, F_APPEND = 4 };

typedef struct strio {
    sp_header hdr;
    sp_value string;    /* String, or nil before initialize */
    long pos;
    long lineno;
    int flags;
    sp_value enc;       /* external encoding set by set_encoding_by_bom, else nil (the string's) */
} strio;
#define SIO(v) ((strio *)(v))

static sp_value cStringIO;

static sp_value strio_alloc(sp_value klass)
{
    strio *s = sp_alloc(sizeof(strio), klass, SP_T_DATA);
    s->string = SP_NIL;
    s->pos = s->lineno = 0;
    s->flags = 0;
    s->enc = SP_NIL;
    return (sp_value)s;
}

static strio *readable(sp_value self)
{
    strio *s = SIO(self);
    if (!(s->flags & F_READ)) sp_raise(sp_eIOError, "not opened for reading");
    return s;
}
static strio *writable(sp_value self)
{
    strio *s = SIO(self);
    if (!(s->flags & F_WRITE)) sp_raise(sp_eIOError, "not opened for writing");
    return s;
}

static long slen(strio *s) { return (long)sp_str_len(s->string); }
static const char *sptr(strio *s) { return sp_str_ptr(s->string); }

/* Mode string ("r", "w+", "a", "rb", "r:UTF-8") or integer (File::RDONLY
 * ...) to flags; truncate set for "w". */
static int parse_mode(sp_value mode, int *trunc)
{
    *trunc = 0;
    if (SP_FIXNUM_P(mode)) {
        long m = SP_FIX2LONG(mode);
        int f = (m & 3) == 0 ? F_READ : (m & 3) == 1 ? F_WRITE : F_READ | F_WRITE;
        if (m & 02000) f |= F_APPEND;      /* O_APPEND */
        if (m & 01000) *trunc = 1;         /* O_TRUNC */
        return f;
    }
    const char *m = sp_str_cstr(sp_str_to_str(mode));
    int f;
    switch (m[0]) {
    case 'r': f = F_READ; break;
    case 'w': f = F_WRITE; *trunc = 1; break;
    case 'a': f = F_WRITE | F_APPEND; break;
    default: sp_raise(sp_eArgError, "invalid access mode %s", m);
    }
    for (const char *p = m + 1; *p && *p != ':'; p++) {
        if (*p == '+') f |= F_READ | F_WRITE;
        else if (*p != 'b' && *p != 't') sp_raise(sp_eArgError, "invalid access mode %s", m);
    }
    return f;
}

static void strio_setup(sp_value self, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    strio *s = SIO(self);
    int n = argc;
    if ((argc_ & SP_ARGC_KW) && n > 0) n--;     /* mode:/encoding: keywords */
    if (n > 2) sp_raise_arity(n, 0, 2);
    sp_value str = n > 0 ? sp_str_to_str(argv[0]) : sp_str_new("", 0);
    int trunc = 0, f;
    if (n > 1 && argv[1] != SP_NIL) {
        f = parse_mode(argv[1], &trunc);
        if ((f & F_WRITE) && SP_FROZEN_P(str)) sp_raise_syserr(EACCES, NULL);
    } else if ((argc_ & SP_ARGC_KW) && sp_hash_p(argv[argc - 1]) &&
               sp_hash_lookup(argv[argc - 1], sp_sym("mode"), SP_UNDEF) != SP_UNDEF) {
        f = parse_mode(sp_hash_lookup(argv[argc - 1], sp_sym("mode"), SP_NIL), &trunc);
        if ((f & F_WRITE) && SP_FROZEN_P(str)) sp_raise_syserr(EACCES, NULL);
    } else {
        f = SP_FROZEN_P(str) ? F_READ : F_READ | F_WRITE;
    }
    if (trunc) { sp_check_frozen(str); sp_str_resize(str, 0); }
    s->string = str;
    s->flags = f;
    s->pos = 0;
    s->lineno = 0;
    s->enc = SP_NIL;
}

SP_METHOD(strio_initialize)
{
    (void)blk;
    strio_setup(self, argc_, argv);
    return SP_NIL;
}

/* StringIO.open(*args) { |io| ... }: the block's value, or the StringIO. */
SP_METHOD(strio_s_open)
{
    sp_value io = sp_class_new_instance(self, argc_, argv, SP_NIL);
    if (blk == SP_NIL) return io;
    return sp_yield1(blk, io);
}

/* ---- writing ---- */

/* The String's bytes with [at, at+n) replaced by p (the String grows,
 * NUL-padded, when at+n is past its end).  String buffers may be shared
 * copy-on-write, so the new contents go in through sp_str_set_bytes,
 * never by writing into the old buffer. */
static void splice(strio *s, long at, const char *p, long n)
{
    size_t len;
    const char *old = sp_str_snap(s->string, &len);
    size_t nlen = (size_t)(at + n) > len ? (size_t)(at + n) : len;
    char *b = GC_MALLOC_ATOMIC(nlen + 1);
    memcpy(b, old, len < nlen ? len : nlen);
    if ((size_t)at > len) memset(b + len, 0, (size_t)at - len);
    memcpy(b + at, p, (size_t)n);
    sp_str_set_bytes(s->string, b, nlen);
}

/* Write bytes at pos (or at the end in append mode). */
static long strio_write_bytes(strio *s, const char *p, long n)
{
    if (n == 0) return 0;
    sp_check_frozen(s->string);
    long len = slen(s);
    if (s->flags & F_APPEND) s->pos = len;
    if (s->pos == len) sp_str_cat(s->string, p, (size_t)n);
    else splice(s, s->pos, p, n);
    s->pos += n;
    return n;
}

static long write_value(strio *s, sp_value v)
{
    sp_value str = sp_str_p(v) ? v : sp_to_s(v);
    size_t n;
    const char *p = sp_str_snap(str, &n);
    if (sp_str_p(v) && v == s->string) {   /* writing the buffer into itself */
        str = sp_str_dup(v);
        p = sp_str_snap(str, &n);
    }
    return strio_write_bytes(s, p, (long)n);
}

SP_METHOD(strio_write)
{
    (void)blk;
    strio *s = writable(self);
    long total = 0;
    for (int i = 0; i < argc; i++) total += write_value(s, argv[i]);
    return sp_int_new(total);
}

SP_METHOD(strio_append)
{
    (void)blk; (void)argc_;
    write_value(writable(self), argv[0]);
    return self;
}

SP_METHOD(strio_puts) { (void)blk; writable(self); return sp_io_puts_to(self, argc, argv); }
SP_METHOD(strio_print)
{
    (void)blk;
    writable(self);
    return sp_io_print_to(self, argc, argv);
}
SP_METHOD(strio_printf)
{
    (void)blk;
    strio *s = writable(self);
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    write_value(s, sp_sprintf(argv[0], argc - 1, argv + 1));
    return SP_NIL;
}
SP_METHOD(strio_putc)
{
    (void)blk; (void)argc_;
    strio *s = writable(self);
    if (sp_str_p(argv[0])) {
        size_t n;
        const char *p = sp_str_snap(argv[0], &n);
        int32_t cp;
        int cl = n ? sp_utf8_char(p, p + n, &cp) : 0;
        strio_write_bytes(s, p, cl);
    } else {
        char c = (char)(sp_num_to_long(argv[0]) & 0xFF);
        strio_write_bytes(s, &c, 1);
    }
    return argv[0];
}

/* ---- reading ---- */

SP_METHOD(strio_read)
{
    (void)blk;
    strio *s = readable(self);
    if (argc > 2) sp_raise_arity(argc, 0, 2);
    long len = slen(s), avail = s->pos < len ? len - s->pos : 0;
    sp_value out = argc > 1 && argv[1] != SP_NIL ? sp_str_to_str(argv[1]) : SP_NIL;
    if (argc == 0 || argv[0] == SP_NIL) {
        sp_value r = sp_str_new(sptr(s) + (avail ? s->pos : 0), (size_t)avail);
        sp_funcall1(r, "force_encoding", s->enc != SP_NIL ? s->enc : sp_funcall0(s->string, "encoding"));
        s->pos += avail;
        if (out != SP_NIL) { sp_funcall1(out, "replace", r); return out; }
        return r;
    }
    long n = sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "negative length %ld given", n);
    if (n > 0 && avail == 0) {
        if (out != SP_NIL) sp_str_resize(out, 0);
        return SP_NIL;
    }
    if (n > avail) n = avail;
    sp_value r = sp_str_new(sptr(s) + s->pos, (size_t)n);
    sp_str_set_binary(r);
    s->pos += n;
    if (out != SP_NIL) { sp_funcall1(out, "replace", r); return out; }
    return r;
}

/* readpartial / read_nonblock / sysread: like read(len) but EOFError at end. */
SP_METHOD(strio_sysread)
{
    sp_value r = strio_read(self, argc_, argv, blk);
    if (r == SP_NIL) sp_raise(sp_eEOFError, "end of file reached");
    return r;
}

static int char_len(strio *s, long pos)
{
    long len = slen(s);
    const char *p = sptr(s) + pos;
    if (sp_str_binary_p(s->string)) return 1;
    int32_t cp;
    return sp_utf8_char(p, sptr(s) + len, &cp);
}

SP_METHOD(strio_getc)
{
    (void)argc_; (void)argv; (void)blk;
    strio *s = readable(self);
    if (s->pos >= slen(s)) return SP_NIL;
    int n = char_len(s, s->pos);
    sp_value r = sp_str_new_like(s->string, sptr(s) + s->pos, (size_t)n);
    s->pos += n;
    return r;
}

SP_METHOD(strio_getbyte)
{
    (void)argc_; (void)argv; (void)blk;
    strio *s = readable(self);
    if (s->pos >= slen(s)) return SP_NIL;
    return SP_FIX((unsigned char)sptr(s)[s->pos++]);
}

SP_METHOD(strio_readchar)
{
    sp_value c = strio_getc(self, argc_, argv, blk);
    if (c == SP_NIL) sp_raise(sp_eEOFError, "end of file reached");
    return c;
}
SP_METHOD(strio_readbyte)
{
    sp_value c = strio_getbyte(self, argc_, argv, blk);
    if (c == SP_NIL) sp_raise(sp_eEOFError, "end of file reached");
    return c;
}

/* Put bytes back before pos: overwrite when they fit, else insert at
 * the start (as strio_unget_bytes). */
static void unget_bytes(strio *s, const char *p, long n)
{
    if (n == 0) return;
    sp_check_frozen(s->string);
    if (n <= s->pos) {
        s->pos -= n;
        splice(s, s->pos, p, n);
        return;
    }
    size_t len;
    const char *old = sp_str_snap(s->string, &len);
    size_t from = (size_t)s->pos < len ? (size_t)s->pos : len;
    size_t rest = len - from;
    char *b = GC_MALLOC_ATOMIC((size_t)n + rest + 1);
    memcpy(b, p, (size_t)n);
    memcpy(b + n, old + from, rest);
    sp_str_set_bytes(s->string, b, (size_t)n + rest);
    s->pos = 0;
}

SP_METHOD(strio_ungetc)
{
    (void)argc_; (void)blk;
    strio *s = readable(self);
    sp_value c = argv[0];
    if (c == SP_NIL) return SP_NIL;
    if (SP_FIXNUM_P(c)) {
        char b[4];
        int n = sp_str_binary_p(s->string) ? (b[0] = (char)SP_FIX2LONG(c), 1) : sp_utf8_encode((uint32_t)SP_FIX2LONG(c), b);
        unget_bytes(s, b, n);
    } else {
        sp_value str = sp_str_to_str(c);
        unget_bytes(s, sp_str_ptr(str), (long)sp_str_len(str));
    }
    return SP_NIL;
}

SP_METHOD(strio_ungetbyte)
{
    (void)argc_; (void)blk;
    strio *s = readable(self);
    sp_value c = argv[0];
    if (c == SP_NIL) return SP_NIL;
    if (SP_FIXNUM_P(c)) { char b = (char)(SP_FIX2LONG(c) & 0xFF); unget_bytes(s, &b, 1); }
    else { sp_value str = sp_str_to_str(c); unget_bytes(s, sp_str_ptr(str), (long)sp_str_len(str)); }
    return SP_NIL;
}

/* gets(sep = $/, limit = nil, chomp: false) — arguments as IO#gets. */
typedef struct lineargs { sp_value sep; long limit; int chomp; } lineargs;

static lineargs line_args(int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    sp_value rs = sp_gvar_get(sp_intern("$/"));   /* the default separator, as IO#gets */
    lineargs a = { rs == SP_NIL ? SP_NIL : sp_str_to_str(rs), -1, 0 };
    int n = argc;
    if ((argc_ & SP_ARGC_KW) && n > 0) {
        sp_value kw = argv[--n];
        a.chomp = SP_RTEST(sp_hash_lookup(kw, sp_sym("chomp"), SP_FALSE));
    }
    if (n > 2) sp_raise_arity(n, 0, 2);
    if (n == 1) {
        if (argv[0] == SP_NIL) a.sep = SP_NIL;
        else if (SP_FIXNUM_P(argv[0])) a.limit = SP_FIX2LONG(argv[0]);
        else a.sep = sp_str_to_str(argv[0]);
    } else if (n == 2) {
        a.sep = argv[0] == SP_NIL ? SP_NIL : sp_str_to_str(argv[0]);
        if (argv[1] != SP_NIL) a.limit = sp_num_to_long(argv[1]);
    }
    return a;
}

static sp_value read_line(strio *s, lineargs *a)
{
    long len = slen(s);
    if (s->pos >= len) return SP_NIL;
    if (a->limit == 0) return sp_str_new_like(s->string, "", 0);
    const char *b = sptr(s), *p = b + s->pos, *e = b + len;
    const char *end;          /* end of the line (after the separator) */
    size_t chomp_len = 0;     /* bytes chomp: true removes */
    int paragraph = a->sep != SP_NIL && sp_str_len(a->sep) == 0;
    if (paragraph) while (p < e && *p == '\n') p++;   /* skip leading newlines */
    if (a->sep == SP_NIL) {
        end = e;
    } else {
        const char *sp = paragraph ? "\n\n" : sp_str_ptr(a->sep);
        size_t sl = paragraph ? 2 : sp_str_len(a->sep);
        const char *hit = NULL;
        if (sl == 1) hit = memchr(p, *sp, (size_t)(e - p));
        else if ((size_t)(e - p) >= sl) hit = memmem(p, (size_t)(e - p), sp, sl);
        if (hit) { end = hit + sl; chomp_len = sl; }
        else end = e;
        if (hit && !paragraph && sl == 1 && *sp == '\n' && hit > p && hit[-1] == '\r') chomp_len = 2;
    }
    if (a->limit > 0 && end - p > a->limit) {
        long lim = a->limit;
        /* do not split a UTF-8 character */
        if (!sp_str_binary_p(s->string)) {
            const char *q = p;
            while (q < p + lim) { int32_t cp; q += sp_utf8_char(q, e, &cp); }
            lim = q - p;
        }
        end = p + lim;
        chomp_len = 0;
    }
    if (paragraph && chomp_len) {
        const char *q = end;
        while (q < e && *q == '\n') { q++; chomp_len++; }
        end = q;
    }
    sp_value line = sp_str_new_like(s->string, p, (size_t)(end - p - (a->chomp ? (long)chomp_len : 0)));
    s->pos = end - b;
    s->lineno++;
    return line;
}

SP_METHOD(strio_gets)
{
    (void)blk;
    strio *s = readable(self);
    lineargs a = line_args(argc_, argv);
    return read_line(s, &a);
}

SP_METHOD(strio_readline)
{
    sp_value l = strio_gets(self, argc_, argv, blk);
    if (l == SP_NIL) sp_raise(sp_eEOFError, "end of file reached");
    return l;
}

SP_METHOD(strio_each_line)
{
    SP_RETURN_ENUM(self, "each_line", argc_, argv);
    strio *s = readable(self);
    lineargs a = line_args(argc_, argv);
    if (a.limit == 0) sp_raise(sp_eArgError, "invalid limit: 0 for each_line");
    sp_value l;
    while ((l = read_line(s, &a)) != SP_NIL) sp_yield1(blk, l);
    return self;
}

SP_METHOD(strio_readlines)
{
    (void)blk;
    strio *s = readable(self);
    lineargs a = line_args(argc_, argv);
    if (a.limit == 0) sp_raise(sp_eArgError, "invalid limit: 0 for readlines");
    sp_value r = sp_ary_new(), l;
    while ((l = read_line(s, &a)) != SP_NIL) sp_ary_push(r, l);
    return r;
}

SP_METHOD(strio_each_char)
{
    SP_RETURN_ENUM(self, "each_char", argc_, argv);
    sp_value c;
    while ((c = strio_getc(self, 0, NULL, SP_NIL)) != SP_NIL) sp_yield1(blk, c);
    return self;
}

SP_METHOD(strio_each_byte)
{
    SP_RETURN_ENUM(self, "each_byte", argc_, argv);
    sp_value c;
    while ((c = strio_getbyte(self, 0, NULL, SP_NIL)) != SP_NIL) sp_yield1(blk, c);
    return self;
}

SP_METHOD(strio_each_codepoint)
{
    SP_RETURN_ENUM(self, "each_codepoint", argc_, argv);
    strio *s = readable(self);
    while (s->pos < slen(s)) {
        const char *p = sptr(s) + s->pos;
        int32_t cp = (unsigned char)*p;
        int n = 1;
        if (!sp_str_binary_p(s->string)) {
            n = sp_utf8_char(p, sptr(s) + slen(s), &cp);
            if (cp < 0) sp_raise(sp_eArgError, "invalid byte sequence in UTF-8");
        }
        s->pos += n;
        sp_yield1(blk, sp_int_new(cp));
    }
    return self;
}

/* ---- position ---- */

SP_METHOD(strio_pos) { (void)argc_; (void)argv; (void)blk; return sp_int_new(SIO(self)->pos); }

SP_METHOD(strio_set_pos)
{
    (void)argc_; (void)blk;
    long p = sp_num_to_long(argv[0]);
    if (p < 0) sp_raise_syserr(EINVAL, sp_str_cstr(sp_inspect(argv[0])));
    SIO(self)->pos = p;
    return argv[0];
}

SP_METHOD(strio_seek)
{
    (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    strio *s = SIO(self);
    if (!(s->flags & (F_READ | F_WRITE))) sp_raise(sp_eIOError, "closed stream");
    long off = sp_num_to_long(argv[0]), base = 0;
    sp_value w = argc > 1 ? argv[1] : SP_FIX(0);
    int whence = -1;
    if (SP_FIXNUM_P(w)) whence = (int)SP_FIX2LONG(w);
    else if (w == sp_sym("SET")) whence = 0;
    else if (w == sp_sym("CUR")) whence = 1;
    else if (w == sp_sym("END")) whence = 2;
    switch (whence) {
    case 0: base = 0; break;
    case 1: base = s->pos; break;
    case 2: base = slen(s); break;
    default: sp_raise_syserr(EINVAL, "invalid whence");
    }
    if (base + off < 0) sp_raise_syserr(EINVAL, NULL);
    s->pos = base + off;
    return SP_FIX(0);
}

SP_METHOD(strio_rewind)
{
    (void)argc_; (void)argv; (void)blk;
    SIO(self)->pos = 0;
    SIO(self)->lineno = 0;
    return SP_FIX(0);
}

SP_METHOD(strio_eof)
{
    (void)argc_; (void)argv; (void)blk;
    strio *s = readable(self);
    return SP_BOOL(s->pos >= slen(s));
}

SP_METHOD(strio_size)
{
    (void)argc_; (void)argv; (void)blk;
    strio *s = SIO(self);
    if (s->string == SP_NIL) sp_raise(sp_eIOError, "not opened");
    return sp_int_new(slen(s));
}

SP_METHOD(strio_truncate)
{
    (void)argc_; (void)blk;
    strio *s = writable(self);
    long n = sp_num_to_long(argv[0]);
    if (n < 0) sp_raise_syserr(EINVAL, "negative length");
    sp_check_frozen(s->string);
    sp_str_resize(s->string, (size_t)n);   /* grows NUL-padded */
    return SP_FIX(0);
}

SP_METHOD(strio_string) { (void)argc_; (void)argv; (void)blk; return SIO(self)->string; }

SP_METHOD(strio_set_string)
{
    (void)argc_; (void)blk;
    strio *s = SIO(self);
    sp_value str = sp_str_to_str(argv[0]);
    s->string = str;
    s->pos = s->lineno = 0;
    s->flags = SP_FROZEN_P(str) ? F_READ : F_READ | F_WRITE;
    s->enc = SP_NIL;
    return str;
}

SP_METHOD(strio_lineno) { (void)argc_; (void)argv; (void)blk; return sp_int_new(SIO(self)->lineno); }
SP_METHOD(strio_set_lineno) { (void)argc_; (void)blk; SIO(self)->lineno = sp_num_to_long(argv[0]); return argv[0]; }

/* ---- closing ---- */

SP_METHOD(strio_close) { (void)argc_; (void)argv; (void)blk; SIO(self)->flags &= ~(F_READ | F_WRITE); return SP_NIL; }
SP_METHOD(strio_close_read)
{
    (void)argc_; (void)argv; (void)blk;
    if (!(SIO(self)->flags & F_READ)) sp_raise(sp_eIOError, "closing non-duplex IO for reading");
    SIO(self)->flags &= ~F_READ;
    return SP_NIL;
}
SP_METHOD(strio_close_write)
{
    (void)argc_; (void)argv; (void)blk;
    if (!(SIO(self)->flags & F_WRITE)) sp_raise(sp_eIOError, "closing non-duplex IO for writing");
    SIO(self)->flags &= ~F_WRITE;
    return SP_NIL;
}
SP_METHOD(strio_closed) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(!(SIO(self)->flags & (F_READ | F_WRITE))); }
SP_METHOD(strio_closed_read) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(!(SIO(self)->flags & F_READ)); }
SP_METHOD(strio_closed_write) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(!(SIO(self)->flags & F_WRITE)); }

/* ---- IO compatibility ---- */

SP_METHOD(strio_self) { (void)argc_; (void)argv; (void)blk; return self; }
SP_METHOD(strio_nil) { (void)self; (void)argc_; (void)argv; (void)blk; return SP_NIL; }
SP_METHOD(strio_false) { (void)self; (void)argc_; (void)argv; (void)blk; return SP_FALSE; }
SP_METHOD(strio_true) { (void)self; (void)argc_; (void)argv; (void)blk; return SP_TRUE; }
SP_METHOD(strio_zero) { (void)self; (void)argc_; (void)argv; (void)blk; return SP_FIX(0); }
SP_METHOD(strio_sync_set) { (void)self; (void)argc_; (void)blk; return argv[0]; }

SP_METHOD(strio_external_encoding)
{
    (void)argc_; (void)argv; (void)blk;
    if (SIO(self)->enc != SP_NIL) return SIO(self)->enc;
    if (SIO(self)->string == SP_NIL) return SP_NIL;
    return sp_funcall0(SIO(self)->string, "encoding");
}

/* set_encoding_by_bom: a UTF-8/16/32 byte-order mark at the start of the
 * string (CRuby's detect_bom order: UTF-32LE before UTF-16LE) becomes the
 * external encoding and is skipped; the string itself takes it only when
 * the StringIO is writable.  nil when not readable or no mark. */
SP_METHOD(strio_set_encoding_by_bom)
{
    (void)argc_; (void)argv; (void)blk;
    sp_check_frozen(self);
    strio *s = SIO(self);
    if (!(s->flags & F_READ) || s->string == SP_NIL) return SP_NIL;
    const unsigned char *p = (const unsigned char *)sptr(s);
    long n = slen(s), bom = 0;
    const char *name = NULL;
    if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) { name = "UTF-8"; bom = 3; }
    else if (n >= 4 && p[0] == 0 && p[1] == 0 && p[2] == 0xFE && p[3] == 0xFF) { name = "UTF-32BE"; bom = 4; }
    else if (n >= 4 && p[0] == 0xFF && p[1] == 0xFE && p[2] == 0 && p[3] == 0) { name = "UTF-32LE"; bom = 4; }
    else if (n >= 2 && p[0] == 0xFF && p[1] == 0xFE) { name = "UTF-16LE"; bom = 2; }
    else if (n >= 2 && p[0] == 0xFE && p[1] == 0xFF) { name = "UTF-16BE"; bom = 2; }
    if (!name) return SP_NIL;
    sp_value enc = sp_funcall1(sp_const_get(sp_cObject, sp_intern("Encoding")), "find", sp_str_new_cstr(name));
    s->pos = bom;
    s->enc = enc;
    if ((s->flags & F_WRITE) && !SP_FROZEN_P(s->string)) sp_funcall1(s->string, "force_encoding", enc);
    return enc;
}

SP_METHOD(strio_set_encoding)
{
    (void)blk;
    if (argc < 1) sp_raise_arity(argc, 1, 2);
    strio *s = SIO(self);
    if (argv[0] != SP_NIL && s->string != SP_NIL && !SP_FROZEN_P(s->string))
        sp_funcall1(s->string, "force_encoding", argv[0]);
    return self;
}

SP_METHOD(strio_binmode)
{
    (void)argc_; (void)argv; (void)blk;
    strio *s = SIO(self);
    if (s->string != SP_NIL && !SP_FROZEN_P(s->string)) sp_str_set_binary(s->string);
    return self;
}

SP_METHOD(strio_reopen)
{
    (void)blk;
    if (argc == 1 && SP_HEAP_P(argv[0]) && sp_obj_is_kind_of(argv[0], cStringIO)) {
        strio *o = SIO(argv[0]), *s = SIO(self);
        *s = (strio){ s->hdr, o->string, o->pos, o->lineno, o->flags, o->enc };
        return self;
    }
    strio_setup(self, argc_, argv);
    return self;
}

SP_METHOD(strio_inspect)
{
    (void)argc_; (void)argv; (void)blk;
    return sp_str_format("#<%s:%p>", sp_obj_classname(self), (void *)self);
}

void sp_init_stringio(void)
{
    sp_value C = cStringIO = sp_define_class("StringIO", sp_cObject);
    sp_include_module(C, sp_mEnumerable);
    /* as CRuby: io/console adds getch/getpass to IO::generic_readable */
    sp_include_module(C, sp_define_module_under(sp_cIO, "generic_readable"));
    sp_include_module(C, sp_define_module_under(sp_cIO, "generic_writable"));
    sp_class_set_allocator(C, strio_alloc);
    sp_define_const(C, "VERSION", sp_str_new_frozen("3.1.2", 5));
    sp_define_const(C, "MAX_LENGTH", sp_int_new(INT64_MAX / 2));
    sp_define_method(C, "initialize", strio_initialize, -1);
    sp_define_singleton_method(C, "open", strio_s_open, -1);
    sp_define_method(C, "reopen", strio_reopen, -1);

    sp_define_method(C, "write", strio_write, -1);
    sp_define_method(C, "write_nonblock", strio_write, -1);
    sp_define_method(C, "<<", strio_append, 1);
    sp_define_method(C, "puts", strio_puts, -1);
    sp_define_method(C, "print", strio_print, -1);
    sp_define_method(C, "printf", strio_printf, -1);
    sp_define_method(C, "putc", strio_putc, 1);

    sp_define_method(C, "read", strio_read, -1);
    sp_define_method(C, "sysread", strio_sysread, -1);
    sp_define_method(C, "readpartial", strio_sysread, -1);
    sp_define_method(C, "read_nonblock", strio_sysread, -1);
    sp_define_method(C, "getc", strio_getc, 0);
    sp_define_method(C, "getbyte", strio_getbyte, 0);
    sp_define_method(C, "readchar", strio_readchar, 0);
    sp_define_method(C, "readbyte", strio_readbyte, 0);
    sp_define_method(C, "ungetc", strio_ungetc, 1);
    sp_define_method(C, "ungetbyte", strio_ungetbyte, 1);
    sp_define_method(C, "gets", strio_gets, -1);
    sp_define_method(C, "readline", strio_readline, -1);
    sp_define_method(C, "each_line", strio_each_line, -1);
    sp_define_method(C, "readlines", strio_readlines, -1);
    sp_define_method(C, "each_char", strio_each_char, 0);
    sp_define_method(C, "each_byte", strio_each_byte, 0);
    sp_define_method(C, "each_codepoint", strio_each_codepoint, 0);

    sp_define_method(C, "pos", strio_pos, 0);
    sp_define_method(C, "pos=", strio_set_pos, 1);
    sp_define_method(C, "seek", strio_seek, -1);
    sp_define_method(C, "rewind", strio_rewind, 0);
    sp_define_method(C, "eof?", strio_eof, 0);
    sp_define_method(C, "size", strio_size, 0);
    sp_define_method(C, "truncate", strio_truncate, 1);
    sp_define_method(C, "string", strio_string, 0);
    sp_define_method(C, "string=", strio_set_string, 1);
    sp_define_method(C, "lineno", strio_lineno, 0);
    sp_define_method(C, "lineno=", strio_set_lineno, 1);

    sp_define_method(C, "close", strio_close, 0);
    sp_define_method(C, "close_read", strio_close_read, 0);
    sp_define_method(C, "close_write", strio_close_write, 0);
    sp_define_method(C, "closed?", strio_closed, 0);
    sp_define_method(C, "closed_read?", strio_closed_read, 0);
    sp_define_method(C, "closed_write?", strio_closed_write, 0);

    sp_define_method(C, "flush", strio_self, 0);
    sp_define_method(C, "binmode", strio_binmode, 0);
    sp_define_method(C, "fsync", strio_zero, 0);
    sp_define_method(C, "sync", strio_true, 0);
    sp_define_method(C, "sync=", strio_sync_set, 1);
    sp_define_method(C, "fileno", strio_nil, 0);
    sp_define_method(C, "pid", strio_nil, 0);
    sp_define_method(C, "tty?", strio_false, 0);
    sp_define_method(C, "internal_encoding", strio_nil, 0);
    sp_define_method(C, "external_encoding", strio_external_encoding, 0);
    sp_define_method(C, "set_encoding", strio_set_encoding, -1);
    sp_define_method(C, "set_encoding_by_bom", strio_set_encoding_by_bom, 0);
    sp_define_method(C, "inspect", strio_inspect, 0);
    sp_define_alias(C, "isatty", "tty?");
    sp_define_alias(C, "length", "size");
    sp_define_alias(C, "eof", "eof?");
    sp_define_alias(C, "tell", "pos");
    sp_define_alias(C, "each", "each_line");
    sp_define_alias(C, "syswrite", "write");
}

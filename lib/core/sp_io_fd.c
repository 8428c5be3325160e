#define _GNU_SOURCE
/*
 * sp_io_fd.c — IO over a bare file descriptor and the per-IO settings:
 * IO.sysopen, IO.new / IO.for_fd / IO.open and IO#initialize, the open
 * mode ("r+b:ext:int", Integer flags, mode:/flags:/binmode:/textmode:/
 * encoding:/external_encoding:/internal_encoding:/autoclose: options),
 * binmode, external/internal encoding and set_encoding, IO.try_convert,
 * IO.binwrite, the positional pread/pwrite, ungetc/ungetbyte, readchar,
 * each_codepoint and advise.
 *
 * Representation: the sp_io record of sp_io_int.h; an IO made by
 * IO.allocate is closed with fd -1 until #initialize gives it one.  The
 * encodings are io->enc_ext / io->enc_int (Encoding objects or nil) and
 * io->binmode; reads tag what they return with nothing more than that
 * (no transcoding).
 *
 * Waiting: sysopen runs open(2) in a blocking region as File.open does;
 * pread/pwrite on a regular file too (doc/io.md, "Blocking regions").
 */
#include "sp_string.h"
#include "sp_numeric.h"
#include "sp_hash.h"
#include "sp_enum.h"
#include "sp_io.h"
#include "sp_io_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define IO(v) ((sp_io *)(v))

static SP_NORETURN void no_memory(void)
{
    sp_raise(sp_const_get(sp_cObject, sp_intern("NoMemoryError")), "failed to allocate memory");
}

/* ------------------------------------------------------------------ */
/* Open modes                                                          */

typedef struct io_omode {
    int flags;          /* open(2) flags */
    int m;              /* 1 read, 2 write, 3 both */
    int bin, text;      /* "b" / binmode: true, "t" / textmode: true */
    int enc_given;      /* an encoding came with the mode string */
    sp_value ext, in;   /* Encoding or nil */
    int autoclose;      /* -1 unset, 0, 1 */
} io_omode;

static sp_value enc_find(sp_value name)
{
    static sp_value cEnc;
    if (!cEnc) cEnc = sp_const_get(sp_cObject, sp_intern("Encoding"));
    if (!SP_SPECIAL_CONST_P(name) && sp_obj_class(name) == cEnc) return name;
    return sp_funcall1(cEnc, "find", sp_str_to_str(name));
}

/* "ext", "ext:int", "BOM|ext", "ext:-" into md->ext / md->in. */
static void enc_parse(const char *s, io_omode *md)
{
    if (!strncasecmp(s, "BOM|", 4)) s += 4;
    const char *colon = strchr(s, ':');
    size_t n = colon ? (size_t)(colon - s) : strlen(s);
    if (n) md->ext = enc_find(sp_str_new(s, n));
    if (colon && colon[1] && strcmp(colon + 1, "-") != 0)
        md->in = enc_find(sp_str_new_cstr(colon + 1));
    if (md->in != SP_NIL && md->in == md->ext) md->in = SP_NIL;
    md->enc_given = 1;
}

static SP_NORETURN void bad_mode(const char *s)
{
    sp_raise(sp_eArgError, "invalid access mode %s", s);
}

/* A mode string: r/w/a, then any of b t + x, then :encodings. */
static void mode_str(const char *s, io_omode *md)
{
    const char *p = s;
    int plus = 0, x = 0;
    switch (*p++) {
    case 'r': md->m = 1; break;
    case 'w': md->m = 2; md->flags = O_CREAT | O_TRUNC; break;
    case 'a': md->m = 2; md->flags = O_CREAT | O_APPEND; break;
    default: bad_mode(s);
    }
    for (; *p && *p != ':'; p++) {
        if (*p == 'b') md->bin = 1;
        else if (*p == 't') md->text = 1;
        else if (*p == '+') plus = 1;
        else if (*p == 'x' && s[0] == 'w') x = 1;
        else bad_mode(s);
    }
    if (md->bin && md->text) bad_mode(s);
    if (plus) md->m = 3;
    if (x) md->flags |= O_EXCL;
    md->flags |= md->m == 1 ? O_RDONLY : md->m == 2 ? O_WRONLY : O_RDWR;
    if (*p == ':') enc_parse(p + 1, md);
}

static void mode_int(long f, io_omode *md)
{
    md->flags = (int)f;
    int acc = md->flags & O_ACCMODE;
    md->m = acc == O_RDONLY ? 1 : acc == O_WRONLY ? 2 : 3;
}

/* mode: nil, a String (or #to_str), an Integer (or #to_int). */
static void mode_value(sp_value v, io_omode *md)
{
    if (SP_FIXNUM_P(v)) { mode_int(SP_FIX2LONG(v), md); return; }
    if (!sp_str_p(v) && !SP_SPECIAL_CONST_P(v) && !sp_respond_to(v, sp_intern("to_str"), 1) &&
        sp_respond_to(v, sp_intern("to_int"), 1)) {
        mode_int((long)sp_num_to_long(v), md);
        return;
    }
    sp_value s = sp_str_to_str(v);
    if (sp_str_len(s) == 0) bad_mode("");
    mode_str(sp_str_cstr(s), md);
}

static sp_value opt(sp_value opts, const char *k)
{
    return opts == SP_NIL ? SP_UNDEF : sp_hash_lookup(opts, sp_sym(k), SP_UNDEF);
}

/* The whole open mode from the positional mode (SP_UNDEF: none) and the
 * options Hash (or nil); raises CRuby's ArgumentErrors for conflicts. */
static void omode_parse(sp_value mode, sp_value opts, io_omode *md, int dflt)
{
    memset(md, 0, sizeof *md);
    md->ext = md->in = SP_NIL;
    md->autoclose = -1;
    sp_value om = opt(opts, "mode");
    if (mode != SP_UNDEF && mode != SP_NIL && om != SP_UNDEF && om != SP_NIL)
        sp_raise(sp_eArgError, "mode specified twice");
    if (mode == SP_UNDEF || mode == SP_NIL) mode = om == SP_UNDEF ? SP_NIL : om;
    if (mode != SP_NIL) mode_value(mode, md);
    else mode_int(dflt, md);
    sp_value fl = opt(opts, "flags");
    if (fl != SP_UNDEF && fl != SP_NIL) md->flags |= (int)sp_num_to_long(fl);
    sp_value b = opt(opts, "binmode"), t = opt(opts, "textmode");
    if (b != SP_UNDEF && SP_RTEST(b) && t != SP_UNDEF && SP_RTEST(t))
        sp_raise(sp_eArgError, "both textmode and binmode specified");
    /* binmode:/textmode: (even false) beside a "b" or "t" in the mode */
    if (b != SP_UNDEF && b != SP_NIL) {
        if (md->bin || md->text) sp_raise(sp_eArgError, "binmode specified twice");
        md->bin = SP_RTEST(b);
    }
    if (t != SP_UNDEF && t != SP_NIL) {
        if (md->bin || md->text) sp_raise(sp_eArgError, "textmode specified twice");
        md->text = SP_RTEST(t);
    }
    sp_value e = opt(opts, "encoding"), ee = opt(opts, "external_encoding"), ie = opt(opts, "internal_encoding");
    int has_e = e != SP_UNDEF && e != SP_NIL, has_ee = ee != SP_UNDEF && ee != SP_NIL,
        has_ie = ie != SP_UNDEF && ie != SP_NIL;
    if (md->enc_given && (has_e || has_ee || has_ie))
        sp_raise(sp_eArgError, "encoding specified twice");
    if (has_ee || has_ie) {
        if (has_ee) md->ext = enc_find(ee);
        if (has_ie) {
            sp_value is = sp_str_p(ie) ? ie : SP_NIL;
            if (is != SP_NIL && !strcmp(sp_str_cstr(is), "-")) md->in = SP_NIL;
            else md->in = enc_find(ie);
        }
        if (md->in == md->ext) md->in = SP_NIL;
        md->enc_given = 1;
    } else if (has_e) {
        if (sp_str_p(e) || (!SP_SPECIAL_CONST_P(e) && sp_respond_to(e, sp_intern("to_str"), 1)))
            enc_parse(sp_str_cstr(sp_str_to_str(e)), md);
        else { md->ext = enc_find(e); md->enc_given = 1; }
    }
    if (md->bin && md->ext == SP_NIL && !md->enc_given) md->ext = enc_find(sp_str_new_cstr("BINARY"));
    sp_value ac = opt(opts, "autoclose");
    if (ac != SP_UNDEF) md->autoclose = SP_RTEST(ac);
}

/* The options of a call: its keywords (a positional Hash is one more
 * argument, as in CRuby 3), or nil. */
static sp_value take_opts(int *n, int argc_, const sp_value *argv)
{
    if (argc_ & SP_ARGC_KW) return argv[--*n];
    return SP_NIL;
}

/* The encodings an opened IO keeps: those of the mode, else the defaults
 * of the moment it is opened (CRuby: a later Encoding.default_external=
 * or default_internal= does not change an open IO).  No internal
 * encoding beside a BINARY external one or one equal to it. */
static void set_encodings(sp_io *io, const io_omode *md)
{
    sp_value ext = md->ext, in = md->in;
    if (ext == SP_NIL && !md->enc_given && (md->m & 1)) ext = sp_enc_default_external();
    if (in == SP_NIL && !md->enc_given && !md->bin) in = sp_enc_default_internal();
    if (in != SP_NIL && (in == ext || (ext == SP_NIL && in == sp_enc_default_external()) ||
                         (ext != SP_NIL && ext == enc_find(sp_str_new_cstr("BINARY")))))
        in = SP_NIL;
    io->enc_ext = ext;
    io->enc_int = in;
}

/* ------------------------------------------------------------------ */
/* IO.sysopen, IO.new                                                  */

/* IO.sysopen(path, mode = "r", perm = 0666): the new descriptor. */
SP_METHOD(io_s_sysopen)
{
    if (argc < 1 || argc > 3) sp_raise_arity(argc, 1, 3);
    sp_value path = argv[0];
    if (!sp_str_p(path) && !SP_SPECIAL_CONST_P(path) && sp_respond_to(path, sp_intern("to_path"), 1))
        path = sp_funcall0(path, "to_path");
    path = sp_str_to_str(path);
    io_omode md;
    omode_parse(argc > 1 ? argv[1] : SP_UNDEF, SP_NIL, &md, O_RDONLY);
    mode_t perm = argc > 2 && argv[2] != SP_NIL ? (mode_t)sp_num_to_long(argv[2]) : 0666;
    int fd, err;
    for (int tries = 0;; tries++) {
        sp_blocking_begin();
        do fd = open(sp_str_cstr(path), md.flags | O_CLOEXEC, perm); while (fd < 0 && errno == EINTR);
        err = errno;
        sp_blocking_end();
        if (fd >= 0 || tries || !sp_io_gc_for_fd(err)) break;
    }
    if (fd < 0) sp_raise_syserr_path(err, "rb_sysopen", sp_str_cstr(path));
    return SP_FIX(fd);
}

/* IO.allocate: a closed IO without a descriptor until #initialize. */
static sp_value io_alloc(sp_value klass)
{
    sp_io *io = sp_io_alloc_collectable(klass, -1, 0);
    io->closed = 1;
    io->noautoclose = 1;
    io->enc_ext = io->enc_int = SP_NIL;
    return (sp_value)io;
}

/* IO#initialize(fd, mode = nil, **opts) */
SP_METHOD(io_m_initialize)
{
    int n = argc;
    sp_value opts = take_opts(&n, argc_, argv);
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    if (opts != SP_NIL && !sp_hash_p(opts)) sp_raise_type(opts, "Hash");
    int fd = (int)sp_num_to_long(argv[0]);
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0) sp_raise_syserr(EBADF, NULL);
    io_omode md;
    omode_parse(n > 1 ? argv[1] : SP_UNDEF, opts, &md, fl & O_ACCMODE);
    int acc = fl & O_ACCMODE;
    if (((md.m & 1) && acc == O_WRONLY) || ((md.m & 2) && acc == O_RDONLY))
        sp_raise_syserr(EINVAL, NULL);
    sp_io *io = IO(self);
    io->fd = fd;
    io->mode = md.m;
    io->closed = 0;
    io->eof = 0;
    io->rpos = io->rlen = io->wlen = 0;
    io->noautoclose = md.autoclose == 0;
    io->binmode = md.bin;
    set_encodings(io, &md);
    sp_value path = opt(opts, "path");
    if (path != SP_UNDEF && path != SP_NIL) io->path = sp_str_dup(sp_str_to_str(path));
    return self;
}

SP_METHOD(io_s_new)
{
    if (blk != SP_NIL) sp_io_warn_new_block(self);
    sp_value io = io_alloc(self);
    sp_funcall(io, sp_intern("initialize"), argc_, argv, SP_NIL);
    return io;
}

static void close_unless_closed(sp_value io)
{
    if (!IO(io)->closed) sp_funcall0(io, "close");
}

/* IO.open(...) { |io| }: IO.new, closed when the block ends. */
SP_METHOD(io_s_open)
{
    sp_value io = sp_funcall(self, sp_intern("new"), argc_, argv, SP_NIL);
    if (blk == SP_NIL) return io;
    return sp_yield_ensure(blk, 1, &io, close_unless_closed, io);
}

/* IO.try_convert(obj): obj if an IO, obj.to_io if it answers, else nil. */
SP_METHOD(io_s_try_convert) { return sp_try_convert(argv[0], sp_cIO, "to_io"); }

/* ------------------------------------------------------------------ */
/* Encodings and binmode                                               */

static void check_open(sp_io *io)
{
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
}

SP_METHOD(io_m_binmode)
{
    sp_io *io = IO(self);
    check_open(io);
    io->binmode = 1;
    io->enc_ext = enc_find(sp_str_new_cstr("BINARY"));
    io->enc_int = SP_NIL;
    return self;
}
SP_METHOD(io_m_binmode_p) { check_open(IO(self)); return SP_BOOL(IO(self)->binmode); }

/* The external encoding: the one set, else default_external for a
 * readable IO (nil for a write-only one, as CRuby). */
SP_METHOD(io_m_external_encoding)
{
    sp_io *io = IO(self);
    if (io->enc_ext != SP_NIL) return io->enc_ext;
    if (!(io->mode & 1)) return SP_NIL;
    return sp_enc_default_external();
}
/* (IOs not opened through a mode -- pipes, the standard streams -- follow
 * the defaults of the moment.) */
SP_METHOD(io_m_internal_encoding)
{
    sp_io *io = IO(self);
    if (io->enc_int != SP_NIL || io->enc_ext != SP_NIL || io->binmode) return io->enc_int;
    sp_value di = sp_enc_default_internal();
    return di == sp_enc_default_external() ? SP_NIL : di;
}

/* IO#set_encoding(ext [, int] [, **opts]) / ("ext:int") / (nil). */
SP_METHOD(io_m_set_encoding)
{
    int n = argc;
    if (argc_ & SP_ARGC_KW) n--;
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_io *io = IO(self);
    check_open(io);
    io_omode md;
    memset(&md, 0, sizeof md);
    md.ext = md.in = SP_NIL;
    if (n == 1 && argv[0] == SP_NIL) {
        io->enc_ext = io->enc_int = SP_NIL;
        return self;
    }
    if (n == 1 && !SP_SPECIAL_CONST_P(argv[0]) &&
        (sp_str_p(argv[0]) || sp_respond_to(argv[0], sp_intern("to_str"), 1)))
        enc_parse(sp_str_cstr(sp_str_to_str(argv[0])), &md);
    else {
        md.ext = argv[0] == SP_NIL ? SP_NIL : enc_find(argv[0]);
        if (n > 1 && argv[1] != SP_NIL) {
            if (sp_str_p(argv[1]) && !strcmp(sp_str_cstr(argv[1]), "-")) md.in = SP_NIL;
            else md.in = enc_find(argv[1]);
        }
        if (md.in == md.ext) md.in = SP_NIL;
    }
    io->enc_ext = md.ext;
    io->enc_int = md.in;
    return self;
}

/* Tag a String read from io with its external encoding, or
 * Encoding.default_external when none is set (no transcoding). */
sp_value sp_io_tag_read(sp_io *io, sp_value s)
{
    if (s == SP_NIL) return s;
    static sp_value utf8;
    if (!utf8) utf8 = enc_find(sp_str_new_cstr("UTF-8"));
    if (io->enc_ext == utf8) return s;     /* the usual case: nothing to do */
    if (io->enc_ext == SP_NIL && !io->binmode) {
        if (sp_enc_default_external_utf8()) return s;
        return sp_funcall1(s, "force_encoding", sp_enc_default_external());
    }
    if (io->enc_ext == SP_NIL) { sp_str_set_binary(s); return s; }
    return sp_funcall1(s, "force_encoding", io->enc_ext);
}

/* ------------------------------------------------------------------ */
/* Positional I/O, pushing back, characters                            */

/* IO#pread(maxlen, offset [, outbuf]): read at offset without moving the
 * file position; EOFError at end of file. */
SP_METHOD(io_m_pread)
{
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    sp_io *io = IO(self);
    long len = (long)sp_num_to_long(argv[0]);
    off_t off = (off_t)sp_num_to_long(argv[1]);
    sp_value outbuf = argc > 2 ? argv[2] : SP_NIL;
    if (len < 0) sp_raise(sp_eArgError, "negative string size (or size too big)");
    sp_io_check_readable(io);
    if (len == 0) return outbuf != SP_NIL ? sp_str_to_str(outbuf) : sp_str_new("", 0);
    char *buf = malloc((size_t)len);
    if (!buf) no_memory();
    ssize_t r;
    sp_blocking_begin();
    do r = pread(io->fd, buf, (size_t)len, off); while (r < 0 && errno == EINTR);
    int err = errno;
    sp_blocking_end();
    if (r < 0) { free(buf); sp_raise_syserr(err, NULL); }
    if (r == 0) { free(buf); sp_raise(sp_eEOFError, "end of file reached"); }
    sp_value s = sp_io_give(outbuf, buf, (size_t)r);
    free(buf);
    sp_str_set_binary(s);
    return s;
}

/* IO#pwrite(string, offset): bytes written, the file position kept. */
SP_METHOD(io_m_pwrite)
{
    sp_io *io = IO(self);
    sp_value s = sp_str_p(argv[0]) ? argv[0] : sp_to_s(argv[0]);
    off_t off = (off_t)sp_num_to_long(argv[1]);
    sp_io_check_writable(io);
    sp_io_lock(io);
    sp_io_flush_locked(io);
    pthread_mutex_unlock(&io->lock);
    size_t n; const char *p = sp_str_snap(s, &n);
    ssize_t w;
    sp_blocking_begin();
    do w = pwrite(SP_IO_WFD(io), p, n, off); while (w < 0 && errno == EINTR);
    int err = errno;
    sp_blocking_end();
    if (w < 0) sp_raise_syserr(err, NULL);
    return SP_FIX((long)w);
}

/* Put p[0, n] back in front of the read buffer (io->lock held). */
static void unread_bytes(sp_io *io, const char *p, size_t n)
{
    if (!io->rbuf) {
        io->rbuf = malloc(io->rcap);
        if (!io->rbuf) no_memory();
        io->rpos = io->rlen = 0;
    }
    if (io->rpos >= n) {
        io->rpos -= n;
        memcpy(io->rbuf + io->rpos, p, n);
        return;
    }
    size_t have = io->rlen - io->rpos;
    if (have + n > io->rcap) {
        size_t cap = io->rcap;
        while (cap < have + n) cap *= 2;
        char *nb = realloc(io->rbuf, cap);
        if (!nb) no_memory();
        io->rbuf = nb;
        io->rcap = cap;
    }
    memmove(io->rbuf + n, io->rbuf + io->rpos, have);
    memcpy(io->rbuf, p, n);
    io->rpos = 0;
    io->rlen = have + n;
}

static sp_value unget(sp_value self, sp_value v, int bytewise)
{
    sp_io *io = IO(self);
    sp_io_check_readable(io);
    if (v == SP_NIL) return SP_NIL;
    char b[8]; const char *p; size_t n;
    if (sp_integer_p(v)) {
        long c = (long)sp_num_to_long(v);
        if (bytewise) { b[0] = (char)(c & 0xff); n = 1; }
        else if (c < 0 || c > 0x10ffff) sp_raise(sp_eRangeError, "%ld out of char range", c);
        else n = (size_t)sp_utf8_encode((uint32_t)c, b);
        p = b;
    } else {
        sp_value s = sp_str_to_str(v);
        p = sp_str_snap(s, &n);
    }
    sp_io_lock(io);
    unread_bytes(io, p, n);
    io->eof = 0;
    pthread_mutex_unlock(&io->lock);
    return SP_NIL;
}
SP_METHOD(io_m_ungetc) { return unget(self, argv[0], 0); }
SP_METHOD(io_m_ungetbyte) { return unget(self, argv[0], 1); }

SP_METHOD(io_m_readchar)
{
    sp_value c = sp_funcall0(self, "getc");
    if (c == SP_NIL) sp_raise(sp_eEOFError, "end of file reached");
    return c;
}

SP_METHOD(io_m_each_codepoint)
{
    SP_RETURN_ENUM(self, "each_codepoint", argc_, argv);
    sp_value c;
    while ((c = sp_funcall0(self, "getc")) != SP_NIL)
        sp_yield1(blk, sp_funcall0(c, "ord"));
    return self;
}

/* IO#advise(advice, offset = 0, len = 0): posix_fadvise. */
SP_METHOD(io_m_advise)
{
    if (argc < 1 || argc > 3) sp_raise_arity(argc, 1, 3);
    sp_io *io = IO(self);
    sp_value a = argv[0];
    if (!SP_SYMBOL_P(a)) sp_raise_type(a, "Symbol");
    static const struct { const char *n; int v; } adv[] = {
        { "normal", POSIX_FADV_NORMAL }, { "sequential", POSIX_FADV_SEQUENTIAL },
        { "random", POSIX_FADV_RANDOM }, { "willneed", POSIX_FADV_WILLNEED },
        { "dontneed", POSIX_FADV_DONTNEED }, { "noreuse", POSIX_FADV_NOREUSE } };
    int which = -1;
    for (size_t i = 0; i < sizeof adv / sizeof adv[0]; i++)
        if (a == sp_sym(adv[i].n)) which = adv[i].v;
    if (which < 0) sp_raise(sp_eNotImpError, "Unsupported advice: %s", sp_str_cstr(sp_inspect(a)));
    off_t off = argc > 1 ? (off_t)sp_num_to_long(argv[1]) : 0;
    off_t len = argc > 2 ? (off_t)sp_num_to_long(argv[2]) : 0;
    check_open(io);
    int r = posix_fadvise(io->fd, off, len, which);
    if (r != 0 && r != ESPIPE) sp_raise_syserr(r, NULL);
    return SP_NIL;
}

/* IO.binwrite(path, string, offset = nil): File.write in binary mode. */
SP_METHOD(io_s_binwrite)
{
    int n = argc - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    if (n < 2 || n > 3) sp_raise_arity(n, 2, 3);
    sp_value path = argv[0];
    sp_value s = sp_str_p(argv[1]) ? argv[1] : sp_to_s(argv[1]);
    int offset = n > 2 && argv[2] != SP_NIL;
    sp_value mode = sp_str_new_cstr(offset ? "r+b" : "wb");
    if (argc_ & SP_ARGC_KW) {
        sp_value m = sp_hash_lookup(argv[argc - 1], sp_sym("mode"), SP_NIL);
        if (m != SP_NIL) mode = m;
    }
    sp_value a[2] = { path, mode };
    sp_value cFile = sp_const_get(sp_cObject, sp_intern("File"));
    sp_value f;
    if (offset) {
        sp_value cre = sp_funcall2(cFile, "open", path, sp_str_new_cstr("a"));
        sp_funcall0(cre, "close");
    }
    f = sp_funcall(cFile, sp_intern("open"), 2, a, SP_NIL);
    if (offset) sp_funcall1(f, "seek", argv[2]);
    sp_value w = sp_funcall1(f, "write", s);
    sp_funcall0(f, "close");
    return w;
}

/* ------------------------------------------------------------------ */
/* IO.read("|cmd") and friends: a subprocess (deprecated in 3.4)        */

static sp_value cFile_(void) { return sp_const_get(sp_cObject, sp_intern("File")); }

/* The command of a "|cmd" path given to IO's class-level readers and
 * writers (IO itself only, as CRuby), or NULL. */
static const char *pipe_cmd(sp_value self, int argc_, const sp_value *argv)
{
    if (self != sp_cIO || SP_ARGC(argc_) < 1 || !sp_str_p(argv[0])) return NULL;
    const char *p = sp_str_cstr(argv[0]);
    if (p[0] != '|') return NULL;
    sp_warn_category(SP_WARN_DEPRECATED, "IO process creation with a leading '|' is deprecated and will be "
                     "removed in Ruby 4.0; use IO.popen instead");
    return p + 1;
}

static sp_value pipe_open(const char *cmd, const char *mode)
{
    return sp_funcall2(sp_cIO, "popen", sp_str_new_cstr(cmd), sp_str_new_cstr(mode));
}

/* IO.read / binread / readlines / foreach / write through a pipe to
 * cmd, else File's own (the same for a path). */
static sp_value via_pipe(sp_value self, int argc_, const sp_value *argv, sp_value blk, const char *meth)
{
    const char *cmd = pipe_cmd(self, argc_, argv);
    if (!cmd) return sp_funcall(cFile_(), sp_intern(meth), argc_, argv, blk);
    int rest = (SP_ARGC(argc_) - 1) | (argc_ & SP_ARGC_KW);
    int writing = !strcmp(meth, "write") || !strcmp(meth, "binwrite");
    sp_value io = pipe_open(cmd, writing ? "w" : "r"), r;
    if (writing) r = sp_funcall(io, sp_intern("write"), 1, argv + 1, SP_NIL);
    else if (!strcmp(meth, "foreach")) r = sp_funcall(io, sp_intern("each_line"), rest, argv + 1, blk);
    else if (!strcmp(meth, "readlines")) r = sp_funcall(io, sp_intern("readlines"), rest, argv + 1, SP_NIL);
    else {
        r = sp_funcall(io, sp_intern("read"), SP_ARGC(argc_) > 1 ? 1 : 0, argv + 1, SP_NIL);
        if (!strcmp(meth, "binread") && sp_str_p(r)) sp_str_set_binary(r);
    }
    sp_funcall0(io, "close");
    return !strcmp(meth, "foreach") ? SP_NIL : r;
}
SP_METHOD(io_s_read) { return via_pipe(self, argc_, argv, blk, "read"); }
SP_METHOD(io_s_binread) { return via_pipe(self, argc_, argv, blk, "binread"); }
SP_METHOD(io_s_readlines) { return via_pipe(self, argc_, argv, blk, "readlines"); }
SP_METHOD(io_s_write) { return via_pipe(self, argc_, argv, blk, "write"); }
SP_METHOD(io_s_foreach)
{
    SP_RETURN_ENUM(self, "foreach", argc_, argv);
    return via_pipe(self, argc_, argv, blk, "foreach");
}

void sp_init_io_fd(void)
{
    sp_value I = sp_cIO;
    sp_class_set_allocator(I, io_alloc);
    sp_define_singleton_method(I, "sysopen", io_s_sysopen, -1);
    sp_define_singleton_method(I, "new", io_s_new, -1);
    sp_define_singleton_method(I, "for_fd", io_s_new, -1);
    sp_define_singleton_method(I, "open", io_s_open, -1);
    sp_define_singleton_method(I, "try_convert", io_s_try_convert, 1);
    sp_define_singleton_method(I, "binwrite", io_s_binwrite, -1);
    sp_define_singleton_method(I, "read", io_s_read, -1);
    sp_define_singleton_method(I, "binread", io_s_binread, -1);
    sp_define_singleton_method(I, "readlines", io_s_readlines, -1);
    sp_define_singleton_method(I, "foreach", io_s_foreach, -1);
    sp_define_singleton_method(I, "write", io_s_write, -1);
    sp_define_private_method(I, "initialize", io_m_initialize, -1);
    sp_define_method(I, "binmode", io_m_binmode, 0);
    sp_define_method(I, "binmode?", io_m_binmode_p, 0);
    sp_define_method(I, "external_encoding", io_m_external_encoding, 0);
    sp_define_method(I, "internal_encoding", io_m_internal_encoding, 0);
    sp_define_method(I, "set_encoding", io_m_set_encoding, -1);
    sp_define_method(I, "pread", io_m_pread, -1);
    sp_define_method(I, "pwrite", io_m_pwrite, 2);
    sp_define_method(I, "ungetc", io_m_ungetc, 1);
    sp_define_method(I, "ungetbyte", io_m_ungetbyte, 1);
    sp_define_method(I, "readchar", io_m_readchar, 0);
    sp_define_method(I, "each_codepoint", io_m_each_codepoint, 0);
    sp_define_method(I, "advise", io_m_advise, -1);
}

/* File.open's mode and options: binmode and the encodings. */
void sp_io_apply_mode(sp_io *io, sp_value mode, sp_value opts)
{
    if (opts != SP_NIL && !sp_hash_p(opts)) return;
    io_omode md;
    omode_parse(mode == SP_NIL ? SP_UNDEF : mode, opts, &md, O_RDONLY);
    io->binmode = md.bin;
    set_encodings(io, &md);
}

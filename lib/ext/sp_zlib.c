/*
 * sp_zlib.c — `require 'zlib'` on zlib1g: Zlib.crc32/adler32,
 * Zlib.deflate/inflate (and Zlib::Deflate.deflate / Zlib::Inflate.inflate),
 * Zlib.gzip/gunzip, Zlib::GzipWriter and Zlib::GzipReader, and the
 * Zlib::Error hierarchy with zlib's messages.
 *
 * Representation and limits: the one-shot functions run a z_stream over
 * malloc'd output (freed before any raise).  A GzipWriter collects what is
 * written and compresses it on close/finish (one gzip member, header with
 * mtime — now unless set —, orig_name and comment, OS "Unix"); a GzipReader
 * reads its whole source at creation and decompresses the first member
 * (#unused holds the bytes after it).  The Deflate/Inflate stream objects
 * (Zlib::Deflate.new, Zlib::Inflate.new) are in sp_zstream.c.
 */
#include "spinel.h"
#include "sp_string.h"
#include "sp_hash.h"
#include "sp_zlib.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

sp_value sp_io_puts_to(sp_value out, int argc_, const sp_value *argv);   /* sp_io.c */
sp_value sp_io_print_to(sp_value out, int argc_, const sp_value *argv);

static sp_value mZlib, eError, eStreamEnd, eNeedDict, eDataError, eStreamError, eMemError,
                eBufError, eVersionError, eInProgress, cGzipFile, eGzError, cGzipWriter,
                cGzipReader, cDeflate, cInflate;

sp_value sp_zlib_error(int code)
{
    switch (code) {
    case Z_STREAM_END: return eStreamEnd;
    case Z_NEED_DICT: return eNeedDict;
    case Z_STREAM_ERROR: return eStreamError;
    case Z_DATA_ERROR: return eDataError;
    case Z_BUF_ERROR: return eBufError;
    case Z_VERSION_ERROR: return eVersionError;
    case Z_MEM_ERROR: return eMemError;
    case SP_ZLIB_E_IN_PROGRESS: return eInProgress;
    default: return eError;
    }
}

void sp_zlib_raise(int code, const char *msg)
{
    sp_raise(sp_zlib_error(code), "%s", msg ? msg : zError(code));
}
#define zraise sp_zlib_raise

static sp_value bin_str(const unsigned char *p, size_t n)
{
    sp_value s = sp_str_new((const char *)p, n);
    sp_str_set_binary(s);
    return s;
}

/* ---- checksums ---- */

SP_METHOD(z_crc32)
{
    (void)self; (void)blk;
    if (argc > 2) sp_raise_arity(argc, 0, 2);
    uLong crc = argc > 1 ? (uLong)sp_num_to_long(argv[1]) : crc32(0, NULL, 0);
    if (argc == 0 || argv[0] == SP_NIL) return sp_int_new((int64_t)(argc > 1 ? crc : crc32(0, NULL, 0)));
    sp_value s = sp_str_to_str(argv[0]);
    size_t n;
    const char *p = sp_str_snap(s, &n);
    return sp_int_new((int64_t)crc32_z(crc, (const Bytef *)p, n));
}

SP_METHOD(z_adler32)
{
    (void)self; (void)blk;
    if (argc > 2) sp_raise_arity(argc, 0, 2);
    uLong a = argc > 1 ? (uLong)sp_num_to_long(argv[1]) : adler32(0, NULL, 0);
    if (argc == 0 || argv[0] == SP_NIL) return sp_int_new((int64_t)a);
    sp_value s = sp_str_to_str(argv[0]);
    size_t n;
    const char *p = sp_str_snap(s, &n);
    return sp_int_new((int64_t)adler32_z(a, (const Bytef *)p, n));
}

SP_METHOD(z_crc_table)
{
    (void)self; (void)argc_; (void)argv; (void)blk;
    const z_crc_t *t = get_crc_table();
    sp_value a = sp_ary_new_capa(256);
    for (int i = 0; i < 256; i++) sp_ary_push(a, sp_int_new((int64_t)t[i]));
    return a;
}

/* ---- one-shot deflate / inflate ---- */

static sp_value do_deflate(sp_value src, int level, int wbits, gz_header *head)
{
    src = sp_str_to_str(src);
    size_t n;
    const char *p = sp_str_snap(src, &n);
    z_stream z;
    memset(&z, 0, sizeof z);
    int rc = deflateInit2(&z, level, Z_DEFLATED, wbits, 8, Z_DEFAULT_STRATEGY);
    if (rc != Z_OK) zraise(rc, z.msg);
    if (head) deflateSetHeader(&z, head);
    size_t cap = deflateBound(&z, n) + 64 + (head && head->name ? strlen((char *)head->name) + 1 : 0)
                 + (head && head->comment ? strlen((char *)head->comment) + 1 : 0);
    unsigned char *out = malloc(cap);
    if (!out) { deflateEnd(&z); zraise(Z_MEM_ERROR, NULL); }
    z.next_in = (Bytef *)p;
    z.avail_in = (uInt)n;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    rc = deflate(&z, Z_FINISH);
    size_t len = cap - z.avail_out;
    deflateEnd(&z);
    if (rc != Z_STREAM_END) { free(out); zraise(rc == Z_OK ? Z_BUF_ERROR : rc, NULL); }
    sp_value r = bin_str(out, len);
    free(out);
    return r;
}

/* Inflate src; *used gets the input bytes consumed (for #unused). */
static sp_value do_inflate(const char *p, size_t n, int wbits, gz_header *head, size_t *used)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    int rc = inflateInit2(&z, wbits);
    if (rc != Z_OK) zraise(rc, z.msg);
    if (head) inflateGetHeader(&z, head);
    size_t cap = n * 3 + 64, len = 0;
    unsigned char *out = malloc(cap);
    z.next_in = (Bytef *)p;
    z.avail_in = (uInt)n;
    for (;;) {
        if (!out) { inflateEnd(&z); zraise(Z_MEM_ERROR, NULL); }
        z.next_out = out + len;
        z.avail_out = (uInt)(cap - len);
        rc = inflate(&z, Z_FINISH);
        len = cap - z.avail_out;
        if (rc == Z_STREAM_END) break;
        if (rc == Z_BUF_ERROR && z.avail_out == 0) {
            cap *= 2;
            unsigned char *nb = realloc(out, cap);
            if (!nb) free(out);
            out = nb;
            continue;
        }
        char msg[128];
        snprintf(msg, sizeof msg, "%s", z.msg ? z.msg : zError(rc == Z_OK ? Z_BUF_ERROR : rc));
        inflateEnd(&z);
        free(out);
        zraise(rc == Z_OK ? Z_BUF_ERROR : rc, msg);
    }
    if (used) *used = n - z.avail_in;
    inflateEnd(&z);
    sp_value r = bin_str(out, len);
    free(out);
    return r;
}

static int level_arg(int argc_, const sp_value *argv, int i)
{
    int argc = SP_ARGC(argc_);
    if (argc > i && argv[i] != SP_NIL) return (int)sp_num_to_long(argv[i]);
    return Z_DEFAULT_COMPRESSION;
}

/* With a block, the one-shot forms run a stream object, which yields
 * the output in 16 KiB pieces (sp_zstream.c). */
static sp_value via_stream(sp_value klass, int nargs, const sp_value *args, const char *meth, sp_value src, int flush, sp_value blk)
{
    sp_value z = sp_class_new_instance(klass, nargs, args, SP_NIL);
    sp_value a[2] = { src, SP_FIX(flush) };
    sp_value r = sp_funcall(z, sp_intern(meth), flush >= 0 ? 2 : 1, a, blk);
    sp_funcall0(z, "close");
    return r;
}

SP_METHOD(z_zlib_version) { (void)self; (void)argc_; (void)argv; (void)blk; return sp_str_new_cstr(zlibVersion()); }

SP_METHOD(z_deflate)
{
    (void)self;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    if (blk != SP_NIL) return via_stream(cDeflate, argc - 1, argv + 1, "deflate", argv[0], Z_FINISH, blk);
    return do_deflate(argv[0], level_arg(argc_, argv, 1), MAX_WBITS, NULL);
}

SP_METHOD(z_inflate)
{
    (void)self; (void)argc_;
    if (blk != SP_NIL) {
        sp_value z = sp_class_new_instance(cInflate, 0, NULL, SP_NIL);
        sp_funcall(z, sp_intern("inflate"), 1, argv, blk);
        sp_value r = sp_funcall(z, sp_intern("finish"), 0, NULL, blk);
        sp_funcall0(z, "close");
        return r;
    }
    sp_value s = sp_str_to_str(argv[0]);
    size_t n;
    const char *p = sp_str_snap(s, &n);
    return do_inflate(p, n, MAX_WBITS, NULL, NULL);
}

/* The gzip header CRuby writes: mtime (now when 0), OS Unix. */
static void make_header(gz_header *h, long mtime, sp_value name, sp_value comment)
{
    memset(h, 0, sizeof *h);
    h->time = (uLong)(mtime ? mtime : (long)time(NULL));
    h->os = 3;
    if (name != SP_NIL) h->name = (Bytef *)sp_str_cstr(name);
    if (comment != SP_NIL) h->comment = (Bytef *)sp_str_cstr(comment);
}

/* Zlib.gzip(src, level: nil, strategy: nil) */
SP_METHOD(z_gzip)
{
    (void)self; (void)blk;
    int n = argc, level = Z_DEFAULT_COMPRESSION;
    if ((argc_ & SP_ARGC_KW) && n > 1) {
        sp_value kw = argv[--n];
        sp_value l = sp_hash_lookup(kw, sp_sym("level"), SP_NIL);
        if (l != SP_NIL) level = (int)sp_num_to_long(l);
    }
    if (n != 1) sp_raise_arity(n, 1, 1);
    gz_header h;
    make_header(&h, 0, SP_NIL, SP_NIL);
    return do_deflate(argv[0], level, MAX_WBITS + 16, &h);
}

/* Check the gzip magic first, with zlib's GzipFile messages. */
static void check_gzip(const char *p, size_t n)
{
    if (n < 10) sp_raise(eGzError, "unexpected end of string");
    if ((unsigned char)p[0] != 0x1f || (unsigned char)p[1] != 0x8b) sp_raise(eGzError, "not in gzip format");
    if (p[2] != 8) sp_raise(eGzError, "unsupported compression method %d", p[2]);
}

SP_METHOD(z_gunzip)
{
    (void)self; (void)blk; (void)argc_;
    sp_value s = sp_str_to_str(argv[0]);
    size_t n;
    const char *p = sp_str_snap(s, &n);
    check_gzip(p, n);
    return do_inflate(p, n, MAX_WBITS + 16, NULL, NULL);
}

/* ---- GzipWriter ---- */

typedef struct gzw {
    sp_header hdr;
    sp_value io, buf, orig_name, comment;
    long mtime;
    int level, closed;
    int header;         /* the header counts as written (first write): mtime=... refuse */
} gzw;
#define GW(v) ((gzw *)(v))

static sp_value gzw_alloc(sp_value klass)
{
    gzw *g = sp_alloc(sizeof(gzw), klass, SP_T_DATA);
    g->io = g->orig_name = g->comment = SP_NIL;
    g->buf = sp_str_buf_new(256);
    sp_str_set_binary(g->buf);
    g->mtime = 0;
    g->level = Z_DEFAULT_COMPRESSION;
    g->closed = 0;
    g->header = 0;
    return (sp_value)g;
}

static gzw *gzw_open(sp_value self)
{
    if (GW(self)->closed) sp_raise(eGzError, "closed gzip stream");
    return GW(self);
}

SP_METHOD(gzw_initialize)
{
    (void)blk;
    int n = argc;
    if ((argc_ & SP_ARGC_KW) && n > 1) n--;
    if (n < 1 || n > 3) sp_raise_arity(n, 1, 3);
    GW(self)->io = argv[0];
    GW(self)->level = level_arg(n, argv, 1);
    return SP_NIL;
}

SP_METHOD(gzw_write)
{
    (void)blk;
    gzw *g = gzw_open(self);
    g->header = 1;
    long total = 0;
    for (int i = 0; i < argc; i++) {
        sp_value s = sp_str_p(argv[i]) ? argv[i] : sp_to_s(argv[i]);
        size_t n;
        const char *p = sp_str_snap(s, &n);
        sp_str_cat(g->buf, p, n);
        total += (long)n;
    }
    return sp_int_new(total);
}
SP_METHOD(gzw_append) { gzw_write(self, argc_, argv, blk); return self; }
SP_METHOD(gzw_puts) { (void)blk; gzw_open(self); return sp_io_puts_to(self, argc, argv); }
SP_METHOD(gzw_print) { (void)blk; gzw_open(self); return sp_io_print_to(self, argc, argv); }
SP_METHOD(gzw_printf)
{
    (void)blk;
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    sp_value s = sp_sprintf(argv[0], argc - 1, argv + 1);
    return gzw_write(self, 1, &s, SP_NIL);
}

static void gzw_flush_out(gzw *g)
{
    gz_header h;
    make_header(&h, g->mtime, g->orig_name, g->comment);
    sp_value data = do_deflate(g->buf, g->level, MAX_WBITS + 16, &h);
    g->closed = 1;
    sp_funcall1(g->io, "write", data);
}

SP_METHOD(gzw_finish)
{
    (void)argc_; (void)argv; (void)blk;
    gzw *g = gzw_open(self);
    gzw_flush_out(g);
    return g->io;
}

SP_METHOD(gzw_close)
{
    (void)argc_; (void)argv; (void)blk;
    gzw *g = gzw_open(self);
    gzw_flush_out(g);
    if (sp_respond_to(g->io, sp_intern("close"), 0)) sp_funcall0(g->io, "close");
    return g->io;
}

/* the header fields can change until the first write (CRuby writes the
 * header then; this writer compresses at close but keeps the rule) */
static gzw *gzw_header_open(sp_value self)
{
    gzw *g = gzw_open(self);
    if (g->header) sp_raise(eGzError, "header is already written");
    return g;
}

SP_METHOD(gzw_set_mtime)
{
    (void)argc_; (void)blk;
    gzw *g = gzw_header_open(self);
    sp_value t = argv[0];
    g->mtime = SP_FIXNUM_P(t) ? SP_FIX2LONG(t) : sp_num_to_long(sp_funcall0(t, "to_i"));
    return t;
}
SP_METHOD(gzw_set_orig_name) { (void)argc_; (void)blk; gzw_header_open(self)->orig_name = sp_str_to_str(argv[0]); return argv[0]; }
SP_METHOD(gzw_set_comment) { (void)argc_; (void)blk; gzw_header_open(self)->comment = sp_str_to_str(argv[0]); return argv[0]; }
static sp_value str_or_nil_dup(sp_value s) { return s == SP_NIL ? SP_NIL : sp_str_dup(s); }
SP_METHOD(gzw_orig_name) { (void)argc_; (void)argv; (void)blk; return str_or_nil_dup(gzw_open(self)->orig_name); }
SP_METHOD(gzw_comment) { (void)argc_; (void)argv; (void)blk; return str_or_nil_dup(gzw_open(self)->comment); }
SP_METHOD(gzw_mtime)
{
    (void)argc_; (void)argv; (void)blk;
    return sp_funcall1(sp_const_get(sp_cObject, sp_intern("Time")), "at", sp_int_new(gzw_open(self)->mtime));
}
SP_METHOD(gz_closed_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(GW(self)->closed); }
SP_METHOD(gz_self) { (void)argc_; (void)argv; (void)blk; return self; }

/* After an open/wrap block: close the writer (writing the data) or the
 * reader's IO, unless the block did.  GzipWriter and GzipReader objects
 * share the layout prefix up to `closed`. */
static void gz_close_quietly(sp_value klass, sp_value gz)
{
    if (GW(gz)->closed) return;
    if (klass == cGzipWriter || sp_class_inherits(klass, cGzipWriter)) { gzw_close(gz, 0, NULL, SP_NIL); return; }
    GW(gz)->closed = 1;
    if (sp_respond_to(GW(gz)->io, sp_intern("close"), 0)) sp_funcall0(GW(gz)->io, "close");
}

/* The ensure of GzipWriter/GzipReader.open's and .wrap's block. */
static void gz_close_ensure(sp_value gz) { gz_close_quietly(sp_obj_class(gz), gz); }

/* GzipWriter.open(path, level = nil) / GzipReader.open(path) */
SP_METHOD(gz_s_open)
{
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    int writer = sp_class_inherits(self, cGzipWriter);
    sp_value file = sp_funcall2(sp_const_get(sp_cObject, sp_intern("File")), "open", argv[0],
                                sp_str_new_cstr(writer ? "wb" : "rb"));
    sp_value args[3] = { file, argc > 1 ? argv[1] : SP_NIL, SP_NIL };
    sp_value gz = sp_class_new_instance(self, argc > 1 ? 2 : 1, args, SP_NIL);
    if (blk == SP_NIL) return gz;
    return sp_yield_ensure(blk, 1, &gz, gz_close_ensure, gz);
}

SP_METHOD(gz_s_wrap)
{
    sp_value gz = sp_class_new_instance(self, argc_, argv, SP_NIL);
    if (blk == SP_NIL) return gz;
    return sp_yield_ensure(blk, 1, &gz, gz_close_ensure, gz);
}

/* ---- GzipReader ---- */

typedef struct gzr {            /* same prefix as gzw */
    sp_header hdr;
    sp_value io, data, orig_name, comment;
    long mtime;
    int level, closed;
    long pos, lineno;
    sp_value unused;
    sp_value orig;      /* the inflated data as read (data gains ungetc'd text) */
    long shift;         /* bytes pushed back by ungetc/ungetbyte: #pos is pos - shift */
} gzr;
#define GR(v) ((gzr *)(v))

static sp_value gzr_alloc(sp_value klass)
{
    gzr *g = sp_alloc(sizeof(gzr), klass, SP_T_DATA);
    g->io = g->data = g->orig_name = g->comment = g->unused = SP_NIL;
    g->mtime = 0; g->level = 0; g->closed = 0; g->pos = 0; g->lineno = 0;
    g->orig = SP_NIL; g->shift = 0;
    return (sp_value)g;
}

SP_METHOD(gzr_initialize)
{
    (void)blk;
    int n = argc;
    if ((argc_ & SP_ARGC_KW) && n > 1) n--;
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    gzr *g = GR(self);
    g->io = argv[0];
    sp_value src = sp_str_to_str(sp_funcall0(argv[0], "read"));
    size_t len;
    const char *p = sp_str_snap(src, &len);
    check_gzip(p, len);
    gz_header h;
    memset(&h, 0, sizeof h);
    char name[1024] = "", comment[1024] = "";
    h.name = (Bytef *)name; h.name_max = sizeof name - 1;
    h.comment = (Bytef *)comment; h.comm_max = sizeof comment - 1;
    size_t used = 0;
    g->data = do_inflate(p, len, MAX_WBITS + 16, &h, &used);
    SP_HDR(g->data)->flags &= ~SP_STR_ENC_MASK;   /* read data is the default (UTF-8) */
    g->orig = g->data;
    g->mtime = (long)h.time;
    g->orig_name = name[0] ? sp_str_new_cstr(name) : SP_NIL;
    g->comment = comment[0] ? sp_str_new_cstr(comment) : SP_NIL;
    g->unused = used < len ? sp_str_new(p + used, len - used) : SP_NIL;
    return SP_NIL;
}

static gzr *gzr_open(sp_value self)
{
    if (GR(self)->closed) sp_raise(eGzError, "closed gzip stream");
    return GR(self);
}

SP_METHOD(gzr_read)
{
    (void)blk;
    gzr *g = gzr_open(self);
    long len = (long)sp_str_len(g->data), avail = g->pos < len ? len - g->pos : 0;
    if (argc == 0 || argv[0] == SP_NIL) {
        sp_value r = sp_str_new(sp_str_ptr(g->data) + g->pos, (size_t)avail);
        g->pos += avail;
        return r;
    }
    long n = sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "negative length %ld given", n);
    if (n > 0 && avail == 0) return SP_NIL;
    if (n > avail) n = avail;
    sp_value r = bin_str((const unsigned char *)sp_str_ptr(g->data) + g->pos, (size_t)n);
    g->pos += n;
    return r;
}

SP_METHOD(gzr_gets)
{
    (void)blk;
    gzr *g = gzr_open(self);
    long len = (long)sp_str_len(g->data);
    if (g->pos >= len) return SP_NIL;
    const char *b = sp_str_ptr(g->data), *p = b + g->pos, *e = b + len;
    const char *sep = "\n";
    size_t sl = 1;
    if (argc > 0 && argv[0] != SP_NIL) { sep = sp_str_ptr(argv[0]); sl = sp_str_len(argv[0]); }
    const char *end = e;
    if (argc > 0 && argv[0] == SP_NIL) end = e;
    else if (sl > 0) {
        for (const char *q = p; q + sl <= e; q++)
            if (memcmp(q, sep, sl) == 0) { end = q + sl; break; }
    }
    sp_value line = sp_str_new(p, (size_t)(end - p));
    g->pos = end - b;
    g->lineno++;
    return line;
}

SP_METHOD(gzr_each_line)
{
    if (blk == SP_NIL) return sp_funcall(self, sp_intern("enum_for"), 1, (sp_value[]){ sp_sym("each_line") }, SP_NIL);
    sp_value l;
    while ((l = gzr_gets(self, argc_, argv, SP_NIL)) != SP_NIL) sp_yield1(blk, l);
    return self;
}

SP_METHOD(gzr_readlines)
{
    (void)blk;
    sp_value r = sp_ary_new(), l;
    while ((l = gzr_gets(self, argc_, argv, SP_NIL)) != SP_NIL) sp_ary_push(r, l);
    return r;
}

SP_METHOD(gzr_eof) { (void)argc_; (void)argv; (void)blk; gzr *g = gzr_open(self); return SP_BOOL(g->pos >= (long)sp_str_len(g->data)); }
SP_METHOD(gzr_rewind)
{
    (void)argc_; (void)argv; (void)blk;
    gzr *g = gzr_open(self);
    g->pos = 0; g->lineno = 0; g->shift = 0; g->data = g->orig;
    return SP_FIX(0);
}
SP_METHOD(gzr_pos) { (void)argc_; (void)argv; (void)blk; return sp_int_new(GR(self)->pos - GR(self)->shift); }

/* The next character (UTF-8, as the data's default encoding), or nil. */
static sp_value gzr_next_char(gzr *g)
{
    long len = (long)sp_str_len(g->data);
    if (g->pos >= len) return SP_NIL;
    const unsigned char *p = (const unsigned char *)sp_str_ptr(g->data) + g->pos;
    long n = *p < 0x80 ? 1 : *p >= 0xF0 ? 4 : *p >= 0xE0 ? 3 : *p >= 0xC0 ? 2 : 1;
    if (n > len - g->pos) n = len - g->pos;
    g->pos += n;
    return sp_str_new((const char *)p, (size_t)n);
}

SP_METHOD(gzr_getc) { (void)argc_; (void)argv; (void)blk; return gzr_next_char(gzr_open(self)); }

SP_METHOD(gzr_each_char)
{
    (void)argc_; (void)argv;
    if (blk == SP_NIL) return sp_funcall(self, sp_intern("enum_for"), 1, (sp_value[]){ sp_sym("each_char") }, SP_NIL);
    sp_value c;
    while ((c = gzr_next_char(gzr_open(self))) != SP_NIL) sp_yield1(blk, c);
    return SP_NIL;
}

SP_METHOD(gzr_getbyte)
{
    (void)argc_; (void)argv; (void)blk;
    gzr *g = gzr_open(self);
    if (g->pos >= (long)sp_str_len(g->data)) return SP_NIL;
    return SP_FIX((unsigned char)sp_str_ptr(g->data)[g->pos++]);
}

SP_METHOD(gzr_each_byte)
{
    (void)argc_; (void)argv;
    if (blk == SP_NIL) return sp_funcall(self, sp_intern("enum_for"), 1, (sp_value[]){ sp_sym("each_byte") }, SP_NIL);
    for (;;) {
        gzr *g = gzr_open(self);
        if (g->pos >= (long)sp_str_len(g->data)) break;
        sp_yield1(blk, SP_FIX((unsigned char)sp_str_ptr(g->data)[g->pos++]));
    }
    return SP_NIL;
}

/* ungetc(str or codepoint) / ungetbyte(str or byte): the text goes back in
 * front of what is left to read, and #pos goes back by its size. */
static sp_value gzr_unget(sp_value self, sp_value v, int byte)
{
    gzr *g = gzr_open(self);
    sp_value s;
    (void)byte;
    if (SP_FIXNUM_P(v)) { char c = (char)SP_FIX2LONG(v); s = sp_str_new(&c, 1); }   /* CRuby: a byte, also for ungetc */
    else if (v == SP_NIL) return SP_NIL;
    else s = sp_str_to_str(v);
    size_t n = sp_str_len(s);
    if (n == 0) return SP_NIL;
    const char *d = sp_str_ptr(g->data);
    size_t len = sp_str_len(g->data);
    sp_value nd = sp_str_buf_new(len + n);
    sp_str_cat(nd, d, (size_t)g->pos);
    sp_str_append(nd, s);
    sp_str_cat(nd, d + g->pos, len - (size_t)g->pos);
    g->data = nd;
    g->shift += (long)n;
    return SP_NIL;
}
SP_METHOD(gzr_ungetc) { (void)argc_; (void)blk; return gzr_unget(self, argv[0], 0); }
SP_METHOD(gzr_ungetbyte) { (void)argc_; (void)blk; return gzr_unget(self, argv[0], 1); }

/* readpartial(maxlen, buf = nil): like read(maxlen), EOFError at the end. */
SP_METHOD(gzr_readpartial)
{
    (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    gzr *g = gzr_open(self);
    long n = sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "negative length %ld given", n);
    long len = (long)sp_str_len(g->data), avail = g->pos < len ? len - g->pos : 0;
    if (avail == 0 && n > 0) sp_raise(sp_const_get(sp_cObject, sp_intern("EOFError")), "end of file reached");
    if (n > avail) n = avail;
    sp_value r = sp_str_new(sp_str_ptr(g->data) + g->pos, (size_t)n);   /* external encoding, as CRuby */
    g->pos += n;
    if (argc > 1 && argv[1] != SP_NIL) { sp_funcall1(argv[1], "replace", r); return argv[1]; }
    return r;
}
SP_METHOD(gzr_lineno) { (void)argc_; (void)argv; (void)blk; return sp_int_new(GR(self)->lineno); }
SP_METHOD(gzr_unused) { (void)argc_; (void)argv; (void)blk; return GR(self)->unused; }
SP_METHOD(gzr_orig_name) { (void)argc_; (void)argv; (void)blk; return GR(self)->orig_name; }
SP_METHOD(gzr_comment) { (void)argc_; (void)argv; (void)blk; return GR(self)->comment; }
SP_METHOD(gzr_mtime)
{
    (void)argc_; (void)argv; (void)blk;
    return sp_funcall1(sp_const_get(sp_cObject, sp_intern("Time")), "at", sp_int_new(GR(self)->mtime));
}
SP_METHOD(gzr_close)
{
    (void)argc_; (void)argv; (void)blk;
    gzr *g = gzr_open(self);
    g->closed = 1;
    if (sp_respond_to(g->io, sp_intern("close"), 0)) sp_funcall0(g->io, "close");
    return g->io;
}
SP_METHOD(gzr_closed_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(GR(self)->closed); }

/* Zlib::GzipReader.zcat(io): every member's data concatenated. */
SP_METHOD(gzr_s_zcat)
{
    (void)self; (void)blk; (void)argc_;
    sp_value src = sp_str_to_str(sp_funcall0(argv[0], "read"));
    sp_value out = sp_str_new("", 0);
    size_t len, off = 0;
    const char *p = sp_str_snap(src, &len);
    do {
        check_gzip(p + off, len - off);
        size_t used = 0;
        sp_str_append(out, do_inflate(p + off, len - off, MAX_WBITS + 16, NULL, &used));
        off += used;
    } while (off < len);
    return out;
}

void sp_init_zlib(void)
{
    sp_value Z = mZlib = sp_define_module("Zlib");
    sp_define_const(Z, "VERSION", sp_str_new_frozen("3.2.1", 5));
    sp_define_const(Z, "ZLIB_VERSION", sp_str_new_frozen(zlibVersion(), strlen(zlibVersion())));
    sp_define_const(Z, "NO_COMPRESSION", SP_FIX(Z_NO_COMPRESSION));
    sp_define_const(Z, "BEST_SPEED", SP_FIX(Z_BEST_SPEED));
    sp_define_const(Z, "BEST_COMPRESSION", SP_FIX(Z_BEST_COMPRESSION));
    sp_define_const(Z, "DEFAULT_COMPRESSION", SP_FIX(Z_DEFAULT_COMPRESSION));
    sp_define_const(Z, "MAX_WBITS", SP_FIX(MAX_WBITS));
    sp_define_const(Z, "BINARY", SP_FIX(Z_BINARY));
    sp_define_const(Z, "TEXT", SP_FIX(Z_TEXT));
    sp_define_const(Z, "UNKNOWN", SP_FIX(Z_UNKNOWN));
    eError = sp_define_class_under(Z, "Error", sp_eStandardError);
    eStreamEnd = sp_define_class_under(Z, "StreamEnd", eError);
    eNeedDict = sp_define_class_under(Z, "NeedDict", eError);
    eDataError = sp_define_class_under(Z, "DataError", eError);
    eStreamError = sp_define_class_under(Z, "StreamError", eError);
    eMemError = sp_define_class_under(Z, "MemError", eError);
    eBufError = sp_define_class_under(Z, "BufError", eError);
    eVersionError = sp_define_class_under(Z, "VersionError", eError);
    eInProgress = sp_define_class_under(Z, "InProgressError", eError);

    sp_define_module_function(Z, "zlib_version", z_zlib_version, 0);
    sp_define_module_function(Z, "crc32", z_crc32, -1);
    sp_define_module_function(Z, "adler32", z_adler32, -1);
    sp_define_module_function(Z, "crc_table", z_crc_table, 0);
    sp_define_module_function(Z, "deflate", z_deflate, -1);
    sp_define_module_function(Z, "inflate", z_inflate, 1);
    sp_define_module_function(Z, "gzip", z_gzip, -1);
    sp_define_module_function(Z, "gunzip", z_gunzip, 1);

    sp_value zs = sp_define_class_under(Z, "ZStream", sp_cObject);
    cDeflate = sp_define_class_under(Z, "Deflate", zs);
    cInflate = sp_define_class_under(Z, "Inflate", zs);
    sp_define_singleton_method(cDeflate, "deflate", z_deflate, -1);
    sp_define_singleton_method(cInflate, "inflate", z_inflate, 1);
    sp_zstream_init(Z, zs, cDeflate, cInflate);

    cGzipFile = sp_define_class_under(Z, "GzipFile", sp_cObject);
    eGzError = sp_define_class_under(cGzipFile, "Error", eError);

    sp_value W = cGzipWriter = sp_define_class_under(Z, "GzipWriter", cGzipFile);
    sp_class_set_allocator(W, gzw_alloc);
    sp_define_singleton_method(W, "open", gz_s_open, -1);
    sp_define_singleton_method(W, "wrap", gz_s_wrap, -1);
    sp_define_method(W, "initialize", gzw_initialize, -1);
    sp_define_method(W, "write", gzw_write, -1);
    sp_define_method(W, "<<", gzw_append, 1);
    sp_define_method(W, "puts", gzw_puts, -1);
    sp_define_method(W, "print", gzw_print, -1);
    sp_define_method(W, "printf", gzw_printf, -1);
    sp_define_method(W, "finish", gzw_finish, 0);
    sp_define_method(W, "close", gzw_close, 0);
    sp_define_method(W, "closed?", gz_closed_p, 0);
    sp_define_method(W, "flush", gz_self, -1);
    sp_define_method(W, "mtime=", gzw_set_mtime, 1);
    sp_define_method(W, "orig_name=", gzw_set_orig_name, 1);
    sp_define_method(W, "comment=", gzw_set_comment, 1);
    sp_define_method(W, "mtime", gzw_mtime, 0);
    sp_define_method(W, "orig_name", gzw_orig_name, 0);
    sp_define_method(W, "comment", gzw_comment, 0);

    sp_value R = cGzipReader = sp_define_class_under(Z, "GzipReader", cGzipFile);
    sp_include_module(R, sp_mEnumerable);
    sp_class_set_allocator(R, gzr_alloc);
    sp_define_singleton_method(R, "open", gz_s_open, -1);
    sp_define_singleton_method(R, "wrap", gz_s_wrap, -1);
    sp_define_singleton_method(R, "zcat", gzr_s_zcat, -1);
    sp_define_method(R, "initialize", gzr_initialize, -1);
    sp_define_method(R, "read", gzr_read, -1);
    sp_define_method(R, "gets", gzr_gets, -1);
    sp_define_method(R, "each_line", gzr_each_line, -1);
    sp_define_method(R, "each", gzr_each_line, -1);
    sp_define_method(R, "readlines", gzr_readlines, -1);
    sp_define_method(R, "eof?", gzr_eof, 0);
    sp_define_method(R, "eof", gzr_eof, 0);
    sp_define_method(R, "rewind", gzr_rewind, 0);
    sp_define_method(R, "pos", gzr_pos, 0);
    sp_define_method(R, "getc", gzr_getc, 0);
    sp_define_method(R, "each_char", gzr_each_char, 0);
    sp_define_method(R, "getbyte", gzr_getbyte, 0);
    sp_define_method(R, "each_byte", gzr_each_byte, 0);
    sp_define_method(R, "ungetc", gzr_ungetc, 1);
    sp_define_method(R, "ungetbyte", gzr_ungetbyte, 1);
    sp_define_method(R, "readpartial", gzr_readpartial, -1);
    sp_define_method(R, "tell", gzr_pos, 0);
    sp_define_method(R, "lineno", gzr_lineno, 0);
    sp_define_method(R, "unused", gzr_unused, 0);
    sp_define_method(R, "orig_name", gzr_orig_name, 0);
    sp_define_method(R, "comment", gzr_comment, 0);
    sp_define_method(R, "mtime", gzr_mtime, 0);
    sp_define_method(R, "close", gzr_close, 0);
    sp_define_method(R, "closed?", gzr_closed_p, 0);
}

/*
 * sp_zstream.c — the streaming half of `require 'zlib'`: Zlib::ZStream,
 * Zlib::Deflate.new and Zlib::Inflate.new objects (deflate/inflate a piece
 * at a time with flush modes, <<, flush, finish, params, set_dictionary,
 * window bits for zlib, raw (-15) and gzip (31, 47 auto-detect on
 * inflate) streams).  The one-shot functions and gzip files are in
 * sp_zlib.c, which calls sp_zstream_init.
 *
 * Representation: a zst object holds a malloc'd z_stream (zlib keeps
 * pointers into it, so it never moves; a GC finalizer ends it if the
 * program never calls close), the output produced and not yet returned
 * (`out`, as CRuby's stream buffer: `<<` leaves its output there for the
 * next deflate/inflate/flush/finish; input given to an Inflate after its
 * end, and what followed the end in the same input, pass through to it,
 * as in CRuby) and the input zlib has not consumed (`in`: what waits for
 * a dictionary after Zlib::NeedDict).  A stream is used by one thread at a
 * time: `busy` makes a second concurrent call raise Zlib::InProgressError
 * instead of corrupting zlib's state.
 */
#include "spinel.h"
#include "sp_string.h"
#include "sp_zlib.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct zst {
    sp_header hdr;
    z_stream *z;
    sp_value out, in;
    int deflate, finished, closed, busy;
} zst;
#define ZS(v) ((zst *)(v))

static sp_value cDeflate, cInflate;

static void zst_finalize(void *obj, void *data)
{
    (void)data;
    zst *s = obj;
    if (s->z && !s->closed) {
        if (s->deflate) deflateEnd(s->z); else inflateEnd(s->z);
        free(s->z);
        s->z = NULL;
    }
}

static sp_value zst_alloc(sp_value klass)
{
    zst *s = sp_alloc(sizeof(zst), klass, SP_T_DATA);
    s->z = NULL;
    s->out = s->in = SP_NIL;
    s->deflate = sp_class_inherits(klass, cDeflate);
    s->finished = s->closed = s->busy = 0;
    return (sp_value)s;
}

static zst *ready(sp_value self)
{
    zst *s = ZS(self);
    if (!s->z || s->closed) sp_raise(sp_zlib_error(SP_ZLIB_E_ERROR), "stream is not ready");
    return s;
}

static sp_value bin_new(void)
{
    sp_value s = sp_str_buf_new(64);
    sp_str_set_binary(s);
    return s;
}

/* Runs zlib over `in` (plus what waited from before) with `flush`,
 * appending to s->out.  What zlib does not take is kept in s->in. */
static void run(zst *s, const char *p, size_t n, int flush)
{
    if (__atomic_exchange_n(&s->busy, 1, __ATOMIC_ACQUIRE))
        sp_raise(sp_zlib_error(SP_ZLIB_E_IN_PROGRESS), "zstream already in progress");
    sp_value joined = SP_NIL;   /* on the stack: keeps the buffer zlib reads alive */
    if (s->in != SP_NIL && sp_str_len(s->in)) {
        joined = sp_str_dup(s->in);
        sp_str_cat(joined, p, n);
        p = sp_str_ptr(joined); n = sp_str_len(joined);
    }
    if (s->out == SP_NIL) s->out = bin_new();
    z_stream *z = s->z;
    z->next_in = (Bytef *)p;
    z->avail_in = (uInt)n;
    unsigned char buf[16384];
    int rc;
    for (;;) {
        if (s->finished && !s->deflate) break;   /* input after the end stays in `in` */
        z->next_out = buf;
        z->avail_out = sizeof buf;
        rc = s->deflate ? deflate(z, flush) : inflate(z, flush == Z_FINISH ? Z_SYNC_FLUSH : flush);
        sp_str_cat(s->out, (const char *)buf, sizeof buf - z->avail_out);
        if (rc == Z_STREAM_END) { s->finished = 1; break; }
        if (rc == Z_BUF_ERROR) {
            if (z->avail_out == 0) continue;
            if (!s->deflate && flush == Z_FINISH && !s->finished) goto fail;
            rc = Z_OK;
            break;
        }
        if (rc != Z_OK) goto fail;
        if (z->avail_out != 0 && z->avail_in == 0) {
            if (!s->deflate && flush == Z_FINISH) continue;   /* drain */
            break;
        }
    }
    {
        size_t left = z->avail_in;
        s->in = bin_new();
        if (left) sp_str_cat(s->in, (const char *)z->next_in, left);
    }
    if (!s->deflate && flush == Z_FINISH && !s->finished) { rc = Z_BUF_ERROR; goto fail_nokeep; }
    __atomic_store_n(&s->busy, 0, __ATOMIC_RELEASE);
    (void)joined;
    return;
fail:
    {
        size_t left = z->avail_in;
        s->in = bin_new();
        if (left) sp_str_cat(s->in, (const char *)z->next_in, left);
    }
fail_nokeep:
    __atomic_store_n(&s->busy, 0, __ATOMIC_RELEASE);
    sp_zlib_raise(rc, rc == Z_BUF_ERROR ? NULL : z->msg);
}

/* Returns the pending output, leaving the buffer empty. */
static sp_value detach(zst *s)
{
    sp_value r = s->out == SP_NIL ? bin_new() : s->out;
    s->out = SP_NIL;
    return r;
}

/* With a block, CRuby yields the output in 16 KiB pieces as its buffer
 * fills and keeps the rest for later (the call returns nil); a `break`
 * leaves what was not yielded in the buffer. */
#define CHUNK 16384
static sp_value output(zst *s, sp_value blk)
{
    if (blk == SP_NIL) return detach(s);
    while (s->out != SP_NIL && sp_str_len(s->out) >= CHUNK) {
        sp_value all = s->out;
        sp_value chunk = sp_str_new(sp_str_ptr(all), CHUNK);
        sp_str_set_binary(chunk);
        s->out = bin_new();
        sp_str_cat(s->out, sp_str_ptr(all) + CHUNK, sp_str_len(all) - CHUNK);
        sp_yield1(blk, chunk);
    }
    if (s->finished && s->out != SP_NIL && sp_str_len(s->out)) sp_yield1(blk, detach(s));
    return SP_NIL;
}

/* After the end of an inflated stream the rest of the input passes
 * through to the output buffer as it is (CRuby). */
static void pass_through(zst *s)
{
    if (s->deflate || !s->finished || s->in == SP_NIL || !sp_str_len(s->in)) return;
    if (s->out == SP_NIL) s->out = bin_new();
    sp_str_append(s->out, s->in);
    s->in = SP_NIL;
}

static int int_arg(int argc, const sp_value *argv, int i, int dflt)
{
    return argc > i && argv[i] != SP_NIL ? (int)sp_num_to_long(argv[i]) : dflt;
}

/* Deflate.new(level = DEFAULT_COMPRESSION, wbits = MAX_WBITS,
 *             memlevel = DEF_MEM_LEVEL, strategy = DEFAULT_STRATEGY) */
SP_METHOD(zd_initialize)
{
    (void)blk;
    if (argc > 4) sp_raise_arity(argc, 0, 4);
    zst *s = ZS(self);
    z_stream *z = calloc(1, sizeof *z);
    if (!z) sp_zlib_raise(Z_MEM_ERROR, NULL);
    int rc = deflateInit2(z, int_arg(argc, argv, 0, Z_DEFAULT_COMPRESSION), Z_DEFLATED,
                          int_arg(argc, argv, 1, MAX_WBITS), int_arg(argc, argv, 2, 8),
                          int_arg(argc, argv, 3, Z_DEFAULT_STRATEGY));
    if (rc != Z_OK) { free(z); sp_zlib_raise(rc, NULL); }
    s->z = z;
    GC_register_finalizer_no_order(s, zst_finalize, NULL, NULL, NULL);
    return SP_NIL;
}

/* Inflate.new(window_bits = MAX_WBITS) */
SP_METHOD(zi_initialize)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    zst *s = ZS(self);
    z_stream *z = calloc(1, sizeof *z);
    if (!z) sp_zlib_raise(Z_MEM_ERROR, NULL);
    int rc = inflateInit2(z, int_arg(argc, argv, 0, MAX_WBITS));
    if (rc != Z_OK) { free(z); sp_zlib_raise(rc, NULL); }
    s->z = z;
    GC_register_finalizer_no_order(s, zst_finalize, NULL, NULL, NULL);
    return SP_NIL;
}

/* deflate(string, flush = NO_FLUSH): nil finishes the stream. */
SP_METHOD(zd_deflate)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    zst *s = ready(self);
    if (argv[0] == SP_NIL) { run(s, "", 0, Z_FINISH); return output(s, blk); }
    sp_value src = sp_str_to_str(argv[0]);
    int flush = int_arg(argc, argv, 1, Z_NO_FLUSH);
    if (flush != Z_NO_FLUSH || sp_str_len(src) > 0) run(s, sp_str_ptr(src), sp_str_len(src), flush);
    return output(s, blk);
}

/* <<: input whose output waits for the next deflate/flush/finish. */
SP_METHOD(zd_append)
{
    (void)argc_; (void)blk;
    zst *s = ready(self);
    sp_value src = sp_str_to_str(argv[0]);
    if (sp_str_len(src) > 0) run(s, sp_str_ptr(src), sp_str_len(src), Z_NO_FLUSH);
    return self;
}

/* flush(flush = SYNC_FLUSH) */
SP_METHOD(zd_flush)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    zst *s = ready(self);
    int flush = int_arg(argc, argv, 0, Z_SYNC_FLUSH);
    if (flush != Z_NO_FLUSH) run(s, "", 0, flush);
    return detach(s);
}

SP_METHOD(zd_params)
{
    (void)argc_; (void)blk;
    zst *s = ready(self);
    if (s->out == SP_NIL) s->out = bin_new();
    unsigned char buf[16384];
    for (;;) {
        s->z->next_in = NULL; s->z->avail_in = 0;
        s->z->next_out = buf; s->z->avail_out = sizeof buf;
        int rc = deflateParams(s->z, (int)sp_num_to_long(argv[0]), (int)sp_num_to_long(argv[1]));
        sp_str_cat(s->out, (const char *)buf, sizeof buf - s->z->avail_out);
        if (rc == Z_BUF_ERROR && s->z->avail_out == 0) continue;
        if (rc != Z_OK && rc != Z_BUF_ERROR) sp_zlib_raise(rc, s->z->msg);
        break;
    }
    return SP_NIL;
}

SP_METHOD(zs_set_dictionary)
{
    (void)argc_; (void)blk;
    zst *s = ready(self);
    sp_value d = sp_str_to_str(argv[0]);
    int rc = s->deflate ? deflateSetDictionary(s->z, (const Bytef *)sp_str_ptr(d), (uInt)sp_str_len(d))
                        : inflateSetDictionary(s->z, (const Bytef *)sp_str_ptr(d), (uInt)sp_str_len(d));
    if (rc != Z_OK) sp_zlib_raise(rc, s->z->msg);
    return argv[0];
}

/* Input given after the end of the stream: CRuby appends it to the output
 * buffer as it is (a later flush_next_out or finish returns it). */
static void after_end(zst *s, sp_value src)
{
    if (s->out == SP_NIL) s->out = bin_new();
    sp_str_cat(s->out, sp_str_ptr(src), sp_str_len(src));
}

/* inflate(string): the output so far (nil: what is left). */
SP_METHOD(zi_inflate)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    zst *s = ready(self);
    if (s->finished) {
        if (argv[0] != SP_NIL) after_end(s, sp_str_to_str(argv[0]));
        return argv[0] == SP_NIL ? output(s, blk) : (blk == SP_NIL ? bin_new() : SP_NIL);
    }
    if (argv[0] == SP_NIL) run(s, "", 0, Z_SYNC_FLUSH);
    else { sp_value src = sp_str_to_str(argv[0]); run(s, sp_str_ptr(src), sp_str_len(src), Z_SYNC_FLUSH); }
    sp_value r = output(s, blk);
    pass_through(s);
    return r;
}

SP_METHOD(zi_append)
{
    (void)argc_; (void)blk;
    zst *s = ready(self);
    if (s->finished) { if (argv[0] != SP_NIL) after_end(s, sp_str_to_str(argv[0])); return self; }
    if (argv[0] == SP_NIL) run(s, "", 0, Z_SYNC_FLUSH);
    else { sp_value src = sp_str_to_str(argv[0]); run(s, sp_str_ptr(src), sp_str_len(src), Z_SYNC_FLUSH); }
    pass_through(s);
    return self;
}

SP_METHOD(zi_sync_point)
{
    (void)argc_; (void)argv; (void)blk;
    zst *s = ready(self);
    return SP_BOOL(inflateSyncPoint(s->z));
}

SP_METHOD(zs_finish)
{
    (void)argc_; (void)argv;
    zst *s = ready(self);
    if (!(s->finished && !s->deflate)) run(s, "", 0, Z_FINISH);
    pass_through(s);
    return output(s, blk);
}

SP_METHOD(zs_close)
{
    (void)argc_; (void)argv; (void)blk;
    zst *s = ready(self);
    int rc = s->deflate ? deflateEnd(s->z) : inflateEnd(s->z);
    free(s->z);
    s->z = NULL;
    s->closed = 1;
    (void)rc;   /* Z_DATA_ERROR for a stream closed before its end: CRuby ignores it too */
    return SP_NIL;
}

SP_METHOD(zs_reset)
{
    (void)argc_; (void)argv; (void)blk;
    zst *s = ready(self);
    if (s->deflate) deflateReset(s->z); else inflateReset(s->z);
    s->finished = 0;
    s->out = s->in = SP_NIL;
    return SP_NIL;
}

SP_METHOD(zs_closed) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(ZS(self)->closed || !ZS(self)->z); }
SP_METHOD(zs_finished) { (void)argc_; (void)argv; (void)blk; ready(self); return SP_BOOL(ZS(self)->finished); }
SP_METHOD(zs_total_in) { (void)argc_; (void)argv; (void)blk; return sp_int_new((int64_t)ready(self)->z->total_in); }
SP_METHOD(zs_total_out) { (void)argc_; (void)argv; (void)blk; return sp_int_new((int64_t)ready(self)->z->total_out); }
SP_METHOD(zs_adler) { (void)argc_; (void)argv; (void)blk; return sp_int_new((int64_t)ready(self)->z->adler); }
SP_METHOD(zs_data_type) { (void)argc_; (void)argv; (void)blk; return SP_FIX(ready(self)->z->data_type); }
SP_METHOD(zs_avail_in)
{
    (void)argc_; (void)argv; (void)blk;
    zst *s = ready(self);
    return SP_FIX(s->in == SP_NIL ? 0 : (int64_t)sp_str_len(s->in));
}

SP_METHOD(zs_flush_next_in)
{
    (void)argc_; (void)argv; (void)blk;
    zst *s = ready(self);
    sp_value r = s->in == SP_NIL ? bin_new() : s->in;
    s->in = SP_NIL;
    return r;
}

SP_METHOD(zs_flush_next_out) { (void)argc_; (void)argv; (void)blk; return detach(ready(self)); }

void sp_zstream_init(sp_value mZlib, sp_value zs, sp_value deflate_class, sp_value inflate_class)
{
    cDeflate = deflate_class;
    cInflate = inflate_class;
    static const struct { const char *name; int v; } consts[] = {
        { "NO_FLUSH", Z_NO_FLUSH }, { "PARTIAL_FLUSH", Z_PARTIAL_FLUSH }, { "SYNC_FLUSH", Z_SYNC_FLUSH },
        { "FULL_FLUSH", Z_FULL_FLUSH }, { "FINISH", Z_FINISH }, { "BLOCK", Z_BLOCK },
        { "DEF_MEM_LEVEL", 8 }, { "MAX_MEM_LEVEL", MAX_MEM_LEVEL }, { "FILTERED", Z_FILTERED },
        { "HUFFMAN_ONLY", Z_HUFFMAN_ONLY }, { "RLE", Z_RLE }, { "FIXED", Z_FIXED },
        { "DEFAULT_STRATEGY", Z_DEFAULT_STRATEGY }, { "ASCII", Z_ASCII },
    };
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++) sp_define_const(mZlib, consts[i].name, SP_FIX(consts[i].v));

    static const struct { const char *name; sp_cfunc fn; int arity; } m[] = {
        { "finish", zs_finish, 0 }, { "close", zs_close, 0 }, { "end", zs_close, 0 },
        { "reset", zs_reset, 0 }, { "closed?", zs_closed, 0 }, { "ended?", zs_closed, 0 },
        { "finished?", zs_finished, 0 }, { "stream_end?", zs_finished, 0 }, { "total_in", zs_total_in, 0 },
        { "total_out", zs_total_out, 0 }, { "adler", zs_adler, 0 }, { "data_type", zs_data_type, 0 },
        { "avail_in", zs_avail_in, 0 }, { "flush_next_in", zs_flush_next_in, 0 },
        { "flush_next_out", zs_flush_next_out, 0 },
    };
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) sp_define_method(zs, m[i].name, m[i].fn, m[i].arity);

    sp_class_set_allocator(deflate_class, zst_alloc);
    sp_define_method(deflate_class, "initialize", zd_initialize, -1);
    sp_define_method(deflate_class, "deflate", zd_deflate, -1);
    sp_define_method(deflate_class, "<<", zd_append, 1);
    sp_define_method(deflate_class, "flush", zd_flush, -1);
    sp_define_method(deflate_class, "params", zd_params, 2);
    sp_define_method(deflate_class, "set_dictionary", zs_set_dictionary, 1);

    sp_class_set_allocator(inflate_class, zst_alloc);
    sp_define_method(inflate_class, "initialize", zi_initialize, -1);
    sp_define_method(inflate_class, "inflate", zi_inflate, -1);
    sp_define_method(inflate_class, "<<", zi_append, 1);
    sp_define_method(inflate_class, "sync_point?", zi_sync_point, 0);
    sp_define_method(inflate_class, "set_dictionary", zs_set_dictionary, 1);
}

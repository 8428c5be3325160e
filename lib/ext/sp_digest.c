/*
 * sp_digest.c — `require 'digest'` (and digest/md5, digest/sha1,
 * digest/sha2): Digest::MD5, SHA1, SHA256, SHA384, SHA512 on nettle.
 *
 * Representation: an SP_T_DATA object holding a pointer to its
 * algorithm's descriptor (nettle's struct nettle_hash: context size,
 * init/update/digest functions) and the context bytes inline.  nettle's
 * digest function resets the context, so the non-bang #digest/#hexdigest
 * finish a copy, leaving the object's state untouched (as CRuby does).
 *
 * Class layout as CRuby's: Digest::Class (class-level hexdigest/digest/
 * base64digest/file) < Digest::Base < Digest::MD5 ...; Digest::Instance
 * is included for the instance protocol.  Digest::SHA2 < Digest::Class
 * (digest/sha2.rb's class) holds the same representation with room for
 * the largest context; its #initialize(bitlen) picks SHA256/384/512.
 */
#include "spinel.h"
#include "sp_string.h"
#include "sp_sched.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <nettle/base64.h>
#include <nettle/md5.h>
#include <nettle/nettle-meta.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>

SP_NORETURN void sp_raise_syserr_path(int err, const char *func, const char *path);  /* sp_io.c */

typedef struct dg {
    sp_header hdr;
    const struct nettle_hash *alg;
    _Alignas(16) unsigned char ctx[];
} dg;
#define DG(v) ((dg *)(v))

static sp_value mDigest, cDigestClass, cDigestBase, mInstance, cSHA2;

/* The algorithm classes and their nettle descriptors. */
static struct { sp_value klass; const struct nettle_hash *alg; } algs[5];
static int nalgs;

static const struct nettle_hash *alg_of_class(sp_value klass)
{
    for (sp_value k = klass; k != SP_NIL; k = sp_class_superclass(k))
        for (int i = 0; i < nalgs; i++)
            if (algs[i].klass == k) return algs[i].alg;
    return NULL;
}

static sp_value dg_alloc(sp_value klass)
{
    if (cSHA2 && sp_class_inherits(klass, cSHA2)) {
        /* room for the largest context; #initialize picks the algorithm */
        dg *d = sp_alloc(sizeof(dg) + nettle_sha512.context_size, klass, SP_T_DATA);
        d->alg = &nettle_sha256;
        d->alg->init(d->ctx);
        return (sp_value)d;
    }
    const struct nettle_hash *alg = alg_of_class(klass);
    if (!alg) sp_raise(sp_eNotImpError, "%s is an abstract class", sp_class_path(klass));
    dg *d = sp_alloc(sizeof(dg) + alg->context_size, klass, SP_T_DATA);
    d->alg = alg;
    alg->init(d->ctx);
    return (sp_value)d;
}

static void dg_update_bytes(dg *d, sp_value str)
{
    str = sp_str_to_str(str);
    size_t n;
    const char *p = sp_str_snap(str, &n);
    d->alg->update(d->ctx, n, (const uint8_t *)p);
}

/* The digest of the current state, leaving the state as it is. */
static sp_value finish_copy(dg *d)
{
    unsigned char *copy = GC_MALLOC_ATOMIC(d->alg->context_size);
    memcpy(copy, d->ctx, d->alg->context_size);
    uint8_t out[SHA512_DIGEST_SIZE];   /* the largest of ours */
    d->alg->digest(copy, d->alg->digest_size, out);
    sp_value s = sp_str_new((const char *)out, d->alg->digest_size);
    sp_str_set_binary(s);
    return s;
}

static sp_value hex(sp_value bin)
{
    static const char hx[] = "0123456789abcdef";
    size_t n;
    const unsigned char *p = (const unsigned char *)sp_str_snap(bin, &n);
    sp_value r = sp_str_buf_new(n * 2);
    for (size_t i = 0; i < n; i++) {
        char b[2] = { hx[p[i] >> 4], hx[p[i] & 15] };
        sp_str_cat(r, b, 2);
    }
    return r;
}

static sp_value b64(sp_value bin)
{
    size_t n;
    const char *p = sp_str_snap(bin, &n);
    char *out = GC_MALLOC_ATOMIC(BASE64_ENCODE_RAW_LENGTH(n) + 1);
    base64_encode_raw(out, n, (const uint8_t *)p);
    return sp_str_new(out, BASE64_ENCODE_RAW_LENGTH(n));
}

/* ---- instance protocol ---- */

SP_METHOD(dg_update) { (void)argc_; (void)blk; dg_update_bytes(DG(self), argv[0]); return self; }

SP_METHOD(dg_reset) { (void)argc_; (void)argv; (void)blk; DG(self)->alg->init(DG(self)->ctx); return self; }

/* digest / digest(str): with an argument, the digest of str alone (the
 * object is reset first and after, as Digest::Instance#digest does). */
SP_METHOD(dg_digest)
{
    (void)blk;
    dg *d = DG(self);
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    if (argc == 1) {
        d->alg->init(d->ctx);
        dg_update_bytes(d, argv[0]);
        sp_value r = finish_copy(d);
        d->alg->init(d->ctx);
        return r;
    }
    return finish_copy(d);
}
SP_METHOD(dg_hexdigest) { return hex(dg_digest(self, argc_, argv, blk)); }
SP_METHOD(dg_base64digest) { return b64(dg_digest(self, argc_, argv, blk)); }

SP_METHOD(dg_digest_bang)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value r = finish_copy(DG(self));
    DG(self)->alg->init(DG(self)->ctx);
    return r;
}
SP_METHOD(dg_hexdigest_bang) { return hex(dg_digest_bang(self, argc_, argv, blk)); }
SP_METHOD(dg_base64digest_bang) { return b64(dg_digest_bang(self, argc_, argv, blk)); }

SP_METHOD(dg_length) { (void)argc_; (void)argv; (void)blk; return SP_FIX(DG(self)->alg->digest_size); }
SP_METHOD(dg_block_length) { (void)argc_; (void)argv; (void)blk; return SP_FIX(DG(self)->alg->block_size); }

/* ==: another digest object (same digest) or a hex String (to_str). */
SP_METHOD(dg_eq)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0], mine, theirs;
    if (SP_HEAP_P(o) && SP_TYPE(o) == SP_T_DATA && (sp_obj_is_kind_of(o, cDigestBase) || sp_obj_is_kind_of(o, cSHA2))) {
        mine = finish_copy(DG(self));
        theirs = finish_copy(DG(o));
    } else {
        if (!sp_str_p(o)) {
            if (!sp_respond_to(o, sp_intern("to_str"), 0)) return SP_FALSE;
            o = sp_funcall0(o, "to_str");
        }
        mine = hex(finish_copy(DG(self)));
        theirs = o;
    }
    return SP_BOOL(sp_equal(mine, theirs));
}

SP_METHOD(dg_inspect)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value r = sp_str_format("#<%s: ", sp_obj_classname(self));
    sp_str_append(r, hex(finish_copy(DG(self))));
    sp_str_cat(r, ">", 1);
    return r;
}

SP_METHOD(dg_init_copy)
{
    (void)argc_; (void)blk;
    dg *d = DG(self), *o = DG(argv[0]);
    if (sp_obj_is_kind_of(self, cSHA2) && sp_obj_is_kind_of(argv[0], cSHA2)) d->alg = o->alg;
    if (d->alg == o->alg) memcpy(d->ctx, o->ctx, d->alg->context_size);
    return self;
}

/* file(path): update with the file's bytes, read outside the scheduler. */
SP_METHOD(dg_file)
{
    (void)argc_; (void)blk;
    dg *d = DG(self);
    sp_value path = argv[0];
    if (!sp_str_p(path) && sp_respond_to(path, sp_intern("to_path"), 0)) path = sp_funcall0(path, "to_path");
    path = sp_str_to_str(path);
    const char *cpath = sp_str_cstr(path);
    FILE *f = fopen(cpath, "rb");
    if (!f) sp_raise_syserr_path(errno, "rb_sysopen", cpath);
    char *buf = GC_MALLOC_ATOMIC(65536);
    size_t n;
    int err = 0;
    for (;;) {
        sp_blocking_begin();
        n = fread(buf, 1, 65536, f);
        if (n == 0 && ferror(f)) err = errno;
        sp_blocking_end();
        if (n == 0) break;
        d->alg->update(d->ctx, n, (const uint8_t *)buf);
    }
    fclose(f);
    if (err) sp_raise_syserr_path(err, "io_fread", cpath);
    return self;
}

/* ---- class-level shortcuts (Digest::Class) ---- */

static sp_value new_of(sp_value klass) { return sp_class_new_instance(klass, 0, NULL, SP_NIL); }

/* an object with this file's representation (a Digest::Base or SHA2) */
static int dg_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && (sp_obj_is_kind_of(v, cDigestBase) || sp_obj_is_kind_of(v, cSHA2));
}

SP_METHOD(c_digest)
{
    (void)blk;
    if (argc < 1) sp_raise(sp_eArgError, "no data given");
    sp_value d = new_of(self);
    if (!dg_p(d)) return sp_funcall(d, sp_intern("digest"), 1, argv, SP_NIL);   /* a class of the program's */
    dg_update_bytes(DG(d), argv[0]);
    return finish_copy(DG(d));
}

/* ---- Digest::Instance: what a class including it must implement ---- */

static SP_NORETURN void unimpl(sp_value self, const char *what)
{
    sp_raise(sp_eRuntimeError, "%s does not implement %s()", sp_obj_classname(self), what);
}
SP_METHOD(inst_update) { (void)argc_; (void)argv; (void)blk; unimpl(self, "update"); }
SP_METHOD(inst_finish) { (void)argc_; (void)argv; (void)blk; unimpl(self, "finish"); }
SP_METHOD(inst_reset) { (void)argc_; (void)argv; (void)blk; unimpl(self, "reset"); }

/* Digest::Instance#digest([str]) over the including class's reset/update/
 * finish, as digest.c: with str, the digest of str alone (reset before
 * and after); without, finish on a copy */
SP_METHOD(inst_digest)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    if (argc == 1) {
        sp_funcall0(self, "reset");
        sp_funcall(self, sp_intern("update"), 1, argv, SP_NIL);
        sp_value r = sp_funcall0(self, "finish");
        sp_funcall0(self, "reset");
        return r;
    }
    return sp_funcall0(sp_funcall0(self, "clone"), "finish");
}
SP_METHOD(inst_hexdigest) { return hex(sp_str_to_str(inst_digest(self, argc_, argv, blk))); }

/* Digest::Instance#new: a reset copy */
SP_METHOD(inst_new)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value c = sp_funcall0(self, "clone");
    sp_funcall0(c, "reset");
    return c;
}
SP_METHOD(c_hexdigest) { return hex(c_digest(self, argc_, argv, blk)); }
SP_METHOD(c_base64digest) { return b64(c_digest(self, argc_, argv, blk)); }
SP_METHOD(c_file)
{
    (void)blk;
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    sp_value d = new_of(self);
    dg_file(d, 1, argv, SP_NIL);
    return d;
}

/* Digest::SHA2#initialize(bitlen = 256): digest/sha2.rb's class, whose
 * instances are Digest::SHA2 objects computing SHA256/384/512 */
SP_METHOD(sha2_initialize)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    sp_value bits = argc > 0 ? argv[0] : SP_FIX(256);
    const struct nettle_hash *alg = bits == SP_FIX(256) ? &nettle_sha256 : bits == SP_FIX(384) ? &nettle_sha384
                                  : bits == SP_FIX(512) ? &nettle_sha512 : NULL;
    if (!alg) sp_raise(sp_eArgError, "unsupported bit length: %s", sp_str_cstr(sp_inspect(bits)));
    DG(self)->alg = alg;
    alg->init(DG(self)->ctx);
    return SP_NIL;
}

/* "#<Digest::SHA2:256 hex>" */
SP_METHOD(sha2_inspect)
{
    (void)argc_; (void)argv; (void)blk;
    sp_value r = sp_str_format("#<%s:%d ", sp_obj_classname(self), (int)DG(self)->alg->digest_size * 8);
    sp_str_append(r, hex(finish_copy(DG(self))));
    sp_str_cat(r, ">", 1);
    return r;
}

/* Digest.hexencode(str) */
SP_METHOD(m_hexencode) { (void)self; (void)argc_; (void)blk; return hex(sp_str_to_str(argv[0])); }

static void def_alg(const char *name, const struct nettle_hash *alg)
{
    sp_value k = sp_define_class_under(mDigest, name, cDigestBase);
    algs[nalgs].klass = k;
    algs[nalgs++].alg = alg;
}

void sp_init_digest(void)
{
    static int done;
    if (done) return;
    done = 1;
    mDigest = sp_define_module("Digest");
    GC_add_roots(algs, algs + 5);
    sp_define_const(mDigest, "VERSION", sp_str_new_frozen("3.2.0", 5));
    sp_define_module_function(mDigest, "hexencode", m_hexencode, 1);
    mInstance = sp_define_module_under(mDigest, "Instance");
    cDigestClass = sp_define_class_under(mDigest, "Class", sp_cObject);
    sp_include_module(cDigestClass, mInstance);
    cDigestBase = sp_define_class_under(mDigest, "Base", cDigestClass);
    sp_class_set_allocator(cDigestBase, dg_alloc);

    sp_value C = cDigestClass;
    sp_define_singleton_method(C, "digest", c_digest, -1);
    sp_define_singleton_method(C, "hexdigest", c_hexdigest, -1);
    sp_define_singleton_method(C, "base64digest", c_base64digest, -1);
    sp_define_singleton_method(C, "file", c_file, -1);

    sp_define_method(mInstance, "update", inst_update, 1);
    sp_define_method(mInstance, "<<", inst_update, 1);
    sp_define_private_method(mInstance, "finish", inst_finish, 0);
    sp_define_method(mInstance, "reset", inst_reset, 0);
    sp_define_method(mInstance, "new", inst_new, 0);
    sp_define_method(mInstance, "digest", inst_digest, -1);
    sp_define_method(mInstance, "hexdigest", inst_hexdigest, -1);

    cSHA2 = sp_define_class_under(mDigest, "SHA2", cDigestClass);
    sp_class_set_allocator(cSHA2, dg_alloc);
    sp_define_method(cSHA2, "initialize", sha2_initialize, -1);
    /* the instance protocol: Digest::Base's and Digest::SHA2's */
    for (int i = 0; i < 2; i++) {
        sp_value B = i == 0 ? cDigestBase : cSHA2;
        sp_define_method(B, "update", dg_update, 1);
        sp_define_method(B, "<<", dg_update, 1);
        sp_define_method(B, "reset", dg_reset, 0);
        sp_define_method(B, "digest", dg_digest, -1);
        sp_define_method(B, "hexdigest", dg_hexdigest, -1);
        sp_define_method(B, "to_s", dg_hexdigest, -1);
        sp_define_method(B, "base64digest", dg_base64digest, -1);
        sp_define_method(B, "digest!", dg_digest_bang, 0);
        sp_define_method(B, "hexdigest!", dg_hexdigest_bang, 0);
        sp_define_method(B, "base64digest!", dg_base64digest_bang, 0);
        sp_define_method(B, "length", dg_length, 0);
        sp_define_method(B, "size", dg_length, 0);
        sp_define_method(B, "digest_length", dg_length, 0);
        sp_define_method(B, "block_length", dg_block_length, 0);
        sp_define_method(B, "==", dg_eq, 1);
        sp_define_method(B, "inspect", dg_inspect, 0);
        sp_define_method(B, "initialize_copy", dg_init_copy, 1);
        sp_define_method(B, "file", dg_file, 1);
    }
    sp_define_method(cSHA2, "inspect", sha2_inspect, 0);

    def_alg("MD5", &nettle_md5);
    def_alg("SHA1", &nettle_sha1);
    def_alg("SHA256", &nettle_sha256);
    def_alg("SHA384", &nettle_sha384);
    def_alg("SHA512", &nettle_sha512);
}

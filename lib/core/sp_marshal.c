/*
 * sp_marshal.c — Marshal.dump / Marshal.load in CRuby's binary format 4.8.
 *
 * The format (CRuby's marshal.c is the specification; byte for byte the
 * same output for the same objects):
 *   "\x04\x08" then one object: '0' 'T' 'F' nil/true/false, 'i' Fixnum
 *   (only values in 32-bit range; larger ones are written as 'l'), 'l'
 *   Bignum (sign, length in 16-bit words, little-endian bytes), 'f' Float
 *   (shortest decimal text, "inf"/"-inf"/"nan"), '"' String, '/' Regexp,
 *   '[' Array, '{' / '}' Hash (the latter with its default), 'S' Struct,
 *   'o' plain object (class and ivars; Range and Exception too), 'c'/'m'
 *   Class/Module by name, ':' Symbol / ';' symbol link, '@' object link,
 *   'I' wraps an object followed by ivars (a String's encoding is the ivar
 *   :E true/false or :encoding "name"), 'C' a user subclass of a builtin,
 *   'e' a module the object was extended with, 'U' marshal_dump data,
 *   'u' _dump string.
 *   Integers inside ('w_long') are 1 byte for -123..122, else a signed
 *   byte count 1..4 and little-endian bytes.
 *
 * Object links: every object that is not nil/true/false/Fixnum/Symbol
 * gets the next index when it is first written (an Integer outside 32 bits
 * takes an index but is never linked; a _dump'd object takes its index
 * after its data), so the loader numbers objects in the same order and an
 * '@' refers back to an earlier (or enclosing: cycles) object.  Symbols
 * have their own table.
 *
 * State lives in a struct on the C stack of one dump/load (no globals), so
 * concurrent dumps in several threads are independent.  Object tables are
 * Hashes/Arrays (GC-visible).  Errors are CRuby's classes and messages.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sp_class.h"
#include "sp_hash.h"
#include "sp_numeric.h"
#include "sp_range.h"
#include "sp_string.h"
#include "sp_struct.h"

/* sp_time.c: CRuby's marshal format of a Time */
void sp_time_dump8(sp_value t, char buf[8]);
sp_value sp_time_dump_zone(sp_value t);
sp_value sp_time_load(sp_value klass, sp_value data, sp_value ivs);

#define MARSHAL_MAJOR 4
#define MARSHAL_MINOR 8

static sp_value mMarshal, cData, cSet;
static sp_id id_marshal_dump, id_marshal_load, id_dump, id_load, id_E, id_encoding,
    id_mesg, id_bt, id_bt_locations, id_excl, id_begin, id_end, id_hash, id_write,
    id_binmode, id_getbyte, id_read, id_to_str, id_call, id_extend, id_nano_num, id_nano_den,
    id_submicro, id_offset, id_zone, id_cause;

/* ------------------------------------------------------------------ */
/* class paths                                                         */

/* The constant a marshal path names, or raise ArgumentError with
 * CRuby's "undefined class/module Foo::Bar" (up to the missing part). */
static sp_value path_to_class(sp_value path)
{
    size_t len;
    const char *p = sp_str_snap(path, &len);
    sp_value c = sp_cObject;
    size_t i = 0;
    while (i <= len) {
        size_t j = i;
        while (j < len && !(p[j] == ':' && j + 1 < len && p[j + 1] == ':')) j++;
        sp_value v = SP_UNDEF;
        if (j > i && SP_HEAP_P(c) && (SP_TYPE(c) == SP_T_CLASS || SP_TYPE(c) == SP_T_MODULE)) {
            sp_id id = sp_intern_len(p + i, j - i);
            v = sp_const_find(c, id, 1);
            /* Foo::Bar names Foo's own (or inherited) Bar, never the top-level one */
            if (v != SP_UNDEF && c != sp_cObject && sp_const_find(c, id, 0) == SP_UNDEF &&
                v == sp_const_find(sp_cObject, id, 0))
                v = SP_UNDEF;
        }
        if (v == SP_UNDEF)
            sp_raise(sp_eArgError, "undefined class/module %.*s", (int)j, p);
        c = v;
        if (j >= len) break;
        i = j + 2;
    }
    return c;
}

static int class_p(sp_value v) { return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_CLASS; }
static int module_p(sp_value v) { return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_MODULE; }

static sp_value path_to_klass(sp_value path)
{
    sp_value c = path_to_class(path);
    if (!class_p(c)) sp_raise(sp_eArgError, "%s does not refer to class", sp_str_cstr(path));
    return c;
}

static sp_value path_to_module(sp_value path)
{
    sp_value c = path_to_class(path);
    if (!module_p(c)) sp_raise(sp_eArgError, "%s does not refer to module", sp_str_cstr(path));
    return c;
}

/* The name a class is dumped under: TypeError for an anonymous class or
 * one whose name no longer leads back to it. */
static const char *class_to_path_as(sp_value klass, const char *kind)
{
    sp_value name = sp_class_name(klass);
    if (name == SP_NIL)
        sp_raise(sp_eTypeError, "can't dump anonymous %s %s",
                 kind ? kind : SP_TYPE(klass) == SP_T_CLASS ? "class" : "module", sp_class_path(klass));
    const char *path = sp_class_path(klass);
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_value found = SP_UNDEF;
    sp_push_handler(ec, &h, SP_H_RESCUE, NULL);
    if (_setjmp(h.jb) == 0) {
        found = path_to_class(sp_str_new_cstr(path));
        sp_pop_handler(ec, &h);
    } else {
        sp_pop_handler(ec, &h);
        if (ec->jump != SP_JUMP_RAISE) sp_rejump(ec);
    }
    if (found != klass) sp_raise(sp_eTypeError, "%s can't be referred to", path);
    return path;
}

static const char *class_to_path(sp_value klass) { return class_to_path_as(klass, NULL); }

static sp_value real_class(sp_value obj) { return sp_obj_class(obj); }

/* ------------------------------------------------------------------ */
/* dump                                                                */

typedef struct wr {
    sp_value buf;     /* String being written */
    sp_value objs;    /* identity Hash: object -> Fixnum index */
    long nobj;        /* next object index */
    sp_value syms;    /* Hash: Symbol -> Fixnum index */
    sp_value encs;    /* Hash: encoding name -> the one String written for it */
} wr;

static void w_object(wr *w, sp_value obj, int limit);

static void w_byte(wr *w, int c) { char b = (char)c; sp_str_cat(w->buf, &b, 1); }
static void w_raw(wr *w, const char *p, size_t n) { sp_str_cat(w->buf, p, n); }

static void w_long(wr *w, long x)
{
    char buf[9];
    if (x == 0) { w_byte(w, 0); return; }
    if (0 < x && x < 123) { w_byte(w, (int)(x + 5)); return; }
    if (-124 < x && x < 0) { w_byte(w, (int)((x - 5) & 0xff)); return; }
    int i;
    for (i = 1; i < (int)sizeof(long) + 1; i++) {
        buf[i] = (char)(x & 0xff);
        x >>= 8;
        if (x == 0) { buf[0] = (char)i; break; }
        if (x == -1) { buf[0] = (char)-i; break; }
    }
    w_raw(w, buf, (size_t)i + 1);
}

static void w_bytes(wr *w, const char *p, size_t n) { w_long(w, (long)n); w_raw(w, p, n); }

static void w_symbol(wr *w, sp_value sym)
{
    sp_value idx = sp_hash_lookup(w->syms, sym, SP_UNDEF);
    if (idx != SP_UNDEF) { w_byte(w, ';'); w_long(w, SP_FIX2LONG(idx)); return; }
    sp_id id = SP_SYM2ID(sym);
    const char *name = sp_id_name(id);
    size_t n = sp_id_len(id);
    int ascii = 1;
    for (size_t i = 0; i < n; i++) if ((unsigned char)name[i] >= 0x80) ascii = 0;
    if (!ascii) w_byte(w, 'I');
    w_byte(w, ':');
    w_bytes(w, name, n);
    sp_hash_aset(w->syms, sym, SP_FIX(sp_hash_size(w->syms)));
    if (!ascii) { w_long(w, 1); w_symbol(w, SP_ID2SYM(id_E)); w_byte(w, 'T'); }
}

static void w_unique(wr *w, const char *path) { w_symbol(w, sp_sym(path)); }

static void w_remember(wr *w, sp_value obj) { sp_hash_aset(w->objs, obj, SP_FIX(w->nobj)); w->nobj++; }

/* Modules obj was extended with ('e' entries, nearest first); with check,
 * a singleton class with methods cannot be dumped. */
static void w_extended(wr *w, sp_value obj, int check)
{
    sp_class *k = sp_class_of(obj);
    if (!check || !(k->hdr.flags & SP_FL_SINGLETON)) return;
    sp_idtbl *mt = sp_class_mtbl(k);
    sp_ivars *iv = __atomic_load_n(&k->ivars, __ATOMIC_ACQUIRE);
    int has_iv = 0;
    if (iv) for (uint32_t i = 0; i < iv->capa; i++) if (iv->vals[i] != SP_UNDEF) has_iv = 1;
    if ((mt && mt->count) || has_iv) sp_raise(sp_eTypeError, "singleton can't be dumped");
    for (k = sp_class_super(k); k && k->hdr.type == SP_T_ICLASS; k = sp_class_super(k)) {
        if (k->cflags & SP_CF_ORIGIN) continue;
        w_byte(w, 'e');
        w_unique(w, class_to_path_as(SP_CVAL(k->module), "class"));  /* CRuby's wording here */
    }
}

static void w_class(wr *w, int type, sp_value obj, int check)
{
    w_extended(w, obj, check);
    const char *path = class_to_path(real_class(obj));
    w_byte(w, type);
    w_unique(w, path);
}

/* 'C' when obj's class is a subclass of the builtin `base`. */
static void w_uclass(wr *w, sp_value obj, sp_value base)
{
    w_extended(w, obj, 1);
    sp_value k = real_class(obj);
    if (k != base) { w_byte(w, 'C'); w_unique(w, class_to_path(k)); }
}

/* A String's encoding as its marshal ivar: SP_TRUE (UTF-8), SP_FALSE
 * (US-ASCII), SP_NIL (binary: no ivar) or the encoding's name String. */
static sp_value w_enc_of(wr *w, sp_value s)
{
    uint32_t f = __atomic_load_n(&SP_HDR(s)->flags, __ATOMIC_RELAXED) & SP_STR_ENC_MASK;
    if (f == 0) return SP_TRUE;
    if (f == SP_STR_USASCII) return SP_FALSE;
    if (f == SP_STR_BINARY) return SP_NIL;
    sp_value name = sp_funcall0(sp_funcall0(s, "encoding"), "name");
    sp_value one = sp_hash_lookup(w->encs, name, SP_UNDEF);
    if (one != SP_UNDEF) return one;
    one = sp_str_new(sp_str_ptr(name), sp_str_len(name));
    sp_str_set_binary(one);
    sp_hash_aset(w->encs, name, one);
    return one;
}

static int count_ivar(sp_id id, sp_value v, void *arg)
{
    (void)v;
    if (sp_id_name(id)[0] == '@') ++*(long *)arg;
    return 0;
}

static long user_ivar_count(sp_value obj)
{
    long n = 0;
    sp_ivar_foreach(obj, count_ivar, &n);
    return n;
}

typedef struct { wr *w; int limit; } wiv;

static int write_ivar(sp_id id, sp_value v, void *arg)
{
    wiv *a = arg;
    if (sp_id_name(id)[0] != '@') return 0;
    w_symbol(a->w, SP_ID2SYM(id));
    w_object(a->w, v, a->limit);
    return 0;
}

static void w_ivars(wr *w, sp_value obj, int limit)
{
    wiv a = { w, limit };
    sp_ivar_foreach(obj, write_ivar, &a);
}

/* The ivar block after an 'I'-wrapped object: count, encoding, ivars. */
static void w_ivar_block(wr *w, sp_value obj, sp_value enc, long nuser, int limit)
{
    w_long(w, nuser + (enc != SP_NIL));
    if (enc == SP_TRUE || enc == SP_FALSE) { w_symbol(w, SP_ID2SYM(id_E)); w_byte(w, enc == SP_TRUE ? 'T' : 'F'); }
    else if (enc != SP_NIL) { w_symbol(w, SP_ID2SYM(id_encoding)); w_object(w, enc, limit); }
    if (nuser) w_ivars(w, obj, limit);
}

static void w_float(wr *w, double d)
{
    char buf[64];
    int len = 0;
    if (isinf(d)) len = snprintf(buf, sizeof buf, "%s", d < 0 ? "-inf" : "inf");
    else if (isnan(d)) len = snprintf(buf, sizeof buf, "nan");
    else if (d == 0.0) len = snprintf(buf, sizeof buf, "%s", signbit(d) ? "-0" : "0");
    else {
        char digs[40];
        int decpt, neg;
        int digits = sp_float_shortest(d, digs, &decpt, &neg);
        if (neg) buf[len++] = '-';
        if (decpt < -3 || decpt > digits) {
            buf[len++] = digs[0];
            if (--digits > 0) buf[len++] = '.';
            memcpy(buf + len, digs + 1, (size_t)digits);
            len += digits;
            len += snprintf(buf + len, sizeof buf - (size_t)len, "e%d", decpt - 1);
        } else if (decpt > 0) {
            memcpy(buf + len, digs, (size_t)decpt);
            len += decpt;
            if ((digits -= decpt) > 0) {
                buf[len++] = '.';
                memcpy(buf + len, digs + decpt, (size_t)digits);
                len += digits;
            }
        } else {
            buf[len++] = '0';
            buf[len++] = '.';
            for (int i = 0; i < -decpt; i++) buf[len++] = '0';
            memcpy(buf + len, digs, (size_t)digits);
            len += digits;
        }
    }
    w_byte(w, 'f');
    w_bytes(w, buf, (size_t)len);
}

static void w_bignum(wr *w, sp_value v)
{
    mpz_t z;
    mpz_init(z);
    sp_int_to_mpz(v, z);
    int neg = mpz_sgn(z) < 0;
    size_t n = 0;
    unsigned char *bytes = mpz_export(NULL, &n, -1, 1, 0, 0, z);
    w_byte(w, 'l');
    w_byte(w, neg ? '-' : '+');
    size_t shorts = (n + 1) / 2;
    w_long(w, (long)shorts);
    w_raw(w, (const char *)bytes, n);
    if (n & 1) w_byte(w, 0);
    mpz_clear(z);
}

static void w_string(wr *w, sp_value s, int limit)
{
    sp_value enc = w_enc_of(w, s);
    long nuser = user_ivar_count(s);
    int hasiv = enc != SP_NIL || nuser;
    if (hasiv) w_byte(w, 'I');
    w_uclass(w, s, sp_cString);
    w_byte(w, '"');
    size_t n;
    const char *p = sp_str_snap(s, &n);
    w_bytes(w, p, n);
    if (hasiv) w_ivar_block(w, s, enc, nuser, limit);
}

static void w_regexp(wr *w, sp_value re, int limit)
{
    sp_value src = sp_funcall0(re, "source");
    long opts = sp_num_to_long(sp_funcall0(re, "options"));
    int fixed = SP_RTEST(sp_funcall0(re, "fixed_encoding?"));
    if (fixed) opts |= 16;    /* CRuby's FIXEDENCODING option bit */
    size_t n;
    const char *p = sp_str_snap(src, &n);
    long nuser = user_ivar_count(re);
    w_byte(w, 'I');
    w_uclass(w, re, sp_cRegexp);
    w_byte(w, '/');
    w_bytes(w, p, n);
    w_byte(w, (int)(opts & 0xff));
    w_ivar_block(w, re, fixed ? SP_TRUE : SP_FALSE, nuser, limit);
}

typedef struct { wr *w; int limit; } whash;

static int w_hash_pair(sp_value k, sp_value v, void *arg)
{
    whash *a = arg;
    w_object(a->w, k, a->limit);
    w_object(a->w, v, a->limit);
    return 0;
}

static void w_hash(wr *w, sp_value h, int limit)
{
    sp_hash *hp = (sp_hash *)h;
    long nuser = user_ivar_count(h);
    if (nuser) w_byte(w, 'I');
    w_uclass(w, h, sp_cHash);
    if (hp->identity) { w_byte(w, 'C'); w_unique(w, "Hash"); }
    if (hp->default_proc != SP_NIL) sp_raise(sp_eTypeError, "can't dump hash with default proc");
    w_byte(w, hp->ifnone == SP_NIL ? '{' : '}');
    w_long(w, sp_hash_size(h));
    whash a = { w, limit };
    sp_hash_foreach(h, w_hash_pair, &a);
    if (hp->ifnone != SP_NIL) w_object(w, hp->ifnone, limit);
    if (nuser) w_ivar_block(w, h, SP_NIL, nuser, limit);
}

static void w_array(wr *w, sp_value a, int limit)
{
    long nuser = user_ivar_count(a);
    if (nuser) w_byte(w, 'I');
    w_uclass(w, a, sp_cArray);
    w_byte(w, '[');
    long n = sp_ary_len(a);
    w_long(w, n);
    for (long i = 0; i < n; i++) w_object(w, sp_ary_entry(a, i), limit);
    if (nuser) w_ivar_block(w, a, SP_NIL, nuser, limit);
}

/* Struct and Data: 'S', class, then member/value pairs. */
static void w_struct(wr *w, sp_value s, int limit)
{
    sp_value mems = sp_funcall0(s, "members");
    long n = sp_ary_len(mems);
    long nuser = user_ivar_count(s);
    if (nuser) w_byte(w, 'I');
    w_class(w, 'S', s, 1);
    w_long(w, n);
    sp_struct *st = (sp_struct *)s;
    for (long i = 0; i < n; i++) {
        w_symbol(w, sp_ary_entry(mems, i));
        w_object(w, i < st->len ? st->vals[i] : SP_NIL, limit);
    }
    if (nuser) w_ivar_block(w, s, SP_NIL, nuser, limit);
}

static void w_exception(wr *w, sp_value e, int limit)
{
    sp_exception *x = (sp_exception *)e;
    w_class(w, 'o', e, 1);
    int cause = x->cause != SP_UNDEF && x->cause != SP_NIL;
    w_long(w, 2 + cause + user_ivar_count(e));
    w_symbol(w, SP_ID2SYM(id_mesg));
    w_object(w, x->message, limit);
    w_symbol(w, SP_ID2SYM(id_bt));
    w_object(w, sp_exc_backtrace(e), limit);
    if (cause) { w_symbol(w, SP_ID2SYM(id_cause)); w_object(w, x->cause, limit); }
    w_ivars(w, e, limit);
}

static void w_range(wr *w, sp_value r, int limit)
{
    w_class(w, 'o', r, 1);
    w_long(w, 3 + user_ivar_count(r));
    w_symbol(w, SP_ID2SYM(id_excl));
    w_object(w, SP_BOOL(SP_RANGE(r)->excl), limit);
    w_symbol(w, SP_ID2SYM(id_begin));
    w_object(w, SP_RANGE(r)->beg, limit);
    w_symbol(w, SP_ID2SYM(id_end));
    w_object(w, SP_RANGE(r)->end, limit);
    w_ivars(w, r, limit);
}

/* Set (a Ruby class holding @hash in CRuby 3.4): 'o' :Set, @hash =>
 * {element => true} with default false. */
static void w_set(wr *w, sp_value s, int limit)
{
    w_class(w, 'o', s, 1);
    w_long(w, 1);
    w_symbol(w, SP_ID2SYM(id_hash));
    sp_value h = sp_hash_new();
    ((sp_hash *)h)->ifnone = SP_FALSE;
    sp_value elems = sp_funcall0(s, "to_a");
    for (long i = 0; i < sp_ary_len(elems); i++) sp_hash_aset(h, sp_ary_entry(elems, i), SP_TRUE);
    w_object(w, h, limit);
}

/* Rational and Complex: 'U' with [a, b] as CRuby's marshal_dump. */
static void w_num_pair(wr *w, sp_value v, const char *a, const char *b, int limit)
{
    w_class(w, 'U', v, 0);
    w_object(w, sp_ary_new2(sp_funcall0(v, a), sp_funcall0(v, b)), limit);
}

/* Time: CRuby's _dump string (8 bytes: UTC year-1900/mon/mday/hour and
 * min/sec/usec bit fields, bit 31 set, bit 30 for UTC mode) with the ivars
 * nano_num/nano_den/submicro (below the microsecond), offset (not UTC)
 * and zone (nil for a fixed offset), written as 'I' 'u' :Time; the Time takes its index after. */
static void w_time(wr *w, sp_value t, int limit)
{
    char buf[8];
    sp_time_dump8(t, buf);
    long nsec = (long)sp_num_to_long(sp_funcall0(t, "nsec"));
    int utc = SP_RTEST(sp_funcall0(t, "utc?"));
    unsigned long sub = (unsigned long)(nsec % 1000);
    sp_value zone = sp_time_dump_zone(t);
    long nuser = user_ivar_count(t);
    long n = nuser + (sub ? 3 : 0) + (!utc) + 1;
    w_byte(w, 'I');
    w_class(w, 'u', t, 0);
    w_bytes(w, buf, 8);
    w_long(w, n);
    if (nuser) w_ivars(w, t, limit);
    if (sub) {
        char bcd[2];
        bcd[1] = (char)((sub % 10) << 4);
        bcd[0] = (char)((sub / 10 % 10) | (sub / 100) << 4);
        sp_value s = sp_str_new(bcd, bcd[1] ? 2 : 1);
        sp_str_set_binary(s);
        w_symbol(w, SP_ID2SYM(id_nano_num)); w_object(w, SP_FIX((long)sub), limit);
        w_symbol(w, SP_ID2SYM(id_nano_den)); w_object(w, SP_FIX(1), limit);
        w_symbol(w, SP_ID2SYM(id_submicro)); w_object(w, s, limit);
    }
    if (!utc) { w_symbol(w, SP_ID2SYM(id_offset)); w_object(w, sp_funcall0(t, "utc_offset"), limit); }
    w_symbol(w, SP_ID2SYM(id_zone));
    if (zone != SP_NIL) {
        sp_value z = sp_str_new(sp_str_ptr(zone), sp_str_len(zone));
        SP_HDR(z)->flags |= SP_STR_USASCII;
        w_object(w, z, limit);
    } else {
        w_byte(w, '0');
    }
    w_remember(w, t);
}

static SP_NORETURN void w_no_dump_data(sp_value obj)
{
    sp_raise(sp_eTypeError, "no _dump_data is defined for class %s", sp_class_path(real_class(obj)));
}

static void w_heap(wr *w, sp_value obj, int limit)
{
    switch (SP_TYPE(obj)) {
    case SP_T_CLASS:
        if (SP_HDR(obj)->flags & SP_FL_SINGLETON) sp_raise(sp_eTypeError, "singleton class can't be dumped");
        w_byte(w, 'c');
        { const char *p = class_to_path(obj); w_bytes(w, p, strlen(p)); }
        return;
    case SP_T_MODULE:
        w_byte(w, 'm');
        { const char *p = class_to_path(obj); w_bytes(w, p, strlen(p)); }
        return;
    case SP_T_FLOAT: w_float(w, sp_flo(obj)); return;
    case SP_T_BIGNUM: w_bignum(w, obj); return;
    case SP_T_STRING: w_string(w, obj, limit); return;
    case SP_T_REGEXP: w_regexp(w, obj, limit); return;
    case SP_T_ARRAY: w_array(w, obj, limit); return;
    case SP_T_HASH: w_hash(w, obj, limit); return;
    case SP_T_STRUCT: w_struct(w, obj, limit); return;
    case SP_T_RANGE: w_range(w, obj, limit); return;
    case SP_T_EXCEPTION: w_exception(w, obj, limit); return;
    case SP_T_OBJECT:
        w_class(w, 'o', obj, 1);
        w_long(w, user_ivar_count(obj));
        w_ivars(w, obj, limit);
        return;
    case SP_T_DATA:
        if (cData != SP_UNDEF && sp_obj_is_kind_of(obj, cData)) { w_struct(w, obj, limit); return; }
        if (sp_obj_is_kind_of(obj, sp_cRational)) { w_num_pair(w, obj, "numerator", "denominator", limit); return; }
        if (real_class(obj) == sp_const_get(sp_cObject, sp_intern("Complex"))) { w_num_pair(w, obj, "real", "imaginary", limit); return; }
        if (cSet != SP_UNDEF && sp_obj_is_kind_of(obj, cSet)) { w_set(w, obj, limit); return; }
        w_no_dump_data(obj);
    case SP_T_PROC: case SP_T_METHOD: case SP_T_THREAD: case SP_T_FIBER: case SP_T_MUTEX:
    case SP_T_QUEUE: case SP_T_CONDVAR:
        w_no_dump_data(obj);
    default:
        sp_raise(sp_eTypeError, "can't dump %s", sp_class_path(real_class(obj)));
    }
}

static void w_object(wr *w, sp_value obj, int limit)
{
    if (limit == 0) sp_raise(sp_eArgError, "exceed depth limit");
    if (obj == SP_NIL) { w_byte(w, '0'); return; }
    if (obj == SP_TRUE) { w_byte(w, 'T'); return; }
    if (obj == SP_FALSE) { w_byte(w, 'F'); return; }
    if (SP_FIXNUM_P(obj)) {
        int64_t n = SP_FIX2LONG(obj);
        if (n >= -(INT64_C(1) << 30) && n < (INT64_C(1) << 30)) { w_byte(w, 'i'); w_long(w, (long)n); }
        else { w->nobj++; w_bignum(w, obj); }   /* takes an index, never linked */
        return;
    }
    if (SP_SYMBOL_P(obj)) { w_symbol(w, obj); return; }
    if (limit > 0) limit--;
    sp_value idx = sp_hash_lookup(w->objs, obj, SP_UNDEF);
    if (idx != SP_UNDEF) { w_byte(w, '@'); w_long(w, SP_FIX2LONG(idx)); return; }
    if (SP_FLONUM_P(obj)) { w_remember(w, obj); w_float(w, sp_flonum_value(obj)); return; }
    if (SP_TYPE(obj) == SP_T_TIME && !sp_respond_to(obj, id_marshal_dump, 1)) { w_time(w, obj, limit); return; }
    if (sp_respond_to(obj, id_marshal_dump, 1)) {
        w_remember(w, obj);
        sp_value v = sp_funcall(obj, id_marshal_dump, 0, NULL, SP_NIL);
        w_class(w, 'U', obj, 0);
        w_object(w, v, limit);
        return;
    }
    if (sp_respond_to(obj, id_dump, 1)) {
        sp_value lim = SP_FIX(limit);
        sp_value v = sp_funcall(obj, id_dump, 1, &lim, SP_NIL);
        if (!sp_str_p(v)) sp_raise(sp_eTypeError, "_dump() must return string");
        sp_value enc = w_enc_of(w, v);
        long nuser = user_ivar_count(v);
        int hasiv = enc != SP_NIL || nuser;
        if (hasiv) w_byte(w, 'I');
        w_class(w, 'u', obj, 0);
        size_t n;
        const char *p = sp_str_snap(v, &n);
        w_bytes(w, p, n);
        if (hasiv) w_ivar_block(w, v, enc, nuser, limit);
        w_remember(w, obj);
        return;
    }
    w_remember(w, obj);
    w_heap(w, obj, limit);
}

static sp_value marshal_dump_str(sp_value obj, int limit)
{
    wr w;
    w.buf = sp_str_buf_new(64);
    sp_str_set_binary(w.buf);
    w.objs = sp_hash_new();
    ((sp_hash *)w.objs)->identity = 1;
    w.nobj = 0;
    w.syms = sp_hash_new();
    w.encs = sp_hash_new();
    w_byte(&w, MARSHAL_MAJOR);
    w_byte(&w, MARSHAL_MINOR);
    w_object(&w, obj, limit);
    return w.buf;
}

/* Marshal.dump(obj, io = nil, limit = -1) */
SP_METHOD(m_dump)
{
    (void)self; (void)blk;
    if (argc < 1 || argc > 3) sp_raise_arity(argc, 1, 3);
    sp_value port = SP_NIL, lim = SP_FIX(-1);
    if (argc == 3) { port = argv[1]; lim = argv[2]; }
    else if (argc == 2) {
        if (SP_FIXNUM_P(argv[1])) lim = argv[1];
        else if (argv[1] != SP_NIL) port = argv[1];
    }
    if (port != SP_NIL && !sp_respond_to(port, id_write, 0))
        sp_raise(sp_eTypeError, "instance of IO needed");
    int limit = (int)sp_num_to_long(lim);
    sp_value s = marshal_dump_str(argv[0], limit);
    if (port == SP_NIL) return s;
    if (sp_respond_to(port, id_binmode, 0)) sp_funcall(port, id_binmode, 0, NULL, SP_NIL);
    sp_funcall(port, id_write, 1, &s, SP_NIL);
    return port;
}

/* ------------------------------------------------------------------ */
/* load                                                                */

typedef struct rd {
    const unsigned char *p;   /* String source: bytes, length, position */
    size_t len, pos;
    sp_value src;             /* the String (kept alive) or the IO-like object */
    int io;                   /* reading through getbyte/read */
    sp_value objs;            /* Array: index -> object */
    sp_value syms;            /* Array: index -> Symbol */
    sp_value proc;            /* nil or the proc called on each object */
    int freeze;
    sp_value fstr;            /* freeze: Hash of the frozen Strings made (dedup) */
    sp_value partial;         /* identity Hash: objects registered and not yet
                                 complete; a link to one is not passed to proc */
    sp_value uclass;          /* 'C' class for the object read next (a Regexp
                                 takes it before its ivars are set), or nil */
} rd;

static sp_value r_object0(rd *r, int partial, int *ivp, sp_value extmod);
static sp_value r_object(rd *r) { return r_object0(r, 0, NULL, SP_NIL); }

static SP_NORETURN void too_short(void) { sp_raise(sp_eArgError, "marshal data too short"); }

static int r_byte(rd *r)
{
    if (r->io) {
        sp_value b = sp_funcall(r->src, id_getbyte, 0, NULL, SP_NIL);
        if (b == SP_NIL) sp_raise(sp_eEOFError, "end of file reached");
        return (int)(SP_FIX2LONG(b) & 0xff);
    }
    if (r->pos >= r->len) too_short();
    return r->p[r->pos++];
}

static long r_long(rd *r)
{
    int c = (signed char)r_byte(r);
    long x;
    if (c == 0) return 0;
    if (c > 0) {
        if (4 < c && c < 128) return c - 5;
        x = 0;
        for (int i = 0; i < c; i++) x |= (long)r_byte(r) << (8 * i);
    } else {
        if (-129 < c && c < -4) return c + 5;
        c = -c;
        x = -1;
        for (int i = 0; i < c; i++) {
            x &= ~((long)0xff << (8 * i));
            x |= (long)r_byte(r) << (8 * i);
        }
    }
    return x;
}

/* n bytes as a binary String. */
static sp_value r_bytes_n(rd *r, long n)
{
    if (n < 0) too_short();
    sp_value s;
    if (r->io) {
        if (n == 0) s = sp_str_new("", 0);
        else {
            sp_value a = SP_FIX(n);
            s = sp_funcall(r->src, id_read, 1, &a, SP_NIL);
            if (!sp_str_p(s) || (long)sp_str_len(s) < n) too_short();
            s = sp_str_new(sp_str_ptr(s), (size_t)n);
        }
    } else {
        if ((size_t)n > r->len - r->pos) too_short();
        s = sp_str_new((const char *)r->p + r->pos, (size_t)n);
        r->pos += (size_t)n;
    }
    sp_str_set_binary(s);
    return s;
}

static sp_value r_bytes(rd *r) { return r_bytes_n(r, r_long(r)); }

static long r_prepare(rd *r) { long i = sp_ary_len(r->objs); sp_ary_push(r->objs, SP_UNDEF); return i; }
static sp_value r_entry0(rd *r, sp_value v, long idx)
{
    sp_ary_store(r->objs, idx, v);
    if (SP_HEAP_P(v)) sp_hash_aset(r->partial, v, SP_TRUE);
    return v;
}
static sp_value r_entry(rd *r, sp_value v) { return r_entry0(r, v, r_prepare(r)); }

/* The proc (and freeze) step of CRuby's r_post_proc for 'u'/'U' objects,
 * which CRuby leaves in its partial table (so links to them skip proc). */
static sp_value r_post_proc(rd *r, sp_value v, int partial)
{
    if (partial) return v;
    if (r->freeze) sp_obj_freeze(v);
    if (r->proc != SP_NIL) v = sp_funcall(r->proc, id_call, 1, &v, SP_NIL);
    return v;
}

static sp_value r_leave(rd *r, sp_value v, int partial)
{
    if (partial) return v;
    if (SP_HEAP_P(v)) sp_hash_delete(r->partial, v);
    if (r->freeze && sp_str_p(v) && !user_ivar_count(v)) {
        /* equal Strings become one frozen String, as CRuby's interned ones */
        sp_obj_freeze(v);
        sp_value one = sp_hash_lookup(r->fstr, v, SP_UNDEF);
        if (one != SP_UNDEF) v = one;
        else sp_hash_aset(r->fstr, v, v);
    } else if (r->freeze && !(SP_HEAP_P(v) && (SP_TYPE(v) == SP_T_CLASS || SP_TYPE(v) == SP_T_MODULE))) {
        sp_obj_freeze(v);
    }
    if (r->proc != SP_NIL) v = sp_funcall(r->proc, id_call, 1, &v, SP_NIL);
    return v;
}

/* Set a loaded String's encoding from its :E / :encoding ivar. */
static void set_encoding(sp_value s, sp_id key, sp_value val)
{
    if (!sp_str_p(s)) return;
    if (key == id_E) {
        uint32_t *f = &SP_HDR(s)->flags;
        *f &= ~(uint32_t)SP_STR_ENC_MASK;
        if (!SP_RTEST(val)) *f |= SP_STR_USASCII;
    } else if (sp_str_p(val)) {
        sp_funcall1(s, "force_encoding", val);
    }
}

static sp_value r_symreal(rd *r, int ivar)
{
    sp_value name = r_bytes(r);
    sp_value sym = SP_ID2SYM(sp_intern_len(sp_str_ptr(name), sp_str_len(name)));
    sp_ary_push(r->syms, sym);
    if (ivar) {
        long n = r_long(r);
        while (n-- > 0) {
            r_object0(r, 1, NULL, SP_NIL);   /* key (:E / :encoding) */
            r_object(r);
        }
    }
    return sym;
}

static sp_value r_symlink(rd *r)
{
    long i = r_long(r);
    if (i < 0 || i >= sp_ary_len(r->syms)) sp_raise(sp_eArgError, "bad symbol");
    return sp_ary_entry(r->syms, i);
}

static sp_value r_symbol(rd *r)
{
    int type = r_byte(r);
    switch (type) {
    case 'I': {
        int t = r_byte(r);
        if (t != ':') sp_raise(sp_eArgError, "dump format error for symbol(0x%x)", t);
        return r_symreal(r, 1);
    }
    case ':': return r_symreal(r, 0);
    case ';': return r_symlink(r);
    default: sp_raise(sp_eArgError, "dump format error for symbol(0x%x)", type);
    }
}

static sp_value r_unique(rd *r)
{
    sp_value sym = r_symbol(r);
    sp_id id = SP_SYM2ID(sym);
    return sp_str_new(sp_id_name(id), sp_id_len(id));
}

static sp_value r_string(rd *r) { return r_bytes(r); }

/* An ivar block as [sym, value, ...]. */
static sp_value r_ivar_list(rd *r)
{
    sp_value l = sp_ary_new();
    long n = r_long(r);
    while (n-- > 0) {
        sp_ary_push(l, r_symbol(r));
        sp_ary_push(l, r_object(r));
    }
    return l;
}

/* Set the ivars of an r_ivar_list on obj, except :E / :encoding, which
 * set enc_obj's encoding (the String itself, or a Regexp's source). */
static void set_ivars(sp_value obj, sp_value enc_obj, sp_value ivs)
{
    for (long i = 0; i + 1 < sp_ary_len(ivs); i += 2) {
        sp_id id = SP_SYM2ID(sp_ary_entry(ivs, i));
        sp_value val = sp_ary_entry(ivs, i + 1);
        if (id == id_E || id == id_encoding) set_encoding(enc_obj, id, val);
        else if (SP_HEAP_P(obj)) sp_ivar_set(obj, id, val);
    }
}

/* An 'I' object's ivar block. */
static void r_ivar(rd *r, sp_value obj) { set_ivars(obj, obj, r_ivar_list(r)); }

/* Apply the 'e' modules read before the object, last read first. */
static void append_extmod(sp_value obj, sp_value extmod)
{
    if (extmod == SP_NIL) return;
    for (long i = sp_ary_len(extmod) - 1; i >= 0; i--) {
        sp_value m = sp_ary_entry(extmod, i);
        sp_funcall(obj, id_extend, 1, &m, SP_NIL);
    }
}

static sp_value r_hash(rd *r, int type, int identity, int partial, sp_value extmod)
{
    sp_value h = sp_hash_new();
    if (identity) ((sp_hash *)h)->identity = 1;
    append_extmod(h, extmod);
    r_entry(r, h);
    long n = r_long(r);
    while (n-- > 0) {
        sp_value k = r_object(r);
        sp_value v = r_object(r);
        sp_hash_aset(h, k, v);
    }
    if (type == '}') ((sp_hash *)h)->ifnone = r_object(r);
    return r_leave(r, h, partial);
}

static sp_value r_struct(rd *r, int partial, sp_value extmod)
{
    sp_value path = r_unique(r);
    sp_value klass = path_to_klass(path);
    int data = cData != SP_UNDEF && sp_class_inherits(klass, cData);
    if (!data && !sp_class_inherits(klass, sp_cStruct))
        sp_raise(sp_eTypeError, "class %s not a struct", sp_str_cstr(path));
    sp_value mems = sp_funcall0(klass, "members");
    long len = r_long(r);
    if (len != sp_ary_len(mems))
        sp_raise(sp_eTypeError, "struct %s not compatible (struct size differs)", sp_str_cstr(path));
    sp_value v = sp_class_allocate(klass);
    append_extmod(v, extmod);
    r_entry(r, v);
    sp_struct *st = (sp_struct *)v;
    for (long i = 0; i < len; i++) {
        sp_value slot = r_symbol(r);
        sp_value want = sp_ary_entry(mems, i);
        if (slot != want)
            sp_raise(sp_eTypeError, "struct %s not compatible (:%s for :%s)", sp_str_cstr(path),
                     sp_id_name(SP_SYM2ID(slot)), sp_id_name(SP_SYM2ID(want)));
        sp_value val = r_object(r);
        if (i < st->len) st->vals[i] = val;
    }
    if (data) sp_obj_freeze(v);   /* Data instances are frozen */
    return r_leave(r, v, partial);
}

/* 'o' of a Range: the three ivars, then one immutable Range. */
static sp_value r_range(rd *r, sp_value klass, int partial)
{
    long idx = r_prepare(r);
    long n = r_long(r);
    sp_value beg = SP_NIL, end = SP_NIL, excl = SP_FALSE;
    sp_value extra = sp_ary_new();
    while (n-- > 0) {
        sp_value sym = r_symbol(r);
        sp_value val = r_object(r);
        sp_id id = SP_SYM2ID(sym);
        if (id == id_excl) excl = val;
        else if (id == id_begin) beg = val;
        else if (id == id_end) end = val;
        else { sp_ary_push(extra, sym); sp_ary_push(extra, val); }
    }
    sp_value v = sp_range_new(beg, end, SP_RTEST(excl));
    SP_HDR(v)->klass = SP_CLASS(klass);
    for (long i = 0; i < sp_ary_len(extra); i += 2)
        sp_ivar_set(v, SP_SYM2ID(sp_ary_entry(extra, i)), sp_ary_entry(extra, i + 1));
    r_entry0(r, v, idx);
    return r_leave(r, v, partial);
}

/* 'o' of a Set: its @hash's keys. */
static sp_value r_set(rd *r, sp_value klass, int partial)
{
    long idx = r_prepare(r);
    long n = r_long(r);
    sp_value elems = sp_ary_new();
    while (n-- > 0) {
        sp_value sym = r_symbol(r);
        sp_value val = r_object(r);
        if (SP_SYM2ID(sym) == id_hash && sp_hash_p(val)) elems = sp_hash_keys(val);
    }
    sp_value v = sp_class_new_instance(klass, 1, &elems, SP_NIL);
    r_entry0(r, v, idx);
    return r_leave(r, v, partial);
}

static sp_value r_plain_object(rd *r, int partial, sp_value extmod)
{
    sp_value path = r_unique(r);
    sp_value klass = path_to_klass(path);
    if (sp_class_inherits(klass, sp_cRange)) return r_range(r, klass, partial);
    if (cSet != SP_UNDEF && sp_class_inherits(klass, cSet)) return r_set(r, klass, partial);
    if (sp_class_inherits(klass, sp_cIO)) sp_raise(sp_eArgError, "dump format error");
    sp_value v = sp_class_allocate(klass);
    int t = SP_HEAP_P(v) ? (int)SP_TYPE(v) : -1;
    if (t != SP_T_OBJECT && t != SP_T_EXCEPTION) sp_raise(sp_eArgError, "dump format error");
    append_extmod(v, extmod);
    r_entry(r, v);
    long n = r_long(r);
    while (n-- > 0) {
        sp_value sym = r_symbol(r);
        sp_value val = r_object(r);
        sp_id id = SP_SYM2ID(sym);
        if (t == SP_T_EXCEPTION && id == id_mesg) ((sp_exception *)v)->message = val;
        else if (t == SP_T_EXCEPTION && id == id_bt) ((sp_exception *)v)->backtrace = val;
        else if (t == SP_T_EXCEPTION && id == id_bt_locations) continue;
        else if (t == SP_T_EXCEPTION && id == id_cause) { ((sp_exception *)v)->cause = val; ((sp_exception *)v)->cause_set = 1; }
        else sp_ivar_set(v, id, val);
    }
    return r_leave(r, v, partial);
}

/* 'U': marshal_load data (Rational and Complex built from their pair). */
static sp_value r_usrmarshal(rd *r, int partial, sp_value extmod)
{
    sp_value path = r_unique(r);
    sp_value klass = path_to_klass(path);
    int rat = klass == sp_cRational;
    int cpx = klass == sp_const_get(sp_cObject, sp_intern("Complex"));
    if (rat || cpx) {
        long idx = r_prepare(r);
        sp_value data = r_object(r);
        if (!SP_HEAP_P(data) || SP_TYPE(data) != SP_T_ARRAY || sp_ary_len(data) != 2)
            sp_raise(sp_eArgError, "marshaled %s must have an array whose length is 2 but %s",
                     rat ? "rational" : "complex", sp_str_cstr(sp_inspect(data)));
        sp_value v = sp_funcall2(sp_main_obj, rat ? "Rational" : "Complex", sp_ary_entry(data, 0), sp_ary_entry(data, 1));
        r_entry0(r, v, idx);
        return r_leave(r, v, partial);
    }
    sp_value v = sp_class_allocate(klass);
    if (!sp_respond_to(v, id_marshal_load, 1))
        sp_raise(sp_eTypeError, "instance of %s needs to have method 'marshal_load'", sp_str_cstr(path));
    append_extmod(v, extmod);
    r_entry(r, v);
    sp_value data = r_object(r);
    sp_funcall(v, id_marshal_load, 1, &data, SP_NIL);
    return r_post_proc(r, v, partial);
}

/* 'u': Klass._load(string). */
static sp_value r_userdef(rd *r, int partial, int *ivp)
{
    sp_value path = r_unique(r);
    sp_value klass = path_to_class(path);
    if (class_p(klass) && sp_class_inherits(klass, sp_cTime) && !sp_respond_to(klass, id_load, 0)) {
        sp_value data = r_string(r);
        sp_value ivs = sp_ary_new();
        if (ivp && *ivp) { ivs = r_ivar_list(r); *ivp = 0; }
        sp_value v = r_entry(r, sp_time_load(klass, data, ivs));
        return r_leave(r, v, partial);
    }
    if (!sp_respond_to(klass, id_load, 1))
        sp_raise(sp_eTypeError, "class %s needs to have method '_load'", sp_str_cstr(path));
    sp_value data = r_string(r);
    if (ivp && *ivp) { r_ivar(r, data); *ivp = 0; }
    sp_value v = sp_funcall(klass, id_load, 1, &data, SP_NIL);
    r_entry(r, v);
    return r_post_proc(r, v, partial);
}

/* 'C': the following builtin object gets a user subclass. */
static sp_value r_uclass(rd *r, int partial, int *ivp, sp_value extmod)
{
    sp_value path = r_unique(r);
    sp_value c = path_to_klass(path);
    if (SP_HDR(c)->flags & SP_FL_SINGLETON) sp_raise(sp_eTypeError, "singleton can't be loaded");
    if (c == sp_cHash) {
        int t = r_byte(r);
        if (t == '{' || t == '}') return r_hash(r, t, 1, partial, extmod);
        sp_raise(sp_eArgError, "dump format error (user class)");
    }
    r->uclass = c;
    sp_value v = r_object0(r, 1, ivp, extmod);
    if (!SP_HEAP_P(v)) sp_raise(sp_eArgError, "dump format error (user class)");
    int t = (int)SP_TYPE(v);
    if (t == SP_T_OBJECT || t == SP_T_CLASS || t == SP_T_MODULE || !sp_class_inherits(c, real_class(v)))
        sp_raise(sp_eArgError, "dump format error (user class)");
    SP_HDR(v)->klass = SP_CLASS(c);
    return r_leave(r, v, partial);
}

static sp_value r_float(rd *r, int partial)
{
    sp_value s = r_bytes(r);
    const char *p = sp_str_cstr(s);
    double d;
    if (strcmp(p, "nan") == 0) d = NAN;
    else if (strcmp(p, "inf") == 0) d = INFINITY;
    else if (strcmp(p, "-inf") == 0) d = -INFINITY;
    else d = strtod(p, NULL);
    sp_value v = sp_float_new(d);
    r_entry(r, v);
    return r_leave(r, v, partial);
}

static sp_value r_bignum(rd *r, int partial)
{
    int sign = r_byte(r);
    long shorts = r_long(r);
    if (shorts < 0) too_short();
    sp_value bytes = r_bytes_n(r, shorts * 2);
    mpz_t z;
    mpz_init(z);
    mpz_import(z, (size_t)shorts * 2, -1, 1, 0, 0, sp_str_ptr(bytes));
    if (sign == '-') mpz_neg(z, z);
    sp_value v = sp_big_from_mpz(z);
    mpz_clear(z);
    r_entry(r, v);
    return r_leave(r, v, partial);
}

static sp_value r_regexp(rd *r, int partial, int *ivp, sp_value extmod, sp_value uclass)
{
    long idx = r_prepare(r);
    sp_value src = r_bytes(r);
    int opts = r_byte(r);
    /* the ivar block: the encoding belongs to the source, the rest to the Regexp */
    sp_value ivs = sp_ary_new();
    if (ivp && *ivp) { ivs = r_ivar_list(r); *ivp = 0; }
    set_ivars(SP_NIL, src, ivs);
    sp_value a[2] = { src, SP_FIX(opts & 7) };
    sp_value v = sp_call(sp_cRegexp, sp_intern("new"), 2, a, SP_NIL);
    if (uclass != SP_NIL && sp_class_inherits(uclass, sp_cRegexp)) SP_HDR(v)->klass = SP_CLASS(uclass);
    set_ivars(v, SP_NIL, ivs);
    append_extmod(v, extmod);
    r_entry0(r, v, idx);
    return r_leave(r, v, partial);
}

static sp_value r_object0(rd *r, int partial, int *ivp, sp_value extmod)
{
    int type = r_byte(r);
    sp_value v, uclass = r->uclass;
    r->uclass = SP_NIL;
    switch (type) {
    case '@': {
        long id = r_long(r);
        if (id < 0 || id >= sp_ary_len(r->objs) || sp_ary_entry(r->objs, id) == SP_UNDEF)
            sp_raise(sp_eArgError, "dump format error (unlinked)");
        v = sp_ary_entry(r->objs, id);
        if (r->proc != SP_NIL && sp_hash_lookup(r->partial, v, SP_UNDEF) == SP_UNDEF)
            v = sp_funcall(r->proc, id_call, 1, &v, SP_NIL);
        return v;
    }
    case 'I': {
        int ivar = 1;
        v = r_object0(r, 1, &ivar, extmod);
        if (ivar) r_ivar(r, v);
        return r_leave(r, v, partial);
    }
    case 'e': {
        sp_value m = path_to_module(r_unique(r));
        if (extmod == SP_NIL) extmod = sp_ary_new();
        sp_ary_push(extmod, m);
        v = r_object0(r, 1, ivp, extmod);
        return r_leave(r, v, partial);
    }
    case 'C': return r_uclass(r, partial, ivp, extmod);
    case '0': return r_leave(r, SP_NIL, partial);
    case 'T': return r_leave(r, SP_TRUE, partial);
    case 'F': return r_leave(r, SP_FALSE, partial);
    case 'i': return r_leave(r, SP_FIX(r_long(r)), partial);
    case 'f': return r_float(r, partial);
    case 'l': return r_bignum(r, partial);
    case '"':
        v = r_entry(r, r_string(r));
        append_extmod(v, extmod);
        return r_leave(r, v, partial);
    case '/': return r_regexp(r, partial, ivp, extmod, uclass);
    case '[': {
        long n = r_long(r);
        v = r_entry(r, sp_ary_new_capa(n > 0 && n < 1 << 20 ? n : 0));
        append_extmod(v, extmod);
        while (n-- > 0) sp_ary_push(v, r_object(r));
        return r_leave(r, v, partial);
    }
    case '{': case '}': return r_hash(r, type, 0, partial, extmod);
    case 'S': return r_struct(r, partial, extmod);
    case 'u': return r_userdef(r, partial, ivp);
    case 'U': return r_usrmarshal(r, partial, extmod);
    case 'o': return r_plain_object(r, partial, extmod);
    case 'c': case 'm': case 'M': {
        sp_value path = r_bytes(r);
        v = type == 'c' ? path_to_klass(path) : type == 'm' ? path_to_module(path) : path_to_class(path);
        r_entry(r, v);
        return r_leave(r, v, partial);
    }
    case ':':
        v = r_symreal(r, ivp && *ivp);
        if (ivp) *ivp = 0;
        return r_leave(r, v, partial);
    case ';': return r_symlink(r);   /* CRuby does not pass symbol links to proc */
    case 'd': sp_raise(sp_eTypeError, "class %s needs to have instance method '_load_data'",
                       sp_str_cstr(r_unique(r)));
    default: sp_raise(sp_eArgError, "dump format error(0x%x)", type);
    }
}

/* Marshal.load(source, proc = nil, freeze: false) */
SP_METHOD(m_load)
{
    (void)self; (void)blk;
    int kw = (argc_ & SP_ARGC_KW) != 0;
    int npos = argc - kw;
    if (npos < 1 || npos > 2) sp_raise_arity(npos, 1, 2);
    rd r;
    memset(&r, 0, sizeof r);
    r.src = argv[0];
    r.proc = npos > 1 ? argv[1] : SP_NIL;
    r.freeze = SP_RTEST(sp_kwarg(argc_, argv, "freeze", SP_FALSE));
    if (sp_respond_to(r.src, id_to_str, 0)) {
        r.src = sp_str_to_str(r.src);
        size_t n;
        r.p = (const unsigned char *)sp_str_snap(r.src, &n);
        r.len = n;
    } else if (sp_respond_to(r.src, id_getbyte, 0) && sp_respond_to(r.src, id_read, 0)) {
        r.io = 1;
        if (sp_respond_to(r.src, id_binmode, 0)) sp_funcall(r.src, id_binmode, 0, NULL, SP_NIL);
    } else {
        sp_raise(sp_eTypeError, "instance of IO needed");
    }
    r.objs = sp_ary_new();
    r.syms = sp_ary_new();
    r.fstr = sp_hash_new();
    r.partial = sp_hash_new();
    r.uclass = SP_NIL;
    ((sp_hash *)r.partial)->identity = 1;
    int major = r_byte(&r), minor = r_byte(&r);
    if (major != MARSHAL_MAJOR || minor > MARSHAL_MINOR)
        sp_raise(sp_eTypeError, "incompatible marshal file format (can't be read)\n\t"
                 "format version %d.%d required; %d.%d given", MARSHAL_MAJOR, MARSHAL_MINOR, major, minor);
    return r_object(&r);
}

void sp_init_marshal(void)
{
    mMarshal = sp_define_module("Marshal");
    sp_define_module_function(mMarshal, "dump", m_dump, -1);
    sp_define_module_function(mMarshal, "load", m_load, -1);
    sp_define_module_function(mMarshal, "restore", m_load, -1);
    sp_define_const(mMarshal, "MAJOR_VERSION", SP_FIX(MARSHAL_MAJOR));
    sp_define_const(mMarshal, "MINOR_VERSION", SP_FIX(MARSHAL_MINOR));
    cData = sp_const_find(sp_cObject, sp_intern("Data"), 0);
    cSet = sp_const_find(sp_cObject, sp_intern("Set"), 0);
    id_marshal_dump = sp_intern("marshal_dump");
    id_marshal_load = sp_intern("marshal_load");
    id_dump = sp_intern("_dump");
    id_load = sp_intern("_load");
    id_E = sp_intern("E");
    id_encoding = sp_intern("encoding");
    id_mesg = sp_intern("mesg");
    id_bt = sp_intern("bt");
    id_bt_locations = sp_intern("bt_locations");
    id_excl = sp_intern("excl");
    id_begin = sp_intern("begin");
    id_end = sp_intern("end");
    id_hash = sp_intern("@hash");
    id_write = sp_intern("write");
    id_binmode = sp_intern("binmode");
    id_getbyte = sp_intern("getbyte");
    id_read = sp_intern("read");
    id_to_str = sp_intern("to_str");
    id_call = sp_intern("call");
    id_extend = sp_intern("extend");
    id_nano_num = sp_intern("nano_num");
    id_nano_den = sp_intern("nano_den");
    id_submicro = sp_intern("submicro");
    id_offset = sp_intern("offset");
    id_zone = sp_intern("zone");
    id_cause = sp_intern("cause");
}

#define _GNU_SOURCE
/*
 * sp_string.c — String.
 *
 * Representation: sp_string {hdr, buf, len} with buf -> sp_strbuf
 * {capa, bytes[capa + 1]} allocated with the atomic (pointer-free)
 * allocator.  bytes[len] is kept NUL when the writer owns the buffer so
 * sp_str_cstr can usually return a view.  Encoding: UTF-8 by default;
 * the SP_STR_BINARY flag marks ASCII-8BIT (each byte one character) and
 * SP_STR_USASCII marks US-ASCII (Integer#chr).
 *
 * Publication rule (see sp_string.h): growth copies into a fresh buffer
 * and publishes it with a release store; readers snapshot (buf, len) and
 * clamp.  Appending into spare capacity writes the bytes first and
 * stores len afterwards (release).  Two racing appenders may overwrite
 * each other's bytes (lost update) but never write outside a buffer they
 * loaded.  Frozen string literals (sp_str_new_frozen) are ordinary
 * strings with SP_FL_FROZEN set.
 *
 * Costs: length/index by character are O(n) for non-ASCII strings (no
 * index cache yet); ASCII-only strings are detected by a scan and use
 * byte offsets.  Appends are amortised O(1) (capacity doubles).
 */
#include "sp_string.h"
#include "sp_numeric.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_range.h"
#include "sp_regexp.h"
#include "sp_enum.h"

#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

/* Builtins receive argc with SP_ARGC_KW set when the caller passed
 * keywords; methods without keyword parameters treat the keyword hash as
 * a positional argument, so `argc` means the plain count and the
 * keyword-aware helpers look at argc_ itself. */
#define argc SP_ARGC(argc_)

/* Shared buffer of empty strings: capa 0, so any write reallocates. */
static struct { size_t capa; char bytes[8]; } empty_storage;
#define empty_buf (*(sp_strbuf *)&empty_storage)

/* ------------------------------------------------------------------ */
/* Buffers and publication                                             */

static sp_strbuf *buf_new(size_t capa)
{
    sp_strbuf *b = GC_MALLOC_ATOMIC(sizeof(sp_strbuf) + capa + 1);
    b->capa = capa;
    b->bytes[0] = 0;
    return b;
}

static inline sp_strbuf *str_buf(sp_value s)
{
    return __atomic_load_n(&((sp_string *)s)->buf, __ATOMIC_ACQUIRE);
}

static inline void str_publish(sp_value s, sp_strbuf *b, size_t len)
{
    sp_string *str = (sp_string *)s;
    if (len <= b->capa) b->bytes[len] = 0;
    __atomic_store_n(&str->buf, b, __ATOMIC_RELEASE);
    __atomic_store_n(&str->len, len, __ATOMIC_RELEASE);
}

static sp_value str_alloc(sp_value klass, sp_strbuf *b, size_t len)
{
    sp_string *s = sp_alloc(sizeof(sp_string), klass, SP_T_STRING);
    s->buf = b;
    s->len = len;
    if (len <= b->capa && b != &empty_buf) b->bytes[len] = 0;
    return (sp_value)s;
}

sp_value sp_str_new(const char *p, size_t len)
{
    if (len == 0) return str_alloc(sp_cString, &empty_buf, 0);
    sp_strbuf *b = buf_new(len);
    if (p) memcpy(b->bytes, p, len);
    else memset(b->bytes, 0, len);
    return str_alloc(sp_cString, b, len);
}

sp_value sp_str_new_cstr(const char *s) { return sp_str_new(s, strlen(s)); }

sp_value sp_str_new_frozen(const char *p, size_t len)
{
    sp_value s = sp_str_new(p, len);
    SP_HDR(s)->flags |= SP_FL_FROZEN;
    return s;
}

sp_value sp_str_buf_new(size_t capa)
{
    return str_alloc(sp_cString, buf_new(capa < 16 ? 16 : capa), 0);
}

sp_value sp_str_new_like(sp_value like, const char *p, size_t len)
{
    sp_value s = sp_str_new(p, len);
    SP_HDR(s)->flags |= SP_HDR(like)->flags & (SP_STR_BINARY | SP_STR_USASCII);
    return s;
}

void sp_str_set_binary(sp_value s)
{
    SP_HDR(s)->flags = (SP_HDR(s)->flags & ~SP_STR_USASCII) | SP_STR_BINARY;
}

const char *sp_str_ptr(sp_value s) { return str_buf(s)->bytes; }

size_t sp_str_len(sp_value s)
{
    size_t len;
    sp_str_snap(s, &len);
    return len;
}

char *sp_str_cstr(sp_value s)
{
    size_t len;
    const char *p = sp_str_snap(s, &len);
    char *c = GC_MALLOC_ATOMIC(len + 1);
    memcpy(c, p, len);
    c[len] = 0;
    return c;
}

static void str_modify(sp_value s)
{
    if (SP_HDR(s)->flags & SP_FL_FROZEN) sp_check_frozen(s);
}

/* Ensure room for `need` bytes total; returns the (possibly new,
 * published) buffer.  Copies the current contents. */
static sp_strbuf *str_reserve(sp_value s, size_t need)
{
    size_t len;
    sp_strbuf *b = str_buf(s);
    len = __atomic_load_n(&((sp_string *)s)->len, __ATOMIC_ACQUIRE);
    if (len > b->capa) len = b->capa;
    if (need <= b->capa && b != &empty_buf) return b;
    size_t capa = b->capa * 2;
    if (capa < need) capa = need;
    if (capa < 16) capa = 16;
    sp_strbuf *nb = buf_new(capa);
    memcpy(nb->bytes, b->bytes, len);
    nb->bytes[len] = 0;
    __atomic_store_n(&((sp_string *)s)->buf, nb, __ATOMIC_RELEASE);
    return nb;
}

sp_value sp_str_cat(sp_value s, const char *p, size_t n)
{
    str_modify(s);
    if (n == 0) return s;
    size_t len = sp_str_len(s);
    sp_strbuf *b = str_reserve(s, len + n);
    if (len + n > b->capa) return s;  /* lost race; drop */
    memmove(b->bytes + len, p, n);
    b->bytes[len + n] = 0;
    __atomic_store_n(&((sp_string *)s)->len, len + n, __ATOMIC_RELEASE);
    return s;
}

sp_value sp_str_cat_cstr(sp_value s, const char *c) { return sp_str_cat(s, c, strlen(c)); }

sp_value sp_str_append(sp_value s, sp_value other)
{
    size_t n;
    const char *p = sp_str_snap(other, &n);
    if (s == other) {
        char *copy = GC_MALLOC_ATOMIC(n + 1);
        memcpy(copy, p, n);
        p = copy;
    }
    return sp_str_cat(s, p, n);
}

/* Replace the whole contents. */
static void str_set_bytes(sp_value s, const char *p, size_t n)
{
    sp_strbuf *b = buf_new(n);
    memcpy(b->bytes, p, n);
    str_publish(s, b, n);
}

sp_value sp_str_resize(sp_value s, size_t n)
{
    size_t len;
    const char *p = sp_str_snap(s, &len);
    if (n <= len) {
        /* shrink in place: buffer stays valid for readers */
        __atomic_store_n(&((sp_string *)s)->len, n, __ATOMIC_RELEASE);
        return s;
    }
    sp_strbuf *b = buf_new(n);
    memcpy(b->bytes, p, len);
    memset(b->bytes + len, 0, n - len);
    str_publish(s, b, n);
    return s;
}

sp_value sp_str_format(const char *fmt, ...)
{
    va_list ap;
    char small[256];
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < (int)sizeof small) return sp_str_new(small, (size_t)n);
    char *big = GC_MALLOC_ATOMIC((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return sp_str_new(big, (size_t)n);
}

sp_value sp_str_dup(sp_value s)
{
    size_t len;
    const char *p = sp_str_snap(s, &len);
    sp_value d = sp_str_new(p, len);
    SP_HDR(d)->flags |= SP_HDR(s)->flags & (SP_STR_BINARY | SP_STR_USASCII);
    return d;
}

sp_value sp_str_frozen_key(sp_value s)
{
    if (SP_HDR(s)->flags & SP_FL_FROZEN) return s;
    sp_value d = sp_str_dup(s);
    SP_HDR(d)->flags |= SP_FL_FROZEN;
    return d;
}

sp_value sp_str_substr_bytes(sp_value s, size_t beg, size_t n)
{
    size_t len;
    const char *p = sp_str_snap(s, &len);
    if (beg > len) beg = len;
    if (n > len - beg) n = len - beg;
    return sp_str_new_like(s, p + beg, n);
}

/* ------------------------------------------------------------------ */
/* UTF-8                                                               */

int sp_utf8_encode(uint32_t cp, char *o)
{
    if (cp < 0x80) { o[0] = (char)cp; return 1; }
    if (cp < 0x800) { o[0] = (char)(0xc0 | (cp >> 6)); o[1] = (char)(0x80 | (cp & 0x3f)); return 2; }
    if (cp < 0x10000) {
        o[0] = (char)(0xe0 | (cp >> 12)); o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        o[2] = (char)(0x80 | (cp & 0x3f)); return 3;
    }
    o[0] = (char)(0xf0 | (cp >> 18)); o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); o[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

int sp_utf8_char(const char *p, const char *e, int32_t *cp)
{
    const unsigned char *s = (const unsigned char *)p;
    unsigned c = s[0];
    if (c < 0x80) { *cp = (int32_t)c; return 1; }
    int n; uint32_t v, min;
    if (c >= 0xc2 && c <= 0xdf) { n = 2; v = c & 0x1f; min = 0x80; }
    else if (c >= 0xe0 && c <= 0xef) { n = 3; v = c & 0x0f; min = 0x800; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 4; v = c & 0x07; min = 0x10000; }
    else { *cp = -1; return 1; }
    if (e - p < n) { *cp = -1; return 1; }
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) { *cp = -1; return 1; }
        v = (v << 6) | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) { *cp = -1; return 1; }
    *cp = (int32_t)v;
    return n;
}

static int ascii_only(const char *p, size_t len)
{
    for (size_t i = 0; i < len; i++) if ((unsigned char)p[i] >= 0x80) return 0;
    return 1;
}

static inline int char_len_at(const char *p, const char *e, int binary)
{
    if (binary || (unsigned char)*p < 0x80) return 1;
    int32_t cp;
    return sp_utf8_char(p, e, &cp);
}

static long char_count(const char *p, size_t len, int binary)
{
    if (binary) return (long)len;
    const char *e = p + len;
    long n = 0;
    while (p < e) {
        if ((unsigned char)*p < 0x80) { p++; n++; continue; }
        p += char_len_at(p, e, 0);
        n++;
    }
    return n;
}

long sp_str_char_len(sp_value s)
{
    size_t len;
    const char *p = sp_str_snap(s, &len);
    return char_count(p, len, sp_str_binary_p(s));
}

size_t sp_str_char_offset(const char *p, size_t len, long ci, int binary)
{
    if (binary) return (size_t)ci > len ? len : (size_t)ci;
    const char *s = p, *e = p + len;
    while (ci > 0 && s < e) { s += char_len_at(s, e, 0); ci--; }
    return (size_t)(s - p);
}

/* ------------------------------------------------------------------ */
/* Hash, equality, comparison                                          */

uint64_t sp_str_hash(sp_value s)
{
    size_t len;
    const unsigned char *p = (const unsigned char *)sp_str_snap(s, &len);
    uint64_t h = 0xcbf29ce484222325ULL ^ len;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w; memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x100000001b3ULL;
        h ^= h >> 29;
    }
    for (; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    h ^= h >> 32; h *= 0xd6e8feb86659fd93ULL; h ^= h >> 32;
    return h;
}

int sp_str_equal(sp_value a, sp_value b)
{
    if (a == b) return 1;
    size_t la, lb;
    const char *pa = sp_str_snap(a, &la), *pb = sp_str_snap(b, &lb);
    return la == lb && memcmp(pa, pb, la) == 0;
}

int sp_str_cmp(sp_value a, sp_value b)
{
    size_t la, lb;
    const char *pa = sp_str_snap(a, &la), *pb = sp_str_snap(b, &lb);
    int c = memcmp(pa, pb, la < lb ? la : lb);
    if (c) return c < 0 ? -1 : 1;
    return (la > lb) - (la < lb);
}

sp_value sp_str_to_str(sp_value v)
{
    if (sp_str_p(v)) return v;
    if (!SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_str"), 1))
        return sp_funcall0(v, "to_str");
    sp_raise_type(v, "String");
}

/* ------------------------------------------------------------------ */
/* inspect / dump                                                      */

static int unicode_printable(int32_t cp)
{
    if (cp < 0x20 || cp == 0x7f) return 0;
    if (cp >= 0x80 && cp < 0xa0) return 0;
    if (cp == 0x2028 || cp == 0x2029) return 0;
    if ((cp & 0xfffe) == 0xfffe) return 0;
    if (cp >= 0xfdd0 && cp <= 0xfdef) return 0;
    if (cp >= 0xe0000 && cp <= 0xe007f) return 0;
    if (cp >= 0xf0000) return 0;   /* private use planes 15/16 */
    return 1;
}

static void cat_hex_byte(sp_value out, unsigned c)
{
    char b[5];
    snprintf(b, sizeof b, "\\x%02X", c);
    sp_str_cat(out, b, 4);
}

static void inspect_cat(sp_value out, const char *p, size_t len, int binary, int dump)
{
    const char *e = p + len;
    char tmp[16];
    while (p < e) {
        unsigned c = (unsigned char)*p;
        const char *esc = NULL;
        switch (c) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\n': esc = "\\n"; break;
        case '\t': esc = "\\t"; break;
        case '\r': esc = "\\r"; break;
        case 27: esc = "\\e"; break;
        case 7: esc = "\\a"; break;
        case 8: esc = "\\b"; break;
        case 12: esc = "\\f"; break;
        case 11: esc = "\\v"; break;
        case '#':
            if (p + 1 < e && (p[1] == '{' || p[1] == '$' || p[1] == '@')) esc = "\\#";
            break;
        }
        if (esc) { sp_str_cat(out, esc, strlen(esc)); p++; continue; }
        if (c >= 0x20 && c < 0x7f) {
            const char *q = p;
            while (q < e && (unsigned char)*q >= 0x20 && (unsigned char)*q < 0x7f &&
                   *q != '"' && *q != '\\' && *q != '#') q++;
            if (q == p) q = p + 1;
            sp_str_cat(out, p, (size_t)(q - p));
            p = q;
            continue;
        }
        if (binary || (dump && c < 0x80)) { cat_hex_byte(out, c); p++; continue; }
        int32_t cp;
        int n = sp_utf8_char(p, e, &cp);
        if (cp < 0) { cat_hex_byte(out, c); p++; continue; }
        if (!dump && unicode_printable(cp)) { sp_str_cat(out, p, (size_t)n); p += n; continue; }
        if (cp > 0xffff) snprintf(tmp, sizeof tmp, "\\u{%X}", (unsigned)cp);
        else snprintf(tmp, sizeof tmp, "\\u%04X", (unsigned)cp);
        sp_str_cat(out, tmp, strlen(tmp));
        p += n;
    }
}

void sp_str_inspect_cat(sp_value out, sp_value s)
{
    size_t len;
    const char *p = sp_str_snap(s, &len);
    sp_str_cat(out, "\"", 1);
    inspect_cat(out, p, len, sp_str_binary_p(s), 0);
    sp_str_cat(out, "\"", 1);
}

sp_value sp_str_inspect(sp_value s)
{
    sp_value out = sp_str_buf_new(sp_str_len(s) + 2);
    sp_str_inspect_cat(out, s);
    return out;
}

sp_value sp_str_buf_cat_value(sp_value out, sp_value v)
{
    if (!sp_str_p(v)) v = sp_to_s(v);
    return sp_str_append(out, v);
}

/* ------------------------------------------------------------------ */
/* Method helpers                                                      */

#define STR_ARGS sp_value self, int argc_, const sp_value *argv, sp_value blk
#define SNAP(v, pp, ll) size_t ll; const char *pp = sp_str_snap((v), &ll)
#define BIN(s) sp_str_binary_p(s)

static sp_value str_arg(sp_value v) { return sp_str_to_str(v); }

static sp_value s_plus(STR_ARGS)
{
    sp_value o = argv[0];
    if (!sp_str_p(o)) o = sp_str_to_str(o);
    SNAP(self, p, l); SNAP(o, q, m);
    sp_value r = sp_str_buf_new(l + m);
    sp_str_cat(r, p, l);
    sp_str_cat(r, q, m);
    SP_HDR(r)->flags |= SP_HDR(self)->flags & SP_STR_BINARY;
    return r;
}

static sp_value s_times(STR_ARGS)
{
    int64_t n = sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "negative argument");
    SNAP(self, p, l);
    if (l && (uint64_t)n > ((uint64_t)1 << 40) / l) sp_raise(sp_eArgError, "argument too big");
    sp_strbuf *b = buf_new(l * (size_t)n);
    for (int64_t i = 0; i < n; i++) memcpy(b->bytes + (size_t)i * l, p, l);
    sp_value r = str_alloc(sp_cString, b, l * (size_t)n);
    SP_HDR(r)->flags |= SP_HDR(self)->flags & SP_STR_BINARY;
    return r;
}

static sp_value s_format_op(STR_ARGS)
{
    sp_value a = argv[0];
    if (sp_ary_p(a)) {
        long n = sp_ary_len(a);
        sp_value *v = GC_MALLOC(sizeof(sp_value) * (size_t)(n ? n : 1));
        for (long i = 0; i < n; i++) v[i] = sp_ary_entry(a, i);
        return sp_sprintf(self, (int)n, v);
    }
    return sp_sprintf(self, 1, &a);
}

static sp_value s_concat_op(STR_ARGS)
{
    sp_value o = argv[0];
    if (SP_FIXNUM_P(o)) {
        int64_t cp = SP_FIX2LONG(o);
        char buf[4];
        if (cp < 0) sp_raise(sp_eRangeError, "%lld out of char range", (long long)cp);
        if (BIN(self) || cp < 0x80) {
            if (cp > 255) sp_raise(sp_eRangeError, "%lld out of char range", (long long)cp);
            buf[0] = (char)cp;
            return sp_str_cat(self, buf, 1);
        }
        int n = sp_utf8_encode((uint32_t)cp, buf);
        return sp_str_cat(self, buf, (size_t)n);
    }
    return sp_str_append(self, str_arg(o));
}

static sp_value s_concat(STR_ARGS)
{
    sp_value acc = sp_str_new(NULL, 0);
    for (int i = 0; i < argc; i++) sp_str_append(acc, str_arg(argv[i]));
    return sp_str_append(self, acc);
}

static sp_value s_eq(STR_ARGS)
{
    sp_value o = argv[0];
    if (!sp_str_p(o)) {
        if (!SP_SPECIAL_CONST_P(o) && sp_respond_to(o, sp_intern("to_str"), 1))
            return SP_BOOL(SP_RTEST(sp_funcall1(o, "==", self)));
        return SP_FALSE;
    }
    return SP_BOOL(sp_str_equal(self, o));
}

static sp_value s_eql(STR_ARGS)
{
    return SP_BOOL(sp_str_p(argv[0]) && sp_str_equal(self, argv[0]));
}

static sp_value s_cmp(STR_ARGS)
{
    if (!sp_str_p(argv[0])) return SP_NIL;
    return SP_FIX(sp_str_cmp(self, argv[0]));
}

static sp_value s_hash(STR_ARGS) { return SP_FIX((int64_t)(sp_str_hash(self) >> 2)); }

static sp_value s_length(STR_ARGS) { return SP_FIX(sp_str_char_len(self)); }
static sp_value s_bytesize(STR_ARGS) { return SP_FIX((int64_t)sp_str_len(self)); }
static sp_value s_empty(STR_ARGS) { return SP_BOOL(sp_str_len(self) == 0); }
static sp_value s_to_s(STR_ARGS)
{
    if (SP_HDR(self)->klass != (sp_class *)sp_cString) return sp_str_dup(self);
    return self;
}
static sp_value s_inspect(STR_ARGS) { return sp_str_inspect(self); }

static sp_value s_dump(STR_ARGS)
{
    SNAP(self, p, l);
    sp_value out = sp_str_buf_new(l + 2);
    sp_str_cat(out, "\"", 1);
    inspect_cat(out, p, l, BIN(self), 1);
    sp_str_cat(out, "\"", 1);
    return out;
}

static sp_value s_dup(STR_ARGS)
{
    sp_value d = sp_str_dup(self);
    SP_HDR(d)->klass = SP_HDR(self)->klass;
    return d;
}
static sp_value s_clone(STR_ARGS)
{
    sp_value d = s_dup(self, 0, NULL, SP_NIL);
    int freeze = (SP_HDR(self)->flags & SP_FL_FROZEN) != 0;
    if (argc_ & SP_ARGC_KW) {
        sp_value f = sp_hash_lookup(argv[argc - 1], sp_sym("freeze"), SP_NIL);
        if (f == SP_FALSE) freeze = 0; else if (f == SP_TRUE) freeze = 1;
    }
    if (freeze) SP_HDR(d)->flags |= SP_FL_FROZEN;
    return d;
}
static sp_value s_uplus(STR_ARGS) { return SP_FROZEN_P(self) ? sp_str_dup(self) : self; }
static sp_value s_uminus(STR_ARGS)
{
    if (SP_FROZEN_P(self)) return self;
    sp_value d = sp_str_dup(self);
    SP_HDR(d)->flags |= SP_FL_FROZEN;
    return d;
}

/* Find needle in hay starting at byte offset `from`; -1 if absent. */
static long byte_index(const char *h, size_t hl, const char *n, size_t nl, size_t from)
{
    if (from > hl) return -1;
    if (nl == 0) return (long)from;
    const char *r = memmem(h + from, hl - from, n, nl);
    return r ? (long)(r - h) : -1;
}

static long byte_rindex(const char *h, size_t hl, const char *n, size_t nl, long from)
{
    if (nl > hl) return -1;
    if (from > (long)(hl - nl)) from = (long)(hl - nl);
    for (long i = from; i >= 0; i--)
        if (memcmp(h + i, n, nl) == 0) return i;
    return -1;
}

/* byte offset -> char index */
static long byte_to_char(const char *p, size_t off, int binary)
{
    return char_count(p, off, binary);
}

static sp_value s_include(STR_ARGS)
{
    sp_value o = str_arg(argv[0]);
    SNAP(self, p, l); SNAP(o, q, m);
    return SP_BOOL(byte_index(p, l, q, m, 0) >= 0);
}

static sp_value s_start_with(STR_ARGS)
{
    SNAP(self, p, l);
    for (int i = 0; i < argc; i++) {
        if (sp_regexp_p(argv[i])) {
            sp_value m = sp_reg_search(argv[i], self, 0, 1);
            if (m != SP_NIL && sp_match_beg(m, 0) == 0) return SP_TRUE;
            continue;
        }
        sp_value o = str_arg(argv[i]);
        SNAP(o, q, m);
        if (m <= l && memcmp(p, q, m) == 0) return SP_TRUE;
    }
    return SP_FALSE;
}

static sp_value s_end_with(STR_ARGS)
{
    SNAP(self, p, l);
    for (int i = 0; i < argc; i++) {
        sp_value o = str_arg(argv[i]);
        SNAP(o, q, m);
        if (m <= l && memcmp(p + l - m, q, m) == 0) return SP_TRUE;
    }
    return SP_FALSE;
}

static sp_value s_index(STR_ARGS)
{
    SNAP(self, p, l);
    int bin = BIN(self);
    long start = argc > 1 ? (long)sp_num_to_long(argv[1]) : 0;
    long clen = char_count(p, l, bin);
    if (start < 0) { start += clen; if (start < 0) return SP_NIL; }
    if (start > clen) return SP_NIL;
    size_t from = sp_str_char_offset(p, l, start, bin);
    if (sp_regexp_p(argv[0])) {
        sp_value m = sp_reg_search(argv[0], self, from, 1);
        if (m == SP_NIL) return SP_NIL;
        return SP_FIX(byte_to_char(p, (size_t)sp_match_beg(m, 0), bin));
    }
    sp_value o = str_arg(argv[0]);
    SNAP(o, q, m);
    long r = byte_index(p, l, q, m, from);
    if (r < 0) return SP_NIL;
    return SP_FIX(byte_to_char(p, (size_t)r, bin));
}

static sp_value s_byteindex(STR_ARGS)
{
    SNAP(self, p, l);
    long start = argc > 1 ? (long)sp_num_to_long(argv[1]) : 0;
    if (start < 0) start += (long)l;
    if (start < 0 || start > (long)l) return SP_NIL;
    sp_value o = str_arg(argv[0]);
    SNAP(o, q, m);
    long r = byte_index(p, l, q, m, (size_t)start);
    return r < 0 ? SP_NIL : SP_FIX(r);
}

static sp_value s_rindex(STR_ARGS)
{
    SNAP(self, p, l);
    int bin = BIN(self);
    long clen = char_count(p, l, bin);
    long start = argc > 1 ? (long)sp_num_to_long(argv[1]) : clen;
    if (start < 0) { start += clen; if (start < 0) return SP_NIL; }
    if (start > clen) start = clen;
    size_t from = sp_str_char_offset(p, l, start, bin);
    if (sp_regexp_p(argv[0])) {
        for (long pos = (long)from; pos >= 0; pos--) {
            sp_value m = sp_reg_search(argv[0], self, (size_t)pos, 0);
            if (m != SP_NIL && sp_match_beg(m, 0) == pos) {
                sp_set_last_match(m);
                return SP_FIX(byte_to_char(p, (size_t)pos, bin));
            }
        }
        sp_set_last_match(SP_NIL);
        return SP_NIL;
    }
    sp_value o = str_arg(argv[0]);
    SNAP(o, q, m);
    long r = byte_rindex(p, l, q, m, (long)from);
    if (r < 0) return SP_NIL;
    return SP_FIX(byte_to_char(p, (size_t)r, bin));
}

/* ------------------------------------------------------------------ */
/* Substrings: [] / slice / []= / slice!                               */

/* Character range [cbeg, cbeg+clen) -> byte range; returns 0 if cbeg is
 * out of range (Ruby returns nil). */
static int char_range(sp_value s, long cbeg, long clen, size_t *bbeg, size_t *blen)
{
    SNAP(s, p, l);
    int bin = BIN(s);
    long total = (bin || ascii_only(p, l)) ? (long)l : char_count(p, l, bin);
    if (cbeg < 0) cbeg += total;
    if (cbeg < 0 || cbeg > total || clen < 0) return 0;
    if (clen > total - cbeg) clen = total - cbeg;
    if (total == (long)l) { *bbeg = (size_t)cbeg; *blen = (size_t)clen; return 1; }
    size_t b = sp_str_char_offset(p, l, cbeg, bin);
    size_t e = b + sp_str_char_offset(p + b, l - b, clen, bin);
    *bbeg = b; *blen = e - b;
    return 1;
}

static sp_value str_aref(sp_value self, int argc_, const sp_value *argv)
{
    sp_value a = argv[0];
    size_t b, n;
    if (argc == 2) {
        if (sp_regexp_p(a)) {
            sp_value m = sp_reg_search(a, self, 0, 1);
            if (m == SP_NIL) return SP_NIL;
            if (sp_str_p(argv[1]) || SP_SYMBOL_P(argv[1])) {
                return sp_funcall1(m, "[]", argv[1]);
            }
            return sp_match_group(m, (int)sp_num_to_long(argv[1]));
        }
        long cb = (long)sp_num_to_long(a), cl = (long)sp_num_to_long(argv[1]);
        if (!char_range(self, cb, cl, &b, &n)) return SP_NIL;
        return sp_str_substr_bytes(self, b, n);
    }
    if (SP_FIXNUM_P(a)) {
        long i = SP_FIX2LONG(a);
        SNAP(self, p, l);
        if (BIN(self) || ascii_only(p, l)) {
            if (i < 0) i += (long)l;
            if (i < 0 || i >= (long)l) return SP_NIL;
            return sp_str_new_like(self, p + i, 1);
        }
        if (!char_range(self, i, 1, &b, &n) || n == 0) return SP_NIL;
        return sp_str_substr_bytes(self, b, n);
    }
    if (sp_range_p(a)) {
        long total = sp_str_char_len(self), cb, cl;
        if (!sp_range_beg_len(a, total, &cb, &cl, 0)) return SP_NIL;
        if (!char_range(self, cb, cl, &b, &n)) return SP_NIL;
        return sp_str_substr_bytes(self, b, n);
    }
    if (sp_str_p(a)) {
        SNAP(self, p, l); SNAP(a, q, m);
        return byte_index(p, l, q, m, 0) >= 0 ? sp_str_dup(a) : SP_NIL;
    }
    if (sp_regexp_p(a)) {
        sp_value m = sp_reg_search(a, self, 0, 1);
        return m == SP_NIL ? SP_NIL : sp_match_group(m, 0);
    }
    if (sp_float_p(a)) {
        sp_value i = sp_int_from_double(sp_flo(a));
        return str_aref(self, 1, &i);
    }
    sp_raise_type(a, "Integer");
}

static sp_value s_aref(STR_ARGS)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    return str_aref(self, argc, argv);
}

static void str_splice(sp_value self, size_t b, size_t n, const char *q, size_t m)
{
    SNAP(self, p, l);
    if (b > l) b = l;
    if (n > l - b) n = l - b;
    sp_strbuf *nb = buf_new(l - n + m);
    memcpy(nb->bytes, p, b);
    memcpy(nb->bytes + b, q, m);
    memcpy(nb->bytes + b + m, p + b + n, l - b - n);
    str_publish(self, nb, l - n + m);
}

static sp_value s_aset(STR_ARGS)
{
    str_modify(self);
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    sp_value val = str_arg(argv[argc - 1]);
    sp_value a = argv[0];
    size_t b, n;
    SNAP(val, q, m);
    if (argc == 3) {
        long cb = (long)sp_num_to_long(a), cl = (long)sp_num_to_long(argv[1]);
        if (cl < 0) sp_raise(sp_eIndexError, "negative length %ld", cl);
        if (!char_range(self, cb, cl, &b, &n))
            sp_raise(sp_eIndexError, "index %ld out of string", cb);
    } else if (SP_FIXNUM_P(a)) {
        long i = SP_FIX2LONG(a);
        long total = sp_str_char_len(self);
        if (i < -total || i >= total) sp_raise(sp_eIndexError, "index %ld out of string", i);
        char_range(self, i, 1, &b, &n);
    } else if (sp_range_p(a)) {
        long total = sp_str_char_len(self), cb, cl;
        if (!sp_range_beg_len(a, total, &cb, &cl, 1))
            sp_raise(sp_eRangeError, "%s out of range", sp_str_cstr(sp_inspect(a)));
        char_range(self, cb, cl, &b, &n);
    } else if (sp_str_p(a)) {
        SNAP(self, p, l); SNAP(a, r, rl);
        long i = byte_index(p, l, r, rl, 0);
        if (i < 0) sp_raise(sp_eIndexError, "string not matched");
        b = (size_t)i; n = rl;
    } else if (sp_regexp_p(a)) {
        sp_value md = sp_reg_search(a, self, 0, 1);
        if (md == SP_NIL) sp_raise(sp_eIndexError, "regexp not matched");
        b = (size_t)sp_match_beg(md, 0); n = (size_t)(sp_match_end(md, 0) - sp_match_beg(md, 0));
    } else sp_raise_type(a, "Integer");
    str_splice(self, b, n, q, m);
    return argv[argc - 1];
}

static sp_value s_slice_bang(STR_ARGS)
{
    str_modify(self);
    sp_value r = str_aref(self, argc, argv);
    if (r == SP_NIL) return SP_NIL;
    sp_value a = argv[0];
    size_t b, n;
    if (argc == 2 && !sp_regexp_p(a)) {
        char_range(self, (long)sp_num_to_long(a), (long)sp_num_to_long(argv[1]), &b, &n);
    } else if (SP_FIXNUM_P(a)) {
        char_range(self, SP_FIX2LONG(a), 1, &b, &n);
    } else if (sp_range_p(a)) {
        long total = sp_str_char_len(self), cb, cl;
        sp_range_beg_len(a, total, &cb, &cl, 0);
        char_range(self, cb, cl, &b, &n);
    } else if (sp_str_p(a)) {
        SNAP(self, p, l); SNAP(a, q, m);
        b = (size_t)byte_index(p, l, q, m, 0); n = m;
    } else {
        sp_value md = sp_last_match();
        int g = argc == 2 ? (int)sp_num_to_long(argv[1]) : 0;
        b = (size_t)sp_match_beg(md, g); n = (size_t)(sp_match_end(md, g) - sp_match_beg(md, g));
    }
    str_splice(self, b, n, "", 0);
    return r;
}

static sp_value s_byteslice(STR_ARGS)
{
    SNAP(self, p, l);
    long b, n;
    if (argc == 2) { b = (long)sp_num_to_long(argv[0]); n = (long)sp_num_to_long(argv[1]); }
    else if (sp_range_p(argv[0])) {
        if (!sp_range_beg_len(argv[0], (long)l, &b, &n, 0)) return SP_NIL;
    } else {
        b = (long)sp_num_to_long(argv[0]); n = 1;
        if (b < 0) b += (long)l;
        if (b < 0 || b >= (long)l) return SP_NIL;
    }
    if (b < 0) b += (long)l;
    if (b < 0 || b > (long)l || n < 0) return SP_NIL;
    if (n > (long)l - b) n = (long)l - b;
    return sp_str_new_like(self, p + b, (size_t)n);
}

static sp_value s_getbyte(STR_ARGS)
{
    SNAP(self, p, l);
    long i = (long)sp_num_to_long(argv[0]);
    if (i < 0) i += (long)l;
    if (i < 0 || i >= (long)l) return SP_NIL;
    return SP_FIX((unsigned char)p[i]);
}

static sp_value s_setbyte(STR_ARGS)
{
    str_modify(self);
    size_t l;
    sp_str_snap(self, &l);
    long i = (long)sp_num_to_long(argv[0]);
    if (i < 0) i += (long)l;
    if (i < 0 || i >= (long)l) sp_raise(sp_eIndexError, "index %ld out of string", (long)sp_num_to_long(argv[0]));
    sp_strbuf *b = str_buf(self);
    if ((size_t)i < b->capa) b->bytes[i] = (char)sp_num_to_long(argv[1]);
    return argv[1];
}

/* ------------------------------------------------------------------ */
/* Case mapping                                                        */

static locale_t utf8_locale;

static int32_t cp_upper(int32_t c)
{
    if (c < 128) return (c >= 'a' && c <= 'z') ? c - 32 : c;
    if (utf8_locale) return (int32_t)towupper_l((wint_t)c, utf8_locale);
    return c;
}
static int32_t cp_lower(int32_t c)
{
    if (c < 128) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
    if (utf8_locale) return (int32_t)towlower_l((wint_t)c, utf8_locale);
    return c;
}

enum { CASE_UP, CASE_DOWN, CASE_CAP, CASE_SWAP };

static sp_value case_map(sp_value s, int mode)
{
    SNAP(s, p, l);
    int bin = BIN(s);
    sp_value out = sp_str_buf_new(l);
    const char *e = p + l;
    int first = 1;
    char buf[4];
    while (p < e) {
        int32_t cp;
        int n = (bin || (unsigned char)*p < 0x80) ? (cp = (unsigned char)*p, 1) : sp_utf8_char(p, e, &cp);
        if (cp < 0 || (bin && cp >= 128)) { sp_str_cat(out, p, (size_t)n); p += n; first = 0; continue; }
        int32_t r = cp;
        switch (mode) {
        case CASE_UP: r = cp_upper(cp); break;
        case CASE_DOWN: r = cp_lower(cp); break;
        case CASE_CAP: r = first ? cp_upper(cp) : cp_lower(cp); break;
        case CASE_SWAP: { int32_t u = cp_upper(cp); r = u != cp ? u : cp_lower(cp); break; }
        }
        int upper_ctx = mode == CASE_UP || (mode == CASE_CAP && first) || (mode == CASE_SWAP && cp_upper(cp) != cp);
        static const char *const lig[] = { "FF", "FI", "FL", "FFI", "FFL", "ST", "ST" };
        if (cp == 0xdf && (mode == CASE_UP || (mode == CASE_CAP && first) || mode == CASE_SWAP)) {
            sp_str_cat(out, first && mode == CASE_CAP ? "Ss" : "SS", 2);
        } else if (cp >= 0xfb00 && cp <= 0xfb06 && upper_ctx) {
            /* special casing: ligatures expand */
            const char *u = lig[cp - 0xfb00];
            if (mode == CASE_CAP) { sp_str_cat(out, u, 1); for (const char *q = u + 1; *q; q++) { char lc = (char)(*q | 0x20); sp_str_cat(out, &lc, 1); } }
            else sp_str_cat_cstr(out, u);
        } else if (cp == 0x130 && (mode == CASE_DOWN || (mode == CASE_CAP && !first) || mode == CASE_SWAP)) {
            sp_str_cat(out, "i\xcc\x87", 3);   /* İ -> i + combining dot above */
        } else if (mode == CASE_CAP && first && ((cp >= 0x1c4 && cp <= 0x1cc) || (cp >= 0x1f1 && cp <= 0x1f3))) {
            /* titlecase digraphs: Ǆ/ǅ/ǆ -> ǅ */
            int32_t t = cp >= 0x1f1 ? 0x1f2 : 0x1c5 + ((cp - 0x1c4) / 3) * 3;
            int k = sp_utf8_encode((uint32_t)t, buf); sp_str_cat(out, buf, (size_t)k);
        } else if (r < 128) { buf[0] = (char)r; sp_str_cat(out, buf, 1); }
        else { int k = sp_utf8_encode((uint32_t)r, buf); sp_str_cat(out, buf, (size_t)k); }
        p += n;
        first = 0;
    }
    SP_HDR(out)->flags |= SP_HDR(s)->flags & SP_STR_BINARY;
    return out;
}

static sp_value replace_if_changed(sp_value self, sp_value r)
{
    str_modify(self);
    if (sp_str_equal(self, r)) return SP_NIL;
    SNAP(r, p, l);
    str_set_bytes(self, p, l);
    return self;
}

static sp_value s_upcase(STR_ARGS) { return case_map(self, CASE_UP); }
static sp_value s_downcase(STR_ARGS) { return case_map(self, CASE_DOWN); }
static sp_value s_capitalize(STR_ARGS) { return case_map(self, CASE_CAP); }
static sp_value s_swapcase(STR_ARGS) { return case_map(self, CASE_SWAP); }
static sp_value s_upcase_b(STR_ARGS) { return replace_if_changed(self, case_map(self, CASE_UP)); }
static sp_value s_downcase_b(STR_ARGS) { return replace_if_changed(self, case_map(self, CASE_DOWN)); }
static sp_value s_capitalize_b(STR_ARGS) { return replace_if_changed(self, case_map(self, CASE_CAP)); }
static sp_value s_swapcase_b(STR_ARGS) { return replace_if_changed(self, case_map(self, CASE_SWAP)); }

static sp_value s_casecmp(STR_ARGS)
{
    if (!sp_str_p(argv[0])) {
        if (SP_SYMBOL_P(argv[0]) || SP_SPECIAL_CONST_P(argv[0])) sp_raise_type(argv[0], "String");
        return SP_NIL;
    }
    SNAP(self, p, l); SNAP(argv[0], q, m);
    size_t n = l < m ? l : m;
    for (size_t i = 0; i < n; i++) {
        int a = tolower((unsigned char)p[i]), b = tolower((unsigned char)q[i]);
        if (a != b) return SP_FIX(a < b ? -1 : 1);
    }
    return SP_FIX((l > m) - (l < m));
}

static sp_value s_gsub(STR_ARGS);

static sp_value s_casecmp_p(STR_ARGS)
{
    if (!sp_str_p(argv[0])) {
        if (SP_SYMBOL_P(argv[0]) || SP_SPECIAL_CONST_P(argv[0])) sp_raise_type(argv[0], "String");
        return SP_NIL;
    }
    /* simple case folding: downcase, then ß -> ss */
    sp_value a = case_map(self, CASE_DOWN), b = case_map(argv[0], CASE_DOWN);
    sp_value sharp = sp_str_new("\xc3\x9f", 2), ss = sp_str_new("ss", 2);
    sp_value args[2] = { sharp, ss };
    a = s_gsub(a, 2, args, SP_NIL);
    b = s_gsub(b, 2, args, SP_NIL);
    return SP_BOOL(sp_str_equal(a, b));
}

/* ------------------------------------------------------------------ */
/* Whitespace and line ends                                            */

static int ws(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c == 0; }

static void strip_range(sp_value s, int left, int right, size_t *b, size_t *n)
{
    SNAP(s, p, l);
    size_t i = 0, j = l;
    if (left) while (i < j && ws((unsigned char)p[i]) && p[i] != 0) i++;
    if (right) while (j > i && ws((unsigned char)p[j - 1])) j--;
    *b = i; *n = j - i;
}

static sp_value strip_impl(sp_value self, int l, int r, int bang)
{
    size_t b, n;
    strip_range(self, l, r, &b, &n);
    sp_value res = sp_str_substr_bytes(self, b, n);
    if (!bang) return res;
    return replace_if_changed(self, res);
}
static sp_value s_strip(STR_ARGS) { return strip_impl(self, 1, 1, 0); }
static sp_value s_lstrip(STR_ARGS) { return strip_impl(self, 1, 0, 0); }
static sp_value s_rstrip(STR_ARGS) { return strip_impl(self, 0, 1, 0); }
static sp_value s_strip_b(STR_ARGS) { return strip_impl(self, 1, 1, 1); }
static sp_value s_lstrip_b(STR_ARGS) { return strip_impl(self, 1, 0, 1); }
static sp_value s_rstrip_b(STR_ARGS) { return strip_impl(self, 0, 1, 1); }

static size_t chomp_len(sp_value self, int argc_, const sp_value *argv)
{
    SNAP(self, p, l);
    if (argc > 0) {
        if (argv[0] == SP_NIL) return l;
        sp_value sep = str_arg(argv[0]);
        SNAP(sep, q, m);
        if (m == 0) {
            size_t j = l;
            while (j > 0 && p[j - 1] == '\n') { j--; if (j > 0 && p[j - 1] == '\r') j--; }
            return j;
        }
        if (m == 1 && q[0] == '\n') goto dflt;
        if (m <= l && memcmp(p + l - m, q, m) == 0) return l - m;
        return l;
    }
dflt:
    if (l > 0 && p[l - 1] == '\n') return (l > 1 && p[l - 2] == '\r') ? l - 2 : l - 1;
    if (l > 0 && p[l - 1] == '\r') return l - 1;
    return l;
}

static sp_value s_chomp(STR_ARGS) { return sp_str_substr_bytes(self, 0, chomp_len(self, argc, argv)); }
static sp_value s_chomp_b(STR_ARGS)
{
    str_modify(self);
    size_t n = chomp_len(self, argc, argv);
    if (n == sp_str_len(self)) return SP_NIL;
    sp_str_resize(self, n);
    return self;
}

static size_t chop_len(sp_value self)
{
    SNAP(self, p, l);
    if (l == 0) return 0;
    if (l >= 2 && p[l - 1] == '\n' && p[l - 2] == '\r') return l - 2;
    if (BIN(self)) return l - 1;
    size_t i = l - 1;
    while (i > 0 && ((unsigned char)p[i] & 0xc0) == 0x80 && l - i < 4) i--;
    int32_t cp;
    if ((size_t)sp_utf8_char(p + i, p + l, &cp) == l - i) return i;
    return l - 1;
}
static sp_value s_chop(STR_ARGS) { return sp_str_substr_bytes(self, 0, chop_len(self)); }
static sp_value s_chop_b(STR_ARGS)
{
    str_modify(self);
    size_t l = sp_str_len(self);
    if (l == 0) return SP_NIL;
    sp_str_resize(self, chop_len(self));
    return self;
}

static sp_value s_chr(STR_ARGS)
{
    SNAP(self, p, l);
    if (l == 0) return sp_str_new_like(self, "", 0);
    return sp_str_new_like(self, p, (size_t)char_len_at(p, p + l, BIN(self)));
}

static sp_value s_delete_prefix(STR_ARGS)
{
    sp_value pre = str_arg(argv[0]);
    SNAP(self, p, l); SNAP(pre, q, m);
    if (m <= l && memcmp(p, q, m) == 0) return sp_str_substr_bytes(self, m, l - m);
    return sp_str_dup(self);
}
static sp_value s_delete_suffix(STR_ARGS)
{
    sp_value suf = str_arg(argv[0]);
    SNAP(self, p, l); SNAP(suf, q, m);
    if (m <= l && memcmp(p + l - m, q, m) == 0) return sp_str_substr_bytes(self, 0, l - m);
    return sp_str_dup(self);
}
static sp_value s_delete_prefix_b(STR_ARGS) { return replace_if_changed(self, s_delete_prefix(self, argc, argv, blk)); }
static sp_value s_delete_suffix_b(STR_ARGS) { return replace_if_changed(self, s_delete_suffix(self, argc, argv, blk)); }

/* ------------------------------------------------------------------ */
/* Iteration over characters, bytes, lines                             */

static sp_value str_chars_ary(sp_value self)
{
    SNAP(self, p, l);
    int bin = BIN(self);
    sp_value ary = sp_ary_new_capa((long)l);
    const char *e = p + l;
    while (p < e) {
        int n = char_len_at(p, e, bin);
        sp_ary_push(ary, sp_str_new_like(self, p, (size_t)n));
        p += n;
    }
    return ary;
}

static sp_value s_chars(STR_ARGS) { return str_chars_ary(self); }

static sp_value s_each_char(STR_ARGS)
{
    SP_RETURN_ENUM(self, "each_char", argc_, argv);
    sp_value chars = str_chars_ary(self);
    long n = sp_ary_len(chars);
    for (long i = 0; i < n; i++) sp_yield1(blk, sp_ary_entry(chars, i));
    return self;
}

static sp_value s_bytes(STR_ARGS)
{
    SNAP(self, p, l);
    sp_value ary = sp_ary_new_capa((long)l);
    for (size_t i = 0; i < l; i++) sp_ary_push(ary, SP_FIX((unsigned char)p[i]));
    return ary;
}

static sp_value s_each_byte(STR_ARGS)
{
    SP_RETURN_ENUM(self, "each_byte", argc_, argv);
    for (size_t i = 0;; i++) {
        SNAP(self, p, l);
        if (i >= l) break;
        sp_yield1(blk, SP_FIX((unsigned char)p[i]));
    }
    return self;
}

static sp_value s_codepoints(STR_ARGS)
{
    SNAP(self, p, l);
    int bin = BIN(self);
    sp_value ary = sp_ary_new();
    const char *e = p + l;
    while (p < e) {
        int32_t cp;
        int n = bin ? (cp = (unsigned char)*p, 1) : sp_utf8_char(p, e, &cp);
        if (cp < 0) sp_raise(sp_eArgError, "invalid byte sequence in UTF-8");
        sp_ary_push(ary, SP_FIX(cp));
        p += n;
    }
    return ary;
}

static sp_value s_each_codepoint(STR_ARGS)
{
    SP_RETURN_ENUM(self, "each_codepoint", argc_, argv);
    sp_value a = s_codepoints(self, 0, NULL, SP_NIL);
    for (long i = 0; i < sp_ary_len(a); i++) sp_yield1(blk, sp_ary_entry(a, i));
    return self;
}

static sp_value str_lines_ary(sp_value self, int argc_, const sp_value *argv)
{
    SNAP(self, p, l);
    const char *sep = "\n";
    size_t seplen = 1;
    int chomp = 0, paragraph = 0;
    int n = SP_ARGC(argc_);
    if (argc_ & SP_ARGC_KW) {
        n--;
        chomp = SP_RTEST(sp_hash_lookup(argv[n], sp_sym("chomp"), SP_FALSE));
    }
    if (n > 0) {
        if (argv[0] == SP_NIL) { sep = NULL; }
        else {
            sp_value s = str_arg(argv[0]);
            sep = sp_str_snap(s, &seplen);
            if (seplen == 0) { paragraph = 1; sep = "\n\n"; seplen = 2; }
        }
    }
    sp_value ary = sp_ary_new();
    if (!sep) { if (l) sp_ary_push(ary, sp_str_new_like(self, p, l)); return ary; }
    size_t i = 0;
    while (i < l) {
        long r = byte_index(p, l, sep, seplen, i);
        size_t end = r < 0 ? l : (size_t)r + seplen;
        size_t stop = end;
        if (paragraph && r >= 0) while (stop < l && p[stop] == '\n') stop++;
        size_t keep = end - i;
        if (chomp && r >= 0) {
            keep -= seplen;
            if (seplen == 1 && sep[0] == '\n' && keep > 0 && p[i + keep - 1] == '\r') keep--;
        }
        sp_ary_push(ary, sp_str_new_like(self, p + i, keep));
        i = paragraph ? stop : end;
    }
    return ary;
}

static sp_value s_lines(STR_ARGS) { return str_lines_ary(self, argc_, argv); }

static sp_value s_each_line(STR_ARGS)
{
    SP_RETURN_ENUM(self, "each_line", argc_, argv);
    sp_value a = str_lines_ary(self, argc_, argv);
    for (long i = 0; i < sp_ary_len(a); i++) sp_yield1(blk, sp_ary_entry(a, i));
    return self;
}

/* ------------------------------------------------------------------ */
/* split                                                               */

static void split_push(sp_value ary, sp_value self, const char *p, size_t n)
{
    sp_ary_push(ary, sp_str_new_like(self, p, n));
}

static sp_value s_split(STR_ARGS)
{
    SNAP(self, p, l);
    sp_value pat = argc > 0 ? argv[0] : SP_NIL;
    long limit = argc > 1 ? (long)sp_num_to_long(argv[1]) : 0;
    sp_value ary = sp_ary_new();
    int awk = 0;
    if (pat == SP_NIL) awk = 1;
    else if (sp_str_p(pat)) {
        SNAP(pat, q, m);
        if (m == 1 && q[0] == ' ') awk = 1;
    }
    if (limit == 1) {
        if (l == 0) return ary;
        if (awk) {
            size_t i = 0;
            while (i < l && ws((unsigned char)p[i])) i++;
            if (i == l) return ary;
            split_push(ary, self, p + i, l - i);
            return ary;
        }
        split_push(ary, self, p, l);
        return ary;
    }
    long count = 0;
    if (awk) {
        size_t i = 0;
        while (i < l) {
            while (i < l && ws((unsigned char)p[i])) i++;
            if (i >= l) break;
            if (limit > 0 && count == limit - 1) { split_push(ary, self, p + i, l - i); count++; i = l; break; }
            size_t j = i;
            while (j < l && !ws((unsigned char)p[j])) j++;
            split_push(ary, self, p + i, j - i);
            count++;
            i = j;
            if (limit < 0 && i < l && i + 1 == l) { /* trailing ws */ }
        }
        if (limit < 0 && l > 0 && ws((unsigned char)p[l - 1])) split_push(ary, self, "", 0);
    } else if (sp_str_p(pat)) {
        SNAP(pat, q, m);
        if (m == 0) {
            int bin = BIN(self);
            const char *s = p, *e = p + l;
            while (s < e) {
                if (limit > 0 && count == limit - 1) { split_push(ary, self, s, (size_t)(e - s)); count++; break; }
                int n = char_len_at(s, e, bin);
                split_push(ary, self, s, (size_t)n);
                count++;
                s += n;
            }
            return ary;
        }
        size_t i = 0;
        for (;;) {
            if (limit > 0 && count == limit - 1) break;
            long r = byte_index(p, l, q, m, i);
            if (r < 0) break;
            split_push(ary, self, p + i, (size_t)r - i);
            count++;
            i = (size_t)r + m;
        }
        if (l > 0 && (limit != 0 || l > i)) split_push(ary, self, p + i, l - i);
    } else if (sp_regexp_p(pat)) {
        size_t beg = 0, search = 0;
        int bin = BIN(self);
        for (;;) {
            if (limit > 0 && count == limit - 1) break;
            if (search > l) break;
            sp_value md = sp_reg_search(pat, self, search, 0);
            if (md == SP_NIL) break;
            size_t mb = (size_t)sp_match_beg(md, 0), me = (size_t)sp_match_end(md, 0);
            if (mb == me) {
                if (mb >= l) break;
                if (mb == beg) { search = mb + (size_t)char_len_at(p + mb, p + l, bin); continue; }
                split_push(ary, self, p + beg, mb - beg);
                beg = search = mb;
            } else {
                split_push(ary, self, p + beg, mb - beg);
                beg = search = me;
            }
            count++;
            int ng = sp_match_ngroups(md);
            for (int g = 1; g <= ng; g++) {
                if (sp_match_beg(md, g) < 0) continue;
                sp_ary_push(ary, sp_match_group(md, g));
            }
        }
        if (l > 0 && (limit != 0 || l > beg)) split_push(ary, self, p + beg, l - beg);
    } else {
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Regexp)", sp_obj_classname(pat));
    }
    if (limit == 0) {
        while (sp_ary_len(ary) > 0 && sp_str_len(sp_ary_entry(ary, sp_ary_len(ary) - 1)) == 0)
            sp_ary_pop(ary);
    }
    if (blk != SP_NIL) {
        for (long i = 0; i < sp_ary_len(ary); i++) sp_yield1(blk, sp_ary_entry(ary, i));
        return self;
    }
    return ary;
}

/* ------------------------------------------------------------------ */
/* Character sets: tr, delete, squeeze, count                          */

typedef struct cset {
    int neg;
    int n;
    int32_t *lo, *hi;
    int32_t *list;     /* expanded (for tr mapping) */
    long nlist;
} cset;

static int32_t *decode_cps(sp_value s, long *count)
{
    SNAP(s, p, l);
    int32_t *out = GC_MALLOC_ATOMIC(sizeof(int32_t) * (l + 1));
    long n = 0;
    const char *e = p + l;
    int bin = BIN(s);
    while (p < e) {
        int32_t cp;
        int k = bin ? (cp = (unsigned char)*p, 1) : sp_utf8_char(p, e, &cp);
        if (cp < 0) cp = (unsigned char)*p;
        out[n++] = cp;
        p += k;
    }
    *count = n;
    return out;
}

static void cset_parse(cset *cs, sp_value spec, int allow_neg)
{
    long n;
    int32_t *c = decode_cps(spec, &n);
    long i = 0;
    cs->neg = 0;
    if (allow_neg && n > 1 && c[0] == '^') { cs->neg = 1; i = 1; }
    cs->lo = GC_MALLOC_ATOMIC(sizeof(int32_t) * (n + 1));
    cs->hi = GC_MALLOC_ATOMIC(sizeof(int32_t) * (n + 1));
    cs->n = 0;
    long cap = 64; cs->nlist = 0;
    cs->list = GC_MALLOC_ATOMIC(sizeof(int32_t) * cap);
    for (; i < n; i++) {
        int32_t a = c[i], b;
        if (a == '\\' && i + 1 < n) { a = c[++i]; b = a; }
        else if (i + 2 < n && c[i + 1] == '-') {
            b = c[i + 2];
            if (b < a) sp_raise(sp_eArgError, "invalid range \"%c-%c\" in string transliteration", (char)a, (char)b);
            i += 2;
        } else b = a;
        cs->lo[cs->n] = a; cs->hi[cs->n] = b; cs->n++;
        for (int32_t x = a; x <= b; x++) {
            if (cs->nlist == cap) {
                cap *= 2;
                int32_t *nl = GC_MALLOC_ATOMIC(sizeof(int32_t) * cap);
                memcpy(nl, cs->list, sizeof(int32_t) * cs->nlist);
                cs->list = nl;
            }
            cs->list[cs->nlist++] = x;
        }
    }
}

static int cset_has(const cset *cs, int32_t c)
{
    int in = 0;
    for (int i = 0; i < cs->n; i++) if (c >= cs->lo[i] && c <= cs->hi[i]) { in = 1; break; }
    return cs->neg ? !in : in;
}

/* Intersection of several sets (delete/squeeze/count take many). */
static int csets_have(cset *sets, int n, int32_t c)
{
    for (int i = 0; i < n; i++) if (!cset_has(&sets[i], c)) return 0;
    return 1;
}

static void put_cp(sp_value out, int32_t cp, int bin)
{
    char b[4];
    if (bin || cp < 0x80) { b[0] = (char)cp; sp_str_cat(out, b, 1); }
    else sp_str_cat(out, b, (size_t)sp_utf8_encode((uint32_t)cp, b));
}

static sp_value tr_impl(sp_value self, sp_value from, sp_value to, int squeeze)
{
    cset f, t;
    cset_parse(&f, str_arg(from), 1);
    cset_parse(&t, str_arg(to), 0);
    long n;
    int32_t *c = decode_cps(self, &n);
    int bin = BIN(self);
    sp_value out = sp_str_buf_new(sp_str_len(self));
    int32_t last = -1;
    int last_tr = 0;
    for (long i = 0; i < n; i++) {
        int32_t x = c[i];
        if (cset_has(&f, x)) {
            int32_t r;
            if (t.nlist == 0) { last_tr = 0; continue; }   /* delete */
            if (f.neg) r = t.list[t.nlist - 1];
            else {
                long idx = 0;
                for (long k = 0; k < f.nlist; k++) if (f.list[k] == x) { idx = k; }
                /* first occurrence wins in Ruby: search forward */
                for (long k = 0; k < f.nlist; k++) if (f.list[k] == x) { idx = k; break; }
                r = idx < t.nlist ? t.list[idx] : t.list[t.nlist - 1];
            }
            if (squeeze && last_tr && r == last) continue;
            put_cp(out, r, bin);
            last = r; last_tr = 1;
        } else {
            put_cp(out, x, bin);
            last_tr = 0;
        }
    }
    SP_HDR(out)->flags |= SP_HDR(self)->flags & SP_STR_BINARY;
    return out;
}

static sp_value s_tr(STR_ARGS) { return tr_impl(self, argv[0], argv[1], 0); }
static sp_value s_tr_s(STR_ARGS) { return tr_impl(self, argv[0], argv[1], 1); }
static sp_value s_tr_b(STR_ARGS) { return replace_if_changed(self, tr_impl(self, argv[0], argv[1], 0)); }
static sp_value s_tr_s_b(STR_ARGS) { return replace_if_changed(self, tr_impl(self, argv[0], argv[1], 1)); }

static cset *parse_sets(int argc_, const sp_value *argv)
{
    cset *sets = GC_MALLOC(sizeof(cset) * (size_t)(argc ? argc : 1));
    for (int i = 0; i < argc; i++) cset_parse(&sets[i], str_arg(argv[i]), 1);
    return sets;
}

static sp_value s_delete(STR_ARGS)
{
    if (argc < 1) sp_raise(sp_eArgError, "wrong number of arguments (given 0, expected 1+)");
    cset *sets = parse_sets(argc, argv);
    long n; int32_t *c = decode_cps(self, &n);
    sp_value out = sp_str_buf_new(sp_str_len(self));
    for (long i = 0; i < n; i++) if (!csets_have(sets, argc, c[i])) put_cp(out, c[i], BIN(self));
    return out;
}
static sp_value s_delete_b(STR_ARGS) { return replace_if_changed(self, s_delete(self, argc, argv, blk)); }

static sp_value s_squeeze(STR_ARGS)
{
    cset *sets = parse_sets(argc, argv);
    long n; int32_t *c = decode_cps(self, &n);
    sp_value out = sp_str_buf_new(sp_str_len(self));
    for (long i = 0; i < n; i++) {
        if (i > 0 && c[i] == c[i - 1] && (argc == 0 || csets_have(sets, argc, c[i]))) continue;
        put_cp(out, c[i], BIN(self));
    }
    return out;
}
static sp_value s_squeeze_b(STR_ARGS) { return replace_if_changed(self, s_squeeze(self, argc, argv, blk)); }

static sp_value s_count(STR_ARGS)
{
    if (argc < 1) sp_raise(sp_eArgError, "wrong number of arguments (given 0, expected 1+)");
    cset *sets = parse_sets(argc, argv);
    long n; int32_t *c = decode_cps(self, &n);
    long k = 0;
    for (long i = 0; i < n; i++) if (csets_have(sets, argc, c[i])) k++;
    return SP_FIX(k);
}

/* ------------------------------------------------------------------ */
/* Justification                                                       */

static sp_value justify(sp_value self, int argc_, const sp_value *argv, int mode)
{
    long width = (long)sp_num_to_long(argv[0]);
    sp_value pad = argc > 1 ? str_arg(argv[1]) : sp_str_new(" ", 1);
    SNAP(pad, q, m);
    if (m == 0) sp_raise(sp_eArgError, "zero width padding");
    long len = sp_str_char_len(self);
    if (width <= len) return sp_str_dup(self);
    long total = width - len, left, right;
    if (mode == 'l') { left = 0; right = total; }
    else if (mode == 'r') { left = total; right = 0; }
    else { left = total / 2; right = total - left; }
    long padchars = char_count(q, m, BIN(pad));
    sp_value out = sp_str_buf_new(sp_str_len(self) + (size_t)total * m);
    for (int side = 0; side < 2; side++) {
        long cnt = side == 0 ? left : right;
        if (side == 1) sp_str_append(out, self);
        for (long i = 0; i < cnt; i++) {
            long k = i % padchars;
            size_t off = sp_str_char_offset(q, m, k, BIN(pad));
            size_t cl = (size_t)char_len_at(q + off, q + m, BIN(pad));
            sp_str_cat(out, q + off, cl);
        }
    }
    return out;
}
static sp_value s_ljust(STR_ARGS) { return justify(self, argc, argv, 'l'); }
static sp_value s_rjust(STR_ARGS) { return justify(self, argc, argv, 'r'); }
static sp_value s_center(STR_ARGS) { return justify(self, argc, argv, 'c'); }

/* ------------------------------------------------------------------ */
/* Conversion                                                          */

static sp_value s_to_i(STR_ARGS)
{
    int base = argc > 0 ? (int)sp_num_to_long(argv[0]) : 10;
    if (base < 0 || base == 1 || base > 36) sp_raise(sp_eArgError, "invalid radix %d", base);
    SNAP(self, p, l);
    return sp_cstr_to_inum(p, l, base, 0);
}
static sp_value s_hex(STR_ARGS) { SNAP(self, p, l); return sp_cstr_to_inum(p, l, 16, 0); }
static sp_value s_oct(STR_ARGS)
{
    SNAP(self, p, l);
    const char *q = p; size_t m = l;
    while (m && ws((unsigned char)*q)) { q++; m--; }
    const char *r = q; if (m && (*r == '-' || *r == '+')) r++;
    if (r + 1 < q + m && r[0] == '0' && strchr("xXbBoOdD", r[1])) return sp_cstr_to_inum(p, l, 0, 0);
    return sp_cstr_to_inum(p, l, 8, 0);
}
static sp_value s_to_f(STR_ARGS)
{
    SNAP(self, p, l);
    double d;
    sp_cstr_to_dbl(p, l, 0, &d);
    return sp_float_new(d);
}
static sp_value s_to_sym(STR_ARGS)
{
    SNAP(self, p, l);
    return SP_ID2SYM(sp_intern_len(p, l));
}
static sp_value s_ord(STR_ARGS)
{
    SNAP(self, p, l);
    if (l == 0) sp_raise(sp_eArgError, "empty string");
    if (BIN(self)) return SP_FIX((unsigned char)p[0]);
    int32_t cp;
    sp_utf8_char(p, p + l, &cp);
    if (cp < 0) sp_raise(sp_eArgError, "invalid byte sequence in UTF-8");
    return SP_FIX(cp);
}
static sp_value s_sum(STR_ARGS)
{
    int bits = argc > 0 ? (int)sp_num_to_long(argv[0]) : 16;
    SNAP(self, p, l);
    uint64_t s = 0;
    for (size_t i = 0; i < l; i++) s += (unsigned char)p[i];
    if (bits > 0 && bits < 64) s &= ((uint64_t)1 << bits) - 1;
    return sp_int_from_u64(s);
}

static sp_value s_reverse(STR_ARGS)
{
    SNAP(self, p, l);
    sp_strbuf *b = buf_new(l);
    int bin = BIN(self);
    const char *s = p, *e = p + l;
    char *o = b->bytes + l;
    while (s < e) {
        int n = char_len_at(s, e, bin);
        o -= n;
        memcpy(o, s, (size_t)n);
        s += n;
    }
    sp_value r = str_alloc(sp_cString, b, l);
    SP_HDR(r)->flags |= SP_HDR(self)->flags & SP_STR_BINARY;
    return r;
}
static sp_value s_reverse_b(STR_ARGS) { str_modify(self); sp_value r = s_reverse(self, 0, NULL, SP_NIL); SNAP(r, p, l); str_set_bytes(self, p, l); return self; }

static sp_value s_replace(STR_ARGS)
{
    str_modify(self);
    sp_value o = str_arg(argv[0]);
    SNAP(o, p, l);
    str_set_bytes(self, p, l);
    SP_HDR(self)->flags = (SP_HDR(self)->flags & ~(SP_STR_BINARY | SP_STR_USASCII)) |
                          (SP_HDR(o)->flags & (SP_STR_BINARY | SP_STR_USASCII));
    return self;
}

static sp_value s_clear(STR_ARGS) { str_modify(self); str_publish(self, &empty_buf, 0); return self; }

static sp_value s_insert(STR_ARGS)
{
    str_modify(self);
    long idx = (long)sp_num_to_long(argv[0]);
    sp_value o = str_arg(argv[1]);
    SNAP(o, q, m);
    long total = sp_str_char_len(self);
    if (idx < 0) idx += total + 1;
    if (idx < 0 || idx > total) sp_raise(sp_eIndexError, "index %ld out of string", (long)sp_num_to_long(argv[0]));
    size_t b, n;
    char_range(self, idx, 0, &b, &n);
    str_splice(self, b, 0, q, m);
    return self;
}

static sp_value s_prepend(STR_ARGS)
{
    str_modify(self);
    sp_value acc = sp_str_new(NULL, 0);
    for (int i = 0; i < argc; i++) sp_str_append(acc, str_arg(argv[i]));
    SNAP(acc, q, m);
    str_splice(self, 0, 0, q, m);
    return self;
}

/* String#succ: increment the rightmost alphanumeric with carry. */
static sp_value str_succ(sp_value self)
{
    SNAP(self, p0, l);
    if (l == 0) return sp_str_new("", 0);
    char *p = GC_MALLOC_ATOMIC(l + 2);
    memcpy(p + 1, p0, l);
    char *s = p + 1;
    long i, last_alnum = -1;
    for (i = (long)l - 1; i >= 0; i--) if (isalnum((unsigned char)s[i])) break;
    if (i < 0) {
        /* no alphanumerics: increment bytes with carry */
        for (i = (long)l - 1; i >= 0; i--) {
            if ((unsigned char)s[i] != 0xff) { s[i]++; return sp_str_new_like(self, s, l); }
            s[i] = 0;
        }
        p[0] = 1;
        return sp_str_new_like(self, p, l + 1);
    }
    for (; i >= 0; i--) {
        unsigned char c = (unsigned char)s[i];
        if (!isalnum(c)) {
            /* skip non-alnum only if there is an alnum further left */
            long k = i - 1;
            while (k >= 0 && !isalnum((unsigned char)s[k])) k--;
            if (k < 0) break;
            continue;
        }
        last_alnum = i;
        if (c == 'z') { s[i] = 'a'; continue; }
        if (c == 'Z') { s[i] = 'A'; continue; }
        if (c == '9') { s[i] = '0'; continue; }
        s[i] = (char)(c + 1);
        return sp_str_new_like(self, s, l);
    }
    /* carry out of the leftmost alnum: insert */
    char ins = s[last_alnum] == 'a' ? 'a' : s[last_alnum] == 'A' ? 'A' : '1';
    sp_value out = sp_str_buf_new(l + 1);
    sp_str_cat(out, s, (size_t)last_alnum);
    sp_str_cat(out, &ins, 1);
    sp_str_cat(out, s + last_alnum, l - (size_t)last_alnum);
    return out;
}
static sp_value s_succ(STR_ARGS) { return str_succ(self); }
static sp_value s_succ_b(STR_ARGS) { str_modify(self); sp_value r = str_succ(self); SNAP(r, p, l); str_set_bytes(self, p, l); return self; }

static int all_digits(const char *p, size_t n)
{
    if (n == 0) return 0;
    for (size_t i = 0; i < n; i++) if (p[i] < '0' || p[i] > '9') return 0;
    return 1;
}

static sp_value s_upto(STR_ARGS)
{
    SP_RETURN_ENUM(self, "upto", argc_, argv);
    sp_value last = str_arg(argv[0]);
    int excl = argc > 1 && SP_RTEST(argv[1]);
    SNAP(self, bp, bl); SNAP(last, ep, el);
    if (bl == 1 && el == 1 && (unsigned char)bp[0] < 128 && (unsigned char)ep[0] < 128) {
        unsigned char c = (unsigned char)bp[0], e = (unsigned char)ep[0];
        if (c > e || (excl && c == e)) return self;
        for (;;) {
            char ch = (char)c;
            sp_yield1(blk, sp_str_new(&ch, 1));
            if (!excl && c == e) break;
            c++;
            if (excl && c == e) break;
        }
        return self;
    }
    if (all_digits(bp, bl) && all_digits(ep, el)) {
        sp_value b = sp_cstr_to_inum(bp, bl, 10, 0), e = sp_cstr_to_inum(ep, el, 10, 0);
        int width = (int)bl;
        for (sp_value i = b; ; i = sp_int_plus(i, SP_FIX(1))) {
            int c = sp_int_cmp(i, e);
            if (c > 0 || (excl && c == 0)) break;
            sp_value digits = sp_int_to_s(i, 10);
            sp_value out = sp_str_new(NULL, 0);
            for (long k = (long)sp_str_len(digits); k < width; k++) sp_str_cat(out, "0", 1);
            sp_str_append(out, digits);
            sp_yield1(blk, out);
        }
        return self;
    }
    int n = sp_str_cmp(self, last);
    if (n > 0 || (excl && n == 0)) return self;
    sp_value after_end = str_succ(last);
    sp_value cur = sp_str_dup(self);
    while (!sp_str_equal(cur, after_end)) {
        sp_value next = SP_NIL;
        if (excl || !sp_str_equal(cur, last)) next = str_succ(cur);
        sp_yield1(blk, cur);
        if (next == SP_NIL) break;
        cur = next;
        if (excl && sp_str_equal(cur, last)) break;
        if (sp_str_len(cur) > sp_str_len(last) || sp_str_len(cur) == 0) break;
    }
    return self;
}

static sp_value s_undump(STR_ARGS)
{
    SNAP(self, p, l);
    if (l < 2 || p[0] != '"' || p[l - 1] != '"') sp_raise(sp_eRuntimeError, "invalid dumped string; not wrapped with '\"' nor '\"...\".force_encoding(\"...\")' form");
    sp_value out = sp_str_buf_new(l);
    const char *e = p + l - 1;
    for (const char *q = p + 1; q < e; q++) {
        if (*q != '\\' || q + 1 >= e) { sp_str_cat(out, q, 1); continue; }
        q++;
        char c = *q, b[4];
        switch (c) {
        case 'n': sp_str_cat(out, "\n", 1); break;
        case 't': sp_str_cat(out, "\t", 1); break;
        case 'r': sp_str_cat(out, "\r", 1); break;
        case 'e': sp_str_cat(out, "\033", 1); break;
        case 'a': sp_str_cat(out, "\a", 1); break;
        case 'b': sp_str_cat(out, "\b", 1); break;
        case 'f': sp_str_cat(out, "\f", 1); break;
        case 'v': sp_str_cat(out, "\v", 1); break;
        case 'x': {
            int v = 0, k = 0;
            while (k < 2 && q + 1 < e && isxdigit((unsigned char)q[1])) { q++; v = v * 16 + (isdigit((unsigned char)*q) ? *q - '0' : (tolower((unsigned char)*q) - 'a' + 10)); k++; }
            b[0] = (char)v; sp_str_cat(out, b, 1);
            break;
        }
        case 'u': {
            uint32_t v = 0;
            if (q + 1 < e && q[1] == '{') {
                q += 2;
                while (q < e && *q != '}') { v = v * 16 + (uint32_t)(isdigit((unsigned char)*q) ? *q - '0' : (tolower((unsigned char)*q) - 'a' + 10)); q++; }
            } else {
                for (int k = 0; k < 4 && q + 1 < e; k++) { q++; v = v * 16 + (uint32_t)(isdigit((unsigned char)*q) ? *q - '0' : (tolower((unsigned char)*q) - 'a' + 10)); }
            }
            sp_str_cat(out, b, (size_t)sp_utf8_encode(v, b));
            break;
        }
        default: sp_str_cat(out, &c, 1);
        }
    }
    return out;
}

static sp_value s_scrub(STR_ARGS);

static sp_value s_encode(STR_ARGS)
{
    const char *name = "UTF-8";
    int n = argc - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    if (n > 0) name = sp_str_p(argv[0]) ? sp_str_cstr(argv[0]) : sp_str_cstr(sp_to_s(argv[0]));
    sp_value kw = (argc_ & SP_ARGC_KW) ? argv[argc - 1] : SP_NIL;
    sp_value rep = kw != SP_NIL ? sp_hash_lookup(kw, sp_sym("replace"), SP_NIL) : SP_NIL;
    int replace_invalid = kw != SP_NIL && sp_hash_lookup(kw, sp_sym("invalid"), SP_NIL) == sp_sym("replace");
    int replace_undef = kw != SP_NIL && sp_hash_lookup(kw, sp_sym("undef"), SP_NIL) == sp_sym("replace");
    if (!strcasecmp(name, "UTF-8")) {
        if (replace_invalid) {
            sp_value r = rep != SP_NIL ? rep : sp_str_new("\xEF\xBF\xBD", 3);
            return s_scrub(self, 1, &r, SP_NIL);
        }
        sp_value d = sp_str_dup(self);
        SP_HDR(d)->flags &= ~(SP_STR_BINARY | SP_STR_USASCII);
        return d;
    }
    if (!strcasecmp(name, "ASCII-8BIT") || !strcasecmp(name, "BINARY")) { sp_value d = sp_str_dup(self); sp_str_set_binary(d); return d; }
    if (!strcasecmp(name, "US-ASCII") || !strcasecmp(name, "ASCII")) {
        SNAP(self, p, l);
        sp_value out = sp_str_buf_new(l);
        const char *e = p + l;
        while (p < e) {
            int32_t cp;
            int k = sp_utf8_char(p, e, &cp);
            if (cp >= 0 && cp < 128) { sp_str_cat(out, p, 1); p++; continue; }
            if (cp < 0 ? !replace_invalid : !replace_undef) {
                if (cp < 0) sp_raise(sp_eEncodingError, "\"\\x%02X\" on UTF-8", (unsigned char)*p);
                sp_raise(sp_eEncodingError, "U+%04X from UTF-8 to US-ASCII", (unsigned)cp);
            }
            if (rep != SP_NIL) sp_str_append(out, rep); else sp_str_cat(out, "?", 1);
            p += k;
        }
        SP_HDR(out)->flags |= SP_STR_USASCII;
        return out;
    }
    sp_raise(sp_eArgError, "unknown encoding name - %s", name);
}

static sp_value s_between(STR_ARGS)
{
    return SP_BOOL(sp_str_cmp(self, str_arg(argv[0])) >= 0 && sp_str_cmp(self, str_arg(argv[1])) <= 0);
}

/* ------------------------------------------------------------------ */
/* Encoding (minimal: UTF-8, BINARY, US-ASCII)                         */

static sp_value cEncoding, enc_utf8, enc_binary, enc_usascii;

typedef struct sp_encoding { sp_header hdr; const char *name; const char *insp; } sp_encoding;

static sp_value enc_new(const char *name, const char *insp)
{
    sp_encoding *e = sp_alloc(sizeof(sp_encoding), cEncoding, SP_T_DATA);
    e->name = name; e->insp = insp;
    e->hdr.flags |= SP_FL_FROZEN;
    return (sp_value)e;
}
static sp_value enc_to_s(STR_ARGS) { return sp_str_new_cstr(((sp_encoding *)self)->name); }
static sp_value enc_inspect(STR_ARGS) { return sp_str_format("#<Encoding:%s>", ((sp_encoding *)self)->insp); }

static sp_value s_encoding(STR_ARGS)
{
    if (SP_HDR(self)->flags & SP_STR_BINARY) return enc_binary;
    if (SP_HDR(self)->flags & SP_STR_USASCII) return enc_usascii;
    return enc_utf8;
}

static sp_value s_force_encoding(STR_ARGS)
{
    sp_value e = argv[0];
    const char *name = sp_str_p(e) ? sp_str_cstr(e) : ((sp_encoding *)e)->name;
    uint32_t fl = SP_HDR(self)->flags & ~(SP_STR_BINARY | SP_STR_USASCII);
    if (!strcasecmp(name, "ASCII-8BIT") || !strcasecmp(name, "BINARY")) fl |= SP_STR_BINARY;
    else if (!strcasecmp(name, "US-ASCII") || !strcasecmp(name, "ASCII")) fl |= SP_STR_USASCII;
    else if (strcasecmp(name, "UTF-8")) sp_raise(sp_eArgError, "unknown encoding name - %s", name);
    SP_HDR(self)->flags = fl;
    return self;
}

static sp_value s_b(STR_ARGS) { sp_value d = sp_str_dup(self); sp_str_set_binary(d); return d; }

static sp_value s_valid_encoding(STR_ARGS)
{
    if (BIN(self)) return SP_TRUE;
    SNAP(self, p, l);
    const char *e = p + l;
    while (p < e) {
        int32_t cp;
        int n = sp_utf8_char(p, e, &cp);
        if (cp < 0) return SP_FALSE;
        if ((SP_HDR(self)->flags & SP_STR_USASCII) && cp >= 0x80) return SP_FALSE;
        p += n;
    }
    return SP_TRUE;
}
static sp_value s_ascii_only(STR_ARGS) { SNAP(self, p, l); return SP_BOOL(ascii_only(p, l)); }

static sp_value s_scrub(STR_ARGS)
{
    SNAP(self, p, l);
    sp_value rep = argc > 0 ? str_arg(argv[0]) : sp_str_new("\xEF\xBF\xBD", 3);
    sp_value out = sp_str_buf_new(l);
    const char *e = p + l;
    while (p < e) {
        int32_t cp;
        int n = sp_utf8_char(p, e, &cp);
        if (cp < 0) {
            if (blk != SP_NIL) sp_str_append(out, sp_str_to_str(sp_yield1(blk, sp_str_new_like(self, p, 1))));
            else sp_str_append(out, rep);
            p++;
            continue;
        }
        sp_str_cat(out, p, (size_t)n);
        p += n;
    }
    return out;
}

static sp_value s_unicode_normalize(STR_ARGS) { return sp_str_dup(self); }

/* ------------------------------------------------------------------ */
/* partition / rpartition                                              */

static sp_value triple(sp_value a, sp_value b, sp_value c)
{
    sp_value v[3] = { a, b, c };
    return sp_ary_new_from(3, v);
}

static sp_value s_partition(STR_ARGS)
{
    SNAP(self, p, l);
    if (sp_regexp_p(argv[0])) {
        sp_value m = sp_reg_search(argv[0], self, 0, 1);
        if (m == SP_NIL) return triple(sp_str_dup(self), sp_str_new("", 0), sp_str_new("", 0));
        long b = sp_match_beg(m, 0), e = sp_match_end(m, 0);
        return triple(sp_str_new_like(self, p, (size_t)b), sp_match_group(m, 0), sp_str_new_like(self, p + e, l - (size_t)e));
    }
    sp_value sep = str_arg(argv[0]);
    SNAP(sep, q, m);
    long i = byte_index(p, l, q, m, 0);
    if (i < 0) return triple(sp_str_dup(self), sp_str_new("", 0), sp_str_new("", 0));
    return triple(sp_str_new_like(self, p, (size_t)i), sp_str_dup(sep), sp_str_new_like(self, p + i + m, l - (size_t)i - m));
}

static sp_value s_rpartition(STR_ARGS)
{
    SNAP(self, p, l);
    if (sp_regexp_p(argv[0])) {
        for (long pos = (long)l; pos >= 0; pos--) {
            sp_value m = sp_reg_search(argv[0], self, (size_t)pos, 0);
            if (m != SP_NIL && sp_match_beg(m, 0) == pos) {
                long e = sp_match_end(m, 0);
                sp_set_last_match(m);
                return triple(sp_str_new_like(self, p, (size_t)pos), sp_match_group(m, 0), sp_str_new_like(self, p + e, l - (size_t)e));
            }
        }
        return triple(sp_str_new("", 0), sp_str_new("", 0), sp_str_dup(self));
    }
    sp_value sep = str_arg(argv[0]);
    SNAP(sep, q, m);
    long i = byte_rindex(p, l, q, m, (long)l);
    if (i < 0) return triple(sp_str_new("", 0), sp_str_new("", 0), sp_str_dup(self));
    return triple(sp_str_new_like(self, p, (size_t)i), sp_str_dup(sep), sp_str_new_like(self, p + i + m, l - (size_t)i - m));
}

/* ------------------------------------------------------------------ */
/* Regexp-based: =~ match match? scan sub gsub                         */

static sp_value s_match_op(STR_ARGS)
{
    sp_value re = argv[0];
    if (sp_str_p(re)) sp_raise(sp_eTypeError, "wrong argument type String (expected Regexp)");
    if (!sp_regexp_p(re)) return sp_funcall1(re, "=~", self);
    sp_value m = sp_reg_search(re, self, 0, 1);
    if (m == SP_NIL) return SP_NIL;
    SNAP(self, p, l);
    return SP_FIX(byte_to_char(p, (size_t)sp_match_beg(m, 0), BIN(self)));
}

static sp_value s_match(STR_ARGS)
{
    sp_value re = sp_to_regexp(argv[0]);
    size_t from = 0;
    if (argc > 1) {
        SNAP(self, p, l);
        long ci = (long)sp_num_to_long(argv[1]);
        if (ci < 0) ci += char_count(p, l, BIN(self));
        from = sp_str_char_offset(p, l, ci, BIN(self));
    }
    sp_value m = sp_reg_search(re, self, from, 1);
    if (m != SP_NIL && blk != SP_NIL) return sp_yield1(blk, m);
    return m;
}

static sp_value s_match_p(STR_ARGS)
{
    sp_value re = sp_to_regexp(argv[0]);
    size_t from = 0;
    if (argc > 1) {
        SNAP(self, p, l);
        long ci = (long)sp_num_to_long(argv[1]);
        if (ci < 0) ci += char_count(p, l, BIN(self));
        if (ci < 0) return SP_FALSE;
        from = sp_str_char_offset(p, l, ci, BIN(self));
    }
    return SP_BOOL(sp_reg_search(re, self, from, 0) != SP_NIL);
}

static sp_value s_scan(STR_ARGS)
{
    sp_value re = sp_to_regexp(argv[0]);
    sp_value ary = sp_ary_new();
    size_t pos = 0;
    sp_value last = SP_NIL;
    for (;;) {
        size_t l = sp_str_len(self);
        if (pos > l) break;
        sp_value m = sp_reg_search(re, self, pos, 0);
        if (m == SP_NIL) break;
        last = m;
        long b = sp_match_beg(m, 0), e = sp_match_end(m, 0);
        int ng = sp_match_ngroups(m);
        sp_value item;
        if (ng == 0) item = sp_match_group(m, 0);
        else {
            item = sp_ary_new_capa(ng);
            for (int g = 1; g <= ng; g++) sp_ary_push(item, sp_match_group(m, g));
        }
        if (e == b) {
            SNAP(self, p, ll);
            pos = (size_t)e + ((size_t)e < ll ? (size_t)char_len_at(p + e, p + ll, BIN(self)) : 1);
        } else pos = (size_t)e;
        if (blk != SP_NIL) { sp_set_last_match(m); sp_yield1(blk, item); }
        else sp_ary_push(ary, item);
    }
    sp_set_last_match(last);
    return blk != SP_NIL ? self : ary;
}

/* Expand \1 \0 \& \k<name> \\ \` \' in a sub/gsub replacement. */
static void expand_repl(sp_value out, sp_value repl, sp_value m)
{
    SNAP(repl, p, l);
    const char *e = p + l;
    while (p < e) {
        const char *bs = memchr(p, '\\', (size_t)(e - p));
        if (!bs) { sp_str_cat(out, p, (size_t)(e - p)); break; }
        sp_str_cat(out, p, (size_t)(bs - p));
        p = bs + 1;
        if (p >= e) { sp_str_cat(out, "\\", 1); break; }
        char c = *p;
        if (c >= '0' && c <= '9') {
            sp_value g = sp_match_group(m, c - '0');
            if (g != SP_NIL) sp_str_append(out, g);
            p++;
        } else if (c == '&') {
            sp_str_append(out, sp_match_group(m, 0)); p++;
        } else if (c == '`') {
            sp_value s = sp_match_str(m);
            sp_str_cat(out, sp_str_ptr(s), (size_t)sp_match_beg(m, 0)); p++;
        } else if (c == '\'') {
            sp_value s = sp_match_str(m);
            SNAP(s, sp, sl);
            long me = sp_match_end(m, 0);
            sp_str_cat(out, sp + me, sl - (size_t)me); p++;
        } else if (c == '\\') {
            sp_str_cat(out, "\\", 1); p++;
        } else if (c == 'k' && p + 1 < e && p[1] == '<') {
            const char *ne = memchr(p + 2, '>', (size_t)(e - p - 2));
            if (!ne) { sp_str_cat(out, "\\k", 2); p++; continue; }
            int gi = sp_match_name_index(m, p + 2, (size_t)(ne - p - 2));
            if (gi < 0) sp_raise(sp_eIndexError, "undefined group name reference: %.*s", (int)(ne - p - 2), p + 2);
            sp_value g = sp_match_group(m, gi);
            if (g != SP_NIL) sp_str_append(out, g);
            p = ne + 1;
        } else {
            sp_str_cat(out, "\\", 1);
            sp_str_cat(out, &c, 1);
            p++;
        }
    }
}

/* Core of sub/gsub.  Returns the new string or SP_NIL when nothing
 * matched. */
static sp_value sub_impl(sp_value self, int argc_, const sp_value *argv, sp_value blk, int global)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    if (argc == 1 && blk == SP_NIL) {
        if (!global) sp_raise_arity(argc, 2, 2);
        return sp_enum_new(self, "gsub", argc, argv);
    }
    sp_value pat = argv[0];
    sp_value repl = argc > 1 ? argv[1] : SP_UNDEF;
    int hash_repl = repl != SP_UNDEF && sp_hash_p(repl);
    if (repl != SP_UNDEF && !hash_repl) repl = str_arg(repl);
    SNAP(self, p, l);
    /* Plain-string pattern with string replacement: no regexp needed. */
    if (sp_str_p(pat) && repl != SP_UNDEF && !hash_repl) {
        SNAP(pat, q, m);
        SNAP(repl, r, rl);
        int plain_repl = memchr(r, '\\', rl) == NULL;
        if (plain_repl) {
            long i = byte_index(p, l, q, m, 0);
            if (i < 0) return SP_NIL;
            sp_value out = sp_str_buf_new(l);
            size_t pos = 0;
            while (i >= 0) {
                sp_str_cat(out, p + pos, (size_t)i - pos);
                sp_str_cat(out, r, rl);
                pos = (size_t)i + m;
                if (!global) break;
                if (m == 0) {
                    if (pos >= l) { pos = l; break; }
                    int cl = char_len_at(p + pos, p + l, BIN(self));
                    sp_str_cat(out, p + pos, (size_t)cl);
                    pos += (size_t)cl;
                    if (pos >= l) { sp_str_cat(out, r, rl); pos = l; break; }
                }
                i = byte_index(p, l, q, m, pos);
            }
            sp_str_cat(out, p + pos, l - pos);
            SP_HDR(out)->flags |= SP_HDR(self)->flags & SP_STR_BINARY;
            return out;
        }
    }
    sp_value re = sp_regexp_p(pat) ? pat : sp_regexp_new_str(sp_reg_quote(str_arg(pat)), 0);
    sp_value out = SP_NIL;
    size_t pos = 0, copied = 0;
    sp_value last = SP_NIL;
    for (;;) {
        if (pos > l) break;
        sp_value m = sp_reg_search(re, self, pos, 0);
        if (m == SP_NIL) break;
        last = m;
        if (out == SP_NIL) out = sp_str_buf_new(l);
        long b = sp_match_beg(m, 0), e = sp_match_end(m, 0);
        sp_str_cat(out, p + copied, (size_t)b - copied);
        if (hash_repl) {
            sp_value v = sp_hash_aref(repl, sp_match_group(m, 0));
            sp_str_buf_cat_value(out, v);
        } else if (repl != SP_UNDEF) {
            expand_repl(out, repl, m);
        } else {
            sp_set_last_match(m);
            sp_value v = sp_yield1(blk, sp_match_group(m, 0));
            sp_str_buf_cat_value(out, v);
            /* the block may have mutated self; keep using our snapshot */
        }
        copied = (size_t)e;
        if (!global) break;
        if (e == b) {
            if ((size_t)e >= l) { pos = l + 1; break; }
            int cl = char_len_at(p + e, p + l, BIN(self));
            sp_str_cat(out, p + e, (size_t)cl);
            copied = (size_t)e + (size_t)cl;
            pos = copied;
        } else pos = (size_t)e;
    }
    sp_set_last_match(last);
    if (out == SP_NIL) return SP_NIL;
    if (copied < l) sp_str_cat(out, p + copied, l - copied);
    SP_HDR(out)->flags |= SP_HDR(self)->flags & SP_STR_BINARY;
    return out;
}

static sp_value s_sub(STR_ARGS) { sp_value r = sub_impl(self, argc, argv, blk, 0); return r == SP_NIL ? sp_str_dup(self) : r; }
static sp_value s_gsub(STR_ARGS)
{
    sp_value r = sub_impl(self, argc, argv, blk, 1);
    if (r != SP_NIL && !sp_str_p(r)) return r;  /* enumerator */
    return r == SP_NIL ? sp_str_dup(self) : r;
}
static sp_value s_sub_b(STR_ARGS)
{
    str_modify(self);
    sp_value r = sub_impl(self, argc, argv, blk, 0);
    if (r == SP_NIL) return SP_NIL;
    SNAP(r, p, l); str_set_bytes(self, p, l);
    return self;
}
static sp_value s_gsub_b(STR_ARGS)
{
    str_modify(self);
    sp_value r = sub_impl(self, argc, argv, blk, 1);
    if (r == SP_NIL) return SP_NIL;
    SNAP(r, p, l); str_set_bytes(self, p, l);
    return self;
}

/* ------------------------------------------------------------------ */
/* unpack1 / unpack (common formats)                                   */

int sp_pack_int_info(char c, const char *mods, int *size, int *sgn, int *big);

static sp_value s_unpack(STR_ARGS)
{
    sp_value fmt = str_arg(argv[0]);
    SNAP(fmt, f, fl);
    SNAP(self, p, l);
    sp_value out = sp_ary_new();
    size_t pos = 0;
    for (size_t i = 0; i < fl; i++) {
        char c = f[i];
        if (c == ' ' || c == '\n' || c == '\t') continue;
        char mods[4] = { 0 }; int nm = 0;
        while (i + 1 < fl && (f[i + 1] == '<' || f[i + 1] == '>' || f[i + 1] == '_' || f[i + 1] == '!') && nm < 3) mods[nm++] = f[++i];
        long count = 1; int star = 0, has_count = 0;
        if (i + 1 < fl && f[i + 1] == '*') { star = 1; i++; }
        else if (i + 1 < fl && isdigit((unsigned char)f[i + 1])) {
            count = 0; has_count = 1;
            while (i + 1 < fl && isdigit((unsigned char)f[i + 1])) count = count * 10 + (f[++i] - '0');
        }
        int size, sgn, big;
        if (sp_pack_int_info(c, mods, &size, &sgn, &big)) {
            long n = star ? (long)((l - pos) / (size_t)size) : count;
            for (long k = 0; k < n; k++) {
                if (pos + (size_t)size > l) { if (!star) sp_ary_push(out, SP_NIL); continue; }
                uint64_t v = 0;
                for (int b2 = 0; b2 < size; b2++) {
                    unsigned char byte = (unsigned char)p[pos + (size_t)(big ? b2 : size - 1 - b2)];
                    v = (v << 8) | byte;
                }
                pos += (size_t)size;
                if (sgn) {
                    int64_t sv = size == 8 ? (int64_t)v : (int64_t)(v << (64 - 8 * size)) >> (64 - 8 * size);
                    sp_ary_push(out, sp_int_new(sv));
                } else sp_ary_push(out, sp_int_from_u64(v));
            }
            continue;
        }
        switch (c) {
        case 'U': {
            long n = star ? LONG_MAX : count;
            for (long k = 0; k < n && pos < l; k++) {
                int32_t cp; int len = sp_utf8_char(p + pos, p + l, &cp);
                if (cp < 0) sp_raise(sp_eArgError, "malformed UTF-8 character");
                sp_ary_push(out, SP_FIX(cp)); pos += (size_t)len;
            }
            break;
        }
        case 'a': case 'A': case 'Z': {
            size_t n = star ? l - pos : (size_t)count;
            if (n > l - pos) n = l - pos;
            size_t m = n;
            if (c == 'A') while (m > 0 && (p[pos + m - 1] == ' ' || p[pos + m - 1] == 0)) m--;
            if (c == 'Z') { const char *z = memchr(p + pos, 0, n); if (z) { m = (size_t)(z - (p + pos)); if (star) n = m + 1; } }
            sp_value sv = sp_str_new(p + pos, m);
            if (c != 'Z' || 1) { if (!ascii_only(p + pos, m)) sp_str_set_binary(sv); }
            sp_ary_push(out, sv);
            pos += n;
            break;
        }
        case 'b': case 'B': {
            size_t bits = star ? (l - pos) * 8 : (has_count ? (size_t)count : 1);
            if (bits > (l - pos) * 8) bits = (l - pos) * 8;
            sp_value sv = sp_str_buf_new(bits);
            for (size_t k = 0; k < bits; k++) {
                unsigned char byte = (unsigned char)p[pos + k / 8];
                int bit = c == 'B' ? (byte >> (7 - k % 8)) & 1 : (byte >> (k % 8)) & 1;
                sp_str_cat(sv, bit ? "1" : "0", 1);
            }
            pos += (bits + 7) / 8;
            sp_ary_push(out, sv);
            break;
        }
        case 'H': case 'h': {
            size_t nyb = star ? (l - pos) * 2 : (has_count ? (size_t)count : 1);
            if (nyb > (l - pos) * 2) nyb = (l - pos) * 2;
            sp_value sv = sp_str_buf_new(nyb);
            for (size_t k = 0; k < nyb; k++) {
                unsigned char byte = (unsigned char)p[pos + k / 2];
                int v = (c == 'H') == (k % 2 == 0) ? byte >> 4 : byte & 15;
                sp_str_cat(sv, &"0123456789abcdef"[v], 1);
            }
            pos += (nyb + 1) / 2;
            sp_ary_push(out, sv);
            break;
        }
        case 'E': case 'e': case 'D': case 'd': case 'G': case 'g': case 'F': case 'f': {
            int dbl = c == 'E' || c == 'D' || c == 'd' || c == 'G';
            int bige = c == 'G' || c == 'g';
            int sz = dbl ? 8 : 4;
            long n = star ? (long)((l - pos) / (size_t)sz) : count;
            for (long k = 0; k < n; k++) {
                if (pos + (size_t)sz > l) { sp_ary_push(out, SP_NIL); continue; }
                unsigned char bytes[8];
                for (int q = 0; q < sz; q++) bytes[q] = (unsigned char)p[pos + (size_t)(bige ? sz - 1 - q : q)];
                pos += (size_t)sz;
                if (dbl) { double dv; memcpy(&dv, bytes, 8); sp_ary_push(out, sp_float_new(dv)); }
                else { float fv; memcpy(&fv, bytes, 4); sp_ary_push(out, sp_float_new((double)fv)); }
            }
            break;
        }
        case 'x': pos += (size_t)(star ? 0 : count); if (pos > l) sp_raise(sp_eArgError, "x outside of string"); break;
        case '@': pos = (size_t)(has_count ? count : 0); if (pos > l) sp_raise(sp_eArgError, "@ outside of string"); break;
        case 'm': {
            static const char *tbl = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            sp_value sv = sp_str_buf_new(l);
            uint32_t acc = 0; int bits = 0;
            for (; pos < l; pos++) {
                if (p[pos] == '=') { while (pos < l && p[pos] != '\n') pos++; break; }
                const char *q = p[pos] ? strchr(tbl, p[pos]) : NULL;
                if (!q) continue;
                acc = (acc << 6) | (uint32_t)(q - tbl); bits += 6;
                if (bits >= 8) { bits -= 8; char ch = (char)(acc >> bits); sp_str_cat(sv, &ch, 1); }
            }
            sp_str_set_binary(sv);
            sp_ary_push(out, sv);
            break;
        }
        default:
            sp_raise(sp_eArgError, "unknown unpack directive '%c' in '%s'", c, sp_str_cstr(fmt));
        }
    }
    return out;
}

static sp_value s_unpack1(STR_ARGS)
{
    sp_value a = s_unpack(self, argc, argv, blk);
    return sp_ary_entry(a, 0);
}

static sp_value s_freeze(STR_ARGS) { SP_HDR(self)->flags |= SP_FL_FROZEN; return self; }
static sp_value s_crypt_stub(STR_ARGS) { return sp_str_dup(self); }

static sp_value s_each_grapheme(STR_ARGS) { return s_each_char(self, argc, argv, blk); }

static sp_value s_s_new(STR_ARGS)
{
    int n = SP_ARGC(argc_) - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    sp_value s = n > 0 ? sp_str_dup(str_arg(argv[0])) : sp_str_new("", 0);
    if (n == 0) sp_str_set_binary(s);
    if (argc_ & SP_ARGC_KW) {
        sp_value cap = sp_hash_lookup(argv[SP_ARGC(argc_) - 1], sp_sym("capacity"), SP_NIL);
        if (cap != SP_NIL) str_reserve(s, (size_t)sp_num_to_long(cap));
        if (n == 0) SP_HDR(s)->flags &= ~SP_STR_BINARY;
    }
    SP_HDR(s)->klass = (sp_class *)self;
    return s;
}

static sp_value k_String(STR_ARGS)
{
    sp_value v = argv[0];
    if (sp_str_p(v)) return v;
    return sp_to_s(v);
}

/* ------------------------------------------------------------------ */

void sp_init_string(void)
{
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (!utf8_locale) utf8_locale = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", (locale_t)0);

    sp_value S = sp_cString;
    sp_define_singleton_method(S, "new", s_s_new, -1);
    sp_define_method(S, "+", s_plus, 1);
    sp_define_method(S, "*", s_times, 1);
    sp_define_method(S, "%", s_format_op, 1);
    sp_define_method(S, "<<", s_concat_op, 1);
    sp_define_method(S, "concat", s_concat, -1);
    sp_define_method(S, "==", s_eq, 1);
    sp_define_method(S, "===", s_eq, 1);
    sp_define_method(S, "eql?", s_eql, 1);
    sp_define_method(S, "<=>", s_cmp, 1);
    sp_define_method(S, "hash", s_hash, 0);
    sp_define_method(S, "=~", s_match_op, 1);
    sp_define_method(S, "match", s_match, -1);
    sp_define_method(S, "match?", s_match_p, -1);
    sp_define_method(S, "[]", s_aref, -1);
    sp_define_method(S, "slice", s_aref, -1);
    sp_define_method(S, "[]=", s_aset, -1);
    sp_define_method(S, "slice!", s_slice_bang, -1);
    sp_define_method(S, "byteslice", s_byteslice, -1);
    sp_define_method(S, "getbyte", s_getbyte, 1);
    sp_define_method(S, "setbyte", s_setbyte, 2);
    sp_define_method(S, "length", s_length, 0);
    sp_define_method(S, "size", s_length, 0);
    sp_define_method(S, "bytesize", s_bytesize, 0);
    sp_define_method(S, "empty?", s_empty, 0);
    sp_define_method(S, "include?", s_include, 1);
    sp_define_method(S, "start_with?", s_start_with, -1);
    sp_define_method(S, "end_with?", s_end_with, -1);
    sp_define_method(S, "index", s_index, -1);
    sp_define_method(S, "byteindex", s_byteindex, -1);
    sp_define_method(S, "rindex", s_rindex, -1);
    sp_define_method(S, "upcase", s_upcase, -1);
    sp_define_method(S, "downcase", s_downcase, -1);
    sp_define_method(S, "capitalize", s_capitalize, -1);
    sp_define_method(S, "swapcase", s_swapcase, -1);
    sp_define_method(S, "upcase!", s_upcase_b, -1);
    sp_define_method(S, "downcase!", s_downcase_b, -1);
    sp_define_method(S, "capitalize!", s_capitalize_b, -1);
    sp_define_method(S, "swapcase!", s_swapcase_b, -1);
    sp_define_method(S, "casecmp", s_casecmp, 1);
    sp_define_method(S, "casecmp?", s_casecmp_p, 1);
    sp_define_method(S, "strip", s_strip, 0);
    sp_define_method(S, "lstrip", s_lstrip, 0);
    sp_define_method(S, "rstrip", s_rstrip, 0);
    sp_define_method(S, "strip!", s_strip_b, 0);
    sp_define_method(S, "lstrip!", s_lstrip_b, 0);
    sp_define_method(S, "rstrip!", s_rstrip_b, 0);
    sp_define_method_range(S, "chomp", s_chomp, 0, 1);
    sp_define_method_range(S, "chomp!", s_chomp_b, 0, 1);
    sp_define_method(S, "chop", s_chop, 0);
    sp_define_method(S, "chop!", s_chop_b, 0);
    sp_define_method(S, "chr", s_chr, 0);
    sp_define_method(S, "delete_prefix", s_delete_prefix, 1);
    sp_define_method(S, "delete_suffix", s_delete_suffix, 1);
    sp_define_method(S, "delete_prefix!", s_delete_prefix_b, 1);
    sp_define_method(S, "delete_suffix!", s_delete_suffix_b, 1);
    sp_define_method(S, "chars", s_chars, 0);
    sp_define_method(S, "each_char", s_each_char, 0);
    sp_define_method(S, "each_grapheme_cluster", s_each_grapheme, 0);
    sp_define_method(S, "grapheme_clusters", s_chars, 0);
    sp_define_method(S, "bytes", s_bytes, 0);
    sp_define_method(S, "each_byte", s_each_byte, 0);
    sp_define_method(S, "codepoints", s_codepoints, 0);
    sp_define_method(S, "each_codepoint", s_each_codepoint, 0);
    sp_define_method(S, "lines", s_lines, -1);
    sp_define_method(S, "each_line", s_each_line, -1);
    sp_define_method_range(S, "split", s_split, 0, 2);
    sp_define_method(S, "tr", s_tr, 2);
    sp_define_method(S, "tr_s", s_tr_s, 2);
    sp_define_method(S, "tr!", s_tr_b, 2);
    sp_define_method(S, "tr_s!", s_tr_s_b, 2);
    sp_define_method(S, "delete", s_delete, -1);
    sp_define_method(S, "delete!", s_delete_b, -1);
    sp_define_method(S, "squeeze", s_squeeze, -1);
    sp_define_method(S, "squeeze!", s_squeeze_b, -1);
    sp_define_method(S, "count", s_count, -1);
    sp_define_method_range(S, "center", s_center, 1, 2);
    sp_define_method_range(S, "ljust", s_ljust, 1, 2);
    sp_define_method_range(S, "rjust", s_rjust, 1, 2);
    sp_define_method_range(S, "to_i", s_to_i, 0, 1);
    sp_define_method(S, "to_f", s_to_f, 0);
    sp_define_method(S, "hex", s_hex, 0);
    sp_define_method(S, "oct", s_oct, 0);
    sp_define_method(S, "to_s", s_to_s, 0);
    sp_define_method(S, "to_str", s_to_s, 0);
    sp_define_method(S, "to_sym", s_to_sym, 0);
    sp_define_method(S, "intern", s_to_sym, 0);
    sp_define_method(S, "inspect", s_inspect, 0);
    sp_define_method(S, "dump", s_dump, 0);
    sp_define_method(S, "undump", s_undump, 0);
    sp_define_method(S, "encode", s_encode, -1);
    sp_define_method(S, "dup", s_dup, 0);
    sp_define_method(S, "clone", s_clone, -1);
    sp_define_method(S, "+@", s_uplus, 0);
    sp_define_method(S, "-@", s_uminus, 0);
    sp_define_method(S, "dedup", s_uminus, 0);
    sp_define_method(S, "freeze", s_freeze, 0);
    sp_define_method(S, "succ", s_succ, 0);
    sp_define_method(S, "next", s_succ, 0);
    sp_define_method(S, "succ!", s_succ_b, 0);
    sp_define_method(S, "next!", s_succ_b, 0);
    sp_define_method(S, "upto", s_upto, -1);
    sp_define_method(S, "between?", s_between, 2);
    sp_define_method(S, "ord", s_ord, 0);
    sp_define_method_range(S, "sum", s_sum, 0, 1);
    sp_define_method(S, "reverse", s_reverse, 0);
    sp_define_method(S, "reverse!", s_reverse_b, 0);
    sp_define_method(S, "replace", s_replace, 1);
    sp_define_method(S, "clear", s_clear, 0);
    sp_define_method(S, "insert", s_insert, 2);
    sp_define_method(S, "prepend", s_prepend, -1);
    sp_define_method(S, "encoding", s_encoding, 0);
    sp_define_method(S, "force_encoding", s_force_encoding, 1);
    sp_define_method(S, "b", s_b, 0);
    sp_define_method(S, "valid_encoding?", s_valid_encoding, 0);
    sp_define_method(S, "ascii_only?", s_ascii_only, 0);
    sp_define_method_range(S, "scrub", s_scrub, 0, 1);
    sp_define_method(S, "unicode_normalize", s_unicode_normalize, -1);
    sp_define_method(S, "partition", s_partition, 1);
    sp_define_method(S, "rpartition", s_rpartition, 1);
    sp_define_method(S, "scan", s_scan, 1);
    sp_define_method(S, "sub", s_sub, -1);
    sp_define_method(S, "gsub", s_gsub, -1);
    sp_define_method(S, "sub!", s_sub_b, -1);
    sp_define_method(S, "gsub!", s_gsub_b, -1);
    sp_define_method(S, "unpack", s_unpack, -1);
    sp_define_method(S, "unpack1", s_unpack1, -1);
    sp_define_method(S, "crypt", s_crypt_stub, 1);
    sp_define_private_method(sp_mKernel, "String", k_String, 1);

    cEncoding = sp_define_class("Encoding", sp_cObject);
    enc_utf8 = enc_new("UTF-8", "UTF-8");
    enc_binary = enc_new("ASCII-8BIT", "BINARY (ASCII-8BIT)");
    enc_usascii = enc_new("US-ASCII", "US-ASCII");
    sp_define_const(cEncoding, "UTF_8", enc_utf8);
    sp_define_const(cEncoding, "ASCII_8BIT", enc_binary);
    sp_define_const(cEncoding, "BINARY", enc_binary);
    sp_define_const(cEncoding, "US_ASCII", enc_usascii);
    sp_define_method(cEncoding, "to_s", enc_to_s, 0);
    sp_define_method(cEncoding, "name", enc_to_s, 0);
    sp_define_method(cEncoding, "inspect", enc_inspect, 0);
}

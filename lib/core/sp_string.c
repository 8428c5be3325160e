#define _GNU_SOURCE
/*
 * sp_string.c — String: buffers, publication, UTF-8 helpers, equality/hash,
 * inspect, indexing and whole-string mutation.  The other methods live in
 * sp_string_case.c (case, strip, tr/delete/squeeze/count, justify),
 * sp_string_sub.c (iteration, split, match/scan/sub/gsub) and
 * sp_string_conv.c (numeric/symbol conversion, succ, unpack),
 * sp_string_enc.c (Encoding, encode, scrub, unicode_normalize);
 * they share helpers through sp_string_int.h.
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
#include "sp_string_int.h"

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
    sp_str_ascii_forget(s);
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

/* String.allocate: an empty BINARY String (CRuby's allocator); without
 * it the class inherited Object's and gave a String without a buffer. */
static sp_value str_allocator(sp_value klass)
{
    sp_value s = str_alloc(klass, &empty_buf, 0);
    sp_str_set_binary(s);
    return s;
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
    SP_HDR(s)->flags |= sp_str_enc_bits(like);
    return s;
}

void sp_str_set_binary(sp_value s)
{
    sp_hdr_flags_replace(s, SP_STR_ENC_MASK, SP_STR_BINARY);
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

/* Container invariant (debug builds, after locked operations). */
static inline void str_check(sp_value s)
{
    SP_ASSERT(((sp_string *)s)->len <= str_buf(s)->capa || str_buf(s) == &empty_buf);
    (void)s;
}

int sp_str_plain_args(int n, const sp_value *argv, sp_value blk)
{
    if (blk != SP_NIL) return 0;
    for (int i = 0; i < n; i++) {
        sp_value v = argv[i];
        if (SP_SPECIAL_CONST_P(v)) continue;
        sp_value k = (sp_value)SP_HDR(v)->klass;
        if (k == sp_cString || k == sp_cRegexp || k == sp_cFloat || k == sp_cInteger) continue;
        if (k == sp_cRange) {
            sp_range *r = SP_RANGE(v);
            if ((SP_FIXNUM_P(r->beg) || r->beg == SP_NIL) && (SP_FIXNUM_P(r->end) || r->end == SP_NIL)) continue;
        }
        return 0;
    }
    return 1;
}

static inline __attribute__((always_inline)) sp_value sp_str_cat_body(sp_value s, const char *p, size_t n)
{
    size_t len = sp_str_len(s);
    sp_strbuf *b = str_reserve(s, len + n);
    if (len + n > b->capa) return s;  /* lost race; drop */
    if ((__atomic_load_n(&SP_HDR(s)->flags, __ATOMIC_RELAXED) & SP_STR_ASCII) && !sp_str_ascii_p(p, n))
        sp_str_ascii_forget(s);
    memmove(b->bytes + len, p, n);
    b->bytes[len + n] = 0;
    __atomic_store_n(&((sp_string *)s)->len, len + n, __ATOMIC_RELEASE);
    str_check(s);
    return s;
}

sp_value sp_str_cat(sp_value s, const char *p, size_t n)
{
    sp_str_modify(s);
    if (n == 0) return s;
    if (SP_LK_OFF()) return sp_str_cat_body(s, p, n);
    SP_LOCKED(s);
    return sp_str_cat_body(s, p, n);
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
void sp_str_set_bytes(sp_value s, const char *p, size_t n)
{
    SP_LOCKED(s);
    sp_strbuf *b = buf_new(n);
    memcpy(b->bytes, p, n);
    str_publish(s, b, n);
}

sp_value sp_str_resize(sp_value s, size_t n)
{
    SP_LOCKED(s);
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
    SP_HDR(d)->flags |= sp_str_enc_bits(s);
    return d;
}

sp_value sp_str_frozen_key(sp_value s)
{
    if (__atomic_load_n(&SP_HDR(s)->flags, __ATOMIC_RELAXED) & SP_FL_FROZEN) return s;
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

long sp_str_char_count(const char *p, size_t len, int binary)
{
    if (binary) return (long)len;
    const char *e = p + len;
    long n = 0;
    while (p < e) {
        if ((unsigned char)*p < 0x80) { p++; n++; continue; }
        p += sp_str_char_len_at(p, e, 0);
        n++;
    }
    return n;
}

long sp_str_char_len(sp_value s)
{
    size_t len;
    const char *p = sp_str_snap(s, &len);
    if (sp_str_enc_bits(s) & SP_STR_OTHERENC) {
        int unit = sp_str_enc_unit(s);     /* UTF-16/32: code units, partial one counts */
        if (unit > 1) return (long)((len + (size_t)unit - 1) / (size_t)unit);
    }
    return sp_str_char_count(p, len, sp_str_binary_p(s));
}

size_t sp_str_char_offset(const char *p, size_t len, long ci, int binary)
{
    if (binary) return (size_t)ci > len ? len : (size_t)ci;
    const char *s = p, *e = p + len;
    while (ci > 0 && s < e) { s += sp_str_char_len_at(s, e, 0); ci--; }
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
    if (la != lb || memcmp(pa, pb, la) != 0) return 0;
    /* equal bytes in different encodings are equal only when ASCII ("é".b != "é") */
    if (sp_str_enc_bits(a) != sp_str_enc_bits(b)) return sp_str_ascii_p(pa, la);
    return 1;
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
    if (!SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_str"), 1)) {
        sp_value r = sp_funcall0(v, "to_str");
        if (!sp_str_p(r))       /* callers use it as a String */
            sp_raise_convert_gives(v, "String", "to_str", r);
        return r;
    }
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


SP_METHOD(s_plus)
{
    sp_value o = argv[0];
    if (!sp_str_p(o)) o = sp_str_to_str(o);
    SNAP(self, p, l); SNAP(o, q, m);
    sp_value r = sp_str_buf_new(l + m);
    sp_str_cat(r, p, l);
    /* the encoding both are compatible with, as CRuby's rb_enc_check:
     * "foo" + binary is binary; Encoding::CompatibilityError when none */
    SP_HDR(r)->flags |= sp_str_enc_bits(self);
    sp_str_enc_concat(r, o);
    sp_str_cat(r, q, m);
    return r;
}

SP_METHOD(s_times)
{
    int64_t n = sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "negative argument");
    SNAP(self, p, l);
    if (l && (uint64_t)n > ((uint64_t)1 << 40) / l) sp_raise(sp_eArgError, "argument too big");
    if (l == 0) n = 0;   /* "" * 2**62 is "" at once, not 2**62 empty copies */
    sp_strbuf *b = buf_new(l * (size_t)n);
    for (int64_t i = 0; i < n; i++) memcpy(b->bytes + (size_t)i * l, p, l);
    sp_value r = str_alloc(sp_cString, b, l * (size_t)n);
    SP_HDR(r)->flags |= sp_str_enc_bits(self) & SP_STR_BINARY;
    return r;
}

SP_METHOD(s_format_op)
{
    sp_value a = argv[0];
    if (!sp_ary_p(a) && !SP_SPECIAL_CONST_P(a) && !sp_str_p(a) && !sp_hash_p(a)) {
        sp_value t = sp_check_array(a);         /* #to_ary (nil: a itself is the argument) */
        if (t != SP_NIL) a = t;
    }
    if (sp_ary_p(a)) {
        long n = sp_ary_len(a);
        sp_value *v = GC_MALLOC(sizeof(sp_value) * (size_t)(n ? n : 1));
        for (long i = 0; i < n; i++) v[i] = sp_ary_entry(a, i);
        return sp_sprintf(self, (int)n, v);
    }
    return sp_sprintf(self, 1, &a);
}

SP_METHOD(s_concat_op)
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
    o = str_arg(o);
    sp_str_enc_concat(self, o);
    return sp_str_append(self, o);
}

SP_METHOD(s_concat)
{
    sp_value acc = sp_str_new(NULL, 0);
    for (int i = 0; i < argc; i++) {
        sp_value o = str_arg(argv[i]);
        sp_str_enc_concat(acc, o);
        sp_str_append(acc, o);
    }
    sp_str_enc_concat(self, acc);
    return sp_str_append(self, acc);
}

SP_METHOD(s_eq)
{
    sp_value o = argv[0];
    if (!sp_str_p(o)) {
        if (!SP_SPECIAL_CONST_P(o) && sp_respond_to(o, sp_intern("to_str"), 1))
            return SP_BOOL(SP_RTEST(sp_funcall1(o, "==", self)));
        return SP_FALSE;
    }
    return SP_BOOL(sp_str_equal(self, o));
}

SP_METHOD(s_eql)
{
    return SP_BOOL(sp_str_p(argv[0]) && sp_str_equal(self, argv[0]));
}

SP_METHOD(s_cmp)
{
    if (!sp_str_p(argv[0])) return SP_NIL;
    return SP_FIX(sp_str_cmp(self, argv[0]));
}

SP_METHOD(s_hash) { return SP_FIX((int64_t)(sp_str_hash(self) >> 2)); }

SP_METHOD(s_length) { return SP_FIX(sp_str_char_len(self)); }
SP_METHOD(s_bytesize) { return SP_FIX((int64_t)sp_str_len(self)); }
SP_METHOD(s_empty) { return SP_BOOL(sp_str_len(self) == 0); }
SP_METHOD(s_to_s)
{
    if (SP_HDR(self)->klass != (sp_class *)sp_cString) return sp_str_dup(self);
    return self;
}
SP_METHOD(s_inspect) { return sp_str_inspect(self); }

SP_METHOD(s_dump)
{
    SNAP(self, p, l);
    sp_value out = sp_str_buf_new(l + 2);
    sp_str_cat(out, "\"", 1);
    inspect_cat(out, p, l, BIN(self), 1);
    sp_str_cat(out, "\"", 1);
    return out;
}

SP_METHOD(s_dup)
{
    sp_value d = sp_str_dup(self);
    SP_HDR(d)->klass = SP_HDR(self)->klass;
    return d;
}
SP_METHOD(s_clone)
{
    sp_value d = s_dup(self, 0, NULL, SP_NIL);
    if (sp_clone_freeze_arg(self, argc_, argv)) SP_HDR(d)->flags |= SP_FL_FROZEN;
    return d;
}
SP_METHOD(s_uplus) { return SP_FROZEN_P(self) ? sp_str_dup(self) : self; }
SP_METHOD(s_uminus)
{
    if (SP_FROZEN_P(self)) return self;
    sp_value d = sp_str_dup(self);
    SP_HDR(d)->flags |= SP_FL_FROZEN;
    return d;
}

/* Find needle in hay starting at byte offset `from`; -1 if absent. */
long sp_str_byte_index(const char *h, size_t hl, const char *n, size_t nl, size_t from)
{
    if (from > hl) return -1;
    if (nl == 0) return (long)from;
    const char *r = memmem(h + from, hl - from, n, nl);
    return r ? (long)(r - h) : -1;
}

long sp_str_byte_rindex(const char *h, size_t hl, const char *n, size_t nl, long from)
{
    if (nl > hl) return -1;
    if (from > (long)(hl - nl)) from = (long)(hl - nl);
    for (long i = from; i >= 0; i--)
        if (memcmp(h + i, n, nl) == 0) return i;
    return -1;
}

/* byte offset -> char index */
long sp_str_byte_to_char(const char *p, size_t off, int binary)
{
    return sp_str_char_count(p, off, binary);
}

SP_METHOD(s_include)
{
    sp_value o = str_arg(argv[0]);
    SNAP(self, p, l); SNAP(o, q, m);
    return SP_BOOL(sp_str_byte_index(p, l, q, m, 0) >= 0);
}

SP_METHOD(s_start_with)
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
        /* a match must end on a character boundary */
        if (m <= l && memcmp(p, q, m) == 0 &&
            (m == l || BIN(self) || ((unsigned char)p[m] & 0xc0) != 0x80)) return SP_TRUE;
    }
    return SP_FALSE;
}

SP_METHOD(s_end_with)
{
    SNAP(self, p, l);
    for (int i = 0; i < argc; i++) {
        sp_value o = str_arg(argv[i]);
        SNAP(o, q, m);
        if (m <= l && memcmp(p + l - m, q, m) == 0) return SP_TRUE;
    }
    return SP_FALSE;
}

SP_METHOD(s_index)
{
    SNAP(self, p, l);
    int bin = BIN(self);
    long start = argc > 1 ? (long)sp_num_to_long(argv[1]) : 0;
    long clen = sp_str_char_count(p, l, bin);
    if (start < 0) { start += clen; if (start < 0) return SP_NIL; }
    if (start > clen) return SP_NIL;
    size_t from = sp_str_char_offset(p, l, start, bin);
    if (sp_regexp_p(argv[0])) {
        sp_value m = sp_reg_search(argv[0], self, from, 1);
        if (m == SP_NIL) return SP_NIL;
        return SP_FIX(sp_str_byte_to_char(p, (size_t)sp_match_beg(m, 0), bin));
    }
    sp_value o = str_arg(argv[0]);
    SNAP(o, q, m);
    long r = sp_str_byte_index(p, l, q, m, from);
    if (r < 0) return SP_NIL;
    return SP_FIX(sp_str_byte_to_char(p, (size_t)r, bin));
}

/* byteindex/byterindex/bytesplice: a byte offset inside a UTF-8 character
 * is an IndexError (CRuby's str_ensure_byte_pos). */
static void ensure_byte_pos(sp_value s, const char *p, size_t l, long pos)
{
    if (BIN(s) || pos <= 0 || (size_t)pos >= l || ((unsigned char)p[pos] & 0xc0) != 0x80) return;
    for (long k = 1; k <= 3 && pos - k >= 0; k++) {
        unsigned char c = (unsigned char)p[pos - k];
        if ((c & 0xc0) == 0x80) continue;
        int32_t cp;
        if (c >= 0xc0 && sp_utf8_char(p + pos - k, p + l, &cp) > k)
            sp_raise(sp_eIndexError, "offset %ld does not land on character boundary", pos);
        return;
    }
}

SP_METHOD(s_byteindex)
{
    SNAP(self, p, l);
    long start = argc > 1 ? (long)sp_num_to_long(argv[1]) : 0;
    int re = sp_regexp_p(argv[0]);
    if (start < 0) start += (long)l;
    if (start < 0 || start > (long)l) {
        if (re) sp_set_last_match(SP_NIL);
        return SP_NIL;
    }
    ensure_byte_pos(self, p, l, start);
    if (re) {
        sp_value m = sp_reg_search(argv[0], self, (size_t)start, 1);
        return m == SP_NIL ? SP_NIL : SP_FIX(sp_match_beg(m, 0));
    }
    sp_value o = str_arg(argv[0]);
    sp_str_enc_check(self, o);
    SNAP(o, q, m);
    long r = sp_str_byte_index(p, l, q, m, (size_t)start);
    return r < 0 ? SP_NIL : SP_FIX(r);
}

SP_METHOD(s_byterindex)
{
    SNAP(self, p, l);
    long start = argc > 1 ? (long)sp_num_to_long(argv[1]) : (long)l;
    int re = sp_regexp_p(argv[0]);
    if (start < 0) start += (long)l;
    if (start < 0) {
        if (re) sp_set_last_match(SP_NIL);
        return SP_NIL;
    }
    if (start > (long)l) start = (long)l;
    ensure_byte_pos(self, p, l, start);
    if (re) {
        /* the last match starting at or before start */
        sp_reg_cursor cur;
        sp_reg_cursor_init(&cur, self);
        for (long pos = start; pos >= 0; pos--) {
            sp_value m = sp_reg_search_cur(argv[0], &cur, (size_t)pos);
            if (m != SP_NIL && sp_match_beg(m, 0) == pos) {
                sp_set_last_match(m);
                return SP_FIX(pos);
            }
        }
        sp_set_last_match(SP_NIL);
        return SP_NIL;
    }
    sp_value o = str_arg(argv[0]);
    sp_str_enc_check(self, o);
    SNAP(o, q, m);
    long r = sp_str_byte_rindex(p, l, q, m, start);
    return r < 0 ? SP_NIL : SP_FIX(r);
}

SP_METHOD(s_rindex)
{
    SNAP(self, p, l);
    int bin = BIN(self);
    long clen = sp_str_char_count(p, l, bin);
    long start = argc > 1 ? (long)sp_num_to_long(argv[1]) : clen;
    if (start < 0) { start += clen; if (start < 0) return SP_NIL; }
    if (start > clen) start = clen;
    size_t from = sp_str_char_offset(p, l, start, bin);
    if (sp_regexp_p(argv[0])) {
        sp_reg_cursor cur;
        sp_reg_cursor_init(&cur, self);
        for (long pos = (long)from; pos >= 0; pos--) {
            sp_value m = sp_reg_search_cur(argv[0], &cur, (size_t)pos);
            if (m != SP_NIL && sp_match_beg(m, 0) == pos) {
                sp_set_last_match(m);
                return SP_FIX(sp_str_byte_to_char(p, (size_t)pos, bin));
            }
        }
        sp_set_last_match(SP_NIL);
        return SP_NIL;
    }
    sp_value o = str_arg(argv[0]);
    SNAP(o, q, m);
    long r = sp_str_byte_rindex(p, l, q, m, (long)from);
    if (r < 0) return SP_NIL;
    return SP_FIX(sp_str_byte_to_char(p, (size_t)r, bin));
}

/* ------------------------------------------------------------------ */
/* Substrings: [] / slice / []= / slice!                               */

/* Character range [cbeg, cbeg+clen) -> byte range; returns 0 if cbeg is
 * out of range (Ruby returns nil). */
static int char_range(sp_value s, long cbeg, long clen, size_t *bbeg, size_t *blen)
{
    SNAP(s, p, l);
    int bin = BIN(s);
    long total = (bin || sp_str_ascii_cached(s, p, l)) ? (long)l : sp_str_char_count(p, l, bin);
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
    int argc = SP_ARGC(argc_);
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
        if (BIN(self) || sp_str_ascii_cached(self, p, l)) {
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
        return sp_str_byte_index(p, l, q, m, 0) >= 0 ? sp_str_dup(a) : SP_NIL;
    }
    if (sp_regexp_p(a)) {
        sp_value m = sp_reg_search(a, self, 0, 1);
        return m == SP_NIL ? SP_NIL : sp_match_group(m, 0);
    }
    if (sp_float_p(a)) {
        sp_value i = sp_int_from_double(sp_flo(a));
        return str_aref(self, 1, &i);
    }
    if (a == SP_NIL) sp_raise(sp_eTypeError, "no implicit conversion from nil to integer");
    if (!SP_SPECIAL_CONST_P(a) && sp_respond_to(a, sp_intern("to_int"), 1)) {
        sp_value i = sp_int_new(sp_num_to_long(a));   /* an index through #to_int */
        return str_aref(self, 1, &i);
    }
    sp_raise_type(a, "Integer");
}

SP_METHOD(s_aref)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    return str_aref(self, argc, argv);
}

static void str_splice(sp_value self, size_t b, size_t n, const char *q, size_t m)
{
    SP_LOCKED(self);
    SNAP(self, p, l);
    if (b > l) b = l;
    if (n > l - b) n = l - b;
    sp_strbuf *nb = buf_new(l - n + m);
    memcpy(nb->bytes, p, b);
    memcpy(nb->bytes + b, q, m);
    memcpy(nb->bytes + b + m, p + b + n, l - b - n);
    str_publish(self, nb, l - n + m);
}

/* Byte range of a bytesplice argument pair (index, length) or (range);
 * consumes 1 or 2 arguments from argv and returns how many. */
static int byte_span(const sp_value *argv, int avail, size_t len, size_t *b, size_t *n)
{
    long beg, cnt;
    if (sp_range_p(argv[0])) {
        if (!sp_range_beg_len(argv[0], (long)len, &beg, &cnt, 1))
            sp_raise(sp_eRangeError, "%s out of range", sp_str_cstr(sp_inspect(argv[0])));
        *b = (size_t)beg; *n = (size_t)cnt;
        return 1;
    }
    if (avail < 2) sp_raise(sp_eTypeError, "wrong argument type %s (expected Range)", sp_obj_classname(argv[0]));
    beg = (long)sp_num_to_long(argv[0]);
    cnt = (long)sp_num_to_long(argv[1]);
    if (cnt < 0) sp_raise(sp_eIndexError, "negative length %ld", cnt);
    if (beg < 0) beg += (long)len;
    if (beg < 0 || beg > (long)len) sp_raise(sp_eIndexError, "index %ld out of string", (long)sp_num_to_long(argv[0]));
    if (cnt > (long)len - beg) cnt = (long)len - beg;
    *b = (size_t)beg; *n = (size_t)cnt;
    return 2;
}

static void check_char_boundary(sp_value s, const char *p, size_t l, size_t off)
{
    if (!BIN(s) && off < l && ((unsigned char)p[off] & 0xc0) == 0x80)
        sp_raise(sp_eIndexError, "offset %zu does not land on character boundary", off);
}

/* bytesplice(index, length, str [, str_index, str_length]) / (range, str [, str_range]) */
SP_METHOD(s_bytesplice)
{
    sp_str_modify(self);
    if (argc < 2 || argc > 5) sp_raise_arity(argc, 2, 5);
    SNAP(self, p, l);
    size_t b, n;
    int k = byte_span(argv, argc, l, &b, &n);
    if (k >= argc) sp_raise_arity(argc, 2, 5);
    sp_value src = str_arg(argv[k]);
    SNAP(src, q, m);
    size_t sb = 0, sn = m;
    if (argc > k + 1) byte_span(argv + k + 1, argc - k - 1, m, &sb, &sn);
    check_char_boundary(self, p, l, b);
    check_char_boundary(self, p, l, b + n);
    check_char_boundary(src, q, m, sb);
    check_char_boundary(src, q, m, sb + sn);
    str_splice(self, b, n, q + sb, sn);
    return self;
}

/* []= of a character span (rb_str_update): index beg may equal the length
 * (an append). */
static void aset_chars(sp_value self, long beg, long cnt, size_t *b, size_t *n)
{
    if (cnt < 0) sp_raise(sp_eIndexError, "negative length %ld", cnt);
    long total = sp_str_char_len(self);
    if (beg > total || (beg < 0 && beg + total < 0)) sp_raise(sp_eIndexError, "index %ld out of string", beg);
    char_range(self, beg, cnt, b, n);
}

SP_METHOD(s_aset)
{
    sp_str_modify(self);
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    sp_value v = argv[argc - 1], val;
    sp_value a = argv[0];
    size_t b, n;
    if (sp_regexp_p(a)) {
        /* the match and the group are checked before the replacement converts */
        sp_value md = sp_reg_search(a, self, 0, 1);
        if (md == SP_NIL) sp_raise(sp_eIndexError, "regexp not matched");
        int gi = 0;
        if (argc == 3) {
            sp_value g = argv[1];
            if (sp_str_p(g) || SP_SYMBOL_P(g)) {
                sp_value gs = sp_str_p(g) ? g : sp_to_s(g);
                SNAP(gs, gp, gl);
                gi = sp_match_name_index(md, gp, gl);
                if (gi < 0) sp_raise(sp_eIndexError, "undefined group name reference: %s", sp_str_cstr(gs));
            } else {
                long ng = sp_match_ngroups(md);
                long gl = (long)sp_num_to_long(g);
                if (gl < 0) gl += ng + 1;
                if (gl < 0 || gl > ng) sp_raise(sp_eIndexError, "index %ld out of regexp", (long)sp_num_to_long(g));
                gi = (int)gl;
            }
        }
        if (sp_match_beg(md, gi) < 0) sp_raise(sp_eIndexError, "regexp group %d not matched", gi);
        val = str_arg(v);
        b = (size_t)sp_match_beg(md, gi); n = (size_t)(sp_match_end(md, gi) - sp_match_beg(md, gi));
    } else if (argc == 3) {
        long cb = (long)sp_num_to_long(a), cl = (long)sp_num_to_long(argv[1]);
        if (cl < 0) sp_raise(sp_eIndexError, "negative length %ld", cl);
        val = str_arg(v);
        aset_chars(self, cb, cl, &b, &n);
    } else if (SP_FIXNUM_P(a)) {
        val = str_arg(v);
        aset_chars(self, SP_FIX2LONG(a), 1, &b, &n);
    } else if (sp_str_p(a)) {
        SNAP(self, p, l); SNAP(a, r, rl);
        long i = sp_str_byte_index(p, l, r, rl, 0);
        if (i < 0) sp_raise(sp_eIndexError, "string not matched");
        val = str_arg(v);
        b = (size_t)i; n = rl;
    } else if (sp_range_p(a)) {
        long total = sp_str_char_len(self), cb, cl;
        if (!sp_range_beg_len(a, total, &cb, &cl, 1))
            sp_raise(sp_eRangeError, "%s out of range", sp_str_cstr(sp_inspect(a)));
        val = str_arg(v);
        char_range(self, cb, cl, &b, &n);
    } else {
        long i = (long)sp_num_to_long(a);      /* a Float or a #to_int object */
        val = str_arg(v);
        aset_chars(self, i, 1, &b, &n);
    }
    sp_str_enc_concat(self, val);               /* CompatibilityError, or the common encoding */
    SNAP(val, q, m);
    str_splice(self, b, n, q, m);
    return v;
}

SP_METHOD(s_slice_bang)
{
    sp_str_modify(self);
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
    } else if (!sp_str_p(a) && !sp_regexp_p(a)) {
        /* an index given as a Float or a #to_int object (str_aref took it
         * as one); only a Regexp leaves a match to read below */
        char_range(self, (long)sp_num_to_long(a), 1, &b, &n);
    } else if (sp_str_p(a)) {
        SNAP(self, p, l); SNAP(a, q, m);
        b = (size_t)sp_str_byte_index(p, l, q, m, 0); n = m;
    } else {
        sp_value md = sp_last_match();
        int g = argc == 2 ? (int)sp_num_to_long(argv[1]) : 0;
        b = (size_t)sp_match_beg(md, g); n = (size_t)(sp_match_end(md, g) - sp_match_beg(md, g));
    }
    str_splice(self, b, n, "", 0);
    return r;
}

SP_METHOD(s_byteslice)
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

SP_METHOD(s_getbyte)
{
    SNAP(self, p, l);
    long i = (long)sp_num_to_long(argv[0]);
    if (i < 0) i += (long)l;
    if (i < 0 || i >= (long)l) return SP_NIL;
    return SP_FIX((unsigned char)p[i]);
}

SP_METHOD(s_setbyte)
{
    sp_str_modify(self);
    size_t l;
    sp_str_snap(self, &l);
    long i = (long)sp_num_to_long(argv[0]);
    if (i < 0) i += (long)l;
    if (i < 0 || i >= (long)l) sp_raise(sp_eIndexError, "index %ld out of string", (long)sp_num_to_long(argv[0]));
    sp_strbuf *b = str_buf(self);
    char c = (char)sp_num_to_long(argv[1]);
    if ((unsigned char)c >= 0x80) sp_str_ascii_forget(self);
    if ((size_t)i < b->capa) b->bytes[i] = c;
    return argv[1];
}

SP_METHOD(s_freeze) { return sp_obj_freeze(self); }


#define STR_CAPA_EAGER 4096   /* String.new(capacity:) allocates at most this up front */

SP_METHOD(s_s_new)
{
    int n = argc - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    sp_value s = n > 0 ? sp_str_dup(str_arg(argv[0])) : sp_str_new("", 0);
    if (n == 0) sp_str_set_binary(s);
    if (argc_ & SP_ARGC_KW) {
        sp_value cap = sp_hash_lookup(argv[argc - 1], sp_sym("capacity"), SP_NIL);
        /* capacity: is a hint (CRuby: the malloc size).  Taking all of
         * it from the collector up front made `String.new(capacity:
         * 64 KiB)` in a loop start a collection every few strings (the
         * bytes count toward the GC trigger whether written or not);
         * past STR_CAPA_EAGER the buffer grows by doubling as written,
         * which costs at most one extra copy of what is appended. */
        if (cap != SP_NIL) {
            long want = (long)sp_num_to_long(cap);
            if (want > 0) str_reserve(s, (size_t)(want < STR_CAPA_EAGER ? want : STR_CAPA_EAGER));
        }
        if (n == 0) SP_HDR(s)->flags &= ~SP_STR_BINARY;
        sp_value enc = sp_hash_lookup(argv[argc - 1], sp_sym("encoding"), SP_NIL);
        if (enc != SP_NIL) sp_funcall(s, sp_intern("force_encoding"), 1, &enc, SP_NIL);
    }
    SP_HDR(s)->klass = (sp_class *)self;
    return s;
}

/* String(v): to_str when v has it, else to_s; either must give a String. */
SP_METHOD(k_String)
{
    sp_value v = argv[0];
    if (sp_str_p(v)) return v;
    const char *via = "to_s";
    sp_value r;
    if (!SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_str"), 1)) { via = "to_str"; r = sp_funcall0(v, "to_str"); }
    else {
        /* rb_convert_type: no #to_s (undefined, or respond_to? says no) is
         * "can't convert X into String" */
        sp_method *m = sp_find_method(sp_class_of(v), sp_intern("to_s"));
        if (!m || m->visibility == SP_VIS_UNDEF ||
            !SP_RTEST(sp_funcall(v, sp_intern("respond_to?"), 2, (sp_value[]){ sp_sym("to_s"), SP_TRUE }, SP_NIL)))
            sp_raise(sp_eTypeError, "can't convert %s into String", sp_obj_classname(v));
        r = sp_funcall0(v, "to_s");
    }
    if (!sp_str_p(r))
        sp_raise_convert_gives(v, "String", via, r);
    return r;
}

/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* Whole-string mutation                                               */

SP_METHOD(s_reverse)
{
    SNAP(self, p, l);
    sp_strbuf *b = buf_new(l);
    int bin = BIN(self);
    const char *s = p, *e = p + l;
    char *o = b->bytes + l;
    while (s < e) {
        int n = sp_str_char_len_at(s, e, bin);
        o -= n;
        memcpy(o, s, (size_t)n);
        s += n;
    }
    sp_value r = str_alloc(sp_cString, b, l);
    SP_HDR(r)->flags |= sp_str_enc_bits(self) & SP_STR_BINARY;
    return r;
}
SP_METHOD(s_reverse_b) { sp_str_modify(self); sp_value r = s_reverse(self, 0, NULL, SP_NIL); SNAP(r, p, l); sp_str_set_bytes(self, p, l); return self; }

SP_METHOD(s_replace)
{
    sp_str_modify(self);
    sp_value o = str_arg(argv[0]);
    SNAP(o, p, l);
    sp_str_set_bytes(self, p, l);
    /* One compare-and-swap: a concurrent freeze (an atomic or) is never
     * lost, and lock-free readers of the header (sp_vm_op_lshift_heap)
     * see the old or the new encoding. */
    uint32_t enc = __atomic_load_n(&SP_HDR(o)->flags, __ATOMIC_RELAXED) & SP_STR_ENC_MASK;
    uint32_t old = __atomic_load_n(&SP_HDR(self)->flags, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(&SP_HDR(self)->flags, &old, (old & ~(uint32_t)SP_STR_ENC_MASK) | enc,
                                        0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
    return self;
}

SP_METHOD(s_clear) { sp_str_modify(self); SP_LOCKED(self); str_publish(self, &empty_buf, 0); return self; }

SP_METHOD(s_insert)
{
    sp_str_modify(self);
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

SP_METHOD(s_prepend)
{
    sp_str_modify(self);
    sp_value acc = sp_str_new(NULL, 0);
    for (int i = 0; i < argc; i++) sp_str_append(acc, str_arg(argv[i]));
    SNAP(acc, q, m);
    str_splice(self, 0, 0, q, m);
    return self;
}

/* Atomic under the object lock (SP_STR_ATOMIC, sp_string_int.h). */
SP_STR_ATOMIC(s_aset)
SP_STR_ATOMIC(s_slice_bang)
SP_STR_ATOMIC(s_reverse_b)
SP_STR_ATOMIC(s_replace)
SP_STR_ATOMIC(s_insert)
SP_STR_ATOMIC(s_prepend)

void sp_init_string(void)
{

    sp_value S = sp_cString;
    sp_class_set_allocator(S, str_allocator);
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
    sp_define_method(S, "[]", s_aref, -1);
    sp_define_method(S, "slice", s_aref, -1);
    sp_define_method(S, "[]=", s_aset_atomic, -1);
    sp_define_method(S, "slice!", s_slice_bang_atomic, -1);
    sp_define_method(S, "byteslice", s_byteslice, -1);
    sp_define_method(S, "bytesplice", s_bytesplice, -1);
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
    sp_define_method(S, "byterindex", s_byterindex, -1);
    sp_define_method(S, "to_s", s_to_s, 0);
    sp_define_method(S, "to_str", s_to_s, 0);
    sp_define_method(S, "inspect", s_inspect, 0);
    sp_define_method(S, "dump", s_dump, 0);
    sp_define_method(S, "dup", s_dup, 0);
    sp_define_method(S, "clone", s_clone, -1);
    sp_define_method(S, "+@", s_uplus, 0);
    sp_define_method(S, "-@", s_uminus, 0);
    sp_define_method(S, "dedup", s_uminus, 0);
    sp_define_method(S, "freeze", s_freeze, 0);
    sp_define_private_method(sp_mKernel, "String", k_String, 1);


    sp_define_method(S, "reverse", s_reverse, 0);
    sp_define_method(S, "reverse!", s_reverse_b_atomic, 0);
    sp_define_method(S, "replace", s_replace_atomic, 1);
    sp_define_method(S, "clear", s_clear, 0);
    sp_define_method(S, "insert", s_insert_atomic, 2);
    sp_define_method(S, "prepend", s_prepend_atomic, -1);
    sp_init_string_case(S);
    sp_init_string_sub(S);
    sp_init_string_conv(S);
    sp_init_string_enc(S);
}


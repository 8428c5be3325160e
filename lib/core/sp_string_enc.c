#define _GNU_SOURCE
/*
 * sp_string_enc.c — Encoding objects and the encoding-related String
 * methods: encoding, force_encoding, b, valid_encoding?, ascii_only?,
 * encode/encode!, scrub, unicode_normalize.
 *
 * Encodings: UTF-8 (no flag), ASCII-8BIT (SP_STR_BINARY), US-ASCII
 * (SP_STR_USASCII) and a small table of others (ISO-8859-1, UTF-16/32 in
 * both byte orders and their BOM forms) marked SP_STR_OTHERENC with the
 * table index in the flags (sp_string.h).  Strings in the other encodings
 * also carry SP_STR_BINARY, so the character methods treat them byte-wise
 * (exact for ISO-8859-1); they exist mainly to be produced by encode and
 * converted back.  Conversion decodes the source to code points and
 * encodes them into the target, one character at a time.
 *
 * unicode_normalize covers the Latin ranges through a generated table of
 * canonical pair decompositions (NFD/NFC) plus the full-width ASCII forms
 * and the ideographic space (NFKC/NFKD); other text passes unchanged.
 */
#include "sp_string_int.h"

#include <strings.h>

/* ------------------------------------------------------------------ */
/* Encoding table                                                      */

enum { ENC_UTF8, ENC_BINARY, ENC_USASCII, ENC_LATIN1, ENC_UTF16LE, ENC_UTF16BE, ENC_UTF16,
       ENC_UTF32LE, ENC_UTF32BE, ENC_UTF32, ENC_IBM437, ENC_IBM866, ENC_LATIN2, ENC__COUNT };
/* ENC_IBM437.. are single-byte ASCII-compatible encodings that Strings and
 * IOs can be tagged with (byte-wise character methods are exact for them);
 * Spinel has no conversion tables for them, so transcoding non-ASCII text
 * to or from one raises Encoding::ConverterNotFoundError. */
#define ENC_NOCONV(id) ((id) >= ENC_IBM437)

typedef struct enc_info {
    const char *name, *insp, *const_name, *alias;
    int unit;          /* code unit bytes: 1, 2, 4 */
    int big;           /* big-endian units */
    int bom;           /* dummy encoding: BOM decides the byte order */
} enc_info;

static const enc_info encs[ENC__COUNT] = {
    [ENC_UTF8]    = { "UTF-8", "UTF-8", "UTF_8", "CP65001", 1, 0, 0 },
    [ENC_BINARY]  = { "ASCII-8BIT", "BINARY (ASCII-8BIT)", "ASCII_8BIT", "BINARY", 1, 0, 0 },
    [ENC_USASCII] = { "US-ASCII", "US-ASCII", "US_ASCII", "ASCII", 1, 0, 0 },
    [ENC_LATIN1]  = { "ISO-8859-1", "ISO-8859-1", "ISO_8859_1", "ISO8859-1", 1, 0, 0 },
    [ENC_UTF16LE] = { "UTF-16LE", "UTF-16LE", "UTF_16LE", NULL, 2, 0, 0 },
    [ENC_UTF16BE] = { "UTF-16BE", "UTF-16BE", "UTF_16BE", "UCS-2BE", 2, 1, 0 },
    [ENC_UTF16]   = { "UTF-16", "UTF-16 (dummy)", "UTF_16", NULL, 2, 1, 1 },
    [ENC_UTF32LE] = { "UTF-32LE", "UTF-32LE", "UTF_32LE", "UCS-4LE", 4, 0, 0 },
    [ENC_UTF32BE] = { "UTF-32BE", "UTF-32BE", "UTF_32BE", "UCS-4BE", 4, 1, 0 },
    [ENC_UTF32]   = { "UTF-32", "UTF-32 (dummy)", "UTF_32", NULL, 4, 1, 1 },
    [ENC_IBM437]  = { "IBM437", "IBM437", "IBM437", "CP437", 1, 0, 0 },
    [ENC_IBM866]  = { "IBM866", "IBM866", "IBM866", "CP866", 1, 0, 0 },
    [ENC_LATIN2]  = { "ISO-8859-2", "ISO-8859-2", "ISO_8859_2", "ISO8859-2", 1, 0, 0 },
};

static sp_value cEncoding, enc_objs[ENC__COUNT];
static sp_value eCompat, eUndef, eInvalid, eNotFound;

typedef struct sp_encoding { sp_header hdr; int id; } sp_encoding;

static int str_enc_id(sp_value s)
{
    /* relaxed atomic: other bits of the word (SP_STR_ASCII) are set and
     * cleared with atomic RMWs by readers of a shared String */
    uint32_t fl = __atomic_load_n(&SP_HDR(s)->flags, __ATOMIC_RELAXED);
    if (fl & SP_STR_OTHERENC) return (int)((fl >> SP_STR_ENC_SHIFT) & 0xF);
    if (fl & SP_STR_BINARY) return ENC_BINARY;
    if (fl & SP_STR_USASCII) return ENC_USASCII;
    return ENC_UTF8;
}

static void str_set_enc(sp_value s, int id)
{
    uint32_t fl = 0;
    if (id == ENC_BINARY) fl = SP_STR_BINARY;
    else if (id == ENC_USASCII) fl = SP_STR_USASCII;
    else if (id != ENC_UTF8) fl = SP_STR_OTHERENC | SP_STR_BINARY | ((uint32_t)id << SP_STR_ENC_SHIFT);
    sp_hdr_flags_replace(s, SP_STR_ENC_MASK, fl);
}

int sp_str_enc_unit(sp_value s) { return encs[str_enc_id(s)].unit; }

/* A string literal of a source file with a `# coding:` magic comment
 * (generated code): which = 1 ASCII-8BIT, 2 US-ASCII. */
sp_value sp_str_src_enc(sp_value s, int which)
{
    str_set_enc(s, which == 1 ? ENC_BINARY : ENC_USASCII);
    return s;
}

static int enc_find_name(const char *name)
{
    for (int i = 0; i < ENC__COUNT; i++)
        if (!strcasecmp(name, encs[i].name) || (encs[i].alias && !strcasecmp(name, encs[i].alias))) return i;
    if (!strcasecmp(name, "UTF8")) return ENC_UTF8;
    /* Spinel's default external (and locale, filesystem) encoding is UTF-8 */
    if (!strcasecmp(name, "filesystem") || !strcasecmp(name, "locale") || !strcasecmp(name, "external"))
        return ENC_UTF8;
    if (!strcasecmp(name, "ISO8859-1") || !strcasecmp(name, "LATIN1")) return ENC_LATIN1;
    return -1;
}

/* Encoding or String argument -> table index; -1 for an unknown name. */
static int enc_arg(sp_value v)
{
    if (!SP_SPECIAL_CONST_P(v) && SP_TYPE(v) == SP_T_DATA && SP_HDR(v)->klass == (sp_class *)cEncoding)
        return ((sp_encoding *)v)->id;
    sp_value s = sp_str_to_str(v);
    return enc_find_name(sp_str_cstr(s));
}

static int enc_arg_or_raise(sp_value v)
{
    int id = enc_arg(v);
    if (id < 0) sp_raise(sp_eArgError, "unknown encoding name - %s", sp_str_cstr(sp_str_to_str(v)));
    return id;
}

SP_METHOD(enc_to_s) { return sp_str_new_cstr(encs[((sp_encoding *)self)->id].name); }
SP_METHOD(enc_inspect) { return sp_str_format("#<Encoding:%s>", encs[((sp_encoding *)self)->id].insp); }
SP_METHOD(enc_dummy_p) { return SP_BOOL(encs[((sp_encoding *)self)->id].bom); }
SP_METHOD(enc_ascii_compat_p) { return SP_BOOL(encs[((sp_encoding *)self)->id].unit == 1); }
SP_METHOD(enc_names)
{
    const enc_info *e = &encs[((sp_encoding *)self)->id];
    sp_value a = sp_ary_new();
    sp_ary_push(a, sp_str_new_cstr(e->name));
    if (e->alias) sp_ary_push(a, sp_str_new_cstr(e->alias));
    return a;
}
/* Encoding.default_external / default_internal: process-wide settings,
 * UTF-8 and nil at start (CRuby's under a UTF-8 locale).  What reads
 * them: Encoding.find("external"/"internal"/"filesystem"), String#encode
 * without a target (to default_internal), Integer#chr without an
 * encoding (past 255, in default_internal).  Spinel's I/O does not: a
 * read String is UTF-8 (or BINARY in binary mode) whatever
 * default_external says. */
static sp_value default_ext, default_int = SP_NIL;

static sp_value enc_default_ext(void) { return __atomic_load_n(&default_ext, __ATOMIC_ACQUIRE); }
sp_value sp_enc_default_external(void) { return enc_default_ext(); }
int sp_enc_default_external_utf8(void) { return enc_default_ext() == enc_objs[ENC_UTF8]; }
sp_value sp_enc_default_internal(void) { return __atomic_load_n(&default_int, __ATOMIC_ACQUIRE); }

SP_METHOD(enc_s_default_external) { return enc_default_ext(); }
SP_METHOD(enc_s_default_internal) { return sp_enc_default_internal(); }
SP_METHOD(enc_s_set_default_external)
{
    if (argv[0] == SP_NIL) sp_raise(sp_eArgError, "default external can not be nil");
    __atomic_store_n(&default_ext, enc_objs[enc_arg_or_raise(argv[0])], __ATOMIC_RELEASE);
    return argv[0];
}
SP_METHOD(enc_s_set_default_internal)
{
    sp_value e = argv[0] == SP_NIL ? SP_NIL : enc_objs[enc_arg_or_raise(argv[0])];
    __atomic_store_n(&default_int, e, __ATOMIC_RELEASE);
    return argv[0];
}

SP_METHOD(enc_s_find)
{
    /* the special names: the locale is UTF-8; the filesystem encoding
     * is default_external (as CRuby on Linux) */
    if (sp_str_p(argv[0])) {
        const char *nm = sp_str_cstr(argv[0]);
        if (!strcasecmp(nm, "locale")) return enc_objs[ENC_UTF8];
        if (!strcasecmp(nm, "external") || !strcasecmp(nm, "filesystem")) return enc_default_ext();
        if (!strcasecmp(nm, "internal")) return sp_enc_default_internal();
    }
    int id = enc_arg_or_raise(argv[0]);
    return enc_objs[id];
}
SP_METHOD(enc_s_list)
{
    sp_value a = sp_ary_new();
    for (int i = 0; i < ENC__COUNT; i++) sp_ary_push(a, enc_objs[i]);
    return a;
}

/* ------------------------------------------------------------------ */
/* Decoding and encoding one character                                 */

#define CP_INVALID (-1)     /* malformed bytes in the source */
#define CP_UNDEF   (-2)     /* well-formed but has no Unicode meaning (BINARY >= 0x80) */

static uint32_t rd_unit(const unsigned char *p, int unit, int big)
{
    uint32_t v = 0;
    for (int i = 0; i < unit; i++) v |= (uint32_t)p[big ? i : unit - 1 - i] << (8 * (unit - 1 - i));
    return v;
}

/* Decode the character at p in encoding id; returns its byte length. */
static int dec_char(int id, const char *p, const char *e, int big, int32_t *cp)
{
    const unsigned char *u = (const unsigned char *)p;
    switch (id) {
    case ENC_UTF8: return sp_utf8_char(p, e, cp);
    case ENC_BINARY: *cp = u[0] < 0x80 ? u[0] : CP_UNDEF; return 1;
    case ENC_USASCII: *cp = u[0] < 0x80 ? u[0] : CP_INVALID; return 1;
    case ENC_LATIN1: *cp = u[0]; return 1;
    case ENC_IBM437: case ENC_IBM866: case ENC_LATIN2:   /* no table: ASCII only */
        *cp = u[0] < 0x80 ? u[0] : CP_UNDEF; return 1;
    default: break;
    }
    int unit = encs[id].unit;
    if (e - p < unit) { *cp = CP_INVALID; return (int)(e - p); }
    uint32_t v = rd_unit(u, unit, big);
    if (unit == 4) { *cp = (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) ? CP_INVALID : (int32_t)v; return 4; }
    if (v >= 0xd800 && v <= 0xdbff) {
        if (e - p < 4) { *cp = CP_INVALID; return (int)(e - p); }
        uint32_t w = rd_unit(u + 2, 2, big);
        if (w < 0xdc00 || w > 0xdfff) { *cp = CP_INVALID; return 2; }
        *cp = (int32_t)(0x10000 + ((v - 0xd800) << 10) + (w - 0xdc00));
        return 4;
    }
    *cp = (v >= 0xdc00 && v <= 0xdfff) ? CP_INVALID : (int32_t)v;
    return 2;
}

static void wr_unit(sp_value out, uint32_t v, int unit, int big)
{
    char b[4];
    for (int i = 0; i < unit; i++) b[big ? unit - 1 - i : i] = (char)((v >> (8 * i)) & 0xff);
    sp_str_cat(out, b, (size_t)unit);
}

/* Append code point cp in encoding id; 0 when id cannot represent it. */
static int enc_char(int id, sp_value out, int32_t cp)
{
    char b[4];
    switch (id) {
    case ENC_UTF8: sp_str_cat(out, b, (size_t)sp_utf8_encode((uint32_t)cp, b)); return 1;
    case ENC_BINARY: case ENC_USASCII: case ENC_IBM437: case ENC_IBM866: case ENC_LATIN2:
        if (cp >= 0x80) return 0;
        b[0] = (char)cp; sp_str_cat(out, b, 1); return 1;
    case ENC_LATIN1:
        if (cp >= 0x100) return 0;
        b[0] = (char)cp; sp_str_cat(out, b, 1); return 1;
    default: break;
    }
    int unit = encs[id].unit, big = encs[id].big;
    if (unit == 4) { wr_unit(out, (uint32_t)cp, 4, big); return 1; }
    if (cp >= 0x10000) {
        uint32_t v = (uint32_t)cp - 0x10000;
        wr_unit(out, 0xd800 + (v >> 10), 2, big);
        wr_unit(out, 0xdc00 + (v & 0x3ff), 2, big);
    } else wr_unit(out, (uint32_t)cp, 2, big);
    return 1;
}

static int enc_unicode_p(int id) { return id == ENC_UTF8 || id >= ENC_UTF16LE; }

/* ------------------------------------------------------------------ */
/* encode                                                              */

/* Decorators (CRuby's ecflags): newline conversion and XML escaping,
 * applied to the decoded characters. */
enum { NL_NONE, NL_UNIVERSAL, NL_CRLF, NL_CR };
enum { XML_NONE, XML_TEXT, XML_ATTR };

typedef struct enc_opts {
    int invalid_replace, undef_replace;
    int newline, xml;      /* NL_*, XML_* */
    sp_value replace;      /* String or nil (default per target) */
    sp_value fallback;     /* Hash, Proc or nil */
} enc_opts;

static void enc_opts_parse(sp_value kw, enc_opts *o)
{
    memset(o, 0, sizeof *o);
    o->replace = o->fallback = SP_NIL;
    if (kw == SP_NIL) return;
    o->invalid_replace = sp_hash_lookup(kw, sp_sym("invalid"), SP_NIL) == sp_sym("replace");
    o->undef_replace = sp_hash_lookup(kw, sp_sym("undef"), SP_NIL) == sp_sym("replace");
    sp_value r = sp_hash_lookup(kw, sp_sym("replace"), SP_NIL);
    if (r != SP_NIL) o->replace = sp_str_to_str(r);
    o->fallback = sp_hash_lookup(kw, sp_sym("fallback"), SP_NIL);
    sp_value x = sp_hash_lookup(kw, sp_sym("xml"), SP_NIL);
    if (x == sp_sym("text")) o->xml = XML_TEXT;
    else if (x == sp_sym("attr")) o->xml = XML_ATTR;
    else if (x != SP_NIL) sp_raise(sp_eArgError, "unexpected value for xml option: %s", sp_str_cstr(sp_to_s(x)));
    sp_value nl = sp_hash_lookup(kw, sp_sym("newline"), SP_NIL);
    if (nl == sp_sym("universal") || nl == sp_sym("lf")) o->newline = NL_UNIVERSAL;
    else if (nl == sp_sym("crlf")) o->newline = NL_CRLF;
    else if (nl == sp_sym("cr")) o->newline = NL_CR;
    else if (SP_RTEST(sp_hash_lookup(kw, sp_sym("universal_newline"), SP_NIL))) o->newline = NL_UNIVERSAL;
    else if (SP_RTEST(sp_hash_lookup(kw, sp_sym("crlf_newline"), SP_NIL))) o->newline = NL_CRLF;
    else if (SP_RTEST(sp_hash_lookup(kw, sp_sym("cr_newline"), SP_NIL))) o->newline = NL_CR;
}

static void enc_ascii(int dst, sp_value out, const char *s)
{
    while (*s) enc_char(dst, out, (unsigned char)*s++);
}

/* A decorated character: 1 when written, 0 when it is not special. */
static int enc_decorated(int dst, sp_value out, int32_t cp, const enc_opts *o)
{
    if (o->xml) {
        const char *ent = cp == '&' ? "&amp;" : cp == '<' ? "&lt;" : cp == '>' ? "&gt;"
                        : cp == '"' && o->xml == XML_ATTR ? "&quot;" : NULL;
        if (ent) { enc_ascii(dst, out, ent); return 1; }
    }
    if (o->newline == NL_CRLF && cp == '\n') { enc_char(dst, out, '\r'); enc_char(dst, out, '\n'); return 1; }
    if (o->newline == NL_CR && cp == '\n') { enc_char(dst, out, '\r'); return 1; }
    return 0;
}

static void cat_replacement(sp_value out, int dst, const enc_opts *o)
{
    if (o->replace != SP_NIL) {
        SNAP(o->replace, p, l);
        const char *e = p + l;
        int src = str_enc_id(o->replace);
        while (p < e) {
            int32_t cp;
            int n = dec_char(src, p, e, encs[src].big, &cp);
            if (cp < 0 || !enc_char(dst, out, cp)) sp_str_cat(out, p, (size_t)n);
            p += n;
        }
        return;
    }
    if (!enc_char(dst, out, enc_unicode_p(dst) ? 0xfffd : '?')) sp_str_cat(out, "?", 1);
}

static SP_NORETURN void raise_invalid(int src, const char *p, int n)
{
    char buf[64];
    int k = 0;
    for (int i = 0; i < n && i < 8; i++) k += snprintf(buf + k, sizeof buf - (size_t)k, "\\x%02X", (unsigned char)p[i]);
    sp_raise(eInvalid, "\"%s\" on %s", buf, encs[src].name);
}

static SP_NORETURN void raise_undef(int src, int dst, const char *p, int n, int32_t cp)
{
    if (cp >= 0 && src == ENC_UTF8) sp_raise(eUndef, "U+%04X from UTF-8 to %s", (unsigned)cp, encs[dst].name);
    char buf[64];
    int k = 0;
    for (int i = 0; i < n && i < 8; i++) k += snprintf(buf + k, sizeof buf - (size_t)k, "\\x%02X", (unsigned char)p[i]);
    if (cp >= 0 && dst != ENC_UTF8)
        sp_raise(eUndef, "\"%s\" to UTF-8 in conversion from %s to UTF-8 to %s", buf, encs[src].name, encs[dst].name);
    sp_raise(eUndef, "\"%s\" from %s to %s", buf, encs[src].name, dst == ENC_UTF8 && src != ENC_BINARY ? "UTF-8" : encs[dst].name);
}

/* The fallback: option's replacement for an undefined character (a String,
 * or nil when there is none): a Hash (its default too), a Proc or Method
 * called, any other object's #[]; CRuby's transcode_loop. */
static sp_value fallback_value(sp_value fb, int src, const char *p, int n)
{
    if (fb == SP_NIL) return SP_NIL;
    sp_value key = sp_str_new(p, (size_t)n);
    str_set_enc(key, src);
    sp_value r;
    if (sp_hash_p(fb)) {
        r = sp_hash_lookup(fb, key, SP_UNDEF);
        if (r == SP_UNDEF) r = sp_hash_default(fb, key);
    } else if (SP_HEAP_P(fb) && (SP_TYPE(fb) == SP_T_PROC || SP_TYPE(fb) == SP_T_METHOD))
        r = sp_funcall(fb, sp_intern("call"), 1, &key, SP_NIL);
    else if (sp_respond_to(fb, sp_intern("[]"), 0))
        r = sp_funcall(fb, sp_intern("[]"), 1, &key, SP_NIL);
    else return SP_NIL;
    return r == SP_NIL ? SP_NIL : sp_str_to_str(r);
}

/* Length of the invalid UTF-8 sequence at p: the longest prefix of a
 * well-formed character (E3 81 before FF is one unit; F0 80 is two), as
 * CRuby's transcoders and scrub count them. */
static int utf8_invalid_len(const char *p, const char *e)
{
    unsigned c = (unsigned char)p[0];
    int need = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 1;
    unsigned lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
    unsigned hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    int k = 1;
    while (k < need && p + k < e) {
        unsigned b = (unsigned char)p[k];
        if (b < lo || b > hi) break;
        lo = 0x80; hi = 0xbf;
        k++;
    }
    return k == need ? 1 : k;
}

static sp_value transcode(sp_value self, int src, int dst, const enc_opts *o)
{
    if (src != dst && (ENC_NOCONV(src) || ENC_NOCONV(dst)))
        sp_raise(eNotFound, "code converter not found (%s to %s)", encs[src].name, encs[dst].name);
    SNAP(self, p, l);
    const char *e = p + l;
    int big = encs[src].big;
    sp_value out = sp_str_buf_new(l * 2 + 4);
    str_set_enc(out, dst);
    if (encs[src].bom && l >= (size_t)encs[src].unit) {
        const unsigned char *u = (const unsigned char *)p;
        if (encs[src].unit == 2 && ((u[0] == 0xff && u[1] == 0xfe) || (u[0] == 0xfe && u[1] == 0xff))) { big = u[0] == 0xfe; p += 2; }
        else if (encs[src].unit == 4 && l >= 4 && u[0] == 0xff && u[1] == 0xfe && !u[2] && !u[3]) { big = 0; p += 4; }
        else if (encs[src].unit == 4 && l >= 4 && !u[0] && !u[1] && u[2] == 0xfe && u[3] == 0xff) { big = 1; p += 4; }
    }
    if (encs[dst].bom && p < e) enc_char(dst, out, 0xfeff);
    else if (encs[dst].bom && l > 0) enc_char(dst, out, 0xfeff);
    if (o->xml == XML_ATTR) enc_char(dst, out, '"');
    int deco = o->xml || o->newline;
    while (p < e) {
        int32_t cp;
        int n = dec_char(src, p, e, big, &cp);
        if (deco && cp >= 0) {
            if (o->newline == NL_UNIVERSAL && cp == '\r') {
                int32_t c2;
                if (p + n < e) dec_char(src, p + n, e, big, &c2);
                else c2 = -1;
                if (c2 != '\n') enc_char(dst, out, '\n');   /* CR LF: the LF follows */
                p += n;
                continue;
            }
            if (enc_decorated(dst, out, cp, o)) { p += n; continue; }
        }
        if (cp == CP_INVALID) {
            if (src == ENC_UTF8) n = utf8_invalid_len(p, e);
            if (!o->invalid_replace) raise_invalid(src, p, n);
            cat_replacement(out, dst, o);
        } else if (cp == CP_UNDEF || !enc_char(dst, out, cp)) {
            sp_value r = o->undef_replace ? SP_NIL : fallback_value(o->fallback, src, p, n);
            if (r != SP_NIL) {
                SNAP(r, q, m);
                const char *qe = q + m;
                int rs = str_enc_id(r);
                while (q < qe) {
                    int32_t c2;
                    int k = dec_char(rs, q, qe, encs[rs].big, &c2);
                    if (c2 < 0 || !enc_char(dst, out, c2)) sp_raise(sp_eArgError, "too big fallback string");
                    q += k;
                }
            } else if (o->xml && cp >= 0) {
                char ref[16];
                snprintf(ref, sizeof ref, "&#x%X;", (unsigned)cp);
                enc_ascii(dst, out, ref);
            } else if (o->undef_replace) cat_replacement(out, dst, o);
            else raise_undef(src, dst, p, n, cp);
        }
        p += n;
    }
    if (o->xml == XML_ATTR) enc_char(dst, out, '"');
    return out;
}

SP_METHOD_DECL(s_scrub);

static sp_value encode_impl(sp_value self, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    int kwp = (argc_ & SP_ARGC_KW) != 0;
    int n = argc - kwp;
    sp_value kw = kwp ? argv[argc - 1] : SP_NIL;
    if (n > 2) sp_raise_arity(n, 0, 2);
    enc_opts o;
    enc_opts_parse(kw, &o);
    int src = str_enc_id(self);
    int dst = ENC_UTF8;
    if (n >= 1) {
        dst = enc_arg(argv[0]);
        if (dst < 0) sp_raise(eNotFound, "code converter not found (%s to %s)", encs[src].name, sp_str_cstr(sp_str_to_str(argv[0])));
    }
    if (n >= 2) src = enc_arg_or_raise(argv[1]);
    sp_value dint = n == 0 ? sp_enc_default_internal() : SP_NIL;
    if (dint != SP_NIL) dst = ((sp_encoding *)dint)->id;   /* encode() goes to default_internal */
    else if (n == 0 && kw == SP_NIL) return sp_str_dup(self);
    else if (n == 0) dst = src;     /* options only: within the string's own encoding */
    if ((o.xml || o.newline) && !encs[src].bom) return transcode(self, src, dst, &o);
    if (src == dst || (dst == ENC_UTF8 && src == ENC_USASCII) || (src == ENC_BINARY && n == 0)) {
        if ((src == ENC_UTF8 || (src == ENC_USASCII && dst == ENC_USASCII)) && o.invalid_replace) {
            sp_value r = o.replace != SP_NIL ? o.replace : src == ENC_UTF8 ? sp_str_new("\xEF\xBF\xBD", 3) : sp_str_new("?", 1);
            sp_value d = sp_str_dup(self);
            str_set_enc(d, src);             /* encode(to, from): read as `from` */
            d = s_scrub(d, 1, &r, SP_NIL);
            str_set_enc(d, dst);
            return d;
        }
        sp_value d = sp_str_dup(self);
        str_set_enc(d, dst);
        return d;
    }
    /* BINARY/ASCII text into an ASCII-compatible target needs no work when ASCII-only */
    SNAP(self, p, l);
    if (encs[src].unit == 1 && encs[dst].unit == 1 && sp_str_ascii_p(p, l)) {
        sp_value d = sp_str_dup(self);
        str_set_enc(d, dst);
        return d;
    }
    return transcode(self, src, dst, &o);
}

SP_METHOD(s_encode) { return encode_impl(self, argc_, argv); }

SP_METHOD(s_encode_b)
{
    sp_str_modify(self);
    sp_value r = encode_impl(self, argc_, argv);
    SNAP(r, p, l);
    sp_str_set_bytes(self, p, l);
    str_set_enc(self, str_enc_id(r));
    return self;
}

/* ------------------------------------------------------------------ */
/* encoding, force_encoding, b, valid_encoding?, ascii_only?, scrub    */

SP_METHOD(s_encoding) { return enc_objs[str_enc_id(self)]; }

SP_METHOD(s_force_encoding)
{
    int id = enc_arg_or_raise(argv[0]);
    if (SP_FROZEN_P(self)) sp_check_frozen(self);
    str_set_enc(self, id);
    return self;
}

SP_METHOD(s_b) { sp_value d = sp_str_dup(self); sp_str_set_binary(d); return d; }

static int str_valid(sp_value s)
{
    int id = str_enc_id(s);
    if (id == ENC_BINARY || id == ENC_LATIN1 || ENC_NOCONV(id)) return 1;   /* every byte is a character */
    SNAP(s, p, l);
    const char *e = p + l;
    int big = encs[id].big;
    if (encs[id].bom) return 1;
    while (p < e) {
        int32_t cp;
        int n = dec_char(id, p, e, big, &cp);
        if (cp < 0) return 0;
        p += n;
    }
    return 1;
}

/* The encoding of self after appending other (String#<<, concat; -1: none): CRuby's
 * compatibility rule.  An empty other changes nothing; an empty self takes
 * other's encoding unless other is ASCII-only and self's encoding is ASCII
 * compatible; otherwise ASCII-only text on either side adopts the other
 * side's encoding, and two non-ASCII texts in different encodings raise
 * Encoding::CompatibilityError. */
static int enc_compatible(sp_value self, sp_value other)
{
    int e1 = str_enc_id(self), e2 = str_enc_id(other);
    if (e1 == e2) return e1;
    size_t n1, n2;
    const char *p1 = sp_str_snap(self, &n1);
    const char *p2 = sp_str_snap(other, &n2);
    if (n2 == 0) return e1;
    int c1 = encs[e1].unit == 1, c2 = encs[e2].unit == 1;
    int a2 = c2 && sp_str_ascii_p(p2, n2);
    if (n1 == 0) return c1 && a2 ? e1 : e2;
    if (c1 && c2) {
        if (a2) return e1;
        if (sp_str_ascii_p(p1, n1)) return e2;
    }
    return -1;
}

static SP_NORETURN void raise_incompatible(sp_value a, sp_value b)
{
    sp_raise(eCompat, "incompatible character encodings: %s and %s", encs[str_enc_id(a)].insp, encs[str_enc_id(b)].insp);
}

void sp_str_enc_concat(sp_value self, sp_value other)
{
    int e = enc_compatible(self, other);
    if (e < 0) raise_incompatible(self, other);
    if (e != str_enc_id(self)) str_set_enc(self, e);
}

void sp_str_enc_check(sp_value a, sp_value b)
{
    if (enc_compatible(a, b) < 0) raise_incompatible(a, b);
}

SP_METHOD(s_valid_encoding) { return SP_BOOL(str_valid(self)); }
SP_METHOD(s_ascii_only)
{
    if (encs[str_enc_id(self)].unit != 1) return SP_FALSE;
    SNAP(self, p, l);
    return SP_BOOL(sp_str_ascii_p(p, l));
}

SP_METHOD(s_scrub)
{
    int id = str_enc_id(self);
    if (id != ENC_UTF8 && id != ENC_USASCII) return sp_str_dup(self);
    SNAP(self, p, l);
    sp_value rep = argc > 0 && argv[0] != SP_NIL ? str_arg(argv[0])
                 : sp_str_new(id == ENC_UTF8 ? "\xEF\xBF\xBD" : "?", id == ENC_UTF8 ? 3 : 1);
    sp_value out = sp_str_buf_new(l);
    str_set_enc(out, id);
    const char *e = p + l;
    while (p < e) {
        int32_t cp;
        int n = dec_char(id, p, e, 0, &cp);
        if (cp < 0) {
            /* a maximal invalid run that starts like a multibyte char is one unit */
            int k = id == ENC_UTF8 ? utf8_invalid_len(p, e) : 1;
            if (blk != SP_NIL) sp_str_append(out, sp_str_to_str(sp_yield1(blk, sp_str_new_like(self, p, (size_t)k))));
            else sp_str_append(out, rep);
            p += k;
            continue;
        }
        sp_str_cat(out, p, (size_t)n);
        p += n;
    }
    return out;
}

SP_METHOD(s_scrub_b)
{
    sp_str_modify(self);
    sp_value r = s_scrub(self, argc_, argv, blk);
    SNAP(r, p, l);
    sp_str_set_bytes(self, p, l);
    return self;
}

/* ------------------------------------------------------------------ */
/* unicode_normalize                                                   */

/* Generated from the Unicode Character Database (canonical pair decompositions,
 * U+00C0-U+024F and U+1E00-U+1EFF); sorted by composed code point. */
static const uint32_t nf_pairs[][3] = {
    {0x00C0, 0x0041, 0x0300}, {0x00C1, 0x0041, 0x0301}, {0x00C2, 0x0041, 0x0302}, {0x00C3, 0x0041, 0x0303},
    {0x00C4, 0x0041, 0x0308}, {0x00C5, 0x0041, 0x030A}, {0x00C7, 0x0043, 0x0327}, {0x00C8, 0x0045, 0x0300},
    {0x00C9, 0x0045, 0x0301}, {0x00CA, 0x0045, 0x0302}, {0x00CB, 0x0045, 0x0308}, {0x00CC, 0x0049, 0x0300},
    {0x00CD, 0x0049, 0x0301}, {0x00CE, 0x0049, 0x0302}, {0x00CF, 0x0049, 0x0308}, {0x00D1, 0x004E, 0x0303},
    {0x00D2, 0x004F, 0x0300}, {0x00D3, 0x004F, 0x0301}, {0x00D4, 0x004F, 0x0302}, {0x00D5, 0x004F, 0x0303},
    {0x00D6, 0x004F, 0x0308}, {0x00D9, 0x0055, 0x0300}, {0x00DA, 0x0055, 0x0301}, {0x00DB, 0x0055, 0x0302},
    {0x00DC, 0x0055, 0x0308}, {0x00DD, 0x0059, 0x0301}, {0x00E0, 0x0061, 0x0300}, {0x00E1, 0x0061, 0x0301},
    {0x00E2, 0x0061, 0x0302}, {0x00E3, 0x0061, 0x0303}, {0x00E4, 0x0061, 0x0308}, {0x00E5, 0x0061, 0x030A},
    {0x00E7, 0x0063, 0x0327}, {0x00E8, 0x0065, 0x0300}, {0x00E9, 0x0065, 0x0301}, {0x00EA, 0x0065, 0x0302},
    {0x00EB, 0x0065, 0x0308}, {0x00EC, 0x0069, 0x0300}, {0x00ED, 0x0069, 0x0301}, {0x00EE, 0x0069, 0x0302},
    {0x00EF, 0x0069, 0x0308}, {0x00F1, 0x006E, 0x0303}, {0x00F2, 0x006F, 0x0300}, {0x00F3, 0x006F, 0x0301},
    {0x00F4, 0x006F, 0x0302}, {0x00F5, 0x006F, 0x0303}, {0x00F6, 0x006F, 0x0308}, {0x00F9, 0x0075, 0x0300},
    {0x00FA, 0x0075, 0x0301}, {0x00FB, 0x0075, 0x0302}, {0x00FC, 0x0075, 0x0308}, {0x00FD, 0x0079, 0x0301},
    {0x00FF, 0x0079, 0x0308}, {0x0100, 0x0041, 0x0304}, {0x0101, 0x0061, 0x0304}, {0x0102, 0x0041, 0x0306},
    {0x0103, 0x0061, 0x0306}, {0x0104, 0x0041, 0x0328}, {0x0105, 0x0061, 0x0328}, {0x0106, 0x0043, 0x0301},
    {0x0107, 0x0063, 0x0301}, {0x0108, 0x0043, 0x0302}, {0x0109, 0x0063, 0x0302}, {0x010A, 0x0043, 0x0307},
    {0x010B, 0x0063, 0x0307}, {0x010C, 0x0043, 0x030C}, {0x010D, 0x0063, 0x030C}, {0x010E, 0x0044, 0x030C},
    {0x010F, 0x0064, 0x030C}, {0x0112, 0x0045, 0x0304}, {0x0113, 0x0065, 0x0304}, {0x0114, 0x0045, 0x0306},
    {0x0115, 0x0065, 0x0306}, {0x0116, 0x0045, 0x0307}, {0x0117, 0x0065, 0x0307}, {0x0118, 0x0045, 0x0328},
    {0x0119, 0x0065, 0x0328}, {0x011A, 0x0045, 0x030C}, {0x011B, 0x0065, 0x030C}, {0x011C, 0x0047, 0x0302},
    {0x011D, 0x0067, 0x0302}, {0x011E, 0x0047, 0x0306}, {0x011F, 0x0067, 0x0306}, {0x0120, 0x0047, 0x0307},
    {0x0121, 0x0067, 0x0307}, {0x0122, 0x0047, 0x0327}, {0x0123, 0x0067, 0x0327}, {0x0124, 0x0048, 0x0302},
    {0x0125, 0x0068, 0x0302}, {0x0128, 0x0049, 0x0303}, {0x0129, 0x0069, 0x0303}, {0x012A, 0x0049, 0x0304},
    {0x012B, 0x0069, 0x0304}, {0x012C, 0x0049, 0x0306}, {0x012D, 0x0069, 0x0306}, {0x012E, 0x0049, 0x0328},
    {0x012F, 0x0069, 0x0328}, {0x0130, 0x0049, 0x0307}, {0x0134, 0x004A, 0x0302}, {0x0135, 0x006A, 0x0302},
    {0x0136, 0x004B, 0x0327}, {0x0137, 0x006B, 0x0327}, {0x0139, 0x004C, 0x0301}, {0x013A, 0x006C, 0x0301},
    {0x013B, 0x004C, 0x0327}, {0x013C, 0x006C, 0x0327}, {0x013D, 0x004C, 0x030C}, {0x013E, 0x006C, 0x030C},
    {0x0143, 0x004E, 0x0301}, {0x0144, 0x006E, 0x0301}, {0x0145, 0x004E, 0x0327}, {0x0146, 0x006E, 0x0327},
    {0x0147, 0x004E, 0x030C}, {0x0148, 0x006E, 0x030C}, {0x014C, 0x004F, 0x0304}, {0x014D, 0x006F, 0x0304},
    {0x014E, 0x004F, 0x0306}, {0x014F, 0x006F, 0x0306}, {0x0150, 0x004F, 0x030B}, {0x0151, 0x006F, 0x030B},
    {0x0154, 0x0052, 0x0301}, {0x0155, 0x0072, 0x0301}, {0x0156, 0x0052, 0x0327}, {0x0157, 0x0072, 0x0327},
    {0x0158, 0x0052, 0x030C}, {0x0159, 0x0072, 0x030C}, {0x015A, 0x0053, 0x0301}, {0x015B, 0x0073, 0x0301},
    {0x015C, 0x0053, 0x0302}, {0x015D, 0x0073, 0x0302}, {0x015E, 0x0053, 0x0327}, {0x015F, 0x0073, 0x0327},
    {0x0160, 0x0053, 0x030C}, {0x0161, 0x0073, 0x030C}, {0x0162, 0x0054, 0x0327}, {0x0163, 0x0074, 0x0327},
    {0x0164, 0x0054, 0x030C}, {0x0165, 0x0074, 0x030C}, {0x0168, 0x0055, 0x0303}, {0x0169, 0x0075, 0x0303},
    {0x016A, 0x0055, 0x0304}, {0x016B, 0x0075, 0x0304}, {0x016C, 0x0055, 0x0306}, {0x016D, 0x0075, 0x0306},
    {0x016E, 0x0055, 0x030A}, {0x016F, 0x0075, 0x030A}, {0x0170, 0x0055, 0x030B}, {0x0171, 0x0075, 0x030B},
    {0x0172, 0x0055, 0x0328}, {0x0173, 0x0075, 0x0328}, {0x0174, 0x0057, 0x0302}, {0x0175, 0x0077, 0x0302},
    {0x0176, 0x0059, 0x0302}, {0x0177, 0x0079, 0x0302}, {0x0178, 0x0059, 0x0308}, {0x0179, 0x005A, 0x0301},
    {0x017A, 0x007A, 0x0301}, {0x017B, 0x005A, 0x0307}, {0x017C, 0x007A, 0x0307}, {0x017D, 0x005A, 0x030C},
    {0x017E, 0x007A, 0x030C}, {0x01A0, 0x004F, 0x031B}, {0x01A1, 0x006F, 0x031B}, {0x01AF, 0x0055, 0x031B},
    {0x01B0, 0x0075, 0x031B}, {0x01CD, 0x0041, 0x030C}, {0x01CE, 0x0061, 0x030C}, {0x01CF, 0x0049, 0x030C},
    {0x01D0, 0x0069, 0x030C}, {0x01D1, 0x004F, 0x030C}, {0x01D2, 0x006F, 0x030C}, {0x01D3, 0x0055, 0x030C},
    {0x01D4, 0x0075, 0x030C}, {0x01D5, 0x00DC, 0x0304}, {0x01D6, 0x00FC, 0x0304}, {0x01D7, 0x00DC, 0x0301},
    {0x01D8, 0x00FC, 0x0301}, {0x01D9, 0x00DC, 0x030C}, {0x01DA, 0x00FC, 0x030C}, {0x01DB, 0x00DC, 0x0300},
    {0x01DC, 0x00FC, 0x0300}, {0x01DE, 0x00C4, 0x0304}, {0x01DF, 0x00E4, 0x0304}, {0x01E0, 0x0226, 0x0304},
    {0x01E1, 0x0227, 0x0304}, {0x01E2, 0x00C6, 0x0304}, {0x01E3, 0x00E6, 0x0304}, {0x01E6, 0x0047, 0x030C},
    {0x01E7, 0x0067, 0x030C}, {0x01E8, 0x004B, 0x030C}, {0x01E9, 0x006B, 0x030C}, {0x01EA, 0x004F, 0x0328},
    {0x01EB, 0x006F, 0x0328}, {0x01EC, 0x01EA, 0x0304}, {0x01ED, 0x01EB, 0x0304}, {0x01EE, 0x01B7, 0x030C},
    {0x01EF, 0x0292, 0x030C}, {0x01F0, 0x006A, 0x030C}, {0x01F4, 0x0047, 0x0301}, {0x01F5, 0x0067, 0x0301},
    {0x01F8, 0x004E, 0x0300}, {0x01F9, 0x006E, 0x0300}, {0x01FA, 0x00C5, 0x0301}, {0x01FB, 0x00E5, 0x0301},
    {0x01FC, 0x00C6, 0x0301}, {0x01FD, 0x00E6, 0x0301}, {0x01FE, 0x00D8, 0x0301}, {0x01FF, 0x00F8, 0x0301},
    {0x0200, 0x0041, 0x030F}, {0x0201, 0x0061, 0x030F}, {0x0202, 0x0041, 0x0311}, {0x0203, 0x0061, 0x0311},
    {0x0204, 0x0045, 0x030F}, {0x0205, 0x0065, 0x030F}, {0x0206, 0x0045, 0x0311}, {0x0207, 0x0065, 0x0311},
    {0x0208, 0x0049, 0x030F}, {0x0209, 0x0069, 0x030F}, {0x020A, 0x0049, 0x0311}, {0x020B, 0x0069, 0x0311},
    {0x020C, 0x004F, 0x030F}, {0x020D, 0x006F, 0x030F}, {0x020E, 0x004F, 0x0311}, {0x020F, 0x006F, 0x0311},
    {0x0210, 0x0052, 0x030F}, {0x0211, 0x0072, 0x030F}, {0x0212, 0x0052, 0x0311}, {0x0213, 0x0072, 0x0311},
    {0x0214, 0x0055, 0x030F}, {0x0215, 0x0075, 0x030F}, {0x0216, 0x0055, 0x0311}, {0x0217, 0x0075, 0x0311},
    {0x0218, 0x0053, 0x0326}, {0x0219, 0x0073, 0x0326}, {0x021A, 0x0054, 0x0326}, {0x021B, 0x0074, 0x0326},
    {0x021E, 0x0048, 0x030C}, {0x021F, 0x0068, 0x030C}, {0x0226, 0x0041, 0x0307}, {0x0227, 0x0061, 0x0307},
    {0x0228, 0x0045, 0x0327}, {0x0229, 0x0065, 0x0327}, {0x022A, 0x00D6, 0x0304}, {0x022B, 0x00F6, 0x0304},
    {0x022C, 0x00D5, 0x0304}, {0x022D, 0x00F5, 0x0304}, {0x022E, 0x004F, 0x0307}, {0x022F, 0x006F, 0x0307},
    {0x0230, 0x022E, 0x0304}, {0x0231, 0x022F, 0x0304}, {0x0232, 0x0059, 0x0304}, {0x0233, 0x0079, 0x0304},
    {0x1E00, 0x0041, 0x0325}, {0x1E01, 0x0061, 0x0325}, {0x1E02, 0x0042, 0x0307}, {0x1E03, 0x0062, 0x0307},
    {0x1E04, 0x0042, 0x0323}, {0x1E05, 0x0062, 0x0323}, {0x1E06, 0x0042, 0x0331}, {0x1E07, 0x0062, 0x0331},
    {0x1E08, 0x00C7, 0x0301}, {0x1E09, 0x00E7, 0x0301}, {0x1E0A, 0x0044, 0x0307}, {0x1E0B, 0x0064, 0x0307},
    {0x1E0C, 0x0044, 0x0323}, {0x1E0D, 0x0064, 0x0323}, {0x1E0E, 0x0044, 0x0331}, {0x1E0F, 0x0064, 0x0331},
    {0x1E10, 0x0044, 0x0327}, {0x1E11, 0x0064, 0x0327}, {0x1E12, 0x0044, 0x032D}, {0x1E13, 0x0064, 0x032D},
    {0x1E14, 0x0112, 0x0300}, {0x1E15, 0x0113, 0x0300}, {0x1E16, 0x0112, 0x0301}, {0x1E17, 0x0113, 0x0301},
    {0x1E18, 0x0045, 0x032D}, {0x1E19, 0x0065, 0x032D}, {0x1E1A, 0x0045, 0x0330}, {0x1E1B, 0x0065, 0x0330},
    {0x1E1C, 0x0228, 0x0306}, {0x1E1D, 0x0229, 0x0306}, {0x1E1E, 0x0046, 0x0307}, {0x1E1F, 0x0066, 0x0307},
    {0x1E20, 0x0047, 0x0304}, {0x1E21, 0x0067, 0x0304}, {0x1E22, 0x0048, 0x0307}, {0x1E23, 0x0068, 0x0307},
    {0x1E24, 0x0048, 0x0323}, {0x1E25, 0x0068, 0x0323}, {0x1E26, 0x0048, 0x0308}, {0x1E27, 0x0068, 0x0308},
    {0x1E28, 0x0048, 0x0327}, {0x1E29, 0x0068, 0x0327}, {0x1E2A, 0x0048, 0x032E}, {0x1E2B, 0x0068, 0x032E},
    {0x1E2C, 0x0049, 0x0330}, {0x1E2D, 0x0069, 0x0330}, {0x1E2E, 0x00CF, 0x0301}, {0x1E2F, 0x00EF, 0x0301},
    {0x1E30, 0x004B, 0x0301}, {0x1E31, 0x006B, 0x0301}, {0x1E32, 0x004B, 0x0323}, {0x1E33, 0x006B, 0x0323},
    {0x1E34, 0x004B, 0x0331}, {0x1E35, 0x006B, 0x0331}, {0x1E36, 0x004C, 0x0323}, {0x1E37, 0x006C, 0x0323},
    {0x1E38, 0x1E36, 0x0304}, {0x1E39, 0x1E37, 0x0304}, {0x1E3A, 0x004C, 0x0331}, {0x1E3B, 0x006C, 0x0331},
    {0x1E3C, 0x004C, 0x032D}, {0x1E3D, 0x006C, 0x032D}, {0x1E3E, 0x004D, 0x0301}, {0x1E3F, 0x006D, 0x0301},
    {0x1E40, 0x004D, 0x0307}, {0x1E41, 0x006D, 0x0307}, {0x1E42, 0x004D, 0x0323}, {0x1E43, 0x006D, 0x0323},
    {0x1E44, 0x004E, 0x0307}, {0x1E45, 0x006E, 0x0307}, {0x1E46, 0x004E, 0x0323}, {0x1E47, 0x006E, 0x0323},
    {0x1E48, 0x004E, 0x0331}, {0x1E49, 0x006E, 0x0331}, {0x1E4A, 0x004E, 0x032D}, {0x1E4B, 0x006E, 0x032D},
    {0x1E4C, 0x00D5, 0x0301}, {0x1E4D, 0x00F5, 0x0301}, {0x1E4E, 0x00D5, 0x0308}, {0x1E4F, 0x00F5, 0x0308},
    {0x1E50, 0x014C, 0x0300}, {0x1E51, 0x014D, 0x0300}, {0x1E52, 0x014C, 0x0301}, {0x1E53, 0x014D, 0x0301},
    {0x1E54, 0x0050, 0x0301}, {0x1E55, 0x0070, 0x0301}, {0x1E56, 0x0050, 0x0307}, {0x1E57, 0x0070, 0x0307},
    {0x1E58, 0x0052, 0x0307}, {0x1E59, 0x0072, 0x0307}, {0x1E5A, 0x0052, 0x0323}, {0x1E5B, 0x0072, 0x0323},
    {0x1E5C, 0x1E5A, 0x0304}, {0x1E5D, 0x1E5B, 0x0304}, {0x1E5E, 0x0052, 0x0331}, {0x1E5F, 0x0072, 0x0331},
    {0x1E60, 0x0053, 0x0307}, {0x1E61, 0x0073, 0x0307}, {0x1E62, 0x0053, 0x0323}, {0x1E63, 0x0073, 0x0323},
    {0x1E64, 0x015A, 0x0307}, {0x1E65, 0x015B, 0x0307}, {0x1E66, 0x0160, 0x0307}, {0x1E67, 0x0161, 0x0307},
    {0x1E68, 0x1E62, 0x0307}, {0x1E69, 0x1E63, 0x0307}, {0x1E6A, 0x0054, 0x0307}, {0x1E6B, 0x0074, 0x0307},
    {0x1E6C, 0x0054, 0x0323}, {0x1E6D, 0x0074, 0x0323}, {0x1E6E, 0x0054, 0x0331}, {0x1E6F, 0x0074, 0x0331},
    {0x1E70, 0x0054, 0x032D}, {0x1E71, 0x0074, 0x032D}, {0x1E72, 0x0055, 0x0324}, {0x1E73, 0x0075, 0x0324},
    {0x1E74, 0x0055, 0x0330}, {0x1E75, 0x0075, 0x0330}, {0x1E76, 0x0055, 0x032D}, {0x1E77, 0x0075, 0x032D},
    {0x1E78, 0x0168, 0x0301}, {0x1E79, 0x0169, 0x0301}, {0x1E7A, 0x016A, 0x0308}, {0x1E7B, 0x016B, 0x0308},
    {0x1E7C, 0x0056, 0x0303}, {0x1E7D, 0x0076, 0x0303}, {0x1E7E, 0x0056, 0x0323}, {0x1E7F, 0x0076, 0x0323},
    {0x1E80, 0x0057, 0x0300}, {0x1E81, 0x0077, 0x0300}, {0x1E82, 0x0057, 0x0301}, {0x1E83, 0x0077, 0x0301},
    {0x1E84, 0x0057, 0x0308}, {0x1E85, 0x0077, 0x0308}, {0x1E86, 0x0057, 0x0307}, {0x1E87, 0x0077, 0x0307},
    {0x1E88, 0x0057, 0x0323}, {0x1E89, 0x0077, 0x0323}, {0x1E8A, 0x0058, 0x0307}, {0x1E8B, 0x0078, 0x0307},
    {0x1E8C, 0x0058, 0x0308}, {0x1E8D, 0x0078, 0x0308}, {0x1E8E, 0x0059, 0x0307}, {0x1E8F, 0x0079, 0x0307},
    {0x1E90, 0x005A, 0x0302}, {0x1E91, 0x007A, 0x0302}, {0x1E92, 0x005A, 0x0323}, {0x1E93, 0x007A, 0x0323},
    {0x1E94, 0x005A, 0x0331}, {0x1E95, 0x007A, 0x0331}, {0x1E96, 0x0068, 0x0331}, {0x1E97, 0x0074, 0x0308},
    {0x1E98, 0x0077, 0x030A}, {0x1E99, 0x0079, 0x030A}, {0x1E9B, 0x017F, 0x0307}, {0x1EA0, 0x0041, 0x0323},
    {0x1EA1, 0x0061, 0x0323}, {0x1EA2, 0x0041, 0x0309}, {0x1EA3, 0x0061, 0x0309}, {0x1EA4, 0x00C2, 0x0301},
    {0x1EA5, 0x00E2, 0x0301}, {0x1EA6, 0x00C2, 0x0300}, {0x1EA7, 0x00E2, 0x0300}, {0x1EA8, 0x00C2, 0x0309},
    {0x1EA9, 0x00E2, 0x0309}, {0x1EAA, 0x00C2, 0x0303}, {0x1EAB, 0x00E2, 0x0303}, {0x1EAC, 0x1EA0, 0x0302},
    {0x1EAD, 0x1EA1, 0x0302}, {0x1EAE, 0x0102, 0x0301}, {0x1EAF, 0x0103, 0x0301}, {0x1EB0, 0x0102, 0x0300},
    {0x1EB1, 0x0103, 0x0300}, {0x1EB2, 0x0102, 0x0309}, {0x1EB3, 0x0103, 0x0309}, {0x1EB4, 0x0102, 0x0303},
    {0x1EB5, 0x0103, 0x0303}, {0x1EB6, 0x1EA0, 0x0306}, {0x1EB7, 0x1EA1, 0x0306}, {0x1EB8, 0x0045, 0x0323},
    {0x1EB9, 0x0065, 0x0323}, {0x1EBA, 0x0045, 0x0309}, {0x1EBB, 0x0065, 0x0309}, {0x1EBC, 0x0045, 0x0303},
    {0x1EBD, 0x0065, 0x0303}, {0x1EBE, 0x00CA, 0x0301}, {0x1EBF, 0x00EA, 0x0301}, {0x1EC0, 0x00CA, 0x0300},
    {0x1EC1, 0x00EA, 0x0300}, {0x1EC2, 0x00CA, 0x0309}, {0x1EC3, 0x00EA, 0x0309}, {0x1EC4, 0x00CA, 0x0303},
    {0x1EC5, 0x00EA, 0x0303}, {0x1EC6, 0x1EB8, 0x0302}, {0x1EC7, 0x1EB9, 0x0302}, {0x1EC8, 0x0049, 0x0309},
    {0x1EC9, 0x0069, 0x0309}, {0x1ECA, 0x0049, 0x0323}, {0x1ECB, 0x0069, 0x0323}, {0x1ECC, 0x004F, 0x0323},
    {0x1ECD, 0x006F, 0x0323}, {0x1ECE, 0x004F, 0x0309}, {0x1ECF, 0x006F, 0x0309}, {0x1ED0, 0x00D4, 0x0301},
    {0x1ED1, 0x00F4, 0x0301}, {0x1ED2, 0x00D4, 0x0300}, {0x1ED3, 0x00F4, 0x0300}, {0x1ED4, 0x00D4, 0x0309},
    {0x1ED5, 0x00F4, 0x0309}, {0x1ED6, 0x00D4, 0x0303}, {0x1ED7, 0x00F4, 0x0303}, {0x1ED8, 0x1ECC, 0x0302},
    {0x1ED9, 0x1ECD, 0x0302}, {0x1EDA, 0x01A0, 0x0301}, {0x1EDB, 0x01A1, 0x0301}, {0x1EDC, 0x01A0, 0x0300},
    {0x1EDD, 0x01A1, 0x0300}, {0x1EDE, 0x01A0, 0x0309}, {0x1EDF, 0x01A1, 0x0309}, {0x1EE0, 0x01A0, 0x0303},
    {0x1EE1, 0x01A1, 0x0303}, {0x1EE2, 0x01A0, 0x0323}, {0x1EE3, 0x01A1, 0x0323}, {0x1EE4, 0x0055, 0x0323},
    {0x1EE5, 0x0075, 0x0323}, {0x1EE6, 0x0055, 0x0309}, {0x1EE7, 0x0075, 0x0309}, {0x1EE8, 0x01AF, 0x0301},
    {0x1EE9, 0x01B0, 0x0301}, {0x1EEA, 0x01AF, 0x0300}, {0x1EEB, 0x01B0, 0x0300}, {0x1EEC, 0x01AF, 0x0309},
    {0x1EED, 0x01B0, 0x0309}, {0x1EEE, 0x01AF, 0x0303}, {0x1EEF, 0x01B0, 0x0303}, {0x1EF0, 0x01AF, 0x0323},
    {0x1EF1, 0x01B0, 0x0323}, {0x1EF2, 0x0059, 0x0300}, {0x1EF3, 0x0079, 0x0300}, {0x1EF4, 0x0059, 0x0323},
    {0x1EF5, 0x0079, 0x0323}, {0x1EF6, 0x0059, 0x0309}, {0x1EF7, 0x0079, 0x0309}, {0x1EF8, 0x0059, 0x0303},
    {0x1EF9, 0x0079, 0x0303},
};

#define NF_PAIRS (sizeof nf_pairs / sizeof nf_pairs[0])

static const uint32_t *nf_find_composed(uint32_t cp)
{
    size_t lo = 0, hi = NF_PAIRS;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (nf_pairs[mid][0] == cp) return nf_pairs[mid];
        if (nf_pairs[mid][0] < cp) lo = mid + 1; else hi = mid;
    }
    return NULL;
}

static uint32_t nf_compose(uint32_t base, uint32_t mark)
{
    for (size_t i = 0; i < NF_PAIRS; i++)
        if (nf_pairs[i][1] == base && nf_pairs[i][2] == mark) return nf_pairs[i][0];
    return 0;
}

static int nf_mark_p(uint32_t cp) { return (cp >= 0x300 && cp <= 0x36f); }

static void nf_decompose(uint32_t cp, uint32_t *out, int *n, int compat)
{
    if (compat) {
        if (cp >= 0xff01 && cp <= 0xff5e) cp -= 0xfee0;
        else if (cp == 0x3000) cp = ' ';
    }
    const uint32_t *d = nf_find_composed(cp);
    if (d) { nf_decompose(d[1], out, n, compat); out[(*n)++] = d[2]; return; }
    out[(*n)++] = cp;
}

SP_METHOD(s_unicode_normalize)
{
    sp_value form = argc > 0 ? argv[0] : sp_sym("nfc");
    int compat = form == sp_sym("nfkc") || form == sp_sym("nfkd");
    int compose = form == sp_sym("nfc") || form == sp_sym("nfkc");
    if (!compat && !compose && form != sp_sym("nfd"))
        sp_raise(sp_eArgError, "Invalid normalization form %s.", sp_str_cstr(sp_inspect(form)));
    SNAP(self, p, l);
    const char *e = p + l;
    sp_value out = sp_str_buf_new(l + 8);
    uint32_t buf[8];
    uint32_t pending = 0;          /* starter waiting for marks (compose) */
    int have = 0;
    char tmp[4];
    while (p < e) {
        int32_t cp;
        int k = sp_utf8_char(p, e, &cp);
        if (cp < 0) {
            if (have) { sp_str_cat(out, tmp, (size_t)sp_utf8_encode(pending, tmp)); have = 0; }
            sp_str_cat(out, p, 1); p++; continue;
        }
        int n = 0;
        nf_decompose((uint32_t)cp, buf, &n, compat);
        for (int i = 0; i < n; i++) {
            uint32_t c = buf[i];
            if (!compose) { sp_str_cat(out, tmp, (size_t)sp_utf8_encode(c, tmp)); continue; }
            if (have && nf_mark_p(c)) {
                uint32_t m = nf_compose(pending, c);
                if (m) { pending = m; continue; }
            }
            if (have) sp_str_cat(out, tmp, (size_t)sp_utf8_encode(pending, tmp));
            pending = c;
            have = 1;
        }
        p += k;
    }
    if (have) sp_str_cat(out, tmp, (size_t)sp_utf8_encode(pending, tmp));
    return out;
}

SP_METHOD(s_unicode_normalized_p)
{
    return SP_BOOL(sp_str_equal(self, s_unicode_normalize(self, argc_, argv, blk)));
}

/* ------------------------------------------------------------------ */

void sp_init_string_enc(sp_value S)
{
    cEncoding = sp_define_class("Encoding", sp_cObject);
    sp_class_set_allocator(cEncoding, NULL); /* instances are the table's (CRuby: allocator undefined) */
    for (int i = 0; i < ENC__COUNT; i++) {
        sp_encoding *e = sp_alloc(sizeof(sp_encoding), cEncoding, SP_T_DATA);
        e->id = i;
        e->hdr.flags |= SP_FL_FROZEN;
        enc_objs[i] = (sp_value)e;
        sp_define_const(cEncoding, encs[i].const_name, enc_objs[i]);
    }
    default_ext = enc_objs[ENC_UTF8];
    sp_define_const(cEncoding, "BINARY", enc_objs[ENC_BINARY]);
    sp_define_const(cEncoding, "ASCII", enc_objs[ENC_USASCII]);
    eCompat = sp_define_class_under(cEncoding, "CompatibilityError", sp_eEncodingError);
    eUndef = sp_define_class_under(cEncoding, "UndefinedConversionError", sp_eEncodingError);
    eInvalid = sp_define_class_under(cEncoding, "InvalidByteSequenceError", sp_eEncodingError);
    eNotFound = sp_define_class_under(cEncoding, "ConverterNotFoundError", sp_eEncodingError);
    sp_define_method(cEncoding, "to_s", enc_to_s, 0);
    sp_define_method(cEncoding, "name", enc_to_s, 0);
    sp_define_method(cEncoding, "inspect", enc_inspect, 0);
    sp_define_method(cEncoding, "names", enc_names, 0);
    sp_define_method(cEncoding, "dummy?", enc_dummy_p, 0);
    sp_define_method(cEncoding, "ascii_compatible?", enc_ascii_compat_p, 0);
    sp_define_singleton_method(cEncoding, "find", enc_s_find, 1);
    sp_define_singleton_method(cEncoding, "list", enc_s_list, 0);
    sp_define_singleton_method(cEncoding, "default_external", enc_s_default_external, 0);
    sp_define_singleton_method(cEncoding, "default_internal", enc_s_default_internal, 0);
    sp_define_singleton_method(cEncoding, "default_external=", enc_s_set_default_external, 1);
    sp_define_singleton_method(cEncoding, "default_internal=", enc_s_set_default_internal, 1);

    sp_define_method(S, "encode", s_encode, -1);
    sp_define_method(S, "encode!", s_encode_b, -1);
    sp_define_method(S, "encoding", s_encoding, 0);
    sp_define_method(S, "force_encoding", s_force_encoding, 1);
    sp_define_method(S, "b", s_b, 0);
    sp_define_method(S, "valid_encoding?", s_valid_encoding, 0);
    sp_define_method(S, "ascii_only?", s_ascii_only, 0);
    sp_define_method_range(S, "scrub", s_scrub, 0, 1);
    sp_define_method_range(S, "scrub!", s_scrub_b, 0, 1);
    sp_define_method(S, "unicode_normalize", s_unicode_normalize, -1);
    sp_define_method(S, "unicode_normalized?", s_unicode_normalized_p, -1);
}

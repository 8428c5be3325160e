/*
 * sp_pack.c — Array#pack, and the format helpers String#unpack shares
 * (sp_string_conv.c): directive parsing, skipping of blanks and comments.
 *
 * pack walks the format once, appending to one String; each directive
 * takes its elements from the Array in order ("too few arguments" past
 * the end).  The result's encoding follows CRuby's pack.c: US-ASCII while
 * only m, M and u have run, UTF-8 when U came first, else ASCII-8BIT.
 */
#include "sp_array.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_hash.h"
#include "sp_pack.h"
#include <gmp.h>
#include <string.h>

/* pack/unpack formats: whitespace between directives and `#` comments to
 * the end of the line are skipped (1 if f[*i] starts one; *i is moved to
 * its last character). */
int sp_pack_skip(const char *f, size_t fl, size_t *i)
{
    char c = f[*i];
    if (c == ' ' || (c >= '\t' && c <= '\r')) return 1;
    if (c != '#') return 0;
    while (*i + 1 < fl && f[*i + 1] != '\n') (*i)++;
    return 1;
}

/* What follows the directive f[*i]: its modifiers ('<' '>' '_' '!', only
 * after sSiIlLqQjJ: CRuby's ArgumentError otherwise) into mods, then a
 * count: '*' (*star), digits (*has_count), or 1; *i moves past them. */
void sp_pack_count(const char *f, size_t fl, size_t *i, char mods[4], long *count, int *star, int *has_count)
{
    char c = f[*i];
    int nm = 0;
    memset(mods, 0, 4);
    while (*i + 1 < fl && f[*i + 1] && strchr("<>_!", f[*i + 1]) && nm < 3) mods[nm++] = f[++*i];
    if (nm && !strchr("sSiIlLqQjJ", c))
        sp_raise(sp_eArgError, "'%c' allowed only after types sSiIlLqQjJ", mods[0]);
    *count = 1; *star = 0; *has_count = 0;
    if (*i + 1 < fl && f[*i + 1] == '*') { *star = 1; ++*i; }
    else if (*i + 1 < fl && f[*i + 1] >= '0' && f[*i + 1] <= '9') {
        *count = 0; *has_count = 1;
        while (*i + 1 < fl && f[*i + 1] >= '0' && f[*i + 1] <= '9') *count = *count * 10 + (f[++*i] - '0');
    }
}

/* Integer directive properties: size in bytes, signedness, endianness
 * (0 little, 1 big); modifiers '<' '>' '_' '!' adjust them. */
int sp_pack_int_info(char c, const char *mods, int *size, int *sgn, int *big)
{
    int native_long = 0;
    *big = 0;
    switch (c) {
    case 'c': *size = 1; *sgn = 1; break;
    case 'C': *size = 1; *sgn = 0; break;
    case 's': *size = 2; *sgn = 1; break;
    case 'S': *size = 2; *sgn = 0; break;
    case 'l': *size = 4; *sgn = 1; native_long = 1; break;
    case 'L': *size = 4; *sgn = 0; native_long = 1; break;
    case 'i': *size = 4; *sgn = 1; break;
    case 'I': *size = 4; *sgn = 0; break;
    case 'q': case 'j': *size = 8; *sgn = 1; break;
    case 'Q': case 'J': *size = 8; *sgn = 0; break;
    case 'n': *size = 2; *sgn = 0; *big = 1; return 1;
    case 'N': *size = 4; *sgn = 0; *big = 1; return 1;
    case 'v': *size = 2; *sgn = 0; return 1;
    case 'V': *size = 4; *sgn = 0; return 1;
    default: return 0;
    }
    for (const char *m = mods; *m; m++) {
        if (*m == '>') *big = 1;
        else if (*m == '<') *big = 0;
        else if ((*m == '_' || *m == '!') && native_long) *size = 8;
    }
    return 1;
}

/* One line of base64 ('m') or uuencode ('u') of len bytes, with its
 * newline when lf (CRuby's encodes): 'u' starts with the length
 * character, pads with '`' instead of '='. */
static void encodes(sp_value out, const unsigned char *s, size_t len, char type, int lf)
{
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    static const char uu[] = "`!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_";
    const char *t = type == 'u' ? uu : b64;
    char pad = type == 'u' ? '`' : '=';
    if (type == 'u') { char n = (char)(len + ' '); sp_str_cat(out, &n, 1); }
    for (; len >= 3; len -= 3, s += 3) {
        char q[4] = { t[s[0] >> 2], t[((s[0] << 4) & 060) | (s[1] >> 4)],
                      t[((s[1] << 2) & 074) | (s[2] >> 6)], t[s[2] & 077] };
        sp_str_cat(out, q, 4);
    }
    if (len == 2) {
        char q[4] = { t[s[0] >> 2], t[((s[0] << 4) & 060) | (s[1] >> 4)], t[(s[1] << 2) & 074], pad };
        sp_str_cat(out, q, 4);
    } else if (len == 1) {
        char q[4] = { t[s[0] >> 2], t[(s[0] << 4) & 060], pad, pad };
        sp_str_cat(out, q, 4);
    }
    if (lf) sp_str_cat(out, "\n", 1);
}

/* Quoted-printable ('M', CRuby's qpencode): bytes outside 32..126 (but
 * tab and newline) and '=' as =XX; a blank before a newline is kept by
 * "=\n"; a soft line break "=\n" once a line passes len characters and
 * at the end of text that does not end in a newline. */
static void qpencode(sp_value out, sp_value from, long len)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t fl; const unsigned char *s = (const unsigned char *)sp_str_snap(from, &fl);
    long n = 0;
    int prev = -1;
    for (size_t k = 0; k < fl; k++) {
        unsigned char ch = s[k];
        if (ch > 126 || (ch < 32 && ch != '\n' && ch != '\t') || ch == '=') {
            char e[3] = { '=', hex[ch >> 4], hex[ch & 15] };
            sp_str_cat(out, e, 3);
            n += 3;
            prev = -1;
        } else if (ch == '\n') {
            if (prev == ' ' || prev == '\t') sp_str_cat(out, "=\n", 2);
            sp_str_cat(out, "\n", 1);
            n = 0;
            prev = ch;
        } else {
            sp_str_cat(out, (const char *)&ch, 1);
            n++;
            prev = ch;
        }
        if (n > len) {
            sp_str_cat(out, "=\n", 2);
            n = 0;
        }
    }
    if (n > 0) sp_str_cat(out, "=\n", 2);
}

/* The next element a directive packs ("too few arguments" past the end). */
static sp_value pack_arg(sp_value self, long *idx)
{
    if (*idx >= sp_ary_len(self)) sp_raise(sp_eArgError, "too few arguments");
    return sp_ary_entry(self, (*idx)++);
}

/* The string a/A/Z/B/b/H/h pack: nil packs as "", as CRuby. */
static sp_value pack_str(sp_value self, long *idx)
{
    sp_value v = pack_arg(self, idx);
    return v == SP_NIL ? sp_str_new(NULL, 0) : sp_str_to_str(v);
}

/* pack's buffer: option: a String the result is appended to (nil: none) */
static sp_value buffer_arg(int argc_, const sp_value *argv, int *argc)
{
    if (!(argc_ & SP_ARGC_KW) || *argc == 0) return SP_NIL;
    sp_value kw = argv[--*argc], buf = sp_hash_lookup(kw, sp_sym("buffer"), SP_NIL);
    if (sp_hash_size(kw) > (sp_hash_lookup(kw, sp_sym("buffer"), SP_UNDEF) == SP_UNDEF ? 0 : 1)) {
        sp_value ks = sp_funcall0(sp_funcall0(kw, "keys"), "inspect");
        size_t l; const char *p = sp_str_snap(ks, &l);
        sp_raise(sp_eArgError, "unknown keyword: %.*s", (int)(l - 2), p + 1);
    }
    if (buf == SP_NIL) return SP_NIL;
    if (!sp_str_p(buf)) sp_raise(sp_eTypeError, "buffer must be String, not %s", sp_obj_classname(buf));
    sp_check_frozen(buf);
    return buf;
}

/* Array#pack(format, buffer: nil) */
SP_METHOD(a_pack)
{
    int npos = argc;
    sp_value buffer = buffer_arg(argc_, argv, &npos);
    if (npos != 1) sp_raise_arity(npos, 1, 1);
    sp_value fmt = sp_str_to_str(argv[0]);
    size_t fl; const char *f = sp_str_snap(fmt, &fl);
    sp_value out = buffer != SP_NIL ? buffer : sp_str_new(NULL, 0);
    long idx = 0;
    /* the result's encoding, as CRuby's pack.c: US-ASCII while only m, M
     * and u have run, UTF-8 if U came first, else ASCII-8BIT */
    int enc_info = 1;          /* 0 binary, 1 US-ASCII, 2 UTF-8 */
    for (size_t i = 0; i < fl; i++) {
        char c = f[i];
        if (sp_pack_skip(f, fl, &i)) continue;
        char mods[4]; long count; int star, has_count;
        sp_pack_count(f, fl, &i, mods, &count, &star, &has_count);
        int size, sgn, big;
        if (sp_pack_int_info(c, mods, &size, &sgn, &big)) {
            long n = star ? sp_ary_len(self) - idx : count;
            for (long k = 0; k < n; k++) {
                if (idx >= sp_ary_len(self)) sp_raise(sp_eArgError, "too few arguments");
                sp_value e = pack_arg(self, &idx);
                uint64_t v;
                if (sp_bignum_p(e)) { mpz_t z; mpz_init(z); sp_int_to_mpz(e, z); v = (uint64_t)mpz_get_ui(z); if (mpz_sgn(z) < 0) v = (uint64_t)-(int64_t)v; }
                else v = (uint64_t)sp_num_to_long(e);
                for (int b2 = 0; b2 < size; b2++) {
                    int shift = big ? (size - 1 - b2) * 8 : b2 * 8;
                    char ch = (char)(v >> shift);
                    sp_str_cat(out, &ch, 1);
                }
            }
            enc_info = 0;
            continue;
        }
        switch (c) {
        case 'U': {
            if (enc_info == 1) enc_info = 2;
            long n = star ? sp_ary_len(self) - idx : count;
            for (long k = 0; k < n; k++) { char b4[4]; int m = sp_utf8_encode((uint32_t)sp_num_to_long(pack_arg(self, &idx)), b4); sp_str_cat(out, b4, (size_t)m); }
            break;
        }
        case 'a': case 'A': case 'Z': {
            sp_value sv = pack_str(self, &idx);
            size_t sl; const char *sp2 = sp_str_snap(sv, &sl);
            size_t n = star ? sl + (c == 'Z') : (size_t)count;
            for (size_t k = 0; k < n; k++) { char b1 = k < sl ? sp2[k] : (c == 'A' ? ' ' : 0); sp_str_cat(out, &b1, 1); }
            enc_info = 0;
            break;
        }
        case 'H': case 'h': {
            sp_value sv = pack_str(self, &idx);
            size_t sl; const char *sp2 = sp_str_snap(sv, &sl);
            size_t n = star || !has_count ? (star ? sl : 1) : (size_t)count;
            unsigned char acc = 0;
            for (size_t k = 0; k < n; k++) {
                char ch = k < sl ? sp2[k] : '0';
                int d = ch >= '0' && ch <= '9' ? ch - '0' : ((ch | 0x20) - 'a' + 10) & 15;
                if (c == 'H') acc |= (unsigned char)(k % 2 == 0 ? d << 4 : d);
                else acc |= (unsigned char)(k % 2 == 0 ? d : d << 4);
                if (k % 2 == 1) { sp_str_cat(out, (char *)&acc, 1); acc = 0; }
            }
            if (n % 2) sp_str_cat(out, (char *)&acc, 1);
            enc_info = 0;
            break;
        }
        case 'B': case 'b': {
            sp_value sv = pack_str(self, &idx);
            size_t sl; const char *sp2 = sp_str_snap(sv, &sl);
            size_t n = star ? sl : (has_count ? (size_t)count : 1);
            unsigned char acc = 0;
            for (size_t k = 0; k < n; k++) {
                int bit = k < sl && (sp2[k] & 1);   /* the low bit of each character, as CRuby */
                if (c == 'B') acc |= (unsigned char)(bit << (7 - k % 8)); else acc |= (unsigned char)(bit << (k % 8));
                if (k % 8 == 7) { sp_str_cat(out, (char *)&acc, 1); acc = 0; }
            }
            if (n % 8) sp_str_cat(out, (char *)&acc, 1);
            enc_info = 0;
            break;
        }
        case 'x': case 'X': case '@': {   /* NULs; back up; to an absolute offset ('*': 0) */
            size_t len = sp_str_len(out), n = star ? 0 : (size_t)count;
            if (c == 'x') sp_str_resize(out, len + n);
            else if (c == 'X') {
                if (n > len) sp_raise(sp_eArgError, "X outside of string");
                sp_str_resize(out, len - n);
            } else sp_str_resize(out, n);
            enc_info = 0;
            break;
        }
        case 'E': case 'e': case 'D': case 'd': case 'G': case 'g': case 'F': case 'f': {
            long n = star ? sp_ary_len(self) - idx : count;
            for (long k = 0; k < n; k++) {
                double dv = sp_to_float(pack_arg(self, &idx));
                int dbl = c == 'E' || c == 'D' || c == 'd' || c == 'G';
                int bige = c == 'G' || c == 'g';
                unsigned char bytes[8];
                int sz = dbl ? 8 : 4;
                if (dbl) memcpy(bytes, &dv, 8); else { float fv = (float)dv; memcpy(bytes, &fv, 4); }
                for (int q = 0; q < sz; q++) sp_str_cat(out, (char *)&bytes[bige ? sz - 1 - q : q], 1);
            }
            enc_info = 0;
            break;
        }
        case 'm': case 'u': {   /* base64 / uuencode: lines of count bytes (CRuby's limits) */
            sp_value sv = sp_str_to_str(pack_arg(self, &idx));
            size_t sl; const unsigned char *p = (const unsigned char *)sp_str_snap(sv, &sl);
            long len = star ? (c == 'm' ? 1 : sp_ary_len(self) - idx) : count;
            if (len == 0 && c == 'm') { encodes(out, p, sl, 'm', 0); break; }
            if (len <= 2) len = 45;
            else if (len > 63 && c == 'u') len = 63;
            else len = len / 3 * 3;
            while (sl > 0) {
                size_t todo = sl > (size_t)len ? (size_t)len : sl;
                encodes(out, p, todo, c, 1);
                sl -= todo;
                p += todo;
            }
            break;
        }
        case 'M': {             /* quoted-printable of #to_s, lines up to count (72) characters */
            long len = star ? 1 : count;
            qpencode(out, sp_to_s(pack_arg(self, &idx)), len <= 1 ? 72 : len);
            break;
        }
        default: sp_raise(sp_eArgError, "unknown pack directive '%c' in '%s'", c, sp_str_cstr(fmt));
        }
    }
    if (enc_info == 0) { if (buffer == SP_NIL) sp_str_set_binary(out); }   /* a buffer keeps its encoding */
    else if (enc_info == 1) sp_str_src_enc(out, 2);
    else if (buffer != SP_NIL) sp_funcall1(out, "force_encoding", sp_str_new_cstr("UTF-8"));
    return out;
}

void sp_init_pack(sp_value array_class)
{
    sp_define_method(array_class, "pack", a_pack, -1);
}

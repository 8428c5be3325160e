#define _GNU_SOURCE
/*
 * sp_string_conv.c — String conversions (to_i, to_f, to_sym, succ, reverse,
 * undump), unpack and crypt.
 *
 * Split out of sp_string.c; shares its internal helpers through
 * sp_string_int.h (representation and publication rule: sp_string.h).
 */
#include "sp_pack.h"
#include "sp_string_int.h"

#include <crypt.h>
#include <errno.h>

/* ------------------------------------------------------------------ */
/* Conversion                                                          */

SP_METHOD(s_to_i)
{
    int base = argc > 0 ? (int)sp_num_to_long(argv[0]) : 10;
    if (base < 0 || base == 1 || base > 36) sp_raise(sp_eArgError, "invalid radix %d", base);
    SNAP(self, p, l);
    return sp_cstr_to_inum(p, l, base, 0);
}
SP_METHOD(s_hex) { SNAP(self, p, l); return sp_cstr_to_inum(p, l, 16, 0); }
SP_METHOD(s_oct)
{
    SNAP(self, p, l);
    const char *q = p; size_t m = l;
    while (m && sp_str_ws((unsigned char)*q)) { q++; m--; }
    const char *r = q; if (m && (*r == '-' || *r == '+')) r++;
    if (r + 1 < q + m && r[0] == '0' && strchr("xXbBoOdD", r[1])) return sp_cstr_to_inum(p, l, 0, 0);
    return sp_cstr_to_inum(p, l, 8, 0);
}
/* Digits with single underscores between them, appended to buf;
 * returns how many digits. */
static int rat_digits(const char *p, size_t l, size_t *i, char *buf, size_t *bl)
{
    int n = 0;
    while (*i < l) {
        char c = p[*i];
        if (c >= '0' && c <= '9') { buf[(*bl)++] = c; n++; (*i)++; }
        else if (c == '_' && n && *i + 1 < l && p[*i + 1] >= '0' && p[*i + 1] <= '9') (*i)++;
        else break;
    }
    return n;
}

/* String#to_r: leading whitespace, [sign] digits[.digits][e[sign]digits]
 * [/digits]; whatever follows is ignored, no number at all is (0/1),
 * "3/0" raises ZeroDivisionError as in CRuby. */
SP_METHOD(s_to_r)
{
    size_t l; const char *p = sp_str_snap(self, &l);
    char *buf = GC_MALLOC_ATOMIC(l + 2);
    size_t i = 0, bl = 0;
    while (i < l && (p[i] == ' ' || (p[i] >= '\t' && p[i] <= '\r'))) i++;
    int neg = 0;
    if (i < l && (p[i] == '+' || p[i] == '-')) neg = p[i++] == '-';
    int nd = rat_digits(p, l, &i, buf, &bl);
    long scale = 0;
    if (i + 1 < l && p[i] == '.' && p[i + 1] >= '0' && p[i + 1] <= '9') {
        i++;
        size_t before = bl;
        nd += rat_digits(p, l, &i, buf, &bl);
        scale = -(long)(bl - before);
    }
    mpz_t num, den; mpz_init(num); mpz_init_set_ui(den, 1);
    if (nd) {
        buf[bl] = 0;
        mpz_set_str(num, buf, 10);
        if (i + 1 < l && (p[i] == 'e' || p[i] == 'E')) {
            size_t j = i + 1; int eneg = 0;
            if (j < l && (p[j] == '+' || p[j] == '-')) eneg = p[j++] == '-';
            size_t eb = 0;
            if (j < l && p[j] >= '0' && p[j] <= '9' && rat_digits(p, l, &j, buf, &eb)) {
                buf[eb] = 0;
                long e = strtol(buf, NULL, 10);
                scale += eneg ? -e : e;
                i = j;
            }
        }
        if (i + 1 < l && p[i] == '/' && p[i + 1] >= '0' && p[i + 1] <= '9') {
            i++;
            size_t db = 0;
            rat_digits(p, l, &i, buf, &db);
            buf[db] = 0;
            mpz_set_str(den, buf, 10);
        }
    }
    mpz_t t; mpz_init(t);
    if (scale > 0) { mpz_ui_pow_ui(t, 10, (unsigned long)scale); mpz_mul(num, num, t); }
    else if (scale < 0) { mpz_ui_pow_ui(t, 10, (unsigned long)-scale); mpz_mul(den, den, t); }
    if (neg) mpz_neg(num, num);
    sp_value r = sp_rational_new(sp_big_from_mpz(num), sp_big_from_mpz(den));
    mpz_clear(num); mpz_clear(den); mpz_clear(t);
    return r;
}

SP_METHOD(s_to_f)
{
    SNAP(self, p, l);
    double d;
    sp_cstr_to_dbl(p, l, 0, &d);
    return sp_float_new(d);
}
SP_METHOD(s_to_sym)
{
    SNAP(self, p, l);
    return SP_ID2SYM(sp_intern_len(p, l));
}
SP_METHOD(s_ord)
{
    SNAP(self, p, l);
    if (l == 0) sp_raise(sp_eArgError, "empty string");
    if (BIN(self)) return SP_FIX((unsigned char)p[0]);
    int32_t cp;
    sp_utf8_char(p, p + l, &cp);
    if (cp < 0) sp_raise(sp_eArgError, "invalid byte sequence in UTF-8");
    return SP_FIX(cp);
}
SP_METHOD(s_sum)
{
    int bits = argc > 0 ? (int)sp_num_to_long(argv[0]) : 16;
    SNAP(self, p, l);
    uint64_t s = 0;
    for (size_t i = 0; i < l; i++) s += (unsigned char)p[i];
    if (bits > 0 && bits < 64) s &= ((uint64_t)1 << bits) - 1;
    return sp_int_from_u64(s);
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
    /* MRI's rule: carry moves left over non-alphanumerics, but stops at an
     * alphanumeric of the other kind (letter vs digit) behind such a gap. */
    int gap = 0;
    for (; i >= 0; i--) {
        unsigned char c = (unsigned char)s[i];
        if (gap && last_alnum >= 0) {
            unsigned char w = (unsigned char)s[last_alnum];
            if (isalpha(w) ? isdigit(c) : isdigit(w) ? isalpha(c) : 0) break;
        }
        if (!isalnum(c)) { gap = 1; continue; }
        gap = 0;
        if (c == 'z') { s[i] = 'a'; last_alnum = i; continue; }
        if (c == 'Z') { s[i] = 'A'; last_alnum = i; continue; }
        if (c == '9') { s[i] = '0'; last_alnum = i; continue; }
        s[i] = (char)(c + 1);
        return sp_str_new_like(self, s, l);
    }
    /* carry out of the leftmost alnum: insert */
    char ins = s[last_alnum] == 'a' ? 'a' : s[last_alnum] == 'A' ? 'A' : '1';
    sp_value out = sp_str_buf_new(l + 1);
    SP_HDR(out)->flags |= sp_str_enc_bits(self);
    sp_str_cat(out, s, (size_t)last_alnum);
    sp_str_cat(out, &ins, 1);
    sp_str_cat(out, s + last_alnum, l - (size_t)last_alnum);
    return out;
}
SP_METHOD(s_succ) { return str_succ(self); }
SP_METHOD(s_succ_b) { sp_str_modify(self); sp_value r = str_succ(self); SNAP(r, p, l); sp_str_set_bytes(self, p, l); return self; }

static int all_digits(const char *p, size_t n)
{
    if (n == 0) return 0;
    for (size_t i = 0; i < n; i++) if (p[i] < '0' || p[i] > '9') return 0;
    return 1;
}

SP_METHOD(s_upto)
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

SP_METHOD(s_undump)
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

SP_METHOD(s_between)
{
    return SP_BOOL(sp_str_cmp(self, str_arg(argv[0])) >= 0 && sp_str_cmp(self, str_arg(argv[1])) <= 0);
}


/* ------------------------------------------------------------------ */
/* unpack1 / unpack (common formats)                                   */


/* unpack 'u': uuencoded lines (a length character, then 4 characters per
 * 3 bytes), into a binary String; CRuby's tolerance of short lines. */
static size_t unpack_uu(sp_value out, const char *p, size_t s, size_t l)
{
    size_t cap = (l - s) * 3 / 4, total = 0;
    char *buf = GC_MALLOC_ATOMIC(cap + 3);
    char *ptr = buf;
    while (s < l && (unsigned char)p[s] > ' ' && (unsigned char)p[s] < 'a') {
        long len = ((unsigned char)p[s++] - ' ') & 077;
        total += (size_t)len;
        if (total > cap) { len -= (long)(total - cap); total = cap; }
        while (len > 0) {
            long mlen = len > 3 ? 3 : len;
            int q[4];
            for (int k = 0; k < 4; k++) {
                if (s < l && (unsigned char)p[s] >= ' ' && (unsigned char)p[s] < 'a') q[k] = ((unsigned char)p[s++] - ' ') & 077;
                else q[k] = 0;
            }
            char hunk[3] = { (char)(q[0] << 2 | q[1] >> 4), (char)(q[1] << 4 | q[2] >> 2), (char)(q[2] << 6 | q[3]) };
            memcpy(ptr, hunk, (size_t)mlen);
            ptr += mlen;
            len -= mlen;
        }
        if (s < l && p[s] != '\r' && p[s] != '\n') s++;    /* a checksum character */
        if (s < l && p[s] == '\r') s++;
        if (s < l && p[s] == '\n') s++;
    }
    sp_value sv = sp_str_new(buf, total);
    sp_str_set_binary(sv);
    sp_ary_push(out, sv);
    return s;
}

/* unpack 'M': quoted-printable (=XX escapes, "=\n" soft line breaks) into
 * a binary String; a malformed escape stops decoding and the rest is kept
 * as is, as CRuby does.  The count is ignored.  Returns the new position. */
static size_t unpack_qp(sp_value out, const char *p, size_t pos, size_t l)
{
    sp_value sv = sp_str_buf_new(l - pos);
    size_t s = pos, ss = pos;
    while (s < l) {
        if (p[s] == '=') {
            if (++s == l) break;
            if (s + 1 < l && p[s] == '\r' && p[s + 1] == '\n') s++;
            if (p[s] != '\n') {
                int c1 = sp_digit_val((unsigned char)p[s]);
                if (c1 < 0 || c1 > 15) break;
                if (++s == l) break;
                int c2 = sp_digit_val((unsigned char)p[s]);
                if (c2 < 0 || c2 > 15) break;
                char ch = (char)(c1 << 4 | c2);
                sp_str_cat(sv, &ch, 1);
            }
        } else sp_str_cat(sv, p + s, 1);
        s++;
        ss = s;
    }
    sp_str_cat(sv, p + ss, l - ss);
    sp_str_set_binary(sv);
    sp_ary_push(out, sv);
    return l;
}

SP_METHOD(s_unpack)
{
    sp_value fmt = str_arg(argv[0]);
    SNAP(fmt, f, fl);
    SNAP(self, p, l);
    sp_value out = sp_ary_new();
    size_t pos = 0;
    for (size_t i = 0; i < fl; i++) {
        char c = f[i];
        if (sp_pack_skip(f, fl, &i)) continue;
        char mods[4]; long count; int star, has_count;
        sp_pack_count(f, fl, &i, mods, &count, &star, &has_count);
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
            if (c != 'Z' || 1) { if (!sp_str_ascii_p(p + pos, m)) sp_str_set_binary(sv); }
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
            if (has_count && count == 0) {
                /* m0: strict RFC 4648 (CRuby: ArgumentError "invalid base64"
                 * for a length not a multiple of 4, a character outside the
                 * alphabet, misplaced padding or non-zero padding bits) */
                size_t n = l - pos, pad = 0;
                if (n % 4) sp_raise(sp_eArgError, "invalid base64");
                if (n && p[l - 1] == '=') pad++;
                if (n && p[l - 2] == '=') pad++;
                for (size_t i = pos; i < l - pad; i++) {
                    const char *q = p[i] ? strchr(tbl, p[i]) : NULL;
                    if (!q) sp_raise(sp_eArgError, "invalid base64");
                    acc = (acc << 6) | (uint32_t)(q - tbl); bits += 6;
                    if (bits >= 8) { bits -= 8; char ch = (char)(acc >> bits); sp_str_cat(sv, &ch, 1); }
                }
                if (bits && (acc & ((1u << bits) - 1))) sp_raise(sp_eArgError, "invalid base64");
                pos = l;
                sp_str_set_binary(sv);
                sp_ary_push(out, sv);
                break;
            }
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
        case 'M':
            pos = unpack_qp(out, p, pos, l);
            break;
        case 'u':
            pos = unpack_uu(out, p, pos, l);
            break;
        case 'w': {
            /* BER-compressed integers: 7 bits a byte, high bit = more follow */
            long n = star ? LONG_MAX : count;
            sp_value v = SP_FIX(0);
            while (n > 0 && pos < l) {
                unsigned char b = (unsigned char)p[pos++];
                v = sp_int_plus(sp_int_mul(v, SP_FIX(128)), SP_FIX(b & 0x7f));
                if (!(b & 0x80)) { sp_ary_push(out, v); v = SP_FIX(0); n--; }
            }
            break;
        }
        default:
            sp_raise(sp_eArgError, "unknown unpack directive '%c' in '%s'", c, sp_str_cstr(fmt));
        }
    }
    return out;
}

SP_METHOD(s_unpack1)
{
    sp_value a = s_unpack(self, argc, argv, blk);
    return sp_ary_entry(a, 0);
}


/* ------------------------------------------------------------------ */
/* crypt                                                               */

/* String#crypt(salt): crypt_r(3) from libxcrypt (reentrant: the state
 * lives in a malloc'd buffer of this call, ~32 KiB, so parallel threads
 * never share one).  As in CRuby both strings are C strings (a NUL in
 * self is an error, the salt ends at its first NUL), the salt needs two
 * bytes, and the result is a new ASCII-8BIT String. */
SP_METHOD(s_crypt)
{
    sp_value salt = sp_str_to_str(argv[0]);
    SNAP(self, p, l);
    if (memchr(p, 0, l)) sp_raise(sp_eArgError, "string contains null byte");
    char *key = sp_str_cstr(self), *st = sp_str_cstr(salt);
    if (strlen(st) < 2) sp_raise(sp_eArgError, "salt too short (need >=2 bytes)");
    struct crypt_data *cd = calloc(1, sizeof *cd);
    if (!cd) sp_raise_syserr(ENOMEM, "crypt");
    const char *r = crypt_r(key, st, cd);
    if (!r) { int e = errno; free(cd); sp_raise_syserr(e, "crypt"); }
    sp_value out = sp_str_new(r, strlen(r));
    free(cd);
    SP_HDR(out)->flags |= SP_STR_BINARY;
    return out;
}

/* Atomic under the object lock (SP_STR_ATOMIC, sp_string_int.h). */
SP_STR_ATOMIC(s_succ_b)

void sp_init_string_conv(sp_value S)
{
    sp_define_method_range(S, "to_i", s_to_i, 0, 1);
    sp_define_method(S, "to_f", s_to_f, 0);
    sp_define_method(S, "to_r", s_to_r, 0);
    sp_define_method(S, "crypt", s_crypt, 1);
    sp_define_method(S, "hex", s_hex, 0);
    sp_define_method(S, "oct", s_oct, 0);
    sp_define_method(S, "to_sym", s_to_sym, 0);
    sp_define_method(S, "intern", s_to_sym, 0);
    sp_define_method(S, "undump", s_undump, 0);
    sp_define_method(S, "succ", s_succ, 0);
    sp_define_method(S, "next", s_succ, 0);
    sp_define_method(S, "succ!", s_succ_b_atomic, 0);
    sp_define_method(S, "next!", s_succ_b_atomic, 0);
    sp_define_method(S, "upto", s_upto, -1);
    sp_define_method(S, "between?", s_between, 2);
    sp_define_method(S, "ord", s_ord, 0);
    sp_define_method_range(S, "sum", s_sum, 0, 1);
    sp_define_method(S, "unpack", s_unpack, -1);
    sp_define_method(S, "unpack1", s_unpack1, -1);
}

/*
 * sp_format.c — Kernel#sprintf / format / String#% (CRuby semantics).
 *
 * Directives: %[flags][width][.prec]type with flags "-+ 0#", width and
 * precision as digits or '*', absolute arguments "%1$s", named
 * "%<name>d" (formatted) and "%{name}" (to_s).  Types: d i u f e E g G a
 * A s p x X o b B c %.  Floats are formatted with the C library (the
 * same correctly rounded output CRuby's BSD printf gives); Inf/NaN print
 * as "Inf"/"NaN".  Negative numbers in %x/%o/%b without a sign flag use
 * CRuby's two's complement "..f01" notation.  Cost: one pass over the
 * format, one String built incrementally.
 */
#include "sp_string.h"
#include "sp_numeric.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_string_int.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { F_MINUS = 1, F_PLUS = 2, F_SPACE = 4, F_ZERO = 8, F_SHARP = 16, F_KEEPZ = 32 /* %g: keep trailing zeros */,
       F_WIDTH = 64, F_PREC0 = 128 /* seen while parsing a directive */ };

typedef struct fmt_state {
    int nargs;
    const sp_value *args;
    int next;            /* next sequential argument */
    int posarg;          /* CRuby's: >0 unnumbered used, -1 numbered, -2 named */
    sp_value hash;       /* for named references */
} fmt_state;

static sp_value next_arg(fmt_state *st)
{
    if (st->posarg == -1) sp_raise(sp_eArgError, "unnumbered(%d) mixed with numbered", st->next + 1);
    if (st->posarg == -2) sp_raise(sp_eArgError, "unnumbered(%d) mixed with named", st->next + 1);
    if (st->next >= st->nargs) sp_raise(sp_eArgError, "too few arguments");
    st->posarg = st->next + 1;
    return st->args[st->next++];
}

/* %n$...: the n-th argument (1-based). */
static sp_value pos_arg(fmt_state *st, int n)
{
    if (st->posarg > 0) sp_raise(sp_eArgError, "numbered(%d) after unnumbered(%d)", n, st->posarg);
    if (st->posarg == -2) sp_raise(sp_eArgError, "numbered(%d) after named", n);
    if (n < 1) sp_raise(sp_eArgError, "invalid index - %d$", n);
    if (n > st->nargs) sp_raise(sp_eArgError, "too few arguments");
    st->posarg = -1;
    return st->args[n - 1];
}

/* Before a %<name> / %{name} reference. */
static void check_name_arg(fmt_state *st, const char *name, int len)
{
    if (st->posarg > 0) sp_raise(sp_eArgError, "named%.*s after unnumbered(%d)", len, name, st->posarg);
    if (st->posarg == -1) sp_raise(sp_eArgError, "named%.*s after numbered", len, name);
    st->posarg = -2;
}

static sp_value get_hash(fmt_state *st)
{
    if (st->hash == SP_UNDEF) {
        if (st->nargs != 1 || !sp_hash_p(st->args[0])) sp_raise(sp_eArgError, "one hash required");
        st->hash = st->args[0];
    }
    return st->hash;
}

/* Pad `body` (with an optional sign/prefix that zero padding goes after)
 * to width and append to out. */
static void emit(sp_value out, const char *prefix, size_t plen, const char *body, size_t blen,
                 int flags, int width, int zero_ok, long body_chars)
{
    long len = (long)plen + body_chars;
    long pad = width > len ? width - len : 0;
    size_t have; sp_str_snap(out, &have);
    if ((size_t)pad + plen + blen >= (size_t)INT_MAX - have) sp_raise(sp_eArgError, "too big specifier");
    if (flags & F_MINUS) {
        sp_str_cat(out, prefix, plen);
        sp_str_cat(out, body, blen);
        for (long i = 0; i < pad; i++) sp_str_cat(out, " ", 1);
    } else if ((flags & F_ZERO) && zero_ok) {
        sp_str_cat(out, prefix, plen);
        for (long i = 0; i < pad; i++) sp_str_cat(out, "0", 1);
        sp_str_cat(out, body, blen);
    } else {
        for (long i = 0; i < pad; i++) sp_str_cat(out, " ", 1);
        sp_str_cat(out, prefix, plen);
        sp_str_cat(out, body, blen);
    }
}

static sp_value to_integer(sp_value v)
{
    if (sp_integer_p(v)) return v;
    if (sp_float_p(v)) {
        double d = sp_flo(v);
        return sp_int_from_double(floor(d) == d ? d : (d < 0 ? ceil(d) : floor(d)));
    }
    if (sp_str_p(v)) {
        size_t l; const char *p = sp_str_snap(v, &l);
        sp_value r = sp_cstr_to_inum(p, l, 0, 1);
        if (r == SP_UNDEF) sp_raise(sp_eArgError, "invalid value for Integer(): %s", sp_str_cstr(sp_inspect(v)));
        return r;
    }
    if (v == SP_NIL) sp_raise(sp_eTypeError, "can't convert nil into Integer");
    /* Kernel#Integer: #to_int when it gives an Integer, else #to_i */
    if (sp_respond_to(v, sp_intern("to_int"), 1)) {
        sp_value r = sp_funcall0(v, "to_int");
        if (sp_integer_p(r)) return r;
    }
    if (sp_respond_to(v, sp_intern("to_i"), 1)) {
        sp_value r = sp_funcall0(v, "to_i");
        if (sp_integer_p(r)) return r;
        sp_raise_convert_gives(v, "Integer", "to_i", r);
    }
    sp_raise(sp_eTypeError, "can't convert %s into Integer",
             v == SP_TRUE ? "true" : v == SP_FALSE ? "false" : sp_obj_classname(v));
}

static double to_double(sp_value v)
{
    if (sp_numeric_p(v)) return sp_num_to_double(v);
    if (sp_str_p(v)) {
        size_t l; const char *p = sp_str_snap(v, &l);
        double d;
        if (sp_cstr_to_dbl(p, l, 1, &d) == SP_UNDEF)
            sp_raise(sp_eArgError, "invalid value for Float(): %s", sp_str_cstr(sp_inspect(v)));
        return d;
    }
    if (v == SP_NIL) sp_raise(sp_eTypeError, "can't convert nil into Float");
    /* Kernel#Float: #to_f, which must give a Float */
    if (v != SP_TRUE && v != SP_FALSE && sp_respond_to(v, sp_intern("to_f"), 1)) {
        sp_value r = sp_funcall0(v, "to_f");
        if (sp_float_p(r)) return sp_flo(r);
        sp_raise_convert_gives(v, "Float", "to_f", r);
    }
    sp_raise(sp_eTypeError, "can't convert %s into Float",
             v == SP_TRUE ? "true" : v == SP_FALSE ? "false" : sp_obj_classname(v));
}

static void fmt_integer(sp_value out, sp_value v, int type, int flags, int width, int prec)
{
    v = to_integer(v);
    int base = 10;
    switch (type) {
    case 'x': case 'X': base = 16; break;
    case 'o': base = 8; break;
    case 'b': case 'B': base = 2; break;
    }
    int neg = sp_int_cmp(v, SP_FIX(0)) < 0;
    sp_value digits;
    int dots = 0;
    if (neg && base != 10 && !(flags & (F_PLUS | F_SPACE))) {
        /* two's complement: ..f01 */
        mpz_t z, m; mpz_init(z); mpz_init(m);
        sp_int_to_mpz(v, z);
        size_t bits = mpz_sizeinbase(z, 2) + 2;
        int k = base == 16 ? 4 : base == 8 ? 3 : 1;
        bits = (bits + (size_t)k - 1) / (size_t)k * (size_t)k + (size_t)k;
        mpz_set_ui(m, 1);
        mpz_mul_2exp(m, m, bits);
        mpz_add(z, z, m);   /* z + 2^bits: positive, top digit all ones */
        char *s = mpz_get_str(NULL, base, z);
        char top = base == 16 ? 'f' : base == 8 ? '7' : '1';
        char *q = s;
        while (q[0] == top && q[1] == top) q++;
        digits = sp_str_new_cstr(q);
        dots = 1;
        neg = 0;
    } else {
        sp_value av = neg ? sp_int_minus(SP_FIX(0), v) : v;
        digits = sp_int_to_s(av, base);
    }
    if (type == 'X') {
        size_t l; char *p = (char *)sp_str_ptr(digits); sp_str_snap(digits, &l);
        for (size_t i = 0; i < l; i++) if (p[i] >= 'a' && p[i] <= 'z') p[i] = (char)(p[i] - 32);
    }
    /* Layout as CRuby's sprintf.c: [spaces][sign][prefix][..][fill][digits][spaces] */
    char sc = neg ? '-' : (flags & F_PLUS) ? '+' : (flags & F_SPACE) ? ' ' : 0;
    int fprec = prec >= 0;
    long w = width < 0 ? 0 : width, pr = prec;
    size_t len; const char *s = sp_str_snap(digits, &len);
    const char *prefix = NULL;
    if (flags & F_SHARP) {
        switch (type) {
        case 'x': prefix = "0x"; break;
        case 'X': prefix = "0X"; break;
        case 'b': prefix = "0b"; break;
        case 'B': prefix = "0B"; break;
        case 'o': prefix = "0"; break;
        }
    }
    if (sc) w--;
    if (dots) { pr -= 2; w -= 2; }
    if (prefix && !prefix[1]) {          /* octal */
        if (dots) prefix = NULL;
        else if (len == 1 && s[0] == '0') { len = 0; if (fprec) pr--; }
        else if (fprec && pr > (long)len) prefix = NULL;
    } else if (len == 1 && s[0] == '0') prefix = NULL;
    if (prefix) w -= (long)strlen(prefix);
    if ((flags & (F_ZERO | F_MINUS)) == F_ZERO && !fprec) { pr = w; w = 0; }
    else {
        if (pr < (long)len) {
            if (!prefix && pr == 0 && len == 1 && s[0] == '0') len = 0;
            pr = (long)len;
        }
        w -= pr;
    }
    if (!(flags & F_MINUS)) { for (; w > 0; w--) sp_str_cat(out, " ", 1); }
    if (sc) sp_str_cat(out, &sc, 1);
    if (prefix) sp_str_cat(out, prefix, strlen(prefix));
    if (dots) sp_str_cat(out, "..", 2);
    if (pr > (long)len) {
        char fill = 0;
        if (dots) fill = s[0];
        else if (!(flags & F_MINUS) || fprec) fill = '0';
        if (fill) for (long k = (long)len; k < pr; k++) sp_str_cat(out, &fill, 1);
    }
    sp_str_cat(out, s, len);
    for (; w > 0; w--) sp_str_cat(out, " ", 1);
}

/* Exact decimal digits of ad (> 0, finite): 46 significant digits from
 * glibc (exact), *decpt = position of the decimal point. */
static void exact_digits(double ad, char *digs, int *decpt)
{
    char tmp[80];
    snprintf(tmp, sizeof tmp, "%.45e", ad);
    digs[0] = tmp[0];
    memcpy(digs + 1, tmp + 2, 45);
    digs[46] = 0;
    *decpt = atoi(strchr(tmp, 'e') + 1) + 1;
}

/* Whether rounding the exact digits to ilim (1..14) digits goes up, the
 * way CRuby's BSD dtoa decides on its quick path: the exact remainder
 * decides, but a value within that path's floating-point error bound of
 * a tie counts as a tie and rounds half to even (2.675 -> "%.2f" ->
 * "2.68"; 46.925000000000004 -> "%.4g" -> "46.92"). */
static int quick_round_up(const char *digs, int ilim, int decpt)
{
    char t[24], us[24];
    t[0] = '0'; t[1] = '.'; memcpy(t + 2, digs + ilim, 18); t[20] = 0;
    us[0] = digs[0]; us[1] = '.'; memcpy(us + 2, digs + 1, 16); us[18] = 0;
    double r = strtod(t, NULL), u = strtod(us, NULL);
    double ieps = decpt == 1 ? 2.0 : 3.0;
    double eps = (ieps * u + 7.0) * ldexp(1.0, -52) * pow(10.0, ilim - 1);
    if (r > 0.5 + eps) return 1;
    if (r < 0.5 - eps) return 0;
    return (digs[ilim - 1] - '0') & 1 ? 1 : 2;   /* 2: a tie kept as is */
}

/* Round the exact digits of ad to ilim digits into r (CRuby's rules);
 * may bump *decpt (9.99 -> 10.0).  Returns 0 when CRuby would use its
 * exact path (more than 14 digits), whose output is glibc's. */
static int ruby_round(double ad, int ilim_f_prec, int is_f, char *r, int *ilimp, int *decptp, int *tie_kept)
{
    char digs[48];
    int decpt;
    exact_digits(ad, digs, &decpt);
    int ilim = is_f ? decpt + ilim_f_prec : ilim_f_prec;
    if (ilim <= 0 || ilim > 14) return 0;
    memcpy(r, digs, (size_t)ilim);
    int up = quick_round_up(digs, ilim, decpt);
    /* dtoa trims trailing zeros except on this path (%g shows them) */
    if (tie_kept) *tie_kept = up == 2;
    if (up == 1) {
        int i = ilim - 1;
        while (i >= 0 && r[i] == '9') { r[i] = '0'; i--; }
        if (i >= 0) r[i]++;
        else {
            memmove(r + 1, r, (size_t)ilim);
            r[0] = '1';
            decpt++;
            if (is_f) ilim++;
        }
    }
    *ilimp = ilim;
    *decptp = decpt;
    return 1;
}

/* %f / %e with up to 14 significant digits as CRuby rounds them (see
 * quick_round_up); otherwise returns 0 and glibc's exact output is used,
 * which is CRuby's too (0.1 -> "%.20f" -> "0.10000000000000000555"). */
static int fmt_float_ruby(sp_value out, double d, int type, int flags, int width, int prec)
{
    if (d == 0.0 || prec > 40) return 0;
    int neg = signbit(d) != 0, decpt, ilim;
    char r[64];
    if (!ruby_round(fabs(d), type == 'f' ? prec : prec + 1, type == 'f', r, &ilim, &decpt, NULL)) return 0;
    char body[128], *b = body;
    if (type == 'f') {
        if (decpt <= 0) {
            *b++ = '0';
            if (prec > 0 || (flags & F_SHARP)) *b++ = '.';
            for (int i = 0; i < prec; i++) *b++ = i < -decpt ? '0' : r[i + decpt];
        } else {
            for (int i = 0; i < decpt; i++) *b++ = r[i];
            if (prec > 0 || (flags & F_SHARP)) *b++ = '.';
            for (int i = 0; i < prec; i++) *b++ = r[decpt + i];
        }
    } else {
        *b++ = r[0];
        if (prec > 0 || (flags & F_SHARP)) *b++ = '.';
        for (int i = 1; i <= prec; i++) *b++ = r[i];
        int e = d == 0.0 ? 0 : decpt - 1;
        b += sprintf(b, "%c%c%02d", type, e < 0 ? '-' : '+', e < 0 ? -e : e);
    }
    *b = 0;
    char prefix[2]; size_t plen = 0;
    if (neg) prefix[plen++] = '-';
    else if (flags & F_PLUS) prefix[plen++] = '+';
    else if (flags & F_SPACE) prefix[plen++] = ' ';
    emit(out, prefix, plen, body, (size_t)(b - body), flags, width, 1, (long)(b - body));
    return 1;
}

/* %g/%G when fewer significant digits than the shortest representation
 * are asked for: CRuby rounds the shortest digits half-to-even, like %f
 * above (2.675 -> "%.3g" -> "2.68"); otherwise (returns 0) glibc's
 * exact output is the same as CRuby's. */
static int fmt_float_g(sp_value out, double d, int type, int flags, int width, int prec)
{
    if (d == 0.0) return 0;
    int neg = signbit(d) != 0, decpt, ilim;
    int P = prec == 0 ? 1 : prec;
    char r[64];
    int tie_kept;
    if (!ruby_round(fabs(d), P, 0, r, &ilim, &decpt, &tie_kept)) return 0;
    if (tie_kept) flags |= F_KEEPZ;
    int X = decpt - 1;
    char body[128], *b = body;
    int nfrac;
    if (P > X && X >= -4) {          /* fixed notation with P-1-X decimals */
        nfrac = P - 1 - X;
        if (decpt <= 0) {
            *b++ = '0';
            *b++ = '.';
            for (int i = 0; i < -decpt; i++) *b++ = '0';
            for (int i = 0; i < P; i++) *b++ = r[i];
        } else {
            for (int i = 0; i < decpt; i++) *b++ = r[i];
            if (nfrac > 0) *b++ = '.';
            for (int i = decpt; i < P; i++) *b++ = r[i];
        }
        if (!(flags & (F_SHARP | F_KEEPZ)) && nfrac > 0) {
            while (b[-1] == '0') b--;
            if (b[-1] == '.') b--;
        } else if ((flags & F_SHARP) && nfrac == 0) *b++ = '.';
    } else {                         /* exponent notation */
        *b++ = r[0];
        if (P > 1 || (flags & F_SHARP)) *b++ = '.';
        for (int i = 1; i < P; i++) *b++ = r[i];
        if (!(flags & (F_SHARP | F_KEEPZ)) && P > 1) {
            while (b[-1] == '0') b--;
            if (b[-1] == '.') b--;
        }
        b += sprintf(b, "%c%c%02d", type == 'g' ? 'e' : 'E', X < 0 ? '-' : '+', X < 0 ? -X : X);
    }
    *b = 0;
    char prefix[2]; size_t plen = 0;
    if (neg) prefix[plen++] = '-';
    else if (flags & F_PLUS) prefix[plen++] = '+';
    else if (flags & F_SPACE) prefix[plen++] = ' ';
    emit(out, prefix, plen, body, (size_t)(b - body), flags, width, 1, (long)(b - body));
    return 1;
}

static void fmt_float(sp_value out, sp_value v, int type, int flags, int width, int prec)
{
    if (type == 'f' && sp_integer_p(v)) {
        /* Integers print exactly, not through a double */
        int neg = sp_int_cmp(v, SP_FIX(0)) < 0;
        sp_value body = sp_int_to_s(neg ? sp_int_minus(SP_FIX(0), v) : v, 10);
        int pr = prec < 0 ? 6 : prec;
        if (pr > 0 || (flags & F_SHARP)) sp_str_cat(body, ".", 1);
        for (int i = 0; i < pr; i++) sp_str_cat(body, "0", 1);
        char prefix[2]; size_t plen = 0;
        if (neg) prefix[plen++] = '-';
        else if (flags & F_PLUS) prefix[plen++] = '+';
        else if (flags & F_SPACE) prefix[plen++] = ' ';
        size_t bl; const char *bp = sp_str_snap(body, &bl);
        emit(out, prefix, plen, bp, bl, flags, width, 1, (long)bl);
        return;
    }
    double d = to_double(v);
    if (!isfinite(d)) {
        const char *body = isnan(d) ? "NaN" : "Inf";
        char prefix[2]; size_t plen = 0;
        if (!isnan(d) && d < 0) prefix[plen++] = '-';
        else if (flags & F_PLUS) prefix[plen++] = '+';
        else if (flags & F_SPACE) prefix[plen++] = ' ';
        emit(out, prefix, plen, body, 3, flags & ~F_ZERO, width, 0, 3);
        return;
    }
    if (type == 'f' || type == 'e' || type == 'E') {
        if (fmt_float_ruby(out, d, type, flags, width, prec < 0 ? 6 : prec)) return;
    }
    if ((type == 'g' || type == 'G') && fmt_float_g(out, d, type, flags, width, prec < 0 ? 6 : prec)) return;
    char cfmt[32], *f = cfmt;
    *f++ = '%';
    if (flags & F_MINUS) *f++ = '-';
    if (flags & F_PLUS) *f++ = '+';
    if (flags & F_SPACE) *f++ = ' ';
    if (flags & F_ZERO) *f++ = '0';
    if (flags & F_SHARP) *f++ = '#';
    f += sprintf(f, "%d", width > 0 ? width : 0);
    if (prec >= 0) f += sprintf(f, ".%d", prec);
    *f++ = (char)type;
    *f = 0;
    int n = snprintf(NULL, 0, cfmt, d);
    char *buf = GC_MALLOC_ATOMIC((size_t)n + 1);
    snprintf(buf, (size_t)n + 1, cfmt, d);
    sp_str_cat(out, buf, (size_t)n);
}

/* A String argument: the result takes an encoding compatible with both
 * (CRuby's rb_enc_check; Encoding::CompatibilityError when there is none). */
static void fmt_string(sp_value out, sp_value s, int flags, int width, int prec)
{
    sp_str_enc_concat(out, s);
    size_t l; const char *p = sp_str_snap(s, &l);
    int bin = sp_str_binary_p(s);
    long chars = sp_str_char_len(s);
    if (prec >= 0 && chars > prec) {
        l = sp_str_char_offset(p, l, prec, bin);
        chars = prec;
    }
    emit(out, "", 0, p, l, flags & ~F_ZERO, width, 0, chars);
}

/* A width or precision in digits; CRuby's limit is an int. */
static const char *get_num(const char *f, const char *e, int *n, const char *what)
{
    int v = 0;
    while (f < e && *f >= '0' && *f <= '9') {
        int d = *f++ - '0';
        if (v > (INT_MAX - d) / 10) sp_raise(sp_eArgError, "%s too big", what);
        v = v * 10 + d;
    }
    *n = v;
    return f;
}

/* "*" or "*n$" at f (f points at the '*'): the argument for a width or
 * precision; returns the position after it. */
static const char *get_aster(fmt_state *st, const char *f, const char *e, int *val, const char *what)
{
    int n;
    const char *q = get_num(f + 1, e, &n, what);
    sp_value v;
    if (q > f + 1 && q < e && *q == '$') { v = pos_arg(st, n); f = q + 1; }
    else { v = next_arg(st); f++; }
    int64_t x = sp_num_to_long(v);
    if (x > INT_MAX || x < -INT_MAX) sp_raise(sp_eRangeError, "integer %lld too %s to convert to 'int'",
                                              (long long)x, x < 0 ? "small" : "big");
    *val = (int)x;
    return f;
}

/* %c: a String argument gives its first character (formatted as %.1s), an
 * Integer a code point in the format's encoding. */
static void fmt_char(sp_value out, sp_value arg, int flags, int width)
{
    sp_value s = sp_str_p(arg) ? arg : SP_SPECIAL_CONST_P(arg) ? SP_NIL : sp_try_convert(arg, sp_cString, "to_str");
    if (s != SP_NIL) { fmt_string(out, s, flags, width, 1); return; }
    int64_t cp = sp_num_to_long(arg);
    char b[4];
    int n;
    if (cp < 0) sp_raise(sp_eArgError, "invalid character");
    if (sp_str_enc_unit(out) == 1 && sp_str_enc_bits(out) != 0) {    /* a single-byte encoding */
        if (cp > 0xff) sp_raise(sp_eRangeError, "%lld out of char range", (long long)cp);
        b[0] = (char)cp;
        n = 1;
    } else {
        if (cp > 0x10ffff) sp_raise(sp_eArgError, "invalid character");
        n = sp_utf8_encode((uint32_t)cp, b);
    }
    sp_value c = sp_str_new_like(out, b, (size_t)n);
    fmt_string(out, c, flags, width, -1);
}

/* CRuby's flag checks: flags come before the width and the precision. */
static void check_flags(int flags)
{
    if (flags & F_WIDTH) sp_raise(sp_eArgError, "flag after width");
    if (flags & F_PREC0) sp_raise(sp_eArgError, "flag after precision");
}
static void check_width(int flags)
{
    if (flags & F_WIDTH) sp_raise(sp_eArgError, "width given twice");
    if (flags & F_PREC0) sp_raise(sp_eArgError, "width after precision");
}

/* Arguments left over: an ArgumentError under $DEBUG, a warning when
 * $VERBOSE is true (not for numbered/named references, nor for a lone
 * Hash argument). */
static void check_unused(const fmt_state *st)
{
    if (st->posarg < 0 || st->next >= st->nargs) return;
    if (st->nargs == 1 && sp_hash_p(st->args[0])) return;
    const char *mesg = "too many arguments for format string";
    if (SP_RTEST(sp_gvar_get(sp_intern("$DEBUG")))) sp_raise(sp_eArgError, "%s", mesg);
    if (sp_gvar_get(sp_intern("$VERBOSE")) == SP_TRUE) sp_warn("%s", mesg);
}

sp_value sp_sprintf(sp_value fmtv, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    sp_value fmt = sp_str_to_str(fmtv);
    size_t fl; const char *f = sp_str_snap(fmt, &fl);
    fmt_state st = { argc, argv, 0, 0, SP_UNDEF };
    sp_value out = sp_str_buf_new(fl + 16);
    SP_HDR(out)->flags |= sp_str_enc_bits(fmt);   /* the result is in the format's encoding */
    const char *e = f + fl;
    while (f < e) {
        const char *pct = memchr(f, '%', (size_t)(e - f));
        if (!pct) { sp_str_cat(out, f, (size_t)(e - f)); break; }
        sp_str_cat(out, f, (size_t)(pct - f));
        f = pct + 1;
        if (f >= e) sp_raise(sp_eArgError, "incomplete format specifier; use %%%% (double %%) instead");
        int flags = 0, width = -1, prec = -1;
        sp_value arg = SP_UNDEF;
        for (;;) {
            if (f >= e) {
                /* CRuby: a dangling width/precision names the digits */
                if (width >= 0 || prec >= 0) sp_raise(sp_eArgError, "malformed format string - %%*[0-9]");
                sp_raise(sp_eArgError, "malformed format string");
            }
            char c = *f;
            if (c == '-') { check_flags(flags); flags |= F_MINUS; f++; }
            else if (c == '+') { check_flags(flags); flags |= F_PLUS; f++; }
            else if (c == ' ') { check_flags(flags); flags |= F_SPACE; f++; }
            else if (c == '0') { check_flags(flags); flags |= F_ZERO; f++; }
            else if (c == '#') { check_flags(flags); flags |= F_SHARP; f++; }
            else if (c == '<' || c == '{') {
                char close = c == '<' ? '>' : '}';
                const char *ne = memchr(f + 1, close, (size_t)(e - f - 1));
                if (!ne) sp_raise(sp_eArgError, "malformed name - unmatched parenthesis");
                check_name_arg(&st, f, (int)(ne - f + 1));
                sp_value key = SP_ID2SYM(sp_intern_len(f + 1, (size_t)(ne - f - 1)));
                sp_value h = get_hash(&st);
                sp_value v = sp_hash_lookup(h, key, SP_UNDEF);
                if (v == SP_UNDEF) {
                    v = sp_hash_default(h, key);
                    if (v == SP_NIL)        /* also a default proc's nil, as CRuby */
                        sp_raise_key_error(sp_str_format("key%.*s not found", (int)(ne - f + 1), f), h, key);
                }
                f = ne + 1;
                if (c == '{') {
                    fmt_string(out, sp_to_s(v), flags, width, prec);
                    goto next_directive;
                }
                arg = v;
            }
            else if (c >= '1' && c <= '9') {
                int n;
                const char *q = get_num(f, e, &n, "width");
                if (q < e && *q == '$') {
                    if (arg != SP_UNDEF) sp_raise(sp_eArgError, "value given twice - %d$", n);
                    arg = pos_arg(&st, n);
                    f = q + 1;
                } else {
                    check_width(flags);
                    width = n; flags |= F_WIDTH; f = q;
                }
            }
            else if (c == '*') {
                check_width(flags);
                flags |= F_WIDTH;
                f = get_aster(&st, f, e, &width, "width");
                if (width < 0) { flags |= F_MINUS; width = -width; }
            }
            else if (c == '.') {
                if (flags & F_PREC0) sp_raise(sp_eArgError, "precision given twice");
                flags |= F_PREC0;
                f++;
                if (f < e && *f == '*') {
                    f = get_aster(&st, f, e, &prec, "precision");
                    if (prec < 0) prec = -1;          /* a negative precision is ignored */
                } else f = get_num(f, e, &prec, "precision");
            }
            else break;
        }
        char type = *f++;
        if (type == '%') {
            if (flags || width >= 0 || prec >= 0) sp_raise(sp_eArgError, "invalid format character - %%");
            sp_str_cat(out, "%", 1);
            continue;
        }
        flags &= ~(F_WIDTH | F_PREC0);
        switch (type) {
        case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'b': case 'B':
        case 'f': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
        case 's': case 'p': case 'c':
            break;
        default:
            if (type > ' ' && type < 0x7f) sp_raise(sp_eArgError, "malformed format string - %%%c", type);
            sp_raise(sp_eArgError, "malformed format string");
        }
        if (arg == SP_UNDEF) arg = next_arg(&st);
        switch (type) {
        case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'b': case 'B':
            fmt_integer(out, arg, type, flags, width, prec);
            break;
        case 'f': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
            fmt_float(out, arg, type, flags, width, prec);
            break;
        case 's':
            fmt_string(out, sp_str_p(arg) ? arg : sp_to_s(arg), flags, width, prec);
            break;
        case 'p':
            fmt_string(out, sp_inspect(arg), flags, width, prec);
            break;
        case 'c':
            fmt_char(out, arg, flags, width);
            break;
        }
    next_directive:;
    }
    check_unused(&st);
    return out;
}

SP_METHOD(k_format)
{
    if (argc < 1) sp_raise(sp_eArgError, "too few arguments");
    return sp_sprintf(argv[0], argc - 1, argv + 1);
}

void sp_init_format(void);
void sp_init_format(void)
{
    sp_define_private_method(sp_mKernel, "format", k_format, -1);
    sp_define_private_method(sp_mKernel, "sprintf", k_format, -1);
}

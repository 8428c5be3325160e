/*
 * sp_float_fmt.c — Float#to_s exactly like CRuby.
 *
 * CRuby prints the shortest digit string that reads back as the same
 * double (dtoa mode 0), then chooses a layout from the decimal exponent
 * decpt (value = 0.DIGITS * 10**decpt):
 *   -4 < decpt <= 15  fixed notation, at least one digit after the point
 *                      ("100.0", "0.0001", "0.30000000000000004"); also
 *                      when decpt is 16 but digits extend past the point
 *                      ("1000000000000000.2" vs "1.0e+15")
 *   otherwise          d.ddde[+-]XX  ("1.0e+16", "1.0e-05", "5.0e-324")
 * Shortest digits: try %.{p}e for p = 0..16 and keep the first precision
 * whose output parses back (strtod) to the same double.  printf rounds
 * correctly, so the first round-tripping precision gives the shortest,
 * closest digit string.  Cost: up to 17 snprintf/strtod pairs per call
 * (~1-3 µs); most doubles printed in programs finish in a few tries.
 */
#include "sp_numeric.h"
#include "sp_string.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fast path for doubles that are a short decimal (12.5, 0.75, 3.14):
 * the smallest k with round(d * 10**k) / 10**k == d.  While that integer
 * is below 2**50, decimals with k fraction digits are at least 8 ulps
 * apart, so at most one of them reads back as d and the multiplication's
 * rounding cannot pick a wrong neighbour: the first k that reads back is
 * the shortest, closest digit string, as the printf search finds it.
 * Returns 0 when it does not apply. */
static int shortest_fast(double d, char *out, int *decpt)
{
    static const double p10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8,
                                  1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17 };
    if (!(d > 0 && d < 1e15)) return 0;
    for (int k = 0; k < 18; k++) {
        double x = d * p10[k];
        if (x >= 1125899906842624.0) return 0;      /* 2**50 */
        double v = nearbyint(x);
        if (v == 0 || v / p10[k] != d) continue;
        char dig[24];
        int n = snprintf(dig, sizeof dig, "%llu", (unsigned long long)v);
        *decpt = n - k;
        while (n > 1 && dig[n - 1] == '0') n--;
        memcpy(out, dig, (size_t)n);
        out[n] = 0;
        return n;
    }
    return 0;
}

int sp_float_shortest(double d, char *out, int *decpt, int *neg)
{
    char buf[40];
    *neg = signbit(d) != 0;
    if (*neg) d = -d;
    int fast = shortest_fast(d, out, decpt);
    if (fast) return fast;
    for (int prec = 0; prec < 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec, d);
        if (strtod(buf, NULL) == d || prec == 16) {
            /* buf: D[.DDDD]e[+-]XX */
            int n = 0;
            char *p = buf;
            while (*p && *p != 'e') {
                if (*p != '.') out[n++] = *p;
                p++;
            }
            int exp10 = atoi(p + 1);
            while (n > 1 && out[n - 1] == '0') n--;
            out[n] = 0;
            *decpt = exp10 + 1;
            return n;
        }
    }
    return 0; /* not reached */
}

int sp_float_fmt(double d, char *buf)
{
    if (isnan(d)) { strcpy(buf, "NaN"); return 3; }
    if (isinf(d)) { strcpy(buf, d < 0 ? "-Infinity" : "Infinity"); return (int)strlen(buf); }
    if (d == 0.0) { strcpy(buf, signbit(d) ? "-0.0" : "0.0"); return (int)strlen(buf); }
    char digs[40];
    int decpt, neg;
    int nd = sp_float_shortest(d, digs, &decpt, &neg);
    char *p = buf;
    if (neg) *p++ = '-';
    if (decpt > 0 && (decpt <= 15 || nd > decpt)) {
        /* fixed: digits, padded with zeros up to decpt, then .fraction */
        for (int i = 0; i < decpt; i++) *p++ = i < nd ? digs[i] : '0';
        *p++ = '.';
        if (nd > decpt) { memcpy(p, digs + decpt, (size_t)(nd - decpt)); p += nd - decpt; }
        else *p++ = '0';
    } else if (decpt <= 0 && decpt > -4) {
        *p++ = '0'; *p++ = '.';
        for (int i = 0; i < -decpt; i++) *p++ = '0';
        memcpy(p, digs, (size_t)nd); p += nd;
    } else {
        *p++ = digs[0];
        *p++ = '.';
        if (nd > 1) { memcpy(p, digs + 1, (size_t)(nd - 1)); p += nd - 1; }
        else *p++ = '0';
        p += sprintf(p, "e%+03d", decpt - 1);
    }
    *p = 0;
    return (int)(p - buf);
}

sp_value sp_float_to_s(double d)
{
    char buf[64];
    int n = sp_float_fmt(d, buf);
    return sp_str_new(buf, (size_t)n);
}

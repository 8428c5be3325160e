/*
 * sp_strftime.c — the strftime formatter of Time and Date/DateTime
 * (sp_strftime.h).  Everything it prints comes from an sp_tfields the
 * caller filled, so a Date (Julian calendar before its start day, years
 * past time_t) formats the same way as a Time.  CRuby's flags ('-', '0',
 * '_', '^', '#'), widths and colons; a directive it does not know is
 * copied as it is.
 */
#include "spinel.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_strftime.h"

#include <stdio.h>
#include <string.h>

static const char *const wday_names[] = {
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
static const char *const mon_names[] = {
    "January", "February", "March", "April", "May", "June", "July",
    "August", "September", "October", "November", "December" };

typedef struct fmt_flags {
    int pad;      /* 0: default, '-', '0', '_' */
    int upper, swap, colons;
    int width;    /* -1: default */
} fmt_flags;

static void put_str(sp_value out, const fmt_flags *f, const char *s, int is_alpha)
{
    char buf[128];
    size_t n = strlen(s);
    if (n >= sizeof buf) n = sizeof buf - 1;
    memcpy(buf, s, n); buf[n] = 0;
    if (f->upper || (f->swap && is_alpha)) {
        for (size_t i = 0; i < n; i++)
            buf[i] = (char)(f->upper || f->swap ? (buf[i] >= 'a' && buf[i] <= 'z' ? buf[i] - 32 : buf[i]) : buf[i]);
    }
    if (f->width > 0 && (size_t)f->width > n) {
        char padc = f->pad == '0' ? '0' : ' ';
        if (f->pad != '-')
            for (size_t i = n; i < (size_t)f->width; i++) sp_str_cat(out, &padc, 1);
    }
    sp_str_cat(out, buf, n);
}

/* A number with default width/pad (pad '0' or ' '), overridden by flags. */
static void put_num(sp_value out, const fmt_flags *f, int64_t v, int defw, char defpad)
{
    char buf[64];
    int w = f->width >= 0 ? f->width : defw;
    char padc = f->pad == '0' ? '0' : f->pad == '_' ? ' ' : defpad;
    if (f->pad == '-') w = 0;
    int neg = v < 0;
    uint64_t u = neg ? -(uint64_t)v : (uint64_t)v;
    char digits[32];
    int nd = snprintf(digits, sizeof digits, "%llu", (unsigned long long)u);
    int len = nd + neg, pos = 0;
    if (padc == '0') {
        if (neg) buf[pos++] = '-';
        for (int i = len; i < w && pos < 40; i++) buf[pos++] = '0';
    } else {
        for (int i = len; i < w && pos < 40; i++) buf[pos++] = ' ';
        if (neg) buf[pos++] = '-';
    }
    memcpy(buf + pos, digits, (size_t)nd);
    sp_str_cat(out, buf, (size_t)(pos + nd));
}

/* %z family: "+hhmm", "%:z" "+hh:mm", "%::z" "+hh:mm:ss".  CRuby ignores
 * '-' here; '_' drops the hour's zero and right-aligns with spaces; a width
 * otherwise zero-pads after the sign. */
static void put_offset(sp_value out, const fmt_flags *f, int32_t off, int utc)
{
    char rest[16], buf[64];
    int32_t a = off < 0 ? -off : off;
    int h = a / 3600, m = a / 60 % 60, s = a % 60;
    char sign = off < 0 || (utc && f->pad == '-') ? '-' : '+';
    switch (f->colons) {
    case 1: snprintf(rest, sizeof rest, ":%02d", m); break;
    case 2: snprintf(rest, sizeof rest, ":%02d:%02d", m, s); break;
    default: snprintf(rest, sizeof rest, "%02d", m); break;
    }
    int deflen = 3 + (int)strlen(rest);
    int w = f->width > deflen ? f->width : deflen;
    if (w > 40) w = 40;
    int n;
    if (f->pad == '_') {
        n = snprintf(buf, sizeof buf, "%c%d%s", sign, h, rest);
        for (int i = n; i < w; i++) sp_str_cat(out, " ", 1);
    } else {
        n = snprintf(buf, sizeof buf, "%c%0*d%s", sign, w - (int)strlen(rest) - 1, h, rest);
    }
    sp_str_cat(out, buf, (size_t)n);
}

static void put_sub(sp_value out, const sp_tfields *t, const fmt_flags *f, const char *fmt)
{
    if (f->width <= 0 && !f->upper && !f->swap) { sp_strftime(out, t, fmt, strlen(fmt)); return; }
    sp_value tmp = sp_str_buf_new(32);
    sp_strftime(tmp, t, fmt, strlen(fmt));
    put_str(out, f, sp_str_cstr(tmp), 1);
}

/* The formatter behind Time#strftime and Date#strftime (sp_strftime.h):
 * everything it prints comes from the fields, so a Date (Julian calendar
 * before its start day, years past time_t) formats the same way. */
void sp_strftime(sp_value out, const sp_tfields *t, const char *p, size_t len)
{
    const struct tm tm = t->tm;
    const char *e = p + len, *fmt0 = p;
    while (p < e) {
        if (*p != '%') {
            const char *q = p;
            while (q < e && *q != '%') q++;
            sp_str_cat(out, p, (size_t)(q - p));
            p = q;
            continue;
        }
        const char *start = p++;
        fmt_flags f = { 0, 0, 0, 0, -1 };
        for (; p < e; p++) {
            if (*p == '-' || *p == '0' || *p == '_') { if (f.pad != '-') f.pad = *p; }   /* '-' (no padding) sticks */
            else if (*p == '^') f.upper = 1;
            else if (*p == '#') f.swap = 1;
            else break;
        }
        if (p < e && *p >= '1' && *p <= '9') {
            f.width = 0;
            while (p < e && *p >= '0' && *p <= '9') f.width = f.width * 10 + (*p++ - '0');
        }
        while (p < e && *p == ':') { f.colons++; p++; }
        if (p >= e) {   /* a lone trailing '%' (CRuby rejects it) */
            if (p == start + 1)
                sp_raise(sp_eArgError, "invalid format: %.*s", (int)(e - fmt0), fmt0);
            sp_str_cat(out, start, (size_t)(e - start));
            break;
        }
        char c = *p++;
        int64_t year = (int64_t)tm.tm_year + 1900;
        switch (c) {
        case 'Y':
            if (f.width < 0 && year >= 0) {
                fmt_flags g = f; put_num(out, &g, year, year < 10000 ? 4 : 1, '0');
            } else put_num(out, &f, year, year < 0 ? 5 : 4, '0');
            break;
        case 'C': put_num(out, &f, year >= 0 ? year / 100 : -((-year + 99) / 100), 2, '0'); break;
        case 'y': put_num(out, &f, ((year % 100) + 100) % 100, 2, '0'); break;
        case 'm': put_num(out, &f, tm.tm_mon + 1, 2, '0'); break;
        case 'd': put_num(out, &f, tm.tm_mday, 2, '0'); break;
        case 'e': put_num(out, &f, tm.tm_mday, 2, ' '); break;
        case 'j': put_num(out, &f, tm.tm_yday + 1, 3, '0'); break;
        case 'H': put_num(out, &f, tm.tm_hour, 2, '0'); break;
        case 'k': put_num(out, &f, tm.tm_hour, 2, ' '); break;
        case 'I': put_num(out, &f, (tm.tm_hour + 11) % 12 + 1, 2, '0'); break;
        case 'l': put_num(out, &f, (tm.tm_hour + 11) % 12 + 1, 2, ' '); break;
        case 'M': put_num(out, &f, tm.tm_min, 2, '0'); break;
        case 'S': put_num(out, &f, tm.tm_sec, 2, '0'); break;
        case 'L': case 'N': {
            int w = f.width > 0 ? f.width : c == 'L' ? 3 : 9;
            char digits[10];
            snprintf(digits, sizeof digits, "%09d", (int)t->nsec);
            if (w > 9 && sp_rational_p(t->frac)) {   /* floor(frac * 10^w), exact */
                mpq_t q; mpq_init(q);
                sp_rational_to_mpq(t->frac, q);
                mpz_t sc; mpz_init(sc);
                mpz_ui_pow_ui(sc, 10, (unsigned long)(w > 1000 ? 1000 : w));
                mpz_mul(mpq_numref(q), mpq_numref(q), sc);
                mpz_fdiv_q(sc, mpq_numref(q), mpq_denref(q));
                char *d = mpz_get_str(NULL, 10, sc);
                for (int i = (int)strlen(d); i < w; i++) sp_str_cat(out, "0", 1);
                sp_str_cat_cstr(out, d);
                break;
            }
            for (int i = 0; i < w; i++) sp_str_cat(out, i < 9 ? &digits[i] : "0", 1);
            break;
        }
        case 'z': put_offset(out, &f, t->off, t->utc); break;
        case 'Z': {
            if (!t->zone) { if (f.width > 0) put_str(out, &f, "", 1); break; }
            fmt_flags g = f;
            if (g.swap) { g.swap = 0; /* CRuby: '#' downcases %Z */
                char s[64];
                snprintf(s, sizeof s, "%s", t->zone);
                for (char *q = s; *q; q++) if (*q >= 'A' && *q <= 'Z') *q += 32;
                put_str(out, &g, s, 1);
            } else put_str(out, &g, t->zone, 1);
            break;
        }
        case 'a': case 'A': {
            char buf[16];
            snprintf(buf, sizeof buf, c == 'a' ? "%.3s" : "%s", wday_names[tm.tm_wday]);
            put_str(out, &f, buf, 1);
            break;
        }
        case 'b': case 'h': case 'B': {
            char buf[16];
            snprintf(buf, sizeof buf, c == 'B' ? "%s" : "%.3s", mon_names[tm.tm_mon]);
            put_str(out, &f, buf, 1);
            break;
        }
        case 'p': case 'P': {
            int pm = tm.tm_hour >= 12;
            const char *s = c == 'P' ? (pm ? "pm" : "am") : (pm ? "PM" : "AM");
            fmt_flags g = f;
            if (c == 'p' && g.swap) { g.swap = 0; s = pm ? "pm" : "am"; }
            put_str(out, &g, s, 1);
            break;
        }
        case 'u': put_num(out, &f, tm.tm_wday == 0 ? 7 : tm.tm_wday, 1, '0'); break;
        case 'w': put_num(out, &f, tm.tm_wday, 1, '0'); break;
        case 'U': put_num(out, &f, (tm.tm_yday + 7 - tm.tm_wday) / 7, 2, '0'); break;
        case 'W': put_num(out, &f, (tm.tm_yday + 7 - (tm.tm_wday + 6) % 7) / 7, 2, '0'); break;
        case 'G': case 'g': case 'V': {
            int64_t iy = t->cwyear; int wk = t->cweek;
            if (c == 'G') put_num(out, &f, iy, 4, '0');
            else if (c == 'g') put_num(out, &f, ((iy % 100) + 100) % 100, 2, '0');
            else put_num(out, &f, wk, 2, '0');
            break;
        }
        case 's': put_num(out, &f, t->epoch, 1, '0'); break;
        case 'Q':
            if (!t->is_date) { sp_str_cat(out, start, (size_t)(p - start)); break; }
            put_num(out, &f, t->epoch * 1000 + t->nsec / 1000000, 1, '0');
            break;
        case '+':
            if (!t->is_date) { sp_str_cat(out, start, (size_t)(p - start)); break; }
            put_sub(out, t, &f, "%a %b %e %H:%M:%S %Z %Y");
            break;
        case 'n': sp_str_cat(out, "\n", 1); break;
        case 't': sp_str_cat(out, "\t", 1); break;
        case '%': sp_str_cat(out, "%", 1); break;
        case 'c': put_sub(out, t, &f, "%a %b %e %H:%M:%S %Y"); break;
        case 'x': case 'D': put_sub(out, t, &f, "%m/%d/%y"); break;
        case 'X': case 'T': put_sub(out, t, &f, "%H:%M:%S"); break;
        case 'F': put_sub(out, t, &f, "%Y-%m-%d"); break;
        case 'R': put_sub(out, t, &f, "%H:%M"); break;
        case 'r': put_sub(out, t, &f, "%I:%M:%S %p"); break;
        case 'v': put_sub(out, t, &f, "%e-%^b-%4Y"); break;
        default:
            sp_str_cat(out, start, (size_t)(p - start));
            break;
        }
    }
}


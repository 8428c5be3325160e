/*
 * sp_date_parse.c — the parsers of `date_core`: Date._parse (CRuby's
 * heuristics: weekday, time and zone, then the first of the eu/us/iso/jis/
 * vms/slash/dot/iso2/year/month/mday/digit-run layouts that matches, then
 * BC and a lone number), _strptime, _iso8601, _rfc3339, _xmlschema,
 * _rfc2822, _httpdate, _jisx0301, the Date/DateTime constructors built on
 * them, and turning such a Hash into a Date (sp_date_from_hash: CRuby's
 * completion of missing fields from today).
 *
 * The layouts are CRuby's regular expressions, compiled once (PCRE2
 * through the runtime's Regexp) and kept in `rx_cache`; _parse works on a
 * copy of the string in which each layout that matched is blanked out, as
 * CRuby's does.  Hashes have CRuby's keys in CRuby's insertion order.
 */
#include "spinel.h"
#include "sp_date.h"
#include "sp_numeric.h"
#include "sp_regexp.h"
#include "sp_string.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MONTHS "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
#define DAYS "sun|mon|tue|wed|thu|fri|sat"
#define ERA "c(?:e|\\.e\\.)|b(?:ce|\\.c\\.e\\.)|a(?:d|\\.d\\.)|b(?:c|\\.c\\.)"

/* ---- regexps --------------------------------------------------------- */

enum {
    RX_DAY, RX_TIME, RX_TIME2, RX_EU, RX_US, RX_ISO, RX_JIS, RX_VMS1, RX_VMS2, RX_SLA, RX_SLA2,
    RX_SLA3, RX_DOT, RX_ISO21, RX_ISO22, RX_ISO23, RX_ISO24, RX_ISO25P, RX_ISO25, RX_ISO26P,
    RX_ISO26, RX_YEAR, RX_MON, RX_MDAY, RX_DDD, RX_BC, RX_FRAG, RX_ISO_EXT, RX_ISO_BAS, RX_ISO_TEXT,
    RX_ISO_TBAS, RX_RFC3339, RX_XMLSCHEMA, RX_XMLTIME, RX_RFC2822, RX_HTTPDATE, RX_JISX0301,
    RX__COUNT
};

static const char *const rx_src[RX__COUNT] = {
    [RX_DAY] = "\\b(" DAYS ")[^-/\\d\\s]*",
    [RX_TIME] = "((?:\\d+\\s*:\\s*\\d+(?:\\s*:\\s*\\d+(?:[,.]\\d*)?)?|\\d+\\s*h(?:\\s*\\d+m?(?:\\s*\\d+s?)?)?)"
                "(?:\\s*[ap](?:m\\b|\\.m\\.))?|\\d+\\s*[ap](?:m\\b|\\.m\\.))"
                "(?:\\s*((?:gmt|utc?)?[-+]\\d+(?:[,.:]\\d+(?::\\d+)?)?"
                "|(?-i:[[:alpha:].\\s]+)(?:standard|daylight)\\stime\\b|(?-i:[[:alpha:]]+)(?:\\sdst)?\\b))?",
    [RX_TIME2] = "\\A(\\d+)h?(?:\\s*:?\\s*(\\d+)m?(?:\\s*:?\\s*(\\d+)(?:[,.](\\d+))?s?)?)?(?:\\s*([ap])(?:m\\b|\\.m\\.))?",
    [RX_EU] = "'?(\\d+)[^-\\d\\s]*\\s*(" MONTHS ")[^-\\d\\s']*(?:\\s*(?:\\s*(" ERA "))?\\s*('?-?\\d+(?:(?:st|nd|rd|th)\\b)?))?",
    [RX_US] = "\\b(" MONTHS ")[^-\\d\\s']*\\s*('?\\d+)[^-\\d\\s']*(?:\\s*,?\\s*(" ERA ")?\\s*('?-?\\d+))?",
    [RX_ISO] = "('?[-+]?\\d+)-(\\d+)-('?-?\\d+)",
    [RX_JIS] = "\\b([mtshr])(\\d+)\\.(\\d+)\\.(\\d+)",
    [RX_VMS1] = "('?-?\\d+)-(" MONTHS ")[^-/.]*-('?-?\\d+)",
    [RX_VMS2] = "\\b(" MONTHS ")[^-/.]*-('?-?\\d+)(?:-('?-?\\d+))?",
    [RX_SLA] = "('?-?\\d+)/\\s*('?\\d+)(?:\\D\\s*('?-?\\d+))?",
    [RX_SLA2] = "('?-?\\d+)/\\s*(" MONTHS ")[^-/.]*(?:\\D\\s*('?-?\\d+))?",
    [RX_SLA3] = "(" MONTHS ")[^-/.]*/\\s*('?\\d+)(?:\\D\\s*('?-?\\d+))?",
    [RX_DOT] = "('?-?\\d+)\\.\\s*('?\\d+)\\.\\s*('?-?\\d+)",
    [RX_ISO21] = "\\b(\\d{2}|\\d{4})?-?w(\\d{2})(?:-?(\\d))?\\b",
    [RX_ISO22] = "-w-(\\d)\\b",
    [RX_ISO23] = "--(\\d{2})?-(\\d{2})\\b",
    [RX_ISO24] = "--(\\d{2})(\\d{2})?\\b",
    [RX_ISO25P] = "[,.](\\d{2}|\\d{4})-\\d{3}\\b",
    [RX_ISO25] = "\\b(\\d{2}|\\d{4})-(\\d{3})\\b",
    [RX_ISO26P] = "\\d-\\d{3}\\b",
    [RX_ISO26] = "\\b-(\\d{3})\\b",
    [RX_YEAR] = "'(\\d+)\\b",
    [RX_MON] = "\\b(" MONTHS ")\\S*",
    [RX_MDAY] = "(\\d+)(st|nd|rd|th)\\b",
    [RX_DDD] = "([-+]?)(\\d{2,14})(?:\\s*t?\\s*(\\d{2,6})?(?:[,.](\\d*))?)?(?:\\s*(z\\b|[-+]\\d{1,4}\\b|\\[[-+]?\\d[^\\]]*\\]))?",
    [RX_BC] = "\\b(bc\\b|bce\\b|b\\.c\\.|b\\.c\\.e\\.)",
    [RX_FRAG] = "\\A\\s*(\\d{1,2})\\s*\\z",
    [RX_ISO_EXT] = "\\A\\s*(?:([-+]?\\d{2,}|-)-(\\d{2})?(?:-(\\d{2}))?|([-+]?\\d{2,})?-(\\d{3})|(\\d{4}|\\d{2})?-w(\\d{2})-(\\d)|-w-(\\d))"
                   "(?:t(\\d{2}):(\\d{2})(?::(\\d{2})(?:[,.](\\d+))?)?(z|[-+]\\d{2}(?::?\\d{2})?)?)?\\s*\\z",
    [RX_ISO_BAS] = "\\A\\s*(?:([-+]?(?:\\d{4}|\\d{2})|--)(\\d{2}|-)(\\d{2})|([-+]?(?:\\d{4}|\\d{2}))(\\d{3})|-(\\d{3})|(\\d{4}|\\d{2})w(\\d{2})(\\d)|-w(\\d{2})(\\d)|-w-(\\d))"
                   "(?:t?(\\d{2})(\\d{2})(?:(\\d{2})(?:[,.](\\d+))?)?(z|[-+]\\d{2}(?:\\d{2})?)?)?\\s*\\z",
    [RX_ISO_TEXT] = "\\A\\s*(\\d{2}):(\\d{2})(?::(\\d{2})(?:[,.](\\d+))?(z|[-+]\\d{2}(:?\\d{2})?)?)?\\s*\\z",
    [RX_ISO_TBAS] = "\\A\\s*(\\d{2})(\\d{2})(?:(\\d{2})(?:[,.](\\d+))?(z|[-+]\\d{2}(\\d{2})?)?)?\\s*\\z",
    [RX_RFC3339] = "\\A\\s*(-?\\d{4})-(\\d{2})-(\\d{2})(?:t|\\s)(\\d{2}):(\\d{2}):(\\d{2})(?:[,.](\\d+))?(z|[-+]\\d{2}:\\d{2})\\s*\\z",
    [RX_XMLSCHEMA] = "\\A\\s*(-?\\d{4,})(?:-(\\d{2})(?:-(\\d{2}))?)?(?:t(\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d+))?)?(z|[-+]\\d{2}:\\d{2})?\\s*\\z",
    [RX_XMLTIME] = "\\A\\s*(\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d+))?(z|[-+]\\d{2}:\\d{2})?\\s*\\z",
    [RX_RFC2822] = "\\A\\s*(?:(" DAYS ")\\s*,\\s+)?(\\d{1,2})\\s+(" MONTHS ")\\s+(-?\\d{2,})\\s+(\\d{2}):(\\d{2})(?::(\\d{2}))?\\s*"
                   "([-+]\\d{4}|ut|gmt|e[sd]t|c[sd]t|m[sd]t|p[sd]t|[a-ik-z])\\s*\\z",
    [RX_HTTPDATE] = "\\A\\s*(" DAYS ")\\s*,\\s+(\\d{2})\\s+(" MONTHS ")\\s+(-?\\d{4})\\s+(\\d{2}):(\\d{2}):(\\d{2})\\s+(gmt)\\s*\\z",
    [RX_JISX0301] = "\\A\\s*([mtshr])?(\\d{2})\\.(\\d{2})\\.(\\d{2})(?:t(?:(\\d{2}):(\\d{2})(?::(\\d{2})(?:[,.](\\d*))?)?(z|[-+]\\d{2}(?::?\\d{2})?)?)?)?\\s*\\z",
};

static sp_value rx_cache[RX__COUNT];

/* The compiled Regexp (case-insensitive); racing first uses build equal
 * objects and either may win. */
static sp_value rx(int i)
{
    sp_value r = __atomic_load_n(&rx_cache[i], __ATOMIC_ACQUIRE);
    if (r) return r;
    r = sp_regexp_new(rx_src[i], strlen(rx_src[i]), SP_RE_IGNORECASE);
    __atomic_store_n(&rx_cache[i], r, __ATOMIC_RELEASE);
    return r;
}

static sp_value search(int i, sp_value str) { return sp_reg_search(rx(i), str, 0, 0); }

/* Group i as a C string (NUL-terminated copy), NULL when it took no part. */
static const char *grp(sp_value m, int i)
{
    sp_value g = sp_match_group(m, i);
    return g == SP_NIL ? NULL : sp_str_cstr(g);
}

/* ---- hash helpers ---------------------------------------------------- */

static void set(sp_value h, const char *k, sp_value v) { sp_hash_aset(h, sp_sym(k), v); }
static sp_value ref(sp_value h, const char *k) { return sp_hash_lookup(h, sp_sym(k), SP_NIL); }
static int has(sp_value h, const char *k) { return ref(h, k) != SP_NIL; }
static sp_value del(sp_value h, const char *k) { sp_value v = sp_hash_delete(h, sp_sym(k)); return v == SP_UNDEF ? SP_NIL : v; }

static sp_value str_int(const char *s)
{
    while (*s == '\'') s++;
    return sp_funcall0(sp_str_new_cstr(s), "to_i");
}

static int mon_num(const char *s)
{
    static const char *const m[] = { "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec" };
    for (int i = 0; i < 12; i++) if (strncasecmp(s, m[i], 3) == 0) return i + 1;
    return 0;
}

static int day_num(const char *s)
{
    static const char *const d[] = { "sun", "mon", "tue", "wed", "thu", "fri", "sat" };
    for (int i = 0; i < 7; i++) if (strncasecmp(s, d[i], 3) == 0) return i;
    return 0;
}

/* sec_fraction from the digits after the decimal point. */
static sp_value fraction(const char *digits)
{
    sp_value den = sp_int_pow(SP_FIX(10), SP_FIX((int64_t)strlen(digits)));
    return sp_rational_new(str_int(digits), den);
}

/* ---- zones ----------------------------------------------------------- */

static const struct { const char *name; int off; } zones[] = {
    { "ut", 0 }, { "gmt", 0 }, { "utc", 0 }, { "z", 0 }, { "wet", 0 },
    { "est", -5 * 3600 }, { "edt", -4 * 3600 }, { "cst", -6 * 3600 }, { "cdt", -5 * 3600 },
    { "mst", -7 * 3600 }, { "mdt", -6 * 3600 }, { "pst", -8 * 3600 }, { "pdt", -7 * 3600 },
    { "akst", -9 * 3600 }, { "akdt", -8 * 3600 }, { "hst", -10 * 3600 }, { "ast", -4 * 3600 },
    { "adt", -3 * 3600 }, { "nst", -(3 * 3600 + 1800) }, { "ndt", -(2 * 3600 + 1800) },
    { "bst", 3600 }, { "cet", 3600 }, { "met", 3600 }, { "mez", 3600 }, { "west", 3600 },
    { "cest", 7200 }, { "mest", 7200 }, { "mesz", 7200 }, { "eet", 7200 }, { "eest", 10800 },
    { "msk", 10800 }, { "ist", 5 * 3600 + 1800 }, { "sgt", 8 * 3600 }, { "hkt", 8 * 3600 },
    { "awst", 8 * 3600 }, { "jst", 9 * 3600 }, { "kst", 9 * 3600 }, { "acst", 9 * 3600 + 1800 },
    { "aest", 10 * 3600 }, { "aedt", 11 * 3600 }, { "nzst", 12 * 3600 }, { "nzdt", 13 * 3600 },
    { "a", 3600 }, { "b", 7200 }, { "c", 10800 }, { "d", 14400 }, { "e", 18000 }, { "f", 21600 },
    { "g", 25200 }, { "h", 28800 }, { "i", 32400 }, { "k", 36000 }, { "l", 39600 }, { "m", 43200 },
    { "n", -3600 }, { "o", -7200 }, { "p", -10800 }, { "q", -14400 }, { "r", -18000 },
    { "s", -21600 }, { "t", -25200 }, { "u", -28800 }, { "v", -32400 }, { "w", -36000 },
    { "x", -39600 }, { "y", -43200 },
};

long sp_date_zone_to_diff(const char *zone, size_t len, int *ok)
{
    char buf[64];
    size_t n = 0;
    *ok = 0;
    while (len && isspace((unsigned char)*zone)) { zone++; len--; }
    while (len && isspace((unsigned char)zone[len - 1])) len--;
    for (size_t i = 0; i < len && n < sizeof buf - 1; i++) buf[n++] = (char)tolower((unsigned char)zone[i]);
    buf[n] = 0;
    long dst = 0;
    const char *sfx[] = { " standard time", " daylight time", " dst" };
    for (int i = 0; i < 3; i++) {
        size_t l = strlen(sfx[i]);
        if (n > l && strcmp(buf + n - l, sfx[i]) == 0) { buf[n -= l] = 0; if (i) dst = 3600; break; }
    }
    for (size_t i = 0; i < sizeof zones / sizeof zones[0]; i++)
        if (strcmp(buf, zones[i].name) == 0) { *ok = 1; return zones[i].off + dst; }
    const char *p = buf;
    if (strncmp(p, "gmt", 3) == 0 || strncmp(p, "utc", 3) == 0) p += 3;
    if (*p != '+' && *p != '-') return 0;
    int sign = *p++ == '-' ? -1 : 1;
    if (!isdigit((unsigned char)*p)) return 0;
    const char *q = p;
    while (isdigit((unsigned char)*q)) q++;
    long h, m = 0, s = 0;
    if (*q == ':') {
        h = strtol(p, NULL, 10);
        m = strtol(q + 1, (char **)&q, 10);
        if (*q == ':') s = strtol(q + 1, (char **)&q, 10);
    } else if (*q == ',' || *q == '.') {
        h = strtol(p, NULL, 10);
        const char *f = q + 1;
        double fr = 0, scale = 0.1;
        for (; isdigit((unsigned char)*f); f++, scale /= 10) fr += (*f - '0') * scale;
        s = (long)(fr * 3600 + 0.5);
        q = f;
    } else {
        size_t l = (size_t)(q - p);
        char d[16] = { 0 };
        memcpy(d, p, l < 15 ? l : 15);
        if (l <= 2) h = atol(d);
        else if (l <= 4) { m = atol(d + l - 2); d[l - 2] = 0; h = atol(d); }
        else { s = atol(d + l - 2); d[l - 2] = 0; m = atol(d + l - 4); d[l - 4] = 0; h = atol(d); }
    }
    if (*q) return 0;
    *ok = 1;
    return sign * (h * 3600 + m * 60 + s);
}

static void set_zone(sp_value h, const char *zone)
{
    set(h, "zone", sp_str_new_cstr(zone));
}

static void set_offset_from_zone(sp_value h)
{
    sp_value z = ref(h, "zone");
    if (z == SP_NIL) return;
    int ok;
    long of = sp_date_zone_to_diff(sp_str_ptr(z), sp_str_len(z), &ok);
    set(h, "offset", ok ? sp_int_new(of) : SP_NIL);
}

/* ---- _parse ---------------------------------------------------------- */

/* Blank out what a layout matched (CRuby replaces it with spaces). */
static void blank(sp_value str, sp_value m)
{
    long b = sp_match_beg(m, 0), e = sp_match_end(m, 0);
    char *p = (char *)sp_str_ptr(str);
    for (long i = b; i < e; i++) p[i] = ' ';
}

/* CRuby's s3e: which of three numbers is the year, month and day. */
static void s3e(sp_value h, const char *y, const char *m, const char *d, int bc)
{
    if (y && m && !d) { const char *oy = y, *om = m; y = d; m = oy; d = om; }
    if (!y) {
        if (d && strlen(d) > 2) { y = d; d = NULL; }
        if (d && *d == '\'') { y = d; d = NULL; }
    }
    if (y) {
        const char *s = y;
        while (*s && *s != '+' && *s != '-' && !isdigit((unsigned char)*s)) s++;
        const char *bp = s;
        if (*s == '+' || *s == '-') s++;
        size_t l = strspn(s, "0123456789");
        if (s[l]) { y = d; d = sp_str_cstr(sp_str_new(bp, (size_t)(s + l - bp))); }   /* "5th" -> "5" */
    }
    if (m && (*m == '\'' || strlen(m) > 2)) { const char *oy = y, *om = m, *od = d; y = om; m = od; d = oy; }
    if (d && (*d == '\'' || strlen(d) > 2)) { const char *oy = y; y = d; d = oy; }
    if (y) {
        const char *s = y;
        int comp = 1;
        while (*s && *s != '+' && *s != '-' && *s != '\'' && !isdigit((unsigned char)*s)) s++;
        if (*s == '\'') s++;
        int sign = 0;
        if (*s == '+' || *s == '-') { sign = *s == '-' ? -1 : 1; s++; comp = 0; }
        size_t l = strspn(s, "0123456789");
        if (l > 2) comp = 0;
        char digits[32] = { 0 };
        memcpy(digits, s, l < 31 ? l : 31);
        sp_value iy = str_int(digits);
        if (sign < 0) iy = sp_funcall0(iy, "-@");
        if (bc) set(h, "_bc", SP_TRUE);
        if (!comp) set(h, "_comp", SP_FALSE);
        set(h, "year", iy);
    }
    if (m) {
        const char *s = m;
        while (*s == '\'') s++;
        set(h, "mon", isdigit((unsigned char)*s) ? str_int(s) : SP_FIX(mon_num(s)));
    }
    if (d) {
        const char *s = d;
        while (*s && !isdigit((unsigned char)*s)) s++;
        set(h, "mday", str_int(s));
    }
}

static void parse_time(sp_value h, const char *t, const char *zone)
{
    if (zone) set_zone(h, zone);
    sp_value ts = sp_str_new_cstr(t);
    sp_value m = search(RX_TIME2, ts);
    if (m == SP_NIL) return;
    int64_t hour = SP_FIX2LONG(str_int(grp(m, 1)));
    const char *mi = grp(m, 2), *s = grp(m, 3), *f = grp(m, 4), *p = grp(m, 5);
    if (p) { hour %= 12; if (tolower((unsigned char)*p) == 'p') hour += 12; }
    set(h, "hour", SP_FIX(hour));
    if (mi) set(h, "min", str_int(mi));
    if (s) set(h, "sec", str_int(s));
    if (f) set(h, "sec_fraction", fraction(f));
}

static int is_bc(const char *b) { return b && tolower((unsigned char)*b) == 'b'; }

/* A month name group as CRuby passes it to s3e: its number as a string. */
static const char *mon_str(sp_value m, int i)
{
    static const char *const n[] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12" };
    return n[mon_num(grp(m, i))];
}

static int parse_layouts(sp_value h, sp_value str)
{
    sp_value m;
    if ((m = search(RX_EU, str)) != SP_NIL) { s3e(h, grp(m, 4), mon_str(m, 2), grp(m, 1), is_bc(grp(m, 3))); blank(str, m); return 1; }
    if ((m = search(RX_US, str)) != SP_NIL) { s3e(h, grp(m, 4), mon_str(m, 1), grp(m, 2), is_bc(grp(m, 3))); blank(str, m); return 1; }
    if ((m = search(RX_ISO, str)) != SP_NIL) { s3e(h, grp(m, 1), grp(m, 2), grp(m, 3), 0); blank(str, m); return 1; }
    if ((m = search(RX_JIS, str)) != SP_NIL) {
        static const char eras[] = "mtshr";
        static const int base[] = { 1867, 1911, 1925, 1988, 2018 };
        int e = (int)(strchr(eras, tolower((unsigned char)*grp(m, 1))) - eras);
        set(h, "year", sp_int_new(SP_FIX2LONG(str_int(grp(m, 2))) + base[e]));
        set(h, "mon", str_int(grp(m, 3)));
        set(h, "mday", str_int(grp(m, 4)));
        blank(str, m);
        return 1;
    }
    if ((m = search(RX_VMS1, str)) != SP_NIL) { s3e(h, grp(m, 3), mon_str(m, 2), grp(m, 1), 0); blank(str, m); return 1; }
    if ((m = search(RX_VMS2, str)) != SP_NIL) { s3e(h, grp(m, 3), mon_str(m, 1), grp(m, 2), 0); blank(str, m); return 1; }
    if ((m = search(RX_SLA, str)) != SP_NIL) { s3e(h, grp(m, 1), grp(m, 2), grp(m, 3), 0); blank(str, m); return 1; }
    if ((m = search(RX_SLA2, str)) != SP_NIL) { s3e(h, grp(m, 1), mon_str(m, 2), grp(m, 3), 0); blank(str, m); return 1; }
    if ((m = search(RX_SLA3, str)) != SP_NIL) { s3e(h, grp(m, 3), mon_str(m, 1), grp(m, 2), 0); blank(str, m); return 1; }
    if ((m = search(RX_DOT, str)) != SP_NIL) { s3e(h, grp(m, 1), grp(m, 2), grp(m, 3), 0); blank(str, m); return 1; }
    if ((m = search(RX_ISO21, str)) != SP_NIL) {
        if (grp(m, 1)) set(h, "cwyear", str_int(grp(m, 1)));
        set(h, "cweek", str_int(grp(m, 2)));
        if (grp(m, 3)) set(h, "cwday", str_int(grp(m, 3)));
        blank(str, m); return 1;
    }
    if ((m = search(RX_ISO22, str)) != SP_NIL) { set(h, "cwday", str_int(grp(m, 1))); blank(str, m); return 1; }
    if ((m = search(RX_ISO23, str)) != SP_NIL) {
        if (grp(m, 1)) set(h, "mon", str_int(grp(m, 1)));
        set(h, "mday", str_int(grp(m, 2)));
        blank(str, m); return 1;
    }
    if ((m = search(RX_ISO24, str)) != SP_NIL) {
        set(h, "mon", str_int(grp(m, 1)));
        if (grp(m, 2)) set(h, "mday", str_int(grp(m, 2)));
        blank(str, m); return 1;
    }
    if (search(RX_ISO25P, str) == SP_NIL && (m = search(RX_ISO25, str)) != SP_NIL) {
        set(h, "year", str_int(grp(m, 1)));
        set(h, "yday", str_int(grp(m, 2)));
        blank(str, m); return 1;
    }
    if (search(RX_ISO26P, str) == SP_NIL && (m = search(RX_ISO26, str)) != SP_NIL) {
        set(h, "yday", str_int(grp(m, 1)));
        blank(str, m); return 1;
    }
    if ((m = search(RX_YEAR, str)) != SP_NIL) { set(h, "year", str_int(grp(m, 1))); blank(str, m); return 1; }
    if ((m = search(RX_MON, str)) != SP_NIL) { set(h, "mon", SP_FIX(mon_num(grp(m, 1)))); blank(str, m); return 1; }
    if ((m = search(RX_MDAY, str)) != SP_NIL) { set(h, "mday", str_int(grp(m, 1))); blank(str, m); return 1; }
    return 0;
}

/* A run of digits: CRuby's parse_ddd (yyyymmdd, yymmdd, hhmmss, ...). */
static int parse_ddd(sp_value h, sp_value str)
{
    sp_value m = search(RX_DDD, str);
    if (m == SP_NIL) return 0;
    const char *sign = grp(m, 1), *s2 = grp(m, 2), *s3 = grp(m, 3), *s4 = grp(m, 4), *s5 = grp(m, 5);
    size_t l2 = strlen(s2);
    char b[16];
#define SUB(from, n) (memcpy(b, s2 + (from), (n)), b[(n)] = 0, str_int(b))
    int timefirst = !s3 && s4;
    switch (l2) {
    case 2: set(h, timefirst ? "sec" : "mday", SUB(0, 2)); break;
    case 4:
        if (timefirst) { set(h, "sec", SUB(2, 2)); set(h, "min", SUB(0, 2)); }
        else { set(h, "mon", SUB(0, 2)); set(h, "mday", SUB(2, 2)); }
        break;
    case 6:
        if (timefirst) { set(h, "sec", SUB(4, 2)); set(h, "min", SUB(2, 2)); set(h, "hour", SUB(0, 2)); }
        else {
            sp_value y = SUB(0, 2);
            if (*sign == '-') y = sp_funcall0(y, "-@");
            set(h, "year", y); set(h, "mon", SUB(2, 2)); set(h, "mday", SUB(4, 2));
        }
        break;
    case 8: case 10: case 12: case 14:
        if (timefirst) {
            set(h, "sec", SUB(l2 - 2, 2)); set(h, "min", SUB(l2 - 4, 2)); set(h, "hour", SUB(l2 - 6, 2));
            set(h, "mday", SUB(l2 - 8, 2));
            if (l2 >= 10) set(h, "mon", SUB(l2 - 10, 2));
            if (l2 == 12) set(h, "year", SUB(0, 2));
            if (l2 == 14) { set(h, "year", SUB(0, 4)); set(h, "_comp", SP_FALSE); }
        } else {
            sp_value y = SUB(0, 4);
            if (*sign == '-') y = sp_funcall0(y, "-@");
            set(h, "year", y); set(h, "mon", SUB(4, 2)); set(h, "mday", SUB(6, 2));
            if (l2 >= 10) set(h, "hour", SUB(8, 2));
            if (l2 >= 12) set(h, "min", SUB(10, 2));
            if (l2 >= 14) set(h, "sec", SUB(12, 2));
            set(h, "_comp", SP_FALSE);
        }
        break;
    case 3:
        if (timefirst) { set(h, "sec", SUB(1, 2)); set(h, "hour", SUB(0, 1)); }
        else set(h, "yday", SUB(0, 3));
        break;
    case 5: case 7:
        if (timefirst) {
            set(h, "sec", SUB(l2 - 2, 2)); set(h, "min", SUB(l2 - 4, 2)); set(h, "hour", SUB(l2 - 6, 2));
            if (l2 == 7) set(h, "yday", SUB(0, 1));
        } else {
            size_t yl = l2 - 3;
            sp_value y = SUB(0, yl);
            if (*sign == '-') y = sp_funcall0(y, "-@");
            set(h, "year", y); set(h, "yday", SUB(yl, 3));
            if (yl == 4) set(h, "_comp", SP_FALSE);
        }
        break;
    default: return 0;
    }
#undef SUB
    if (s3) {
        size_t l3 = strlen(s3);
        char c[8] = { 0 };
        if (s4) {
            if (l3 >= 2) { memcpy(c, s3 + l3 - 2, 2); set(h, "sec", str_int(c)); }
            if (l3 >= 4) { memcpy(c, s3 + l3 - 4, 2); set(h, "min", str_int(c)); }
            if (l3 >= 6) { memcpy(c, s3, 2); set(h, "hour", str_int(c)); }
        } else {
            memcpy(c, s3, 2); set(h, "hour", str_int(c));
            if (l3 >= 4) { memcpy(c, s3 + 2, 2); set(h, "min", str_int(c)); }
            if (l3 >= 6) { memcpy(c, s3 + 4, 2); set(h, "sec", str_int(c)); }
        }
    }
    if (s4 && *s4) set(h, "sec_fraction", fraction(s4));
    if (s5) {
        char z[64];
        snprintf(z, sizeof z, "%s", s5);
        char *zp = z;
        if (*zp == '[') {
            zp++;
            char *e = strchr(zp, ']');
            if (e) *e = 0;
            char *colon = strchr(zp, ':');
            set_zone(h, colon ? colon + 1 : zp);
            if (colon) *colon = 0;
            char off[64];
            snprintf(off, sizeof off, "%s%s", isdigit((unsigned char)*zp) ? "+" : "", zp);
            int ok;
            long of = sp_date_zone_to_diff(off, strlen(off), &ok);
            if (ok) set(h, "offset", sp_int_new(of));
        } else set_zone(h, zp);
    }
    blank(str, m);
    return 1;
}

static sp_value date__parse(sp_value src, int comp)
{
    sp_value h = sp_hash_new();
    /* CRuby: every run of characters outside [-+',./:@[:alnum:][]] is one space */
    sp_value str = sp_str_buf_new(sp_str_len(src) + 1);
    const unsigned char *p = (const unsigned char *)sp_str_ptr(src), *e = p + sp_str_len(src);
    while (p < e) {
        if (isalnum(*p) || *p >= 0x80 || strchr("-+',./:@[]", *p)) sp_str_cat(str, (const char *)p++, 1);
        else { sp_str_cat(str, " ", 1); while (p < e && !(isalnum(*p) || *p >= 0x80 || strchr("-+',./:@[]", *p))) p++; }
    }
    set(h, "_comp", SP_BOOL(comp));
    sp_value m;
    if ((m = search(RX_DAY, str)) != SP_NIL) { set(h, "wday", SP_FIX(day_num(grp(m, 1)))); blank(str, m); }
    if ((m = search(RX_TIME, str)) != SP_NIL) { parse_time(h, grp(m, 1), grp(m, 2)); blank(str, m); }
    if (!parse_layouts(h, str)) parse_ddd(h, str);
    if ((m = search(RX_BC, str)) != SP_NIL) { set(h, "_bc", SP_TRUE); blank(str, m); }
    if ((m = search(RX_FRAG, str)) != SP_NIL) {
        int64_t v = SP_FIX2LONG(str_int(grp(m, 1)));
        if (has(h, "hour") && !has(h, "mday")) { if (v >= 1 && v <= 31) set(h, "mday", SP_FIX(v)); }
        else if (has(h, "mday") && !has(h, "hour")) { if (v >= 0 && v <= 24) set(h, "hour", SP_FIX(v)); }
    }
    if (del(h, "_bc") == SP_TRUE) {
        static const char *const k[] = { "cwyear", "year" };
        for (int i = 0; i < 2; i++) {
            sp_value y = ref(h, k[i]);
            if (y != SP_NIL) set(h, k[i], sp_funcall1(SP_FIX(1), "-", y));
        }
    }
    if (del(h, "_comp") == SP_TRUE) {
        static const char *const k[] = { "cwyear", "year" };
        for (int i = 0; i < 2; i++) {
            sp_value y = ref(h, k[i]);
            if (SP_FIXNUM_P(y) && SP_FIX2LONG(y) >= 0 && SP_FIX2LONG(y) <= 99)
                set(h, k[i], SP_FIX(SP_FIX2LONG(y) + (SP_FIX2LONG(y) >= 69 ? 1900 : 2000)));
        }
    }
    set_offset_from_zone(h);
    return h;
}

/* ---- the fixed layouts ----------------------------------------------- */

static void set_int(sp_value h, const char *k, const char *s) { if (s) set(h, k, str_int(s)); }

static void set_signed_year(sp_value h, const char *k, const char *s)
{
    if (!s) return;
    int neg = *s == '-';
    sp_value v = str_int(s + (*s == '-' || *s == '+'));
    set(h, k, neg ? sp_funcall0(v, "-@") : v);
}

static void time_zone_groups(sp_value h, sp_value m, int hi)
{
    set_int(h, "hour", grp(m, hi));
    set_int(h, "min", grp(m, hi + 1));
    set_int(h, "sec", grp(m, hi + 2));
    if (grp(m, hi + 3)) set(h, "sec_fraction", fraction(grp(m, hi + 3)));
    if (grp(m, hi + 4)) { set_zone(h, grp(m, hi + 4)); set_offset_from_zone(h); }
}

static sp_value date__iso8601(sp_value str)
{
    sp_value h = sp_hash_new(), m;
    if ((m = search(RX_ISO_EXT, str)) != SP_NIL) {
        if (grp(m, 1)) {
            set_int(h, "mday", grp(m, 3));   /* CRuby's order: mday, year, mon */
            if (strcmp(grp(m, 1), "-")) {
                const char *y = grp(m, 1);
                if (strlen(y) < 4 && isdigit((unsigned char)*y)) {
                    int64_t v = SP_FIX2LONG(str_int(y));
                    set(h, "year", SP_FIX(v + (v >= 69 ? 1900 : 2000)));
                } else set_signed_year(h, "year", y);
            }
            set_int(h, "mon", grp(m, 2));
        } else if (grp(m, 5)) {
            set_signed_year(h, "year", grp(m, 4));
            set_int(h, "yday", grp(m, 5));
        } else if (grp(m, 8)) {
            set_int(h, "cwyear", grp(m, 6));
            set_int(h, "cweek", grp(m, 7));
            set_int(h, "cwday", grp(m, 8));
        } else if (grp(m, 9)) set_int(h, "cwday", grp(m, 9));
        time_zone_groups(h, m, 10);
    } else if ((m = search(RX_ISO_BAS, str)) != SP_NIL) {
        if (grp(m, 3)) {
            if (grp(m, 1) && strcmp(grp(m, 1), "--")) set_signed_year(h, "year", grp(m, 1));
            if (strcmp(grp(m, 2), "-")) set_int(h, "mon", grp(m, 2));
            set_int(h, "mday", grp(m, 3));
        } else if (grp(m, 5)) { set_signed_year(h, "year", grp(m, 4)); set_int(h, "yday", grp(m, 5)); }
        else if (grp(m, 6)) set_int(h, "yday", grp(m, 6));
        else if (grp(m, 9)) { set_int(h, "cwyear", grp(m, 7)); set_int(h, "cweek", grp(m, 8)); set_int(h, "cwday", grp(m, 9)); }
        else if (grp(m, 11)) { set_int(h, "cweek", grp(m, 10)); set_int(h, "cwday", grp(m, 11)); }
        else if (grp(m, 12)) set_int(h, "cwday", grp(m, 12));
        time_zone_groups(h, m, 13);
    } else if ((m = search(RX_ISO_TEXT, str)) != SP_NIL || (m = search(RX_ISO_TBAS, str)) != SP_NIL) {
        time_zone_groups(h, m, 1);
    }
    return h;
}

static sp_value date__rfc3339(sp_value str)
{
    sp_value h = sp_hash_new(), m = search(RX_RFC3339, str);
    if (m == SP_NIL) return h;
    set_signed_year(h, "year", grp(m, 1));
    set_int(h, "mon", grp(m, 2));
    set_int(h, "mday", grp(m, 3));
    set_int(h, "hour", grp(m, 4));
    set_int(h, "min", grp(m, 5));
    set_int(h, "sec", grp(m, 6));
    set_zone(h, grp(m, 8));
    set_offset_from_zone(h);
    if (grp(m, 7)) set(h, "sec_fraction", fraction(grp(m, 7)));
    return h;
}

static sp_value date__xmlschema(sp_value str)
{
    sp_value h = sp_hash_new(), m;
    if ((m = search(RX_XMLSCHEMA, str)) != SP_NIL) {
        set_signed_year(h, "year", grp(m, 1));
        set_int(h, "mon", grp(m, 2));
        set_int(h, "mday", grp(m, 3));
        set_int(h, "hour", grp(m, 4));
        set_int(h, "min", grp(m, 5));
        set_int(h, "sec", grp(m, 6));
        if (grp(m, 7)) set(h, "sec_fraction", fraction(grp(m, 7)));
        if (grp(m, 8)) { set_zone(h, grp(m, 8)); set_offset_from_zone(h); }
    } else if ((m = search(RX_XMLTIME, str)) != SP_NIL) {
        set_int(h, "hour", grp(m, 1));
        set_int(h, "min", grp(m, 2));
        set_int(h, "sec", grp(m, 3));
        if (grp(m, 4)) set(h, "sec_fraction", fraction(grp(m, 4)));
        if (grp(m, 5)) { set_zone(h, grp(m, 5)); set_offset_from_zone(h); }
    }
    return h;
}

static sp_value date__rfc2822(sp_value str)
{
    sp_value h = sp_hash_new(), m = search(RX_RFC2822, str);
    if (m == SP_NIL) return h;
    if (grp(m, 1)) set(h, "wday", SP_FIX(day_num(grp(m, 1))));
    set_int(h, "mday", grp(m, 2));
    set(h, "mon", SP_FIX(mon_num(grp(m, 3))));
    const char *y = grp(m, 4);
    int64_t yv = SP_FIX2LONG(str_int(y + (*y == '-')));
    if (*y == '-') yv = -yv;
    size_t yl = strlen(y) - (*y == '-');
    if (yl < 4) yv += yv >= 50 ? 1900 : 2000;
    set(h, "year", sp_int_new(yv));
    set_int(h, "hour", grp(m, 5));
    set_int(h, "min", grp(m, 6));
    set_int(h, "sec", grp(m, 7));
    set_zone(h, grp(m, 8));
    set_offset_from_zone(h);
    return h;
}

static sp_value date__httpdate(sp_value str)
{
    sp_value h = sp_hash_new(), m = search(RX_HTTPDATE, str);
    if (m == SP_NIL) return h;
    set(h, "wday", SP_FIX(day_num(grp(m, 1))));
    set_int(h, "mday", grp(m, 2));
    set(h, "mon", SP_FIX(mon_num(grp(m, 3))));
    set_signed_year(h, "year", grp(m, 4));
    set_int(h, "hour", grp(m, 5));
    set_int(h, "min", grp(m, 6));
    set_int(h, "sec", grp(m, 7));
    set_zone(h, grp(m, 8));
    set(h, "offset", SP_FIX(0));
    return h;
}

static sp_value date__jisx0301(sp_value str)
{
    sp_value m = search(RX_JISX0301, str);
    if (m == SP_NIL) return date__iso8601(str);
    sp_value h = sp_hash_new();
    static const char eras[] = "mtshr";
    static const int base[] = { 1867, 1911, 1925, 1988, 2018 };
    const char *e = grp(m, 1);
    int ei = e ? (int)(strchr(eras, tolower((unsigned char)*e)) - eras) : 3;
    set(h, "year", sp_int_new(SP_FIX2LONG(str_int(grp(m, 2))) + base[ei]));
    set_int(h, "mon", grp(m, 3));
    set_int(h, "mday", grp(m, 4));
    if (grp(m, 5)) {
        set_int(h, "hour", grp(m, 5));
        set_int(h, "min", grp(m, 6));
        set_int(h, "sec", grp(m, 7));
    }
    if (grp(m, 8) && *grp(m, 8)) set(h, "sec_fraction", fraction(grp(m, 8)));
    if (grp(m, 9)) { set_zone(h, grp(m, 9)); set_offset_from_zone(h); }
    return h;
}

/* ---- _strptime ------------------------------------------------------- */

static const char *const month_full[] = { "january", "february", "march", "april", "may", "june", "july",
    "august", "september", "october", "november", "december" };
static const char *const day_full[] = { "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday" };

/* A number of at most `width` digits (a sign first when `sign`). */
static int read_num(const char **sp, const char *e, int width, int sign, sp_value *out)
{
    const char *s = *sp;
    int neg = 0;
    if (sign && s < e && (*s == '+' || *s == '-')) { neg = *s == '-'; s++; }
    const char *d = s;
    while (s < e && s - d < width && isdigit((unsigned char)*s)) s++;
    if (s == d) return 0;
    char buf[64];
    size_t n = (size_t)(s - d);
    if (n > 63) n = 63;
    memcpy(buf, d, n); buf[n] = 0;
    *out = str_int(buf);
    if (neg) *out = sp_funcall0(*out, "-@");
    *sp = s;
    return 1;
}

/* Whether the directive after position f reads digits (then %Y stops at 4). */
static int next_is_num(const char *f, const char *fe)
{
    if (f >= fe) return 0;
    if (isdigit((unsigned char)*f)) return 1;
    if (*f != '%' || f + 1 >= fe) return 0;
    f++;
    while (f < fe && (*f == '-' || *f == '_' || *f == '0' || *f == '^' || *f == '#')) f++;
    while (f < fe && isdigit((unsigned char)*f)) f++;
    return f < fe && strchr("CDdeFGgHIjkLlMmNQRrSsTUuVvWwXxYy", *f) != NULL;
}

static int match_name(const char **sp, const char *e, const char *const *full, int n, int *idx)
{
    for (int i = 0; i < n; i++) {
        size_t l = strlen(full[i]);
        if ((size_t)(e - *sp) >= l && strncasecmp(*sp, full[i], l) == 0) { *sp += l; *idx = i; return 1; }
    }
    for (int i = 0; i < n; i++) {
        if (e - *sp >= 3 && strncasecmp(*sp, full[i], 3) == 0) { *sp += 3; *idx = i; return 1; }
    }
    return 0;
}

/* A zone as %z reads it: [gmt|utc]+hh[:mm[:ss]], "... standard time", a word. */
static int read_zone(const char **sp, const char *e, sp_value h)
{
    const char *s = *sp, *b = s;
    if (e - s >= 3 && (strncasecmp(s, "gmt", 3) == 0 || strncasecmp(s, "utc", 3) == 0) && s + 3 < e &&
        (s[3] == '+' || s[3] == '-')) s += 3;
    if (s < e && (*s == '+' || *s == '-')) {
        s++;
        if (s >= e || !isdigit((unsigned char)*s)) return 0;
        while (s < e && isdigit((unsigned char)*s)) s++;
        if (s < e && (*s == ':' || *s == ',' || *s == '.') && s + 1 < e && isdigit((unsigned char)s[1])) {
            s++;
            while (s < e && isdigit((unsigned char)*s)) s++;
            if (s < e && *s == ':' && s + 1 < e && isdigit((unsigned char)s[1])) { s++; while (s < e && isdigit((unsigned char)*s)) s++; }
        }
    } else {
        s = b;
        while (s < e && (isalpha((unsigned char)*s))) s++;
        if (s == b) return 0;
        const char *w = s;
        if (e - w >= 4 && strncasecmp(w, " dst", 4) == 0) s = w + 4;
        else {
            const char *t = w;
            while (t < e && (isalpha((unsigned char)*t) || *t == '.' || *t == ' ')) t++;
            for (const char *q = w; q < t; q++) {
                if ((size_t)(e - q) >= 14 && (strncasecmp(q, " standard time", 14) == 0 || strncasecmp(q, " daylight time", 14) == 0)) {
                    s = q + 14; break;
                }
            }
        }
    }
    sp_value z = sp_str_new(b, (size_t)(s - b));
    set(h, "zone", z);
    int ok;
    long of = sp_date_zone_to_diff(b, (size_t)(s - b), &ok);
    set(h, "offset", ok ? sp_int_new(of) : SP_NIL);
    *sp = s;
    return 1;
}

static int strptime_run(const char **sp, const char *e, const char *f, const char *fe, sp_value h);

static int strptime_sub(const char **sp, const char *e, const char *fmt, sp_value h)
{
    return strptime_run(sp, e, fmt, fmt + strlen(fmt), h);
}

/* Directives that read an unsigned number of at most `width` digits,
 * check it against [lo, hi] and store it under `key` (space_ok: a leading
 * blank is allowed, as for the blank-padded %e %k %l). */
static const struct strptime_num {
    char dir, space_ok, width;
    int lo, hi;
    const char *key;
} strptime_nums[] = {
    {'d', 1, 2, 1, 31, "mday"},  {'e', 1, 2, 1, 31, "mday"},
    {'H', 1, 2, 0, 24, "hour"},  {'k', 1, 2, 0, 24, "hour"},
    {'I', 1, 2, 1, 12, "hour"},  {'l', 1, 2, 1, 12, "hour"},
    {'j', 0, 3, 1, 366, "yday"}, {'M', 0, 2, 0, 59, "min"},
    {'m', 0, 2, 1, 12, "mon"},   {'S', 0, 2, 0, 60, "sec"},
    {'U', 0, 2, 0, 53, "wnum0"}, {'W', 0, 2, 0, 53, "wnum1"},
    {'u', 0, 1, 1, 7, "cwday"},  {'V', 0, 2, 1, 53, "cweek"},
    {'w', 0, 1, 0, 6, "wday"},   {'g', 0, 2, 0, 99, "cwyear"},
    {'y', 0, 2, 0, 99, "year"},
};

/* Directives that stand for a whole format. */
static const struct strptime_alias { char dir; const char *fmt; } strptime_aliases[] = {
    {'c', "%a %b %e %H:%M:%S %Y"}, {'D', "%m/%d/%y"}, {'x', "%m/%d/%y"},
    {'F', "%Y-%m-%d"}, {'n', " "}, {'t', " "}, {'R', "%H:%M"},
    {'r', "%I:%M:%S %p"}, {'T', "%H:%M:%S"}, {'X', "%H:%M:%S"},
    {'v', "%e-%b-%Y"}, {'+', "%a %b %e %H:%M:%S %Z %Y"},
};

static const struct strptime_num *strptime_num_of(char c)
{
    for (size_t i = 0; i < sizeof strptime_nums / sizeof *strptime_nums; i++)
        if (strptime_nums[i].dir == c) return &strptime_nums[i];
    return NULL;
}

static const char *strptime_alias_of(char c)
{
    for (size_t i = 0; i < sizeof strptime_aliases / sizeof *strptime_aliases; i++)
        if (strptime_aliases[i].dir == c) return strptime_aliases[i].fmt;
    return NULL;
}

static int strptime_run(const char **sp, const char *e, const char *f, const char *fe, sp_value h)
{
    const char *s = *sp;
    while (f < fe) {
        if (isspace((unsigned char)*f)) {
            while (s < e && isspace((unsigned char)*s)) s++;
            f++;
            continue;
        }
        if (*f != '%' || f + 1 >= fe) {
            if (s >= e || *s != *f) return 0;
            s++; f++;
            continue;
        }
        f++;
        while (f < fe && (*f == '-' || *f == '_' || *f == '0' || *f == '^' || *f == '#')) f++;
        int width = 0;
        while (f < fe && isdigit((unsigned char)*f)) width = width * 10 + (*f++ - '0');
        while (f < fe && *f == ':') f++;
        if (f >= fe) return 0;
        char c = *f++;
        sp_value v;
        int idx;
#define NUM(w, sign) do { if (!read_num(&s, e, width ? width : (w), sign, &v)) return 0; } while (0)
        const struct strptime_num *num = strptime_num_of(c);
        const char *alias = num ? NULL : strptime_alias_of(c);
        if (num) {
            if (num->space_ok && s < e && *s == ' ') s++;
            NUM(num->width, 0);
            if (SP_FIX2LONG(v) < num->lo || SP_FIX2LONG(v) > num->hi) return 0;
            set(h, num->key, v);
            /* a two-digit year: 69-99 are 19xx, 00-68 20xx */
            if ((c == 'g' || c == 'y') && !has(h, "_cent"))
                set(h, "_cent", SP_FIX(SP_FIX2LONG(v) >= 69 ? 19 : 20));
            continue;
        }
        if (alias) {
            if (!strptime_sub(&s, e, alias, h)) return 0;
            continue;
        }
        switch (c) {
        case 'A': case 'a':
            if (!match_name(&s, e, day_full, 7, &idx)) return 0;
            set(h, "wday", SP_FIX(idx));
            break;
        case 'B': case 'b': case 'h':
            if (!match_name(&s, e, month_full, 12, &idx)) return 0;
            set(h, "mon", SP_FIX(idx + 1));
            break;
        case 'C': NUM(next_is_num(f, fe) ? 2 : 64, 1); set(h, "_cent", v); break;
        case 'G': NUM(next_is_num(f, fe) ? 4 : 64, 1); set(h, "cwyear", v); break;
        case 'L': case 'N': {
            const char *d = s;
            int neg = 0;
            if (s < e && (*s == '-' || *s == '+')) { neg = *s == '-'; s++; d = s; }
            while (s < e && isdigit((unsigned char)*s) && (!width || s - d < width)) s++;
            if (s == d) return 0;
            sp_value r = fraction(sp_str_cstr(sp_str_new(d, (size_t)(s - d))));
            set(h, "sec_fraction", neg ? sp_funcall0(r, "-@") : r);
            break;
        }
        case 'P': case 'p': {
            int pm;
            if (e - s >= 2 && (s[1] == 'm' || s[1] == 'M') && (tolower((unsigned char)*s) == 'a' || tolower((unsigned char)*s) == 'p')) {
                pm = tolower((unsigned char)*s) == 'p'; s += 2;
            } else if (e - s >= 4 && s[1] == '.' && (s[2] == 'm' || s[2] == 'M') && s[3] == '.' &&
                       (tolower((unsigned char)*s) == 'a' || tolower((unsigned char)*s) == 'p')) {
                pm = tolower((unsigned char)*s) == 'p'; s += 4;
            } else return 0;
            set(h, "_merid", SP_FIX(pm ? 12 : 0));
            break;
        }
        case 'Q': NUM(64, 1); set(h, "seconds", sp_rational_new(v, SP_FIX(1000))); break;
        case 's': NUM(64, 1); set(h, "seconds", v); break;
        case 'Y': NUM(next_is_num(f, fe) ? 4 : 64, 1); set(h, "year", v); break;
        case 'Z': case 'z': if (!read_zone(&s, e, h)) return 0; break;
        case '%': if (s >= e || *s != '%') return 0; s++; break;
        default:
            /* an unknown directive matches itself */
            if (s >= e || *s != '%') return 0;
            s++;
            if (s >= e || *s != c) return 0;
            s++;
            break;
        }
#undef NUM
    }
    *sp = s;
    return 1;
}

static sp_value date__strptime(sp_value str, sp_value fmt)
{
    sp_value h = sp_hash_new();
    const char *s = sp_str_ptr(str), *e = s + sp_str_len(str);
    if (!strptime_run(&s, e, sp_str_ptr(fmt), sp_str_ptr(fmt) + sp_str_len(fmt), h)) return SP_NIL;
    if (s < e) set(h, "leftover", sp_str_new(s, (size_t)(e - s)));
    sp_value cent = del(h, "_cent");
    if (cent != SP_NIL) {
        static const char *const k[] = { "cwyear", "year" };
        for (int i = 0; i < 2; i++) {
            sp_value y = ref(h, k[i]);
            if (y != SP_NIL) set(h, k[i], sp_funcall1(y, "+", sp_funcall1(cent, "*", SP_FIX(100))));
        }
    }
    sp_value merid = del(h, "_merid");
    if (merid != SP_NIL) {
        sp_value hr = ref(h, "hour");
        if (hr != SP_NIL) set(h, "hour", SP_FIX(SP_FIX2LONG(hr) % 12 + SP_FIX2LONG(merid)));
    }
    return h;
}

/* ---- Hash -> Date ---------------------------------------------------- */

static int64_t ival(sp_value h, const char *k) { return sp_num_to_long(ref(h, k)); }

static sp_value new_date(const char *ctor, int n, const sp_value *a)
{
    return sp_funcall(sp_cDate, sp_intern(ctor), n, a, SP_NIL);
}

/* The Julian day the fields name (civil, ordinal, commercial, week
 * numbers), or SP_NIL; fields missing at the front come from today. */
static sp_value jd_from_fields(sp_value h, double sg, int datetime)
{
    int64_t ty; int tm, td;
    sp_date_today(&ty, &tm, &td);
    sp_value today = sp_funcall(sp_cDate, sp_intern("civil"), 3, (sp_value[]){ sp_int_new(ty), SP_FIX(tm), SP_FIX(td) }, SP_NIL);
    sp_value sgv = sp_float_new(sg);
    if (has(h, "jd")) return ref(h, "jd");
    if (has(h, "yday")) {
        sp_value y = has(h, "year") ? ref(h, "year") : sp_int_new(ty);
        if (sp_funcall(sp_cDate, sp_intern("valid_ordinal?"), 3, (sp_value[]){ y, ref(h, "yday"), sgv }, SP_NIL) != SP_TRUE) return SP_NIL;
        sp_value d = new_date("ordinal", 3, (sp_value[]){ y, ref(h, "yday"), sgv });
        return sp_funcall0(d, "jd");
    }
    int week_day = has(h, "wday") && !has(h, "mon") && !has(h, "mday");   /* year + wday: week 0 */
    if (has(h, "mon") || has(h, "mday") ||
        (has(h, "year") && !week_day && !has(h, "cwyear") && !has(h, "cweek") && !has(h, "wnum0") && !has(h, "wnum1"))) {
        sp_value y = ref(h, "year"), m = ref(h, "mon"), d = ref(h, "mday");
        if (y == SP_NIL) { y = sp_int_new(ty); if (m == SP_NIL) m = SP_FIX(tm); }
        if (m == SP_NIL) m = SP_FIX(1);
        if (d == SP_NIL) d = SP_FIX(1);
        if (sp_funcall(sp_cDate, sp_intern("valid_civil?"), 4, (sp_value[]){ y, m, d, sgv }, SP_NIL) != SP_TRUE) return SP_NIL;
        return sp_funcall0(new_date("civil", 4, (sp_value[]){ y, m, d, sgv }), "jd");
    }
    if (has(h, "cwyear") || has(h, "cweek")) {
        sp_value y = ref(h, "cwyear"), w = ref(h, "cweek"), d = ref(h, "cwday");
        if (d == SP_NIL && has(h, "wday")) { int64_t wd = ival(h, "wday"); d = SP_FIX(wd == 0 ? 7 : wd); }
        if (y == SP_NIL) { y = sp_funcall0(today, "cwyear"); if (w == SP_NIL) w = sp_funcall0(today, "cweek"); }
        if (w == SP_NIL) w = SP_FIX(1);
        if (d == SP_NIL) d = SP_FIX(1);
        if (sp_funcall(sp_cDate, sp_intern("valid_commercial?"), 4, (sp_value[]){ y, w, d, sgv }, SP_NIL) != SP_TRUE) return SP_NIL;
        return sp_funcall0(new_date("commercial", 4, (sp_value[]){ y, w, d, sgv }), "jd");
    }
    if (has(h, "wnum0") || has(h, "wnum1") || (has(h, "year") && week_day)) {
        int one = has(h, "wnum1");
        int64_t y = has(h, "year") ? ival(h, "year") : ty;
        int64_t wn = one ? ival(h, "wnum1") : has(h, "wnum0") ? ival(h, "wnum0") : 0;
        int64_t wd = has(h, "wday") ? ival(h, "wday") : has(h, "cwday") ? ival(h, "cwday") % 7 : (one ? 1 : 0);
        sp_value jan1 = new_date("civil", 4, (sp_value[]){ sp_int_new(y), SP_FIX(1), SP_FIX(1), sgv });
        int64_t j1 = sp_num_to_long(sp_funcall0(jan1, "jd"));
        int64_t w1 = (j1 + 1) % 7;                            /* wday of Jan 1 */
        int64_t first = one ? j1 + ((8 - w1) % 7) : j1 + ((7 - w1) % 7);   /* first Mon/Sun */
        int64_t off = one ? (wd + 6) % 7 : wd;
        return sp_int_new(first + (wn - 1) * 7 + off);
    }
    if (has(h, "wday") || has(h, "cwday")) {
        int64_t wd = has(h, "wday") ? ival(h, "wday") : ival(h, "cwday") % 7;
        int64_t tj = sp_num_to_long(sp_funcall0(today, "jd"));
        return sp_int_new(tj - (tj + 1) % 7 + wd);
    }
    if (datetime && (has(h, "hour") || has(h, "min") || has(h, "sec")))
        return sp_funcall0(today, "jd");
    return SP_NIL;
}

sp_value sp_date_from_hash(sp_value klass, sp_value h, double sg)
{
    if (h == SP_NIL || has(h, "leftover")) sp_raise(sp_eDateError, "invalid date");
    int dt = sp_class_inherits(klass, sp_cDateTime);
    sp_value seconds = ref(h, "seconds");
    if (seconds != SP_NIL) {
        /* %s / %Q: seconds since the Epoch */
        sp_value of = has(h, "offset") ? ref(h, "offset") : SP_FIX(0);
        sp_value t = sp_funcall1(seconds, "+", of);
        sp_value days = sp_funcall1(t, "div", SP_FIX(86400));
        sp_value rest = sp_funcall1(t, "-", sp_funcall1(days, "*", SP_FIX(86400)));
        sp_value jd = sp_funcall1(days, "+", SP_FIX(2440588));
        if (!dt) return sp_funcall(klass, sp_intern("jd"), 2, (sp_value[]){ jd, sp_float_new(sg) }, SP_NIL);
        sp_value secs = sp_funcall0(rest, "floor");
        sp_value frac = sp_funcall1(rest, "-", secs);
        int64_t sv = sp_num_to_long(secs);
        sp_value a[6] = { jd, SP_FIX(sv / 3600), SP_FIX(sv / 60 % 60), sp_funcall1(SP_FIX(sv % 60), "+", frac),
                          sp_rational_new(of, SP_FIX(86400)), sp_float_new(sg) };
        return sp_funcall(klass, sp_intern("jd"), 6, a, SP_NIL);
    }
    sp_value jd = jd_from_fields(h, sg, dt);
    if (jd == SP_NIL) sp_raise(sp_eDateError, "invalid date");
    if (!dt) return sp_funcall(klass, sp_intern("jd"), 2, (sp_value[]){ jd, sp_float_new(sg) }, SP_NIL);
    sp_value hr = has(h, "hour") ? ref(h, "hour") : SP_FIX(0);
    sp_value mi = has(h, "min") ? ref(h, "min") : SP_FIX(0);
    sp_value se = has(h, "sec") ? ref(h, "sec") : SP_FIX(0);
    if (se == SP_FIX(60)) se = SP_FIX(59);   /* a leap second; 61 is invalid */
    if (has(h, "sec_fraction")) se = sp_funcall1(se, "+", ref(h, "sec_fraction"));
    sp_value of = has(h, "offset") ? sp_rational_new(ref(h, "offset"), SP_FIX(86400)) : SP_FIX(0);
    sp_value a[6] = { jd, hr, mi, se, of, sp_float_new(sg) };
    return sp_funcall(klass, sp_intern("jd"), 6, a, SP_NIL);
}

/* ---- the Ruby methods ------------------------------------------------ */

static double sg_of(int argc, const sp_value *argv, int i)
{
    if (argc <= i) return 2299161.0;
    return sp_num_to_double(argv[i]);
}

/* limit: (CRuby 3.4: strings over 128 bytes raise unless limit: nil). */
static void check_limit(sp_value str, int argc_, const sp_value *argv)
{
    sp_value lim = (argc_ & SP_ARGC_KW) ? sp_kwarg(argc_, argv, "limit", SP_FIX(128)) : SP_FIX(128);
    if (lim == SP_NIL) return;
    int64_t l = sp_num_to_long(lim);
    if ((int64_t)sp_str_len(str) > l)
        sp_raise(sp_eArgError, "string length (%lld) exceeds the limit %lld", (long long)sp_str_len(str), (long long)l);
}

static int pos_argc(int argc_) { return SP_ARGC(argc_) - ((argc_ & SP_ARGC_KW) ? 1 : 0); }

static sp_value str_arg(sp_value v)
{
    if (v == SP_NIL) sp_raise(sp_eTypeError, "no implicit conversion of nil into String");
    return sp_str_to_str(v);
}

SP_METHOD(ds__parse)
{
    (void)self; (void)blk;
    int n = pos_argc(argc_);
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_value str = str_arg(argv[0]);
    check_limit(str, argc_, argv);
    return date__parse(str, n < 2 || (argv[1] != SP_NIL && argv[1] != SP_FALSE));
}

SP_METHOD(ds_parse)
{
    (void)blk;
    int n = pos_argc(argc_);
    if (n > 3) sp_raise_arity(n, 0, 3);
    sp_value str = n > 0 ? str_arg(argv[0]) : sp_str_new_cstr("-4712-01-01");
    check_limit(str, argc_, argv);
    sp_value h = date__parse(str, n < 2 || (argv[1] != SP_NIL && argv[1] != SP_FALSE));
    return sp_date_from_hash(self, h, sg_of(n, argv, 2));
}

SP_METHOD(ds__strptime)
{
    (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    int dt = sp_class_inherits(self, sp_cDateTime);
    sp_value fmt = argc > 1 ? sp_str_to_str(argv[1]) : sp_str_new_cstr(dt ? "%FT%T%z" : "%F");
    return date__strptime(str_arg(argv[0]), fmt);
}

SP_METHOD(ds_strptime)
{
    (void)blk;
    if (argc > 3) sp_raise_arity(argc, 0, 3);
    int dt = sp_class_inherits(self, sp_cDateTime);
    sp_value str = argc > 0 ? str_arg(argv[0]) : sp_str_new_cstr(dt ? "-4712-01-01T00:00:00+00:00" : "-4712-01-01");
    sp_value fmt = argc > 1 ? sp_str_to_str(argv[1]) : sp_str_new_cstr(dt ? "%FT%T%z" : "%F");
    return sp_date_from_hash(self, date__strptime(str, fmt), sg_of(argc, argv, 2));
}

typedef sp_value (*layout_fn)(sp_value str);

static sp_value layout_hash(layout_fn fn, int argc_, const sp_value *argv)
{
    int n = pos_argc(argc_);
    if (n != 1) sp_raise_arity(n, 1, 1);
    if (argv[0] == SP_NIL) return sp_hash_new();   /* CRuby: nil gives {} */
    sp_value str = str_arg(argv[0]);
    check_limit(str, argc_, argv);
    return fn(str);
}

static sp_value layout_new(sp_value klass, layout_fn fn, const char *dflt, int argc_, const sp_value *argv)
{
    int n = pos_argc(argc_);
    if (n > 2) sp_raise_arity(n, 0, 2);
    if (n > 0 && argv[0] == SP_NIL) sp_raise(sp_eDateError, "invalid date");
    sp_value str = n > 0 ? str_arg(argv[0]) : sp_str_new_cstr(dflt);
    check_limit(str, argc_, argv);
    sp_value h = fn(str);
    if (sp_hash_size(h) == 0) sp_raise(sp_eDateError, "invalid date");
    return sp_date_from_hash(klass, h, sg_of(n, argv, 1));
}

#define LAYOUT(name, fn, dflt) \
    SP_METHOD(ds__##name) { (void)self; (void)argc; (void)blk; return layout_hash(fn, argc_, argv); } \
    SP_METHOD(ds_##name) { (void)argc; (void)blk; return layout_new(self, fn, dflt, argc_, argv); }
LAYOUT(iso8601, date__iso8601, "-4712-01-01")
LAYOUT(rfc3339, date__rfc3339, "-4712-01-01T00:00:00+00:00")
LAYOUT(xmlschema, date__xmlschema, "-4712-01-01")
LAYOUT(rfc2822, date__rfc2822, "Mon, 1 Jan -4712 00:00:00 +0000")
LAYOUT(httpdate, date__httpdate, "Mon, 01 Jan -4712 00:00:00 GMT")
LAYOUT(jisx0301, date__jisx0301, "-4712-01-01")

void sp_date_parse_init(sp_value C, sp_value T)
{
    (void)T;
    static const struct { const char *name; sp_cfunc fn; } m[] = {
        { "_parse", ds__parse }, { "parse", ds_parse }, { "_strptime", ds__strptime }, { "strptime", ds_strptime },
        { "_iso8601", ds__iso8601 }, { "iso8601", ds_iso8601 }, { "_rfc3339", ds__rfc3339 }, { "rfc3339", ds_rfc3339 },
        { "_xmlschema", ds__xmlschema }, { "xmlschema", ds_xmlschema }, { "_rfc2822", ds__rfc2822 },
        { "rfc2822", ds_rfc2822 }, { "_rfc822", ds__rfc2822 }, { "rfc822", ds_rfc2822 },
        { "_httpdate", ds__httpdate }, { "httpdate", ds_httpdate }, { "_jisx0301", ds__jisx0301 },
        { "jisx0301", ds_jisx0301 },
    };
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) sp_define_singleton_method(C, m[i].name, m[i].fn, -1);
}

/*
 * sp_time.c — Time.
 *
 * Representation: sp_time {hdr, sec, nsec, off, mode} — seconds since the
 * Epoch (int64), nanoseconds 0..999999999, the UTC offset in seconds in
 * effect for this instant, and the mode: UTC, local (the process TZ via
 * localtime_r; off is computed on first use) or a fixed offset ("+09:00").
 * Calendar fields come from gmtime_r(sec + off), so every accessor is O(1)
 * with no allocation; strftime builds one String.  Fractions are kept to
 * the nanosecond (CRuby keeps exact Rationals; float inputs are rounded to
 * nanosecond, except that a fraction coming from a Float is also kept
 * exactly as num/2^k (xnum/xk) so inspect/==/to_f agree with CRuby's
 * Rational for values like Time.at(0.1); mixing such a fraction with a
 * nanosecond one that is not a multiple of 2^-k falls back to nanoseconds).  Time#utc/#localtime mutate the receiver
 * like CRuby.  Process functions live in sp_process.c and are registered
 * from sp_init_time.
 */
#include "spinel.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_strftime.h"

#include <gc/gc_typed.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

void sp_process_init(void);   /* sp_process.c */

enum { TM_LOCAL, TM_UTC, TM_FIXED };

typedef struct sp_time {
    sp_header hdr;
    int64_t sec;
    int32_t nsec;
    int32_t off;
    int mode;
    int xk;          /* > 0: the exact fraction is xnum / 2^xk (from a Float) */
    uint64_t xnum;   /* odd; nsec == floor(xnum * 1e9 / 2^xk) */
} sp_time;

/* A split second count: sec + fraction, the fraction exact as in sp_time. */
typedef struct tsplit { int64_t sec, nsec; uint64_t xnum; int xk; } tsplit;

#define T(v) ((sp_time *)(v))
#define UNUSED (void)self; (void)argc_; (void)argv; (void)blk

static const char *const wday_names[] = {
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
static const char *const mon_names[] = {
    "January", "February", "March", "April", "May", "June", "July",
    "August", "September", "October", "November", "December" };

static int time_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_TIME;
}

static sp_time *get_time(sp_value v)
{
    if (!time_p(v)) sp_raise_type(v, "Time");
    return T(v);
}

/* Offset of local time at `sec` (process TZ). */
static int32_t local_off(int64_t sec)
{
    time_t t = (time_t)sec;
    struct tm tm;
    localtime_r(&t, &tm);
    return (int32_t)tm.tm_gmtoff;
}

/* Time objects are allocated with a GC type descriptor that marks only
 * the class pointer: epoch seconds (~1.7e9) and nanoseconds otherwise look
 * like heap addresses to the conservative collector and kept garbage alive
 * (Time.now was 8x slower than Time.at(5)). */
static GC_descr time_descr;

/* Local times compute their offset on first use (localtime_r is the
 * expensive part of Time.now).  Racing first uses store the same value. */
#define OFF_UNSET INT32_MIN
static int32_t tm_off(sp_time *t)
{
    if (t->off == OFF_UNSET) t->off = local_off(t->sec);
    return t->off;
}

static sp_value time_make(sp_value klass, int64_t sec, int64_t nsec, int mode, int32_t off)
{
    if (nsec < 0 || nsec >= 1000000000) {
        int64_t q = nsec / 1000000000, r = nsec % 1000000000;
        if (r < 0) { r += 1000000000; q--; }
        sec += q; nsec = r;
    }
    sp_time *t = GC_MALLOC_EXPLICITLY_TYPED(sizeof(sp_time), time_descr);
    if (SP_UNLIKELY(!t)) { fputs("[FATAL] failed to allocate memory\n", stderr); abort(); }
    t->hdr.klass = (sp_class *)(klass ? klass : sp_cTime);
    t->hdr.flags = 0;
    t->hdr.type = SP_T_TIME;
    t->sec = sec; t->nsec = (int32_t)nsec; t->mode = mode;
    t->off = mode == TM_UTC ? 0 : mode == TM_LOCAL ? OFF_UNSET : off;
    return (sp_value)t;
}

static sp_value time_like(sp_time *src, int64_t sec, int64_t nsec)
{
    return time_make(sp_cTime, sec, nsec, src->mode, src->off);   /* CRuby: plain Time */
}

static sp_value time_with_frac(sp_value t, const tsplit *x)
{
    if (x->xk > 0) { T(t)->xk = x->xk; T(t)->xnum = x->xnum; }
    return t;
}

static tsplit time_split(const sp_time *t)
{
    tsplit x = { t->sec, t->nsec, t->xnum, t->xk };
    return x;
}

/* Exact fraction m / 2^k (m > 0) -> split fields (nsec floored). */
static void frac_set(tsplit *x, unsigned __int128 m, int k)
{
    while (k > 0 && !(m & 1)) { m >>= 1; k--; }
    x->nsec = (int64_t)((m * 1000000000u) >> k);
    if (k <= 9) { x->xk = 0; x->xnum = 0; }
    else { x->xk = k; x->xnum = (uint64_t)m; }
}

/* a + b exactly when possible. */
static tsplit split_add(tsplit a, tsplit b)
{
    tsplit r = { a.sec + b.sec, 0, 0, 0 };
    if (a.xk && b.xk) {
        int k = a.xk > b.xk ? a.xk : b.xk;
        unsigned __int128 m = ((unsigned __int128)a.xnum << (k - a.xk)) + ((unsigned __int128)b.xnum << (k - b.xk));
        unsigned __int128 one = (unsigned __int128)1 << k;
        if (m >= one) { m -= one; r.sec++; }
        if (m) frac_set(&r, m, k);
        return r;
    }
    if (a.xk && b.nsec == 0) { r.nsec = a.nsec; r.xk = a.xk; r.xnum = a.xnum; return r; }
    if (b.xk && a.nsec == 0) { r.nsec = b.nsec; r.xk = b.xk; r.xnum = b.xnum; return r; }
    r.nsec = a.nsec + b.nsec;
    if (r.nsec >= 1000000000) { r.nsec -= 1000000000; r.sec++; }
    return r;
}

static tsplit split_neg(tsplit a)
{
    tsplit r = { -a.sec, 0, 0, 0 };
    if (a.xk) {
        r.sec--;
        frac_set(&r, ((unsigned __int128)1 << a.xk) - a.xnum, a.xk);
    } else if (a.nsec) {
        r.sec--; r.nsec = 1000000000 - a.nsec;
    }
    return r;
}

/* The fraction as a double (to_f, Time - Time). */
static double frac_double(const tsplit *x)
{
    return x->xk ? ldexp((double)x->xnum, -x->xk) : x->nsec / 1e9;
}

static void time_tm(sp_time *t, struct tm *tm)
{
    time_t x = (time_t)(t->sec + tm_off(t));
    gmtime_r(&x, tm);
}

/* Numeric -> split seconds.  Float fractions are kept exactly. */
static tsplit num_splitx(sp_value v)
{
    tsplit x = { 0, 0, 0, 0 };
    if (SP_FIXNUM_P(v) || sp_bignum_p(v)) { x.sec = sp_num_to_long(v); return x; }
    double d;
    if (sp_float_p(v)) d = sp_flo(v);
    else if (SP_HEAP_P(v) && !sp_str_p(v) && sp_respond_to(v, sp_intern("to_r"), 0))
        d = sp_num_to_double(sp_funcall0(v, "to_f"));
    else sp_raise(sp_eTypeError, "can't convert %s into an exact number", sp_obj_classname(v));
    if (isnan(d) || isinf(d)) sp_raise(sp_eFloatDomainError, "%s", isnan(d) ? "NaN" : d < 0 ? "-Infinity" : "Infinity");
    if (d < 0 && d != floor(d)) {   /* d - floor(d) is inexact below 0 */
        sp_value pos = sp_float_new(-d);
        return split_neg(num_splitx(pos));
    }
    double f = floor(d), fr = d - f;   /* exact for d >= 0 */
    x.sec = (int64_t)f;
    if (fr > 0) {
        int e;
        double m = frexp(fr, &e);          /* fr = m * 2^e, 0.5 <= m < 1 */
        int k = 53 - e;
        if (k <= 120) frac_set(&x, (unsigned __int128)(uint64_t)ldexp(m, 53), k);
        else x.nsec = (int64_t)floorl((long double)fr * 1e9L);
        if (x.xk > 63) { x.xk = 0; x.xnum = 0; }
    }
    return x;
}

/* "+09:00", "-0530", "UTC", "Z", "A".."Z" military letters not needed.
 * Sets the mode and offset; raises ArgumentError on junk. */
static void parse_zone(sp_value z, int *mode, int32_t *off)
{
    if (SP_FIXNUM_P(z)) {
        int64_t o = SP_FIX2LONG(z);
        if (o <= -86400 || o >= 86400) sp_raise(sp_eArgError, "utc_offset out of range");
        *mode = TM_FIXED; *off = (int32_t)o; return;
    }
    if (!sp_str_p(z)) {
        sp_raise(sp_eTypeError, "can't convert %s into an exact number", sp_obj_classname(z));
    }
    const char *s = sp_str_cstr(z);
    size_t n = strlen(s);
    if (!strcmp(s, "UTC") || !strcmp(s, "Z") || !strcmp(s, "-00:00")) { *mode = TM_UTC; *off = 0; return; }
    if (n >= 3 && (s[0] == '+' || s[0] == '-')) {
        int h = -1, m = 0, sec = 0;
        const char *p = s + 1;
        if (n == 3 && p[0] >= '0' && p[0] <= '9' && p[1] >= '0' && p[1] <= '9') {
            h = (p[0] - '0') * 10 + (p[1] - '0');
        } else if (n == 6 && p[2] == ':') {
            h = (p[0] - '0') * 10 + (p[1] - '0'); m = (p[3] - '0') * 10 + (p[4] - '0');
        } else if (n == 5) {
            h = (p[0] - '0') * 10 + (p[1] - '0'); m = (p[2] - '0') * 10 + (p[3] - '0');
        } else if (n == 9 && p[2] == ':' && p[5] == ':') {
            h = (p[0] - '0') * 10 + (p[1] - '0'); m = (p[3] - '0') * 10 + (p[4] - '0');
            sec = (p[6] - '0') * 10 + (p[7] - '0');
        }
        if (h >= 24 && m >= 0 && m < 60 && sec >= 0 && sec < 60)
            sp_raise(sp_eArgError, "utc_offset out of range");
        if (h >= 0 && m >= 0 && m < 60 && sec >= 0 && sec < 60) {
            int32_t o = h * 3600 + m * 60 + sec;
            *mode = TM_FIXED; *off = s[0] == '-' ? -o : o; return;
        }
    }
    sp_raise(sp_eArgError, "\"+HH:MM\", \"-HH:MM\", \"UTC\" or \"A\"..\"I\",\"K\"..\"Z\" expected for utc_offset: %s", s);
}

/* Keyword hash lookup of `in:` (nil when absent). */
static sp_value kw_in(int argc_, const sp_value *argv, int *n)
{
    *n = SP_ARGC(argc_);
    if ((argc_ & SP_ARGC_KW) && *n > 0) {
        sp_value h = argv[*n - 1];
        (*n)--;
        return sp_hash_lookup(h, sp_sym("in"), SP_NIL);
    }
    return SP_NIL;
}

static sp_value apply_zone(sp_value t, sp_value zone)
{
    if (zone == SP_NIL) return t;
    int mode; int32_t off;
    parse_zone(zone, &mode, &off);
    T(t)->mode = mode; T(t)->off = mode == TM_UTC ? 0 : off;
    return t;
}

/* ---- constructors ------------------------------------------------- */

static sp_value now_value(sp_value klass)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return time_make(klass, ts.tv_sec, ts.tv_nsec, TM_LOCAL, 0);
}

SP_METHOD(t_s_now)
{
    (void)blk;
    int n; sp_value zone = kw_in(argc_, argv, &n);
    if (n != 0) sp_raise_arity(n, 0, 0);
    return apply_zone(now_value(self), zone);
}

/* Time.at(time | sec [, sub [, unit]], in: zone) */
SP_METHOD(t_s_at)
{
    (void)blk;
    int n; sp_value zone = kw_in(argc_, argv, &n);
    if (n < 1 || n > 3) sp_raise_arity(n, 1, 3);
    sp_value r;
    if (time_p(argv[0]) && n == 1) {
        sp_time *s = T(argv[0]);
        r = time_make(self, s->sec, s->nsec, s->mode, s->off);
        tsplit x = time_split(s);
        time_with_frac(r, &x);
    } else {
        tsplit x0 = num_splitx(argv[0]);
        int64_t sec = x0.sec, nsec = x0.nsec;
        if (n >= 2) {
            int64_t mul = 1000;   /* microseconds by default */
            if (n == 3) {
                const char *u = SP_SYMBOL_P(argv[2]) ? sp_id_name(SP_SYM2ID(argv[2])) : "";
                if (!strcmp(u, "millisecond")) mul = 1000000;
                else if (!strcmp(u, "usec") || !strcmp(u, "microsecond")) mul = 1000;
                else if (!strcmp(u, "nsec") || !strcmp(u, "nanosecond")) mul = 1;
                else sp_raise(sp_eArgError, "unexpected unit: %s", *u ? u : sp_str_cstr(sp_to_s(argv[2])));
            }
            if (sp_float_p(argv[1])) nsec += (int64_t)llround(sp_flo(argv[1]) * (double)mul);
            else nsec += sp_num_to_long(argv[1]) * mul;
        }
        r = time_make(self, sec, nsec, TM_LOCAL, 0);
        if (n == 1) time_with_frac(r, &x0);
    }
    return apply_zone(r, zone);
}

static int month_arg(sp_value v)
{
    if (sp_str_p(v)) {
        const char *s = sp_str_cstr(v);
        for (int i = 0; i < 12; i++)
            if (strlen(s) == 3 && !strncasecmp(s, mon_names[i], 3)) return i + 1;
        char *end;
        long m = strtol(s, &end, 10);
        if (*s && !*end) return (int)m;
        sp_raise(sp_eArgError, "invalid value for Integer(): %s", sp_str_cstr(sp_inspect(v)));
    }
    return (int)sp_num_to_long(v);
}

static int64_t int_arg(sp_value v)
{
    if (sp_str_p(v)) {
        const char *s = sp_str_cstr(v);
        char *end;
        long x = strtol(s, &end, 10);
        if (*s && !*end) return x;
        sp_raise(sp_eArgError, "can't convert String into an exact number");
    }
    if (sp_float_p(v)) return (int64_t)floor(sp_flo(v));
    return sp_num_to_long(v);
}

static int64_t days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* Fields y, mon, d, h, mi, s(+frac), usec from argv -> seconds as if UTC. */
static void civil_args(int n, const sp_value *argv, int64_t *wall, int64_t *nsec, tsplit *frac)
{
    int64_t y = int_arg(argv[0]);
    int mon = n > 1 && argv[1] != SP_NIL ? month_arg(argv[1]) : 1;
    int64_t d = n > 2 && argv[2] != SP_NIL ? int_arg(argv[2]) : 1;
    int64_t h = n > 3 && argv[3] != SP_NIL ? int_arg(argv[3]) : 0;
    int64_t mi = n > 4 && argv[4] != SP_NIL ? int_arg(argv[4]) : 0;
    int64_t s = 0; *nsec = 0;
    if (n > 5 && argv[5] != SP_NIL) {
        if (sp_str_p(argv[5])) {
            double dd = atof(sp_str_cstr(argv[5]));
            s = (int64_t)floor(dd); *nsec = llround((dd - floor(dd)) * 1e9);
        } else {
            tsplit x = num_splitx(argv[5]);
            s = x.sec; *nsec = x.nsec;
            if (frac) *frac = x;
        }
    }
    if (mon < 1 || mon > 12) sp_raise(sp_eArgError, "mon out of range");
    if (d < 1 || d > 31) sp_raise(sp_eArgError, "argument out of range");
    if (h < 0 || h > 24) sp_raise(sp_eArgError, "hour out of range");
    if (mi < 0 || mi > 59) sp_raise(sp_eArgError, "min out of range");
    if (s < 0 || s > 60) sp_raise(sp_eArgError, "sec out of range");
    if (h == 24 && (mi || s)) sp_raise(sp_eArgError, "hour out of range");
    /* Day beyond the month's length rolls into the next month (CRuby
     * accepts 31 for any month only up to the real length + 0: e.g.
     * Feb 30 -> Mar 1). */
    *wall = days_from_civil(y, mon, 1) * 86400 + (d - 1) * 86400 + h * 3600 + mi * 60 + s;
}

SP_METHOD(t_s_utc)
{
    (void)blk;
    if (argc < 1 || argc > 8) sp_raise_arity(argc, 1, 8);
    int64_t wall, nsec;
    tsplit fr = { 0, 0, 0, 0 };
    civil_args(argc > 6 ? 6 : argc, argv, &wall, &nsec, &fr);
    if (argc > 6) {   /* 7th argument: microseconds */
        if (sp_float_p(argv[6])) nsec += llround(sp_flo(argv[6]) * 1000.0);
        else nsec += int_arg(argv[6]) * 1000;
        return time_make(self, wall, nsec, TM_UTC, 0);
    }
    return time_with_frac(time_make(self, wall, nsec, TM_UTC, 0), &fr);
}

/* Local wall clock -> epoch seconds via mktime (DST resolved by libc). */
static int64_t local_to_epoch(int64_t wall)
{
    time_t w = (time_t)wall;
    struct tm tm;
    gmtime_r(&w, &tm);
    tm.tm_isdst = -1;
    return (int64_t)mktime(&tm);
}

SP_METHOD(t_s_local)
{
    (void)blk;
    if (argc < 1 || argc > 8) sp_raise_arity(argc, 1, 8);
    int64_t wall, nsec;
    civil_args(argc > 6 ? 6 : argc, argv, &wall, &nsec, NULL);
    if (argc > 6) {
        if (sp_float_p(argv[6])) nsec += llround(sp_flo(argv[6]) * 1000.0);
        else nsec += int_arg(argv[6]) * 1000;
    }
    return time_make(self, local_to_epoch(wall), nsec, TM_LOCAL, 0);
}

/* Time.new("2024-01-02 03:04:05[.frac][ zone]") (Ruby 3.3+), or a bare
 * year "2024".  zone: the in: keyword, used when the string has none. */
static sp_value time_parse(sp_value klass, sp_value str, sp_value zone)
{
    const char *s = sp_str_cstr(str), *p = s;
    int64_t f[6] = { 0, 1, 1, 0, 0, 0 };
    int64_t nsec = 0;
    char *end;
    f[0] = strtoll(p, &end, 10);
    if (end == p || end - p < 4) goto bad;
    p = end;
    if (*p) {
        static const char seps[] = "?-- ::";
        for (int i = 1; i < 6; i++) {
            if (*p != seps[i] && !(i == 3 && *p == 'T')) {
                if (i == 3 && !*p) sp_raise(sp_eArgError, "no time information");
                goto bad;
            }
            p++;
            if (!(p[0] >= '0' && p[0] <= '9' && p[1] >= '0' && p[1] <= '9')) goto bad;
            f[i] = (p[0] - '0') * 10 + (p[1] - '0');
            p += 2;
        }
        if (*p == '.') {
            int64_t mul = 100000000;
            for (p++; *p >= '0' && *p <= '9'; p++) { nsec += (*p - '0') * mul; mul /= 10; }
        }
        while (*p == ' ') p++;
        if (*p) {
            if (zone != SP_NIL) sp_raise(sp_eArgError, "timezone argument given as positional and keyword arguments");
            zone = sp_str_new_cstr(p);
        }
    }
    sp_value a[6];
    for (int i = 0; i < 6; i++) a[i] = SP_FIX(f[i]);
    int64_t wall, ns0;
    civil_args(6, a, &wall, &ns0, NULL);
    if (zone == SP_NIL) return time_make(klass, local_to_epoch(wall), nsec, TM_LOCAL, 0);
    int mode; int32_t off;
    parse_zone(zone, &mode, &off);
    return time_make(klass, wall - off, nsec, mode, off);
bad:
    sp_raise(sp_eArgError, "can't parse: %s", sp_str_cstr(sp_inspect(str)));
}

/* Time.new / Time.new(y, m, d, h, mi, s, zone, in: zone) */
SP_METHOD(t_s_new)
{
    (void)blk;
    int n; sp_value zone = kw_in(argc_, argv, &n);
    if (n == 0) return apply_zone(now_value(self), zone);
    if (n == 1 && sp_str_p(argv[0])) return time_parse(self, argv[0], zone);
    if (n > 7) sp_raise_arity(n, 0, 7);
    if (n == 7) {
        if (zone != SP_NIL) sp_raise(sp_eArgError, "timezone argument given as positional and keyword arguments");
        zone = argv[6];
        n = 6;
    }
    int64_t wall, nsec;
    civil_args(n, argv, &wall, &nsec, NULL);
    if (zone == SP_NIL) return time_make(self, local_to_epoch(wall), nsec, TM_LOCAL, 0);
    int mode; int32_t off;
    parse_zone(zone, &mode, &off);
    return time_make(self, wall - off, nsec, mode, off);
}

/* ---- accessors ---------------------------------------------------- */

#define TM_FIELD(name, expr) \
    SP_METHOD(name) { UNUSED; struct tm tm; time_tm(T(self), &tm); return SP_FIX(expr); }
TM_FIELD(t_year, (int64_t)tm.tm_year + 1900)
TM_FIELD(t_month, tm.tm_mon + 1)
TM_FIELD(t_day, tm.tm_mday)
TM_FIELD(t_hour, tm.tm_hour)
TM_FIELD(t_min, tm.tm_min)
TM_FIELD(t_sec, tm.tm_sec)
TM_FIELD(t_wday, tm.tm_wday)
TM_FIELD(t_yday, tm.tm_yday + 1)

#define WDAY_P(name, n) \
    SP_METHOD(name) { UNUSED; struct tm tm; time_tm(T(self), &tm); return SP_BOOL(tm.tm_wday == n); }
WDAY_P(t_sunday, 0) WDAY_P(t_monday, 1) WDAY_P(t_tuesday, 2) WDAY_P(t_wednesday, 3)
WDAY_P(t_thursday, 4) WDAY_P(t_friday, 5) WDAY_P(t_saturday, 6)

/* subsec: CRuby returns a Rational; without Rational we return 0 or a Float. */
SP_METHOD(t_subsec) { UNUSED; return T(self)->nsec ? sp_float_new(T(self)->nsec / 1e9) : SP_FIX(0); }
SP_METHOD(t_usec) { UNUSED; return SP_FIX(T(self)->nsec / 1000); }
SP_METHOD(t_nsec) { UNUSED; return SP_FIX(T(self)->nsec); }
SP_METHOD(t_to_i) { UNUSED; return sp_int_new(T(self)->sec); }
SP_METHOD(t_to_f)
{
    UNUSED;
    tsplit x = time_split(T(self));
    return sp_float_new((double)x.sec + frac_double(&x));
}
SP_METHOD(t_utc_offset) { UNUSED; return SP_FIX(tm_off(T(self))); }
SP_METHOD(t_utc_p) { UNUSED; return SP_BOOL(T(self)->mode == TM_UTC); }

SP_METHOD(t_isdst)
{
    UNUSED;
    if (T(self)->mode != TM_LOCAL) return SP_FALSE;
    time_t x = (time_t)T(self)->sec;
    struct tm tm;
    localtime_r(&x, &tm);
    return SP_BOOL(tm.tm_isdst > 0);
}

static sp_value zone_value(sp_time *t)
{
    if (t->mode == TM_UTC) return sp_str_new_cstr("UTC");
    if (t->mode == TM_FIXED) return SP_NIL;
    time_t x = (time_t)t->sec;
    struct tm tm;
    localtime_r(&x, &tm);
    return tm.tm_zone ? sp_str_new_cstr(tm.tm_zone) : SP_NIL;
}
SP_METHOD(t_zone) { UNUSED; return zone_value(T(self)); }

SP_METHOD(t_to_a)
{
    UNUSED;
    struct tm tm; time_tm(T(self), &tm);
    sp_value v[10] = { SP_FIX(tm.tm_sec), SP_FIX(tm.tm_min), SP_FIX(tm.tm_hour),
        SP_FIX(tm.tm_mday), SP_FIX(tm.tm_mon + 1), SP_FIX((int64_t)tm.tm_year + 1900),
        SP_FIX(tm.tm_wday), SP_FIX(tm.tm_yday + 1), t_isdst(self, 0, NULL, SP_NIL),
        zone_value(T(self)) };
    return sp_ary_new_from(10, v);
}

/* ---- conversions between zones (utc/localtime mutate self) --------- */

SP_METHOD(t_utc)
{
    UNUSED;
    if (T(self)->mode != TM_UTC) { sp_check_frozen(self); T(self)->mode = TM_UTC; T(self)->off = 0; }
    return self;
}
SP_METHOD(t_getutc)
{
    UNUSED;
    tsplit x = time_split(T(self));
    return time_with_frac(time_make(sp_obj_class(self), T(self)->sec, T(self)->nsec, TM_UTC, 0), &x);
}
SP_METHOD(t_localtime)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    sp_time *t = T(self);
    if (argc == 1 && argv[0] != SP_NIL) {
        int mode; int32_t off;
        parse_zone(argv[0], &mode, &off);
        t->mode = mode; t->off = off;
    } else { t->mode = TM_LOCAL; t->off = local_off(t->sec); }
    return self;
}
SP_METHOD(t_getlocal)
{
    tsplit x = time_split(T(self));
    sp_value c = time_with_frac(time_make(sp_obj_class(self), T(self)->sec, T(self)->nsec, T(self)->mode, T(self)->off), &x);
    return t_localtime(c, argc_, argv, blk);
}

/* ---- arithmetic and comparison ----------------------------------- */

SP_METHOD(t_plus)
{
    UNUSED;
    if (time_p(argv[0])) sp_raise(sp_eTypeError, "time + time?");
    tsplit r = split_add(time_split(T(self)), num_splitx(argv[0]));
    return time_with_frac(time_like(T(self), r.sec, r.nsec), &r);
}

SP_METHOD(t_minus)
{
    UNUSED;
    sp_time *t = T(self);
    if (time_p(argv[0])) {
        tsplit a = time_split(t), b = time_split(T(argv[0]));
        return sp_float_new((double)(a.sec - b.sec) + (frac_double(&a) - frac_double(&b)));
    }
    tsplit r = split_add(time_split(t), split_neg(num_splitx(argv[0])));
    return time_with_frac(time_like(t, r.sec, r.nsec), &r);
}

static int time_cmp(sp_time *a, sp_time *b)
{
    if (a->sec != b->sec) return a->sec < b->sec ? -1 : 1;
    if (!a->xk && !b->xk) return (a->nsec > b->nsec) - (a->nsec < b->nsec);
    /* cross-multiply num/den: den is 2^k or 1e9 */
    unsigned __int128 an = a->xk ? a->xnum : (uint64_t)a->nsec, bn = b->xk ? b->xnum : (uint64_t)b->nsec;
    unsigned __int128 ad = a->xk ? (unsigned __int128)1 << a->xk : 1000000000u;
    unsigned __int128 bd = b->xk ? (unsigned __int128)1 << b->xk : 1000000000u;
    unsigned __int128 l = an * bd, r = bn * ad;
    return (l > r) - (l < r);
}

SP_METHOD(t_cmp)
{
    UNUSED;
    if (!time_p(argv[0])) return SP_NIL;
    return SP_FIX(time_cmp(T(self), T(argv[0])));
}
SP_METHOD(t_eq)
{
    UNUSED;
    return SP_BOOL(time_p(argv[0]) && time_cmp(T(self), T(argv[0])) == 0);
}
SP_METHOD(t_hash)
{
    UNUSED;
    uint64_t h = (uint64_t)T(self)->sec * 0x9E3779B97F4A7C15ull ^ (uint64_t)T(self)->nsec ^ T(self)->xnum * 31;
    h ^= h >> 29;
    return SP_FIX((int64_t)(h >> 2));
}

/* round/floor/ceil(ndigits = 0): fraction to ndigits decimal places. */
static sp_value t_rounding(sp_value self, int argc_, const sp_value *argv, int how)
{
    int argc = SP_ARGC(argc_);
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    int64_t nd = argc ? sp_num_to_long(argv[0]) : 0;
    if (nd < 0) sp_raise(sp_eArgError, "negative ndigits given");
    if (nd >= 9) return time_like(T(self), T(self)->sec, T(self)->nsec);
    int64_t unit = 1;
    for (int64_t i = nd; i < 9; i++) unit *= 10;
    int64_t ns = T(self)->nsec, r = ns % unit, base = ns - r;
    if (how == 0 && r * 2 >= unit) base += unit;
    if (how == 2 && (r || T(self)->xk)) base += unit;
    return time_like(T(self), T(self)->sec, base);
}
SP_METHOD(t_round) { (void)blk; return t_rounding(self, argc_, argv, 0); }
SP_METHOD(t_floor) { (void)blk; return t_rounding(self, argc_, argv, 1); }
SP_METHOD(t_ceil) { (void)blk; return t_rounding(self, argc_, argv, 2); }

/* ---- strftime ----------------------------------------------------- */

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
static void put_offset(sp_value out, const fmt_flags *f, int32_t off)
{
    char rest[16], buf[64];
    int32_t a = off < 0 ? -off : off;
    int h = a / 3600, m = a / 60 % 60, s = a % 60;
    char sign = off < 0 ? '-' : '+';
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

/* ISO 8601 week-based year and week number. */
static void iso_week(const struct tm *tm, int64_t *year, int *week)
{
    int64_t y = (int64_t)tm->tm_year + 1900;
    int wday = (tm->tm_wday + 6) % 7;          /* Monday = 0 */
    int yday = tm->tm_yday;
    int w = (yday - wday + 10) / 7;
    if (w < 1) {
        y--;
        int py = (int)((y % 4 == 0 && y % 100 != 0) || y % 400 == 0) ? 366 : 365;
        w = (yday + py - wday + 10) / 7;
    } else {
        int ylen = ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0) ? 366 : 365;
        if (yday - wday + 3 >= ylen) { y++; w = 1; }
    }
    *year = y; *week = w;
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
            for (int i = 0; i < w; i++) sp_str_cat(out, i < 9 ? &digits[i] : "0", 1);
            break;
        }
        case 'z': put_offset(out, &f, t->off); break;
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

/* A Time's fields for sp_strftime; the zone name is looked up only when
 * the format can print it. */
static void strftime_into(sp_value out, sp_time *t, const char *p, size_t len)
{
    sp_tfields f;
    time_tm(t, &f.tm);
    f.nsec = t->nsec;
    f.off = tm_off(t);
    f.epoch = t->sec;
    iso_week(&f.tm, &f.cwyear, &f.cweek);
    f.zone = NULL;
    f.is_date = 0;
    if (t->mode != TM_FIXED && memchr(p, 'Z', len)) {
        sp_value z = zone_value(t);
        f.zone = z == SP_NIL ? "" : sp_str_cstr(z);
    }
    sp_strftime(out, &f, p, len);
}

SP_METHOD(t_strftime)
{
    UNUSED;
    sp_value fmt = sp_str_to_str(argv[0]);
    sp_value out = sp_str_buf_new(sp_str_len(fmt) + 16);
    strftime_into(out, T(self), sp_str_ptr(fmt), sp_str_len(fmt));
    return out;
}

SP_METHOD(t_to_s)
{
    UNUSED;
    sp_value out = sp_str_buf_new(32);
    const char *f = T(self)->mode == TM_UTC ? "%Y-%m-%d %H:%M:%S UTC" : "%Y-%m-%d %H:%M:%S %z";
    strftime_into(out, T(self), f, strlen(f));
    SP_HDR(out)->flags |= SP_STR_USASCII;   /* CRuby: US-ASCII */
    return out;
}

/* inspect: like to_s with the fraction (trailing zeros dropped). */
SP_METHOD(t_inspect)
{
    UNUSED;
    sp_time *t = T(self);
    sp_value out = sp_str_buf_new(40);
    strftime_into(out, t, "%Y-%m-%d %H:%M:%S", 17);
    if (t->xk) {
        char buf[64];
        int n = snprintf(buf, sizeof buf, " %llu/%llu", (unsigned long long)t->xnum,
                         (unsigned long long)((unsigned __int128)1 << t->xk));
        sp_str_cat(out, buf, (size_t)n);
    } else if (t->nsec) {
        char buf[16];
        int n = snprintf(buf, sizeof buf, ".%09d", (int)t->nsec);
        while (n > 1 && buf[n - 1] == '0') n--;
        sp_str_cat(out, buf, (size_t)n);
    }
    if (t->mode == TM_UTC) sp_str_cat(out, " UTC", 4);
    else strftime_into(out, t, " %z", 3);
    SP_HDR(out)->flags |= SP_STR_USASCII;   /* CRuby: US-ASCII */
    return out;
}

/* xmlschema/iso8601(fraction_digits = 0): "2024-02-29T13:05:09Z" (UTC)
 * or "...+09:00". */
SP_METHOD(t_xmlschema)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    int64_t nd = argc ? sp_num_to_long(argv[0]) : 0;
    sp_value out = sp_str_buf_new(40);
    strftime_into(out, T(self), "%Y-%m-%dT%H:%M:%S", 17);
    if (nd > 0) {
        char buf[32];
        snprintf(buf, sizeof buf, "%09d", (int)T(self)->nsec);
        sp_str_cat(out, ".", 1);
        for (int64_t i = 0; i < nd; i++) sp_str_cat(out, i < 9 ? &buf[i] : "0", 1);
    }
    if (T(self)->mode == TM_UTC) sp_str_cat(out, "Z", 1);
    else strftime_into(out, T(self), "%:z", 3);
    return out;
}

/* deconstruct_keys(keys): pattern matching on calendar fields. */
SP_METHOD(t_deconstruct_keys)
{
    UNUSED;
    static const char *const names[] = { "year", "month", "day", "yday", "wday",
        "hour", "min", "sec", "subsec", "dst", "zone" };
    struct tm tm; time_tm(T(self), &tm);
    sp_value h = sp_hash_new();
    sp_value keys = argv[0];
    if (keys != SP_NIL && !(SP_HEAP_P(keys) && SP_TYPE(keys) == SP_T_ARRAY))
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Array or nil)", sp_obj_classname(keys));
    for (int i = 0; i < 11; i++) {
        sp_value k = sp_sym(names[i]);
        if (keys != SP_NIL) {
            int found = 0;
            for (long j = 0; j < sp_ary_len(keys); j++) if (sp_ary_entry(keys, j) == k) found = 1;
            if (!found) continue;
        }
        sp_value v;
        switch (i) {
        case 0: v = SP_FIX((int64_t)tm.tm_year + 1900); break;
        case 1: v = SP_FIX(tm.tm_mon + 1); break;
        case 2: v = SP_FIX(tm.tm_mday); break;
        case 3: v = SP_FIX(tm.tm_yday + 1); break;
        case 4: v = SP_FIX(tm.tm_wday); break;
        case 5: v = SP_FIX(tm.tm_hour); break;
        case 6: v = SP_FIX(tm.tm_min); break;
        case 7: v = SP_FIX(tm.tm_sec); break;
        case 8: v = T(self)->nsec ? sp_float_new(T(self)->nsec / 1e9) : SP_FIX(0); break;
        case 9: v = t_isdst(self, 0, NULL, SP_NIL); break;
        default: v = zone_value(T(self)); break;
        }
        sp_hash_aset(h, k, v);
    }
    return h;
}

/* ---- the 'time' library: httpdate/rfc2822, iso8601/parse/strptime ---- */

SP_METHOD(t_httpdate)
{
    UNUSED;
    sp_time u = *T(self);
    u.mode = TM_UTC; u.off = 0;
    sp_value out = sp_str_buf_new(32);
    strftime_into(out, &u, "%a, %d %b %Y %H:%M:%S GMT", 25);
    return out;
}

SP_METHOD(t_rfc2822)
{
    UNUSED;
    sp_value out = sp_str_buf_new(32);
    strftime_into(out, T(self), "%a, %d %b %Y %H:%M:%S ", 22);
    if (T(self)->mode == TM_UTC) sp_str_cat(out, "-0000", 5);
    else strftime_into(out, T(self), "%z", 2);
    return out;
}

typedef struct tparse {
    int64_t f[6];        /* year mon day hour min sec */
    int64_t nsec, epoch;
    int has_date, has_time, has_epoch, zone_mode, pm;  /* zone_mode -1: none */
    int32_t off;
} tparse;

static int scan_int(const char **pp, int maxd, int64_t *out)
{
    const char *p = *pp;
    int neg = 0;
    if (*p == '-' || *p == '+') { neg = *p == '-'; p++; }
    int64_t v = 0; int n = 0;
    while (*p >= '0' && *p <= '9' && n < maxd) { v = v * 10 + (*p++ - '0'); n++; }
    if (!n) return 0;
    *out = neg ? -v : v; *pp = p;
    return 1;
}

static int scan_name(const char **pp, const char *const *names, int count, int64_t *out)
{
    for (int i = 0; i < count; i++) {
        size_t full = strlen(names[i]);
        if (!strncasecmp(*pp, names[i], full)) { *pp += full; *out = i; return 1; }
        if (!strncasecmp(*pp, names[i], 3)) { *pp += 3; *out = i; return 1; }
    }
    return 0;
}

static int scan_zone(const char **pp, tparse *r)
{
    const char *p = *pp;
    if (!strncasecmp(p, "UTC", 3)) { r->zone_mode = TM_UTC; r->off = 0; *pp = p + 3; return 1; }
    if (!strncasecmp(p, "GMT", 3)) { r->zone_mode = TM_FIXED; r->off = 0; *pp = p + 3; return 1; }
    if (*p == 'Z' || *p == 'z') { r->zone_mode = TM_UTC; r->off = 0; *pp = p + 1; return 1; }
    if (*p != '+' && *p != '-') return 0;
    int sign = *p == '-' ? -1 : 1;
    p++;
    if (!(p[0] >= '0' && p[0] <= '9' && p[1] >= '0' && p[1] <= '9')) return 0;
    int h = (p[0] - '0') * 10 + (p[1] - '0'), m = 0;
    p += 2;
    if (*p == ':') p++;
    if (p[0] >= '0' && p[0] <= '9' && p[1] >= '0' && p[1] <= '9') { m = (p[0] - '0') * 10 + (p[1] - '0'); p += 2; }
    r->zone_mode = TM_FIXED; r->off = sign * (h * 3600 + m * 60);
    *pp = p;
    return 1;
}

/* Match str against a strptime format; returns 1 when the whole format
 * matched (trailing text allowed only when `loose`). */
static int tp_match(const char *str, const char *fmt, tparse *r, int loose)
{
    memset(r, 0, sizeof *r);
    r->f[1] = r->f[2] = 1; r->zone_mode = -1; r->pm = -1;
    const char *p = str;
    int64_t v;
    for (const char *f = fmt; *f; f++) {
        if (*f == ' ') { while (*p == ' ' || *p == '\t') p++; continue; }
        if (*f != '%') { if (*p++ != *f) return 0; continue; }
        switch (*++f) {
        case 'Y': if (!scan_int(&p, 5, &r->f[0])) { return 0; } r->has_date = 1; break;
        case 'y': if (!scan_int(&p, 2, &v)) { return 0; } r->f[0] = v < 69 ? 2000 + v : 1900 + v; r->has_date = 1; break;
        case 'm': if (!scan_int(&p, 2, &r->f[1])) return 0; break;
        case 'd': case 'e': while (*p == ' ') p++; if (!scan_int(&p, 2, &r->f[2])) return 0; break;
        case 'j': if (!scan_int(&p, 3, &v)) { return 0; } r->f[1] = 1; r->f[2] = v; break;
        case 'H': case 'k': case 'I': case 'l':
            while (*p == ' ') p++;
            if (!scan_int(&p, 2, &r->f[3])) { return 0; } r->has_time = 1; break;
        case 'M': if (!scan_int(&p, 2, &r->f[4])) return 0; break;
        case 'S':
            if (!scan_int(&p, 2, &r->f[5])) return 0;
            if (loose && *p == '.') {
                int64_t mul = 100000000;
                for (p++; *p >= '0' && *p <= '9'; p++) { r->nsec += (*p - '0') * mul; mul /= 10; }
            }
            break;
        case 'L': case 'N': {
            int64_t mul = 100000000;
            if (!(*p >= '0' && *p <= '9')) return 0;
            for (; *p >= '0' && *p <= '9'; p++) { r->nsec += (*p - '0') * mul; mul /= 10; }
            break;
        }
        case 'p': case 'P':
            if (!strncasecmp(p, "AM", 2)) r->pm = 0;
            else if (!strncasecmp(p, "PM", 2)) r->pm = 1;
            else return 0;
            p += 2; break;
        case 'b': case 'B': case 'h':
            if (!scan_name(&p, mon_names, 12, &v)) { return 0; } r->f[1] = v + 1; break;
        case 'a': case 'A':
            if (!scan_name(&p, wday_names, 7, &v)) { return 0; } break;
        case 'z': case 'Z': if (!scan_zone(&p, r)) return 0; break;
        case 's': if (!scan_int(&p, 20, &r->epoch)) { return 0; } r->has_epoch = 1; break;
        case '%': if (*p++ != '%') return 0; break;
        default: return 0;
        }
    }
    return loose || !*p;
}

static sp_value tp_build(sp_value klass, tparse *r, int need_date)
{
    if (r->has_epoch) {
        sp_value t = time_make(klass, r->epoch, r->nsec, TM_LOCAL, 0);
        if (r->zone_mode >= 0) apply_zone(t, sp_str_new_cstr(r->zone_mode == TM_UTC ? "UTC" : "+00:00"));
        return t;
    }
    if (r->pm == 1 && r->f[3] < 12) r->f[3] += 12;
    if (r->pm == 0 && r->f[3] == 12) r->f[3] = 0;
    if (!r->has_date && need_date) {
        struct timespec ts; clock_gettime(CLOCK_REALTIME, &ts);
        sp_time now = { .sec = ts.tv_sec, .mode = TM_LOCAL, .off = local_off(ts.tv_sec) };
        struct tm tm; time_tm(&now, &tm);
        r->f[0] = (int64_t)tm.tm_year + 1900; r->f[1] = tm.tm_mon + 1; r->f[2] = tm.tm_mday;
    }
    sp_value a[6];
    for (int i = 0; i < 6; i++) a[i] = SP_FIX(r->f[i]);
    int64_t wall, ns0;
    civil_args(6, a, &wall, &ns0, NULL);
    if (r->zone_mode < 0) return time_make(klass, local_to_epoch(wall), r->nsec, TM_LOCAL, 0);
    return time_make(klass, wall - r->off, r->nsec, r->zone_mode, r->off);
}

SP_METHOD(t_s_strptime)
{
    (void)blk;
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    sp_value str = sp_str_to_str(argv[0]), fmt = sp_str_to_str(argv[1]);
    tparse r;
    /* expand the composite directives first */
    sp_value f2 = sp_str_buf_new(32);
    for (const char *q = sp_str_cstr(fmt); *q; q++) {
        if (*q == '%' && q[1]) {
            const char *x = NULL;
            switch (q[1]) {
            case 'T': case 'X': x = "%H:%M:%S"; break;
            case 'F': x = "%Y-%m-%d"; break;
            case 'D': case 'x': x = "%m/%d/%y"; break;
            case 'R': x = "%H:%M"; break;
            case 'r': x = "%I:%M:%S %p"; break;
            case 'c': x = "%a %b %e %H:%M:%S %Y"; break;
            }
            if (x) { sp_str_cat_cstr(f2, x); q++; continue; }
            sp_str_cat(f2, q, 2); q++; continue;
        }
        sp_str_cat(f2, q, 1);
    }
    if (!tp_match(sp_str_cstr(str), sp_str_cstr(f2), &r, 0))
        sp_raise(sp_eArgError, "invalid date or strptime format - '%s' '%s'", sp_str_cstr(str), sp_str_cstr(fmt));
    return tp_build(self, &r, 1);
}

SP_METHOD(t_s_iso8601)
{
    (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value str = sp_str_to_str(argv[0]);
    tparse r;
    const char *s = sp_str_cstr(str);
    if (tp_match(s, "%Y-%m-%dT%H:%M:%S", &r, 1)) {
        const char *p = s + strlen(s);
        /* re-scan the tail: fraction and zone */
        tparse z;
        const char *t = strchr(s, 'T') + 9;
        r.nsec = 0;
        if (*t == '.') { int64_t mul = 100000000; for (t++; *t >= '0' && *t <= '9'; t++) { r.nsec += (*t - '0') * mul; mul /= 10; } }
        z.zone_mode = -1;
        if (*t && !(scan_zone(&t, &z) && t == p)) goto bad;
        r.zone_mode = z.zone_mode; r.off = z.off;
        return tp_build(self, &r, 1);
    }
bad:
    sp_raise(sp_eArgError, "invalid xmlschema format: %s", sp_str_cstr(sp_inspect(str)));
}

/* ---- Time.rfc2822 / Time.httpdate: time.rb's parsers (its regular
 * expressions written out as scanners; case-insensitive, \s is
 * [ \t\n\v\f\r]).  rfc2822 has no right anchor (a comment may follow). */
static int rfc_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static void rfc_skip(const char **pp) { while (rfc_space(**pp)) (*pp)++; }
static int rfc_skip1(const char **pp) { if (!rfc_space(**pp)) return 0; rfc_skip(pp); return 1; }

/* min..max digits (max 0: unbounded) -> value and digit count */
static int rfc_digits(const char **pp, int min, int max, int64_t *v, int *nd)
{
    const char *p = *pp;
    int64_t x = 0; int n = 0;
    while (*p >= '0' && *p <= '9' && (!max || n < max)) { x = x * 10 + (*p++ - '0'); n++; }
    if (n < min) return 0;
    *pp = p; *v = x; if (nd) *nd = n;
    return 1;
}

/* one of the NUL-separated words of `list` (case-insensitive) -> 1-based index */
static int rfc_word(const char **pp, const char *list)
{
    int i = 1;
    for (const char *w = list; *w; w += strlen(w) + 1, i++) {
        size_t n = strlen(w);
        if (!strncasecmp(*pp, w, n)) { *pp += n; return i; }
    }
    return 0;
}
#define RFC_MONTHS "Jan\0Feb\0Mar\0Apr\0May\0Jun\0Jul\0Aug\0Sep\0Oct\0Nov\0Dec\0"
#define RFC_WDAYS "Mon\0Tue\0Wed\0Thu\0Fri\0Sat\0Sun\0"

/* time.rb's year completion of a 2- or 3-digit year */
static int64_t rfc_year(int64_t y, int nd) { return nd <= 3 ? y + (y < 50 ? 2000 : 1900) : y; }

/* Time.utc's fields -> a UTC Time (the checks of Time.utc) */
static int64_t rfc_wall(int64_t y, int64_t mon, int64_t d, int64_t h, int64_t mi, int64_t sec)
{
    sp_value a[6] = { SP_FIX(y), SP_FIX(mon), SP_FIX(d), SP_FIX(h), SP_FIX(mi), SP_FIX(sec) };
    int64_t wall, ns;
    civil_args(6, a, &wall, &ns, NULL);
    return wall;
}

/* time.rb's rfc2822 zone alternatives; *off in seconds, *utc for the zones
 * zone_utc? accepts (-0000, UT; "+0000" and GMT are local times there) */
static int rfc_zone(const char **pp, int32_t *off, int *utc)
{
    const char *p = *pp;
    static const struct { const char *n; int h; } named[] = {
        { "UT", 0 }, { "GMT", 0 }, { "EST", -5 }, { "EDT", -4 }, { "CST", -6 }, { "CDT", -5 },
        { "MST", -7 }, { "MDT", -6 }, { "PST", -8 }, { "PDT", -7 } };
    *utc = 0;
    if ((*p == '+' || *p == '-') && p[1] >= '0' && p[1] <= '9' && p[2] >= '0' && p[2] <= '9'
        && p[3] >= '0' && p[3] <= '9' && p[4] >= '0' && p[4] <= '9') {
        int v = ((p[1] - '0') * 10 + (p[2] - '0')) * 3600 + ((p[3] - '0') * 10 + (p[4] - '0')) * 60;
        *off = *p == '-' ? -v : v;
        *utc = *p == '-' && v == 0;
        *pp = p + 5;
        return 1;
    }
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        size_t n = strlen(named[i].n);
        if (!strncasecmp(p, named[i].n, n)) {
            *off = named[i].h * 3600; *utc = i == 0; *pp = p + n;
            return 1;
        }
    }
    char c = (char)(*p & ~0x20);
    if (c < 'A' || c > 'Z' || c == 'J') return 0;
    /* military zones: A-I +1..+9, K-M +10..+12, N-Y -1..-12, Z 0 (the zone
     * Time.rfc2822 calls UTC) */
    *off = (c <= 'I' ? c - 'A' + 1 : c <= 'M' ? c - 'A' : c == 'Z' ? 0 : -(c - 'N' + 1)) * 3600;
    *utc = c == 'Z';
    *pp = p + 1;
    return 1;
}

/* time.rb's force_zone!: UTC for a UTC zone, else local time when the
 * local offset at that instant is the zone's, else the fixed offset */
static sp_value rfc_time(sp_value klass, int64_t wall, int32_t off, int utc)
{
    int64_t sec = wall - off;
    if (utc) return time_make(klass, sec, 0, TM_UTC, 0);
    if (local_off(sec) == off) return time_make(klass, sec, 0, TM_LOCAL, 0);
    return time_make(klass, sec, 0, TM_FIXED, off);
}

/* rfc2822 grammar of time.rb; 0 when the string does not match */
static int rfc2822_scan(const char *p, int64_t f[6], int32_t *off, int *utc)
{
    int nd;
    rfc_skip(&p);
    const char *q = p;
    if (rfc_word(&q, RFC_WDAYS)) {
        rfc_skip(&q);
        if (*q == ',') { q++; rfc_skip(&q); p = q; }
    }
    if (!rfc_digits(&p, 1, 2, &f[2], NULL) || !rfc_skip1(&p)) return 0;
    if (!(f[1] = rfc_word(&p, RFC_MONTHS)) || !rfc_skip1(&p)) return 0;
    if (!rfc_digits(&p, 2, 0, &f[0], &nd) || !rfc_skip1(&p)) return 0;
    f[0] = rfc_year(f[0], nd);
    if (!rfc_digits(&p, 2, 2, &f[3], NULL)) return 0;
    rfc_skip(&p);
    if (*p++ != ':') return 0;
    rfc_skip(&p);
    if (!rfc_digits(&p, 2, 2, &f[4], NULL)) return 0;
    f[5] = 0;
    q = p;
    rfc_skip(&q);
    if (*q == ':') {
        q++; rfc_skip(&q);
        if (rfc_digits(&q, 2, 2, &f[5], NULL)) p = q;
    }
    if (!rfc_skip1(&p)) return 0;
    return rfc_zone(&p, off, utc);
}

SP_METHOD(t_s_rfc2822)
{
    (void)blk;
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    sp_value str = sp_str_to_str(argv[0]);
    int64_t f[6]; int32_t off; int utc;
    if (!rfc2822_scan(sp_str_cstr(str), f, &off, &utc))
        sp_raise(sp_eArgError, "not RFC 2822 compliant date: %s", sp_str_cstr(sp_inspect(str)));
    return rfc_time(self, rfc_wall(f[0], f[1], f[2], f[3], f[4], f[5]), off, utc);
}

/* "hh:mm:ss" */
static int rfc_hms(const char **pp, int64_t *f)
{
    return rfc_digits(pp, 2, 2, &f[0], NULL) && *(*pp)++ == ':' && rfc_digits(pp, 2, 2, &f[1], NULL)
        && *(*pp)++ == ':' && rfc_digits(pp, 2, 2, &f[2], NULL);
}

/* the rest is blank */
static int rfc_end(const char *p) { rfc_skip(&p); return !*p; }

SP_METHOD(t_s_httpdate)
{
    (void)blk;
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    sp_value str = sp_str_to_str(argv[0]);
    const char *s = sp_str_cstr(str), *p;
    int64_t f[6]; int nd;
    rfc_skip(&s);
    /* RFC 1123: "Sun, 06 Nov 1994 08:49:37 GMT" */
    p = s;
    if (rfc_word(&p, RFC_WDAYS) && *p++ == ',' && *p++ == ' ' && rfc_digits(&p, 2, 2, &f[2], NULL) && *p++ == ' '
        && (f[1] = rfc_word(&p, RFC_MONTHS)) && *p++ == ' ' && rfc_digits(&p, 4, 4, &f[0], NULL) && *p++ == ' '
        && rfc_hms(&p, &f[3]) && *p++ == ' ' && !strncasecmp(p, "GMT", 3) && rfc_end(p + 3))
        return time_make(self, rfc_wall(f[0], f[1], f[2], f[3], f[4], f[5]), 0, TM_UTC, 0);
    /* RFC 850: "Sunday, 06-Nov-94 08:49:37 GMT" */
    p = s;
    if (rfc_word(&p, "Monday\0Tuesday\0Wednesday\0Thursday\0Friday\0Saturday\0Sunday\0") && *p++ == ','
        && *p++ == ' ' && rfc_digits(&p, 2, 2, &f[2], NULL) && *p++ == '-' && (f[1] = rfc_word(&p, RFC_MONTHS))
        && *p++ == '-' && rfc_digits(&p, 2, 2, &f[0], &nd) && *p++ == ' ' && rfc_hms(&p, &f[3]) && *p++ == ' '
        && !strncasecmp(p, "GMT", 3) && rfc_end(p + 3))
        return time_make(self, rfc_wall(rfc_year(f[0], nd), f[1], f[2], f[3], f[4], f[5]), 0, TM_UTC, 0);
    /* asctime: "Sun Nov  6 08:49:37 1994" */
    p = s;
    if (rfc_word(&p, RFC_WDAYS) && *p++ == ' ' && (f[1] = rfc_word(&p, RFC_MONTHS)) && *p++ == ' '
        && (p[0] == ' ' || (p[0] >= '0' && p[0] <= '9')) && p[1] >= '0' && p[1] <= '9') {
        f[2] = (p[0] == ' ' ? 0 : (p[0] - '0') * 10) + (p[1] - '0');   /* "dd" or " d" */
        p += 2;
        if (*p++ == ' ' && rfc_hms(&p, &f[3]) && *p++ == ' ' && rfc_digits(&p, 4, 4, &f[0], NULL) && rfc_end(p))
            return time_make(self, rfc_wall(f[0], f[1], f[2], f[3], f[4], f[5]), 0, TM_UTC, 0);
    }
    sp_raise(sp_eArgError, "not RFC 2616 compliant date: %s", sp_str_cstr(sp_inspect(str)));
}

/* Time#to_time (date's, loaded by `require 'time'`): self */
SP_METHOD(t_to_time) { (void)argc; (void)argv; (void)blk; return self; }

/* Time.parse: the common numeric and RFC 2822 layouts (not Date._parse's
 * full heuristics). */
SP_METHOD(t_s_parse)
{
    (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value str = sp_str_to_str(argv[0]);
    static const char *const fmts[] = {
        "%Y-%m-%dT%H:%M:%S%z", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S %z", "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M %z", "%Y-%m-%d %H:%M", "%Y-%m-%d",
        "%Y/%m/%d %H:%M:%S %z", "%Y/%m/%d %H:%M:%S", "%Y/%m/%d %H:%M %z", "%Y/%m/%d %H:%M", "%Y/%m/%d",
        "%a, %d %b %Y %H:%M:%S %z", "%a, %d %b %Y %H:%M:%S", "%d %b %Y %H:%M:%S %z", "%d %b %Y %H:%M:%S",
        "%a %b %d %H:%M:%S %z %Y", "%a %b %d %H:%M:%S %Y", "%b %d %Y %H:%M:%S", "%b %d %Y", "%d %b %Y",
        "%H:%M:%S %z", "%H:%M:%S", "%H:%M", NULL };
    const char *s = sp_str_cstr(str);
    while (*s == ' ') s++;
    tparse r;
    for (int i = 0; fmts[i]; i++) {
        if (tp_match(s, fmts[i], &r, 1)) {
            /* accept only when what is left is blank */
            tparse chk;
            if (!tp_match(s, fmts[i], &chk, 0)) {
                /* allow a fraction after %S (loose) but nothing else: re-check by length */
                const char *q = strrchr(s, ':');
                if (!q) continue;
                q += 3;
                if (*q == '.') { q++; while (*q >= '0' && *q <= '9') q++; }
                while (*q == ' ') q++;
                if (*q) { tparse z; z.zone_mode = -1; if (!scan_zone(&q, &z)) continue; r.zone_mode = z.zone_mode; r.off = z.off; while (*q == ' ') q++; if (*q) continue; }
            }
            return tp_build(self, &r, 1);
        }
    }
    sp_raise(sp_eArgError, "no time information in %s", sp_str_cstr(sp_inspect(str)));
}

SP_METHOD(t_init_copy)
{
    UNUSED;
    sp_time *s = get_time(argv[0]);
    T(self)->sec = s->sec; T(self)->nsec = s->nsec; T(self)->off = s->off; T(self)->mode = s->mode;
    T(self)->xk = s->xk; T(self)->xnum = s->xnum;
    return self;
}

static sp_value t_alloc(sp_value klass)
{
    return time_make(klass, 0, 0, TM_UTC, 0);
}

void sp_init_time(void)
{
    sp_value C = sp_cTime;
    if (!C) { C = sp_cTime = sp_define_class("Time", sp_cObject); sp_include_module(C, sp_mComparable); }
    GC_word bm[GC_BITMAP_SIZE(sp_time)] = { 0 };
    GC_set_bit(bm, GC_WORD_OFFSET(sp_time, hdr.klass));
    time_descr = GC_make_descriptor(bm, GC_WORD_LEN(sp_time));
    sp_class_set_allocator(C, t_alloc);
    sp_define_singleton_method(C, "now", t_s_now, -1);
    sp_define_singleton_method(C, "at", t_s_at, -1);
    sp_define_singleton_method(C, "new", t_s_new, -1);
    sp_define_singleton_method(C, "utc", t_s_utc, -1);
    sp_define_singleton_method(C, "gm", t_s_utc, -1);
    sp_define_singleton_method(C, "local", t_s_local, -1);
    sp_define_singleton_method(C, "mktime", t_s_local, -1);

    sp_define_method(C, "year", t_year, 0);
    sp_define_method(C, "month", t_month, 0);
    sp_define_method(C, "mon", t_month, 0);
    sp_define_method(C, "day", t_day, 0);
    sp_define_method(C, "mday", t_day, 0);
    sp_define_method(C, "hour", t_hour, 0);
    sp_define_method(C, "min", t_min, 0);
    sp_define_method(C, "sec", t_sec, 0);
    sp_define_method(C, "usec", t_usec, 0);
    sp_define_method(C, "subsec", t_subsec, 0);
    sp_define_method(C, "tv_usec", t_usec, 0);
    sp_define_method(C, "nsec", t_nsec, 0);
    sp_define_method(C, "tv_nsec", t_nsec, 0);
    sp_define_method(C, "wday", t_wday, 0);
    sp_define_method(C, "yday", t_yday, 0);
    sp_define_method(C, "zone", t_zone, 0);
    sp_define_method(C, "utc_offset", t_utc_offset, 0);
    sp_define_method(C, "gmt_offset", t_utc_offset, 0);
    sp_define_method(C, "gmtoff", t_utc_offset, 0);
    sp_define_method(C, "utc?", t_utc_p, 0);
    sp_define_method(C, "gmt?", t_utc_p, 0);
    sp_define_method(C, "dst?", t_isdst, 0);
    sp_define_method(C, "isdst", t_isdst, 0);
    sp_define_method(C, "to_i", t_to_i, 0);
    sp_define_method(C, "tv_sec", t_to_i, 0);
    sp_define_method(C, "to_f", t_to_f, 0);
    sp_define_method(C, "to_a", t_to_a, 0);
    sp_define_method(C, "sunday?", t_sunday, 0);
    sp_define_method(C, "monday?", t_monday, 0);
    sp_define_method(C, "tuesday?", t_tuesday, 0);
    sp_define_method(C, "wednesday?", t_wednesday, 0);
    sp_define_method(C, "thursday?", t_thursday, 0);
    sp_define_method(C, "friday?", t_friday, 0);
    sp_define_method(C, "saturday?", t_saturday, 0);
    sp_define_method(C, "utc", t_utc, 0);
    sp_define_method(C, "gmtime", t_utc, 0);
    sp_define_method(C, "getutc", t_getutc, 0);
    sp_define_method(C, "getgm", t_getutc, 0);
    sp_define_method(C, "localtime", t_localtime, -1);
    sp_define_method(C, "getlocal", t_getlocal, -1);
    sp_define_method(C, "+", t_plus, 1);
    sp_define_method(C, "-", t_minus, 1);
    sp_define_method(C, "<=>", t_cmp, 1);
    sp_define_method(C, "==", t_eq, 1);
    sp_define_method(C, "eql?", t_eq, 1);
    sp_define_method(C, "hash", t_hash, 0);
    sp_define_method(C, "round", t_round, -1);
    sp_define_method(C, "floor", t_floor, -1);
    sp_define_method(C, "ceil", t_ceil, -1);
    sp_define_method(C, "strftime", t_strftime, 1);
    sp_define_method(C, "to_s", t_to_s, 0);
    sp_define_method(C, "xmlschema", t_xmlschema, -1);
    sp_define_method(C, "httpdate", t_httpdate, 0);
    sp_define_method(C, "rfc2822", t_rfc2822, 0);
    sp_define_method(C, "rfc822", t_rfc2822, 0);
    sp_define_singleton_method(C, "strptime", t_s_strptime, -1);
    sp_define_singleton_method(C, "iso8601", t_s_iso8601, -1);
    sp_define_singleton_method(C, "xmlschema", t_s_iso8601, -1);
    sp_define_singleton_method(C, "parse", t_s_parse, -1);
    sp_define_singleton_method(C, "rfc2822", t_s_rfc2822, 1);
    sp_define_singleton_method(C, "rfc822", t_s_rfc2822, 1);
    sp_define_singleton_method(C, "httpdate", t_s_httpdate, 1);
    sp_define_method(C, "to_time", t_to_time, 0);
    sp_define_method(C, "iso8601", t_xmlschema, -1);
    sp_define_method(C, "deconstruct_keys", t_deconstruct_keys, 1);
    sp_define_method(C, "inspect", t_inspect, 0);
    sp_define_private_method(C, "initialize_copy", t_init_copy, 1);

    sp_process_init();
}

/*
 * sp_date.c — `require 'date_core'` (what CRuby's date.rb requires): Date
 * and DateTime.  Construction (civil, ordinal, commercial, jd, today, now),
 * the calendar (Julian before the reform day `start`, Gregorian after),
 * arithmetic (+, -, >>, <<, next_day and the like), comparison, step/upto/downto,
 * the accessors, strftime (the formatter Time uses, sp_strftime.h) and the
 * string forms (to_s, inspect, iso8601, rfc3339, rfc2822, httpdate,
 * jisx0301), to_time and Time#to_date/#to_datetime.  The parsers are in
 * sp_date_parse.c.  date.rb (Date#infinite?, Date::Infinity) is compiled
 * from the installed Ruby, as in CRuby.
 *
 * Representation: sp_date.h.  The calendar conversions are CRuby's (the
 * Meeus algorithms in doubles, exact for the years anyone uses); the
 * fraction of a day is kept in nanoseconds where CRuby keeps a Rational.
 */
#include "spinel.h"
#include "sp_date.h"
#include "sp_array.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_strftime.h"

#include <math.h>
#include <string.h>
#include <time.h>

sp_value sp_cDate, sp_cDateTime, sp_eDateError;

#define ITALY 2299161.0
#define DAY_NS 86400000000000LL
#define UNIX_EPOCH_JD 2440588
#define MJD_EPOCH 2400001
#define LD_EPOCH 2299160

static const char *const month_names[] = { NULL, "January", "February", "March", "April", "May",
    "June", "July", "August", "September", "October", "November", "December" };
static const char *const day_names[] = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday",
    "Friday", "Saturday" };

static int64_t fdiv(int64_t a, int64_t b) { int64_t q = a / b; if ((a % b) && ((a < 0) != (b < 0))) q--; return q; }
static int64_t fmod64(int64_t a, int64_t b) { return a - fdiv(a, b) * b; }

/* ---- the calendar ---------------------------------------------------- */

static int64_t civil_to_jd(int64_t y, int m, int d, double sg)
{
    if (m <= 2) { y -= 1; m += 12; }
    double a = floor((double)y / 100.0), b = 2 - a + floor(a / 4.0);
    double jd = floor(365.25 * ((double)y + 4716)) + floor(30.6001 * (m + 1)) + d + b - 1524;
    if (jd < sg) jd -= b;
    return (int64_t)jd;
}

static void jd_to_civil(int64_t jd, double sg, int64_t *ry, int *rm, int *rd)
{
    double a;
    if ((double)jd < sg) a = (double)jd;
    else {
        double x = floor(((double)jd - 1867216.25) / 36524.25);
        a = (double)jd + 1 + x - floor(x / 4.0);
    }
    double b = a + 1524, c = floor((b - 122.1) / 365.25), d = floor(365.25 * c);
    double e = floor((b - d) / 30.6001), dom = b - d - floor(30.6001 * e);
    double m, y;
    if (e <= 13.0) { m = e - 1; y = c - 4716; } else { m = e - 13; y = c - 4715; }
    *ry = (int64_t)y; *rm = (int)m; *rd = (int)dom;
}

static int valid_civil(int64_t y, int m, int d, double sg, int64_t *rjd);

/* Julian day of the last day of month m (the month may end early at the
 * reform); 0 when the month has no valid day. */
static int last_day_of_month(int64_t y, int m, double sg, int64_t *rjd)
{
    for (int d = 31; d > 0; d--) if (valid_civil(y, m, d, sg, rjd)) return 1;
    return 0;
}

static int valid_civil(int64_t y, int m, int d, double sg, int64_t *rjd)
{
    if (m < 0) m += 13;
    if (m < 1 || m > 12) return 0;
    if (d < 0) {
        int64_t ljd, y2; int m2, d2;
        if (!last_day_of_month(y, m, sg, &ljd)) return 0;
        jd_to_civil(ljd + d + 1, sg, &y2, &m2, &d2);
        if (y2 != y || m2 != m) return 0;
        d = d2;
    }
    if (d < 1 || d > 31) return 0;
    int64_t jd = civil_to_jd(y, m, d, sg), y2; int m2, d2;
    jd_to_civil(jd, sg, &y2, &m2, &d2);
    if (y2 != y || m2 != m || d2 != d) return 0;
    *rjd = jd;
    return 1;
}

static int first_day_of_year(int64_t y, double sg, int64_t *rjd)
{
    for (int d = 1; d < 31; d++) if (valid_civil(y, 1, d, sg, rjd)) return 1;
    return 0;
}

static int valid_ordinal(int64_t y, int yd, double sg, int64_t *rjd)
{
    int64_t jd, y2; int m2, d2;
    if (yd < 0) {
        int64_t ljd;
        if (!last_day_of_month(y, 12, sg, &ljd)) return 0;
        jd = ljd + yd + 1;
    } else {
        if (!first_day_of_year(y, sg, &jd)) return 0;
        jd += yd - 1;
    }
    jd_to_civil(jd, sg, &y2, &m2, &d2);
    if (y2 != y) return 0;
    *rjd = jd;
    return 1;
}

static int64_t commercial_to_jd(int64_t y, int w, int d, double sg)
{
    int64_t fd = 0;
    first_day_of_year(y, sg, &fd);
    fd += 3;
    return (fd - fmod64(fd, 7)) + 7 * (w - 1) + (d - 1);
}

static void jd_to_commercial(int64_t jd, double sg, int64_t *ry, int *rw, int *rd)
{
    int64_t y2; int m2, d2;
    jd_to_civil(jd - 3, sg, &y2, &m2, &d2);
    int64_t a = y2, j2 = commercial_to_jd(a + 1, 1, 1, sg);
    if (jd >= j2) *ry = a + 1;
    else { j2 = commercial_to_jd(a, 1, 1, sg); *ry = a; }
    *rw = (int)(1 + fdiv(jd - j2, 7));
    *rd = (int)fmod64(jd + 1, 7);
    if (*rd == 0) *rd = 7;
}

static int valid_commercial(int64_t y, int w, int d, double sg, int64_t *rjd)
{
    if (d < 0) d += 8;
    if (w < 0) {
        int64_t y2; int w2, d2;
        jd_to_commercial(commercial_to_jd(y + 1, 1, 1, sg) + w * 7, sg, &y2, &w2, &d2);
        if (y2 != y) return 0;
        w = w2;
    }
    int64_t jd = commercial_to_jd(y, w, d, sg), y2; int w2, d2;
    jd_to_commercial(jd, sg, &y2, &w2, &d2);
    if (y2 != y || w2 != w || d2 != d) return 0;
    *rjd = jd;
    return 1;
}

static int gregorian_leap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
static int julian_leap(int64_t y) { return fmod64(y, 4) == 0; }

/* ---- objects --------------------------------------------------------- */

#define D(v) SP_DATE(v)

static int date_p(sp_value v) { return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_DATA && sp_obj_is_kind_of(v, sp_cDate); }

static int64_t local_jd(const sp_date *d) { return d->jd + fdiv((int64_t)d->df + d->of, 86400); }
static int32_t local_df(const sp_date *d) { return (int32_t)fmod64((int64_t)d->df + d->of, 86400); }

/* A Date of klass at UTC (jd, df, sf) with offset and start. */
static sp_value date_make(sp_value klass, int64_t jd, int64_t df, int64_t sf, int32_t of, double sg)
{
    if (sf < 0 || sf >= 1000000000) { df += fdiv(sf, 1000000000); sf = fmod64(sf, 1000000000); }
    if (df < 0 || df >= 86400) { jd += fdiv(df, 86400); df = fmod64(df, 86400); }
    sp_date *d = sp_alloc(sizeof(sp_date), klass, SP_T_DATA);
    d->jd = jd; d->df = (int32_t)df; d->sf = sf; d->of = of; d->sg = sg;
    jd_to_civil(local_jd(d), sg, &d->year, &d->mon, &d->mday);
    return (sp_value)d;
}

/* From local (jd, seconds, ns) and offset. */
static sp_value date_make_local(sp_value klass, int64_t ljd, int64_t lsec, int64_t sf, int32_t of, double sg)
{
    return date_make(klass, ljd, lsec - of, sf, of, sg);
}

static sp_value date_like(sp_value self, int64_t jd, int64_t df, int64_t sf)
{
    return date_make(sp_obj_class(self), jd, df, sf, D(self)->of, D(self)->sg);
}

static sp_value date_alloc(sp_value klass) { return date_make(klass, 0, 0, 0, 0, ITALY); }

static sp_date *get_date(sp_value v)
{
    if (!date_p(v)) sp_raise(sp_eTypeError, "expected date");
    return D(v);
}

SP_NORETURN static void invalid_date(void) { sp_raise(sp_eDateError, "invalid date"); }

/* ---- arguments ------------------------------------------------------- */

static int numeric_p(sp_value v) { return sp_numeric_p(v) || sp_rational_p(v); }

static double start_arg(int argc, const sp_value *argv, int i)
{
    if (argc <= i) return ITALY;
    sp_value v = argv[i];
    if (!numeric_p(v)) sp_raise(sp_eTypeError, "invalid start (not numeric)");
    double sg = sp_num_to_double(sp_rational_p(v) ? sp_funcall0(v, "to_f") : v);
    if (isinf(sg) || (sg >= 2298874 && sg <= 2426355)) return sg;
    sp_funcall1(sp_mKernel, "warn", sp_str_new_cstr("invalid start is ignored"));
    return ITALY;
}

/* A civil field: Integer; a fractional last field gives a fraction of the
 * day in *frac_ns (CRuby: Date.new(2001, 2, 3.5)). */
static int64_t int_field(sp_value v, const char *what, int64_t *frac_ns)
{
    if (SP_FIXNUM_P(v)) return SP_FIX2LONG(v);
    if (sp_bignum_p(v)) return sp_num_to_long(v);
    if (!numeric_p(v)) sp_raise(sp_eTypeError, "invalid %s (not numeric)", what);
    sp_value fl = sp_funcall0(v, "floor");
    if (frac_ns) {
        sp_value fr = sp_funcall1(v, "-", fl);
        *frac_ns = (int64_t)llround(sp_num_to_double(sp_rational_p(fr) ? sp_funcall0(fr, "to_f") : fr) * (double)DAY_NS);
    }
    return sp_num_to_long(fl);
}

/* Days as a Numeric -> whole days and nanoseconds (floored). */
static void days_split(sp_value n, int64_t *days, int64_t *ns)
{
    if (SP_FIXNUM_P(n) || sp_bignum_p(n)) { *days = sp_num_to_long(n); *ns = 0; return; }
    if (sp_float_p(n)) {
        double x = sp_flo(n), fl = floor(x);
        *days = (int64_t)fl;
        *ns = (int64_t)llround((x - fl) * (double)DAY_NS);
        return;
    }
    if (sp_rational_p(n)) {
        int64_t num = sp_num_to_long(sp_funcall0(n, "numerator"));
        int64_t den = sp_num_to_long(sp_funcall0(n, "denominator"));
        *days = fdiv(num, den);
        __int128 rem = (__int128)(num - *days * den) * DAY_NS;
        *ns = (int64_t)(rem / den);
        return;
    }
    if (numeric_p(n) || (SP_HEAP_P(n) && sp_obj_is_kind_of(n, sp_cNumeric))) {
        days_split(sp_funcall0(n, "to_r"), days, ns);
        return;
    }
    sp_raise(sp_eTypeError, "expected numeric");
}

/* Offset argument: "+09:00"-like String, or a fraction of a day. */
static int32_t offset_arg(sp_value v)
{
    if (sp_str_p(v)) {
        int ok;
        long of = sp_date_zone_to_diff(sp_str_ptr(v), sp_str_len(v), &ok);
        if (!ok) { sp_funcall1(sp_mKernel, "warn", sp_str_new_cstr("invalid offset is ignored")); return 0; }
        return (int32_t)of;
    }
    if (!numeric_p(v)) sp_raise(sp_eTypeError, "invalid offset");
    int64_t days, ns;
    days_split(v, &days, &ns);
    int64_t sec = days * 86400 + ns / 1000000000;
    if (sec < -86400 || sec > 86400) { sp_funcall1(sp_mKernel, "warn", sp_str_new_cstr("invalid offset is ignored")); return 0; }
    return (int32_t)sec;
}

/* ---- constructors ---------------------------------------------------- */

/* h:m:s local seconds with CRuby's negative-field rules; -1 if invalid. */
static int64_t time_secs(sp_value hv, sp_value mv, sp_value sv, int64_t *ns)
{
    int64_t h = int_field(hv, "hour", NULL), mi = int_field(mv, "minute", NULL), sfrac = 0;
    int64_t s = int_field(sv, "second", &sfrac);
    *ns = sfrac / 86400;
    if (h < 0) h += 24;
    if (mi < 0) mi += 60;
    if (s < 0) s += 60;
    if (h < 0 || h > 24 || mi < 0 || mi > 59 || s < 0 || s > 59 || (h == 24 && (mi || s))) return -1;
    return h * 3600 + mi * 60 + s;
}

/* Date.civil(y=-4712, m=1, d=1, start) / DateTime.civil(y, m, d, h, min, s, of, start) */
static sp_value civil_new(sp_value klass, int argc, const sp_value *argv, int datetime)
{
    int max = datetime ? 8 : 4;
    if (argc > max) sp_raise_arity(argc, 0, max);
    int64_t frac = 0;
    int64_t y = argc > 0 ? int_field(argv[0], "year", NULL) : -4712;
    int m = argc > 1 ? (int)int_field(argv[1], "month", NULL) : 1;
    int d = argc > 2 ? (int)int_field(argv[2], "day", &frac) : 1;
    double sg = start_arg(argc, argv, datetime ? 7 : 3);
    int64_t jd;
    if (!valid_civil(y, m, d, sg, &jd)) invalid_date();
    if (!datetime) return date_make(klass, jd, frac / 1000000000, frac % 1000000000, 0, sg);
    int64_t ns = 0;
    int64_t secs = time_secs(argc > 3 ? argv[3] : SP_FIX(0), argc > 4 ? argv[4] : SP_FIX(0),
                             argc > 5 ? argv[5] : SP_FIX(0), &ns);
    if (secs < 0) invalid_date();
    int32_t of = argc > 6 ? offset_arg(argv[6]) : 0;
    return date_make_local(klass, jd, secs + frac / 1000000000, ns + frac % 1000000000, of, sg);
}

SP_METHOD(d_s_civil) { (void)blk; return civil_new(self, argc, argv, sp_class_inherits(self, sp_cDateTime)); }

/* The time part of DateTime.jd/ordinal/commercial: args from index i. */
static sp_value with_time(sp_value klass, int64_t jd, int argc, const sp_value *argv, int i, double sg)
{
    if (!sp_class_inherits(klass, sp_cDateTime)) return date_make(klass, jd, 0, 0, 0, sg);
    int64_t ns = 0;
    int64_t secs = time_secs(argc > i ? argv[i] : SP_FIX(0), argc > i + 1 ? argv[i + 1] : SP_FIX(0),
                             argc > i + 2 ? argv[i + 2] : SP_FIX(0), &ns);
    if (secs < 0) invalid_date();
    int32_t of = argc > i + 3 ? offset_arg(argv[i + 3]) : 0;
    return date_make_local(klass, jd, secs, ns, of, sg);
}

static int is_dt(sp_value klass) { return sp_class_inherits(klass, sp_cDateTime); }

SP_METHOD(d_s_jd)
{
    (void)blk;
    int dt = is_dt(self);
    if (argc > (dt ? 6 : 2)) sp_raise_arity(argc, 0, dt ? 6 : 2);
    int64_t frac = 0;
    int64_t jd = argc > 0 ? int_field(argv[0], "jd", &frac) : 0;
    double sg = start_arg(argc, argv, dt ? 5 : 1);
    if (!dt) return date_make(self, jd, frac / 1000000000, frac % 1000000000, 0, sg);
    return with_time(self, jd, argc, argv, 1, sg);
}

SP_METHOD(d_s_ordinal)
{
    (void)blk;
    int dt = is_dt(self);
    if (argc > (dt ? 7 : 3)) sp_raise_arity(argc, 0, dt ? 7 : 3);
    int64_t y = argc > 0 ? int_field(argv[0], "year", NULL) : -4712;
    int yd = argc > 1 ? (int)int_field(argv[1], "yday", NULL) : 1;
    double sg = start_arg(argc, argv, dt ? 6 : 2);
    int64_t jd;
    if (!valid_ordinal(y, yd, sg, &jd)) invalid_date();
    return with_time(self, jd, argc, argv, 2, sg);
}

SP_METHOD(d_s_commercial)
{
    (void)blk;
    int dt = is_dt(self);
    if (argc > (dt ? 8 : 4)) sp_raise_arity(argc, 0, dt ? 8 : 4);
    int64_t y = argc > 0 ? int_field(argv[0], "cwyear", NULL) : -4712;
    int w = argc > 1 ? (int)int_field(argv[1], "cweek", NULL) : 1;
    int d = argc > 2 ? (int)int_field(argv[2], "cwday", NULL) : 1;
    double sg = start_arg(argc, argv, dt ? 7 : 3);
    int64_t jd;
    if (!valid_commercial(y, w, d, sg, &jd)) invalid_date();
    return with_time(self, jd, argc, argv, 3, sg);
}

void sp_date_today(int64_t *y, int *m, int *d)
{
    time_t t = time(NULL);
    struct tm tm;
    tzset();   /* ENV["TZ"] may have changed */
    localtime_r(&t, &tm);
    *y = (int64_t)tm.tm_year + 1900; *m = tm.tm_mon + 1; *d = tm.tm_mday;
}

SP_METHOD(d_s_today)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    double sg = start_arg(argc, argv, 0);
    int64_t y; int m, d;
    sp_date_today(&y, &m, &d);
    sp_value r = date_make(self, civil_to_jd(y, m, d, -INFINITY), 0, 0, 0, sg);
    return r;
}

SP_METHOD(dt_s_now)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    double sg = start_arg(argc, argv, 0);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    tzset();
    localtime_r(&ts.tv_sec, &tm);
    int64_t jd = UNIX_EPOCH_JD + fdiv(ts.tv_sec, 86400);
    return date_make(self, jd, fmod64(ts.tv_sec, 86400), ts.tv_nsec, (int32_t)tm.tm_gmtoff, sg);
}

/* valid_civil?(y, m, d, start) and friends: false for non-numeric too. */
SP_METHOD(d_s_valid_civil)
{
    (void)self; (void)blk;
    if (argc < 3 || argc > 4) sp_raise_arity(argc, 3, 4);
    for (int i = 0; i < 3; i++) if (!numeric_p(argv[i])) return SP_FALSE;
    int64_t jd;
    return SP_BOOL(valid_civil(int_field(argv[0], "year", NULL), (int)int_field(argv[1], "month", NULL),
                               (int)int_field(argv[2], "day", NULL), start_arg(argc, argv, 3), &jd));
}

SP_METHOD(d_s_valid_ordinal)
{
    (void)self; (void)blk;
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    for (int i = 0; i < 2; i++) if (!numeric_p(argv[i])) return SP_FALSE;
    int64_t jd;
    return SP_BOOL(valid_ordinal(int_field(argv[0], "year", NULL), (int)int_field(argv[1], "yday", NULL),
                                 start_arg(argc, argv, 2), &jd));
}

SP_METHOD(d_s_valid_commercial)
{
    (void)self; (void)blk;
    if (argc < 3 || argc > 4) sp_raise_arity(argc, 3, 4);
    for (int i = 0; i < 3; i++) if (!numeric_p(argv[i])) return SP_FALSE;
    int64_t jd;
    return SP_BOOL(valid_commercial(int_field(argv[0], "year", NULL), (int)int_field(argv[1], "cweek", NULL),
                                    (int)int_field(argv[2], "cwday", NULL), start_arg(argc, argv, 3), &jd));
}

SP_METHOD(d_s_valid_jd)
{
    (void)self; (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    return SP_BOOL(numeric_p(argv[0]));
}

static int64_t year_arg(sp_value v)
{
    if (!numeric_p(v)) sp_raise(sp_eTypeError, "invalid year (not numeric)");
    return int_field(v, "year", NULL);
}
SP_METHOD(d_s_gregorian_leap) { (void)self; (void)argc_; (void)blk; return SP_BOOL(gregorian_leap(year_arg(argv[0]))); }
SP_METHOD(d_s_julian_leap) { (void)self; (void)argc_; (void)blk; return SP_BOOL(julian_leap(year_arg(argv[0]))); }

/* ---- accessors ------------------------------------------------------- */

#define NOARGS (void)argc_; (void)argv; (void)blk

SP_METHOD(d_year) { NOARGS; return sp_int_new(D(self)->year); }
SP_METHOD(d_mon) { NOARGS; return SP_FIX(D(self)->mon); }
SP_METHOD(d_mday) { NOARGS; return SP_FIX(D(self)->mday); }
SP_METHOD(d_jd) { NOARGS; return sp_int_new(local_jd(D(self))); }
SP_METHOD(d_mjd) { NOARGS; return sp_int_new(local_jd(D(self)) - MJD_EPOCH); }
SP_METHOD(d_ld) { NOARGS; return sp_int_new(local_jd(D(self)) - LD_EPOCH); }
SP_METHOD(d_wday) { NOARGS; return SP_FIX(fmod64(local_jd(D(self)) + 1, 7)); }
SP_METHOD(d_start) { NOARGS; return sp_float_new(D(self)->sg); }

static int yday_of(const sp_date *d)
{
    int64_t fd = 0;
    first_day_of_year(d->year, d->sg, &fd);
    return (int)(local_jd(d) - fd + 1);
}
SP_METHOD(d_yday) { NOARGS; return SP_FIX(yday_of(D(self))); }

SP_METHOD(d_cwyear) { NOARGS; int64_t y; int w, d; jd_to_commercial(local_jd(D(self)), D(self)->sg, &y, &w, &d); return sp_int_new(y); }
SP_METHOD(d_cweek) { NOARGS; int64_t y; int w, d; jd_to_commercial(local_jd(D(self)), D(self)->sg, &y, &w, &d); return SP_FIX(w); }
SP_METHOD(d_cwday) { NOARGS; int64_t y; int w, d; jd_to_commercial(local_jd(D(self)), D(self)->sg, &y, &w, &d); return SP_FIX(d); }

#define WDAY_P(name, n) \
    SP_METHOD(name) { NOARGS; return SP_BOOL(fmod64(local_jd(D(self)) + 1, 7) == n); }
WDAY_P(d_sunday, 0) WDAY_P(d_monday, 1) WDAY_P(d_tuesday, 2) WDAY_P(d_wednesday, 3)
WDAY_P(d_thursday, 4) WDAY_P(d_friday, 5) WDAY_P(d_saturday, 6)

SP_METHOD(d_julian) { NOARGS; return SP_BOOL((double)local_jd(D(self)) < D(self)->sg); }
SP_METHOD(d_gregorian) { NOARGS; return SP_BOOL(!((double)local_jd(D(self)) < D(self)->sg)); }
SP_METHOD(d_leap)
{
    NOARGS;
    int64_t y = D(self)->year;
    if ((double)local_jd(D(self)) < D(self)->sg) return SP_BOOL(julian_leap(y));
    int64_t jd;
    return SP_BOOL(valid_civil(y, 2, 29, D(self)->sg, &jd));
}

SP_METHOD(d_hour) { NOARGS; return SP_FIX(local_df(D(self)) / 3600); }
SP_METHOD(d_min) { NOARGS; return SP_FIX(local_df(D(self)) / 60 % 60); }
SP_METHOD(d_sec) { NOARGS; return SP_FIX(local_df(D(self)) % 60); }
SP_METHOD(d_sec_fraction) { NOARGS; return sp_rational_new(sp_int_new(D(self)->sf), sp_int_new(1000000000)); }
SP_METHOD(d_offset) { NOARGS; return sp_rational_new(SP_FIX(D(self)->of), SP_FIX(86400)); }

static void zone_text(int32_t of, char *buf, size_t n)
{
    int32_t a = of < 0 ? -of : of;
    snprintf(buf, n, "%c%02d:%02d", of < 0 ? '-' : '+', a / 3600, a / 60 % 60);
}
SP_METHOD(d_zone) { NOARGS; char b[16]; zone_text(D(self)->of, b, sizeof b); return sp_str_new_cstr(b); }

/* The day as a Rational: days + (df, sf) / 86400. */
static sp_value frac_rational(int64_t days, int64_t ns)
{
    sp_value r = sp_rational_new(sp_int_new(days), SP_FIX(1));
    if (ns == 0) return r;
    return sp_funcall1(r, "+", sp_rational_new(sp_int_new(ns), sp_int_new(DAY_NS)));
}

static int64_t day_ns(const sp_date *d) { return (int64_t)d->df * 1000000000 + d->sf; }

SP_METHOD(d_ajd)
{
    NOARGS;
    sp_date *d = D(self);
    return sp_funcall1(frac_rational(d->jd, day_ns(d)), "-", sp_rational_new(SP_FIX(1), SP_FIX(2)));
}

SP_METHOD(d_amjd) { NOARGS; sp_date *d = D(self); return frac_rational(d->jd - MJD_EPOCH, day_ns(d)); }

SP_METHOD(d_day_fraction)
{
    NOARGS;
    sp_date *d = D(self);
    int64_t ns = (int64_t)local_df(d) * 1000000000 + d->sf;
    if (ns == 0 && !is_dt(sp_obj_class(self))) return SP_FIX(0);
    return sp_rational_new(sp_int_new(ns), sp_int_new(DAY_NS));
}

/* ---- arithmetic ------------------------------------------------------ */

SP_METHOD(d_plus)
{
    (void)argc_; (void)blk;
    int64_t days, ns;
    days_split(argv[0], &days, &ns);
    sp_date *d = D(self);
    return date_like(self, d->jd + days, d->df, d->sf + ns);
}

SP_METHOD(d_minus)
{
    (void)argc_; (void)blk;
    sp_date *d = D(self);
    sp_value o = argv[0];
    if (date_p(o)) {
        sp_date *e = D(o);
        return frac_rational(d->jd - e->jd + fdiv(day_ns(d) - day_ns(e), DAY_NS), fmod64(day_ns(d) - day_ns(e), DAY_NS));
    }
    int64_t days, ns;
    days_split(o, &days, &ns);
    return date_like(self, d->jd - days, d->df, d->sf - ns);
}

/* >> n: n months later, the day clamped to the month's last. */
static sp_value add_months(sp_value self, int64_t n)
{
    sp_date *d = D(self);
    int64_t t = d->year * 12 + (d->mon - 1) + n;
    int64_t y = fdiv(t, 12);
    int m = (int)fmod64(t, 12) + 1, day = d->mday;
    int64_t jd;
    while (!valid_civil(y, m, day, d->sg, &jd)) {
        if (--day < 1) invalid_date();
    }
    return date_make_local(sp_obj_class(self), jd, local_df(d), d->sf, d->of, d->sg);
}

static int64_t months_arg(sp_value v)
{
    if (!numeric_p(v)) sp_raise(sp_eTypeError, "expected numeric");
    return int_field(v, "month", NULL);
}
SP_METHOD(d_rshift) { (void)argc_; (void)blk; return add_months(self, months_arg(argv[0])); }
SP_METHOD(d_lshift) { (void)argc_; (void)blk; return add_months(self, -months_arg(argv[0])); }

static int64_t opt_n(int argc, const sp_value *argv)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    return argc ? months_arg(argv[0]) : 1;
}
SP_METHOD(d_next_day) { (void)blk; sp_date *d = D(self); return date_like(self, d->jd + opt_n(argc, argv), d->df, d->sf); }
SP_METHOD(d_prev_day) { (void)blk; sp_date *d = D(self); return date_like(self, d->jd - opt_n(argc, argv), d->df, d->sf); }
SP_METHOD(d_next_month) { (void)blk; return add_months(self, opt_n(argc, argv)); }
SP_METHOD(d_prev_month) { (void)blk; return add_months(self, -opt_n(argc, argv)); }
SP_METHOD(d_next_year) { (void)blk; return add_months(self, 12 * opt_n(argc, argv)); }
SP_METHOD(d_prev_year) { (void)blk; return add_months(self, -12 * opt_n(argc, argv)); }
SP_METHOD(d_succ) { NOARGS; sp_date *d = D(self); return date_like(self, d->jd + 1, d->df, d->sf); }

static sp_value with_start(sp_value self, double sg)
{
    sp_date *d = D(self);
    return date_make(sp_obj_class(self), d->jd, d->df, d->sf, d->of, sg);
}
SP_METHOD(d_new_start) { (void)blk; if (argc > 1) sp_raise_arity(argc, 0, 1); return with_start(self, start_arg(argc, argv, 0)); }
SP_METHOD(d_italy) { NOARGS; return with_start(self, ITALY); }
SP_METHOD(d_england) { NOARGS; return with_start(self, 2361222.0); }
SP_METHOD(d_julian_cal) { NOARGS; return with_start(self, INFINITY); }
SP_METHOD(d_gregorian_cal) { NOARGS; return with_start(self, -INFINITY); }

SP_METHOD(dt_new_offset)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    sp_date *d = D(self);
    return date_make(sp_obj_class(self), d->jd, d->df, d->sf, argc ? offset_arg(argv[0]) : 0, d->sg);
}

/* ---- comparison ------------------------------------------------------ */

static int cmp_dates(const sp_date *a, const sp_date *b)
{
    if (a->jd != b->jd) return a->jd < b->jd ? -1 : 1;
    if (a->df != b->df) return a->df < b->df ? -1 : 1;
    if (a->sf != b->sf) return a->sf < b->sf ? -1 : 1;
    return 0;
}

SP_METHOD(d_cmp)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (date_p(o)) return SP_FIX(cmp_dates(D(self), D(o)));
    if (numeric_p(o)) return sp_funcall1(d_ajd(self, 0, NULL, SP_NIL), "<=>", o);
    return SP_NIL;
}

SP_METHOD(d_eq)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (date_p(o)) return SP_BOOL(cmp_dates(D(self), D(o)) == 0);
    if (numeric_p(o)) return SP_BOOL(sp_funcall1(d_ajd(self, 0, NULL, SP_NIL), "<=>", o) == SP_FIX(0));
    return SP_FALSE;
}

/* ===: the same (local) day. */
SP_METHOD(d_eqq)
{
    (void)argc_; (void)blk;
    sp_value o = argv[0];
    if (date_p(o)) return SP_BOOL(local_jd(D(self)) == local_jd(D(o)));
    if (numeric_p(o)) return SP_BOOL(sp_funcall1(sp_int_new(local_jd(D(self))), "==", o) == SP_TRUE);
    return SP_FALSE;
}

SP_METHOD(d_eql)
{
    (void)argc_; (void)blk;
    return SP_BOOL(date_p(argv[0]) && cmp_dates(D(self), D(argv[0])) == 0);
}

SP_METHOD(d_hash)
{
    NOARGS;
    sp_date *d = D(self);
    uint64_t h = (uint64_t)d->jd * 0x9e3779b97f4a7c15ULL;
    h ^= ((uint64_t)d->df << 32) ^ (uint64_t)d->sf;
    h *= 0xff51afd7ed558ccdULL;
    return SP_FIX((int64_t)(h >> 2));
}

/* ---- iteration ------------------------------------------------------- */

static sp_value step_loop(sp_value self, sp_value limit, sp_value by, sp_value blk)
{
    sp_value zero = SP_FIX(0);
    sp_value sign = sp_funcall1(by, "<=>", zero);
    if (sign == zero) for (;;) sp_yield1(blk, self);   /* CRuby: forever */
    int up = sign == SP_FIX(1);
    sp_value d = self;
    for (;;) {
        sp_value c = d_cmp(d, 1, &limit, SP_NIL);
        if (c == SP_NIL) sp_raise(sp_eArgError, "comparison of %s with %s failed", sp_obj_classname(d), sp_obj_classname(limit));
        if (up ? c == SP_FIX(1) : c == SP_FIX(-1)) break;
        sp_yield1(blk, d);
        d = d_plus(d, 1, &by, SP_NIL);
    }
    return self;
}

SP_METHOD(d_step)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value by = argc > 1 ? argv[1] : SP_FIX(1);
    if (blk == SP_NIL)
        return sp_funcall(self, sp_intern("enum_for"), 3, (sp_value[]){ sp_sym("step"), argv[0], by }, SP_NIL);
    return step_loop(self, argv[0], by, blk);
}

SP_METHOD(d_upto)
{
    (void)argc_;
    if (blk == SP_NIL) return sp_funcall(self, sp_intern("enum_for"), 2, (sp_value[]){ sp_sym("upto"), argv[0] }, SP_NIL);
    return step_loop(self, argv[0], SP_FIX(1), blk);
}

SP_METHOD(d_downto)
{
    (void)argc_;
    if (blk == SP_NIL) return sp_funcall(self, sp_intern("enum_for"), 2, (sp_value[]){ sp_sym("downto"), argv[0] }, SP_NIL);
    return step_loop(self, argv[0], SP_FIX(-1), blk);
}

/* ---- formatting ------------------------------------------------------ */

static void date_fields(const sp_date *d, sp_tfields *f, char *zone, size_t zn)
{
    memset(f, 0, sizeof *f);
    int32_t ldf = local_df(d);
    int64_t ljd = local_jd(d);
    f->tm.tm_year = (int)(d->year - 1900);
    f->tm.tm_mon = d->mon - 1;
    f->tm.tm_mday = d->mday;
    f->tm.tm_yday = yday_of(d) - 1;
    f->tm.tm_wday = (int)fmod64(ljd + 1, 7);
    f->tm.tm_hour = ldf / 3600; f->tm.tm_min = ldf / 60 % 60; f->tm.tm_sec = ldf % 60;
    f->nsec = (int32_t)d->sf;
    f->off = d->of;
    f->epoch = (d->jd - UNIX_EPOCH_JD) * 86400 + d->df;
    int w, wd;
    jd_to_commercial(ljd, d->sg, &f->cwyear, &w, &wd);
    f->cweek = w;
    zone_text(d->of, zone, zn);
    f->zone = zone;
    f->is_date = 1;
}

static sp_value fmt(sp_value self, const char *f, size_t len)
{
    sp_tfields tf;
    char zone[16];
    date_fields(D(self), &tf, zone, sizeof zone);
    sp_value out = sp_str_buf_new(len + 16);
    sp_strftime(out, &tf, f, len);
    SP_HDR(out)->flags |= SP_STR_USASCII;
    return out;
}
static sp_value fmtc(sp_value self, const char *f) { return fmt(self, f, strlen(f)); }

SP_METHOD(d_strftime)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    if (argc == 0) return fmtc(self, is_dt(sp_obj_class(self)) ? "%Y-%m-%dT%H:%M:%S%:z" : "%F");
    sp_value f = sp_str_to_str(argv[0]);
    sp_tfields tf;
    char zone[16];
    date_fields(D(self), &tf, zone, sizeof zone);
    sp_value out = sp_str_buf_new(sp_str_len(f) + 16);
    sp_strftime(out, &tf, sp_str_ptr(f), sp_str_len(f));
    return out;
}

SP_METHOD(d_to_s) { NOARGS; return fmtc(self, "%Y-%m-%d"); }
SP_METHOD(dt_to_s) { NOARGS; return fmtc(self, "%Y-%m-%dT%H:%M:%S%:z"); }
SP_METHOD(d_asctime) { NOARGS; return fmtc(self, "%a %b %e %H:%M:%S %Y"); }
SP_METHOD(d_rfc3339) { NOARGS; return fmtc(self, "%Y-%m-%dT%H:%M:%S%:z"); }
SP_METHOD(d_rfc2822) { NOARGS; return fmtc(self, "%a, %-d %b %Y %T %z"); }

SP_METHOD(d_httpdate)
{
    NOARGS;
    sp_date *d = D(self);
    sp_value u = date_make(sp_obj_class(self), d->jd, d->df, d->sf, 0, d->sg);
    return fmtc(u, "%a, %d %b %Y %T GMT");
}

/* Date#iso8601 / DateTime#iso8601(n): n digits of the second's fraction. */
static sp_value iso_time(sp_value self, int argc, const sp_value *argv, const char *date_part)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    int64_t n = argc ? sp_num_to_long(argv[0]) : 0;
    char f[64];
    if (n > 0) snprintf(f, sizeof f, "%sT%%H:%%M:%%S.%%%dN%%:z", date_part, (int)(n > 30 ? 30 : n));
    else snprintf(f, sizeof f, "%sT%%H:%%M:%%S%%:z", date_part);
    return fmtc(self, f);
}
SP_METHOD(d_iso8601) { NOARGS; return fmtc(self, "%Y-%m-%d"); }
SP_METHOD(dt_iso8601) { (void)blk; return iso_time(self, argc, argv, "%Y-%m-%d"); }

/* The Japanese era: "R06.02.29" (before Meiji 6, ISO 8601). */
static void jisx0301_date(sp_value self, char *out, size_t n)
{
    int64_t jd = local_jd(D(self));
    char c; int64_t base;
    if (jd < 2405160) { snprintf(out, n, "%%Y-%%m-%%d"); return; }
    if (jd < 2419614) { c = 'M'; base = 1867; }
    else if (jd < 2424875) { c = 'T'; base = 1911; }
    else if (jd < 2447535) { c = 'S'; base = 1925; }
    else if (jd < 2458605) { c = 'H'; base = 1988; }
    else { c = 'R'; base = 2018; }
    snprintf(out, n, "%c%02lld.%%m.%%d", c, (long long)(D(self)->year - base));
}
SP_METHOD(d_jisx0301) { NOARGS; char f[32]; jisx0301_date(self, f, sizeof f); return fmtc(self, f); }
SP_METHOD(dt_jisx0301) { (void)blk; char f[32]; jisx0301_date(self, f, sizeof f); return iso_time(self, argc, argv, f); }

SP_METHOD(d_inspect)
{
    NOARGS;
    sp_date *d = D(self);
    sp_value s = is_dt(sp_obj_class(self)) ? dt_to_s(self, 0, NULL, SP_NIL) : d_to_s(self, 0, NULL, SP_NIL);
    char sg[32];
    if (isinf(d->sg)) snprintf(sg, sizeof sg, "%sInf", d->sg < 0 ? "-" : "");
    else snprintf(sg, sizeof sg, "%.0f", d->sg);
    sp_value r = sp_str_format("#<%s: ", sp_obj_classname(self));
    sp_str_append(r, s);
    sp_str_append(r, sp_str_format(" ((%lldj,%ds,%lldn),%+ds,%sj)>", (long long)d->jd, (int)d->df,
                                   (long long)d->sf, (int)d->of, sg));
    return r;
}

/* ---- conversions ----------------------------------------------------- */

SP_METHOD(d_to_date)
{
    NOARGS;
    if (!is_dt(sp_obj_class(self))) return self;
    sp_date *d = D(self);
    return date_make(sp_cDate, local_jd(d), 0, 0, 0, d->sg);
}

SP_METHOD(d_to_datetime)
{
    NOARGS;
    sp_date *d = D(self);
    if (is_dt(sp_obj_class(self))) return self;
    return date_make(sp_cDateTime, d->jd, d->df, d->sf, d->of, d->sg);
}

/* Gregorian fields (Time has no Julian calendar): the same instant. */
static void gregorian_fields(const sp_date *d, int64_t *y, int *m, int *dd)
{
    jd_to_civil(local_jd(d), -INFINITY, y, m, dd);
}

SP_METHOD(d_to_time)
{
    NOARGS;
    sp_date *d = D(self);
    int64_t y; int m, dd;
    gregorian_fields(d, &y, &m, &dd);
    if (!is_dt(sp_obj_class(self))) {
        sp_value a[3] = { sp_int_new(y), SP_FIX(m), SP_FIX(dd) };
        return sp_funcall(sp_cTime, sp_intern("local"), 3, a, SP_NIL);
    }
    /* Time.at(epoch, ns, :nsec, in: offset): exact to the nanosecond */
    sp_value kw = sp_hash_new();
    sp_hash_aset(kw, sp_sym("in"), SP_FIX(d->of));
    sp_value a[4] = { sp_int_new((d->jd - UNIX_EPOCH_JD) * 86400 + d->df), sp_int_new(d->sf), sp_sym("nsec"), kw };
    return sp_funcall(sp_cTime, sp_intern("at"), 4 | SP_ARGC_KW, a, SP_NIL);
}

/* Time#to_date / Time#to_datetime: the Time's local fields. */
static sp_value time_to(sp_value t, int datetime)
{
    sp_value a = sp_funcall0(t, "to_a");
    int64_t y = sp_num_to_long(sp_ary_entry(a, 5));
    int m = (int)sp_num_to_long(sp_ary_entry(a, 4)), dd = (int)sp_num_to_long(sp_ary_entry(a, 3));
    int64_t jd = civil_to_jd(y, m, dd, -INFINITY);
    if (!datetime) return date_make(sp_cDate, jd, 0, 0, 0, ITALY);
    int64_t secs = sp_num_to_long(sp_ary_entry(a, 2)) * 3600 + sp_num_to_long(sp_ary_entry(a, 1)) * 60 +
                   sp_num_to_long(sp_ary_entry(a, 0));
    int32_t of = (int32_t)sp_num_to_long(sp_funcall0(t, "utc_offset"));
    int64_t ns = sp_num_to_long(sp_funcall0(t, "nsec"));
    return date_make_local(sp_cDateTime, jd, secs, ns, of, ITALY);
}
SP_METHOD(t_to_date) { NOARGS; return time_to(self, 0); }
SP_METHOD(t_to_datetime) { NOARGS; return time_to(self, 1); }

SP_METHOD(d_deconstruct_keys)
{
    (void)argc_; (void)blk;
    sp_date *d = D(self);
    if (argv[0] != SP_NIL && !sp_ary_p(argv[0]))
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Array or nil)", sp_obj_classname(argv[0]));
    sp_value h = sp_hash_new();
    int dt = is_dt(sp_obj_class(self));
    static const char *const keys[] = { "year", "month", "day", "yday", "wday", "hour", "min", "sec",
                                        "sec_fraction", "zone", NULL };
    for (int i = 0; keys[i] && (dt || i < 5); i++) {
        sp_value k = sp_sym(keys[i]);
        if (argv[0] != SP_NIL) {
            int want = 0;
            for (long j = 0; j < sp_ary_len(argv[0]); j++) if (sp_ary_entry(argv[0], j) == k) want = 1;
            if (!want) continue;
        }
        sp_value v;
        switch (i) {
        case 0: v = sp_int_new(d->year); break;
        case 1: v = SP_FIX(d->mon); break;
        case 2: v = SP_FIX(d->mday); break;
        case 3: v = SP_FIX(yday_of(d)); break;
        case 4: v = SP_FIX(fmod64(local_jd(d) + 1, 7)); break;
        case 5: v = d_hour(self, 0, NULL, SP_NIL); break;
        case 6: v = d_min(self, 0, NULL, SP_NIL); break;
        case 7: v = d_sec(self, 0, NULL, SP_NIL); break;
        case 8: v = d_sec_fraction(self, 0, NULL, SP_NIL); break;
        default: v = d_zone(self, 0, NULL, SP_NIL); break;
        }
        sp_hash_aset(h, k, v);
    }
    return h;
}

SP_METHOD(d_init_copy)
{
    (void)argc_; (void)blk;
    sp_date *s = get_date(argv[0]);
    *D(self) = (sp_date){ D(self)->hdr, s->jd, s->df, s->of, s->sf, s->sg, s->year, s->mon, s->mday };
    return self;
}

/* Date.new is Date.civil; `initialize` is what subclasses' super reaches. */
SP_METHOD(d_initialize)
{
    (void)blk;
    sp_value d = civil_new(sp_obj_class(self), argc, argv, is_dt(sp_obj_class(self)));
    *D(self) = (sp_date){ D(self)->hdr, D(d)->jd, D(d)->df, D(d)->of, D(d)->sf, D(d)->sg, D(d)->year,
                          D(d)->mon, D(d)->mday };
    return SP_NIL;
}

/* ---- start-up -------------------------------------------------------- */

static sp_value frozen_names(const char *const *names, int n, int abbr, int nil_first)
{
    sp_value a = sp_ary_new();
    if (nil_first) sp_ary_push(a, SP_NIL);
    for (int i = nil_first; i < n + nil_first; i++) {
        const char *s = names[i];
        sp_ary_push(a, sp_str_new_frozen(s, abbr ? 3 : strlen(s)));
    }
    return sp_obj_freeze(a);
}

void sp_init_date(void)
{
    sp_value C = sp_cDate = sp_define_class("Date", sp_cObject);
    sp_include_module(C, sp_mComparable);
    sp_class_set_allocator(C, date_alloc);
    sp_eDateError = sp_define_class_under(C, "Error", sp_eArgError);
    sp_define_const(C, "ITALY", SP_FIX(2299161));
    sp_define_const(C, "ENGLAND", SP_FIX(2361222));
    sp_define_const(C, "JULIAN", sp_float_new(INFINITY));
    sp_define_const(C, "GREGORIAN", sp_float_new(-INFINITY));
    sp_define_const(C, "MONTHNAMES", frozen_names(month_names, 12, 0, 1));
    sp_define_const(C, "ABBR_MONTHNAMES", frozen_names(month_names, 12, 1, 1));
    sp_define_const(C, "DAYNAMES", frozen_names(day_names, 7, 0, 0));
    sp_define_const(C, "ABBR_DAYNAMES", frozen_names(day_names, 7, 1, 0));

    sp_define_singleton_method(C, "civil", d_s_civil, -1);
    sp_define_singleton_method(C, "jd", d_s_jd, -1);
    sp_define_singleton_method(C, "ordinal", d_s_ordinal, -1);
    sp_define_singleton_method(C, "commercial", d_s_commercial, -1);
    sp_define_singleton_method(C, "today", d_s_today, -1);
    sp_define_singleton_method(C, "valid_civil?", d_s_valid_civil, -1);
    sp_define_singleton_method(C, "valid_date?", d_s_valid_civil, -1);
    sp_define_singleton_method(C, "valid_ordinal?", d_s_valid_ordinal, -1);
    sp_define_singleton_method(C, "valid_commercial?", d_s_valid_commercial, -1);
    sp_define_singleton_method(C, "valid_jd?", d_s_valid_jd, -1);
    sp_define_singleton_method(C, "gregorian_leap?", d_s_gregorian_leap, 1);
    sp_define_singleton_method(C, "leap?", d_s_gregorian_leap, 1);
    sp_define_singleton_method(C, "julian_leap?", d_s_julian_leap, 1);
    sp_define_method(C, "initialize", d_initialize, -1);
    sp_define_private_method(C, "initialize_copy", d_init_copy, 1);

    static const struct { const char *name; sp_cfunc fn; int arity; } m[] = {
        { "year", d_year, 0 }, { "mon", d_mon, 0 }, { "month", d_mon, 0 }, { "mday", d_mday, 0 },
        { "day", d_mday, 0 }, { "jd", d_jd, 0 }, { "mjd", d_mjd, 0 }, { "ld", d_ld, 0 },
        { "ajd", d_ajd, 0 }, { "amjd", d_amjd, 0 }, { "day_fraction", d_day_fraction, 0 },
        { "wday", d_wday, 0 }, { "yday", d_yday, 0 }, { "start", d_start, 0 },
        { "cwyear", d_cwyear, 0 }, { "cweek", d_cweek, 0 }, { "cwday", d_cwday, 0 },
        { "sunday?", d_sunday, 0 }, { "monday?", d_monday, 0 }, { "tuesday?", d_tuesday, 0 },
        { "wednesday?", d_wednesday, 0 }, { "thursday?", d_thursday, 0 }, { "friday?", d_friday, 0 },
        { "saturday?", d_saturday, 0 }, { "julian?", d_julian, 0 }, { "gregorian?", d_gregorian, 0 },
        { "leap?", d_leap, 0 }, { "+", d_plus, 1 }, { "-", d_minus, 1 }, { ">>", d_rshift, 1 },
        { "<<", d_lshift, 1 }, { "next_day", d_next_day, -1 }, { "prev_day", d_prev_day, -1 },
        { "next_month", d_next_month, -1 }, { "prev_month", d_prev_month, -1 },
        { "next_year", d_next_year, -1 }, { "prev_year", d_prev_year, -1 }, { "succ", d_succ, 0 },
        { "next", d_succ, 0 }, { "new_start", d_new_start, -1 }, { "italy", d_italy, 0 },
        { "england", d_england, 0 }, { "julian", d_julian_cal, 0 }, { "gregorian", d_gregorian_cal, 0 },
        { "<=>", d_cmp, 1 }, { "==", d_eq, 1 }, { "===", d_eqq, 1 }, { "eql?", d_eql, 1 },
        { "hash", d_hash, 0 }, { "step", d_step, -1 }, { "upto", d_upto, 1 }, { "downto", d_downto, 1 },
        { "strftime", d_strftime, -1 }, { "to_s", d_to_s, 0 }, { "inspect", d_inspect, 0 },
        { "asctime", d_asctime, 0 }, { "ctime", d_asctime, 0 }, { "iso8601", d_iso8601, 0 },
        { "xmlschema", d_iso8601, 0 }, { "rfc3339", d_rfc3339, 0 }, { "rfc2822", d_rfc2822, 0 },
        { "rfc822", d_rfc2822, 0 }, { "httpdate", d_httpdate, 0 }, { "jisx0301", d_jisx0301, 0 },
        { "to_date", d_to_date, 0 }, { "to_datetime", d_to_datetime, 0 }, { "to_time", d_to_time, 0 },
        { "deconstruct_keys", d_deconstruct_keys, 1 },
    };
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) sp_define_method(C, m[i].name, m[i].fn, m[i].arity);
    sp_define_singleton_method(C, "new", d_s_civil, -1);

    sp_value T = sp_cDateTime = sp_define_class("DateTime", C);
    sp_define_singleton_method(T, "now", dt_s_now, -1);
    sp_undef_method(sp_singleton_class(T), "today");
    static const struct { const char *name; sp_cfunc fn; int arity; } t[] = {
        { "hour", d_hour, 0 }, { "min", d_min, 0 }, { "minute", d_min, 0 }, { "sec", d_sec, 0 },
        { "second", d_sec, 0 }, { "sec_fraction", d_sec_fraction, 0 },
        { "second_fraction", d_sec_fraction, 0 }, { "offset", d_offset, 0 }, { "zone", d_zone, 0 },
        { "new_offset", dt_new_offset, -1 }, { "to_s", dt_to_s, 0 }, { "iso8601", dt_iso8601, -1 },
        { "xmlschema", dt_iso8601, -1 }, { "rfc3339", dt_iso8601, -1 }, { "jisx0301", dt_jisx0301, -1 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) sp_define_method(T, t[i].name, t[i].fn, t[i].arity);

    sp_define_method(sp_cTime, "to_date", t_to_date, 0);
    sp_define_method(sp_cTime, "to_datetime", t_to_datetime, 0);
    sp_date_parse_init(C, T);
}

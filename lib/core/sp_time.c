/*
 * sp_time.c — Time.
 *
 * Representation: sp_time {hdr, sec, nsec, off, mode, frac, offr, zone}:
 * seconds since the Epoch (int64), the fraction of the second floored to
 * nanoseconds (0..999999999), the UTC offset in seconds in effect for this
 * instant, and the mode: UTC, local (the process TZ via localtime_r; off is
 * computed on first use), a fixed offset ("+09:00"), or a timezone object
 * (CRuby's protocol: zone.utc_to_local / zone.local_to_utc; off computed
 * when the time is made).  The instant is exact, as CRuby's: when the
 * fraction is not a whole number of nanoseconds (Time.at(0.1),
 * Time.at(Rational(1, 3))) `frac` holds it exactly (a Rational in (0, 1)),
 * else frac is nil and nsec is exact.  `offr` is a fixed offset that is
 * not a whole number of seconds (a Rational; off is its floor), else nil.
 * `zone` is the timezone object (zone mode), the zone name a marshaled
 * fixed-offset time carried, or the name of the TZ a local time made from
 * calendar fields was made in (else nil).  Exact arithmetic goes through GMP
 * rationals (mpq); whole-second steps on nanosecond times stay in integers.
 * Calendar fields come from gmtime_r(sec + off), so every accessor is O(1)
 * with no allocation; strftime builds one String.  Time#utc/#localtime
 * mutate the receiver like CRuby.  Process functions live in sp_process.c
 * and are registered from sp_init_time.
 */
#include "spinel.h"
#include "sp_numeric.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_strftime.h"

#include <gc/gc_typed.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

void sp_process_init(void);   /* sp_process.c */

enum { TM_LOCAL, TM_UTC, TM_FIXED, TM_ZONE };

typedef struct sp_time {
    sp_header hdr;
    int64_t sec;
    int32_t nsec;
    int32_t off;
    int mode;
    sp_value frac;   /* nil, or the exact fraction (Rational) when nsec is not */
    sp_value offr;   /* nil, or the exact non-integer offset (Rational) */
    sp_value zone;   /* TM_ZONE: the timezone object; TM_FIXED: a zone name or nil;
                        TM_LOCAL: the zone name when made from calendar fields, or nil */
} sp_time;

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
 * the pointer fields: epoch seconds (~1.7e9) and nanoseconds otherwise
 * look like heap addresses to the conservative collector and kept garbage
 * alive (Time.now was 8x slower than Time.at(5)). */
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
    t->frac = t->offr = t->zone = SP_NIL;
    return (sp_value)t;
}

/* A copy of src's instant and zone (class klass). */
static sp_value time_dup(sp_value klass, const sp_time *src)
{
    sp_value c = time_make(klass, src->sec, src->nsec, src->mode, src->off);
    T(c)->frac = src->frac; T(c)->offr = src->offr; T(c)->zone = src->zone;
    return c;
}

static sp_value ascii_str(const char *s)
{
    sp_value v = sp_str_new_cstr(s);
    SP_HDR(v)->flags |= SP_STR_USASCII;
    return v;
}

/* ---- exact instants ------------------------------------------------ */

/* q = the exact instant of t (seconds since the Epoch). */
static void time_q(const sp_time *t, mpq_t q)
{
    if (t->frac != SP_NIL) sp_rational_to_mpq(t->frac, q);
    else { mpq_set_si(q, t->nsec, 1000000000); mpq_canonicalize(q); }
    mpq_t s; mpq_init(s);
    mpq_set_si(s, (long)t->sec, 1);
    mpq_add(q, q, s);
}

/* The fraction of the second, exact: 0 or a Rational. */
static sp_value time_subsec(const sp_time *t)
{
    if (t->frac != SP_NIL) return t->frac;
    if (!t->nsec) return SP_FIX(0);
    return sp_rational_new(SP_FIX(t->nsec), SP_FIX(1000000000));
}

/* Sets t's instant to q (canonical). */
static void time_set_q(sp_time *t, mpq_t q)
{
    mpz_t s, r, n; mpz_init(s); mpz_init(r); mpz_init(n);
    mpz_fdiv_qr(s, r, mpq_numref(q), mpq_denref(q));
    if (!mpz_fits_slong_p(s)) sp_raise(sp_eRangeError, "time out of range");
    t->sec = mpz_get_si(s);
    mpz_mul_ui(n, r, 1000000000u);
    mpz_fdiv_qr(n, s, n, mpq_denref(q));
    t->nsec = (int32_t)mpz_get_si(n);
    t->frac = SP_NIL;
    if (mpz_sgn(s) == 0) return;
    mpq_t f; mpq_init(f);
    mpz_set(mpq_numref(f), r);
    mpz_set(mpq_denref(f), mpq_denref(q));   /* gcd(r, den) == gcd(num, den) == 1 */
    t->frac = sp_rational_from_mpq(f);
}

/* Sets t's instant to sec + sub (sub: 0 or a Rational in [0, 1)). */
static void time_set_sec_sub(sp_time *t, int64_t sec, sp_value sub)
{
    if (sub == SP_FIX(0)) { t->sec = sec; t->nsec = 0; t->frac = SP_NIL; return; }
    mpq_t q, s; mpq_init(q); mpq_init(s);
    sp_rational_to_mpq(sub, q);
    mpq_set_si(s, (long)sec, 1);
    mpq_add(q, q, s);
    time_set_q(t, q);
}

static SP_NORETURN void exact_fail(sp_value v)
{
    sp_raise(sp_eTypeError, "can't convert %s into an exact number", sp_obj_classname(v));
}

/* CRuby's num_exact: an Integer, a Rational, a Float (exactly), an object
 * with #to_r (used only when it also has #to_int, so a String or a Time is
 * refused) or one with #to_int. */
static void num_exact(sp_value v, mpq_t q)
{
    if (sp_integer_p(v) || sp_rational_p(v)) { sp_rational_to_mpq(v, q); return; }
    if (sp_float_p(v)) {
        double d = sp_flo(v);
        if (isnan(d) || isinf(d)) sp_raise(sp_eFloatDomainError, "%s", isnan(d) ? "NaN" : d < 0 ? "-Infinity" : "Infinity");
        mpq_set_d(q, d);
        return;
    }
    if (v == SP_NIL || sp_str_p(v)) exact_fail(v);
    if (sp_respond_to(v, sp_intern("to_r"), 1)) {
        sp_value r = sp_funcall0(v, "to_r");
        if (sp_respond_to(v, sp_intern("to_int"), 1) && (sp_integer_p(r) || sp_rational_p(r))) {
            sp_rational_to_mpq(r, q);
            return;
        }
        exact_fail(v);
    }
    sp_value i = sp_try_convert(v, sp_cInteger, "to_int");
    if (i == SP_NIL) exact_fail(v);
    sp_rational_to_mpq(i, q);
}

static int64_t q_floor(mpq_t q)
{
    mpz_t z; mpz_init(z);
    mpz_fdiv_q(z, mpq_numref(q), mpq_denref(q));
    if (!mpz_fits_slong_p(z)) sp_raise(sp_eRangeError, "time out of range");
    return mpz_get_si(z);
}

/* ---- offsets and timezone objects ---------------------------------- */

#define OFF_UTC (INT32_MIN + 1)    /* "UTC", "Z", "-00:00" */
#define OFF_NONE (INT32_MIN + 2)   /* not an offset string */

static int two_digits(const char *p) { return p[0] >= '0' && p[0] <= '9' && p[1] >= '0' && p[1] <= '9'; }

/* CRuby's utc_offset_arg for a String: "+HH", "+HHMM", "+HHMMSS",
 * "+HH:MM", "+HH:MM:SS", "UTC", "Z" and the military letters. */
static int32_t str_offset(sp_value str)
{
    size_t n = sp_str_len(str);
    const char *s = sp_str_ptr(str), *min = NULL, *sec = NULL;
    if (n == 1) {
        char c = s[0];
        if (c == 'Z') return OFF_UTC;
        if (c >= 'A' && c <= 'I') return (c - 'A' + 1) * 3600;
        if (c >= 'K' && c <= 'M') return (c - 'A') * 3600;
        if (c >= 'N' && c <= 'Y') return ('M' - c) * 3600;
        return OFF_NONE;
    }
    switch (n) {
    case 3: if (!strncasecmp(s, "UTC", 3)) return OFF_UTC; break;
    case 7: sec = s + 5; /* fallthrough */
    case 5: min = s + 3; break;
    case 9: if (s[6] != ':') return OFF_NONE; sec = s + 7; /* fallthrough */
    case 6: if (s[3] != ':') return OFF_NONE; min = s + 4; break;
    default: return OFF_NONE;
    }
    int32_t o = 0;
    if (sec) {
        if (!two_digits(sec) || sec[0] > '5') return OFF_NONE;
        o += (sec[0] - '0') * 10 + (sec[1] - '0');
    }
    if (min) {
        if (!two_digits(min) || min[0] > '5') return OFF_NONE;
        o += ((min[0] - '0') * 10 + (min[1] - '0')) * 60;
    }
    if ((s[0] != '+' && s[0] != '-') || !two_digits(s + 1)) return OFF_NONE;
    o += ((s[1] - '0') * 10 + (s[2] - '0')) * 3600;
    if (s[0] == '-') { if (o == 0) return OFF_UTC; o = -o; }
    return o;
}

static SP_NORETURN void offset_range(void) { sp_raise(sp_eArgError, "utc_offset out of range"); }

static SP_NORETURN void invalid_offset(sp_value arg)
{
    sp_raise(sp_eArgError, "\"+HH:MM\", \"-HH:MM\", \"UTC\" or \"A\"..\"I\",\"K\"..\"Z\" expected for utc_offset: %s",
             sp_str_cstr(sp_to_s(arg)));
}

/* A UTC offset argument: 0 for UTC, 1 for an offset (*off, and *offr when
 * not whole), -1 for a String that is not an offset; TypeError when not a
 * number. */
static int offset_arg(sp_value v, int32_t *off, sp_value *offr)
{
    *offr = SP_NIL;
    sp_value s = SP_FIXNUM_P(v) ? SP_NIL : sp_try_convert(v, sp_cString, "to_str");
    if (s != SP_NIL) {
        int32_t o = str_offset(s);
        if (o == OFF_NONE) return -1;
        if (o == OFF_UTC) { *off = 0; return 0; }
        if (o <= -86400 || o >= 86400) offset_range();
        *off = o;
        return 1;
    }
    mpq_t q; mpq_init(q);
    num_exact(v, q);
    mpq_t lim; mpq_init(lim);
    mpq_set_si(lim, 86400, 1);
    if (mpq_cmp(q, lim) >= 0) offset_range();
    mpq_set_si(lim, -86400, 1);
    if (mpq_cmp(q, lim) <= 0) offset_range();
    *off = (int32_t)q_floor(q);
    if (mpz_cmp_ui(mpq_denref(q), 1) != 0) *offr = sp_rational_from_mpq(q);
    return 1;
}

/* Seconds of what utc_to_local (local) or local_to_utc returned: a Time
 * (its instant; plus its offset when fixed, for local), an Integer, or
 * anything with #to_i. */
static int64_t zone_result(sp_value r, int local)
{
    if (time_p(r)) return T(r)->sec + (local && T(r)->mode == TM_FIXED ? T(r)->off : 0);
    if (sp_integer_p(r)) return sp_num_to_long(r);
    return sp_num_to_long(sp_funcall0(r, "to_i"));
}

static void set_zone_off(sp_time *t, sp_value zone, int64_t o)
{
    if (o <= -86400 || o >= 86400) offset_range();
    t->mode = TM_ZONE; t->off = (int32_t)o; t->offr = SP_NIL; t->zone = zone;
}

/* The UTC Time (whole seconds) passed to a timezone object's methods. */
static sp_value zone_tm(int64_t sec) { return time_make(sp_cTime, sec, 0, TM_UTC, 0); }

/* t's instant in zone (zone.utc_to_local); 0 when zone has no such method. */
static int zone_localtime(sp_time *t, sp_value zone)
{
    if (!sp_respond_to(zone, sp_intern("utc_to_local"), 1)) return 0;
    sp_value r = sp_funcall1(zone, "utc_to_local", zone_tm(t->sec));
    set_zone_off(t, zone, zone_result(r, 1) - t->sec);
    return 1;
}

/* Wall clock `wall` (+ sub) in zone (zone.local_to_utc); 0 when zone has
 * no such method. */
static int zone_timelocal(sp_time *t, sp_value zone, int64_t wall, sp_value sub)
{
    if (!sp_respond_to(zone, sp_intern("local_to_utc"), 1)) return 0;
    sp_value r = sp_funcall1(zone, "local_to_utc", zone_tm(wall));
    int64_t utc = zone_result(r, 0);
    set_zone_off(t, zone, wall - utc);
    time_set_sec_sub(t, utc, sub);
    return 1;
}

/* klass.find_timezone(name) when the class defines it, else nil. */
static sp_value find_timezone(sp_value klass, sp_value name)
{
    if (!sp_respond_to(klass, sp_intern("find_timezone"), 1)) return SP_NIL;
    return sp_funcall1(klass, "find_timezone", name);
}

static void set_fixed(sp_time *t, int kind, int32_t off, sp_value offr)
{
    t->zone = SP_NIL; t->offr = offr;
    if (kind == 0) { t->mode = TM_UTC; t->off = 0; }
    else { t->mode = TM_FIXED; t->off = off; }
}

/* CRuby's time_zonelocal: the instant of self seen in `arg` (a timezone
 * object, an offset, or a zone name the class's find_timezone knows). */
static void time_zonelocal(sp_value self, sp_value arg)
{
    sp_time *t = T(self);
    if (zone_localtime(t, arg)) return;
    int32_t off; sp_value offr;
    int k = offset_arg(arg, &off, &offr);
    if (k < 0) {
        sp_value z = find_timezone(sp_obj_class(self), arg);
        if (z == SP_NIL || !zone_localtime(t, z)) invalid_offset(arg);
        return;
    }
    set_fixed(t, k, off, offr);
}

/* Wall clock `wall` + sub seen in zone `arg` (nil: local time) -> t. */
static void time_wall_in(sp_time *t, sp_value klass, int64_t wall, sp_value sub, sp_value arg);

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
    if (zone != SP_NIL) time_zonelocal(t, zone);
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
        r = time_dup(self, T(argv[0]));
    } else if (SP_FIXNUM_P(argv[0]) && n == 1) {
        r = time_make(self, SP_FIX2LONG(argv[0]), 0, TM_LOCAL, 0);
    } else {
        mpq_t q; mpq_init(q);
        num_exact(argv[0], q);
        if (n >= 2) {
            long scale = 1000000;   /* microseconds by default */
            if (n == 3) {
                const char *u = SP_SYMBOL_P(argv[2]) ? sp_id_name(SP_SYM2ID(argv[2])) : "";
                if (!strcmp(u, "millisecond")) scale = 1000;
                else if (!strcmp(u, "usec") || !strcmp(u, "microsecond")) scale = 1000000;
                else if (!strcmp(u, "nsec") || !strcmp(u, "nanosecond")) scale = 1000000000;
                else sp_raise(sp_eArgError, "unexpected unit: %s", *u ? u : sp_str_cstr(sp_to_s(argv[2])));
            }
            mpq_t s, d; mpq_init(s); mpq_init(d);
            num_exact(argv[1], s);
            mpq_set_si(d, scale, 1);
            mpq_div(s, s, d);
            mpq_add(q, q, s);
        }
        r = time_make(self, 0, 0, TM_LOCAL, 0);
        time_set_q(T(r), q);
    }
    return apply_zone(r, zone);
}

/* ---- calendar arguments (CRuby's time_arg) ------------------------- */

/* A String through Integer() (strict, base 10); other values as they are. */
static sp_value str_int(sp_value v)
{
    if (!sp_str_p(v)) return v;
    sp_value r = sp_cstr_to_inum(sp_str_ptr(v), sp_str_len(v), 10, 1);
    if (r == SP_UNDEF) sp_raise(sp_eArgError, "invalid value for Integer(): %s", sp_str_cstr(sp_inspect(v)));
    return r;
}

/* CRuby's obj2ubits: a small unsigned field, "argument out of range" past
 * `bits` bits. */
static int obj2ubits(sp_value v, int bits)
{
    int64_t x = sp_num_to_long(str_int(v));
    if (x < 0 || x >= (INT64_C(1) << bits)) sp_raise(sp_eArgError, "argument out of range");
    return (int)x;
}

static int month_arg(sp_value v)
{
    if (SP_FIXNUM_P(v)) return obj2ubits(v, 4);
    sp_value s = sp_try_convert(v, sp_cString, "to_str");
    if (s != SP_NIL && sp_str_len(s) > 0) {
        if (sp_str_len(s) == 3)
            for (int i = 0; i < 12; i++)
                if (!strncasecmp(sp_str_ptr(s), mon_names[i], 3)) return i + 1;
        v = s;
    }
    return obj2ubits(v, 4);
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

/* Calendar arguments (year, mon, mday, hour, min, sec[, usec]) or the ten
 * of Time#to_a -> seconds as if UTC; *sub gets the exact fraction (0 or a
 * Rational).  CRuby's checks and messages. */
static int64_t civil_wall(int argc, const sp_value *argv, sp_value *sub)
{
    sp_value v[7] = { SP_NIL, SP_NIL, SP_NIL, SP_NIL, SP_NIL, SP_NIL, SP_NIL };
    if (argc == 10) {
        for (int i = 0; i < 6; i++) v[i] = argv[5 - i];
    } else {
        for (int i = 0; i < argc && i < 7; i++) v[i] = argv[i];
    }
    int64_t y = sp_num_to_long(str_int(v[0]));
    int mon = v[1] == SP_NIL ? 1 : month_arg(v[1]);
    int mday = v[2] == SP_NIL ? 1 : obj2ubits(v[2], 5);
    int hour = v[3] == SP_NIL ? 0 : obj2ubits(v[3], 5);
    int min = v[4] == SP_NIL ? 0 : obj2ubits(v[4], 6);
    int sec = 0;
    *sub = SP_FIX(0);
    if (argc == 7 && v[6] != SP_NIL) {
        sec = v[5] == SP_NIL ? 0 : obj2ubits(v[5], 6);
        mpq_t q, d; mpq_init(q); mpq_init(d);
        num_exact(str_int(v[6]), q);
        mpq_set_si(d, 1000000, 1);
        mpq_div(q, q, d);
        mpq_set_si(d, 1, 1);
        if (mpq_sgn(q) < 0 || mpq_cmp(q, d) >= 0) sp_raise(sp_eArgError, "subsecx out of range");
        if (mpq_sgn(q)) *sub = sp_rational_from_mpq(q);
    } else if (v[5] != SP_NIL) {
        if (sp_str_p(v[5])) sec = obj2ubits(v[5], 6);
        else {
            mpq_t q; mpq_init(q);
            num_exact(v[5], q);
            int64_t s = q_floor(q);
            mpq_t f; mpq_init(f);
            mpq_set_si(f, (long)s, 1);
            mpq_sub(q, q, f);
            sec = obj2ubits(sp_int_new(s), 6);
            if (mpq_sgn(q)) *sub = sp_rational_from_mpq(q);
        }
    }
    if (mon < 1 || mon > 12) sp_raise(sp_eArgError, "mon out of range");
    if (mday < 1 || mday > 31) sp_raise(sp_eArgError, "mday out of range");
    if (hour > 24) sp_raise(sp_eArgError, "hour out of range");
    if (min > (hour == 24 ? 0 : 59)) sp_raise(sp_eArgError, "min out of range");
    if (sec > (hour == 24 ? 0 : 60)) sp_raise(sp_eArgError, "sec out of range");
    /* a day past the month's end rolls into the next month (Feb 30 -> Mar 1/2) */
    return days_from_civil(y, mon, 1) * 86400 + (int64_t)(mday - 1) * 86400 + hour * 3600 + min * 60 + sec;
}

/* civil_wall of six Integers (the parsers below) */
static int64_t civil6(const int64_t f[6])
{
    sp_value a[6], sub;
    for (int i = 0; i < 6; i++) a[i] = sp_int_new(f[i]);
    return civil_wall(6, a, &sub);
}

static void civil_arity(int argc)
{
    if (argc < 1 || (argc > 8 && argc != 10)) sp_raise_arity(argc, 1, 8);
}

SP_METHOD(t_s_utc)
{
    (void)blk;
    civil_arity(argc);
    sp_value sub;
    int64_t wall = civil_wall(argc, argv, &sub);
    sp_value t = time_make(self, 0, 0, TM_UTC, 0);
    time_set_sec_sub(T(t), wall, sub);
    return t;
}

/* Local wall clock -> epoch seconds via mktime (DST resolved by libc;
 * isdst 0/1 picks the standard or daylight reading of a wall clock that
 * occurs twice, -1 lets libc choose).  *off: the offset then, computed now
 * (the TZ in effect when the time is made, as CRuby). */
static int64_t local_to_epoch(int64_t wall, int isdst, int32_t *off, sp_value *zone)
{
    time_t w = (time_t)wall;
    struct tm tm, want;
    gmtime_r(&w, &want);
    tm = want;
    tm.tm_isdst = -1;
    time_t r = mktime(&tm);
    if (isdst >= 0 && tm.tm_isdst != isdst) {
        struct tm alt = want;
        alt.tm_isdst = isdst;
        time_t r2 = mktime(&alt);
        if (alt.tm_isdst == isdst && alt.tm_hour == want.tm_hour && alt.tm_min == want.tm_min) { r = r2; tm = alt; }
    }
    if (off) *off = (int32_t)tm.tm_gmtoff;
    if (zone) *zone = tm.tm_zone ? ascii_str(tm.tm_zone) : SP_NIL;
    return (int64_t)r;
}

SP_METHOD(t_s_local)
{
    (void)blk;
    civil_arity(argc);
    sp_value sub;
    int64_t wall = civil_wall(argc, argv, &sub);
    sp_value t = time_make(self, 0, 0, TM_LOCAL, 0);
    time_set_sec_sub(T(t), local_to_epoch(wall, argc == 10 ? SP_RTEST(argv[8]) : -1, &T(t)->off, &T(t)->zone), sub);
    return t;
}

static void time_wall_in(sp_time *t, sp_value klass, int64_t wall, sp_value sub, sp_value arg)
{
    if (arg == SP_NIL) {
        int32_t off; sp_value zname;
        time_set_sec_sub(t, local_to_epoch(wall, -1, &off, &zname), sub);
        t->mode = TM_LOCAL; t->off = off; t->zone = zname;
        return;
    }
    if (zone_timelocal(t, arg, wall, sub)) return;
    int32_t off; sp_value offr;
    int k = offset_arg(arg, &off, &offr);
    if (k < 0) {
        sp_value z = find_timezone(klass, arg);
        if (z == SP_NIL || !zone_timelocal(t, z, wall, sub)) invalid_offset(arg);
        return;
    }
    set_fixed(t, k, off, offr);
    if (offr == SP_NIL) { time_set_sec_sub(t, wall - off, sub); return; }
    mpq_t q, o; mpq_init(q); mpq_init(o);
    sp_rational_to_mpq(sub, q);
    sp_rational_to_mpq(offr, o);
    mpq_sub(q, q, o);
    mpq_set_si(o, (long)wall, 1);
    mpq_add(q, q, o);
    time_set_q(t, q);
}

/* CRuby's two_digits of Time.new(String): exactly two digits at p. */
static int parse_two(const char *p, const char *e, const char **endp, const char *name)
{
    ptrdiff_t len = e - p;
    if (len < 2 || !two_digits(p) || (len > 2 && p[2] >= '0' && p[2] <= '9')) {
        char after[16] = "";
        if (p[-1] == '-' || p[-1] == ':') snprintf(after, sizeof after, " after '%c'", p[-1]);
        sp_raise(sp_eArgError, "two digits %s is expected%s: %.*s", name, after,
                 (int)((len > 10 ? 10 : len) + 1), p - 1);
    }
    *endp = p + 2;
    return (p[0] - '0') * 10 + (p[1] - '0');
}

static int parse_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* Time.new("2024-01-02 03:04:05[.frac][ zone]", in:, precision:) (CRuby
 * 3.3+'s time_init_parse), or a bare year "2024".  zone: the in: keyword,
 * used when the string has none; prec: digits of the fraction kept. */
static sp_value time_parse(sp_value klass, sp_value str, sp_value zone, size_t prec)
{
    if (!SP_RTEST(sp_funcall0(sp_funcall0(str, "encoding"), "ascii_compatible?")))
        sp_raise(sp_eArgError, "time string should have ASCII compatible encoding");
    const char *begin = sp_str_ptr(str), *end = begin + sp_str_len(str), *p = begin;
    int64_t f[6] = { 0, 1, 1, 0, 0, 0 };
    int hour = -1;
    sp_value sub = SP_FIX(0);
    if (p < end && (parse_space(*p) || parse_space(end[-1]))) goto bad;
    const char *y0 = p;
    if (p < end && (*p == '-' || *p == '+')) p++;
    const char *d0 = p;
    while (p < end && *p >= '0' && *p <= '9') p++;
    if (p == d0) goto bad;
    if (p - d0 < 4) sp_raise(sp_eArgError, "year must be 4 or more digits: %.*s", (int)(p - d0), d0);
    f[0] = strtoll(y0, NULL, 10);
    if (p == end) goto only_year;
    {
        do {
            if (*p != '-') break;
            f[1] = parse_two(p + 1, end, &p, "mon");
            if (f[1] > 15) sp_raise(sp_eArgError, "mon out of range");
            if (p >= end || *p != '-') break;
            f[2] = parse_two(p + 1, end, &p, "mday");
            if (f[2] > 31) sp_raise(sp_eArgError, "mday out of range");
            if (p >= end || (*p != ' ' && *p != 'T')) break;
            const char *tp = p + 1;
            if (!(end - p > 1 && p[1] >= '0' && p[1] <= '9')) break;
            f[3] = hour = parse_two(p + 1, end, &p, "hour");
            if (hour > 31) sp_raise(sp_eArgError, "hour out of range");
            static const char *const what[2] = { "min", "sec" };
            for (int i = 0; i < 2; i++) {
                if (p < end && *p == '.')
                    sp_raise(sp_eArgError, "fraction %s is not supported: %.*s", i ? "min" : "hour", (int)(p + 1 - tp), tp);
                if (p >= end || *p != ':')
                    sp_raise(sp_eArgError, "missing %s part: %.*s", what[i], (int)(p + 1 - tp), tp);
                f[4 + i] = parse_two(p + 1, end, &p, what[i]);
                if (f[4 + i] > 63) sp_raise(sp_eArgError, "%s out of range", what[i]);
            }
            if (p < end && *p == '.') {
                p++;
                size_t nd = 0;
                while (nd < prec && p + nd < end && p[nd] >= '0' && p[nd] <= '9') nd++;
                if (!nd) sp_raise(sp_eArgError, "subsecond expected after dot: %.*s", (int)(p - tp) + (p < end), tp);
                mpq_t q; mpq_init(q);
                sp_rational_to_mpq(sp_cstr_to_inum(p, nd, 10, 1), q);
                mpz_ui_pow_ui(mpq_denref(q), 10, (unsigned long)nd);
                mpq_canonicalize(q);
                if (mpq_sgn(q)) sub = sp_rational_from_mpq(q);
                p += nd;
                while (p < end && *p >= '0' && *p <= '9') p++;
            }
        } while (0);
    }
    while (p < end && parse_space(*p)) p++;
    const char *zs = p;
    while (p < end && !parse_space(*p)) p++;
    const char *ze = p;
    while (p < end && parse_space(*p)) p++;
    if (p < end) sp_raise(sp_eArgError, "can't parse at: %.*s", (int)(end - p), p);
    if (ze > zs) zone = sp_str_new(zs, (size_t)(ze - zs));
    else if (hour < 0) sp_raise(sp_eArgError, "no time information");
only_year:;
    int64_t wall = civil6(f);
    sp_value t = time_make(klass, 0, 0, TM_LOCAL, 0);
    time_wall_in(T(t), klass, wall, sub, zone);
    return t;
bad:
    sp_raise(sp_eArgError, "can't parse: %s", sp_str_cstr(sp_inspect(str)));
}

/* Time.new / Time.new(y, m, d, h, mi, s, zone, in: zone) */
SP_METHOD(t_s_new)
{
    (void)blk;
    int n; sp_value zone = kw_in(argc_, argv, &n);
    size_t prec = 9;
    if (n < SP_ARGC(argc_)) {   /* precision: digits of a String's fraction */
        sp_value pv = sp_hash_lookup(argv[n], sp_sym("precision"), SP_UNDEF);
        if (pv == SP_NIL) prec = SIZE_MAX;
        else if (pv != SP_UNDEF) {
            if (!sp_integer_p(pv) && !sp_float_p(pv) && sp_try_convert(pv, sp_cInteger, "to_int") == SP_NIL)
                sp_raise(sp_eTypeError, "no implicit conversion of %s into Integer", sp_obj_classname(pv));
            int64_t x = sp_num_to_long(pv);
            prec = x < 0 ? SIZE_MAX : (size_t)x;
        }
    }
    if (n == 0) return apply_zone(now_value(self), zone);
    if (n == 1 && sp_str_p(argv[0])) return time_parse(self, argv[0], zone, prec);
    if (n > 7) sp_raise_arity(n, 0, 7);
    if (n == 7) {
        if (zone != SP_NIL) sp_raise(sp_eArgError, "timezone argument given as positional and keyword arguments");
        zone = argv[6];
        n = 6;
    }
    sp_value sub;
    int64_t wall = civil_wall(n, argv, &sub);
    sp_value t = time_make(self, 0, 0, TM_LOCAL, 0);
    time_wall_in(T(t), self, wall, sub, zone);
    return t;
}

/* ---- accessors ---------------------------------------------------- */

/* Seconds of the wall clock (as if UTC). */
static int64_t wall_sec(sp_time *t)
{
    if (t->offr == SP_NIL) return t->sec + tm_off(t);
    mpq_t q, o; mpq_init(q); mpq_init(o);
    time_q(t, q);
    sp_rational_to_mpq(t->offr, o);
    mpq_add(q, q, o);
    return q_floor(q);
}

static void time_tm(sp_time *t, struct tm *tm)
{
    time_t x = (time_t)wall_sec(t);
    gmtime_r(&x, tm);
}

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

SP_METHOD(t_subsec) { UNUSED; return time_subsec(T(self)); }
SP_METHOD(t_usec) { UNUSED; return SP_FIX(T(self)->nsec / 1000); }
SP_METHOD(t_nsec) { UNUSED; return SP_FIX(T(self)->nsec); }
SP_METHOD(t_to_i) { UNUSED; return sp_int_new(T(self)->sec); }
SP_METHOD(t_to_f)
{
    UNUSED;
    sp_time *t = T(self);
    if (!t->nsec && t->frac == SP_NIL) return sp_float_new((double)t->sec);
    mpq_t q; mpq_init(q);
    time_q(t, q);
    return sp_float_new(sp_rational_to_double(sp_rational_from_mpq(q)));
}
SP_METHOD(t_to_r)
{
    UNUSED;
    mpq_t q; mpq_init(q);
    time_q(T(self), q);
    return sp_rational_from_mpq(q);
}
SP_METHOD(t_utc_offset)
{
    UNUSED;
    return T(self)->offr != SP_NIL ? T(self)->offr : SP_FIX(tm_off(T(self)));
}
SP_METHOD(t_utc_p) { UNUSED; return SP_BOOL(T(self)->mode == TM_UTC); }

/* The wall clock as a UTC Time: what CRuby passes to a timezone object's
 * dst?/abbr. */
static sp_value wall_tm(sp_time *t) { return zone_tm(wall_sec(t)); }

SP_METHOD(t_isdst)
{
    UNUSED;
    sp_time *t = T(self);
    if (t->mode == TM_ZONE) {
        if (!sp_respond_to(t->zone, sp_intern("dst?"), 1)) return SP_FALSE;
        return SP_BOOL(SP_RTEST(sp_funcall1(t->zone, "dst?", wall_tm(t))));
    }
    if (t->mode != TM_LOCAL) return SP_FALSE;
    time_t x = (time_t)t->sec;
    struct tm tm;
    localtime_r(&x, &tm);
    return SP_BOOL(tm.tm_isdst > 0);
}


static sp_value zone_value(sp_time *t)
{
    if (t->mode == TM_UTC) return ascii_str("UTC");
    if (t->mode == TM_FIXED || t->mode == TM_ZONE || t->zone != SP_NIL) return t->zone;
    time_t x = (time_t)t->sec;
    struct tm tm;
    localtime_r(&x, &tm);
    return tm.tm_zone ? ascii_str(tm.tm_zone) : SP_NIL;
}
SP_METHOD(t_zone) { UNUSED; return zone_value(T(self)); }

/* %Z's text: the zone name, or a timezone object's abbr(tm), name or to_s. */
static sp_value zone_abbr(sp_time *t)
{
    sp_value z = zone_value(t);
    if (z == SP_NIL || sp_str_p(z)) return z;
    if (sp_respond_to(z, sp_intern("abbr"), 1)) return sp_to_s(sp_funcall1(z, "abbr", wall_tm(t)));
    if (sp_respond_to(z, sp_intern("name"), 1)) {
        sp_value n = sp_funcall0(z, "name");
        if (n != SP_NIL) return sp_to_s(n);
    }
    return sp_to_s(z);
}

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
    sp_time *t = T(self);
    if (t->mode != TM_UTC) { sp_check_frozen(self); set_fixed(t, 0, 0, SP_NIL); }
    return self;
}
SP_METHOD(t_getutc)
{
    UNUSED;
    sp_value c = time_dup(sp_obj_class(self), T(self));
    set_fixed(T(c), 0, 0, SP_NIL);
    return c;
}

static int same_zone(const sp_time *a, const sp_time *b)
{
    return a->mode == b->mode && a->off == b->off && (a->mode == TM_LOCAL || a->zone == b->zone)
        && sp_equal(a->offr, b->offr);
}

SP_METHOD(t_localtime)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    sp_time *t = T(self);
    if (t->mode == TM_LOCAL) {   /* already local: kept as it is (CRuby) */
        tm_off(t);
        if (argc == 0 || argv[0] == SP_NIL) return self;
    }
    sp_value c = time_dup(sp_obj_class(self), t);
    if (argc == 1 && argv[0] != SP_NIL) time_zonelocal(c, argv[0]);
    else { T(c)->mode = TM_LOCAL; T(c)->zone = T(c)->offr = SP_NIL; T(c)->off = local_off(t->sec); }
    if (!same_zone(t, T(c))) {
        sp_check_frozen(self);
        t->mode = T(c)->mode; t->off = T(c)->off; t->offr = T(c)->offr; t->zone = T(c)->zone;
    }
    return self;
}
SP_METHOD(t_getlocal)
{
    sp_value c = time_dup(sp_obj_class(self), T(self));
    return t_localtime(c, argc_, argv, blk);
}

/* ---- arithmetic and comparison ----------------------------------- */

/* self + sign * v, a plain Time in self's zone. */
static sp_value time_add(sp_value self, sp_value v, int sign)
{
    sp_time *t = T(self);
    sp_value r = time_dup(sp_cTime, t);
    if (SP_FIXNUM_P(v) && t->frac == SP_NIL) {
        T(r)->sec += sign * SP_FIX2LONG(v);
    } else {
        mpq_t a, b; mpq_init(a); mpq_init(b);
        time_q(t, a);
        num_exact(v, b);
        if (sign > 0) mpq_add(a, a, b); else mpq_sub(a, a, b);
        time_set_q(T(r), a);
    }
    if (t->mode == TM_LOCAL) { T(r)->off = OFF_UNSET; T(r)->zone = SP_NIL; }
    else if (t->mode == TM_ZONE) zone_localtime(T(r), t->zone);
    return r;
}

SP_METHOD(t_plus)
{
    UNUSED;
    if (time_p(argv[0])) sp_raise(sp_eTypeError, "time + time?");
    return time_add(self, argv[0], 1);
}

SP_METHOD(t_minus)
{
    UNUSED;
    sp_time *t = T(self);
    if (time_p(argv[0])) {
        mpq_t a, b; mpq_init(a); mpq_init(b);
        time_q(t, a);
        time_q(T(argv[0]), b);
        mpq_sub(a, a, b);
        return sp_float_new(sp_rational_to_double(sp_rational_from_mpq(a)));
    }
    return time_add(self, argv[0], -1);
}

static int time_cmp(sp_time *a, sp_time *b)
{
    if (a->sec != b->sec) return a->sec < b->sec ? -1 : 1;
    if (a->nsec != b->nsec) return a->nsec < b->nsec ? -1 : 1;
    if (a->frac == SP_NIL && b->frac == SP_NIL) return 0;
    mpq_t x, y; mpq_init(x); mpq_init(y);
    time_q(a, x);
    time_q(b, y);
    int c = mpq_cmp(x, y);
    return (c > 0) - (c < 0);
}

SP_METHOD(t_cmp)
{
    UNUSED;
    sp_value o = argv[0];
    if (time_p(o)) return SP_FIX(time_cmp(T(self), T(o)));
    /* CRuby's rb_invcmp: the inverse of other <=> self */
    if (!sp_respond_to(o, sp_intern("<=>"), 1)) return SP_NIL;
    sp_value r = sp_funcall1(o, "<=>", self);
    if (r == SP_NIL) return SP_NIL;
    return SP_FIX(-sp_cmpint(r, o, self));
}
SP_METHOD(t_eq)
{
    UNUSED;
    return SP_BOOL(time_p(argv[0]) && time_cmp(T(self), T(argv[0])) == 0);
}
SP_METHOD(t_hash)
{
    UNUSED;
    sp_time *t = T(self);
    uint64_t h = (uint64_t)t->sec * 0x9E3779B97F4A7C15ull ^ (uint64_t)t->nsec;
    if (t->frac != SP_NIL) h ^= sp_hash_value(t->frac) * 31;
    h ^= h >> 29;
    return SP_FIX((int64_t)(h >> 2));
}

/* round/floor/ceil(ndigits = 0): the fraction to ndigits decimal places
 * (round: half up, as CRuby). */
static sp_value t_rounding(sp_value self, int argc_, const sp_value *argv, int how)
{
    int argc = SP_ARGC(argc_);
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    int64_t nd = argc ? sp_num_to_long(argv[0]) : 0;
    if (nd < 0) sp_raise(sp_eArgError, "negative ndigits given");
    sp_time *t = T(self);
    sp_value r = time_dup(sp_cTime, t);
    if (nd >= 9 && t->frac == SP_NIL) return r;
    if (nd > 1000) nd = 1000;
    mpq_t f; mpq_init(f);
    sp_rational_to_mpq(time_subsec(t), f);
    mpz_t scale, q, rem, twice; mpz_init(scale); mpz_init(q); mpz_init(rem); mpz_init(twice);
    mpz_ui_pow_ui(scale, 10, (unsigned long)nd);
    mpz_mul(mpq_numref(f), mpq_numref(f), scale);
    mpz_fdiv_qr(q, rem, mpq_numref(f), mpq_denref(f));
    if (mpz_sgn(rem)) {
        mpz_mul_2exp(twice, rem, 1);
        if (how == 2 || (how == 0 && mpz_cmp(twice, mpq_denref(f)) >= 0)) mpz_add_ui(q, q, 1);
    }
    mpq_t g; mpq_init(g);
    mpz_set(mpq_numref(g), q);
    mpz_set(mpq_denref(g), scale);
    mpq_canonicalize(g);
    mpq_t s; mpq_init(s);
    mpq_set_si(s, (long)t->sec, 1);
    mpq_add(g, g, s);
    time_set_q(T(r), g);
    if (t->mode == TM_LOCAL) { T(r)->off = OFF_UNSET; T(r)->zone = SP_NIL; }
    return r;
}
SP_METHOD(t_round) { (void)blk; return t_rounding(self, argc_, argv, 0); }
SP_METHOD(t_floor) { (void)blk; return t_rounding(self, argc_, argv, 1); }
SP_METHOD(t_ceil) { (void)blk; return t_rounding(self, argc_, argv, 2); }

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


/* A Time's fields for sp_strftime; the zone name is looked up only when
 * the format can print it. */
static void strftime_into(sp_value out, sp_time *t, const char *p, size_t len)
{
    sp_tfields f;
    time_tm(t, &f.tm);
    f.nsec = t->nsec;
    f.off = tm_off(t);
    if (t->offr != SP_NIL) {   /* %z rounds a fractional offset to the second */
        mpq_t q; mpq_init(q);
        sp_rational_to_mpq(t->offr, q);
        mpq_t h; mpq_init(h);
        mpq_set_si(h, 1, 2);
        mpq_add(q, q, h);
        f.off = (int32_t)q_floor(q);
    }
    f.epoch = t->sec;
    iso_week(&f.tm, &f.cwyear, &f.cweek);
    f.zone = NULL;
    f.is_date = 0;
    f.utc = t->mode == TM_UTC;
    f.frac = t->frac;
    if (memchr(p, 'Z', len)) {
        sp_value z = zone_abbr(t);
        f.zone = z == SP_NIL ? (t->mode == TM_FIXED ? NULL : "") : sp_str_cstr(z);
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

SP_METHOD(t_asctime)
{
    UNUSED;
    sp_value out = sp_str_buf_new(32);
    strftime_into(out, T(self), "%a %b %e %H:%M:%S %Y", 20);
    SP_HDR(out)->flags |= SP_STR_USASCII;
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

/* inspect: like to_s with the fraction (trailing zeros dropped; a
 * fraction finer than nanoseconds as a Rational) and the offset's seconds. */
SP_METHOD(t_inspect)
{
    UNUSED;
    sp_time *t = T(self);
    sp_value out = sp_str_buf_new(40);
    strftime_into(out, t, "%Y-%m-%d %H:%M:%S", 17);
    if (t->frac != SP_NIL) {
        sp_value fs = sp_to_s(t->frac);
        sp_str_cat(out, " ", 1);
        sp_str_cat(out, sp_str_ptr(fs), sp_str_len(fs));
    } else if (t->nsec) {
        char buf[16];
        int n = snprintf(buf, sizeof buf, ".%09d", (int)t->nsec);
        while (n > 1 && buf[n - 1] == '0') n--;
        sp_str_cat(out, buf, (size_t)n);
    }
    if (t->mode == TM_UTC) sp_str_cat(out, " UTC", 4);
    else {
        strftime_into(out, t, " %z", 3);
        int32_t o = tm_off(t), a = o < 0 ? -o : o;
        if (t->offr == SP_NIL && a % 60) {
            char buf[8];
            int n = snprintf(buf, sizeof buf, "%02d", (int)(a % 60));
            sp_str_cat(out, buf, (size_t)n);
        }
    }
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
        case 8: v = time_subsec(T(self)); break;
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
    int64_t wall = civil6(r->f);
    if (r->zone_mode < 0) return time_make(klass, local_to_epoch(wall, -1, NULL, NULL), r->nsec, TM_LOCAL, 0);
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
    int64_t f[6] = { y, mon, d, h, mi, sec };
    return civil6(f);
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

/* ---- marshaling: CRuby's _dump format ------------------------------ */

/* The 8 bytes of a Time in CRuby's marshal format: the UTC fields
 * (year-1900, mon-1, mday, hour | min, sec, usec) as two little-endian
 * 32-bit words, bit 31 of the first set, bit 30 for UTC mode. */
void sp_time_dump8(sp_value v, char buf[8])
{
    sp_time *t = get_time(v);
    time_t tt = (time_t)t->sec;
    struct tm tm;
    gmtime_r(&tt, &tm);
    if (tm.tm_year < 0 || tm.tm_year > 0xffff)
        sp_raise(sp_eArgError, "year too %s to marshal: %ld UTC", tm.tm_year < 0 ? "small" : "big",
                 (long)tm.tm_year + 1900);
    unsigned long p = 1UL << 31 | (unsigned long)(t->mode == TM_UTC) << 30 | (unsigned long)tm.tm_year << 14 |
                      (unsigned long)tm.tm_mon << 10 | (unsigned long)tm.tm_mday << 5 | (unsigned long)tm.tm_hour;
    unsigned long q = (unsigned long)tm.tm_min << 26 | (unsigned long)tm.tm_sec << 20 | (unsigned long)(t->nsec / 1000);
    for (int i = 0; i < 4; i++) { buf[i] = (char)(p & 0xff); p >>= 8; }
    for (int i = 4; i < 8; i++) { buf[i] = (char)(q & 0xff); q >>= 8; }
}

/* The zone a marshaled Time carries: its name, a timezone object's #name
 * (NoMethodError without one, as CRuby). */
sp_value sp_time_dump_zone(sp_value v)
{
    sp_value z = zone_value(get_time(v));
    if (z == SP_NIL || sp_str_p(z)) return z;
    return sp_funcall0(z, "name");
}

/* A Time of class klass from CRuby's 8 bytes and the ivars marshal kept
 * beside them (ivs: [name, value, ...]: nano_num, nano_den, submicro,
 * offset, zone; others are set on the Time).  The old format is seconds
 * and microseconds. */
sp_value sp_time_load(sp_value klass, sp_value data, sp_value ivs)
{
    const unsigned char *b = (const unsigned char *)sp_str_ptr(data);
    if (sp_str_len(data) != 8) sp_raise(sp_eTypeError, "marshaled time format differ");
    unsigned long p = 0, q = 0;
    for (int i = 0; i < 4; i++) p |= (unsigned long)b[i] << (8 * i);
    for (int i = 4; i < 8; i++) q |= (unsigned long)b[i] << (8 * (i - 4));
    int64_t sec;
    long nsec;
    int utc = 0;
    if (!(p & (1UL << 31))) { sec = (int64_t)p; nsec = (long)q * 1000; }
    else {
        utc = (int)((p >> 30) & 1);
        int64_t f[6] = { (int64_t)((p >> 14) & 0xffff) + 1900, (int64_t)((p >> 10) & 0xf) + 1,
                         (int64_t)((p >> 5) & 0x1f), (int64_t)(p & 0x1f), (int64_t)((q >> 26) & 0x3f),
                         (int64_t)((q >> 20) & 0x3f) };
        sec = civil6(f);
        nsec = (long)(q & 0xfffff) * 1000;
    }
    sp_value nano_num = SP_NIL, nano_den = SP_NIL, submicro = SP_NIL, offset = SP_NIL, zone = SP_NIL;
    long n = ivs == SP_NIL ? 0 : sp_ary_len(ivs);
    for (long i = 0; i + 1 < n; i += 2) {
        const char *name = sp_id_name(SP_SYM2ID(sp_ary_entry(ivs, i)));
        sp_value v = sp_ary_entry(ivs, i + 1);
        if (!strcmp(name, "nano_num")) nano_num = v;
        else if (!strcmp(name, "nano_den")) nano_den = v;
        else if (!strcmp(name, "submicro")) submicro = v;
        else if (!strcmp(name, "offset")) offset = v;
        else if (!strcmp(name, "zone")) zone = v;
    }
    sp_value t = time_make(klass, sec, 0, TM_LOCAL, 0);
    sp_value sub = SP_FIX(0);
    mpq_t fr; mpq_init(fr);
    mpq_set_si(fr, nsec, 1000000000);
    if (sp_integer_p(nano_num) && sp_integer_p(nano_den) && nano_den != SP_FIX(0)) {
        mpq_t x; mpq_init(x);
        sp_rational_to_mpq(sp_rational_new(nano_num, nano_den), x);
        mpq_t g; mpq_init(g);
        mpq_set_si(g, 1000000000, 1);
        mpq_div(x, x, g);
        mpq_add(fr, fr, x);
    } else if (sp_str_p(submicro) && sp_str_len(submicro) > 0) {
        const unsigned char *m = (const unsigned char *)sp_str_ptr(submicro);
        long ns = (m[0] >> 4) * 100 + (m[0] & 0xf) * 10 + (sp_str_len(submicro) > 1 ? m[1] >> 4 : 0);
        mpq_set_si(fr, nsec + ns, 1000000000);
    }
    mpq_canonicalize(fr);
    if (mpq_sgn(fr)) sub = sp_rational_from_mpq(fr);
    time_set_sec_sub(T(t), sec, sub);
    if (utc) set_fixed(T(t), 0, 0, SP_NIL);
    else if (offset != SP_NIL) {
        /* a fixed offset carrying the zone name, as CRuby's time_mload; a
         * zone name the class's find_timezone knows becomes that zone */
        sp_value z = sp_str_p(zone) ? find_timezone(klass, zone) : SP_NIL;
        int32_t off; sp_value offr;
        if ((z == SP_NIL || !zone_localtime(T(t), z)) && offset_arg(offset, &off, &offr) > 0) {
            set_fixed(T(t), 1, off, offr);
            if (sp_str_p(zone)) T(t)->zone = zone;
        }
    }
    for (long i = 0; i + 1 < n; i += 2) {
        sp_id id = SP_SYM2ID(sp_ary_entry(ivs, i));
        if (sp_id_name(id)[0] == '@') sp_ivar_set(t, id, sp_ary_entry(ivs, i + 1));
    }
    return t;
}

/* Time#_dump(limit = -1): the 8 bytes, with CRuby's ivars on the String. */
SP_METHOD(t_dump)
{
    (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    char buf[8];
    sp_time_dump8(self, buf);
    sp_value s = sp_str_new(buf, 8);
    sp_str_set_binary(s);
    sp_time *t = T(self);
    if (t->nsec % 1000 || t->frac != SP_NIL) {
        mpq_t x; mpq_init(x);   /* nanoseconds below the microsecond */
        sp_rational_to_mpq(time_subsec(t), x);
        mpq_t g; mpq_init(g);
        mpq_set_si(g, 1000000000, 1);
        mpq_mul(x, x, g);
        mpq_set_si(g, t->nsec / 1000 * 1000, 1);
        mpq_sub(x, x, g);
        sp_ivar_set(s, sp_intern("nano_num"), sp_big_from_mpz(mpq_numref(x)));
        sp_ivar_set(s, sp_intern("nano_den"), sp_big_from_mpz(mpq_denref(x)));
    }
    if (t->mode != TM_UTC) sp_ivar_set(s, sp_intern("offset"), t_utc_offset(self, 0, NULL, SP_NIL));
    sp_ivar_set(s, sp_intern("zone"), sp_time_dump_zone(self));
    return s;
}

/* Time._load(string): the ivars _dump set on the String come along. */
SP_METHOD(t_s_load)
{
    (void)blk;
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    sp_value data = sp_str_to_str(argv[0]);
    sp_value ivs = sp_ary_new();
    static const char *const names[] = { "nano_num", "nano_den", "submicro", "offset", "zone" };
    for (int i = 0; i < 5; i++) {
        sp_id id = sp_intern(names[i]);
        if (!sp_ivar_defined(data, id)) continue;
        sp_ary_push(ivs, SP_ID2SYM(id));
        sp_ary_push(ivs, sp_ivar_get(data, id));
    }
    return sp_time_load(self, data, ivs);
}

SP_METHOD(t_init_copy)
{
    UNUSED;
    sp_time *s = get_time(argv[0]);
    T(self)->sec = s->sec; T(self)->nsec = s->nsec; T(self)->off = s->off; T(self)->mode = s->mode;
    T(self)->frac = s->frac; T(self)->offr = s->offr; T(self)->zone = s->zone;
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
    GC_set_bit(bm, GC_WORD_OFFSET(sp_time, frac));
    GC_set_bit(bm, GC_WORD_OFFSET(sp_time, offr));
    GC_set_bit(bm, GC_WORD_OFFSET(sp_time, zone));
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
    sp_define_method(C, "to_r", t_to_r, 0);
    sp_define_method(C, "asctime", t_asctime, 0);
    sp_define_method(C, "ctime", t_asctime, 0);
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
    sp_define_private_method(C, "_dump", t_dump, -1);
    sp_define_private_method(sp_singleton_class(C), "_load", t_s_load, 1);

    sp_process_init();
}

/*
 * sp_strftime.h — the strftime formatter (sp_strftime.c) shared by Time
 * (sp_time.c) and Date/DateTime (lib/ext/sp_date.c).
 *
 * The caller fills an sp_tfields with the broken-down local time and
 * everything else a directive can print, so the formatter never looks at a
 * Time or a Date: a Date before its calendar reform day carries Julian
 * calendar fields and its own commercial week.
 */
#ifndef SP_STRFTIME_H
#define SP_STRFTIME_H

#include <stdint.h>
#include <time.h>
#include "spinel.h"

typedef struct sp_tfields {
    struct tm tm;         /* local calendar fields (tm_year is year - 1900, tm_yday 0-based) */
    int32_t nsec;         /* fraction of the second, nanoseconds (%L, %N, %Q) */
    int32_t off;          /* UTC offset in seconds (%z) */
    int64_t epoch;        /* seconds since the Epoch (%s) */
    int64_t cwyear;       /* ISO 8601 week-based year (%G, %g) */
    int cweek;            /* ISO 8601 week (%V) */
    const char *zone;     /* %Z text; NULL prints nothing */
    int is_date;          /* Date/DateTime: %Q and %+ are directives */
    int utc;              /* a UTC Time: %-z prints "-0000" (RFC 3339's unknown offset) */
    sp_value frac;        /* the exact fraction (a Rational) for %N past 9 digits; 0 or nil: nsec */
} sp_tfields;

/* Appends `fmt` (len bytes) formatted with `t` to the String `out`. */
void sp_strftime(sp_value out, const sp_tfields *t, const char *fmt, size_t len);

#endif

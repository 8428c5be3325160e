/*
 * sp_date.h — what the two halves of `date_core` share: the Date object
 * (sp_date.c: calendar, arithmetic, formatting) and its parsers
 * (sp_date_parse.c: _parse, _strptime, _iso8601, ...).
 *
 * A Date or DateTime is an SP_T_DATA object holding the instant in UTC as
 * a chronological Julian day number (jd), seconds into that day (df) and
 * nanoseconds (sf), the UTC offset in seconds (of) and the day of calendar
 * reform (sg: ITALY 2299161, a Julian day; +Infinity always Julian,
 * -Infinity always Gregorian).  A Date has of 0 and usually df 0 (Date +
 * 0.5 keeps the half day, as CRuby does).  The local civil date is cached
 * when the object is made; nothing mutates an object after that, so Dates
 * are shared between threads without locks.
 */
#ifndef SP_DATE_H
#define SP_DATE_H

#include "spinel.h"

typedef struct sp_date {
    sp_header hdr;
    int64_t jd;      /* UTC Julian day number */
    int32_t df;      /* seconds into the UTC day, 0..86399 */
    int32_t of;      /* UTC offset, seconds */
    int64_t sf;      /* nanoseconds, 0..999999999 */
    double sg;       /* start of the Gregorian calendar (Julian day) */
    int64_t year;    /* local civil date, cached */
    int mon, mday;
} sp_date;

#define SP_DATE(v) ((sp_date *)(v))

extern sp_value sp_cDate, sp_cDateTime, sp_eDateError;

/* The date (and time) a _parse/_strptime Hash describes, completed from
 * today where fields are missing, as CRuby's Date.parse/strptime do;
 * Date::Error "invalid date" when it names no valid date. */
sp_value sp_date_from_hash(sp_value klass, sp_value hash, double sg);

/* "+09:00", "UTC", "EST", "GMT+9", ... -> offset seconds; 0 with *ok
 * false when the zone is not understood. */
long sp_date_zone_to_diff(const char *zone, size_t len, int *ok);

/* Today in local time: year, month, day. */
void sp_date_today(int64_t *y, int *m, int *d);

void sp_date_parse_init(sp_value cDate, sp_value cDateTime);   /* sp_date_parse.c */

#endif

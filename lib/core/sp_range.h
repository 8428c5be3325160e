/*
 * sp_range.h — Range representation (sp_range.c).  Immutable after
 * creation (frozen like CRuby's literals), so no publication rule needed.
 */
#ifndef SPINEL_RANGE_H
#define SPINEL_RANGE_H

#include "spinel.h"

typedef struct sp_range {
    sp_header hdr;
    sp_value beg, end;    /* nil for beginless/endless */
    int excl;             /* 1 for ... */
} sp_range;

static inline int sp_range_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_RANGE;
}
#define SP_RANGE(v) ((sp_range *)(v))

/* Resolve a range against a sequence of length len (Array#[] rules):
 * returns 1 and sets *beg and *rlen (rlen clamped to len - beg) when the
 * start is within [0, len]; 0 when out of range.  err: raise RangeError
 * instead of returning 0 (String#[]=); err == 3: raise only for a start
 * before 0 and clamp nothing, so the range may reach past the end
 * (CRuby's rb_range_beg_len(..., 1): Array#[]= and #fill extend). */
int sp_range_beg_len(sp_value range, long len, long *beg, long *rlen, int err);
/* (start, length) against a sequence of length n, Array#[] rules:
 * negative start from the end; returns 0 when start is outside [0, n]
 * or length < 0, else 1 with *len clamped to n - *beg.  One copy of the
 * rule for Array and String (sp_string.c may use it instead of its own). */
int sp_index_beg_len(long *beg, long *len, long n);

#endif

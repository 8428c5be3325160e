/*
 * sp_value.h — one machine word per Ruby value.
 *
 * Encoding (64-bit only; the same bit layout CRuby uses with flonums, which
 * keeps truthiness to one AND and fixnum tests to one bit test):
 *
 *   ...xxxx xxx1   Fixnum: 63-bit signed integer n stored as (n << 1) | 1
 *   ...xxxx xx10   Flonum: a double whose exponent fits, rotated (see below)
 *   0000 0000      false   (SP_FALSE = 0x00)
 *   0000 1000      nil     (SP_NIL   = 0x08)
 *   0001 0100      true    (SP_TRUE  = 0x14)
 *   0011 0100      undef   (SP_UNDEF = 0x34: "no value", never visible to Ruby)
 *   iiii 0000 1100 Symbol: (id << 8) | 0x0c, id = index in the symbol table
 *   ...xxxx x000   pointer to a GC heap object (8-aligned, > 0x08)
 *
 * Truthiness: a value is truthy unless it is nil or false, i.e.
 *   (v & ~SP_NIL) != 0.
 *
 * Flonum: a double d is stored immediately when its exponent is in
 * CRuby's flonum range (see SP_FLONUM_BIAS below: an exponent bias and a
 * rotate, so decoding is two instructions); +0.0 is stored as 0x02.
 * Doubles outside that range (very large/small magnitudes, Inf, NaN,
 * -0.0) are boxed in an sp_float heap object.  sp_float_new/
 * sp_float_value hide the difference.
 */
#ifndef SPINEL_VALUE_H
#define SPINEL_VALUE_H

#include <stdint.h>
#include <stdbool.h>
#include <string.h>

typedef uintptr_t sp_value;
typedef uintptr_t sp_id;          /* symbol table index */

#define SP_FALSE ((sp_value)0x00)
#define SP_NIL   ((sp_value)0x08)
#define SP_TRUE  ((sp_value)0x14)
#define SP_UNDEF ((sp_value)0x34)

#define SP_RTEST(v)   (((sp_value)(v) & ~SP_NIL) != 0)
#define SP_NIL_P(v)   ((sp_value)(v) == SP_NIL)
#define SP_BOOL(c)    ((c) ? SP_TRUE : SP_FALSE)

/* Fixnum range: 63-bit two's complement. */
#define SP_FIXNUM_MAX  ((int64_t)(INT64_MAX >> 1))
#define SP_FIXNUM_MIN  ((int64_t)(INT64_MIN >> 1))
#define SP_FIXNUM_P(v) (((sp_value)(v) & 1) != 0)
#define SP_FIX(n)      ((sp_value)(((uint64_t)(int64_t)(n) << 1) | 1))
#define SP_FIX2LONG(v) ((int64_t)(v) >> 1)
#define SP_FIXABLE(n)  ((n) >= SP_FIXNUM_MIN && (n) <= SP_FIXNUM_MAX)

#define SP_FLONUM_P(v) (((sp_value)(v) & 3) == 2)

#define SP_SYMBOL_P(v) (((sp_value)(v) & 0xff) == 0x0c)
#define SP_ID2SYM(id)  ((sp_value)(((sp_value)(id) << 8) | 0x0c))
#define SP_SYM2ID(v)   ((sp_id)((sp_value)(v) >> 8))

#define SP_SPECIAL_CONST_P(v) (((sp_value)(v) & 7) != 0 || (sp_value)(v) <= SP_NIL)
#define SP_HEAP_P(v)   (!SP_SPECIAL_CONST_P(v))

static inline sp_value sp_rotl64(sp_value x, int n) { return (x << n) | (x >> (64 - n)); }
static inline sp_value sp_rotr64(sp_value x, int n) { return (x >> n) | (x << (64 - n)); }

/* Flonum encoding.  A double whose biased exponent e is in [0x300, 0x4ff]
 * (magnitudes 2^-255 .. 2^257, CRuby's flonum range) gets 0x100 added to
 * its exponent field, which puts e + 0x100 in [0x400, 0x5ff]: bits 62..61
 * of the adjusted word are exactly 1,0.  Rotating left by 3 moves them to
 * bits 1..0 — the flonum tag 10 — and the sign to bit 2:
 *   v = rotl(bits + SP_FLONUM_BIAS, 3)
 *   bits = rotr(v, 3) - SP_FLONUM_BIAS          (two instructions)
 * +0.0 is stored as SP_FLONUM_ZERO (0x02), the encoding of +2^-255, which
 * therefore is boxed (as in CRuby, whose +0.0 word also takes one value's
 * place); decoding selects 0.0 for it without a branch (cmov). */
#define SP_FLONUM_BIAS ((uint64_t)0x100 << 52)
#define SP_FLONUM_ZERO ((sp_value)0x02)

/* Try to encode d as a flonum; returns 0 if it needs boxing. */
static inline sp_value sp_flonum_try(double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    uint64_t adj = bits + SP_FLONUM_BIAS;
    sp_value v = sp_rotl64(adj, 3);
    /* in range, and not +2^-255 (whose encoding is SP_FLONUM_ZERO) */
    if (((adj >> 61) & 3) == 2 && v != SP_FLONUM_ZERO)
        return v;
    if (bits == 0) /* +0.0 */
        return SP_FLONUM_ZERO;
    return 0;
}

static inline double sp_flonum_value(sp_value v)
{
    uint64_t bits = sp_rotr64(v, 3) - SP_FLONUM_BIAS;
    double d;
    bits = v == SP_FLONUM_ZERO ? 0 : bits;
    memcpy(&d, &bits, sizeof d);
    return d;
}

#endif

/*
 * sp_string_int.h — internal interface shared by the String files
 * (sp_string.c core, sp_string_case.c, sp_string_sub.c, sp_string_conv.c).
 * Not part of the runtime API: other modules use sp_string.h / spinel.h.
 * The representation and publication rule are described in sp_string.h.
 */
#ifndef SPINEL_STRING_INT_H
#define SPINEL_STRING_INT_H
#include "sp_string.h"
#include "sp_numeric.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_range.h"
#include "sp_regexp.h"
#include "sp_enum.h"
#include "sp_lock.h"

#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#define SNAP(v, pp, ll) size_t ll; const char *pp = sp_str_snap((v), &ll)
#define BIN(s) sp_str_binary_p(s)

static inline sp_value str_arg(sp_value v) { return sp_str_to_str(v); }

static inline int sp_str_ascii_p(const char *p, size_t len)
{
    for (size_t i = 0; i < len; i++) if ((unsigned char)p[i] >= 0x80) return 0;
    return 1;
}

/* sp_str_ascii_p over s's current bytes (p, len from one snapshot),
 * remembered in SP_STR_ASCII so repeated indexing of a long ASCII string
 * (s[i, n] in a loop) does not rescan it: O(1) after the first call. */
static inline int sp_str_ascii_cached(sp_value s, const char *p, size_t len)
{
    if (__atomic_load_n(&SP_HDR(s)->flags, __ATOMIC_RELAXED) & SP_STR_ASCII) return 1;
    if (!sp_str_ascii_p(p, len)) return 0;
    /* remembered only while one worker runs: with several, the flag word
     * of a shared String is read without the lock (frozen and encoding
     * tests) and a reader must not write it */
    if (len >= 64 && !__atomic_load_n(&sp_lk_on, __ATOMIC_RELAXED)) sp_hdr_flags_set(s, SP_STR_ASCII);
    return 1;
}

/* s may now hold a byte >= 0x80: drop SP_STR_ASCII.  Written only when
 * set, so the common case stores nothing into a word that lock-free
 * readers of a shared String load. */
static inline void sp_str_ascii_forget(sp_value s)
{
    if (__atomic_load_n(&SP_HDR(s)->flags, __ATOMIC_RELAXED) & SP_STR_ASCII)
        sp_hdr_flags_clear(s, SP_STR_ASCII);
}

/* Byte length of the character at p (1 for binary strings and invalid bytes). */
static inline int sp_str_char_len_at(const char *p, const char *e, int binary)
{
    if (binary || (unsigned char)*p < 0x80) return 1;
    int32_t cp;
    return sp_utf8_char(p, e, &cp);
}

/* Ruby's whitespace for strip/split (NUL counts for strip). */
static inline int sp_str_ws(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c == 0;
}

/* Raise FrozenError unless s may be modified. */
static inline void sp_str_modify(sp_value s)
{
    if (SP_FROZEN_P(s)) sp_raise_frozen(s);
}

/* Atomic String mutators (doc/core-types.md "Race-safety rule"): the
 * method registered as fn##_atomic runs fn whole under self's object
 * lock when its arguments convert without Ruby code (sp_str_plain_args:
 * no block, no object that needs #to_str/#to_int) — otherwise unlocked,
 * each buffer replacement still atomic on its own. */
int sp_str_plain_args(int n, const sp_value *argv, sp_value blk);
#define SP_STR_ATOMIC(fn) \
    SP_METHOD(fn##_atomic) \
    { \
        sp_str_modify(self); \
        SP_LOCKED_IF(sp_str_plain_args(argc, argv, blk), self); \
        return fn(self, argc_, argv, blk); \
    }

/* sp_string.c */
void sp_str_set_bytes(sp_value s, const char *p, size_t n);   /* replace the whole contents */
long sp_str_char_count(const char *p, size_t len, int binary);
long sp_str_byte_index(const char *h, size_t hl, const char *n, size_t nl, size_t from);
long sp_str_byte_rindex(const char *h, size_t hl, const char *n, size_t nl, long from);
long sp_str_byte_to_char(const char *p, size_t off, int binary);
/* sp_string_case.c: contents of self := r when they differ; returns self,
 * or nil when unchanged (bang methods). */
sp_value sp_str_replace_if_changed(sp_value self, sp_value r);

/* sp_string_enc.c: code unit size (1, 2, 4) of s's encoding. */
int sp_str_enc_unit(sp_value s);

/* Per-file method registration, called by sp_init_string. */
void sp_init_string_case(sp_value S);
void sp_init_string_sub(sp_value S);
void sp_init_string_conv(sp_value S);
void sp_init_string_enc(sp_value S);
#endif

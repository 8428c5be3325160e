/*
 * sp_regexp.h — Regexp and MatchData (sp_regexp.c, PCRE2 8-bit).
 */
#ifndef SPINEL_REGEXP_H
#define SPINEL_REGEXP_H

#include "spinel.h"

/* Ruby option bits (Regexp::IGNORECASE etc.). */
enum { SP_RE_IGNORECASE = 1, SP_RE_EXTENDED = 2, SP_RE_MULTILINE = 4,
       SP_RE_FIXED = 16,      /* /u: UTF-8, fixed */
       SP_RE_NOENC = 32 };    /* /n: bytes (BINARY when the source has non-ASCII bytes) */

/* Constructor used by the code generator for literals (/src/opts). */
sp_value sp_regexp_new(const char *src, size_t len, int opts);
sp_value sp_regexp_new_str(sp_value str, int opts);

static inline int sp_regexp_p(sp_value v) { return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_REGEXP; }
static inline int sp_match_p(sp_value v) { return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_MATCH; }

/* Search str from byte offset pos.  Returns a MatchData or nil.  When
 * set_last, stores the result in the current ec's $~. */
sp_value sp_reg_search(sp_value re, sp_value str, size_t pos, int set_last);
/* A loop that searches one string many times (scan, gsub, split, rindex)
 * keeps a cursor: the frozen copy the MatchData share and the UTF-8
 * validity are taken once per contents of str instead of once per match
 * (each is O(length), which made scan/gsub quadratic).  The copy is
 * retaken when str's buffer or length changed since the last search. */
typedef struct sp_reg_cursor {
    sp_value str;       /* the subject */
    sp_value frozen;    /* frozen copy of str's bytes (str itself when frozen) */
    const void *buf;    /* str's buffer and length the copy was taken from */
    size_t len;
    int valid;          /* frozen's bytes are valid UTF-8 */
} sp_reg_cursor;
void     sp_reg_cursor_init(sp_reg_cursor *c, sp_value str);
sp_value sp_reg_search_cur(sp_value re, sp_reg_cursor *c, size_t pos);
/* StringScanner (lib/ext/sp_strscan.c): match against str's bytes from
 * byte offset base on, as if the string began there (\A and ^ match at
 * base, lookbehind sees nothing before it); anchored: only a match that
 * starts at base.  valid: str is known to be valid UTF-8 (skips the O(n)
 * check; -1 checks).  MatchData offsets are relative to str; $~ is not
 * set.  str should be frozen (the MatchData keeps it without a copy). */
sp_value sp_reg_match_sub(sp_value re, sp_value str, size_t base, int anchored, int valid);
/* Groups: 0 = whole match.  Byte offsets, -1 when the group did not take
 * part.  sp_match_group returns nil in that case. */
int      sp_match_ngroups(sp_value m);          /* excluding group 0 */
long     sp_match_beg(sp_value m, int i);
long     sp_match_end(sp_value m, int i);
sp_value sp_match_group(sp_value m, int i);
sp_value sp_match_str(sp_value m);              /* the searched string */
int      sp_match_name_index(sp_value m, const char *name, size_t len); /* -1 if none */
sp_value sp_reg_quote(sp_value str);
/* $~ helpers for generated code: $1..$9 -> sp_last_match_group(n). */
sp_value sp_last_match(void);
sp_value sp_last_match_group(int n);
void     sp_set_last_match(sp_value m);
/* Pattern argument (String or Regexp) -> Regexp. */
sp_value sp_to_regexp(sp_value pat);

#endif

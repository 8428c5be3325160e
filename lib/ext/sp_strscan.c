/*
 * sp_strscan.c — `require 'strscan'`: StringScanner (CRuby's ext/strscan,
 * 3.1.2 as shipped with Ruby 3.4), on the runtime's PCRE2 regexps.
 *
 * Representation: an SP_T_DATA object holding the scanned String as the
 * caller gave it (#string), a frozen snapshot of its bytes used for
 * matching (so a match keeps it without copying; re-taken when the
 * String's length changes, e.g. after #<<), whether the snapshot is valid
 * UTF-8 (checked once, not per match), the scan pointer (byte offset) and
 * the last match record: its absolute byte range, the MatchData for
 * groups (nil for getch/get_byte/String patterns), and the pointer before
 * it (for #unscan).
 *
 * Matching is done as if the string began at the scan pointer (\A and ^
 * match there), as strscan does outside fixed_anchor mode
 * (sp_reg_match_sub); "anchored" methods (scan, skip, match?, check) only
 * accept a match that starts at the pointer, the *_until ones search.
 */
#define _GNU_SOURCE 1   /* memmem */
#include <ctype.h>
#include "spinel.h"
#include "sp_string.h"
#include "sp_regexp.h"
#include "sp_hash.h"

#include <string.h>

typedef struct strscan {
    sp_header hdr;
    sp_value str;        /* the String (#string) */
    sp_value snap;       /* frozen copy matched against */
    int valid;           /* snap is valid UTF-8 */
    long pos;
    long prev;           /* pointer before the last match (unscan) */
    int matched;         /* the last match succeeded */
    long mbeg, mend;     /* its absolute byte range */
    sp_value md;         /* its MatchData, or nil */
} strscan;
#define SS(v) ((strscan *)(v))

static sp_value cScanner, eScanError;

static sp_value ss_alloc(sp_value klass)
{
    strscan *s = sp_alloc(sizeof(strscan), klass, SP_T_DATA);
    s->str = s->snap = sp_str_new("", 0);
    s->valid = 1;
    s->pos = s->prev = 0;
    s->matched = 0;
    s->mbeg = s->mend = 0;
    s->md = SP_NIL;
    return (sp_value)s;
}

static int utf8_valid(const char *p, size_t n)
{
    const char *e = p + n;
    while (p < e) {
        if ((unsigned char)*p < 0x80) { p++; continue; }
        int32_t cp;
        p += sp_utf8_char(p, e, &cp);
        if (cp < 0) return 0;
    }
    return 1;
}

static void take_snapshot(strscan *s)
{
    if (SP_FROZEN_P(s->str)) s->snap = s->str;
    else {
        s->snap = sp_str_dup(s->str);
        SP_HDR(s->snap)->flags |= SP_FL_FROZEN;
    }
    size_t n;
    const char *p = sp_str_snap(s->snap, &n);
    s->valid = !sp_str_binary_p(s->snap) && utf8_valid(p, n);
}

/* The snapshot, refreshed when the String changed length. */
static strscan *ss(sp_value self)
{
    strscan *s = SS(self);
    if (sp_str_len(s->str) != sp_str_len(s->snap)) take_snapshot(s);
    return s;
}

static long slen(strscan *s) { return (long)sp_str_len(s->snap); }
static const char *sptr(strscan *s) { return sp_str_ptr(s->snap); }

static sp_value substr(strscan *s, long beg, long len)
{
    if (beg > slen(s)) return SP_NIL;
    if (beg + len > slen(s)) len = slen(s) - beg;
    return sp_str_new_like(s->str, sptr(s) + beg, (size_t)len);
}

static void clear_match(strscan *s) { s->matched = 0; s->md = SP_NIL; }

static void set_match(strscan *s, long beg, long end, sp_value md)
{
    s->prev = s->pos;
    s->matched = 1;
    s->mbeg = beg;
    s->mend = end;
    s->md = md;
}

/* The core of every scanning method: match pat at the pointer; on success
 * record it, move the pointer when advance, and return the string from
 * the pointer to the match end (retstr) or its length. */
static sp_value do_scan(sp_value self, sp_value pat, int advance, int retstr, int anchored)
{
    strscan *s = ss(self);
    long pos = s->pos, len = slen(s);
    if (pos > len) { clear_match(s); return SP_NIL; }
    long beg, end;
    sp_value md = SP_NIL;
    if (sp_regexp_p(pat)) {
        md = sp_reg_match_sub(pat, s->snap, (size_t)pos, anchored, s->valid);
        if (md == SP_NIL) { clear_match(s); return SP_NIL; }
        beg = sp_match_beg(md, 0);
        end = sp_match_end(md, 0);
    } else {
        sp_value str = sp_str_to_str(pat);
        size_t n;
        const char *p = sp_str_snap(str, &n);
        const char *b = sptr(s) + pos;
        size_t avail = (size_t)(len - pos);
        if (anchored) {
            if (n > avail || memcmp(b, p, n) != 0) { clear_match(s); return SP_NIL; }
            beg = pos;
        } else {
            const char *hit = n == 0 ? b : n <= avail ? memmem(b, avail, p, n) : NULL;
            if (!hit) { clear_match(s); return SP_NIL; }
            beg = hit - sptr(s);
        }
        end = beg + (long)n;
    }
    set_match(s, beg, end, md);
    if (advance) s->pos = end;
    if (retstr) return substr(s, pos, end - pos);
    return sp_int_new(end - pos);
}

#define SCANNER(name, adv, ret, anch) \
    SP_METHOD(ss_##name) { (void)argc_; (void)blk; return do_scan(self, argv[0], adv, ret, anch); }
SCANNER(scan, 1, 1, 1)
SCANNER(match_p, 0, 0, 1)
SCANNER(skip, 1, 0, 1)
SCANNER(check, 0, 1, 1)
SCANNER(scan_until, 1, 1, 0)
SCANNER(skip_until, 1, 0, 0)
SCANNER(check_until, 0, 1, 0)
SCANNER(exist_p, 0, 0, 0)
#undef SCANNER

SP_METHOD(ss_scan_full)
{
    (void)argc_; (void)blk;
    return do_scan(self, argv[0], SP_RTEST(argv[1]), SP_RTEST(argv[2]), 1);
}
SP_METHOD(ss_search_full)
{
    (void)argc_; (void)blk;
    return do_scan(self, argv[0], SP_RTEST(argv[1]), SP_RTEST(argv[2]), 0);
}

SP_METHOD(ss_getch)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = ss(self);
    if (s->pos >= slen(s)) { clear_match(s); return SP_NIL; }
    const char *p = sptr(s) + s->pos;
    int n = 1;
    if (!sp_str_binary_p(s->snap)) { int32_t cp; n = sp_utf8_char(p, sptr(s) + slen(s), &cp); }
    set_match(s, s->pos, s->pos + n, SP_NIL);
    s->pos += n;
    return substr(s, s->mbeg, n);
}

SP_METHOD(ss_get_byte)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = ss(self);
    if (s->pos >= slen(s)) { clear_match(s); return SP_NIL; }
    set_match(s, s->pos, s->pos + 1, SP_NIL);
    s->pos++;
    return substr(s, s->mbeg, 1);
}

SP_METHOD(ss_scan_byte)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = ss(self);
    if (s->pos >= slen(s)) { clear_match(s); return SP_NIL; }
    int b = (unsigned char)sptr(s)[s->pos];
    set_match(s, s->pos, s->pos + 1, SP_NIL);
    s->pos++;
    return SP_FIX(b);
}

/* scan_integer(base: 10) as strscan 3.1.2 (Ruby 3.4.0/3.4.1): an optional
 * sign and decimal digits, or for base 16 an optional 0x/0X then hex
 * digits ("0x" alone is no match).  Like 3.1.2 it marks the scanner
 * matched without replacing the last Regexp match's groups (s[:name]
 * still answers from it; strscan 3.1.3 changed that). */
SP_METHOD(ss_scan_integer)
{
    (void)blk;
    int n = SP_ARGC(argc_);
    sp_value base = SP_FIX(10);
    if (argc_ & SP_ARGC_KW) base = sp_hash_lookup(argv[--n], sp_sym("base"), SP_FIX(10));
    if (n > 0) sp_raise_arity(n, 0, 0);
    if (base != SP_FIX(10) && base != SP_FIX(16))
        sp_raise(sp_eArgError, "Unsupported integer base: %s, expected 10 or 16", sp_str_cstr(sp_inspect(base)));
    strscan *s = ss(self);
    s->matched = 0;
    if (!SP_RTEST(sp_funcall0(sp_funcall0(s->str, "encoding"), "ascii_compatible?"))) {
        sp_value ce = sp_const_get(sp_const_get(sp_cObject, sp_intern("Encoding")), sp_intern("CompatibilityError"));
        sp_raise(ce, "ASCII incompatible encoding: %s",
                 sp_str_cstr(sp_funcall0(sp_funcall0(s->str, "encoding"), "name")));
    }
    const char *p = sptr(s) + s->pos;
    long rest = slen(s) - s->pos, len = 0;
    if (rest <= 0) return SP_NIL;
    int hex = base == SP_FIX(16);
    if (p[0] == '-' || p[0] == '+') len++;
    if (hex && rest >= len + 2 && p[len] == '0' && (p[len + 1] == 'x' || p[len + 1] == 'X')) len += 2;
    #define SS_DIGIT(c) (hex ? isxdigit((unsigned char)(c)) : isdigit((unsigned char)(c)))
    if (len >= rest || !SS_DIGIT(p[len])) return SP_NIL;
    while (len < rest && SS_DIGIT(p[len])) len++;
    #undef SS_DIGIT
    sp_value num = sp_funcall1(sp_str_new(p, (size_t)len), "to_i", base);
    s->prev = s->pos;
    s->matched = 1;
    s->mbeg = s->pos;
    s->mend = s->pos + len;
    s->pos += len;
    return num;
}

SP_METHOD(ss_peek_byte)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = ss(self);
    if (s->pos >= slen(s)) return SP_NIL;
    return SP_FIX((unsigned char)sptr(s)[s->pos]);
}

SP_METHOD(ss_peek)
{
    (void)argc_; (void)blk;
    strscan *s = ss(self);
    long n = sp_num_to_long(argv[0]);
    if (n < 0) sp_raise(sp_eArgError, "negative string size (or size too big)");
    if (s->pos >= slen(s)) return sp_str_new_like(s->str, "", 0);
    return substr(s, s->pos, n);
}

SP_METHOD(ss_unscan)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = SS(self);
    if (!s->matched) sp_raise(eScanError, "unscan failed: previous match record not exist");
    s->pos = s->prev;
    clear_match(s);
    return self;
}

/* ---- pointer ---- */

SP_METHOD(ss_pos) { (void)argc_; (void)argv; (void)blk; return sp_int_new(SS(self)->pos); }

SP_METHOD(ss_set_pos)
{
    (void)argc_; (void)blk;
    strscan *s = ss(self);
    long i = sp_num_to_long(argv[0]);
    if (i < 0) i += slen(s);
    if (i < 0 || i > slen(s)) sp_raise(sp_eRangeError, "index out of range");
    s->pos = i;
    return sp_int_new(i);
}

SP_METHOD(ss_charpos)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = ss(self);
    return sp_funcall0(substr(s, 0, s->pos), "length");
}

SP_METHOD(ss_eos_p) { (void)argc_; (void)argv; (void)blk; strscan *s = ss(self); return SP_BOOL(s->pos >= slen(s)); }
SP_METHOD(ss_rest_p) { (void)argc_; (void)argv; (void)blk; strscan *s = ss(self); return SP_BOOL(s->pos < slen(s)); }

SP_METHOD(ss_rest)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = ss(self);
    if (s->pos >= slen(s)) return sp_str_new_like(s->str, "", 0);
    return substr(s, s->pos, slen(s) - s->pos);
}

SP_METHOD(ss_rest_size)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = ss(self);
    return sp_int_new(s->pos >= slen(s) ? 0 : slen(s) - s->pos);
}

SP_METHOD(ss_reset) { (void)argc_; (void)argv; (void)blk; SS(self)->pos = 0; clear_match(SS(self)); return self; }
SP_METHOD(ss_terminate)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = ss(self);
    s->pos = slen(s);
    clear_match(s);
    return self;
}

SP_METHOD(ss_bol_p)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = ss(self);
    if (s->pos > slen(s)) return SP_NIL;
    return SP_BOOL(s->pos == 0 || sptr(s)[s->pos - 1] == '\n');
}

SP_METHOD(ss_string) { (void)argc_; (void)argv; (void)blk; return SS(self)->str; }

SP_METHOD(ss_set_string)
{
    (void)argc_; (void)blk;
    strscan *s = SS(self);
    s->str = sp_str_to_str(argv[0]);
    take_snapshot(s);
    s->pos = 0;
    clear_match(s);
    return argv[0];
}

SP_METHOD(ss_concat)
{
    (void)argc_; (void)blk;
    strscan *s = SS(self);
    sp_value add = sp_str_to_str(argv[0]);
    sp_check_frozen(s->str);
    sp_str_append(s->str, add);
    take_snapshot(s);
    return self;
}

SP_METHOD(ss_initialize)
{
    (void)blk;
    int n = argc;
    if ((argc_ & SP_ARGC_KW) && n > 0) {
        sp_value kw = argv[--n];
        if (SP_RTEST(sp_hash_lookup(kw, sp_sym("fixed_anchor"), SP_FALSE)))
            sp_raise(sp_eNotImpError, "StringScanner fixed_anchor: true is not supported");
    }
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    strscan *s = SS(self);
    s->str = sp_str_to_str(argv[0]);
    take_snapshot(s);
    s->pos = 0;
    clear_match(s);
    return SP_NIL;
}

/* ---- the last match ---- */

SP_METHOD(ss_matched_p) { (void)argc_; (void)argv; (void)blk; return SP_BOOL(SS(self)->matched); }

SP_METHOD(ss_matched)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = SS(self);
    if (!s->matched) return SP_NIL;
    return substr(s, s->mbeg, s->mend - s->mbeg);
}

SP_METHOD(ss_matched_size)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = SS(self);
    return s->matched ? sp_int_new(s->mend - s->mbeg) : SP_NIL;
}

SP_METHOD(ss_pre_match)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = SS(self);
    return s->matched ? substr(s, 0, s->mbeg) : SP_NIL;
}

SP_METHOD(ss_post_match)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = SS(self);
    return s->matched ? substr(s, s->mend, slen(s) - s->mend) : SP_NIL;
}

static int ngroups(strscan *s) { return s->md == SP_NIL ? 0 : sp_match_ngroups(s->md); }

static sp_value group(strscan *s, long i)
{
    if (i == 0) return substr(s, s->mbeg, s->mend - s->mbeg);
    if (s->md == SP_NIL || i > ngroups(s)) return SP_NIL;
    long b = sp_match_beg(s->md, (int)i);
    if (b < 0) return SP_NIL;
    return substr(s, b, sp_match_end(s->md, (int)i) - b);
}

SP_METHOD(ss_aref)
{
    (void)argc_; (void)blk;
    strscan *s = SS(self);
    if (!s->matched) return SP_NIL;
    sp_value k = argv[0];
    if (SP_SYMBOL_P(k) || sp_str_p(k)) {
        const char *name;
        size_t n;
        if (SP_SYMBOL_P(k)) { sp_id id = SP_SYM2ID(k); name = sp_id_name(id); n = sp_id_len(id); }
        else name = sp_str_snap(k, &n);
        if (s->md == SP_NIL) return SP_NIL;   /* no Regexp behind the match (getch...): strscan 3.1.2 */
        int idx = sp_match_name_index(s->md, name, n);
        if (idx < 0) sp_raise(sp_eIndexError, "undefined group name reference: %.*s", (int)n, name);
        return group(s, idx);
    }
    long i = sp_num_to_long(k);
    if (i < 0) i += ngroups(s) + 1;
    if (i < 0) return SP_NIL;
    return group(s, i);
}

SP_METHOD(ss_size)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = SS(self);
    return s->matched ? SP_FIX(ngroups(s) + 1) : SP_NIL;
}

SP_METHOD(ss_captures)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = SS(self);
    if (!s->matched) return SP_NIL;
    sp_value r = sp_ary_new();
    for (int i = 1; i <= ngroups(s); i++) sp_ary_push(r, group(s, i));
    return r;
}

SP_METHOD(ss_values_at)
{
    (void)blk;
    strscan *s = SS(self);
    if (!s->matched) return SP_NIL;
    sp_value r = sp_ary_new();
    for (int i = 0; i < argc; i++) sp_ary_push(r, ss_aref(self, 1, &argv[i], SP_NIL));
    return r;
}

SP_METHOD(ss_named_captures)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = SS(self);
    sp_value h = sp_hash_new();
    if (s->md == SP_NIL) return h;
    sp_value names = sp_funcall0(sp_funcall0(s->md, "regexp"), "names");
    for (long i = 0; i < sp_ary_len(names); i++) {
        sp_value nm = sp_ary_entry(names, i);
        sp_hash_aset(h, nm, ss_aref(self, 1, &nm, SP_NIL));
    }
    return h;
}

/* #<StringScanner 4/25 "3.14" @ " is p..."> (5 bytes each side, dumped) */
SP_METHOD(ss_inspect)
{
    (void)argc_; (void)argv; (void)blk;
    strscan *s = ss(self);
    const char *cn = sp_obj_classname(self);
    long len = slen(s);
    if (s->pos >= len) return sp_str_format("#<%s fin>", cn);
    sp_value r = sp_str_format("#<%s %ld/%ld", cn, s->pos, len);
    if (s->pos > 0) {
        long n = s->pos > 5 ? 5 : s->pos;
        sp_value a = sp_str_new(s->pos > 5 ? "..." : "", s->pos > 5 ? 3 : 0);
        sp_str_cat(a, sptr(s) + s->pos - n, (size_t)n);
        sp_str_cat_cstr(r, " ");
        sp_str_append(r, sp_funcall0(a, "dump"));
    }
    long rest = len - s->pos;
    sp_value b = sp_str_new(sptr(s) + s->pos, (size_t)(rest > 5 ? 5 : rest));
    if (rest > 5) sp_str_cat_cstr(b, "...");
    sp_str_cat_cstr(r, " @ ");
    sp_str_append(r, sp_funcall0(b, "dump"));
    sp_str_cat_cstr(r, ">");
    return r;
}

SP_METHOD(ss_fixed_anchor_p) { (void)self; (void)argc_; (void)argv; (void)blk; return SP_FALSE; }

/* StringScanner.must_C_version: self (this is the C implementation) */
SP_METHOD(ss_s_must_c_version) { (void)argc_; (void)argv; (void)blk; return self; }

void sp_init_strscan(void)
{
    sp_value C = cScanner = sp_define_class("StringScanner", sp_cObject);
    eScanError = sp_define_class_under(C, "Error", sp_eStandardError);
    sp_define_const(C, "Version", sp_str_new_frozen("3.1.2", 5));
    sp_define_const(C, "Id", sp_str_new_frozen("$Id$", 4));
    sp_class_set_allocator(C, ss_alloc);
    sp_define_method(C, "initialize", ss_initialize, -1);
    sp_define_singleton_method(C, "must_C_version", ss_s_must_c_version, 0);
#define D(name, fn, n) sp_define_method(C, name, fn, n)
    D("scan", ss_scan, 1); D("scan_integer", ss_scan_integer, -1); D("match?", ss_match_p, 1); D("skip", ss_skip, 1); D("check", ss_check, 1);
    D("scan_until", ss_scan_until, 1); D("skip_until", ss_skip_until, 1);
    D("check_until", ss_check_until, 1); D("exist?", ss_exist_p, 1);
    D("search_full", ss_search_full, 3); D("scan_full", ss_scan_full, 3);
    D("getch", ss_getch, 0); D("get_byte", ss_get_byte, 0); 
    D("scan_byte", ss_scan_byte, 0); D("peek_byte", ss_peek_byte, 0);
    D("peek", ss_peek, 1); D("unscan", ss_unscan, 0);
    D("pos", ss_pos, 0); D("pos=", ss_set_pos, 1); 
    D("charpos", ss_charpos, 0); D("eos?", ss_eos_p, 0); D("rest?", ss_rest_p, 0);
    D("rest", ss_rest, 0); D("rest_size", ss_rest_size, 0); D("reset", ss_reset, 0);
    D("terminate", ss_terminate, 0); 
    D("bol?", ss_bol_p, 0); 
    D("string", ss_string, 0); D("string=", ss_set_string, 1); D("concat", ss_concat, 1); 
    D("matched?", ss_matched_p, 0); D("matched", ss_matched, 0); D("matched_size", ss_matched_size, 0);
    D("pre_match", ss_pre_match, 0); D("post_match", ss_post_match, 0); D("[]", ss_aref, 1);
    D("size", ss_size, 0); D("captures", ss_captures, 0); D("values_at", ss_values_at, -1);
    D("named_captures", ss_named_captures, 0); D("inspect", ss_inspect, 0);
    D("fixed_anchor?", ss_fixed_anchor_p, 0);
    sp_define_alias(C, "getbyte", "get_byte");
    sp_define_alias(C, "<<", "concat");
    sp_define_alias(C, "beginning_of_line?", "bol?");
    sp_define_alias(C, "clear", "terminate");
    sp_define_alias(C, "peep", "peek");
    sp_define_alias(C, "pointer=", "pos=");
    sp_define_alias(C, "pointer", "pos");
#undef D
}

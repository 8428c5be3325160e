#define _GNU_SOURCE
/*
 * sp_string_sub.c — String iteration (chars, bytes, lines), split, partition and
 * the Regexp-based methods (=~, match, scan, sub, gsub).
 *
 * Split out of sp_string.c; shares its internal helpers through
 * sp_string_int.h (representation and publication rule: sp_string.h).
 */
#include "sp_string_int.h"

/* ------------------------------------------------------------------ */
/* Iteration over characters, bytes, lines                             */

static sp_value str_chars_ary(sp_value self)
{
    SNAP(self, p, l);
    int bin = BIN(self);
    sp_value ary = sp_ary_new_capa((long)l);
    const char *e = p + l;
    while (p < e) {
        int n = sp_str_char_len_at(p, e, bin);
        sp_ary_push(ary, sp_str_new_like(self, p, (size_t)n));
        p += n;
    }
    return ary;
}

SP_METHOD(s_chars) { return str_chars_ary(self); }

SP_METHOD(s_each_char)
{
    SP_RETURN_ENUM(self, "each_char", argc_, argv);
    sp_value chars = str_chars_ary(self);
    long n = sp_ary_len(chars);
    for (long i = 0; i < n; i++) sp_yield1(blk, sp_ary_entry(chars, i));
    return self;
}

SP_METHOD(s_bytes)
{
    SNAP(self, p, l);
    sp_value ary = sp_ary_new_capa((long)l);
    for (size_t i = 0; i < l; i++) sp_ary_push(ary, SP_FIX((unsigned char)p[i]));
    return ary;
}

SP_METHOD(s_each_byte)
{
    SP_RETURN_ENUM(self, "each_byte", argc_, argv);
    for (size_t i = 0;; i++) {
        SNAP(self, p, l);
        if (i >= l) break;
        sp_yield1(blk, SP_FIX((unsigned char)p[i]));
    }
    return self;
}

SP_METHOD(s_codepoints)
{
    SNAP(self, p, l);
    int bin = BIN(self);
    sp_value ary = sp_ary_new();
    const char *e = p + l;
    while (p < e) {
        int32_t cp;
        int n = bin ? (cp = (unsigned char)*p, 1) : sp_utf8_char(p, e, &cp);
        if (cp < 0) sp_raise(sp_eArgError, "invalid byte sequence in UTF-8");
        sp_ary_push(ary, SP_FIX(cp));
        p += n;
    }
    return ary;
}

SP_METHOD(s_each_codepoint)
{
    SP_RETURN_ENUM(self, "each_codepoint", argc_, argv);
    sp_value a = s_codepoints(self, 0, NULL, SP_NIL);
    for (long i = 0; i < sp_ary_len(a); i++) sp_yield1(blk, sp_ary_entry(a, i));
    return self;
}

static sp_value str_lines_ary(sp_value self, int argc_, const sp_value *argv)
{
    SNAP(self, p, l);
    const char *sep = "\n";
    size_t seplen = 1;
    int chomp = 0, paragraph = 0;
    int n = SP_ARGC(argc_);
    if (argc_ & SP_ARGC_KW) {
        n--;
        chomp = SP_RTEST(sp_hash_lookup(argv[n], sp_sym("chomp"), SP_FALSE));
    }
    if (n > 0) {
        if (argv[0] == SP_NIL) { sep = NULL; }
        else {
            sp_value s = str_arg(argv[0]);
            sep = sp_str_snap(s, &seplen);
            if (seplen == 0) { paragraph = 1; sep = "\n\n"; seplen = 2; }
        }
    }
    sp_value ary = sp_ary_new();
    if (!sep) { if (l) sp_ary_push(ary, sp_str_new_like(self, p, l)); return ary; }
    size_t i = 0;
    while (i < l) {
        long r = sp_str_byte_index(p, l, sep, seplen, i);
        size_t end = r < 0 ? l : (size_t)r + seplen;
        size_t stop = end;
        if (paragraph && r >= 0) while (stop < l && p[stop] == '\n') stop++;
        size_t keep = end - i;
        if (chomp && r >= 0) {
            keep -= seplen;
            if (seplen == 1 && sep[0] == '\n' && keep > 0 && p[i + keep - 1] == '\r') keep--;
        }
        sp_ary_push(ary, sp_str_new_like(self, p + i, keep));
        i = paragraph ? stop : end;
    }
    return ary;
}

SP_METHOD(s_each_line)
{
    SP_RETURN_ENUM(self, "each_line", argc_, argv);
    sp_value a = str_lines_ary(self, argc_, argv);
    for (long i = 0; i < sp_ary_len(a); i++) sp_yield1(blk, sp_ary_entry(a, i));
    return self;
}

/* lines with a block is each_line (CRuby yields and returns self) */
SP_METHOD(s_lines)
{
    if (blk != SP_NIL) return s_each_line(self, argc_, argv, blk);
    return str_lines_ary(self, argc_, argv);
}

/* ------------------------------------------------------------------ */
/* split                                                               */

static void split_push(sp_value ary, sp_value self, const char *p, size_t n)
{
    sp_ary_push(ary, sp_str_new_like(self, p, n));
}

/* awk-mode split's whitespace (not NUL, unlike strip) */
static int split_ws(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static sp_value split_ary(sp_value self, int argc, const sp_value *argv);

SP_METHOD(s_split)
{
    sp_value ary = split_ary(self, argc, argv);
    if (blk != SP_NIL) {
        for (long i = 0; i < sp_ary_len(ary); i++) sp_yield1(blk, sp_ary_entry(ary, i));
        return self;
    }
    return ary;
}

static sp_value split_ary(sp_value self, int argc, const sp_value *argv)
{
    SNAP(self, p, l);
    sp_value pat = argc > 0 ? argv[0] : SP_NIL;
    long limit = argc > 1 ? (long)sp_num_to_long(argv[1]) : 0;
    sp_value ary = sp_ary_new();
    int awk = 0;
    if (pat == SP_NIL) awk = 1;
    else if (sp_str_p(pat)) {
        SNAP(pat, q, m);
        if (m == 1 && q[0] == ' ') awk = 1;
    }
    if (limit == 1) {
        if (l == 0) return ary;
        if (awk) {
            size_t i = 0;
            while (i < l && split_ws((unsigned char)p[i])) i++;
            if (i == l) return ary;
            split_push(ary, self, p + i, l - i);
            return ary;
        }
        split_push(ary, self, p, l);
        return ary;
    }
    long count = 0;
    if (awk) {
        size_t i = 0;
        int rest = 0;      /* the limit's last field took the rest */
        while (i < l) {
            while (i < l && split_ws((unsigned char)p[i])) i++;
            if (i >= l) break;
            if (limit > 0 && count == limit - 1) { split_push(ary, self, p + i, l - i); count++; rest = 1; break; }
            size_t j = i;
            while (j < l && !split_ws((unsigned char)p[j])) j++;
            split_push(ary, self, p + i, j - i);
            count++;
            i = j;
        }
        /* trailing whitespace leaves an empty last field under a limit */
        if (limit != 0 && !rest && count > 0 && split_ws((unsigned char)p[l - 1])) split_push(ary, self, "", 0);
    } else if (sp_str_p(pat)) {
        SNAP(pat, q, m);
        if (m == 0) {
            int bin = BIN(self), rest = 0;
            const char *s = p, *e = p + l;
            while (s < e) {
                if (limit > 0 && count == limit - 1) { split_push(ary, self, s, (size_t)(e - s)); count++; rest = 1; break; }
                int n = sp_str_char_len_at(s, e, bin);
                split_push(ary, self, s, (size_t)n);
                count++;
                s += n;
            }
            if (limit != 0 && !rest && l > 0) split_push(ary, self, "", 0);
            return ary;
        }
        size_t i = 0;
        for (;;) {
            if (limit > 0 && count == limit - 1) break;
            long r = sp_str_byte_index(p, l, q, m, i);
            if (r < 0) break;
            split_push(ary, self, p + i, (size_t)r - i);
            count++;
            i = (size_t)r + m;
        }
        if (l > 0 && (limit != 0 || l > i)) split_push(ary, self, p + i, l - i);
    } else if (sp_regexp_p(pat)) {
        size_t beg = 0, search = 0;
        int bin = BIN(self);
        sp_reg_cursor cur;
        sp_reg_cursor_init(&cur, self);
        for (;;) {
            if (limit > 0 && count == limit - 1) break;
            if (search > l) break;
            sp_value md = sp_reg_search_cur(pat, &cur, search);
            if (md == SP_NIL) break;
            size_t mb = (size_t)sp_match_beg(md, 0), me = (size_t)sp_match_end(md, 0);
            if (mb == me) {
                if (mb >= l) {
                    /* an empty match at the end: the last character is a
                     * field, and an empty one follows it under a limit */
                    if (beg >= l) break;
                    split_push(ary, self, p + beg, l - beg);
                    beg = search = l;
                    count++;
                    int ng = sp_match_ngroups(md);
                    for (int g = 1; g <= ng; g++)
                        if (sp_match_beg(md, g) >= 0) sp_ary_push(ary, sp_match_group(md, g));
                    break;
                }
                if (mb == beg) { search = mb + (size_t)sp_str_char_len_at(p + mb, p + l, bin); continue; }
                split_push(ary, self, p + beg, mb - beg);
                beg = search = mb;
            } else {
                split_push(ary, self, p + beg, mb - beg);
                beg = search = me;
            }
            count++;
            int ng = sp_match_ngroups(md);
            for (int g = 1; g <= ng; g++) {
                if (sp_match_beg(md, g) < 0) continue;
                sp_ary_push(ary, sp_match_group(md, g));
            }
        }
        if (l > 0 && (limit != 0 || l > beg)) split_push(ary, self, p + beg, l - beg);
    } else {
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Regexp)", sp_obj_classname(pat));
    }
    if (limit == 0) {
        while (sp_ary_len(ary) > 0 && sp_str_len(sp_ary_entry(ary, sp_ary_len(ary) - 1)) == 0)
            sp_ary_pop(ary);
    }
    return ary;
}

/* ------------------------------------------------------------------ */
/* partition / rpartition                                              */

static sp_value triple(sp_value a, sp_value b, sp_value c)
{
    sp_value v[3] = { a, b, c };
    return sp_ary_new_from(3, v);
}

SP_METHOD(s_partition)
{
    SNAP(self, p, l);
    if (sp_regexp_p(argv[0])) {
        sp_value m = sp_reg_search(argv[0], self, 0, 1);
        if (m == SP_NIL) return triple(sp_str_dup(self), sp_str_new("", 0), sp_str_new("", 0));
        long b = sp_match_beg(m, 0), e = sp_match_end(m, 0);
        return triple(sp_str_new_like(self, p, (size_t)b), sp_match_group(m, 0), sp_str_new_like(self, p + e, l - (size_t)e));
    }
    sp_value sep = str_arg(argv[0]);
    SNAP(sep, q, m);
    long i = sp_str_byte_index(p, l, q, m, 0);
    if (i < 0) return triple(sp_str_dup(self), sp_str_new("", 0), sp_str_new("", 0));
    return triple(sp_str_new_like(self, p, (size_t)i), sp_str_dup(sep), sp_str_new_like(self, p + i + m, l - (size_t)i - m));
}

SP_METHOD(s_rpartition)
{
    SNAP(self, p, l);
    if (sp_regexp_p(argv[0])) {
        sp_reg_cursor cur;
        sp_reg_cursor_init(&cur, self);
        for (long pos = (long)l; pos >= 0; pos--) {
            sp_value m = sp_reg_search_cur(argv[0], &cur, (size_t)pos);
            if (m != SP_NIL && sp_match_beg(m, 0) == pos) {
                long e = sp_match_end(m, 0);
                sp_set_last_match(m);
                return triple(sp_str_new_like(self, p, (size_t)pos), sp_match_group(m, 0), sp_str_new_like(self, p + e, l - (size_t)e));
            }
        }
        return triple(sp_str_new("", 0), sp_str_new("", 0), sp_str_dup(self));
    }
    sp_value sep = str_arg(argv[0]);
    SNAP(sep, q, m);
    long i = sp_str_byte_rindex(p, l, q, m, (long)l);
    if (i < 0) return triple(sp_str_new("", 0), sp_str_new("", 0), sp_str_dup(self));
    return triple(sp_str_new_like(self, p, (size_t)i), sp_str_dup(sep), sp_str_new_like(self, p + i + m, l - (size_t)i - m));
}

/* ------------------------------------------------------------------ */
/* Regexp-based: =~ match match? scan sub gsub                         */

SP_METHOD(s_match_op)
{
    sp_value re = argv[0];
    if (sp_str_p(re)) sp_raise(sp_eTypeError, "type mismatch: String given");
    if (!sp_regexp_p(re)) return sp_funcall1(re, "=~", self);
    sp_value m = sp_reg_search(re, self, 0, 1);
    if (m == SP_NIL) return SP_NIL;
    SNAP(self, p, l);
    return SP_FIX(sp_str_byte_to_char(p, (size_t)sp_match_beg(m, 0), BIN(self)));
}

/* match/match? compile a String pattern as a regexp (scan, sub, split
 * take it literally). */
static sp_value pattern_regexp(sp_value pat)
{
    return sp_str_p(pat) ? sp_regexp_new_str(pat, 0) : sp_to_regexp(pat);
}

SP_METHOD(s_match)
{
    sp_value re = pattern_regexp(argv[0]);
    size_t from = 0;
    if (argc > 1) {
        SNAP(self, p, l);
        long ci = (long)sp_num_to_long(argv[1]);
        if (ci < 0) ci += sp_str_char_count(p, l, BIN(self));
        from = sp_str_char_offset(p, l, ci, BIN(self));
    }
    sp_value m = sp_reg_search(re, self, from, 1);
    if (m != SP_NIL && blk != SP_NIL) return sp_yield1(blk, m);
    return m;
}

SP_METHOD(s_match_p)
{
    sp_value re = pattern_regexp(argv[0]);
    size_t from = 0;
    if (argc > 1) {
        SNAP(self, p, l);
        long ci = (long)sp_num_to_long(argv[1]);
        if (ci < 0) ci += sp_str_char_count(p, l, BIN(self));
        if (ci < 0) return SP_FALSE;
        from = sp_str_char_offset(p, l, ci, BIN(self));
    }
    return SP_BOOL(sp_reg_search(re, self, from, 0) != SP_NIL);
}

SP_METHOD(s_scan)
{
    sp_value re = sp_to_regexp(argv[0]);
    sp_value ary = sp_ary_new();
    size_t pos = 0;
    sp_value last = SP_NIL;
    sp_reg_cursor cur;
    sp_reg_cursor_init(&cur, self);
    for (;;) {
        size_t l = sp_str_len(self);
        if (pos > l) break;
        sp_value m = sp_reg_search_cur(re, &cur, pos);
        if (m == SP_NIL) break;
        last = m;
        long b = sp_match_beg(m, 0), e = sp_match_end(m, 0);
        int ng = sp_match_ngroups(m);
        sp_value item;
        if (ng == 0) item = sp_match_group(m, 0);
        else {
            item = sp_ary_new_capa(ng);
            for (int g = 1; g <= ng; g++) sp_ary_push(item, sp_match_group(m, g));
        }
        if (e == b) {
            SNAP(self, p, ll);
            pos = (size_t)e + ((size_t)e < ll ? (size_t)sp_str_char_len_at(p + e, p + ll, BIN(self)) : 1);
        } else pos = (size_t)e;
        if (blk != SP_NIL) { sp_set_last_match(m); sp_yield1(blk, item); }
        else sp_ary_push(ary, item);
    }
    sp_set_last_match(last);
    return blk != SP_NIL ? self : ary;
}

/* Expand \1 \0 \& \+ \k<name> \\ \` \' in a sub/gsub replacement. */
static void expand_repl(sp_value out, sp_value repl, sp_value m)
{
    SNAP(repl, p, l);
    const char *e = p + l;
    while (p < e) {
        const char *bs = memchr(p, '\\', (size_t)(e - p));
        if (!bs) { sp_str_cat(out, p, (size_t)(e - p)); break; }
        sp_str_cat(out, p, (size_t)(bs - p));
        p = bs + 1;
        if (p >= e) { sp_str_cat(out, "\\", 1); break; }
        char c = *p;
        if (c >= '0' && c <= '9') {
            sp_value g = sp_match_group(m, c - '0');
            if (g != SP_NIL) sp_str_append(out, g);
            p++;
        } else if (c == '&') {
            sp_str_append(out, sp_match_group(m, 0)); p++;
        } else if (c == '`') {
            sp_value s = sp_match_str(m);
            sp_str_cat(out, sp_str_ptr(s), (size_t)sp_match_beg(m, 0)); p++;
        } else if (c == '\'') {
            sp_value s = sp_match_str(m);
            SNAP(s, sp, sl);
            long me = sp_match_end(m, 0);
            sp_str_cat(out, sp + me, sl - (size_t)me); p++;
        } else if (c == '\\') {
            sp_str_cat(out, "\\", 1); p++;
        } else if (c == '+') {
            /* the last group that matched; nothing without groups */
            int g = sp_match_ngroups(m);
            while (g > 0 && sp_match_beg(m, g) < 0) g--;
            if (g > 0) sp_str_append(out, sp_match_group(m, g));
            p++;
        } else if (c == 'k' && p + 1 < e && p[1] == '<') {
            const char *ne = memchr(p + 2, '>', (size_t)(e - p - 2));
            if (!ne) { sp_str_cat(out, "\\k", 2); p++; continue; }
            int gi = sp_match_name_index(m, p + 2, (size_t)(ne - p - 2));
            if (gi < 0) sp_raise(sp_eIndexError, "undefined group name reference: %.*s", (int)(ne - p - 2), p + 2);
            sp_value g = sp_match_group(m, gi);
            if (g != SP_NIL) sp_str_append(out, g);
            p = ne + 1;
        } else {
            sp_str_cat(out, "\\", 1);
            sp_str_cat(out, &c, 1);
            p++;
        }
    }
}

/* Append self's bytes [p, p+n) to the result; once a replacement changed
 * the result's encoding, the piece must be compatible with it (CRuby's
 * rb_enc_str_buf_cat). */
static void sub_cat_piece(sp_value out, sp_value self, const char *p, size_t n)
{
    if (n && sp_str_enc_bits(out) != sp_str_enc_bits(self)) sp_str_enc_concat(out, sp_str_new_like(self, p, n));
    sp_str_cat(out, p, n);
}

/* Core of sub/gsub.  Returns the new string or SP_NIL when nothing
 * matched. */
static sp_value sub_impl(sp_value self, int argc_, const sp_value *argv, sp_value blk, int global)
{
    int argc = SP_ARGC(argc_);
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    if (argc == 1 && blk == SP_NIL) {
        if (!global) sp_raise_arity(argc, 2, 2);
        return sp_enum_new(self, "gsub", argc, argv);
    }
    sp_value pat = argv[0];
    sp_value repl = argc > 1 ? argv[1] : SP_UNDEF;
    int hash_repl = repl != SP_UNDEF && sp_hash_p(repl);
    if (repl != SP_UNDEF && !hash_repl) repl = str_arg(repl);
    SNAP(self, p, l);
    /* Plain-string pattern with string replacement: no regexp needed. */
    if (sp_str_p(pat) && repl != SP_UNDEF && !hash_repl) {
        SNAP(pat, q, m);
        SNAP(repl, r, rl);
        int plain_repl = memchr(r, '\\', rl) == NULL;
        if (plain_repl) {
            long i = sp_str_byte_index(p, l, q, m, 0);
            if (i < 0) return SP_NIL;
            sp_value out = sp_str_buf_new(l);
            size_t pos = 0;
            while (i >= 0) {
                sp_str_cat(out, p + pos, (size_t)i - pos);
                sp_str_cat(out, r, rl);
                pos = (size_t)i + m;
                if (!global) break;
                if (m == 0) {
                    if (pos >= l) { pos = l; break; }
                    int cl = sp_str_char_len_at(p + pos, p + l, BIN(self));
                    sp_str_cat(out, p + pos, (size_t)cl);
                    pos += (size_t)cl;
                    if (pos >= l) { sp_str_cat(out, r, rl); pos = l; break; }
                }
                i = sp_str_byte_index(p, l, q, m, pos);
            }
            sp_str_cat(out, p + pos, l - pos);
            SP_HDR(out)->flags |= sp_str_enc_bits(self);
            if (sp_str_enc_bits(repl) != sp_str_enc_bits(self)) {
                /* the encoding self and the replacement mix into (or CompatibilityError) */
                sp_value t = sp_str_dup(self);
                sp_str_enc_concat(t, repl);
                sp_hdr_flags_replace(out, SP_STR_ENC_MASK, sp_str_enc_bits(t));
            }
            return out;
        }
    }
    sp_value re = sp_regexp_p(pat) ? pat : sp_regexp_new_str(sp_reg_quote(str_arg(pat)), 0);
    sp_value out = SP_NIL;
    size_t pos = 0, copied = 0;
    sp_value last = SP_NIL;
    sp_reg_cursor cur;
    sp_reg_cursor_init(&cur, self);
    for (;;) {
        if (pos > l) break;
        sp_value m = sp_reg_search_cur(re, &cur, pos);
        if (m == SP_NIL) break;
        last = m;
        if (out == SP_NIL) {
            out = sp_str_buf_new(l);
            SP_HDR(out)->flags |= sp_str_enc_bits(self);
        }
        long b = sp_match_beg(m, 0), e = sp_match_end(m, 0);
        sub_cat_piece(out, self, p + copied, (size_t)b - copied);
        if (hash_repl) {
            sp_value v = sp_to_s(sp_hash_aref(repl, sp_match_group(m, 0)));
            sp_str_enc_concat(out, v);       /* String#<<'s encoding rule, as CRuby */
            sp_str_append(out, v);
        } else if (repl != SP_UNDEF) {
            if (sp_str_enc_bits(repl) == sp_str_enc_bits(out)) expand_repl(out, repl, m);
            else {
                sp_value v = sp_str_new_like(repl, "", 0);
                expand_repl(v, repl, m);
                sp_str_enc_concat(out, v);
                sp_str_append(out, v);
            }
        } else {
            sp_set_last_match(m);
            sp_value v = sp_to_s(sp_yield1(blk, sp_match_group(m, 0)));
            sp_str_enc_concat(out, v);
            sp_str_append(out, v);
            /* the block may have mutated self; keep using our snapshot */
        }
        copied = (size_t)e;
        if (!global) break;
        if (e == b) {
            if ((size_t)e >= l) { pos = l + 1; break; }
            int cl = sp_str_char_len_at(p + e, p + l, BIN(self));
            sub_cat_piece(out, self, p + e, (size_t)cl);
            copied = (size_t)e + (size_t)cl;
            pos = copied;
        } else pos = (size_t)e;
    }
    sp_set_last_match(last);
    if (out == SP_NIL) return SP_NIL;
    if (copied < l) sub_cat_piece(out, self, p + copied, l - copied);
    return out;
}

SP_METHOD(s_sub) { sp_value r = sub_impl(self, argc, argv, blk, 0); return r == SP_NIL ? sp_str_dup(self) : r; }
SP_METHOD(s_gsub)
{
    sp_value r = sub_impl(self, argc, argv, blk, 1);
    if (r != SP_NIL && !sp_str_p(r)) return r;  /* enumerator */
    return r == SP_NIL ? sp_str_dup(self) : r;
}
SP_METHOD(s_sub_b)
{
    sp_str_modify(self);
    sp_value r = sub_impl(self, argc, argv, blk, 0);
    if (r == SP_NIL) return SP_NIL;
    SNAP(r, p, l); sp_str_set_bytes(self, p, l);
    sp_hdr_flags_replace(self, SP_STR_ENC_MASK, sp_str_enc_bits(r));
    return self;
}
SP_METHOD(s_gsub_b)
{
    if (argc == 1 && blk == SP_NIL) return sp_enum_new(self, "gsub!", argc, argv);
    sp_str_modify(self);
    sp_value r = sub_impl(self, argc, argv, blk, 1);
    if (r == SP_NIL) return SP_NIL;
    SNAP(r, p, l); sp_str_set_bytes(self, p, l);
    sp_hdr_flags_replace(self, SP_STR_ENC_MASK, sp_str_enc_bits(r));
    return self;
}

SP_METHOD(s_each_grapheme) { return s_each_char(self, argc, argv, blk); }

/* Atomic under the object lock (SP_STR_ATOMIC, sp_string_int.h). */
SP_STR_ATOMIC(s_sub_b)
SP_STR_ATOMIC(s_gsub_b)

void sp_init_string_sub(sp_value S)
{
    sp_define_method(S, "each_grapheme_cluster", s_each_grapheme, 0);
    sp_define_method(S, "=~", s_match_op, 1);
    sp_define_method(S, "match", s_match, -1);
    sp_define_method(S, "match?", s_match_p, -1);
    sp_define_method(S, "chars", s_chars, 0);
    sp_define_method(S, "each_char", s_each_char, 0);
    sp_define_method(S, "grapheme_clusters", s_chars, 0);
    sp_define_method(S, "bytes", s_bytes, 0);
    sp_define_method(S, "each_byte", s_each_byte, 0);
    sp_define_method(S, "codepoints", s_codepoints, 0);
    sp_define_method(S, "each_codepoint", s_each_codepoint, 0);
    sp_define_method(S, "lines", s_lines, -1);
    sp_define_method(S, "each_line", s_each_line, -1);
    sp_define_method_range(S, "split", s_split, 0, 2);
    sp_define_method(S, "partition", s_partition, 1);
    sp_define_method(S, "rpartition", s_rpartition, 1);
    sp_define_method(S, "scan", s_scan, 1);
    sp_define_method(S, "sub", s_sub, -1);
    sp_define_method(S, "gsub", s_gsub, -1);
    sp_define_method(S, "sub!", s_sub_b_atomic, -1);
    sp_define_method(S, "gsub!", s_gsub_b_atomic, -1);

}

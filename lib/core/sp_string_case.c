#define _GNU_SOURCE
/*
 * sp_string_case.c — String case mapping, whitespace/line-end trimming, character
 * sets (tr, delete, squeeze, count) and justification.
 *
 * Split out of sp_string.c; shares its internal helpers through
 * sp_string_int.h (representation and publication rule: sp_string.h).
 */
#include "sp_string_int.h"

/* ------------------------------------------------------------------ */
/* Case mapping                                                        */

static locale_t utf8_locale;

/* Loaded on the first non-ASCII case mapping, not at start-up: newlocale
 * reads locale.alias and maps the LC_CTYPE file (~6 system calls and a
 * dozen page faults every program paid). */
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;
static void utf8_locale_load(void)
{
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (!utf8_locale) utf8_locale = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", (locale_t)0);
}

static int32_t cp_upper(int32_t c)
{
    if (c < 128) return (c >= 'a' && c <= 'z') ? c - 32 : c;
    pthread_once(&utf8_once, utf8_locale_load);
    if (utf8_locale) return (int32_t)towupper_l((wint_t)c, utf8_locale);
    return c;
}
static int32_t cp_lower(int32_t c)
{
    if (c < 128) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
    pthread_once(&utf8_once, utf8_locale_load);
    if (utf8_locale) return (int32_t)towlower_l((wint_t)c, utf8_locale);
    return c;
}

/* Generated from Python's unicodedata (Unicode 14.0.0 SpecialCasing): characters
 * whose upcase is several characters: {code point, upcase, titlecase}. */
static const struct { int32_t cp; const char *up, *title; } special_up[] = {
    { 0x00DF, "\x53\x53", "\x53\x73" },
    { 0x0149, "\xca\xbc\x4e", "\xca\xbc\x4e" },
    { 0x01F0, "\x4a\xcc\x8c", "\x4a\xcc\x8c" },
    { 0x0390, "\xce\x99\xcc\x88\xcc\x81", "\xce\x99\xcc\x88\xcc\x81" },
    { 0x03B0, "\xce\xa5\xcc\x88\xcc\x81", "\xce\xa5\xcc\x88\xcc\x81" },
    { 0x0587, "\xd4\xb5\xd5\x92", "\xd4\xb5\xd6\x82" },
    { 0x1E96, "\x48\xcc\xb1", "\x48\xcc\xb1" },
    { 0x1E97, "\x54\xcc\x88", "\x54\xcc\x88" },
    { 0x1E98, "\x57\xcc\x8a", "\x57\xcc\x8a" },
    { 0x1E99, "\x59\xcc\x8a", "\x59\xcc\x8a" },
    { 0x1E9A, "\x41\xca\xbe", "\x41\xca\xbe" },
    { 0x1F50, "\xce\xa5\xcc\x93", "\xce\xa5\xcc\x93" },
    { 0x1F52, "\xce\xa5\xcc\x93\xcc\x80", "\xce\xa5\xcc\x93\xcc\x80" },
    { 0x1F54, "\xce\xa5\xcc\x93\xcc\x81", "\xce\xa5\xcc\x93\xcc\x81" },
    { 0x1F56, "\xce\xa5\xcc\x93\xcd\x82", "\xce\xa5\xcc\x93\xcd\x82" },
    { 0x1F80, "\xe1\xbc\x88\xce\x99", "\xe1\xbe\x88" },
    { 0x1F81, "\xe1\xbc\x89\xce\x99", "\xe1\xbe\x89" },
    { 0x1F82, "\xe1\xbc\x8a\xce\x99", "\xe1\xbe\x8a" },
    { 0x1F83, "\xe1\xbc\x8b\xce\x99", "\xe1\xbe\x8b" },
    { 0x1F84, "\xe1\xbc\x8c\xce\x99", "\xe1\xbe\x8c" },
    { 0x1F85, "\xe1\xbc\x8d\xce\x99", "\xe1\xbe\x8d" },
    { 0x1F86, "\xe1\xbc\x8e\xce\x99", "\xe1\xbe\x8e" },
    { 0x1F87, "\xe1\xbc\x8f\xce\x99", "\xe1\xbe\x8f" },
    { 0x1F88, "\xe1\xbc\x88\xce\x99", "\xe1\xbe\x88" },
    { 0x1F89, "\xe1\xbc\x89\xce\x99", "\xe1\xbe\x89" },
    { 0x1F8A, "\xe1\xbc\x8a\xce\x99", "\xe1\xbe\x8a" },
    { 0x1F8B, "\xe1\xbc\x8b\xce\x99", "\xe1\xbe\x8b" },
    { 0x1F8C, "\xe1\xbc\x8c\xce\x99", "\xe1\xbe\x8c" },
    { 0x1F8D, "\xe1\xbc\x8d\xce\x99", "\xe1\xbe\x8d" },
    { 0x1F8E, "\xe1\xbc\x8e\xce\x99", "\xe1\xbe\x8e" },
    { 0x1F8F, "\xe1\xbc\x8f\xce\x99", "\xe1\xbe\x8f" },
    { 0x1F90, "\xe1\xbc\xa8\xce\x99", "\xe1\xbe\x98" },
    { 0x1F91, "\xe1\xbc\xa9\xce\x99", "\xe1\xbe\x99" },
    { 0x1F92, "\xe1\xbc\xaa\xce\x99", "\xe1\xbe\x9a" },
    { 0x1F93, "\xe1\xbc\xab\xce\x99", "\xe1\xbe\x9b" },
    { 0x1F94, "\xe1\xbc\xac\xce\x99", "\xe1\xbe\x9c" },
    { 0x1F95, "\xe1\xbc\xad\xce\x99", "\xe1\xbe\x9d" },
    { 0x1F96, "\xe1\xbc\xae\xce\x99", "\xe1\xbe\x9e" },
    { 0x1F97, "\xe1\xbc\xaf\xce\x99", "\xe1\xbe\x9f" },
    { 0x1F98, "\xe1\xbc\xa8\xce\x99", "\xe1\xbe\x98" },
    { 0x1F99, "\xe1\xbc\xa9\xce\x99", "\xe1\xbe\x99" },
    { 0x1F9A, "\xe1\xbc\xaa\xce\x99", "\xe1\xbe\x9a" },
    { 0x1F9B, "\xe1\xbc\xab\xce\x99", "\xe1\xbe\x9b" },
    { 0x1F9C, "\xe1\xbc\xac\xce\x99", "\xe1\xbe\x9c" },
    { 0x1F9D, "\xe1\xbc\xad\xce\x99", "\xe1\xbe\x9d" },
    { 0x1F9E, "\xe1\xbc\xae\xce\x99", "\xe1\xbe\x9e" },
    { 0x1F9F, "\xe1\xbc\xaf\xce\x99", "\xe1\xbe\x9f" },
    { 0x1FA0, "\xe1\xbd\xa8\xce\x99", "\xe1\xbe\xa8" },
    { 0x1FA1, "\xe1\xbd\xa9\xce\x99", "\xe1\xbe\xa9" },
    { 0x1FA2, "\xe1\xbd\xaa\xce\x99", "\xe1\xbe\xaa" },
    { 0x1FA3, "\xe1\xbd\xab\xce\x99", "\xe1\xbe\xab" },
    { 0x1FA4, "\xe1\xbd\xac\xce\x99", "\xe1\xbe\xac" },
    { 0x1FA5, "\xe1\xbd\xad\xce\x99", "\xe1\xbe\xad" },
    { 0x1FA6, "\xe1\xbd\xae\xce\x99", "\xe1\xbe\xae" },
    { 0x1FA7, "\xe1\xbd\xaf\xce\x99", "\xe1\xbe\xaf" },
    { 0x1FA8, "\xe1\xbd\xa8\xce\x99", "\xe1\xbe\xa8" },
    { 0x1FA9, "\xe1\xbd\xa9\xce\x99", "\xe1\xbe\xa9" },
    { 0x1FAA, "\xe1\xbd\xaa\xce\x99", "\xe1\xbe\xaa" },
    { 0x1FAB, "\xe1\xbd\xab\xce\x99", "\xe1\xbe\xab" },
    { 0x1FAC, "\xe1\xbd\xac\xce\x99", "\xe1\xbe\xac" },
    { 0x1FAD, "\xe1\xbd\xad\xce\x99", "\xe1\xbe\xad" },
    { 0x1FAE, "\xe1\xbd\xae\xce\x99", "\xe1\xbe\xae" },
    { 0x1FAF, "\xe1\xbd\xaf\xce\x99", "\xe1\xbe\xaf" },
    { 0x1FB2, "\xe1\xbe\xba\xce\x99", "\xe1\xbe\xba\xcd\x85" },
    { 0x1FB3, "\xce\x91\xce\x99", "\xe1\xbe\xbc" },
    { 0x1FB4, "\xce\x86\xce\x99", "\xce\x86\xcd\x85" },
    { 0x1FB6, "\xce\x91\xcd\x82", "\xce\x91\xcd\x82" },
    { 0x1FB7, "\xce\x91\xcd\x82\xce\x99", "\xce\x91\xcd\x82\xcd\x85" },
    { 0x1FBC, "\xce\x91\xce\x99", "\xe1\xbe\xbc" },
    { 0x1FC2, "\xe1\xbf\x8a\xce\x99", "\xe1\xbf\x8a\xcd\x85" },
    { 0x1FC3, "\xce\x97\xce\x99", "\xe1\xbf\x8c" },
    { 0x1FC4, "\xce\x89\xce\x99", "\xce\x89\xcd\x85" },
    { 0x1FC6, "\xce\x97\xcd\x82", "\xce\x97\xcd\x82" },
    { 0x1FC7, "\xce\x97\xcd\x82\xce\x99", "\xce\x97\xcd\x82\xcd\x85" },
    { 0x1FCC, "\xce\x97\xce\x99", "\xe1\xbf\x8c" },
    { 0x1FD2, "\xce\x99\xcc\x88\xcc\x80", "\xce\x99\xcc\x88\xcc\x80" },
    { 0x1FD3, "\xce\x99\xcc\x88\xcc\x81", "\xce\x99\xcc\x88\xcc\x81" },
    { 0x1FD6, "\xce\x99\xcd\x82", "\xce\x99\xcd\x82" },
    { 0x1FD7, "\xce\x99\xcc\x88\xcd\x82", "\xce\x99\xcc\x88\xcd\x82" },
    { 0x1FE2, "\xce\xa5\xcc\x88\xcc\x80", "\xce\xa5\xcc\x88\xcc\x80" },
    { 0x1FE3, "\xce\xa5\xcc\x88\xcc\x81", "\xce\xa5\xcc\x88\xcc\x81" },
    { 0x1FE4, "\xce\xa1\xcc\x93", "\xce\xa1\xcc\x93" },
    { 0x1FE6, "\xce\xa5\xcd\x82", "\xce\xa5\xcd\x82" },
    { 0x1FE7, "\xce\xa5\xcc\x88\xcd\x82", "\xce\xa5\xcc\x88\xcd\x82" },
    { 0x1FF2, "\xe1\xbf\xba\xce\x99", "\xe1\xbf\xba\xcd\x85" },
    { 0x1FF3, "\xce\xa9\xce\x99", "\xe1\xbf\xbc" },
    { 0x1FF4, "\xce\x8f\xce\x99", "\xce\x8f\xcd\x85" },
    { 0x1FF6, "\xce\xa9\xcd\x82", "\xce\xa9\xcd\x82" },
    { 0x1FF7, "\xce\xa9\xcd\x82\xce\x99", "\xce\xa9\xcd\x82\xcd\x85" },
    { 0x1FFC, "\xce\xa9\xce\x99", "\xe1\xbf\xbc" },
    { 0xFB00, "\x46\x46", "\x46\x66" },
    { 0xFB01, "\x46\x49", "\x46\x69" },
    { 0xFB02, "\x46\x4c", "\x46\x6c" },
    { 0xFB03, "\x46\x46\x49", "\x46\x66\x69" },
    { 0xFB04, "\x46\x46\x4c", "\x46\x66\x6c" },
    { 0xFB05, "\x53\x54", "\x53\x74" },
    { 0xFB06, "\x53\x54", "\x53\x74" },
    { 0xFB13, "\xd5\x84\xd5\x86", "\xd5\x84\xd5\xb6" },
    { 0xFB14, "\xd5\x84\xd4\xb5", "\xd5\x84\xd5\xa5" },
    { 0xFB15, "\xd5\x84\xd4\xbb", "\xd5\x84\xd5\xab" },
    { 0xFB16, "\xd5\x8e\xd5\x86", "\xd5\x8e\xd5\xb6" },
    { 0xFB17, "\xd5\x84\xd4\xbd", "\xd5\x84\xd5\xad" },
};

static const char *special_upcase(int32_t cp, int title)
{
    size_t lo = 0, hi = sizeof special_up / sizeof special_up[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (special_up[mid].cp == cp) return title ? special_up[mid].title : special_up[mid].up;
        if (special_up[mid].cp < cp) lo = mid + 1; else hi = mid;
    }
    return NULL;
}

enum { CASE_UP, CASE_DOWN, CASE_CAP, CASE_SWAP };

/* Options of upcase & co. (:ascii, :turkic, :lithuanian, :fold) as flag bits
 * or'ed into the mode. */
enum { CASE_MODE = 0xff, CASE_ASCII = 0x100, CASE_TURKIC = 0x200, CASE_FOLD = 0x400 };

/* The option list, checked as CRuby's check_case_options: :ascii, or
 * :turkic and :lithuanian (either order), or :fold (downcasing only). */
static int case_opts(int argc_, const sp_value *argv, int mode)
{
    int argc = SP_ARGC(argc_);
    if (argc == 0) return 0;
    if (argc > 2) sp_raise(sp_eArgError, "too many options");
    sp_value o = argv[0], turkic = sp_sym("turkic"), lith = sp_sym("lithuanian");
    if (o == sp_sym("ascii")) {
        if (argc > 1) sp_raise(sp_eArgError, "too many options");
        return CASE_ASCII;
    }
    if (o == turkic || o == lith) {
        if (argc == 2 && argv[1] != (o == turkic ? lith : turkic)) sp_raise(sp_eArgError, "invalid second option");
        return CASE_TURKIC;
    }
    if (argc > 1) sp_raise(sp_eArgError, "too many options");
    if (o == sp_sym("fold")) {
        if (mode != CASE_DOWN) sp_raise(sp_eArgError, "option :fold only allowed for downcasing");
        return CASE_FOLD;
    }
    sp_raise(sp_eArgError, "invalid option");
}

static sp_value case_map(sp_value s, int mode)
{
    int ascii = mode & CASE_ASCII, turkic = mode & CASE_TURKIC;
    mode &= CASE_MODE;
    SNAP(s, p, l);
    int bin = BIN(s);
    sp_value out = sp_str_buf_new(l);
    const char *e = p + l;
    int first = 1;
    char buf[4];
    while (p < e) {
        int32_t cp;
        int n = (bin || (unsigned char)*p < 0x80) ? (cp = (unsigned char)*p, 1) : sp_utf8_char(p, e, &cp);
        if (cp < 0 || ((bin || ascii) && cp >= 128)) { sp_str_cat(out, p, (size_t)n); p += n; first = 0; continue; }
        int32_t r = cp;
        if (turkic && (cp == 'i' || cp == 'I' || cp == 0x130 || cp == 0x131)) {
            int up = mode == CASE_UP || (mode == CASE_CAP && first) ||
                     (mode == CASE_SWAP && (cp == 'i' || cp == 0x131));
            r = up ? (cp == 'i' ? 0x130 : cp == 0x131 ? 'I' : cp) : (cp == 'I' ? 0x131 : cp == 0x130 ? 'i' : cp);
            int k = sp_utf8_encode((uint32_t)r, buf); sp_str_cat(out, buf, (size_t)k);
            p += n; first = 0; continue;
        }
        switch (mode) {
        case CASE_UP: r = cp_upper(cp); break;
        case CASE_DOWN: r = cp_lower(cp); break;
        case CASE_CAP: r = first ? cp_upper(cp) : cp_lower(cp); break;
        case CASE_SWAP: { int32_t u = cp_upper(cp); r = u != cp ? u : cp_lower(cp); break; }
        }
        int upper_ctx = mode == CASE_UP || (mode == CASE_CAP && first) || (mode == CASE_SWAP && cp_upper(cp) != cp);
        static const char *const lig[] = { "FF", "FI", "FL", "FFI", "FFL", "ST", "ST" };
        if (cp == 0xdf && (mode == CASE_UP || (mode == CASE_CAP && first) || mode == CASE_SWAP)) {
            sp_str_cat(out, first && mode == CASE_CAP ? "Ss" : "SS", 2);
        } else if (cp >= 0xfb00 && cp <= 0xfb06 && upper_ctx) {
            /* special casing: ligatures expand */
            const char *u = lig[cp - 0xfb00];
            if (mode == CASE_CAP) { sp_str_cat(out, u, 1); for (const char *q = u + 1; *q; q++) { char lc = (char)(*q | 0x20); sp_str_cat(out, &lc, 1); } }
            else sp_str_cat_cstr(out, u);
        } else if (cp == 0x130 && (mode == CASE_DOWN || (mode == CASE_CAP && !first) || mode == CASE_SWAP)) {
            sp_str_cat(out, "i\xcc\x87", 3);   /* İ -> i + combining dot above */
        } else if (mode == CASE_CAP && first && ((cp >= 0x1c4 && cp <= 0x1cc) || (cp >= 0x1f1 && cp <= 0x1f3))) {
            /* titlecase digraphs: Ǆ/ǅ/ǆ -> ǅ */
            int32_t t = cp >= 0x1f1 ? 0x1f2 : 0x1c5 + ((cp - 0x1c4) / 3) * 3;
            int k = sp_utf8_encode((uint32_t)t, buf); sp_str_cat(out, buf, (size_t)k);
        } else if (cp >= 0x100 && (mode == CASE_UP || (mode == CASE_CAP && first) || mode == CASE_SWAP) &&
                   special_upcase(cp, mode == CASE_CAP) && !(mode == CASE_SWAP && cp_lower(cp) != cp)) {
            /* SpecialCasing: one character upcases to several (ŉ -> ʼN) */
            sp_str_cat_cstr(out, special_upcase(cp, mode == CASE_CAP));
        } else if (mode == CASE_SWAP && (cp == 0x1c5 || cp == 0x1c8 || cp == 0x1cb || cp == 0x1f2)) {
            /* swapcase of a titlecase digraph: lower first letter, upper second (ǅ -> dŽ) */
            sp_str_cat_cstr(out, cp == 0x1c5 ? "d\xc5\xbd" : cp == 0x1c8 ? "lJ" : cp == 0x1cb ? "nJ" : "dZ");
        } else if (r < 128) { buf[0] = (char)r; sp_str_cat(out, buf, 1); }
        else { int k = sp_utf8_encode((uint32_t)r, buf); sp_str_cat(out, buf, (size_t)k); }
        p += n;
        first = 0;
    }
    SP_HDR(out)->flags |= sp_str_enc_bits(s) & SP_STR_BINARY;
    return out;
}

sp_value sp_str_replace_if_changed(sp_value self, sp_value r)
{
    sp_str_modify(self);
    if (sp_str_equal(self, r)) return SP_NIL;
    SNAP(r, p, l);
    sp_str_set_bytes(self, p, l);
    return self;
}

static sp_value case_fold(sp_value s);

/* mode with its options; downcase(:fold) is case folding */
static sp_value case_map_opts(sp_value s, int mode, int argc_, const sp_value *argv)
{
    int fl = case_opts(argc_, argv, mode);
    if (fl & CASE_FOLD) return case_fold(s);
    return case_map(s, mode | fl);
}

SP_METHOD(s_upcase) { return case_map_opts(self, CASE_UP, argc_, argv); }
SP_METHOD(s_downcase) { return case_map_opts(self, CASE_DOWN, argc_, argv); }
SP_METHOD(s_capitalize) { return case_map_opts(self, CASE_CAP, argc_, argv); }
SP_METHOD(s_swapcase) { return case_map_opts(self, CASE_SWAP, argc_, argv); }
SP_METHOD(s_upcase_b) { return sp_str_replace_if_changed(self, case_map_opts(self, CASE_UP, argc_, argv)); }
SP_METHOD(s_downcase_b) { return sp_str_replace_if_changed(self, case_map_opts(self, CASE_DOWN, argc_, argv)); }
SP_METHOD(s_capitalize_b) { return sp_str_replace_if_changed(self, case_map_opts(self, CASE_CAP, argc_, argv)); }
SP_METHOD(s_swapcase_b) { return sp_str_replace_if_changed(self, case_map_opts(self, CASE_SWAP, argc_, argv)); }

/* casecmp's argument: a String, a to_str convertible, or nil (no comparison). */
static sp_value casecmp_arg(sp_value v)
{
    if (sp_str_p(v)) return v;
    if (!SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_str"), 1)) return sp_str_to_str(v);
    return SP_NIL;
}

SP_METHOD(s_casecmp)
{
    sp_value o = casecmp_arg(argv[0]);
    if (o == SP_NIL) return SP_NIL;
    SNAP(self, p, l); SNAP(o, q, m);
    size_t n = l < m ? l : m;
    for (size_t i = 0; i < n; i++) {
        int a = tolower((unsigned char)p[i]), b = tolower((unsigned char)q[i]);
        if (a != b) return SP_FIX(a < b ? -1 : 1);
    }
    return SP_FIX((l > m) - (l < m));
}

/* Simple case folding for casecmp?: downcase, then ß -> "ss". */
static sp_value case_fold(sp_value s)
{
    sp_value d = case_map(s, CASE_DOWN);
    SNAP(d, p, l);
    if (!memchr(p, 0xc3, l)) return d;
    sp_value out = sp_str_buf_new(l + 4);
    for (size_t i = 0; i < l; i++) {
        if ((unsigned char)p[i] == 0xc3 && i + 1 < l && (unsigned char)p[i + 1] == 0x9f) { sp_str_cat(out, "ss", 2); i++; }
        else sp_str_cat(out, p + i, 1);
    }
    return out;
}

SP_METHOD(s_casecmp_p)
{
    sp_value o = casecmp_arg(argv[0]);
    if (o == SP_NIL) return SP_NIL;
    return SP_BOOL(sp_str_equal(case_fold(self), case_fold(o)));
}

/* ------------------------------------------------------------------ */
/* Whitespace and line ends                                            */


static void strip_range(sp_value s, int left, int right, size_t *b, size_t *n)
{
    SNAP(s, p, l);
    size_t i = 0, j = l;
    if (left) while (i < j && sp_str_ws((unsigned char)p[i])) i++;
    if (right) while (j > i && sp_str_ws((unsigned char)p[j - 1])) j--;
    *b = i; *n = j - i;
}

static sp_value strip_impl(sp_value self, int l, int r, int bang)
{
    size_t b, n;
    strip_range(self, l, r, &b, &n);
    sp_value res = sp_str_substr_bytes(self, b, n);
    if (!bang) return res;
    return sp_str_replace_if_changed(self, res);
}
SP_METHOD(s_strip) { return strip_impl(self, 1, 1, 0); }
SP_METHOD(s_lstrip) { return strip_impl(self, 1, 0, 0); }
SP_METHOD(s_rstrip) { return strip_impl(self, 0, 1, 0); }
SP_METHOD(s_strip_b) { return strip_impl(self, 1, 1, 1); }
SP_METHOD(s_lstrip_b) { return strip_impl(self, 1, 0, 1); }
SP_METHOD(s_rstrip_b) { return strip_impl(self, 0, 1, 1); }

static size_t chomp_len(sp_value self, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    SNAP(self, p, l);
    if (argc > 0) {
        if (argv[0] == SP_NIL) return l;
        sp_value sep = str_arg(argv[0]);
        SNAP(sep, q, m);
        if (m == 0) {
            size_t j = l;
            while (j > 0 && p[j - 1] == '\n') { j--; if (j > 0 && p[j - 1] == '\r') j--; }
            return j;
        }
        if (m == 1 && q[0] == '\n') goto dflt;
        if (m <= l && memcmp(p + l - m, q, m) == 0) return l - m;
        return l;
    }
dflt:
    if (l > 0 && p[l - 1] == '\n') return (l > 1 && p[l - 2] == '\r') ? l - 2 : l - 1;
    if (l > 0 && p[l - 1] == '\r') return l - 1;
    return l;
}

SP_METHOD(s_chomp) { return sp_str_substr_bytes(self, 0, chomp_len(self, argc, argv)); }
SP_METHOD(s_chomp_b)
{
    sp_str_modify(self);
    size_t n = chomp_len(self, argc, argv);
    if (n == sp_str_len(self)) return SP_NIL;
    sp_str_resize(self, n);
    return self;
}

static size_t chop_len(sp_value self)
{
    SNAP(self, p, l);
    if (l == 0) return 0;
    if (l >= 2 && p[l - 1] == '\n' && p[l - 2] == '\r') return l - 2;
    if (BIN(self)) return l - 1;
    size_t i = l - 1;
    while (i > 0 && ((unsigned char)p[i] & 0xc0) == 0x80 && l - i < 4) i--;
    int32_t cp;
    if ((size_t)sp_utf8_char(p + i, p + l, &cp) == l - i) return i;
    return l - 1;
}
SP_METHOD(s_chop) { return sp_str_substr_bytes(self, 0, chop_len(self)); }
SP_METHOD(s_chop_b)
{
    sp_str_modify(self);
    size_t l = sp_str_len(self);
    if (l == 0) return SP_NIL;
    sp_str_resize(self, chop_len(self));
    return self;
}

SP_METHOD(s_chr)
{
    SNAP(self, p, l);
    if (l == 0) return sp_str_new_like(self, "", 0);
    return sp_str_new_like(self, p, (size_t)sp_str_char_len_at(p, p + l, BIN(self)));
}

SP_METHOD(s_delete_prefix)
{
    sp_value pre = str_arg(argv[0]);
    SNAP(self, p, l); SNAP(pre, q, m);
    if (m <= l && memcmp(p, q, m) == 0) return sp_str_substr_bytes(self, m, l - m);
    return sp_str_dup(self);
}
SP_METHOD(s_delete_suffix)
{
    sp_value suf = str_arg(argv[0]);
    SNAP(self, p, l); SNAP(suf, q, m);
    if (m <= l && memcmp(p + l - m, q, m) == 0) return sp_str_substr_bytes(self, 0, l - m);
    return sp_str_dup(self);
}
SP_METHOD(s_delete_prefix_b) { return sp_str_replace_if_changed(self, s_delete_prefix(self, argc, argv, blk)); }
SP_METHOD(s_delete_suffix_b) { return sp_str_replace_if_changed(self, s_delete_suffix(self, argc, argv, blk)); }

/* ------------------------------------------------------------------ */
/* Character sets: tr, delete, squeeze, count                          */

typedef struct cset {
    int neg;
    int n;
    int32_t *lo, *hi;
    int32_t *list;     /* expanded (for tr mapping) */
    long nlist;
} cset;

static int32_t *decode_cps(sp_value s, long *count)
{
    SNAP(s, p, l);
    int32_t *out = GC_MALLOC_ATOMIC(sizeof(int32_t) * (l + 1));
    long n = 0;
    const char *e = p + l;
    int bin = BIN(s);
    while (p < e) {
        int32_t cp;
        int k = bin ? (cp = (unsigned char)*p, 1) : sp_utf8_char(p, e, &cp);
        if (cp < 0) cp = (unsigned char)*p;
        out[n++] = cp;
        p += k;
    }
    *count = n;
    return out;
}

static void cset_parse(cset *cs, sp_value spec, int allow_neg)
{
    long n;
    int32_t *c = decode_cps(spec, &n);
    long i = 0;
    cs->neg = 0;
    if (allow_neg && n > 1 && c[0] == '^') { cs->neg = 1; i = 1; }
    cs->lo = GC_MALLOC_ATOMIC(sizeof(int32_t) * (n + 1));
    cs->hi = GC_MALLOC_ATOMIC(sizeof(int32_t) * (n + 1));
    cs->n = 0;
    long cap = 64; cs->nlist = 0;
    cs->list = GC_MALLOC_ATOMIC(sizeof(int32_t) * cap);
    for (; i < n; i++) {
        int32_t a = c[i], b;
        if (a == '\\' && i + 1 < n) { a = c[++i]; b = a; }
        else if (i + 2 < n && c[i + 1] == '-') {
            b = c[i + 2];
            if (b < a) sp_raise(sp_eArgError, "invalid range \"%c-%c\" in string transliteration", (char)a, (char)b);
            i += 2;
        } else b = a;
        cs->lo[cs->n] = a; cs->hi[cs->n] = b; cs->n++;
        for (int32_t x = a; x <= b; x++) {
            if (cs->nlist == cap) {
                cap *= 2;
                int32_t *nl = GC_MALLOC_ATOMIC(sizeof(int32_t) * cap);
                memcpy(nl, cs->list, sizeof(int32_t) * cs->nlist);
                cs->list = nl;
            }
            cs->list[cs->nlist++] = x;
        }
    }
}

static int cset_has(const cset *cs, int32_t c)
{
    int in = 0;
    for (int i = 0; i < cs->n; i++) if (c >= cs->lo[i] && c <= cs->hi[i]) { in = 1; break; }
    return cs->neg ? !in : in;
}

/* Intersection of several sets (delete/squeeze/count take many). */
static int csets_have(cset *sets, int n, int32_t c)
{
    for (int i = 0; i < n; i++) if (!cset_has(&sets[i], c)) return 0;
    return 1;
}

static void put_cp(sp_value out, int32_t cp, int bin)
{
    char b[4];
    if (bin || cp < 0x80) { b[0] = (char)cp; sp_str_cat(out, b, 1); }
    else sp_str_cat(out, b, (size_t)sp_utf8_encode((uint32_t)cp, b));
}

static sp_value tr_impl(sp_value self, sp_value from, sp_value to, int squeeze)
{
    cset f, t;
    cset_parse(&f, str_arg(from), 1);
    cset_parse(&t, str_arg(to), 0);
    long n;
    int32_t *c = decode_cps(self, &n);
    int bin = BIN(self);
    sp_value out = sp_str_buf_new(sp_str_len(self));
    int32_t last = -1;
    int last_tr = 0;
    for (long i = 0; i < n; i++) {
        int32_t x = c[i];
        if (cset_has(&f, x)) {
            int32_t r;
            if (t.nlist == 0) { last_tr = 0; continue; }   /* delete */
            if (f.neg) r = t.list[t.nlist - 1];
            else {
                long idx = 0;
                for (long k = 0; k < f.nlist; k++) if (f.list[k] == x) { idx = k; }
                /* first occurrence wins in Ruby: search forward */
                for (long k = 0; k < f.nlist; k++) if (f.list[k] == x) { idx = k; break; }
                r = idx < t.nlist ? t.list[idx] : t.list[t.nlist - 1];
            }
            if (squeeze && last_tr && r == last) continue;
            put_cp(out, r, bin);
            last = r; last_tr = 1;
        } else {
            put_cp(out, x, bin);
            last_tr = 0;
        }
    }
    SP_HDR(out)->flags |= sp_str_enc_bits(self) & SP_STR_BINARY;
    return out;
}

SP_METHOD(s_tr) { return tr_impl(self, argv[0], argv[1], 0); }
SP_METHOD(s_tr_s) { return tr_impl(self, argv[0], argv[1], 1); }
SP_METHOD(s_tr_b) { return sp_str_replace_if_changed(self, tr_impl(self, argv[0], argv[1], 0)); }
SP_METHOD(s_tr_s_b) { return sp_str_replace_if_changed(self, tr_impl(self, argv[0], argv[1], 1)); }

static cset *parse_sets(int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    cset *sets = GC_MALLOC(sizeof(cset) * (size_t)(argc ? argc : 1));
    for (int i = 0; i < argc; i++) cset_parse(&sets[i], str_arg(argv[i]), 1);
    return sets;
}

SP_METHOD(s_delete)
{
    if (argc < 1) sp_raise(sp_eArgError, "wrong number of arguments (given 0, expected 1+)");
    cset *sets = parse_sets(argc, argv);
    long n; int32_t *c = decode_cps(self, &n);
    sp_value out = sp_str_buf_new(sp_str_len(self));
    for (long i = 0; i < n; i++) if (!csets_have(sets, argc, c[i])) put_cp(out, c[i], BIN(self));
    return out;
}
SP_METHOD(s_delete_b) { return sp_str_replace_if_changed(self, s_delete(self, argc, argv, blk)); }

SP_METHOD(s_squeeze)
{
    cset *sets = parse_sets(argc, argv);
    long n; int32_t *c = decode_cps(self, &n);
    sp_value out = sp_str_buf_new(sp_str_len(self));
    for (long i = 0; i < n; i++) {
        if (i > 0 && c[i] == c[i - 1] && (argc == 0 || csets_have(sets, argc, c[i]))) continue;
        put_cp(out, c[i], BIN(self));
    }
    return out;
}
SP_METHOD(s_squeeze_b) { return sp_str_replace_if_changed(self, s_squeeze(self, argc, argv, blk)); }

SP_METHOD(s_count)
{
    if (argc < 1) sp_raise(sp_eArgError, "wrong number of arguments (given 0, expected 1+)");
    cset *sets = parse_sets(argc, argv);
    long n; int32_t *c = decode_cps(self, &n);
    long k = 0;
    for (long i = 0; i < n; i++) if (csets_have(sets, argc, c[i])) k++;
    return SP_FIX(k);
}

/* ------------------------------------------------------------------ */
/* Justification                                                       */

static sp_value justify(sp_value self, int argc_, const sp_value *argv, int mode)
{
    int argc = SP_ARGC(argc_);
    long width = (long)sp_num_to_long(argv[0]);
    sp_value pad = argc > 1 ? str_arg(argv[1]) : sp_str_new(" ", 1);
    SNAP(pad, q, m);
    if (m == 0) sp_raise(sp_eArgError, "zero width padding");
    long len = sp_str_char_len(self);
    if (width <= len) return sp_str_dup(self);
    long total = width - len, left, right;
    if (mode == 'l') { left = 0; right = total; }
    else if (mode == 'r') { left = total; right = 0; }
    else { left = total / 2; right = total - left; }
    long padchars = sp_str_char_count(q, m, BIN(pad));
    sp_value out = sp_str_buf_new(sp_str_len(self) + (size_t)total * m);
    for (int side = 0; side < 2; side++) {
        long cnt = side == 0 ? left : right;
        if (side == 1) sp_str_append(out, self);
        for (long i = 0; i < cnt; i++) {
            long k = i % padchars;
            size_t off = sp_str_char_offset(q, m, k, BIN(pad));
            size_t cl = (size_t)sp_str_char_len_at(q + off, q + m, BIN(pad));
            sp_str_cat(out, q + off, cl);
        }
    }
    return out;
}
SP_METHOD(s_ljust) { return justify(self, argc, argv, 'l'); }
SP_METHOD(s_rjust) { return justify(self, argc, argv, 'r'); }
SP_METHOD(s_center) { return justify(self, argc, argv, 'c'); }


/* Atomic under the object lock (SP_STR_ATOMIC, sp_string_int.h). */
SP_STR_ATOMIC(s_upcase_b)
SP_STR_ATOMIC(s_downcase_b)
SP_STR_ATOMIC(s_capitalize_b)
SP_STR_ATOMIC(s_swapcase_b)
SP_STR_ATOMIC(s_strip_b)
SP_STR_ATOMIC(s_lstrip_b)
SP_STR_ATOMIC(s_rstrip_b)
SP_STR_ATOMIC(s_chop_b)
SP_STR_ATOMIC(s_chomp_b)
SP_STR_ATOMIC(s_delete_prefix_b)
SP_STR_ATOMIC(s_delete_suffix_b)
SP_STR_ATOMIC(s_tr_b)
SP_STR_ATOMIC(s_tr_s_b)
SP_STR_ATOMIC(s_delete_b)
SP_STR_ATOMIC(s_squeeze_b)

void sp_init_string_case(sp_value S)
{
    sp_define_method(S, "upcase", s_upcase, -1);
    sp_define_method(S, "downcase", s_downcase, -1);
    sp_define_method(S, "capitalize", s_capitalize, -1);
    sp_define_method(S, "swapcase", s_swapcase, -1);
    sp_define_method(S, "upcase!", s_upcase_b_atomic, -1);
    sp_define_method(S, "downcase!", s_downcase_b_atomic, -1);
    sp_define_method(S, "capitalize!", s_capitalize_b_atomic, -1);
    sp_define_method(S, "swapcase!", s_swapcase_b_atomic, -1);
    sp_define_method(S, "casecmp", s_casecmp, 1);
    sp_define_method(S, "casecmp?", s_casecmp_p, 1);
    sp_define_method(S, "strip", s_strip, 0);
    sp_define_method(S, "lstrip", s_lstrip, 0);
    sp_define_method(S, "rstrip", s_rstrip, 0);
    sp_define_method(S, "strip!", s_strip_b_atomic, 0);
    sp_define_method(S, "lstrip!", s_lstrip_b_atomic, 0);
    sp_define_method(S, "rstrip!", s_rstrip_b_atomic, 0);
    sp_define_method_range(S, "chomp", s_chomp, 0, 1);
    sp_define_method_range(S, "chomp!", s_chomp_b_atomic, 0, 1);
    sp_define_method(S, "chop", s_chop, 0);
    sp_define_method(S, "chop!", s_chop_b_atomic, 0);
    sp_define_method(S, "chr", s_chr, 0);
    sp_define_method(S, "delete_prefix", s_delete_prefix, 1);
    sp_define_method(S, "delete_suffix", s_delete_suffix, 1);
    sp_define_method(S, "delete_prefix!", s_delete_prefix_b_atomic, 1);
    sp_define_method(S, "delete_suffix!", s_delete_suffix_b_atomic, 1);
    sp_define_method(S, "tr", s_tr, 2);
    sp_define_method(S, "tr_s", s_tr_s, 2);
    sp_define_method(S, "tr!", s_tr_b_atomic, 2);
    sp_define_method(S, "tr_s!", s_tr_s_b_atomic, 2);
    sp_define_method(S, "delete", s_delete, -1);
    sp_define_method(S, "delete!", s_delete_b_atomic, -1);
    sp_define_method(S, "squeeze", s_squeeze, -1);
    sp_define_method(S, "squeeze!", s_squeeze_b_atomic, -1);
    sp_define_method(S, "count", s_count, -1);
    sp_define_method_range(S, "center", s_center, 1, 2);
    sp_define_method_range(S, "ljust", s_ljust, 1, 2);
    sp_define_method_range(S, "rjust", s_rjust, 1, 2);

}

/*
 * sp_regexp.c — Regexp and MatchData on PCRE2 (8-bit).
 *
 * A Regexp holds its Ruby source, options and a compiled pcre2_code
 * (UTF mode; a non-UTF twin is compiled lazily for binary or invalid
 * UTF-8 subjects).  All PCRE2 memory comes from the GC heap through a
 * general context (GC_malloc / no-op free), so nothing needs freeing.
 * Ruby syntax is translated where PCRE differs: \h (hex digit), ^/$
 * always multi-line, /m = PCRE2_DOTALL, and named groups turn off
 * numbered capture of plain (...) like Onigmo.  Literals are cached by
 * (source, options) so a literal in a loop compiles once.
 *
 * A MatchData is immutable: the searched string (a frozen snapshot),
 * the Regexp and the byte offsets of every group.  $~ lives on the
 * current fiber's sp_ec (last_match); $1.. read it.
 *
 * Timeouts (Regexp.timeout=, Regexp.new(timeout:)): PCRE2 cannot look at
 * a clock, so a match under a timeout runs with a match limit (PCRE2's
 * count of backtracking steps) that doubles each time it is hit, and the
 * clock is read between the runs: Regexp::TimeoutError once the time is
 * spent.  A pattern that backtracks little matches in one run; one that
 * backtracks a lot does at most about twice its work, and the error
 * comes within about twice the timeout.  Without a timeout PCRE2's
 * default limit applies (RegexpError "match limit exceeded").
 *
 * Threads: compiled codes are immutable and shared; each search uses its
 * own match data, so concurrent matching needs no lock.  The literal
 * cache is guarded by a mutex (held only for the table lookup/insert).
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "sp_regexp.h"
#include "sp_string.h"
#include "sp_numeric.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_range.h"

#include <pthread.h>
#include <time.h>
#include <ctype.h>
#include <string.h>

typedef struct sp_regexp {
    sp_header hdr;
    sp_value src;            /* frozen String (Ruby source) */
    int opts;                /* SP_RE_* */
    pcre2_code *code;        /* UTF */
    pcre2_code *code_bin;    /* non-UTF twin (lazy) */
    int ngroups;
    int named;               /* has named groups */
    int64_t timeout_ns;      /* Regexp.new(timeout:), 0: none (the global one applies) */
} sp_regexp;

typedef struct sp_match {
    sp_header hdr;
    sp_value re;
    sp_value str;
    int n;                   /* groups including 0 */
    long ov[];               /* 2*n byte offsets, -1 unset */
} sp_match;

#define RE(v) ((sp_regexp *)(v))

/* Regexp.allocate leaves src unset: most methods refuse such a Regexp */
static sp_regexp *re_ok(sp_value v)
{
    if (!RE(v)->src) sp_raise(sp_eTypeError, "uninitialized Regexp");
    return RE(v);
}

#define MD(v) ((sp_match *)(v))

static pcre2_general_context *gctx;
static pcre2_compile_context *cctx;
static pcre2_match_context *mctx;

static void *gc_pmalloc(PCRE2_SIZE n, void *d) { (void)d; return GC_MALLOC(n); }
static void gc_pfree(void *p, void *d) { (void)p; (void)d; }

/* ------------------------------------------------------------------ */
/* Compilation                                                         */

/* What translate found (its *seen): named groups, numbered references
 * (\1, \k<1>, \g<-1>...), which Onigmo refuses in a pattern with names. */
enum { TR_NAMED = 1, TR_NUMREF = 2 };
static sp_value translate(const char *p, size_t n, int *seen);

/* Onigmo's class intersection [X&&Y] (PCRE2 has none): when the class at
 * p (p[0] == '[') has a top-level "&&", append (?:(?=[X])[Y]) -- or, for
 * [^X&&Y], one character outside the intersection -- and return the bytes
 * consumed; 0 when there is no intersection. */
static size_t class_intersection(sp_value out, const char *p, size_t n)
{
    size_t i = 1, cuts[16], ncut = 0;
    int depth = 1, neg = 0;
    if (i < n && p[i] == '^') { neg = 1; i++; }
    size_t body = i;
    if (i < n && p[i] == ']') i++;          /* leading ] is literal */
    for (; i < n && depth > 0; i++) {
        if (p[i] == '\\') { i++; continue; }
        if (p[i] == '[' && i + 1 < n && p[i + 1] == ':') {
            const char *e = memchr(p + i, ']', n - i);
            if (e) { i = (size_t)(e - p); continue; }
        }
        if (p[i] == '[') depth++;
        else if (p[i] == ']') { if (--depth == 0) break; }
        else if (depth == 1 && p[i] == '&' && i + 1 < n && p[i + 1] == '&' && ncut < 15) { cuts[ncut++] = i; i++; }
    }
    if (depth != 0 || ncut == 0) return 0;
    size_t end = i;                       /* index of the closing ] */
    cuts[ncut] = end;
    sp_str_cat_cstr(out, neg ? "(?:(?!" : "(?:");
    for (size_t k = 0; k <= ncut; k++) {
        size_t b = k == 0 ? body : cuts[k - 1] + 2, e = cuts[k];
        /* a part that is exactly one bracketed class is used as is */
        sp_value part = sp_str_new(NULL, 0);
        int whole = e > b && p[b] == '[' && p[e - 1] == ']';
        if (!whole) sp_str_cat(part, "[", 1);
        sp_str_cat(part, p + b, e - b);
        if (!whole) sp_str_cat(part, "]", 1);
        size_t pl; const char *pp = sp_str_snap(part, &pl);
        int seen;
        sp_value t = translate(pp, pl, &seen);
        if (k < ncut) { sp_str_cat_cstr(out, "(?="); sp_str_append(out, t); sp_str_cat_cstr(out, ")"); }
        else sp_str_append(out, t);
    }
    sp_str_cat_cstr(out, neg ? ")(?s:.))" : ")");
    return end + 1;
}

/* \p{Name} for a script: Onigmo matches the Script property, PCRE2's
 * \p{Name} the Script_Extensions (U+30FC, the prolonged sound mark, is
 * Hiragana and Katakana there); write \p{sc:Name} when Name is a script
 * PCRE2 knows.  Returns the bytes consumed, 0 when p is no script. */
static size_t script_property(sp_value out, const char *p, size_t n)
{
    const char *e = memchr(p, '}', n);
    if (!e) return 0;
    size_t b = 3, len = (size_t)(e - p) - b;
    int neg = len > 0 && p[b] == '^';
    if (neg) b++, len--;
    if (len == 0 || len > 64 || memchr(p + b, ':', len) || memchr(p + b, '=', len)) return 0;
    char probe[96];
    snprintf(probe, sizeof probe, "\\p{sc:%.*s}", (int)len, p + b);
    int err; PCRE2_SIZE off;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)probe, strlen(probe), PCRE2_UTF, &err, &off, cctx);
    if (!code) return 0;
    pcre2_code_free(code);
    char buf[96];
    snprintf(buf, sizeof buf, "\\%c{%ssc:%.*s}", p[1], neg ? "^" : "", (int)len, p + b);
    sp_str_cat_cstr(out, buf);
    return (size_t)(e - p) + 1;
}

/* Group names.  Onigmo takes names PCRE2 refuses: URI's patterns use
 * (?<hier-part>...), and a name may hold any non-ASCII letter.  Such a
 * name goes to PCRE2 encoded: "_Z_", then each byte, ASCII letters and
 * digits as they are, '_' doubled, any other byte '_' and two hex digits;
 * it is decoded wherever a name is read back (names, named_captures) and
 * encoded where one is looked up (sp_match_name_index).  A Ruby name that
 * itself starts with "_Z_" is encoded too, so the two never meet.  A
 * number (\k<1>, \k<-1>, \g<0>) is no name (\k<N> becomes PCRE2's \g{N});
 * a name with a leading digit or sign, or a character Onigmo refuses, goes
 * to PCRE2 as written and is refused there. */
static int name_needs_code(const char *p, size_t n, int ref)
{
    if (n >= 3 && !memcmp(p, "_Z_", 3)) return 1;
    /* numbers and names Onigmo refuses too (a leading digit or sign) go
     * to PCRE2 as written: it refuses them, a RegexpError as in CRuby */
    if (!n || (p[0] >= '0' && p[0] <= '9') || p[0] == '-' || p[0] == '+') return 0;
    int code = 0;
    for (size_t k = 0; k < n; k++) {
        unsigned char c = (unsigned char)p[k];
        if (c >= 0x80) code = 1;
        /* in a back reference (\k), name-1 / name+1 is Onigmo's nesting level */
        else if (c == '-') { if (ref) return 0; code = 1; }
        else if (!(c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'))) return 0;
    }
    return code;
}

static void name_encode(sp_value out, const char *p, size_t n)
{
    sp_str_cat_cstr(out, "_Z_");
    for (size_t k = 0; k < n; k++) {
        unsigned char c = (unsigned char)p[k];
        char buf[4];
        if (c == '_') sp_str_cat_cstr(out, "__");
        else if ((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')) sp_str_cat(out, (const char *)&c, 1);
        else { snprintf(buf, sizeof buf, "_%02x", c); sp_str_cat_cstr(out, buf); }
    }
}

/* A name as PCRE2's name table holds it -> the Ruby name. */
static sp_value name_decode(const char *p)
{
    size_t n = strlen(p);
    if (n < 3 || memcmp(p, "_Z_", 3)) return sp_str_new(p, n);
    sp_value out = sp_str_buf_new(n);
    for (size_t k = 3; k < n; k++) {
        char c = p[k];
        if (c == '_' && k + 1 < n && p[k + 1] == '_') { sp_str_cat(out, "_", 1); k++; }
        else if (c == '_' && k + 2 < n) { c = (char)(sp_digit_val(p[k + 1]) * 16 + sp_digit_val(p[k + 2])); sp_str_cat(out, &c, 1); k += 2; }
        else sp_str_cat(out, &c, 1);
    }
    return out;
}

/* p[0] opens a group name or a reference ('<' or '\''): append the name,
 * encoded when PCRE2 would refuse it, with its delimiters; returns the
 * bytes consumed, 0 when the name is not closed. */
static size_t group_name(sp_value out, const char *p, size_t n, int ref)
{
    char close = p[0] == '<' ? '>' : '\'';
    const char *e = memchr(p + 1, close, n - 1);
    if (!e) return 0;
    size_t len = (size_t)(e - p) - 1;
    sp_str_cat(out, p, 1);
    if (name_needs_code(p + 1, len, ref)) name_encode(out, p + 1, len);
    else sp_str_cat(out, p + 1, len);
    sp_str_cat(out, &close, 1);
    return len + 2;
}

/* Translate Ruby regexp syntax to PCRE2. */
SP_NORETURN static void re_escape_error(const char *what, const char *p, size_t n)
{
    sp_raise(sp_eRegexpError, "%s: /%.*s/", what, (int)n, p);
}

/* \uXXXX or \u{X Y ...} at p[i] (PCRE2 has no \u): each code point
 * becomes \x{...}; Onigmo's errors for a short, empty, non-hex or
 * out-of-range one.  Returns the index of the escape's last byte. */
static size_t unicode_escape(sp_value out, const char *p, size_t n, size_t i)
{
    char buf[32];
    size_t j = i + 2;
    if (j < n && p[j] == '{') {
        size_t e = j + 1, any = 0;
        while (e < n && p[e] != '}') e++;
        if (e >= n) re_escape_error("invalid Unicode list", p, n);
        for (size_t k = j + 1; k < e;) {
            if (p[k] == ' ') { k++; continue; }
            size_t d = k;
            while (d < e && isxdigit((unsigned char)p[d])) d++;
            if (d == k || (d < e && p[d] != ' ')) re_escape_error("invalid Unicode list", p, n);
            unsigned long cp = d - k > 6 ? 0x110000 : strtoul(p + k, NULL, 16);
            if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
                re_escape_error("invalid Unicode range", p, n);
            snprintf(buf, sizeof buf, "\\x{%lx}", cp);
            sp_str_cat_cstr(out, buf);
            any = 1;
            k = d;
        }
        if (!any) re_escape_error("invalid Unicode list", p, n);
        return e;
    }
    for (size_t k = j; k < j + 4; k++)
        if (k >= n || !isxdigit((unsigned char)p[k])) re_escape_error("invalid Unicode escape", p, n);
    snprintf(buf, sizeof buf, "\\x{%.4s}", p + j);
    sp_str_cat_cstr(out, buf);
    return j + 3;
}

static sp_value translate(const char *p, size_t n, int *seen)
{
    sp_value out = sp_str_buf_new(n + 8);
    int in_class = 0;
    *seen = 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '\\' && i + 1 < n) {
            char d = p[i + 1];
            if (d == 'h') { sp_str_cat_cstr(out, in_class ? "0-9a-fA-F" : "[0-9a-fA-F]"); i++; continue; }
            if (d == 'H' && !in_class) { sp_str_cat_cstr(out, "[^0-9a-fA-F]"); i++; continue; }
            if (d == 'Z') { sp_str_cat_cstr(out, "(?=\\n?\\z)"); i++; continue; }
            /* Onigmo's control escapes \cX and \C-X are X & 0x9f (\c? is DEL);
             * PCRE2's \c differs for non-letters and has no \C-X */
            if ((d == 'c' && i + 2 < n) || (d == 'C' && i + 3 < n && p[i + 2] == '-')) {
                size_t at = d == 'c' ? i + 2 : i + 3;
                unsigned char x = (unsigned char)p[at];
                if (x < 0x80 && x != '\\') {
                    char buf[16];
                    snprintf(buf, sizeof buf, "\\x{%02x}", x == '?' ? 0x7f : (x & 0x9f));
                    sp_str_cat_cstr(out, buf);
                    i = at;
                    continue;
                }
            }
            /* an escaped letter that is no escape in Onigmo is the letter
             * itself (PCRE2 refuses these) */
            if (d && strchr("ijlmoqyIJLOTY", d)) { sp_str_cat(out, &d, 1); i++; continue; }
            if ((d == 'k' || d == 'g') && i + 2 < n && (p[i + 2] == '<' || p[i + 2] == '\'')) {
                /* \k<1>, \k<-1>: a back reference by number, which PCRE2
                 * writes \g{1}, \g{-1} (its \k takes names only) */
                size_t j = i + 3 + (i + 3 < n && (p[i + 3] == '-' || (d == 'g' && p[i + 3] == '+')));
                size_t e = j;
                while (e < n && p[e] >= '0' && p[e] <= '9') e++;
                if (e > j) *seen |= TR_NUMREF;
                if (d == 'k' && e > j && e < n && p[e] == (p[i + 2] == '<' ? '>' : '\'')) {
                    sp_str_cat_cstr(out, "\\g{");
                    sp_str_cat(out, p + i + 3, e - (i + 3));
                    sp_str_cat(out, "}", 1);
                    i = e;
                    continue;
                }
                sp_str_cat(out, p + i, 2);
                size_t used = group_name(out, p + i + 2, n - i - 2, d == 'k');
                if (used) { i += 1 + used; continue; }
                i++;
                continue;
            }
            if ((d == 'p' || d == 'P') && i + 2 < n && p[i + 2] == '{') {
                size_t used = script_property(out, p + i, n - i);
                if (used) { i += used - 1; continue; }
            }
            if (d == 'x' && !(i + 2 < n && isxdigit((unsigned char)p[i + 2])))
                re_escape_error("invalid hex escape", p, n);
            if (d == 'u') {
                i = unicode_escape(out, p, n, i);
                continue;
            }
            if (d >= '1' && d <= '9' && !in_class) *seen |= TR_NUMREF;   /* \1 */
            sp_str_cat(out, p + i, 2);
            i++;
            continue;
        }
        if (in_class) {
            if (c == '[' && i + 1 < n && p[i + 1] == ':') {
                /* POSIX classes are Unicode-aware in Onigmo (\w is not):
                 * Onigmo's definitions as Unicode properties (graph is
                 * "not White_Space, Cc, Cn or Cs", i.e. L M N P S Cf Co) */
                static const char *const posix[][2] = {
                    { "[:upper:]", "\\p{Uppercase}" }, { "[:lower:]", "\\p{Lowercase}" },
                    { "[:alpha:]", "\\p{Alphabetic}" }, { "[:alnum:]", "\\p{Alphabetic}\\p{Nd}" },
                    { "[:digit:]", "\\p{Nd}" }, { "[:space:]", "\\t\\n\\v\\f\\r\\x{85}\\p{Z}" },
                    { "[:blank:]", "\\t\\p{Zs}" }, { "[:cntrl:]", "\\p{Cc}" },
                    { "[:graph:]", "\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Cf}\\p{Co}" },
                    { "[:print:]", "\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Cf}\\p{Co}\\p{Zs}" },
                    { "[:punct:]", "\\p{P}$+<=>\\^`|~" }, { "[:xdigit:]", "0-9A-Fa-f" },
                    { "[:word:]", "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}" },
                    { "[:ascii:]", "\\x00-\\x7f" },
                    { "[:^upper:]", "\\P{Uppercase}" }, { "[:^lower:]", "\\P{Lowercase}" },
                    { "[:^alpha:]", "\\P{Alphabetic}" }, { "[:^digit:]", "\\P{Nd}" }, { "[:^cntrl:]", "\\P{Cc}" },
                };
                int done = 0;
                for (size_t k = 0; k < sizeof posix / sizeof posix[0]; k++) {
                    size_t pl = strlen(posix[k][0]);
                    if (i + pl <= n && memcmp(p + i, posix[k][0], pl) == 0) {
                        sp_str_cat_cstr(out, posix[k][1]);
                        i += pl - 1;
                        done = 1;
                        break;
                    }
                }
                if (done) continue;
                const char *end = strstr(p + i, ":]");
                if (end && (size_t)(end - p) < n) {
                    sp_str_cat(out, p + i, (size_t)(end - (p + i)) + 2);
                    i = (size_t)(end - p) + 1;
                    continue;
                }
            }
            if (c == '[') { in_class++; sp_str_cat(out, "[", 1); continue; }
            if (c == ']') { in_class--; sp_str_cat(out, "]", 1); continue; }
            sp_str_cat(out, &c, 1);
            continue;
        }
        if (c == '[') {
            size_t used = class_intersection(out, p + i, n - i);
            if (used) { i += used - 1; continue; }
            in_class = 1;
            sp_str_cat(out, "[", 1);
            if (i + 1 < n && p[i + 1] == '^') { sp_str_cat(out, "^", 1); i++; }
            if (i + 1 < n && p[i + 1] == ']') { sp_str_cat(out, "\\]", 2); i++; }
            /* [:alpha:] outside a class is a class of ':', 'a', 'l'...
             * in Onigmo; PCRE2 would refuse it as a misplaced POSIX class */
            else if (i + 1 < n && p[i + 1] == ':') { sp_str_cat(out, "\\:", 2); i++; }
            continue;
        }
        if (c == '{' && i + 2 < n && p[i + 1] == ',' && p[i + 2] >= '0' && p[i + 2] <= '9') {
            /* Onigmo's {,n} is {0,n}; PCRE2 would read it literally */
            size_t j = i + 2;
            while (j < n && p[j] >= '0' && p[j] <= '9') j++;
            if (j < n && p[j] == '}') { sp_str_cat(out, "{0", 2); continue; }
        }
        if (c == '(' && i + 2 < n && p[i + 1] == '?') {
            /* inline options (?imx-imx) / (?imx-imx:...): Onigmo's m is
             * PCRE2's s (dot matches newline; ^ $ are always line anchors) */
            size_t j = i + 2;
            while (j < n && p[j] && strchr("imx-", p[j])) j++;
            if (j > i + 2 && j < n && (p[j] == ')' || p[j] == ':')) {
                sp_str_cat(out, "(?", 2);
                for (size_t k = i + 2; k < j; k++) {
                    char f = p[k] == 'm' ? 's' : p[k];
                    sp_str_cat(out, &f, 1);
                }
                i = j - 1;
                continue;
            }
            if ((p[i + 2] == '<' && i + 3 < n && p[i + 3] != '=' && p[i + 3] != '!') || p[i + 2] == '\'') {
                *seen |= TR_NAMED;
                sp_str_cat(out, "(?", 2);
                size_t used = group_name(out, p + i + 2, n - i - 2, 0);
                if (used) { i += 1 + used; continue; }
                i++;
                continue;
            }
        }
        sp_str_cat(out, &c, 1);
    }
    return out;
}

/* Onigmo's wording for the common PCRE2 compile errors. */
static const char *onig_message(const char *m)
{
    static const char *const map[][2] = {
        { "missing closing parenthesis", "end pattern with unmatched parenthesis" },
        { "unmatched closing parenthesis", "unmatched close parenthesis" },
        { "numbers out of order in {} quantifier", "upper is smaller than lower in repeat range" },
        { "missing terminating ] for character class", "premature end of char-class" },
        { "quantifier does not follow a repeatable item", "target of repeat operator is not specified" },
        { "\\ at end of pattern", "too short escape sequence" },
        { "reference to non-existent subpattern", "invalid backref number/name" },
        { "range out of order in character class", "empty range in char class" },
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (!strcmp(m, map[i][0])) return map[i][1];
    return m;
}

static pcre2_code *compile(sp_value src, int opts, int utf, int named)
{
    size_t n; const char *p = sp_str_snap(src, &n);
    int seen;
    sp_value pat = translate(p, n, &seen);
    if ((seen & (TR_NAMED | TR_NUMREF)) == (TR_NAMED | TR_NUMREF))
        sp_raise(sp_eRegexpError, "numbered backref/call is not allowed. (use name): /%.*s/", (int)n, p);
    uint32_t o = PCRE2_MULTILINE | PCRE2_DUPNAMES;   /* Ruby allows repeated group names */
    if (utf) o |= PCRE2_UTF;
    if (opts & SP_RE_IGNORECASE) o |= PCRE2_CASELESS;
    if (opts & SP_RE_EXTENDED) o |= PCRE2_EXTENDED;
    if (opts & SP_RE_MULTILINE) o |= PCRE2_DOTALL;
    if (named) o |= PCRE2_NO_AUTO_CAPTURE;
    int err; PCRE2_SIZE off;
    size_t pl; const char *pp = sp_str_snap(pat, &pl);
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pp, pl, o, &err, &off, cctx);
    if (!code) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(err, msg, sizeof msg);
        sp_raise(sp_eRegexpError, "%s: /%.*s/", onig_message((const char *)msg), (int)n, p);
    }
    return code;
}

/* Compile src into re (allocated, not yet initialized). */
static void regexp_setup(sp_regexp *re, sp_value src, int opts)
{
    re->src = sp_str_frozen_key(src);
    re->opts = opts & (7 | SP_RE_FIXED | SP_RE_NOENC);
    size_t n; const char *p = sp_str_snap(src, &n);
    int seen;
    translate(p, n, &seen);
    int named = (seen & TR_NAMED) != 0;
    re->named = named;
    re->code = compile(src, opts, !(opts & SP_RE_NOENC), named);   /* /n matches bytes */
    uint32_t cnt = 0;
    pcre2_pattern_info(re->code, PCRE2_INFO_CAPTURECOUNT, &cnt);
    re->ngroups = (int)cnt;
}

/* Regexp.allocate (Class#new's first step): src unset until #initialize */
static sp_value re_allocator(sp_value klass)
{
    return (sp_value)sp_alloc(sizeof(sp_regexp), klass, SP_T_REGEXP);
}

/* A frozen Regexp made here (literals, union, ...), not through #initialize */
static sp_value regexp_alloc(sp_value klass, sp_value src, int opts)
{
    sp_regexp *re = RE(re_allocator(klass));
    regexp_setup(re, src, opts);
    re->hdr.flags |= SP_FL_FROZEN;
    return (sp_value)re;
}

/* Literal cache: (source, opts) -> Regexp. */
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_value lit_cache = SP_NIL;

sp_value sp_regexp_new(const char *src, size_t len, int opts)
{
    sp_value key = sp_str_new(src, len);
    sp_str_cat(key, "/", 1);
    char o = (char)('0' + (opts & 7));
    sp_str_cat(key, &o, 1);
    pthread_mutex_lock(&cache_lock);
    sp_value hit = lit_cache == SP_NIL ? SP_UNDEF : sp_hash_lookup(lit_cache, key, SP_UNDEF);
    pthread_mutex_unlock(&cache_lock);
    if (hit != SP_UNDEF) return hit;
    sp_value re = regexp_alloc(sp_cRegexp, sp_str_new(src, len), opts);
    pthread_mutex_lock(&cache_lock);
    if (lit_cache == SP_NIL) lit_cache = sp_hash_new();
    if (sp_hash_size(lit_cache) < 4096) sp_hash_aset(lit_cache, key, re);
    pthread_mutex_unlock(&cache_lock);
    return re;
}

sp_value sp_regexp_literal(sp_value src, int opts)
{
    return regexp_alloc(sp_cRegexp, sp_str_to_str(src), opts);   /* frozen */
}

sp_value sp_regexp_new_str(sp_value str, int opts)
{
    return regexp_alloc(sp_cRegexp, str, opts);
}

sp_value sp_reg_quote(sp_value str)
{
    size_t n; const char *p = sp_str_snap(str, &n);
    sp_value out = sp_str_buf_new(n + 8);
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        switch (c) {
        case '[': case ']': case '{': case '}': case '(': case ')': case '|': case '-':
        case '*': case '.': case '\\': case '?': case '+': case '^': case '$': case '#':
            sp_str_cat(out, "\\", 1); sp_str_cat(out, &c, 1); break;
        case ' ': sp_str_cat(out, "\\ ", 2); break;
        case '\t': sp_str_cat(out, "\\t", 2); break;
        case '\n': sp_str_cat(out, "\\n", 2); break;
        case '\r': sp_str_cat(out, "\\r", 2); break;
        case '\f': sp_str_cat(out, "\\f", 2); break;
        case '\v': sp_str_cat(out, "\\v", 2); break;
        default: sp_str_cat(out, &c, 1);
        }
    }
    return out;
}

sp_value sp_to_regexp(sp_value pat)
{
    if (sp_regexp_p(pat)) return pat;
    if (sp_str_p(pat)) return sp_regexp_new_str(sp_reg_quote(pat), 0);
    sp_raise(sp_eTypeError, "wrong argument type %s (expected Regexp)", sp_obj_classname(pat));
}

/* ------------------------------------------------------------------ */
/* Matching                                                            */

static int valid_utf8(const char *p, size_t n)
{
    const char *e = p + n;
    while (p < e) {
        if ((unsigned char)*p < 0x80) { p++; continue; }
        int32_t cp;
        int k = sp_utf8_char(p, e, &cp);
        if (cp < 0) return 0;
        p += k;
    }
    return 1;
}

sp_value sp_last_match(void) { return sp_ec_current()->last_match; }
void sp_set_last_match(sp_value m) { sp_ec_current()->last_match = m; }

/* One match data per worker thread, reused: pcre2_match keeps its heap
 * frames in the match data, and a fresh one per call (through the GC)
 * cleared 20 KiB each time.  Nothing between pcre2_match and the copy
 * of the ovector can switch fibers, so a worker-local block is safe. */
static __thread pcre2_match_data *tls_md;
static __thread uint32_t tls_md_pairs;

static pcre2_match_data *match_data_for(pcre2_code *code)
{
    uint32_t need = 0;
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &need);
    need += 1;
    if (!tls_md || tls_md_pairs < need) {
        if (tls_md) pcre2_match_data_free(tls_md);
        tls_md_pairs = need < 16 ? 16 : need;
        tls_md = pcre2_match_data_create(tls_md_pairs, NULL);
        if (!tls_md) sp_raise(sp_eRegexpError, "failed to allocate match data");
    }
    return tls_md;
}

/* ------------------------------------------------------------------ */
/* Timeouts                                                            */

static int64_t global_timeout_ns;   /* Regexp.timeout, 0: none; atomic */
static sp_value cTimeoutError;

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* A timeout argument as nanoseconds: nil is 0 (none); a Numeric must be
 * positive (CRuby's "invalid timeout: X"), converted as rb_num2dbl. */
static int64_t timeout_arg(sp_value v)
{
    if (v == SP_NIL) return 0;
    double d = sp_num2dbl(v);
    if (!(d > 0)) sp_raise(sp_eArgError, "invalid timeout: %s", sp_str_cstr(sp_to_s(v)));
    double ns = d * 1e9;
    if (ns > (double)(INT64_MAX / 2)) return INT64_MAX / 2;
    return ns < 1 ? 1 : (int64_t)ns;
}

static sp_value timeout_value(int64_t ns) { return ns ? sp_float_new((double)ns / 1e9) : SP_NIL; }

/* pcre2_match under a time limit (see the header comment): runs with a
 * doubling match limit, reading the clock between runs. */
static int match_timed(pcre2_code *code, const char *p, size_t n, size_t start, uint32_t opts,
                       pcre2_match_data *md, int64_t limit_ns)
{
    static __thread pcre2_match_context *tls_mctx;   /* malloc'ed, one per worker */
    if (!tls_mctx && !(tls_mctx = pcre2_match_context_create(NULL)))
        sp_raise(sp_eRegexpError, "failed to allocate a match context");
    int64_t t0 = now_ns();
    for (uint32_t limit = 1u << 16;; limit = limit > UINT32_MAX / 2 ? UINT32_MAX : limit * 2) {
        pcre2_set_match_limit(tls_mctx, limit);
        int rc = pcre2_match(code, (PCRE2_SPTR)p, n, start, opts, md, tls_mctx);
        if (rc != PCRE2_ERROR_MATCHLIMIT || limit == UINT32_MAX) return rc;
        if (now_ns() - t0 >= limit_ns) sp_raise(cTimeoutError, "regexp match timeout");
    }
}

/* Regexp.timeout / Regexp.timeout= (process-wide, as CRuby) */
SP_METHOD(re_s_timeout) { return timeout_value(__atomic_load_n(&global_timeout_ns, __ATOMIC_RELAXED)); }
SP_METHOD(re_s_set_timeout)
{
    __atomic_store_n(&global_timeout_ns, timeout_arg(argv[0]), __ATOMIC_RELAXED);
    return argv[0];
}
/* Regexp#timeout: Regexp.new's timeout:, nil without one */
SP_METHOD(re_timeout) { return timeout_value(re_ok(self)->timeout_ns); }

/* Run re over p[0..n) from start; nil, or a MatchData over str whose
 * offsets are shifted by base (p is str's bytes + base).  valid: p is
 * known to be valid UTF-8 (-1: check). */
static sp_value reg_exec(sp_value rev, sp_value str, const char *p, size_t n, size_t start,
                         size_t base, uint32_t mopts, int valid)
{
    sp_regexp *re = re_ok(rev);
    pcre2_code *code = re->code;
    if (valid < 0) valid = valid_utf8(p, n);
    if (!valid) {
        if (!re->code_bin) re->code_bin = compile(re->src, re->opts, 0, re->named);
        code = re->code_bin;
    }
    pcre2_match_data *md = match_data_for(code);
    uint32_t opts = mopts | (code == re->code ? PCRE2_NO_UTF_CHECK : 0);
    int64_t limit_ns = re->timeout_ns ? re->timeout_ns : __atomic_load_n(&global_timeout_ns, __ATOMIC_RELAXED);
    int rc = limit_ns ? match_timed(code, p, n, start, opts, md, limit_ns)
                      : pcre2_match(code, (PCRE2_SPTR)p, n, start, opts, md, mctx);
    if (rc < 0) {
        if (rc != PCRE2_ERROR_NOMATCH && rc != PCRE2_ERROR_PARTIAL) {
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(rc, msg, sizeof msg);
            sp_raise(sp_eRegexpError, "%s", (char *)msg);
        }
        return SP_NIL;
    }
    int ng = re->ngroups + 1;
    sp_match *m = sp_alloc(sizeof(sp_match) + sizeof(long) * 2 * (size_t)ng, sp_cMatchData, SP_T_MATCH);
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    uint32_t ovn = pcre2_get_ovector_count(md);
    for (int i = 0; i < ng; i++) {
        if ((uint32_t)i < ovn && (i < rc || rc == 0) && ov[2 * i] != PCRE2_UNSET) {
            m->ov[2 * i] = (long)(ov[2 * i] + base);
            m->ov[2 * i + 1] = (long)(ov[2 * i + 1] + base);
        } else m->ov[2 * i] = m->ov[2 * i + 1] = -1;
    }
    m->n = ng;
    m->re = rev;
    m->str = sp_str_frozen_key(str);
    m->hdr.flags |= SP_FL_FROZEN;
    return (sp_value)m;
}

sp_value sp_reg_search(sp_value rev, sp_value str, size_t pos, int set_last)
{
    size_t n; const char *p = sp_str_snap(str, &n);
    sp_value m = pos > n ? SP_NIL : reg_exec(rev, str, p, n, pos, 0, 0, -1);
    if (set_last) sp_set_last_match(m);
    return m;
}

void sp_reg_cursor_init(sp_reg_cursor *c, sp_value str)
{
    c->str = str;
    c->frozen = SP_NIL;
    c->buf = NULL;
    c->len = 0;
    c->valid = 0;
}

sp_value sp_reg_search_cur(sp_value rev, sp_reg_cursor *c, size_t pos)
{
    sp_string *s = (sp_string *)c->str;
    const void *buf = __atomic_load_n(&s->buf, __ATOMIC_ACQUIRE);
    size_t len = sp_str_len(c->str);
    if (c->frozen == SP_NIL || buf != c->buf || len != c->len) {
        c->frozen = sp_str_frozen_key(c->str);
        c->buf = buf;
        c->len = len;
        size_t n; const char *p = sp_str_snap(c->frozen, &n);
        c->valid = valid_utf8(p, n);
    }
    size_t n; const char *p = sp_str_snap(c->frozen, &n);
    if (pos > n) return SP_NIL;
    return reg_exec(rev, c->frozen, p, n, pos, 0, 0, c->valid);
}

sp_value sp_reg_match_sub(sp_value rev, sp_value str, size_t base, int anchored, int valid)
{
    size_t n; const char *p = sp_str_snap(str, &n);
    if (base > n) return SP_NIL;
    return reg_exec(rev, str, p + base, n - base, 0, base, anchored ? PCRE2_ANCHORED : 0, valid);
}

int sp_match_ngroups(sp_value m) { return MD(m)->n - 1; }
long sp_match_beg(sp_value m, int i) { return i < 0 || i >= MD(m)->n ? -1 : MD(m)->ov[2 * i]; }
long sp_match_end(sp_value m, int i) { return i < 0 || i >= MD(m)->n ? -1 : MD(m)->ov[2 * i + 1]; }
sp_value sp_match_str(sp_value m) { return MD(m)->str; }

sp_value sp_match_group(sp_value m, int i)
{
    if (i < 0) i += MD(m)->n;
    if (i < 0 || i >= MD(m)->n || MD(m)->ov[2 * i] < 0) return SP_NIL;
    return sp_str_substr_bytes(MD(m)->str, (size_t)MD(m)->ov[2 * i], (size_t)(MD(m)->ov[2 * i + 1] - MD(m)->ov[2 * i]));
}

int sp_match_name_index(sp_value m, const char *name, size_t len)
{
    sp_regexp *re = RE(MD(m)->re);
    char buf[256];
    if (name_needs_code(name, len, 0)) {
        sp_value coded = sp_str_buf_new(len * 3 + 4);
        name_encode(coded, name, len);
        name = sp_str_snap(coded, &len);
    }
    if (len >= sizeof buf) return -1;
    memcpy(buf, name, len); buf[len] = 0;
    int idx = pcre2_substring_number_from_name(re->code, (PCRE2_SPTR)buf);
    if (idx < 0 && idx != PCRE2_ERROR_NOUNIQUESUBSTRING) return -1;
    /* duplicate names: the last group that matched wins */
    PCRE2_SPTR first, last;
    int entry = pcre2_substring_nametable_scan(re->code, (PCRE2_SPTR)buf, &first, &last);
    if (entry > 0) {
        uint32_t esz = 0;
        pcre2_pattern_info(re->code, PCRE2_INFO_NAMEENTRYSIZE, &esz);
        for (PCRE2_SPTR e = last; e >= first; e -= esz) {
            int g = (e[0] << 8) | e[1];
            if (g < MD(m)->n && MD(m)->ov[2 * g] >= 0) return g;
        }
        if (idx < 0) return (last[0] << 8) | last[1];
    }
    return idx;
}

sp_value sp_last_match_group(int n)
{
    sp_value m = sp_last_match();
    if (m == SP_NIL) return SP_NIL;
    return sp_match_group(m, n);
}

/* Names in group order. */
static sp_value re_names_ary(sp_regexp *re, int with_index)
{
    uint32_t cnt = 0, esz = 0;
    PCRE2_SPTR tbl;
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMECOUNT, &cnt);
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMEENTRYSIZE, &esz);
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMETABLE, &tbl);
    /* name table is sorted by name; reorder by group number */
    sp_value names = sp_ary_new();
    int ng = re->ngroups;
    for (int g = 1; g <= ng; g++) {
        for (uint32_t i = 0; i < cnt; i++) {
            PCRE2_SPTR e = tbl + i * esz;
            int num = (e[0] << 8) | e[1];
            if (num != g) continue;
            sp_value s = name_decode((const char *)e + 2);
            int dup = 0;
            for (long k = 0; k < sp_ary_len(names); k++) if (sp_str_equal(sp_ary_entry(names, k), s)) dup = 1;
            if (!dup) sp_ary_push(names, s);
        }
    }
    (void)with_index;
    return names;
}

/* ------------------------------------------------------------------ */
/* Regexp methods                                                      */

static int opts_from_arg(sp_value v)
{
    if (v == SP_NIL || v == SP_FALSE) return 0;
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    if (sp_str_p(v)) {
        int o = 0;
        size_t n; const char *p = sp_str_snap(v, &n);
        for (size_t i = 0; i < n; i++) {
            if (p[i] == 'i') o |= SP_RE_IGNORECASE;
            else if (p[i] == 'x') o |= SP_RE_EXTENDED;
            else if (p[i] == 'm') o |= SP_RE_MULTILINE;
            else sp_raise(sp_eArgError, "unknown regexp option: %s", sp_str_cstr(v));
        }
        return o;
    }
    return SP_RE_IGNORECASE;  /* any other truthy value */
}

/* Regexp#initialize(source, options = nil, timeout: nil), private: Class#new
 * (Regexp.new, Regexp.compile, a subclass's new with its own initialize
 * calling super) runs it on a fresh allocation.  A literal is frozen; an
 * initialized Regexp refuses a second initialize. */
SP_METHOD(re_initialize)
{
    int64_t timeout_ns = 0;
    if ((argc_ & SP_ARGC_KW) && argc > 0) {
        sp_value kw = argv[--argc];
        if (sp_hash_size(kw) != 1 || sp_hash_lookup(kw, sp_sym("timeout"), SP_UNDEF) == SP_UNDEF)
            sp_raise(sp_eArgError, "unknown keyword: %s", sp_str_cstr(sp_inspect(kw)));
        timeout_ns = timeout_arg(sp_hash_lookup(kw, sp_sym("timeout"), SP_NIL));
    }
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_check_frozen(self);
    if (RE(self)->src) sp_raise(sp_eTypeError, "already initialized regexp");
    RE(self)->timeout_ns = timeout_ns;
    if (sp_regexp_p(argv[0])) {
        if (argc > 1) sp_warn("flags ignored");
        regexp_setup(RE(self), re_ok(argv[0])->src, RE(argv[0])->opts);
        return self;
    }
    sp_value src = sp_str_to_str(argv[0]);
    int opts = 0;
    if (argc > 1) {
        sp_value v = argv[1];
        if (!SP_FIXNUM_P(v) && !sp_str_p(v) && v != SP_NIL && v != SP_FALSE && v != SP_TRUE)
            sp_warning("expected true or false as ignorecase: %s", sp_str_cstr(sp_inspect(v)));
        opts = opts_from_arg(v);
    }
    regexp_setup(RE(self), src, opts);
    return self;
}

SP_METHOD(re_s_compile) { return sp_class_new_instance(self, argc_, argv, blk); }

/* A pattern argument that is quoted: a Symbol's name or a String. */
static sp_value sym_or_str(sp_value s)
{
    if (SP_SYMBOL_P(s)) return sp_str_new(sp_id_name(SP_SYM2ID(s)), sp_id_len(SP_SYM2ID(s)));
    return sp_str_to_str(s);
}

SP_METHOD(re_s_escape) { return sp_reg_quote(sym_or_str(argv[0])); }

static sp_value re_to_s_str(sp_value self);

SP_METHOD(re_s_union)
{
    const sp_value *v = argv;
    long n = argc;
    if (argc == 1 && sp_ary_p(argv[0])) v = sp_ary_snap(argv[0], &n);
    if (n == 0) return sp_regexp_new("(?!)", 4, 0);
    if (n == 1) {
        /* one pattern: a Regexp (or what #to_regexp gives) as it is, a
         * Symbol or String quoted */
        sp_value r = sp_try_convert(v[0], sp_cRegexp, "to_regexp");
        if (r != SP_NIL) return r;
        return sp_regexp_new_str(sp_reg_quote(sym_or_str(v[0])), 0);
    }
    sp_value src = sp_str_new(NULL, 0);
    for (long i = 0; i < n; i++) {
        if (i) sp_str_cat(src, "|", 1);
        sp_value r = sp_try_convert(v[i], sp_cRegexp, "to_regexp");
        if (r != SP_NIL) sp_str_append(src, re_to_s_str(r));
        else sp_str_append(src, sp_reg_quote(sp_str_to_str(v[i])));
    }
    return sp_regexp_new_str(src, 0);
}

SP_METHOD_DECL(md_aref);
SP_METHOD(re_s_last_match)
{
    sp_value m = sp_last_match();
    if (argc == 0 || m == SP_NIL) return m;
    if (SP_SYMBOL_P(argv[0]) || sp_str_p(argv[0]))
        return md_aref(m, 1, argv, SP_NIL);     /* a name: IndexError when missing */
    return sp_match_group(m, (int)sp_num_to_long(argv[0]));
}

SP_METHOD(re_source) { return sp_str_dup(re_ok(self)->src); }
SP_METHOD(re_options) { return SP_FIX(re_ok(self)->opts); }
/* US-ASCII for ASCII-only sources, UTF-8 (fixed) otherwise. */
static int src_ascii(sp_value self)
{
    size_t n; const char *p = sp_str_snap(RE(self)->src, &n);
    for (size_t i = 0; i < n; i++) if ((unsigned char)p[i] >= 0x80) return 0;
    return 1;
}
/* /n: does the source denote non-ASCII bytes (raw, or \xHH / \NNN)? */
static int noenc_binary(sp_value self)
{
    if (!src_ascii(self)) return 1;
    size_t n; const char *p = sp_str_snap(RE(self)->src, &n);
    for (size_t i = 0; i + 1 < n; i++) {
        if (p[i] != '\\') continue;
        if (p[i + 1] == 'x' && i + 2 < n && strchr("89abcdefABCDEF", p[i + 2]) && p[i + 2]) return 1;
        if (p[i + 1] >= '2' && p[i + 1] <= '3' && i + 3 < n && p[i + 2] >= '0' && p[i + 2] <= '7' &&
            p[i + 3] >= '0' && p[i + 3] <= '7') return 1;
        i++;
    }
    return 0;
}
SP_METHOD(re_encoding)
{
    sp_value s = sp_str_new(NULL, 0);
    if (!RE(self)->src) {   /* uninitialized: BINARY, as CRuby */
        sp_str_set_binary(s);
        return sp_funcall0(s, "encoding");
    }
    int o = RE(self)->opts;
    if (o & SP_RE_NOENC) sp_str_set_binary(s);
    if ((o & SP_RE_NOENC) ? !noenc_binary(self) : !(o & SP_RE_FIXED) && src_ascii(self))
        s = sp_funcall1(s, "force_encoding", sp_str_new_cstr("US-ASCII"));
    return sp_funcall0(s, "encoding");
}
SP_METHOD(re_fixed_encoding)
{
    return SP_BOOL(RE(self)->src && ((RE(self)->opts & SP_RE_FIXED) || !src_ascii(self)));
}
SP_METHOD(re_casefold) { return SP_BOOL(re_ok(self)->opts & SP_RE_IGNORECASE); }

static void opt_chars(sp_value out, int opts)
{
    if (opts & SP_RE_MULTILINE) sp_str_cat(out, "m", 1);
    if (opts & SP_RE_IGNORECASE) sp_str_cat(out, "i", 1);
    if (opts & SP_RE_EXTENDED) sp_str_cat(out, "x", 1);
}

SP_METHOD(re_inspect)
{
    size_t n; const char *p = sp_str_snap(re_ok(self)->src, &n);
    sp_value out = sp_str_buf_new(n + 4);
    sp_str_cat(out, "/", 1);
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '\\' && i + 1 < n) { sp_str_cat(out, p + i, 2); i++; continue; }
        if (p[i] == '/') { sp_str_cat(out, "\\/", 2); continue; }
        sp_str_cat(out, p + i, 1);
    }
    sp_str_cat(out, "/", 1);
    opt_chars(out, RE(self)->opts);
    if (RE(self)->opts & SP_RE_NOENC) sp_str_cat(out, "n", 1);
    return out;
}

/* If src is exactly one "(?on-off:...)" group, store its flags in *o and
 * the inner text's bounds (Regexp#to_s folds it like Onigmo). */
static int single_opt_group(const char *p, size_t n, int *o, size_t *b, size_t *e)
{
    if (n < 4 || p[0] != '(' || p[1] != '?' || p[n - 1] != ')') return 0;
    size_t i = 2;
    int on = *o, neg = 0;
    for (; i < n && p[i] != ':'; i++) {
        int bit = p[i] == 'm' ? SP_RE_MULTILINE : p[i] == 'i' ? SP_RE_IGNORECASE : p[i] == 'x' ? SP_RE_EXTENDED : 0;
        if (p[i] == '-') { neg = 1; continue; }
        if (!bit) return 0;
        if (neg) on &= ~bit; else on |= bit;
    }
    if (i >= n) return 0;
    /* the group must close at the very end */
    int depth = 0, cls = 0;
    for (size_t k = 0; k < n; k++) {
        if (p[k] == '\\') { k++; continue; }
        if (cls) { if (p[k] == ']') cls = 0; continue; }
        if (p[k] == '[') { cls = 1; continue; }
        if (p[k] == '(') depth++;
        else if (p[k] == ')' && --depth == 0 && k != n - 1) return 0;
    }
    *o = on; *b = i + 1; *e = n - 1;
    return 1;
}

/* "(?" + on-flags + "-" + off-flags + ":" — the head of Regexp#to_s. */
static sp_value re_to_s_head(int o)
{
    sp_value out = sp_str_new("(?", 2);
    opt_chars(out, o);
    if ((o & 7) != 7) {
        sp_str_cat(out, "-", 1);
        if (!(o & SP_RE_MULTILINE)) sp_str_cat(out, "m", 1);
        if (!(o & SP_RE_IGNORECASE)) sp_str_cat(out, "i", 1);
        if (!(o & SP_RE_EXTENDED)) sp_str_cat(out, "x", 1);
    }
    sp_str_cat(out, ":", 1);
    return out;
}

static sp_value re_to_s_str(sp_value self)
{
    int o = re_ok(self)->opts;
    size_t sn; const char *sp = sp_str_snap(RE(self)->src, &sn);
    size_t gb, ge;
    sp_value out;
    if (single_opt_group(sp, sn, &o, &gb, &ge)) {
        out = re_to_s_head(o);
        sp_str_cat(out, sp + gb, ge - gb);
    } else {
        out = re_to_s_head(o);
        sp_str_append(out, RE(self)->src);
    }
    sp_str_cat(out, ")", 1);
    return out;
}
SP_METHOD(re_to_s) { return re_to_s_str(self); }

/* A match's subject: nil stays nil (no match), else as sym_or_str. */
static sp_value str_arg_for_match(sp_value v)
{
    return v == SP_NIL ? SP_NIL : sym_or_str(v);
}

SP_METHOD(re_match)
{
    sp_value s = str_arg_for_match(argv[0]);
    if (s == SP_NIL) { sp_set_last_match(SP_NIL); return SP_NIL; }
    size_t pos = 0;
    if (argc > 1) {
        size_t n; const char *p = sp_str_snap(s, &n);
        long ci = (long)sp_num_to_long(argv[1]);
        if (ci < 0) ci += sp_str_char_len(s);
        pos = sp_str_char_offset(p, n, ci, sp_str_binary_p(s));
    }
    sp_value m = sp_reg_search(self, s, pos, 1);
    if (m != SP_NIL && blk != SP_NIL) return sp_yield1(blk, m);
    return m;
}

SP_METHOD(re_match_p)
{
    sp_value s = str_arg_for_match(argv[0]);
    if (s == SP_NIL) return SP_FALSE;
    size_t pos = 0;
    if (argc > 1) {
        size_t n; const char *p = sp_str_snap(s, &n);
        long ci = (long)sp_num_to_long(argv[1]);
        if (ci < 0) ci += sp_str_char_len(s);
        if (ci < 0) return SP_FALSE;
        pos = sp_str_char_offset(p, n, ci, sp_str_binary_p(s));
    }
    return SP_BOOL(sp_reg_search(self, s, pos, 0) != SP_NIL);
}

SP_METHOD(re_match_op)
{
    sp_value s = str_arg_for_match(argv[0]);
    if (s == SP_NIL) { sp_set_last_match(SP_NIL); return SP_NIL; }
    sp_value m = sp_reg_search(self, s, 0, 1);
    if (m == SP_NIL) return SP_NIL;
    size_t n; const char *p = sp_str_snap(s, &n);
    (void)n;
    return SP_FIX(sp_str_char_len(sp_str_new(p, (size_t)sp_match_beg(m, 0))));
}

SP_METHOD(re_eqq)
{
    sp_value v = argv[0];
    if (!sp_str_p(v) && !SP_SYMBOL_P(v)) {
        v = sp_try_convert(v, sp_cString, "to_str");    /* a string-like object */
        if (v == SP_NIL) return SP_FALSE;
    }
    sp_value s = str_arg_for_match(v);
    return SP_BOOL(sp_reg_search(self, s, 0, 1) != SP_NIL);
}

SP_METHOD(re_names) { return re_names_ary(re_ok(self), 0); }

/* {"name" => [group numbers]} in group order. */
SP_METHOD(re_named_captures)
{
    sp_regexp *re = re_ok(self);
    uint32_t cnt = 0, esz = 0;
    PCRE2_SPTR tbl;
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMECOUNT, &cnt);
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMEENTRYSIZE, &esz);
    pcre2_pattern_info(re->code, PCRE2_INFO_NAMETABLE, &tbl);
    sp_value h = sp_hash_new();
    for (int g = 1; g <= re->ngroups; g++) {
        for (uint32_t i = 0; i < cnt; i++) {
            PCRE2_SPTR e = tbl + i * esz;
            if (((e[0] << 8) | e[1]) != g) continue;
            sp_value s = name_decode((const char *)e + 2);
            sp_value a = sp_hash_lookup(h, s, SP_NIL);
            if (a == SP_NIL) { a = sp_ary_new(); sp_hash_aset(h, s, a); }
            sp_ary_push(a, SP_FIX(g));
        }
    }
    return h;
}

static long char_off(sp_value m, long byte_off);

/* ~/re/: match against $_. */
SP_METHOD(re_tilde)
{
    sp_value line = sp_gvar_get(sp_intern("$_"));
    if (!sp_str_p(line)) { sp_set_last_match(SP_NIL); return SP_NIL; }
    sp_value m = sp_reg_search(self, line, 0, 1);
    if (m == SP_NIL) return SP_NIL;
    return SP_FIX(char_off(m, sp_match_beg(m, 0)));
}

/* What == and hash compare besides the source: i, x, m and a fixed
 * encoding (/u); not /n, which only says how the source was read. */
#define RE_EQ_OPTS (7 | SP_RE_FIXED)

SP_METHOD(re_eq)
{
    sp_value o = argv[0];
    if (!sp_regexp_p(o)) return SP_FALSE;
    return SP_BOOL((RE(o)->opts & RE_EQ_OPTS) == (RE(self)->opts & RE_EQ_OPTS) &&
                   sp_str_equal(RE(o)->src, RE(self)->src));
}
SP_METHOD(re_hash)
{
    uint64_t opts = (uint64_t)(re_ok(self)->opts & RE_EQ_OPTS);
    /* the options spread over the high bits: a plain xor of 1..7 was
     * shifted out by the >> 2 that keeps the result a Fixnum */
    return SP_FIX((int64_t)((sp_str_hash(RE(self)->src) ^ (opts * 0x9e3779b97f4a7c15ull)) >> 2));
}
SP_METHOD(re_s_try_convert) { return sp_try_convert(argv[0], sp_cRegexp, "to_regexp"); }

/* ------------------------------------------------------------------ */
/* MatchData methods                                                   */

static long char_off(sp_value m, long byte_off)
{
    if (byte_off < 0) return -1;
    size_t n; const char *p = sp_str_snap(MD(m)->str, &n);
    if ((size_t)byte_off > n) byte_off = (long)n;
    long c = 0;
    const char *e = p + byte_off;
    if (sp_str_binary_p(MD(m)->str)) return byte_off;
    while (p < e) {
        int32_t cp;
        p += (unsigned char)*p < 0x80 ? 1 : sp_utf8_char(p, p + n, &cp);
        c++;
    }
    return c;
}

static int group_index(sp_value self, sp_value k)
{
    if (SP_FIXNUM_P(k)) return (int)SP_FIX2LONG(k);
    if (!sp_str_p(k) && !SP_SYMBOL_P(k)) return (int)sp_num_to_long(k);   /* #to_int */
    sp_value s = str_arg_for_match(k);
    size_t n; const char *p = sp_str_snap(s, &n);
    int g = sp_match_name_index(self, p, n);
    if (g < 0) sp_raise(sp_eIndexError, "undefined group name reference: %.*s", (int)n, p);
    return g;
}

/* Group g; negative g counts from the end but never reaches group 0 (MRI). */
static sp_value md_nth(sp_value self, int g)
{
    if (g < 0) { g += MD(self)->n; if (g <= 0) return SP_NIL; }
    if (g >= MD(self)->n) return SP_NIL;
    return sp_match_group(self, g);
}

SP_METHOD(md_aref)
{
    if (argc == 2 || sp_range_p(argv[0])) {
        sp_value a = sp_ary_new();
        for (int i = 0; i < MD(self)->n; i++) sp_ary_push(a, sp_match_group(self, i));
        return sp_call(a, sp_intern("[]"), argc, argv, SP_NIL);
    }
    return md_nth(self, group_index(self, argv[0]));
}

SP_METHOD(md_to_a)
{
    sp_value a = sp_ary_new();
    for (int i = 0; i < MD(self)->n; i++) sp_ary_push(a, sp_match_group(self, i));
    return a;
}
SP_METHOD(md_captures)
{
    sp_value a = sp_ary_new();
    for (int i = 1; i < MD(self)->n; i++) sp_ary_push(a, sp_match_group(self, i));
    return a;
}
SP_METHOD(md_named_captures)
{
    sp_value names = re_names_ary(RE(MD(self)->re), 0);
    sp_value h = sp_hash_new();
    int sym = SP_RTEST(sp_kwarg(argc_, argv, "symbolize_names", SP_FALSE));
    for (long i = 0; i < sp_ary_len(names); i++) {
        sp_value nm = sp_ary_entry(names, i);
        size_t n; const char *p = sp_str_snap(nm, &n);
        int g = sp_match_name_index(self, p, n);
        sp_hash_aset(h, sym ? SP_ID2SYM(sp_intern_len(p, n)) : nm, sp_match_group(self, g));
    }
    return h;
}
SP_METHOD(md_names) { return re_names_ary(RE(MD(self)->re), 0); }
SP_METHOD(md_pre) { return sp_str_substr_bytes(MD(self)->str, 0, (size_t)MD(self)->ov[0]); }
SP_METHOD(md_post)
{
    size_t n = sp_str_len(MD(self)->str);
    return sp_str_substr_bytes(MD(self)->str, (size_t)MD(self)->ov[1], n - (size_t)MD(self)->ov[1]);
}
SP_METHOD(md_begin)
{
    int g = group_index(self, argv[0]);
    if (g < 0 || g >= MD(self)->n) sp_raise(sp_eIndexError, "index %d out of matches", g);
    long b = MD(self)->ov[2 * g];
    return b < 0 ? SP_NIL : SP_FIX(char_off(self, b));
}
SP_METHOD(md_end)
{
    int g = group_index(self, argv[0]);
    if (g < 0 || g >= MD(self)->n) sp_raise(sp_eIndexError, "index %d out of matches", g);
    long e = MD(self)->ov[2 * g + 1];
    return e < 0 ? SP_NIL : SP_FIX(char_off(self, e));
}
SP_METHOD(md_offset)
{
    sp_value v[2] = { md_begin(self, 1, argv, SP_NIL), md_end(self, 1, argv, SP_NIL) };
    return sp_ary_new_from(2, v);
}
/* The group an argument names (number, name), IndexError past the groups. */
static int group_in_range(sp_value self, sp_value k)
{
    int g = group_index(self, k);
    if (g < 0 || g >= MD(self)->n) sp_raise(sp_eIndexError, "index %d out of matches", g);
    return g;
}
/* Byte offset of group g's start (end 0) or end (1), nil if it did not take part. */
static sp_value byte_bound(sp_value self, int g, int end)
{
    long o = MD(self)->ov[2 * g + end];
    return o < 0 ? SP_NIL : SP_FIX(o);
}
SP_METHOD(md_byteoffset)
{
    int g = group_in_range(self, argv[0]);
    sp_value v[2] = { byte_bound(self, g, 0), byte_bound(self, g, 1) };
    return sp_ary_new_from(2, v);
}
SP_METHOD(md_bytebegin) { return byte_bound(self, group_in_range(self, argv[0]), 0); }
SP_METHOD(md_byteend) { return byte_bound(self, group_in_range(self, argv[0]), 1); }
/* #match(n): group n's text (nil if it did not take part); #match_length(n)
 * its length in characters */
SP_METHOD(md_match) { return sp_match_group(self, group_in_range(self, argv[0])); }
SP_METHOD(md_match_length)
{
    sp_value s = sp_match_group(self, group_in_range(self, argv[0]));
    return s == SP_NIL ? SP_NIL : SP_FIX(sp_str_char_len(s));
}
SP_METHOD(md_eq)
{
    sp_value o = argv[0];
    if (o == self) return SP_TRUE;
    if (!sp_match_p(o) || MD(o)->n != MD(self)->n) return SP_FALSE;
    if (!sp_str_equal(MD(o)->str, MD(self)->str)) return SP_FALSE;
    sp_value ra = MD(o)->re, rb = MD(self)->re;
    if (RE(ra)->opts != RE(rb)->opts || !sp_str_equal(RE(ra)->src, RE(rb)->src)) return SP_FALSE;
    for (int i = 0; i < 2 * MD(self)->n; i++) if (MD(o)->ov[i] != MD(self)->ov[i]) return SP_FALSE;
    return SP_TRUE;
}
SP_METHOD(md_to_s) { return sp_match_group(self, 0); }
SP_METHOD(md_size) { return SP_FIX(MD(self)->n); }
SP_METHOD(md_string) { return MD(self)->str; }
SP_METHOD(md_regexp) { return MD(self)->re; }
/* Integers and names one by one; a Range as Array#values_at takes it over
 * the groups (nil past the end, RangeError before the start). */
SP_METHOD(md_values_at)
{
    sp_value a = sp_ary_new();
    sp_value groups = SP_NIL;
    for (int i = 0; i < argc; i++) {
        if (sp_range_p(argv[i])) {
            if (groups == SP_NIL) groups = md_to_a(self, 0, NULL, SP_NIL);
            sp_ary_concat(a, sp_call(groups, sp_intern("values_at"), 1, &argv[i], SP_NIL));
        } else {
            sp_ary_push(a, md_nth(self, group_index(self, argv[i])));
        }
    }
    return a;
}
SP_METHOD(md_inspect)
{
    sp_value out = sp_str_new("#<MatchData ", 12);
    sp_str_inspect_cat(out, sp_match_group(self, 0));
    sp_regexp *re = RE(MD(self)->re);
    sp_value names = re->named ? re_names_ary(re, 0) : SP_NIL;
    for (int i = 1; i < MD(self)->n; i++) {
        sp_str_cat(out, " ", 1);
        if (names != SP_NIL && i - 1 < sp_ary_len(names)) sp_str_append(out, sp_ary_entry(names, i - 1));
        else { char b[16]; snprintf(b, sizeof b, "%d", i); sp_str_cat_cstr(out, b); }
        sp_str_cat(out, ":", 1);
        sp_value g = sp_match_group(self, i);
        if (g == SP_NIL) sp_str_cat(out, "nil", 3); else sp_str_inspect_cat(out, g);
    }
    sp_str_cat(out, ">", 1);
    return out;
}
/* {name: capture} for the keys asked (all named groups for nil), in the
 * keys' order, stopping at the first key that names no group (CRuby). */
SP_METHOD(md_deconstruct_keys)
{
    sp_value names = re_names_ary(RE(MD(self)->re), 0);
    sp_value h = sp_hash_new();
    sp_value want = argv[0];
    if (want == SP_NIL) {
        for (long i = 0; i < sp_ary_len(names); i++) {
            size_t n; const char *p = sp_str_snap(sp_ary_entry(names, i), &n);
            sp_hash_aset(h, SP_ID2SYM(sp_intern_len(p, n)), sp_match_group(self, sp_match_name_index(self, p, n)));
        }
        return h;
    }
    if (!sp_ary_p(want))
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Array)", sp_obj_classname(want));
    if (sp_ary_len(names) < sp_ary_len(want)) return h;
    for (long k = 0; k < sp_ary_len(want); k++) {
        sp_value key = sp_ary_entry(want, k);
        if (!SP_SYMBOL_P(key))
            sp_raise(sp_eTypeError, "wrong argument type %s (expected Symbol)", sp_obj_classname(key));
        sp_id id = SP_SYM2ID(key);
        int g = sp_match_name_index(self, sp_id_name(id), sp_id_len(id));
        if (g < 0) break;
        sp_hash_aset(h, key, sp_match_group(self, g));
    }
    return h;
}

/* ------------------------------------------------------------------ */

void sp_init_regexp(void)
{
    gctx = pcre2_general_context_create(gc_pmalloc, gc_pfree, NULL);
    cctx = pcre2_compile_context_create(gctx);
    mctx = pcre2_match_context_create(gctx);

    sp_value R = sp_cRegexp;
    sp_define_const(R, "IGNORECASE", SP_FIX(SP_RE_IGNORECASE));
    sp_define_const(R, "FIXEDENCODING", SP_FIX(16));
    sp_define_const(R, "NOENCODING", SP_FIX(32));
    sp_define_const(R, "EXTENDED", SP_FIX(SP_RE_EXTENDED));
    sp_define_const(R, "MULTILINE", SP_FIX(SP_RE_MULTILINE));
    sp_class_set_allocator(R, re_allocator);
    sp_define_private_method(R, "initialize", re_initialize, -1);
    sp_undef_method(sp_singleton_class(sp_cMatchData), "allocate"); /* as CRuby: only a match makes one */
    sp_define_singleton_method(R, "compile", re_s_compile, -1);
    sp_define_singleton_method(R, "escape", re_s_escape, 1);
    sp_define_singleton_method(R, "quote", re_s_escape, 1);
    sp_define_singleton_method(R, "union", re_s_union, -1);
    sp_define_singleton_method(R, "try_convert", re_s_try_convert, 1);
    sp_define_singleton_method(R, "last_match", re_s_last_match, -1);
    sp_define_method(R, "source", re_source, 0);
    sp_define_method(R, "options", re_options, 0);
    sp_define_method(R, "encoding", re_encoding, 0);
    sp_define_method(R, "fixed_encoding?", re_fixed_encoding, 0);
    sp_define_singleton_method(R, "timeout", re_s_timeout, 0);
    sp_define_singleton_method(R, "timeout=", re_s_set_timeout, 1);
    sp_define_method(R, "timeout", re_timeout, 0);
    cTimeoutError = sp_define_class_under(R, "TimeoutError", sp_eRegexpError);
    sp_define_method(R, "casefold?", re_casefold, 0);
    sp_define_method(R, "inspect", re_inspect, 0);
    sp_define_method(R, "to_s", re_to_s, 0);
    sp_define_method(R, "match", re_match, -1);
    sp_define_method(R, "match?", re_match_p, -1);
    sp_define_method(R, "=~", re_match_op, 1);
    sp_define_method(R, "===", re_eqq, 1);
    sp_define_method(R, "names", re_names, 0);
    sp_define_method(R, "named_captures", re_named_captures, 0);
    sp_define_method(R, "~", re_tilde, 0);
    sp_define_method(R, "==", re_eq, 1);
    sp_define_method(R, "eql?", re_eq, 1);
    sp_define_method(R, "hash", re_hash, 0);

    sp_value M = sp_cMatchData;
    sp_define_method(M, "[]", md_aref, -1);
    sp_define_method(M, "to_a", md_to_a, 0);
    sp_define_method(M, "captures", md_captures, 0);
    sp_define_method(M, "deconstruct", md_captures, 0);
    sp_define_method(M, "named_captures", md_named_captures, -1);
    sp_define_method(M, "deconstruct_keys", md_deconstruct_keys, 1);
    sp_define_method(M, "names", md_names, 0);
    sp_define_method(M, "pre_match", md_pre, 0);
    sp_define_method(M, "post_match", md_post, 0);
    sp_define_method(M, "begin", md_begin, 1);
    sp_define_method(M, "end", md_end, 1);
    sp_define_method(M, "offset", md_offset, 1);
    sp_define_method(M, "byteoffset", md_byteoffset, 1);
    sp_define_method(M, "bytebegin", md_bytebegin, 1);
    sp_define_method(M, "byteend", md_byteend, 1);
    sp_define_method(M, "match", md_match, 1);
    sp_define_method(M, "match_length", md_match_length, 1);
    sp_define_method(M, "==", md_eq, 1);
    sp_define_method(M, "eql?", md_eq, 1);
    sp_define_method(M, "to_s", md_to_s, 0);
    sp_define_method(M, "size", md_size, 0);
    sp_define_method(M, "length", md_size, 0);
    sp_define_method(M, "string", md_string, 0);
    sp_define_method(M, "regexp", md_regexp, 0);
    sp_define_method(M, "values_at", md_values_at, -1);
    sp_define_method(M, "inspect", md_inspect, 0);
}

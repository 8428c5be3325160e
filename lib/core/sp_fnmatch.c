/*
 * sp_fnmatch.c — CRuby's file-name pattern matcher: File.fnmatch /
 * File.fnmatch? and the one matcher and brace expander Dir.glob uses.
 *
 * Semantics are CRuby's dir.c (not POSIX fnmatch(3), which differs on
 * brackets, escapes, "**" and multibyte characters):
 *   - "*" any run, "?" one character, "[...]" a set ("!" or "^" negates,
 *     "a-z" ranges by code point), "\" escapes unless FNM_NOESCAPE.
 *   - A leading "." of the string (of every path segment with
 *     FNM_PATHNAME) is matched only by a literal "." unless FNM_DOTMATCH.
 *   - FNM_PATHNAME: wildcards do not match "/", and a "**" segment matches any
 *     number of directories (not hidden ones unless FNM_DOTMATCH).
 *   - FNM_CASEFOLD folds ASCII letters only (as CRuby's rb_enc_toupper).
 *   - FNM_EXTGLOB: "{a,b}" alternatives (nested, escapable) are expanded
 *     first; the string matches when one expansion does.
 * Characters are UTF-8 sequences (a "?" takes a whole character) unless
 * the pattern is a binary String, then bytes.  Strings are NUL-terminated
 * copies, so matching never reads past them.
 */
#include <string.h>

#include "sp_fnmatch.h"
#include "sp_string.h"

#define FNM_NOMATCH 1

typedef struct fnm {
    int period, pathname, escape, nocase, bytes;
} fnm;

/* Length of the character at p (1 for bytes, invalid UTF-8, or the end). */
static int mblen_at(const fnm *m, const char *p)
{
    unsigned char c = (unsigned char)*p;
    int n = m->bytes || c < 0xc0 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : c < 0xf8 ? 4 : 1;
    for (int i = 1; i < n; i++)
        if (((unsigned char)p[i] & 0xc0) != 0x80) return 1;
    return n;
}

static unsigned int codepoint(const fnm *m, const char *p)
{
    int n = mblen_at(m, p);
    unsigned char c = (unsigned char)*p;
    if (n == 1) return c;
    unsigned int cp = c & (0x7f >> n);
    for (int i = 1; i < n; i++) cp = cp << 6 | ((unsigned char)p[i] & 0x3f);
    return cp;
}

static unsigned int fold(const fnm *m, unsigned int c)
{
    return m->nocase && c >= 'a' && c <= 'z' ? c - 32 : c;
}

#define UNESCAPE(p) (m->escape && *(p) == '\\' ? (p) + 1 : (p))
#define ISEND(p) (!*(p) || (m->pathname && *(p) == '/'))

/* "[...]" at p (just after "["), against the character at s: the pattern
 * position after "]" when it matches, NULL when not (or unterminated). */
static const char *bracket(const fnm *m, const char *p, const char *s)
{
    int ok = 0, neg = 0;
    int sl = mblen_at(m, s);
    if (*p == '!' || *p == '^') { neg = 1; p++; }
    while (*p != ']') {
        const char *t1 = p;
        if (m->escape && *t1 == '\\') t1++;
        if (!*t1) return NULL;
        int r1 = mblen_at(m, t1);
        p = t1 + r1;
        if (!*p) return NULL;
        if (p[0] == '-' && p[1] != ']') {
            const char *t2 = p + 1;
            if (m->escape && *t2 == '\\') t2++;
            if (!*t2) return NULL;
            int r2 = mblen_at(m, t2);
            p = t2 + r2;
            if (ok) continue;
            if ((r1 == sl && !memcmp(t1, s, (size_t)r1)) || (r2 == sl && !memcmp(t2, s, (size_t)r2))) { ok = 1; continue; }
            unsigned int c = fold(m, codepoint(m, s));
            if (c < fold(m, codepoint(m, t1)) || c > fold(m, codepoint(m, t2))) continue;
        } else {
            if (ok) continue;
            if (r1 == sl && !memcmp(t1, s, (size_t)r1)) { ok = 1; continue; }
            if (!m->nocase || fold(m, codepoint(m, s)) != fold(m, codepoint(m, t1))) continue;
        }
        ok = 1;
    }
    return ok == neg ? NULL : p + 1;
}

/* Match one segment (up to "/" with FNM_PATHNAME, else the whole string);
 * *pp and *ss are left where matching stopped. */
static int match_helper(const fnm *m, const char **pp, const char **ss)
{
    const char *p = *pp, *s = *ss, *ptmp = NULL, *stmp = NULL;
#define RETURN(v) do { *pp = p; *ss = s; return (v); } while (0)
    if (m->period && *s == '.' && *UNESCAPE(p) != '.') RETURN(FNM_NOMATCH);
    for (;;) {
        switch (*p) {
        case '*':
            do { p++; } while (*p == '*');
            if (ISEND(UNESCAPE(p))) { p = UNESCAPE(p); RETURN(0); }
            if (ISEND(s)) RETURN(FNM_NOMATCH);
            ptmp = p;
            stmp = s;
            continue;
        case '?':
            if (ISEND(s)) RETURN(FNM_NOMATCH);
            p++;
            s += mblen_at(m, s);
            continue;
        case '[': {
            if (ISEND(s)) RETURN(FNM_NOMATCH);
            const char *t = bracket(m, p + 1, s);
            if (t) { p = t; s += mblen_at(m, s); continue; }
            goto failed;
        }
        }
        p = UNESCAPE(p);
        if (ISEND(s)) RETURN(ISEND(p) ? 0 : FNM_NOMATCH);
        if (ISEND(p)) goto failed;
        {
            int r = mblen_at(m, p), rs = mblen_at(m, s);
            if (r == rs && !memcmp(p, s, (size_t)r)) { p += r; s += r; continue; }
            if (!m->nocase || fold(m, codepoint(m, p)) != fold(m, codepoint(m, s))) goto failed;
            p += r;
            s += rs;
            continue;
        }
    failed:
        if (ptmp && stmp) {
            p = ptmp;
            stmp += mblen_at(m, stmp);
            s = stmp;
            continue;
        }
        RETURN(FNM_NOMATCH);
    }
#undef RETURN
}

int sp_fnmatch(const char *pat, const char *str, int flags, int bytes)
{
    fnm m = { !(flags & SP_FNM_DOTMATCH), (flags & SP_FNM_PATHNAME) != 0,
              !(flags & SP_FNM_NOESCAPE), (flags & SP_FNM_CASEFOLD) != 0, bytes };
    const char *p = pat, *s = str, *ptmp = NULL, *stmp = NULL;
    if (!m.pathname) return match_helper(&m, &p, &s) == 0;
    for (;;) {
        if (p[0] == '*' && p[1] == '*' && p[2] == '/') {
            do { p += 3; } while (p[0] == '*' && p[1] == '*' && p[2] == '/');
            ptmp = p;
            stmp = s;
        }
        if (match_helper(&m, &p, &s) == 0) {
            while (*s && *s != '/') s += mblen_at(&m, s);
            if (*p && *s) { p++; s++; continue; }
            if (!*p && !*s) return 1;
        }
        /* the "**" segment takes one more directory */
        if (ptmp && stmp && !(m.period && *stmp == '.')) {
            while (*stmp && *stmp != '/') stmp += mblen_at(&m, stmp);
            if (*stmp) { p = ptmp; stmp++; s = stmp; continue; }
        }
        return 0;
    }
}

int sp_brace_expand(const char *str, int flags, int (*fn)(const char *, void *), void *arg)
{
    int escape = !(flags & SP_FNM_NOESCAPE);
    const char *p = str, *lbrace = NULL, *rbrace = NULL;
    int nest = 0;
    while (*p) {
        if (*p == '{' && nest++ == 0) lbrace = p;
        if (*p == '}' && lbrace && --nest == 0) { rbrace = p; break; }
        if (*p == '\\' && escape && !*++p) break;
        p++;
    }
    if (!lbrace && !rbrace) return fn(str, arg);
    if (!lbrace || !rbrace) return 0;    /* unbalanced: CRuby expands to nothing */
    size_t len = strlen(str) + 1, shift = (size_t)(lbrace - str);
    char *buf = GC_MALLOC_ATOMIC(len);
    memcpy(buf, str, shift);
    int status = 0;
    p = lbrace;
    while (p < rbrace && !status) {
        const char *t = ++p;
        nest = 0;
        while (p < rbrace && !(*p == ',' && nest == 0)) {
            if (*p == '{') nest++;
            if (*p == '}') nest--;
            if (*p == '\\' && escape && ++p == rbrace) break;
            p++;
        }
        size_t al = (size_t)(p - t);
        memcpy(buf + shift, t, al);
        strcpy(buf + shift + al, rbrace + 1);
        status = sp_brace_expand(buf, flags, fn, arg);
    }
    return status;
}

typedef struct { const char *str; int flags, bytes; } brace_arg;

static int fnmatch_one(const char *pat, void *arg)
{
    brace_arg *a = arg;
    return sp_fnmatch(pat, a->str, a->flags, a->bytes);
}

/* File.fnmatch(pattern, path, flags = 0) */
SP_METHOD(file_s_fnmatch)
{
    (void)self; (void)blk; (void)argc_;
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    sp_value pat = sp_str_to_str(argv[0]);
    sp_value path = argv[1];
    if (!sp_str_p(path) && sp_respond_to(path, sp_intern("to_path"), 1)) path = sp_funcall0(path, "to_path");
    path = sp_str_to_str(path);
    int flags = argc > 2 ? (int)sp_num_to_long(argv[2]) : 0;
    const char *p = sp_str_cstr(pat), *s = sp_str_cstr(path);
    int bytes = sp_str_binary_p(pat);
    if (flags & SP_FNM_EXTGLOB) {
        brace_arg a = { s, flags, bytes };
        return SP_BOOL(sp_brace_expand(p, flags, fnmatch_one, &a));
    }
    return SP_BOOL(sp_fnmatch(p, s, flags, bytes));
}

void sp_init_fnmatch(sp_value cFile)
{
    sp_define_singleton_method(cFile, "fnmatch", file_s_fnmatch, -1);
    sp_define_singleton_method(cFile, "fnmatch?", file_s_fnmatch, -1);
}

/*
 * lexer.c — Ruby tokenizer (see lexer.h for the state model).
 *
 * Cost: one pass over the source; interpolations are lexed twice (once to
 * find their closing brace, once by the sub-parser), nested ones once per
 * enclosing level.  All reads go through `lx->p < lx->lim` checks, so the
 * buffer need not be NUL-terminated at `lim` (sub-lexers stop inside it).
 */
#include "lexer.h"
#include "diag.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void sp_fail(sp_fail_ctx *fc, int line, int col, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sp_diag_error(fc->path, fc->src, fc->src_len, line, col, "%s", msg);
    longjmp(fc->jb, 1);
}

/* ---- character helpers ------------------------------------------------ */

#define AT(o)  (lx->p + (o) < lx->lim ? (unsigned char)lx->p[(o)] : -1)
#define CUR    AT(0)
#define COL()  ((int)(lx->p - lx->line_start) + 1)

static int is_ident_start(int c) { return c >= 0 && (isalpha(c) || c == '_' || c >= 0x80); }
static int is_ident_char(int c) { return c >= 0 && (isalnum(c) || c == '_' || c >= 0x80); }

#define FAIL(...) sp_fail(lx->fc, lx->line, COL(), __VA_ARGS__)
#define FAIL_AT(l, c, ...) sp_fail(lx->fc, (l), (c), __VA_ARGS__)

static void newline_consumed(sp_lexer *lx)
{
    /* lx->p points just past a '\n' */
    lx->line++;
    lx->line_start = lx->p;
    if (lx->hd_resume) {
        lx->p = lx->hd_resume;
        lx->line = lx->hd_resume_line;
        lx->line_start = lx->p;
        lx->hd_resume = NULL;
    }
}

/* Skip a valid UTF-8 sequence starting at lx->p (lead byte >= 0x80). */
static void skip_utf8(sp_lexer *lx)
{
    int c = CUR, n;
    if (c >= 0xc2 && c <= 0xdf) n = 1;
    else if (c >= 0xe0 && c <= 0xef) n = 2;
    else if (c >= 0xf0 && c <= 0xf4) n = 3;
    else FAIL("invalid multibyte char (UTF-8)");
    for (int i = 1; i <= n; i++) {
        int d = AT(i);
        if (d < 0x80 || d > 0xbf) FAIL("invalid multibyte char (UTF-8)");
    }
    lx->p += n + 1;
}

/* ---- arena byte buffers ------------------------------------------------ */

typedef struct sbuf { char *b; size_t n, cap; struct ast_arena *ar; } sbuf;

static void sb_init(sbuf *s, struct ast_arena *ar) { s->b = NULL; s->n = s->cap = 0; s->ar = ar; }
static void sb_grow(sbuf *s, size_t need)
{
    if (s->n + need + 1 <= s->cap) return;
    size_t nc = s->cap ? s->cap * 2 : 32;
    while (nc < s->n + need + 1) nc *= 2;
    char *nb = ast_alloc(s->ar, nc);
    if (s->n) memcpy(nb, s->b, s->n);
    s->b = nb; s->cap = nc;
}
static void sb_putc(sbuf *s, int c) { sb_grow(s, 1); s->b[s->n++] = (char)c; s->b[s->n] = 0; }
static void sb_put(sbuf *s, const char *p, size_t n) { sb_grow(s, n); memcpy(s->b + s->n, p, n); s->n += n; s->b[s->n] = 0; }
static void sb_utf8(sbuf *s, unsigned long cp)
{
    if (cp < 0x80) sb_putc(s, (int)cp);
    else if (cp < 0x800) { sb_putc(s, 0xc0 | (int)(cp >> 6)); sb_putc(s, 0x80 | (int)(cp & 0x3f)); }
    else if (cp < 0x10000) { sb_putc(s, 0xe0 | (int)(cp >> 12)); sb_putc(s, 0x80 | (int)((cp >> 6) & 0x3f)); sb_putc(s, 0x80 | (int)(cp & 0x3f)); }
    else { sb_putc(s, 0xf0 | (int)(cp >> 18)); sb_putc(s, 0x80 | (int)((cp >> 12) & 0x3f)); sb_putc(s, 0x80 | (int)((cp >> 6) & 0x3f)); sb_putc(s, 0x80 | (int)(cp & 0x3f)); }
}

static void parts_push(sp_lexer *lx, sp_parts *ps, sp_strpart pt)
{
    if (ps->n == ps->cap) {
        int nc = ps->cap ? ps->cap * 2 : 4;
        sp_strpart *nv = ast_alloc(lx->arena, sizeof *nv * (size_t)nc);
        if (ps->n) memcpy(nv, ps->v, sizeof *nv * (size_t)ps->n);
        ps->v = nv; ps->cap = nc;
    }
    ps->v[ps->n++] = pt;
}

static void flush_lit(sp_lexer *lx, sp_parts *ps, sbuf *sb, int force)
{
    if (sb->n == 0 && !force) return;
    sp_strpart pt = { .kind = SP_PART_LIT, .s = sb->b ? sb->b : ast_strndup(lx->arena, "", 0), .len = sb->n,
                      .utf8 = lx->u8_escape };
    lx->u8_escape = 0;
    parts_push(lx, ps, pt);
    sb_init(sb, lx->arena);
}

/* ---- init ---------------------------------------------------------------- */

void sp_lex_init(sp_lexer *lx, sp_fail_ctx *fc, struct ast_arena *arena,
                 const char *src, const char *start, const char *lim, int line)
{
    memset(lx, 0, sizeof *lx);
    lx->src = src;
    lx->p = start;
    lx->lim = lim;
    lx->hd_lim = lim;
    lx->line = line;
    const char *ls = start;
    while (ls > src && ls[-1] != '\n') ls--;
    lx->line_start = ls;
    lx->state = LX_BEG;
    lx->last = T_NL;
    lx->arena = arena;
    lx->fc = fc;
}

static void depth_in(sp_lexer *lx)
{
    if (++lx->fc->depth > lx->fc->max_depth) FAIL("nesting too deep");
}
static void depth_out(sp_lexer *lx) { lx->fc->depth--; }

/* ---- escapes -------------------------------------------------------------- */

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Reads one escaped character after the backslash (lx->p at the char after
 * '\').  Appends its bytes to sb.  Returns 0, or -1 for "\<newline>" which
 * produces nothing. */
static int read_escape(sp_lexer *lx, sbuf *sb, int depth)
{
    int c = CUR;
    if (c < 0) FAIL("unterminated string meets end of file");
    if (depth > 8) FAIL("invalid escape");
    lx->p++;
    switch (c) {
    case 'n': sb_putc(sb, '\n'); return 0;
    case 't': sb_putc(sb, '\t'); return 0;
    case 's': sb_putc(sb, ' '); return 0;
    case 'r': sb_putc(sb, '\r'); return 0;
    case 'a': sb_putc(sb, 7); return 0;
    case 'b': sb_putc(sb, 8); return 0;
    case 'e': sb_putc(sb, 27); return 0;
    case 'f': sb_putc(sb, 12); return 0;
    case 'v': sb_putc(sb, 11); return 0;
    case '\n': newline_consumed(lx); return -1;
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        int v = c - '0';
        for (int i = 0; i < 2 && CUR >= '0' && CUR <= '7'; i++) { v = v * 8 + (CUR - '0'); lx->p++; }
        sb_putc(sb, v & 0xff);
        return 0;
    }
    case 'x': {
        int v = 0, k = 0;
        while (k < 2 && hexval(CUR) >= 0) { v = v * 16 + hexval(CUR); lx->p++; k++; }
        if (!k) FAIL("invalid hex escape");
        sb_putc(sb, v);
        return 0;
    }
    case 'u': {
        if (CUR == '{') {
            lx->p++;
            int any = 0;
            for (;;) {
                while (CUR == ' ' || CUR == '\t') lx->p++;
                if (CUR == '}') { lx->p++; break; }
                unsigned long v = 0; int k = 0;
                while (hexval(CUR) >= 0) { v = v * 16 + (unsigned long)hexval(CUR); lx->p++; if (++k > 6) FAIL("invalid Unicode escape"); }
                if (!k) FAIL("invalid Unicode escape");
                if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) FAIL("invalid Unicode codepoint");
                if (v >= 0x80) lx->u8_escape = 1;
                sb_utf8(sb, v);
                any = 1;
            }
            if (!any) FAIL("invalid Unicode escape");
            return 0;
        }
        unsigned long v = 0;
        for (int i = 0; i < 4; i++) {
            if (hexval(CUR) < 0) FAIL("invalid Unicode escape");
            v = v * 16 + (unsigned long)hexval(CUR); lx->p++;
        }
        if (v >= 0xd800 && v <= 0xdfff) FAIL("invalid Unicode codepoint");
        if (v >= 0x80) lx->u8_escape = 1;
        sb_utf8(sb, v);
        return 0;
    }
    case 'c': case 'C': case 'M': {
        int meta = 0;
        if (c == 'C' || c == 'M') {
            if (CUR != '-') FAIL("invalid escape");
            lx->p++;
        }
        if (c == 'M') meta = 1;
        sbuf t; sb_init(&t, lx->arena);
        int d = CUR;
        if (d < 0) FAIL("unterminated string meets end of file");
        if (d == '\\') { lx->p++; if (read_escape(lx, &t, depth + 1) < 0 || t.n != 1) FAIL("invalid escape"); d = (unsigned char)t.b[0]; }
        else if (d >= 0x80) FAIL("invalid escape");
        else lx->p++;
        if (meta) sb_putc(sb, (d & 0xff) | 0x80);
        else if (d == '?') sb_putc(sb, 127);
        else sb_putc(sb, d & 0x9f);
        return 0;
    }
    default:
        if (c >= 0x80) { lx->p--; const char *s = lx->p; skip_utf8(lx); sb_put(sb, s, (size_t)(lx->p - s)); return 0; }
        sb_putc(sb, c);
        return 0;
    }
}

/* ---- string bodies --------------------------------------------------------- */

#define SM_INTERP 1   /* #{} #@ #$ */
#define SM_ESC    2   /* double-quote escapes */
#define SM_REGEX  4   /* keep escapes as written */
#define SM_WORDS  8   /* %w: split at whitespace */
#define SM_HEREDOC 16 /* stop at lim, not at a delimiter */

/* Find the end of an interpolation body starting at lx->p (just after
 * "#{") by lexing it with a nested lexer; leaves lx->p after the '}'. */
static void skip_interp(sp_lexer *lx, sp_strpart *pt)
{
    sp_lexer sub;
    int line = lx->line, col = COL();
    depth_in(lx);
    sp_lex_init(&sub, lx->fc, lx->arena, lx->src, lx->p, lx->lim, lx->line);
    sub.is_local = lx->is_local;
    sub.local_ctx = lx->local_ctx;
    /* a heredoc started inside #{} takes its body after the current line */
    sub.hd_lim = lx->hd_lim;
    sub.hd_resume = lx->hd_resume;
    sub.hd_resume_line = lx->hd_resume_line;
    pt->hd_resume = lx->hd_resume;
    pt->hd_line = lx->hd_resume_line;
    int depth = 0;
    sp_tok t;
    for (;;) {
        sp_lex_next(&sub, &t);
        if (t.kind == T_EOF) FAIL_AT(line, col, "unterminated string meets end of file");
        if (t.kind == T_LBRACE) depth++;
        else if (t.kind == T_RBRACE) {
            if (depth == 0) break;
            depth--;
        }
    }
    pt->kind = SP_PART_INTERP;
    pt->ip = lx->p;
    pt->iend = t.start;
    pt->line = line;
    pt->col = col;
    lx->p = t.start + 1;
    lx->line = t.line;
    lx->line_start = sub.line_start;
    if (sub.hd_resume) { lx->hd_resume = sub.hd_resume; lx->hd_resume_line = sub.hd_resume_line; }
    if (sub.line != t.line) { /* a heredoc inside the interpolation moved the sub-lexer */ }
    depth_out(lx);
}

/* Lex string content up to the closing delimiter `close` (nesting on
 * `open` when it differs), or to lx->lim for heredocs.  `dedent` > 0
 * removes that many columns of leading whitespace per line (<<~). */
static void lex_body(sp_lexer *lx, sp_parts *ps, int mode, int open, int close,
                     int dedent, const char *what, int sline, int scol)
{
    sbuf sb; sb_init(&sb, lx->arena);
    int nest = 0;
    int at_line_start = (mode & SM_HEREDOC) != 0;
    int in_word = 0;
    for (;;) {
        if (at_line_start && dedent > 0) {
            int w = 0;
            while (w < dedent && (CUR == ' ' || CUR == '\t')) {
                int nw = CUR == '\t' ? (w / 8 + 1) * 8 : w + 1;
                if (nw > dedent) break;
                w = nw;
                lx->p++;
            }
        }
        at_line_start = 0;
        int c = CUR;
        if (c < 0) {
            if (mode & SM_HEREDOC) break;
            FAIL_AT(sline, scol, "unterminated %s meets end of file", what);
        }
        if (!(mode & SM_HEREDOC)) {
            if (c == close && nest == 0) { lx->p++; break; }
            if (open != close) {
                if (c == open) nest++;
                else if (c == close) nest--;
            }
        }
        if (mode & SM_WORDS) {
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
                if (in_word) { flush_lit(lx, ps, &sb, 1); sp_strpart sep = { .kind = SP_PART_SEP }; parts_push(lx, ps, sep); in_word = 0; }
                lx->p++;
                if (c == '\n') newline_consumed(lx);
                continue;
            }
            in_word = 1;
        }
        if (c == '\n') {
            sb_putc(&sb, '\n');
            lx->p++;
            if (mode & SM_HEREDOC) { lx->line++; lx->line_start = lx->p; at_line_start = 1; }
            else newline_consumed(lx);
            continue;
        }
        if (c == '\\') {
            int d = AT(1);
            if (d < 0) { lx->p++; continue; }
            if (mode & SM_REGEX) {
                lx->p += 2;
                if (d == close && d == '/') { sb_putc(&sb, d); continue; }
                if (d == '\n') { sb_putc(&sb, '\\'); sb_putc(&sb, '\n'); if (mode & SM_HEREDOC) { lx->line++; lx->line_start = lx->p; } else newline_consumed(lx); continue; }
                sb_putc(&sb, '\\'); sb_putc(&sb, d);
                continue;
            }
            if (mode & SM_ESC) {
                if ((mode & SM_WORDS) && (d == ' ' || d == '\t' || d == '\n')) { lx->p += 2; sb_putc(&sb, d); if (d == '\n') { if (mode & SM_HEREDOC) { lx->line++; lx->line_start = lx->p; } else newline_consumed(lx); } continue; }
                /* a line continuation: the next line of a <<~ heredoc is dedented too */
                if (d == '\n' && (mode & SM_HEREDOC)) { lx->p += 2; lx->line++; lx->line_start = lx->p; at_line_start = 1; continue; }
                lx->p++;
                if (d == close || d == open) { lx->p++; sb_putc(&sb, d); continue; }
                read_escape(lx, &sb, 0);
                continue;
            }
            /* single-quoted: only \\ and \<delimiter> */
            if (d == '\\' || d == close || d == open || ((mode & SM_WORDS) && (d == ' ' || d == '\t' || d == '\n'))) {
                lx->p += 2; sb_putc(&sb, d);
                if (d == '\n') newline_consumed(lx);
                continue;
            }
            lx->p++; sb_putc(&sb, '\\');
            continue;
        }
        if (c == '#' && (mode & SM_INTERP)) {
            int d = AT(1);
            if (d == '{') {
                flush_lit(lx, ps, &sb, 0);
                lx->p += 2;
                sp_strpart pt;
                memset(&pt, 0, sizeof pt);
                skip_interp(lx, &pt);
                parts_push(lx, ps, pt);
                continue;
            }
            if (d == '@' || d == '$') {
                int o = 1;
                if (d == '@' && AT(2) == '@') o = 2;
                int e = AT(o + 1);
                int ok = d == '$' ? (is_ident_start(e) || (e >= 0 && strchr("~*$?!@/\\;,.=:<>\"&`'+0123456789", e) && e != 0)) : is_ident_start(e) && !(e >= '0' && e <= '9');
                if (ok) {
                    flush_lit(lx, ps, &sb, 0);
                    sp_strpart pt;
                    memset(&pt, 0, sizeof pt);
                    pt.kind = SP_PART_INTERP;
                    pt.line = lx->line;
                    pt.col = COL() + 1;
                    lx->p++;
                    pt.ip = lx->p;
                    lx->p += o;
                    if (d == '$' && !is_ident_start(CUR)) lx->p++;
                    else while (is_ident_char(CUR)) lx->p++;
                    pt.iend = lx->p;
                    parts_push(lx, ps, pt);
                    continue;
                }
            }
        }
        sb_putc(&sb, c);
        lx->p++;
    }
    if (mode & SM_WORDS) { if (in_word) flush_lit(lx, ps, &sb, 1); }
    else flush_lit(lx, ps, &sb, ps->n == 0);
}

static int closing_of(int c)
{
    switch (c) { case '(': return ')'; case '[': return ']'; case '{': return '}'; case '<': return '>'; default: return c; }
}

/* ---- heredocs -------------------------------------------------------------- */

/* lx->p is just past "<<".  Returns 1 and fills t if this is a heredoc. */
static int try_heredoc(sp_lexer *lx, sp_tok *t)
{
    const char *s = lx->p;
    int squiggly = 0, dash = 0, quote = 0;
    if (s < lx->lim && (*s == '~' || *s == '-')) { squiggly = *s == '~'; dash = 1; s++; }
    const char *id, *ide;
    if (s < lx->lim && (*s == '\'' || *s == '"' || *s == '`')) {
        quote = *s++;
        id = s;
        while (s < lx->lim && *s != quote && *s != '\n') s++;
        if (s >= lx->lim || *s != quote) FAIL("unterminated here document identifier");
        ide = s++;
    } else {
        if (!(s < lx->lim && is_ident_char((unsigned char)*s))) return 0;
        id = s;
        while (s < lx->lim && is_ident_char((unsigned char)*s)) s++;
        ide = s;
    }
    size_t idlen = (size_t)(ide - id);
    int sline = lx->line, scol = COL() - 2;
    /* body starts after the current line (or after the previous heredoc) */
    const char *body;
    int bline;
    if (lx->hd_resume) { body = lx->hd_resume; bline = lx->hd_resume_line; }
    else {
        const char *e = memchr(s, '\n', (size_t)(lx->hd_lim - s));
        if (!e) FAIL_AT(sline, scol, "can't find string \"%.*s\" anywhere before EOF", (int)idlen, id);
        body = e + 1;
        bline = lx->line + 1;
    }
    /* find the terminator line */
    const char *q = body, *bend = NULL, *after = NULL;
    int nlines = 0;
    while (q < lx->hd_lim) {
        const char *le = memchr(q, '\n', (size_t)(lx->hd_lim - q));
        const char *lend = le ? le : lx->hd_lim;
        const char *w = q;
        if (dash) while (w < lend && (*w == ' ' || *w == '\t')) w++;
        const char *we = lend;
        if (we > w && we[-1] == '\r') we--;
        if ((size_t)(we - w) == idlen && memcmp(w, id, idlen) == 0) {
            bend = q;
            after = le ? le + 1 : lx->hd_lim;
            break;
        }
        nlines++;
        if (!le) break;
        q = le + 1;
    }
    if (!bend) FAIL_AT(sline, scol, "can't find string \"%.*s\" anywhere before EOF", (int)idlen, id);
    /* squiggly: minimum indentation of non-blank lines */
    int dedent = 0;
    if (squiggly) {
        dedent = -1;
        for (const char *r = body; r < bend;) {
            int w = 0;
            const char *x = r;
            while (x < bend && (*x == ' ' || *x == '\t')) { w = *x == '\t' ? (w / 8 + 1) * 8 : w + 1; x++; }
            const char *le = memchr(r, '\n', (size_t)(bend - r));
            if (x < bend && *x != '\n' && !(*x == '\r' && x + 1 < bend && x[1] == '\n')) {
                if (dedent < 0 || w < dedent) dedent = w;
            }
            if (!le) break;
            r = le + 1;
        }
        if (dedent < 0) dedent = 0;
    }
    /* lex the body as a string over [body, bend) */
    sp_lexer sub;
    sp_lex_init(&sub, lx->fc, lx->arena, lx->src, body, bend, bline);
    sub.is_local = lx->is_local;
    sub.local_ctx = lx->local_ctx;
    int mode = SM_HEREDOC;
    if (quote != '\'') mode |= SM_INTERP | SM_ESC;
    lex_body(&sub, &t->parts, mode, -1, -1, dedent, "heredoc", sline, scol);
    t->kind = quote == '`' ? T_XSTRING : T_STRING;
    t->heredoc = 1;
    lx->hd_resume = after;
    lx->hd_resume_line = bline + nlines + 1;
    lx->p = ide + (quote ? 1 : 0);
    return 1;
}

/* ---- numbers ---------------------------------------------------------------- */

/* Decimal string of the number given by digits in `base` (bignums). */
static char *to_decimal(sp_lexer *lx, const char *digs, size_t n, int base)
{
    /* limbs base 1e9, little endian */
    size_t cap = n / 9 + 4, used = 1;
    uint32_t *limb = ast_alloc(lx->arena, cap * sizeof *limb);
    limb[0] = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t carry = (uint64_t)hexval(digs[i]);
        for (size_t k = 0; k < used; k++) {
            uint64_t v = (uint64_t)limb[k] * (uint64_t)base + carry;
            limb[k] = (uint32_t)(v % 1000000000u);
            carry = v / 1000000000u;
        }
        while (carry) { limb[used++] = (uint32_t)(carry % 1000000000u); carry /= 1000000000u; }
    }
    char *out = ast_alloc(lx->arena, used * 9 + 2);
    int k = sprintf(out, "%u", limb[used - 1]);
    for (size_t i = used - 1; i-- > 0;) k += sprintf(out + k, "%09u", limb[i]);
    return out;
}

static int keyword_follows(const char *p);

static void lex_number(sp_lexer *lx, sp_tok *t)
{
    const char *s = lx->p;
    int base = 10;
    char digs[64];
    sbuf db; sb_init(&db, lx->arena);
    int is_float = 0;
    if (CUR == '0' && (AT(1) == '8' || AT(1) == '9')) { lx->p++; FAIL("Invalid octal digit"); }
    if (CUR == '0' && AT(1) >= 0 && strchr("xXbBoOdD_01234567", AT(1)) && AT(1) != 0) {
        int d = AT(1);
        if (d == 'x' || d == 'X') { base = 16; lx->p += 2; }
        else if (d == 'b' || d == 'B') { base = 2; lx->p += 2; }
        else if (d == 'o' || d == 'O') { base = 8; lx->p += 2; }
        else if (d == 'd' || d == 'D') { base = 10; lx->p += 2; }
        else { base = 8; lx->p += 1; if (CUR == '_') lx->p++; }
        if (hexval(CUR) < 0 || hexval(CUR) >= base) {
            if (base == 8 && (CUR == '8' || CUR == '9')) FAIL("Invalid octal digit");
            if (s + 1 == lx->p && base == 8) { /* "0_"? */ }
            FAIL("numeric literal without digits");
        }
    }
    for (;;) {
        int c = CUR;
        if (c == '_') {
            if (hexval(AT(1)) < 0 || hexval(AT(1)) >= base) FAIL("trailing '_' in number");
            lx->p++;
            continue;
        }
        int v = hexval(c);
        if (v < 0 || v >= base) {
            if (base == 8 && (c == '8' || c == '9')) FAIL("Invalid octal digit");
            break;
        }
        sb_putc(&db, c);
        lx->p++;
    }
    if (base == 10) {
        if (CUR == '.' && AT(1) >= '0' && AT(1) <= '9') {
            is_float = 1;
            sb_putc(&db, '.');
            lx->p++;
            while ((CUR >= '0' && CUR <= '9') || (CUR == '_' && AT(1) >= '0' && AT(1) <= '9')) {
                if (CUR != '_') sb_putc(&db, CUR);
                lx->p++;
            }
            if (CUR == '_') FAIL("trailing '_' in number");
        }
        if ((CUR == 'e' || CUR == 'E') && ((AT(1) >= '0' && AT(1) <= '9') || ((AT(1) == '-' || AT(1) == '+') && AT(2) >= '0' && AT(2) <= '9'))) {
            is_float = 1;
            sb_putc(&db, 'e');
            lx->p++;
            if (CUR == '-' || CUR == '+') { sb_putc(&db, CUR); lx->p++; }
            while ((CUR >= '0' && CUR <= '9') || (CUR == '_' && AT(1) >= '0' && AT(1) <= '9')) {
                if (CUR != '_') sb_putc(&db, CUR);
                lx->p++;
            }
        }
    }
    (void)digs;
    t->num_suffix = 0;
    if (CUR == 'r' && !is_ident_char(AT(1))) { t->num_suffix = 'r'; lx->p++; }
    else if (CUR == 'r' && AT(1) == 'i' && !is_ident_char(AT(2))) { t->num_suffix = 'R'; lx->p += 2; }
    else if (CUR == 'i' && !is_ident_char(AT(1))) { t->num_suffix = 'i'; lx->p++; }
    if (is_ident_char(CUR) && !(CUR >= 0x80) && !keyword_follows(lx->p)) {
        /* 1foo: Ruby reports a syntax error here too (7and x, 1if c are fine) */
        FAIL("unexpected local variable or method, expecting end-of-input");
    }
    t->is_float = is_float;
    if (is_float) {
        t->kind = T_FLOAT;
        t->fval = strtod(db.b, NULL);
        /* 0.3r is the exact decimal 3/10, not the double's value */
        if (t->num_suffix == 'r' || t->num_suffix == 'R') t->digits = db.b;
    } else {
        t->kind = T_INT;
        const char *d = db.b ? db.b : "0";
        size_t n = db.n;
        /* fits in int64? */
        uint64_t v = 0;
        int over = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t nv = v * (uint64_t)base + (uint64_t)hexval(d[i]);
            if (v > (UINT64_MAX / 16) || nv > (uint64_t)INT64_MAX) { over = 1; break; }
            v = nv;
        }
        if (over) { t->digits = to_decimal(lx, d, n, base); t->ival = 0; }
        else t->ival = (int64_t)v;
    }
    (void)s;
}

/* ---- percent literals ---------------------------------------------------------- */

static void lex_percent(sp_lexer *lx, sp_tok *t)
{
    /* lx->p at the char after '%' */
    int kind = 'Q';
    int c = CUR;
    int sline = lx->line, scol = COL() - 1;
    if (c >= 0 && isalpha(c)) { kind = c; lx->p++; }
    int open = CUR;
    if (open < 0 || isalnum(open) || open == ' ' || open == '\n' || open >= 0x80) FAIL_AT(sline, scol, "unknown type of %%string");
    if (!strchr("qQwWiIrsx", kind)) FAIL_AT(sline, scol, "unknown type of %%string");
    lx->p++;
    int close = closing_of(open);
    int mode = 0;
    const char *what = "string";
    switch (kind) {
    case 'q': mode = 0; t->kind = T_STRING; break;
    case 'Q': mode = SM_INTERP | SM_ESC; t->kind = T_STRING; break;
    case 'w': mode = SM_WORDS; t->kind = T_WORDS; what = "list"; break;
    case 'W': mode = SM_WORDS | SM_INTERP | SM_ESC; t->kind = T_WORDS; what = "list"; break;
    case 'i': mode = SM_WORDS; t->kind = T_SYMBOLS; what = "list"; break;
    case 'I': mode = SM_WORDS | SM_INTERP | SM_ESC; t->kind = T_SYMBOLS; what = "list"; break;
    case 'r': mode = SM_INTERP | SM_REGEX; t->kind = T_REGEX; what = "regexp"; break;
    case 's': mode = 0; t->kind = T_DSYM; break;
    case 'x': mode = SM_INTERP | SM_ESC; t->kind = T_XSTRING; break;
    }
    depth_in(lx);
    lex_body(lx, &t->parts, mode, open, close, 0, what, sline, scol);
    depth_out(lx);
    if (kind == 'r') {
        int o = 0;
        while (CUR >= 0 && strchr("imxounse", CUR) && CUR != 0) {
            if (CUR == 'i') o |= RE_I; else if (CUR == 'x') o |= RE_X; else if (CUR == 'm') o |= RE_M; else if (CUR == 'o') o |= RE_O; else if (CUR == 'u') o |= RE_U; else if (CUR == 'n') o |= RE_N;
            lx->p++;
        }
        t->re_opts = o;
    }
}

/* ---- symbols ---------------------------------------------------------------------- */

static const char *const op_names[] = {
    "[]=", "[]", "<=>", "===", "==", "=~", "!=", "!~", "!", "**", "+@", "-@",
    "+", "-", "*", "/", "%", "<<", ">>", "<=", ">=", "<", ">", "&", "|", "^",
    "~", "`", NULL
};

/* Operator method name at lx->p, or NULL.  Consumes it. */
static const char *lex_opname(sp_lexer *lx, int allow_unary_at)
{
    for (int i = 0; op_names[i]; i++) {
        size_t n = strlen(op_names[i]);
        if ((size_t)(lx->lim - lx->p) >= n && memcmp(lx->p, op_names[i], n) == 0) {
            if (!allow_unary_at && (!strcmp(op_names[i], "+@") || !strcmp(op_names[i], "-@"))) continue;
            lx->p += n;
            return op_names[i];
        }
    }
    return NULL;
}

/* ---- keywords ----------------------------------------------------------------------- */

static const struct { const char *w; sp_tok_kind k; sp_lx_state st; } keywords[] = {
    {"alias", K_ALIAS, LX_FNAME}, {"and", K_AND, LX_BEG}, {"begin", K_BEGIN, LX_BEG},
    {"BEGIN", K_BEGIN_UP, LX_END}, {"break", K_BREAK, LX_MID}, {"case", K_CASE, LX_BEG},
    {"class", K_CLASS, LX_CLASS}, {"def", K_DEF, LX_FNAME}, {"defined?", K_DEFINED, LX_ARG},
    {"do", K_DO, LX_BEG}, {"else", K_ELSE, LX_BEG}, {"elsif", K_ELSIF, LX_BEG},
    {"end", K_END, LX_END}, {"END", K_END_UP, LX_END}, {"ensure", K_ENSURE, LX_BEG},
    {"false", K_FALSE, LX_END}, {"for", K_FOR, LX_BEG}, {"if", K_IF, LX_BEG},
    {"in", K_IN, LX_BEG}, {"module", K_MODULE, LX_BEG}, {"next", K_NEXT, LX_MID},
    {"nil", K_NIL, LX_END}, {"not", K_NOT, LX_ARG}, {"or", K_OR, LX_BEG},
    {"redo", K_REDO, LX_END}, {"rescue", K_RESCUE, LX_MID}, {"retry", K_RETRY, LX_END},
    {"return", K_RETURN, LX_MID}, {"self", K_SELF, LX_END}, {"super", K_SUPER, LX_ARG},
    {"then", K_THEN, LX_BEG}, {"true", K_TRUE, LX_END}, {"undef", K_UNDEF, LX_FNAME},
    {"unless", K_UNLESS, LX_BEG}, {"until", K_UNTIL, LX_BEG}, {"when", K_WHEN, LX_BEG},
    {"while", K_WHILE, LX_BEG}, {"yield", K_YIELD, LX_ARG}, {"__FILE__", K__FILE__, LX_END},
    {"__LINE__", K__LINE__, LX_END}, {"__ENCODING__", K__ENCODING__, LX_END},
    {NULL, T_EOF, LX_BEG}
};

/* Does a reserved word (and, or, if, ...) start at p?  A number may be
 * followed directly by one (`7and x`, `1if c`), not by another name. */
static int keyword_follows(const char *p)
{
    size_t n = 0;
    while (is_ident_char((unsigned char)p[n])) n++;
    for (int i = 0; keywords[i].w; i++)
        if (strlen(keywords[i].w) == n && memcmp(keywords[i].w, p, n) == 0) return 1;
    return 0;
}

/* ---- token names for messages ------------------------------------------------------ */

const char *sp_tok_name(sp_tok_kind k)
{
    switch (k) {
    case T_EOF: return "end-of-input";
    case T_NL: return "'\\n'";
    case T_SEMI: return "';'";
    case T_INT: return "integer literal";
    case T_FLOAT: return "float literal";
    case T_STRING: return "string literal";
    case T_XSTRING: return "backtick literal";
    case T_SYMBOL: case T_DSYM: return "symbol literal";
    case T_REGEX: return "regexp literal";
    case T_WORDS: case T_SYMBOLS: return "word list";
    case T_CHAR: return "character literal";
    case T_IDENT: case T_FID: return "local variable or method";
    case T_CONST: return "constant";
    case T_IVAR: return "instance variable";
    case T_GVAR: case T_NTH_REF: case T_BACK_REF: return "global variable";
    case T_CVAR: return "class variable";
    case T_LABEL: case T_STRLABEL: return "label";
    case T_OPNAME: return "operator";
    case T_LPAREN: return "'('";
    case T_RPAREN: return "')'";
    case T_LBRACK: return "'['";
    case T_RBRACK: return "']'";
    case T_LBRACE: return "'{'";
    case T_RBRACE: return "'}'";
    case T_COMMA: return "','";
    case T_DOT: return "'.'";
    case T_ANDDOT: return "'&.'";
    case T_COLON2: case T_COLON3: return "'::'";
    case T_COLON: return "':'";
    case T_DOT2: case T_BDOT2: return "'..'";
    case T_DOT3: case T_BDOT3: return "'...'";
    case T_QUESTION: return "'?'";
    case T_ARROW: return "'=>'";
    case T_LAMBDA: return "'->'";
    case T_ASSIGN: return "'='";
    case T_OP_ASGN: return "operator-assignment";
    case T_PLUS: case T_UPLUS: return "'+'";
    case T_MINUS: case T_UMINUS: case T_UMINUS_NUM: return "'-'";
    case T_STAR: case T_SPLAT: return "'*'";
    case T_POW: case T_DSPLAT: return "'**'";
    case T_DIV: return "'/'";
    case T_PERCENT: return "'%'";
    case T_BLOCKAMP: case T_AMP: return "'&'";
    case T_EQ: return "'=='";
    case T_EQQ: return "'==='";
    case T_NEQ: return "'!='";
    case T_MATCH: return "'=~'";
    case T_NMATCH: return "'!~'";
    case T_LT: return "'<'";
    case T_LE: return "'<='";
    case T_GT: return "'>'";
    case T_GE: return "'>='";
    case T_CMP: return "'<=>'";
    case T_ANDOP: return "'&&'";
    case T_OROP: return "'||'";
    case T_BANG: return "'!'";
    case T_TILDE: return "'~'";
    case T_PIPE: return "'|'";
    case T_CARET: return "'^'";
    case T_LSHIFT: return "'<<'";
    case T_RSHIFT: return "'>>'";
    default:
        for (int i = 0; keywords[i].w; i++)
            if (keywords[i].k == k) {
                static char buf[32];
                snprintf(buf, sizeof buf, "'%s'", keywords[i].w);
                return buf;
            }
        return "token";
    }
}

/* ---- the tokenizer ------------------------------------------------------------------ */

static int is_beg(sp_lexer *lx) { return lx->state == LX_BEG || lx->state == LX_MID || lx->state == LX_CLASS; }

/* After the current char (a potential unary operator): ARG state with space
 * before and no space after makes it start an argument. */
static int spcarg(sp_lexer *lx, int space, int next)
{
    return lx->state == LX_ARG && space && !(next == ' ' || next == '\t' || next == '\n' || next == '\r' || next < 0);
}

/* Is the next significant text a leading `.method` / `&.method` continuing
 * the previous line?  q points at the start of the following line. */
static int leading_dot(sp_lexer *lx, const char *q)
{
    while (q < lx->lim) {
        while (q < lx->lim && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\f')) q++;
        if (q >= lx->lim) return 0;
        if (*q == '\n') { q++; continue; }
        if (*q == '#') { const char *e = memchr(q, '\n', (size_t)(lx->lim - q)); if (!e) return 0; q = e + 1; continue; }
        if (*q == '.' && !(q + 1 < lx->lim && q[1] == '.')) return 1;
        if (*q == '&' && q + 1 < lx->lim && q[1] == '.') return 1;
        return 0;
    }
    return 0;
}

static void set_tok(sp_lexer *lx, sp_tok *t, sp_tok_kind k, const char *s, sp_lx_state st)
{
    t->kind = k;
    t->len = (size_t)(lx->p - s);
    lx->state = st;
}

static const char *intern(sp_lexer *lx, const char *s, size_t n) { return ast_strndup(lx->arena, s, n); }

void sp_lex_next(sp_lexer *lx, sp_tok *t)
{
    int space = 0;
    memset(t, 0, sizeof *t);
    if (lx->at_eof) goto eof;
    /* whitespace, comments, newlines */
    for (;;) {
        if (lx->p == lx->line_start) {
            /* =begin ... =end and __END__ only at the start of a line */
            if (lx->lim - lx->p >= 6 && memcmp(lx->p, "=begin", 6) == 0 && (AT(6) < 0 || isspace(AT(6)))) {
                int l = lx->line, c = COL();
                for (;;) {
                    const char *e = memchr(lx->p, '\n', (size_t)(lx->lim - lx->p));
                    if (!e) FAIL_AT(l, c, "embedded document meets end of file");
                    lx->p = e + 1;
                    newline_consumed(lx);
                    if (lx->lim - lx->p >= 4 && memcmp(lx->p, "=end", 4) == 0 && (AT(4) < 0 || isspace(AT(4)))) {
                        const char *e2 = memchr(lx->p, '\n', (size_t)(lx->lim - lx->p));
                        lx->p = e2 ? e2 : lx->lim;
                        break;
                    }
                }
                space = 1;
                continue;
            }
            if (lx->lim - lx->p >= 7 && memcmp(lx->p, "__END__", 7) == 0 && (AT(7) < 0 || AT(7) == '\n' || (AT(7) == '\r' && AT(8) == '\n'))) {
                const char *d = lx->p + 7;
                if (d < lx->lim && *d == '\r') d++;
                if (d < lx->lim) d++;
                lx->data = d;
                lx->data_len = (size_t)(lx->lim - d);
                lx->at_eof = 1;
                goto eof;
            }
        }
        int c = CUR;
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r') { lx->p++; space = 1; continue; }
        if (c == '\\' && AT(1) == '\n') { lx->p += 2; newline_consumed(lx); space = 1; continue; }
        if (c == '\\' && AT(1) == '\r' && AT(2) == '\n') { lx->p += 3; newline_consumed(lx); space = 1; continue; }
        if (c == '#') {
            const char *e = memchr(lx->p, '\n', (size_t)(lx->lim - lx->p));
            lx->p = e ? e : lx->lim;
            continue;
        }
        if (c == '\n') {
            int sig = !(lx->state == LX_BEG || lx->state == LX_DOT || lx->state == LX_CLASS || lx->state == LX_FNAME);
            if (sig) {
                const char *next = lx->hd_resume ? lx->hd_resume : lx->p + 1;
                if (leading_dot(lx, next)) sig = 0;
            }
            if (sig) {
                t->line = lx->line; t->col = COL(); t->start = lx->p; t->space_before = space;
                lx->p++;
                newline_consumed(lx);
                t->kind = T_NL; t->len = 1;
                t->end_line = t->line; t->end_col = t->col + 1;
                lx->state = LX_BEG;
                lx->last = T_NL;
                lx->undef_mode = 0;
                return;
            }
            lx->p++;
            newline_consumed(lx);
            space = 1;
            continue;
        }
        break;
    }
    t->line = lx->line;
    t->col = COL();
    t->start = lx->p;
    t->space_before = space || lx->p == lx->line_start;
    int c = CUR;
    if (c < 0) {
eof:
        t->kind = T_EOF;
        t->line = lx->line; t->col = COL(); t->start = lx->p;
        if (!t->start) t->start = lx->lim;
        lx->at_eof = 1;
        lx->last = T_EOF;
        return;
    }
    const char *s = lx->p;
    sp_lx_state st = lx->state;
    int beg = is_beg(lx);
    int fname_dot = lx->fname_dot;
    lx->fname_dot = 0;

    /* method names after def / . / alias / undef / : */
    if (st == LX_FNAME || st == LX_DOT) {
        if (!is_ident_start(c) && c != '@' && c != '$' && c != ':' && c != '"' && c != '\'' && c != '(' && !(st == LX_DOT && (c == '{' || (c == '[' && AT(1) != ']')))) {
            const char *op = lex_opname(lx, 1);
            if (op) {
                t->name = op;
                set_tok(lx, t, T_OPNAME, s, st == LX_FNAME ? LX_ENDFN : LX_ARG);
                goto done;
            }
        }
    }

    if (is_ident_start(c)) {
        while (is_ident_char(CUR)) { if (CUR >= 0x80) skip_utf8(lx); else lx->p++; }
        int fid = 0;
        if ((CUR == '?' || CUR == '!') && AT(1) != '=') { lx->p++; fid = 1; }
        else if ((CUR == '?' || CUR == '!') && AT(1) == '=' && AT(2) == '=') { lx->p++; fid = 1; }
        size_t n = (size_t)(lx->p - s);
        /* label `name:` */
        if (CUR == ':' && AT(1) != ':' && st != LX_DOT && st != LX_FNAME && lx->last != T_QUESTION
            && st != LX_END) {
            lx->p++;
            t->name = intern(lx, s, n);
            /* `expr => a:` / `in a:` ending the line: the pattern ends there,
             * so the newline is not skipped as after other labels */
            const char *q = lx->p;
            while (*q == ' ' || *q == '\t') q++;
            int eol = *q == '\n' || *q == '\r' || *q == '#' || *q == 0;
            set_tok(lx, t, T_LABEL, s, eol && (lx->last == T_ARROW || lx->last == K_IN) ? LX_END : LX_BEG);
            goto done;
        }
        if ((st == LX_FNAME || (st == LX_DOT && fname_dot)) && !fid && CUR == '='
            && AT(1) != '~' && AT(1) != '>' && (AT(1) != '=' || AT(2) == '>')) {
            /* setter name: def x=(v), def x= v, alias x= y= (CRuby's rule) */
            lx->p++; n++;
        }
        int sep_dot = CUR == '.' || (CUR == ':' && AT(1) == ':');
        if (st != LX_DOT && !(st == LX_FNAME && !(n == 4 && memcmp(s, "self", 4) == 0 && sep_dot))) {
            for (int i = 0; keywords[i].w; i++) {
                if (strlen(keywords[i].w) == n && memcmp(keywords[i].w, s, n) == 0) {
                    sp_lx_state ns = keywords[i].st;
                    if (keywords[i].k == K_DEFINED && 0) ns = LX_ARG;
                    set_tok(lx, t, keywords[i].k, s, ns);
                    if (keywords[i].k == K_UNDEF) lx->undef_mode = 1;
                    if (keywords[i].k == K_ALIAS) lx->undef_mode = 2;
                    if (keywords[i].k == K_SELF && st == LX_FNAME && sep_dot) lx->fname_dot = 1;
                    t->name = keywords[i].w;
                    goto done;
                }
            }
        } else if (st == LX_DOT && n == 8 && memcmp(s, "defined?", 8) == 0) {
            /* x.defined? is a method name */
        }
        t->name = intern(lx, s, n);
        sp_tok_kind k = isupper((unsigned char)*s) ? T_CONST : (fid ? T_FID : T_IDENT);
        if (k == T_CONST && fid) k = T_FID;
        sp_lx_state ns;
        if (st == LX_FNAME) {
            ns = LX_ENDFN;
            if (sep_dot && !lx->undef_mode) { lx->fname_dot = 1; ns = LX_DOT; }
        } else if (st == LX_DOT) ns = fname_dot ? LX_ENDFN : LX_ARG;
        else if (k == T_IDENT && lx->is_local && lx->is_local(lx->local_ctx, s, n)) ns = LX_END;
        else ns = LX_ARG;
        set_tok(lx, t, k, s, ns);
        goto done;
    }
    if (c >= '0' && c <= '9') {
        lex_number(lx, t);
        set_tok(lx, t, t->kind, s, LX_END);
        goto done;
    }
    lx->p++;
    switch (c) {
    case '"': case '`': case '\'': {
        if (c == '`' && (st == LX_FNAME || st == LX_DOT)) { t->name = "`"; set_tok(lx, t, T_OPNAME, s, LX_ARG); break; }
        int mode = c == '\'' ? 0 : SM_INTERP | SM_ESC;
        lex_body(lx, &t->parts, mode, c, c, 0, "string", t->line, t->col);
        if (c != '`' && CUR == ':' && AT(1) != ':' && (lx->last == T_LBRACE || lx->last == T_COMMA || lx->last == T_LPAREN || lx->last == T_NL || lx->last == T_PIPE || st == LX_ARG)) {
            lx->p++;
            set_tok(lx, t, T_STRLABEL, s, LX_BEG);
            break;
        }
        set_tok(lx, t, c == '`' ? T_XSTRING : T_STRING, s, LX_END);
        break;
    }
    case ':':
        if (CUR == ':') {
            lx->p++;
            if (beg || (st == LX_ARG && space && !(CUR == ' ' || CUR == '\t'))) set_tok(lx, t, T_COLON3, s, LX_BEG);
            else set_tok(lx, t, T_COLON2, s, LX_DOT);
            if (fname_dot) lx->fname_dot = 1;
            break;
        }
        if (st == LX_END || st == LX_ENDFN || CUR == ' ' || CUR == '\t' || CUR == '\n' || CUR == '\r' || CUR < 0 || CUR == '#') {
            set_tok(lx, t, T_COLON, s, LX_BEG);
            break;
        }
        if (CUR == '"' || CUR == '\'') {
            int q = CUR;
            lx->p++;
                lex_body(lx, &t->parts, q == '"' ? SM_INTERP | SM_ESC : 0, q, q, 0, "symbol", t->line, t->col);
                set_tok(lx, t, T_DSYM, s, LX_END);
            break;
        }
        if (is_ident_start(CUR)) {
            const char *n0 = lx->p;
            while (is_ident_char(CUR)) { if (CUR >= 0x80) skip_utf8(lx); else lx->p++; }
            if ((CUR == '?' || CUR == '!') && AT(1) != '=') lx->p++;
            else if (CUR == '=' && (AT(1) != '=' || AT(2) == '>') && AT(1) != '~' && AT(1) != '>') lx->p++;   /* :a==>1 is :a= => 1 */
            t->name = intern(lx, n0, (size_t)(lx->p - n0));
            set_tok(lx, t, T_SYMBOL, s, LX_END);
            break;
        }
        if (CUR == '@' || CUR == '$') {
            const char *n0 = lx->p;
            lx->p++;
            if (*n0 == '@' && CUR == '@') lx->p++;
            if (*n0 == '$' && CUR == '-' && is_ident_char(AT(1))) lx->p += 2;   /* :$-w */
            else if (*n0 == '$' && !is_ident_start(CUR) && CUR >= 0 && strchr("~*$?!@/\\;,.=:<>\"&`'+0123456789", CUR) && CUR) lx->p++;
            else {
                if (!is_ident_start(CUR)) FAIL("invalid symbol");
                while (is_ident_char(CUR)) { if (CUR >= 0x80) skip_utf8(lx); else lx->p++; }
            }
            t->name = intern(lx, n0, (size_t)(lx->p - n0));
            set_tok(lx, t, T_SYMBOL, s, LX_END);
            break;
        }
        {
            const char *op = lex_opname(lx, 1);
            if (op) { t->name = op; set_tok(lx, t, T_SYMBOL, s, LX_END); break; }
        }
        set_tok(lx, t, T_COLON, s, LX_BEG);
        break;
    case '@': {
        int cv = 0;
        if (CUR == '@') { lx->p++; cv = 1; }
        if (!is_ident_start(CUR) || (CUR >= '0' && CUR <= '9')) {
            if (cv) FAIL_AT(t->line, t->col, "'@@' without identifiers is not allowed as a class variable name");
            FAIL_AT(t->line, t->col, "'@' without identifiers is not allowed as an instance variable name");
        }
        while (is_ident_char(CUR)) { if (CUR >= 0x80) skip_utf8(lx); else lx->p++; }
        t->name = intern(lx, s, (size_t)(lx->p - s));
        set_tok(lx, t, cv ? T_CVAR : T_IVAR, s, LX_END);
        /* def @o.m=(v): the name after the dot is a method name */
        if (st == LX_FNAME && CUR == '.') lx->fname_dot = 1;
        break;
    }
    case '$': {
        int d = CUR;
        if (is_ident_start(d)) {
            while (is_ident_char(CUR)) { if (CUR >= 0x80) skip_utf8(lx); else lx->p++; }
            t->name = intern(lx, s, (size_t)(lx->p - s));
            set_tok(lx, t, T_GVAR, s, LX_END);
            if (st == LX_FNAME && CUR == '.') lx->fname_dot = 1;   /* def $g.m= */
        } else if (d >= '1' && d <= '9') {
            int64_t v = 0;
            while (CUR >= '0' && CUR <= '9') { if (v < 100000000) v = v * 10 + (CUR - '0'); lx->p++; }
            t->ival = v;
            t->name = intern(lx, s, (size_t)(lx->p - s));
            set_tok(lx, t, T_NTH_REF, s, LX_END);
        } else if (d == '&' || d == '`' || d == '\'' || d == '+') {
            lx->p++;
            t->name = intern(lx, s, 2);
            set_tok(lx, t, T_BACK_REF, s, LX_END);
        } else if (d == '-' && is_ident_char(AT(1))) {
            lx->p += 2;
            t->name = intern(lx, s, 3);
            set_tok(lx, t, T_GVAR, s, LX_END);
        } else if (d >= 0 && d && strchr("~*$?!@/\\;,.=:<>\"0_", d)) {
            lx->p++;
            t->name = intern(lx, s, 2);
            set_tok(lx, t, T_GVAR, s, LX_END);
        } else FAIL_AT(t->line, t->col, "'$' without identifiers is not allowed as a global variable name");
        break;
    }
    case '(': lx->paren_depth++; set_tok(lx, t, T_LPAREN, s, LX_BEG); break;
    case ')': lx->paren_depth--; set_tok(lx, t, T_RPAREN, s, LX_ENDFN); break;
    case '[':
        if ((st == LX_FNAME || st == LX_DOT) && CUR == ']') {
            lx->p++;
            if (CUR == '=') { lx->p++; t->name = "[]="; } else t->name = "[]";
            set_tok(lx, t, T_OPNAME, s, LX_ARG);
            break;
        }
        set_tok(lx, t, T_LBRACK, s, LX_BEG);
        break;
    case ']': set_tok(lx, t, T_RBRACK, s, LX_END); break;
    case '{': set_tok(lx, t, T_LBRACE, s, LX_BEG); break;
    case '}': set_tok(lx, t, T_RBRACE, s, LX_END); break;
    case ',': set_tok(lx, t, T_COMMA, s, LX_BEG); if (lx->undef_mode == 1) lx->state = LX_FNAME; break;
    case ';': set_tok(lx, t, T_SEMI, s, LX_BEG); lx->undef_mode = 0; break;
    case '.':
        if (CUR == '.') {
            lx->p++;
            int three = CUR == '.';
            if (three) lx->p++;
            sp_tok_kind k = three ? T_DOT3 : T_DOT2;
            if (beg) k = three ? T_BDOT3 : T_BDOT2;
            set_tok(lx, t, k, s, LX_BEG);
            break;
        }
        if (CUR >= '0' && CUR <= '9') FAIL_AT(t->line, t->col, "no .<digit> floating literal anymore; put 0 before dot");
        set_tok(lx, t, T_DOT, s, LX_DOT);
        if (fname_dot) lx->fname_dot = 1;
        break;
    case '&':
        if (CUR == '&') {
            lx->p++;
            if (CUR == '=') { lx->p++; t->name = "&&"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
            set_tok(lx, t, T_ANDOP, s, LX_BEG);
            break;
        }
        if (CUR == '.' && AT(1) != '.') { lx->p++; set_tok(lx, t, T_ANDDOT, s, LX_DOT); break; }
        if (CUR == '=') { lx->p++; t->name = "&"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
        if (beg || spcarg(lx, space, CUR)) { set_tok(lx, t, T_BLOCKAMP, s, LX_BEG); break; }
        set_tok(lx, t, T_AMP, s, LX_BEG);
        break;
    case '|':
        if (CUR == '|') {
            lx->p++;
            if (CUR == '=') { lx->p++; t->name = "||"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
            if (lx->last == T_LBRACE || lx->last == K_DO) { lx->p--; set_tok(lx, t, T_PIPE, s, LX_BEG); break; }
            set_tok(lx, t, T_OROP, s, LX_BEG);
            break;
        }
        if (CUR == '=') { lx->p++; t->name = "|"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
        set_tok(lx, t, T_PIPE, s, LX_BEG);
        break;
    case '^':
        if (CUR == '=') { lx->p++; t->name = "^"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
        set_tok(lx, t, T_CARET, s, LX_BEG);
        break;
    case '~':
        if (CUR == '@' && (st == LX_FNAME || st == LX_DOT)) lx->p++;
        set_tok(lx, t, T_TILDE, s, LX_BEG);
        break;
    case '+': case '-': {
        int minus = c == '-';
        if (minus && CUR == '>') { lx->p++; set_tok(lx, t, T_LAMBDA, s, LX_ENDFN); break; }
        if (CUR == '=') { lx->p++; t->name = minus ? "-" : "+"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
        if (beg || spcarg(lx, space, CUR)) {
            if (CUR >= '0' && CUR <= '9') {
                if (minus) { set_tok(lx, t, T_UMINUS_NUM, s, LX_BEG); break; }
                /* +1: just the number */
                const char *ns = lx->p;
                lex_number(lx, t);
                (void)ns;
                set_tok(lx, t, t->kind, s, LX_END);
                break;
            }
            set_tok(lx, t, minus ? T_UMINUS : T_UPLUS, s, LX_BEG);
            break;
        }
        set_tok(lx, t, minus ? T_MINUS : T_PLUS, s, LX_BEG);
        break;
    }
    case '*':
        if (CUR == '*') {
            lx->p++;
            if (CUR == '=') { lx->p++; t->name = "**"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
            if (beg || spcarg(lx, space, CUR)) { set_tok(lx, t, T_DSPLAT, s, LX_BEG); break; }
            set_tok(lx, t, T_POW, s, LX_BEG);
            break;
        }
        if (CUR == '=') { lx->p++; t->name = "*"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
        if (beg || spcarg(lx, space, CUR)) { set_tok(lx, t, T_SPLAT, s, LX_BEG); break; }
        set_tok(lx, t, T_STAR, s, LX_BEG);
        break;
    case '/':
        /* `x /= 2` is an op-assign even after an unknown name (CRuby checks
         * for '=' before the space-before-argument rule) */
        if (beg || (spcarg(lx, space, CUR) && CUR != '=')) {
                lex_body(lx, &t->parts, SM_INTERP | SM_REGEX, '/', '/', 0, "regexp", t->line, t->col);
                int o = 0;
            while (CUR >= 0 && CUR && strchr("imxounse", CUR)) {
                if (CUR == 'i') o |= RE_I; else if (CUR == 'x') o |= RE_X; else if (CUR == 'm') o |= RE_M; else if (CUR == 'o') o |= RE_O; else if (CUR == 'u') o |= RE_U; else if (CUR == 'n') o |= RE_N;
                lx->p++;
            }
            t->re_opts = o;
            set_tok(lx, t, T_REGEX, s, LX_END);
            break;
        }
        if (CUR == '=') { lx->p++; t->name = "/"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
        set_tok(lx, t, T_DIV, s, LX_BEG);
        break;
    case '%':
        if (beg || (spcarg(lx, space, CUR) && CUR != '=') ) {
            lex_percent(lx, t);
            set_tok(lx, t, t->kind, s, LX_END);
            break;
        }
        if (CUR == '=') { lx->p++; t->name = "%"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
        set_tok(lx, t, T_PERCENT, s, LX_BEG);
        break;
    case '=':
        if (CUR == '=') {
            lx->p++;
            if (CUR == '=') { lx->p++; set_tok(lx, t, T_EQQ, s, LX_BEG); break; }
            set_tok(lx, t, T_EQ, s, LX_BEG);
            break;
        }
        if (CUR == '~') { lx->p++; set_tok(lx, t, T_MATCH, s, LX_BEG); break; }
        if (CUR == '>') { lx->p++; set_tok(lx, t, T_ARROW, s, LX_BEG); break; }
        set_tok(lx, t, T_ASSIGN, s, LX_BEG);
        break;
    case '!':
        if (CUR == '=') { lx->p++; set_tok(lx, t, T_NEQ, s, LX_BEG); break; }
        if (CUR == '~') { lx->p++; set_tok(lx, t, T_NMATCH, s, LX_BEG); break; }
        if (CUR == '@' && (st == LX_FNAME || st == LX_DOT)) lx->p++;
        set_tok(lx, t, T_BANG, s, LX_BEG);
        break;
    case '<':
        if (CUR == '<' && st != LX_CLASS && (beg || spcarg(lx, space, AT(1))) && st != LX_END) {
            lx->p++;
            if (try_heredoc(lx, t)) { set_tok(lx, t, t->kind, s, LX_END); break; }
            lx->p--;
        }
        if (CUR == '=') {
            lx->p++;
            if (CUR == '>') { lx->p++; set_tok(lx, t, T_CMP, s, LX_BEG); break; }
            set_tok(lx, t, T_LE, s, LX_BEG);
            break;
        }
        if (CUR == '<') {
            lx->p++;
            if (CUR == '=') { lx->p++; t->name = "<<"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
            set_tok(lx, t, T_LSHIFT, s, LX_BEG);
            break;
        }
        set_tok(lx, t, T_LT, s, LX_BEG);
        break;
    case '>':
        if (CUR == '=') { lx->p++; set_tok(lx, t, T_GE, s, LX_BEG); break; }
        if (CUR == '>') {
            lx->p++;
            if (CUR == '=') { lx->p++; t->name = ">>"; set_tok(lx, t, T_OP_ASGN, s, LX_BEG); break; }
            set_tok(lx, t, T_RSHIFT, s, LX_BEG);
            break;
        }
        set_tok(lx, t, T_GT, s, LX_BEG);
        break;
    case '?':
        if (st != LX_END && st != LX_ENDFN && !(st == LX_ARG && !space) && CUR >= 0 && !(CUR == ' ' || CUR == '\t' || CUR == '\n' || CUR == '\r' || CUR == '\f' || CUR == '\v')) {
            /* character literal ?a, ?\n, ?あ — only if not followed by an identifier char */
            const char *q = lx->p;
            sbuf sb; sb_init(&sb, lx->arena);
            int ok = 1;
            if (CUR == '\\') {
                lx->p++;
                if (read_escape(lx, &sb, 0) < 0) ok = 0;
            } else if (CUR >= 0x80) {
                const char *m = lx->p; skip_utf8(lx); sb_put(&sb, m, (size_t)(lx->p - m));
            } else { sb_putc(&sb, CUR); lx->p++; }
            if (ok && (!is_ident_char(AT(-1)) || !is_ident_char(CUR)) && !(is_ident_char((unsigned char)*q) && is_ident_char(CUR))) {
                sp_strpart pt = { .kind = SP_PART_LIT, .s = sb.b, .len = sb.n, .utf8 = lx->u8_escape };
                lx->u8_escape = 0;
                parts_push(lx, &t->parts, pt);
                set_tok(lx, t, T_CHAR, s, LX_END);
                break;
            }
            lx->p = q;
        }
        set_tok(lx, t, T_QUESTION, s, LX_BEG);
        break;
    default:
        if (c >= 0x80) FAIL_AT(t->line, t->col, "invalid multibyte char (UTF-8)");
        FAIL_AT(t->line, t->col, "invalid character '\\x%02X'", c);
    }
done:
    t->end_line = lx->line;
    t->end_col = COL();
    if (!t->len) t->len = (size_t)(lx->p - s);
    t->space_before = t->space_before || space;
    lx->last = t->kind;
    if (lx->undef_mode) {
        int is_name = t->kind == T_SYMBOL || t->kind == T_DSYM || t->kind == T_IDENT || t->kind == T_FID
            || t->kind == T_CONST || t->kind == T_OPNAME || t->kind == T_GVAR || t->kind == T_BACK_REF
            || t->kind == T_NTH_REF || (t->kind >= K_ALIAS && t->kind <= K__ENCODING__ && st == LX_FNAME);
        if (t->kind == K_UNDEF || t->kind == K_ALIAS) { /* just started */ }
        else if (is_name) {
            if (lx->undef_mode == 2) { lx->state = LX_FNAME; lx->undef_mode = 3; }
            else { lx->state = LX_ENDFN; if (lx->undef_mode == 3) lx->undef_mode = 0; }
        } else if (!(t->kind == T_COMMA && lx->undef_mode == 1)) lx->undef_mode = 0;
    }
}

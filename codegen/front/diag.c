/*
 * diag.c — formatting of compiler diagnostics (see diag.h).
 *
 * A diagnostic is three lines:
 *     path:LINE:COL: error: MESSAGE
 *     <the source line, without its newline>
 *     <spaces (tabs kept as tabs so the caret lines up)>^
 * The text is built in a static buffer (kept for sp_diag_last) and written
 * with one fputs.  Long source lines are cut at 400 bytes around the column.
 */
#include "diag.h"

#include <stdarg.h>
#include <string.h>

static FILE *diag_stream;
static int diag_stream_set;
static char diag_buf[4096];
static int diag_n;

void sp_diag_set_stream(FILE *f)
{
    diag_stream = f;
    diag_stream_set = 1;
}

const char *sp_diag_last(void) { return diag_buf; }
int sp_diag_count(void) { return diag_n; }

static size_t bufcat(size_t at, const char *s, size_t n)
{
    if (at >= sizeof diag_buf - 1) return at;
    if (n > sizeof diag_buf - 1 - at) n = sizeof diag_buf - 1 - at;
    memcpy(diag_buf + at, s, n);
    diag_buf[at + n] = '\0';
    return at + n;
}

void sp_diag_error(const char *path, const char *src, size_t len,
                   int line, int col, const char *fmt, ...)
{
    va_list ap;
    int k = snprintf(diag_buf, sizeof diag_buf, "%s:%d:%d: error: ", path ? path : "-", line, col);
    if (k < 0) k = 0;
    size_t at = (size_t)k < sizeof diag_buf ? (size_t)k : sizeof diag_buf - 1;
    va_start(ap, fmt);
    int m = vsnprintf(diag_buf + at, sizeof diag_buf - at, fmt, ap);
    va_end(ap);
    if (m > 0) at += (size_t)m;
    if (at > sizeof diag_buf - 1) at = sizeof diag_buf - 1;
    at = bufcat(at, "\n", 1);

    if (src && line >= 1) {
        /* find the start of line `line` */
        size_t i = 0;
        int l = 1;
        while (l < line && i < len) {
            const char *nl = memchr(src + i, '\n', len - i);
            if (!nl) { i = len; break; }
            i = (size_t)(nl - src) + 1;
            l++;
        }
        if (l == line) {
            size_t e = i;
            while (e < len && src[e] != '\n') e++;
            if (e > i && src[e - 1] == '\r') e--;
            size_t c0 = col > 0 ? (size_t)(col - 1) : 0;
            size_t from = i;
            if (c0 > 300) from = i + c0 - 200;     /* very long line: show a window */
            if (from > e) from = e;
            size_t to = e;
            if (to - from > 400) to = from + 400;
            /* control bytes (NUL would cut the message) are shown as '?' */
            for (size_t j = from; j < to; j++) {
                char ch = src[j];
                if ((unsigned char)ch < 0x20 && ch != '\t') ch = '?';
                at = bufcat(at, &ch, 1);
            }
            at = bufcat(at, "\n", 1);
            for (size_t j = from; j < i + c0 && j < to + 1; j++) {
                char ch = (j < e && src[j] == '\t') ? '\t' : ' ';
                at = bufcat(at, &ch, 1);
            }
            at = bufcat(at, "^\n", 2);
        }
    }
    diag_n++;
    FILE *f = diag_stream_set ? diag_stream : stderr;
    if (f) { fputs(diag_buf, f); fflush(f); }
}

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

/* The sink is the process's, not a compilation's: the front end also runs
 * with no compile context (the unit tests, the fuzzer, the parse corpus),
 * the stream is chosen by the process (the fuzzer and tests silence it;
 * ceval.c silences it around parsing an eval's string and reads the
 * message), and the count is "since the process started" by contract.
 * Nothing in it carries from one compilation into the next: `buf` is
 * rewritten by each diagnostic. */
static struct diag_sink {
    FILE *stream; int stream_set;   /* unset: stderr */
    char buf[4096];                 /* the last diagnostic */
    int n;                          /* diagnostics printed */
} diag;

void sp_diag_set_stream(FILE *f)
{
    diag.stream = f;
    diag.stream_set = 1;
}

const char *sp_diag_last(void) { return diag.buf; }
int sp_diag_count(void) { return diag.n; }

static size_t bufcat(size_t at, const char *s, size_t n)
{
    if (at >= sizeof diag.buf - 1) return at;
    if (n > sizeof diag.buf - 1 - at) n = sizeof diag.buf - 1 - at;
    memcpy(diag.buf + at, s, n);
    diag.buf[at + n] = '\0';
    return at + n;
}

void sp_diag_error(const char *path, const char *src, size_t len,
                   int line, int col, const char *fmt, ...)
{
    va_list ap;
    int k = snprintf(diag.buf, sizeof diag.buf, "%s:%d:%d: error: ", path ? path : "-", line, col);
    if (k < 0) k = 0;
    size_t at = (size_t)k < sizeof diag.buf ? (size_t)k : sizeof diag.buf - 1;
    va_start(ap, fmt);
    int m = vsnprintf(diag.buf + at, sizeof diag.buf - at, fmt, ap);
    va_end(ap);
    if (m > 0) at += (size_t)m;
    if (at > sizeof diag.buf - 1) at = sizeof diag.buf - 1;
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
    diag.n++;
    FILE *f = diag.stream_set ? diag.stream : stderr;
    if (f) { fputs(diag.buf, f); fflush(f); }
}

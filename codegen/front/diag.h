/*
 * diag.h — compiler diagnostics: `file:line:col: error: message`, then the
 * source line and a caret line under the column, on stderr.
 *
 * The front end reports exactly one error per failed parse (the first one),
 * so the diag module keeps no error list: sp_diag_error formats, prints and
 * remembers the last message (sp_diag_last, used by the unit tests and the
 * fuzzer).  sp_diag_set_stream(NULL) silences printing (fuzzing).
 * Not thread-safe: the compiler is single-threaded.
 */
#ifndef SPINEL_DIAG_H
#define SPINEL_DIAG_H

#include <stddef.h>
#include <stdio.h>

/* Print one error.  `src`/`len` is the file's text (may be NULL: no source
 * line is printed).  line/col are 1-based; col counts bytes. */
void sp_diag_error(const char *path, const char *src, size_t len,
                   int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* Where diagnostics go (default stderr; NULL = nowhere). */
void sp_diag_set_stream(FILE *f);

/* The complete text of the last diagnostic (all three lines), "" if none. */
const char *sp_diag_last(void);

/* Number of diagnostics printed since the process started. */
int sp_diag_count(void);

#endif

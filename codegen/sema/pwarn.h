/*
 * pwarn.h — the warnings CRuby's parser gives about a piece of code
 * (pwarn.c), for the code of an eval of a literal string, which the
 * generated program reports when the eval runs, as CRuby parses it then.
 */
#ifndef SPINEL_PWARN_H
#define SPINEL_PWARN_H

#include "ast.h"

typedef struct pw_warn {
    int line;           /* line in the parsed code */
    int verbose;        /* 1: only when $VERBOSE is true (rb_warning); 0: unless nil (rb_warn) */
    char *msg;          /* without "FILE:LINE: warning: " (malloc'd) */
} pw_warn;

/* The warnings of the tree at root, in source order; *out is malloc'd. */
int pw_collect(const sp_node *root, pw_warn **out);

#endif

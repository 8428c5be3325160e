/*
 * fuzz_parser.c — libFuzzer target for the front end (not part of the
 * normal build: the Makefile excludes codegen/fuzz_*.c).  Built by
 * scripts/fuzz-smoke with -fsanitize=fuzzer,address,undefined.
 *
 * Each input is parsed as a Ruby file; diagnostics are silenced.  A
 * successful parse is also dumped (to /dev/null) to exercise the printer,
 * then freed.  Any crash, leak, hang or sanitizer report is a bug.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "diag.h"
#include "parser.h"

static FILE *devnull;

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (!devnull) {
        devnull = fopen("/dev/null", "w");
        sp_diag_set_stream(NULL);
    }
    /* sp_parse wants a NUL-terminated buffer */
    char *src = malloc(size + 1);
    if (!src) return 0;
    memcpy(src, data, size);
    src[size] = '\0';
    /* on this thread: creating a 1 GB-stack thread per input is slow under ASan */
    sp_ast *ast = sp_parse_direct("fuzz.rb", src, size);
    if (ast) {
        if (devnull) ast_dump(devnull, ast->root);
        sp_ast_free(ast);
    }
    free(src);
    return 0;
}

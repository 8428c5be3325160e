/*
 * A minimal stand-in for <criterion/criterion.h>, used only by
 * scripts/race-check: Criterion's runner cannot start under
 * ThreadSanitizer (its fixed-address arena collides with TSan's shadow
 * memory).  Supports the subset our scheduler tests use: Test() with
 * .init/.timeout/.disabled, cr_assert*.  Each test runs in a forked child
 * with an alarm; output ends with a Criterion-style Synthesis line.
 */
#ifndef SP_RACE_SHIM_CRITERION_H
#define SP_RACE_SHIM_CRITERION_H
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct sp_shim_test {
    const char *suite, *name;
    void (*fn)(void);
    void (*init)(void);
    double timeout;
    int disabled;
};
static struct sp_shim_test *sp_shim_tests[128];
static int sp_shim_ntests;

#define Test(S_, N_, ...)                                                       \
    static void S_##_##N_##_fn(void);                                           \
    __attribute__((constructor)) static void S_##_##N_##_reg(void)              \
    {                                                                           \
        static struct sp_shim_test t = { .suite = #S_, .name = #N_,             \
                                         .fn = S_##_##N_##_fn, __VA_ARGS__ };   \
        sp_shim_tests[sp_shim_ntests++] = &t;                                   \
    }                                                                           \
    static void S_##_##N_##_fn(void)

static inline void sp_shim_fail(const char *file, int line, const char *what)
{
    fprintf(stderr, "[----] %s:%d: Assertion Failed: %s\n", file, line, what);
    fflush(stderr);
    _exit(1);
}
#define cr_assert(c, ...) do { if (!(c)) sp_shim_fail(__FILE__, __LINE__, #c); } while (0)
#define cr_assert_not(c, ...) cr_assert(!(c))
#define cr_assert_eq(a, b, ...) cr_assert((a) == (b))
#define cr_assert_neq(a, b, ...) cr_assert((a) != (b))
#define cr_assert_lt(a, b, ...) cr_assert((a) < (b))
#define cr_assert_leq(a, b, ...) cr_assert((a) <= (b))
#define cr_assert_gt(a, b, ...) cr_assert((a) > (b))
#define cr_assert_geq(a, b, ...) cr_assert((a) >= (b))
#define cr_assert_null(a, ...) cr_assert((a) == NULL)
#define cr_assert_not_null(a, ...) cr_assert((a) != NULL)

int main(int argc, char **argv)
{
    const char *filter = NULL;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--filter") && i + 1 < argc) filter = argv[++i];
    int pass = 0, fail = 0, crash = 0, tested = 0;
    for (int i = 0; i < sp_shim_ntests; i++) {
        struct sp_shim_test *t = sp_shim_tests[i];
        char full[256];
        snprintf(full, sizeof full, "%s/%s", t->suite, t->name);
        if (t->disabled || (filter && !strstr(full, filter)))
            continue;
        tested++;
        fflush(stdout); fflush(stderr);
        pid_t pid = fork();
        if (pid == 0) {
            alarm(t->timeout > 0 ? (unsigned)t->timeout * 3 : 600);
            if (t->init) t->init();
            t->fn();
            fflush(stderr);
            _exit(0);
        }
        int st = 0;
        waitpid(pid, &st, 0);
        if (WIFEXITED(st) && WEXITSTATUS(st) == 0) { pass++; fprintf(stderr, "[PASS] %s\n", full); }
        else if (WIFEXITED(st)) { fail++; fprintf(stderr, "[FAIL] %s (exit %d)\n", full, WEXITSTATUS(st)); }
        else { crash++; fprintf(stderr, "[FAIL] %s: CRASH (signal %d)\n", full, WTERMSIG(st)); }
    }
    fprintf(stderr, "[====] Synthesis: Tested: %d | Passing: %d | Failing: %d | Crashing: %d \n",
            tested, pass, fail, crash);
    return fail + crash ? 1 : 0;
}
#endif

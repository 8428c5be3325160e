/*
 * sp_ec.c — the current fiber's execution context.
 *
 * One __thread pointer per OS worker, read and written only through the
 * two non-inlined functions below: a green thread may resume on another
 * worker, so no caller may cache the address of the thread-local (the
 * compiler would otherwise be free to hoist the TLS address computation
 * across a fiber switch).  The scheduler calls sp_ec_set_current() after
 * each switch; the main fiber's context is created by sp_init.
 */
#include <string.h>

#include "spinel.h"

void sp_ec_init(sp_ec *ec)
{
    memset(ec, 0, sizeof *ec);
    ec->errinfo = SP_NIL;
    ec->jump_val = SP_NIL;
    ec->fiber_locals = SP_NIL;
    ec->last_match = SP_NIL;
    ec->inspect_guard = SP_NIL;
    ec->catch_tags = SP_NIL;
}

static __thread sp_ec *sp_ec_tls;

SP_NOINLINE sp_ec *sp_ec_current(void)
{
    sp_ec *ec = sp_ec_tls;
    __asm__ volatile("" ::: "memory");
    return ec;
}

SP_NOINLINE void sp_ec_set_current(sp_ec *ec)
{
    __asm__ volatile("" ::: "memory");
    sp_ec_tls = ec;
}

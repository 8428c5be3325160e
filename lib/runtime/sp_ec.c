/*
 * sp_ec.c — setting up an execution context, and the stack check that
 * reads it.
 *
 * An sp_ec (spinel.h) is one fiber's Ruby state: handler chain, frames,
 * $!, $~, fiber locals, plus the scheduler half it is paired with (the
 * fiber it runs on and that fiber's stack limit).  Every context is set
 * up here, through sp_ec_init: the main fiber's by sp_init, a green
 * thread's root fiber's by sp_sched_create and a Ruby Fiber's by
 * sp_fiber_rb.c, both through sp_ec_new.  Which context is current is the
 * scheduler's business (sp_ec_current, sp_fiber.c).
 */
#include <stdlib.h>
#include <string.h>

#include "spinel.h"
#include "sp_fiber.h"

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

sp_ec *sp_ec_new(sp_fiber *f)
{
    sp_ec *ec = GC_MALLOC(sizeof *ec);
    if (!ec) {
        fprintf(stderr, "[FATAL] spinel: out of memory for an execution context\n");
        abort();
    }
    sp_ec_init(ec);
    /* a recycled ec may still be read by a mutex waiter that saw it as a
     * previous owner (owner_running in sp_sync.c, a relaxed load) */
    __atomic_store_n(&ec->fiber, f, __ATOMIC_RELAXED);
    ec->stack_limit = sp_fiber_stack_limit(f);
    return ec;
}

/* SP_VM_POLL_ENTRY's slow path: the frame is in the low part of some
 * SP_STACK_ALIGN block.  Raise SystemStackError if it is below the
 * current fiber's limit (the main program's is sp_fiber_native_stack_limit;
 * worker threads' own stacks run no Ruby code and have none). */
void sp_stack_check_slow(void)
{
    char *here = __builtin_frame_address(0);
    sp_ec *ec = sp_ec_current();
    if (ec && ec->stack_limit && here < (char *)ec->stack_limit &&
        here + SP_STACK_ALIGN > (char *)ec->stack_limit && sp_fiber_overflow_hook)
        sp_fiber_overflow_hook();
}

/*
 * sp_switch_x86_64.S — fiber context switch for x86-64 System V.
 *
 * void sp_ctx_switch(void **save_sp, void *new_sp)
 *   Pushes the callee-saved registers (rbp rbx r12-r15) on the current
 *   stack, stores rsp to *save_sp, loads new_sp and pops the same set
 *   from it, then returns into the other fiber.  MXCSR / x87 control
 *   words are not saved: the runtime never changes them.
 *
 * A fresh stack is prepared by sp_ctx_init (C) so that the first switch
 * "returns" into sp_ctx_boot with r12 = arg and r13 = fn.
 */
#if defined(__x86_64__)
        .text
        .globl  sp_ctx_switch
        .type   sp_ctx_switch, @function
        .p2align 4
sp_ctx_switch:
        .cfi_startproc
        pushq   %rbp
        pushq   %rbx
        pushq   %r12
        pushq   %r13
        pushq   %r14
        pushq   %r15
        movq    %rsp, (%rdi)
        movq    %rsi, %rsp
        popq    %r15
        popq    %r14
        popq    %r13
        popq    %r12
        popq    %rbx
        popq    %rbp
        ret
        .cfi_endproc
        .size   sp_ctx_switch, .-sp_ctx_switch

        .globl  sp_ctx_boot
        .type   sp_ctx_boot, @function
        .p2align 4
sp_ctx_boot:
        .cfi_startproc
        .cfi_undefined rip
        movq    %r12, %rdi
        callq   *%r13
        ud2
        .cfi_endproc
        .size   sp_ctx_boot, .-sp_ctx_boot
#endif
        .section .note.GNU-stack,"",@progbits

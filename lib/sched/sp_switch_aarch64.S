/*
 * sp_switch_aarch64.S — fiber context switch for AArch64 (AAPCS64).
 *
 * void sp_ctx_switch(void **save_sp, void *new_sp)
 *   Saves x19-x28, x29 (fp), x30 (lr) and d8-d15 in a 160-byte frame on
 *   the current stack, stores sp to *save_sp, loads new_sp, restores the
 *   same frame from it and returns through the restored x30.
 *
 * A fresh stack is prepared by sp_ctx_init (C): x30 = sp_ctx_boot,
 * x19 = arg, x20 = fn.
 */
#if defined(__aarch64__)
        .text
        .globl  sp_ctx_switch
        .type   sp_ctx_switch, %function
        .p2align 4
sp_ctx_switch:
        sub     sp, sp, #160
        stp     x19, x20, [sp, #0]
        stp     x21, x22, [sp, #16]
        stp     x23, x24, [sp, #32]
        stp     x25, x26, [sp, #48]
        stp     x27, x28, [sp, #64]
        stp     x29, x30, [sp, #80]
        stp     d8,  d9,  [sp, #96]
        stp     d10, d11, [sp, #112]
        stp     d12, d13, [sp, #128]
        stp     d14, d15, [sp, #144]
        mov     x2, sp
        str     x2, [x0]
        mov     sp, x1
        ldp     x19, x20, [sp, #0]
        ldp     x21, x22, [sp, #16]
        ldp     x23, x24, [sp, #32]
        ldp     x25, x26, [sp, #48]
        ldp     x27, x28, [sp, #64]
        ldp     x29, x30, [sp, #80]
        ldp     d8,  d9,  [sp, #96]
        ldp     d10, d11, [sp, #112]
        ldp     d12, d13, [sp, #128]
        ldp     d14, d15, [sp, #144]
        add     sp, sp, #160
        ret
        .size   sp_ctx_switch, .-sp_ctx_switch

        .globl  sp_ctx_boot
        .type   sp_ctx_boot, %function
        .p2align 4
sp_ctx_boot:
        .cfi_startproc
        .cfi_undefined x30
        mov     x29, #0
        mov     x0, x19
        blr     x20
        brk     #0
        .cfi_endproc
        .size   sp_ctx_boot, .-sp_ctx_boot
#endif
        .section .note.GNU-stack,"",%progbits

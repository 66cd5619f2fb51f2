/* jump.h: the one place that chooses the control-transfer primitive.
 *
 * Tags (raise, break, next, return, throw) and green-thread switches both
 * use what is chosen here, exactly as Ruby 1.8 did, so that the cost of the
 * choice can be measured:
 *   - ucontext build: getcontext/setcontext for tags, swapcontext for
 *     switches.  getcontext saves the signal mask with a system call
 *     (rt_sigprocmask), once per tag: the famous 1.8 regression.
 *   - otherwise: _setjmp/_longjmp (no signal mask), and a few lines of
 *     assembly to enter a fresh stack the first time.  These builds also
 *     leave out the tag of a block that cannot `next` or `redo`
 *     (JUMP_TAG_EVERY_BLOCK); the ucontext builds keep 1.8's tag per
 *     block call, which is the regression they are there to show.
 * No other file tests USE_UCONTEXT.
 *
 * JUMP_SAVE must be used as a whole expression statement; whether control
 * came back by a jump is told by state the jumper stored beforehand (the
 * tag's `state`), because getcontext returns 0 both times.
 */
#ifndef MR_JUMP_H
#define MR_JUMP_H

#include "config.h"
#include <stddef.h>

#ifdef USE_UCONTEXT
#include <stdbool.h>
#include <ucontext.h>

typedef ucontext_t jump_buf;
#define JUMP_SAVE(buf)    ((void)getcontext(&(buf)))
#define JUMP_RESTORE(buf) ((void)setcontext(&(buf)))
#define JUMP_PRIMITIVE_NAME "ucontext"
/* Every block call pushes a tag, as MRI 1.8's rb_yield_0 did: this build
   reproduces the regression, one getcontext per iteration. */
#define JUMP_TAG_EVERY_BLOCK 1

/* A green thread's machine context. */
struct machine_ctx { ucontext_t uc; };

static inline void ctx_switch_to(struct machine_ctx *from, struct machine_ctx *to)
{
#ifdef MR_SANITIZE
    /* AddressSanitizer intercepts swapcontext only to print a warning on
       stderr (the switch is announced to it anyway, instrument.h): the
       same switch with the two halves of swapcontext */
    volatile bool resumed = false;
    getcontext(&from->uc);
    if (!resumed) {
        resumed = true;
        setcontext(&to->uc);
    }
#else
    swapcontext(&from->uc, &to->uc);
#endif
}

/* Prepare ctx to run entry() on the given stack at the first switch. */
static inline void ctx_make(struct machine_ctx *ctx, void *stack, size_t size, void (*entry)(void))
{
    getcontext(&ctx->uc);
#if defined(__x86_64__)
    /* the creator's callee-saved registers: entry's frames would save them
       and the collector take them for references (see ctx_enter_fresh) */
    static const int saved[] = { REG_RBX, REG_RBP, REG_R12, REG_R13, REG_R14, REG_R15 };
    for (size_t i = 0; i < sizeof saved / sizeof saved[0]; i++) ctx->uc.uc_mcontext.gregs[saved[i]] = 0;
#endif
    ctx->uc.uc_stack.ss_sp = stack;
    ctx->uc.uc_stack.ss_size = size;
    ctx->uc.uc_link = NULL;
    makecontext(&ctx->uc, entry, 0);
}

#else /* _setjmp/_longjmp */
#include <setjmp.h>
#include <stdint.h>

typedef jmp_buf jump_buf;
#define JUMP_SAVE(buf)    ((void)_setjmp(buf))
#define JUMP_RESTORE(buf) _longjmp(buf, 1)
#define JUMP_PRIMITIVE_NAME "setjmp"
/* Only blocks that can `next` or `redo` push a tag (ev_block.c). */
#define JUMP_TAG_EVERY_BLOCK 0

struct machine_ctx {
    jmp_buf jb;
    void *fresh_sp;          /* non-NULL until first entered */
    void (*entry)(void);
};

/* Switch to a fresh stack and call entry(), which never returns.  The
   callee-saved registers are cleared: entry's frames would save what the
   creating thread left in them, and the conservative collector would take
   those words for references (a thread keeping its creator's objects,
   an Enumerator its own producer, alive). */
__attribute__((noreturn)) static inline void ctx_enter_fresh(void *sp, void (*entry)(void))
{
#if defined(__x86_64__)
    __asm__ volatile("movq %0, %%rsp\n\t"
                     "movq %1, %%rax\n\t"
                     "xorl %%ebp, %%ebp\n\t"
                     "xorl %%ebx, %%ebx\n\t"
                     "xorl %%r12d, %%r12d\n\t"
                     "xorl %%r13d, %%r13d\n\t"
                     "xorl %%r14d, %%r14d\n\t"
                     "xorl %%r15d, %%r15d\n\t"
                     "callq *%%rax\n\t"
                     "ud2"
                     : : "r"(sp), "r"(entry) : "memory", "rax");
#elif defined(__aarch64__)
    __asm__ volatile("mov sp, %0\n\t"
                     "mov x16, %1\n\t"
                     "mov x29, #0\n\t"
                     "mov x19, #0\n\t" "mov x20, #0\n\t" "mov x21, #0\n\t" "mov x22, #0\n\t"
                     "mov x23, #0\n\t" "mov x24, #0\n\t" "mov x25, #0\n\t" "mov x26, #0\n\t"
                     "mov x27, #0\n\t" "mov x28, #0\n\t"
                     "blr x16\n\t"
                     "brk #0"
                     : : "r"(sp), "r"(entry) : "memory", "x16");
#else
#error "no stack-entry code for this CPU: configure with --enable-ucontext"
#endif
    __builtin_unreachable();
}

static inline void ctx_make(struct machine_ctx *ctx, void *stack, size_t size, void (*entry)(void))
{
    /* 16-byte aligned top of stack, as the ABI wants at a call */
    ctx->fresh_sp = (void *)(((uintptr_t)stack + size) & ~(uintptr_t)15);
    ctx->entry = entry;
}

static inline void ctx_switch_to(struct machine_ctx *from, struct machine_ctx *to)
{
    if (_setjmp(from->jb) == 0) {
        if (to->fresh_sp) {
            void *sp = to->fresh_sp;
            to->fresh_sp = NULL;
            ctx_enter_fresh(sp, to->entry);
        }
        _longjmp(to->jb, 1);
    }
}
#endif

#endif

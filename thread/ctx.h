/* ctx.h: the machine context of a green thread: make one on a fresh stack,
 * switch from one to another.  The one file that knows how a switch is done.
 *
 * Two primitives, chosen by configure (USE_UCONTEXT_SWITCH):
 *   - swapcontext/makecontext (the ucontext builds, as Ruby 1.8 with
 *     --enable-pthread): every switch saves and restores the signal mask,
 *     one rt_sigprocmask each way.
 *   - _setjmp/_longjmp, with a few lines of assembly to enter a fresh stack
 *     the first time: no system call per switch.
 * Exception tags make the same choice in interp/eval/jump.h, as Ruby 1.8
 * did, but the two are separate decisions: a third switch primitive is a
 * third block here, and tags do not change.
 *
 * The interface, for every primitive:
 *   struct machine_ctx           saved registers of a suspended thread
 *   ctx_make(ctx, stack, size, entry)
 *                                 the first switch to ctx calls entry() on
 *                                 the stack [stack, stack + size); entry
 *                                 never returns
 *   ctx_switch_to(from, to)       save the running context in from, resume to
 *   ctx_jump(to)                  resume to, abandoning the running context
 *   ctx_stack_pointer()           the current stack pointer (for the GC)
 */
#ifndef MR_CTX_H
#define MR_CTX_H

#include "config.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__)
#define CTX_READ_SP(sp) __asm__ volatile("mov %%rsp, %0" : "=r"(sp))
#elif defined(__aarch64__)
#define CTX_READ_SP(sp) __asm__ volatile("mov %0, sp" : "=r"(sp))
#else
#define CTX_READ_SP(sp) ((sp) = (char *)__builtin_frame_address(0) - 256)
#endif

/* The lowest live address of the running stack, give or take a frame. */
static inline __attribute__((always_inline)) char *ctx_stack_pointer(void)
{
    char *sp;
    CTX_READ_SP(sp);
    return sp;
}

#ifdef USE_UCONTEXT_SWITCH
/* ------------------------------------------------------------ swapcontext */
#include <ucontext.h>

struct machine_ctx { ucontext_t uc; };

#ifdef MR_SANITIZE
/* AddressSanitizer intercepts swapcontext only to print a warning on
   stderr (the switch is announced to it anyway, instrument.h): the same
   switch with the two halves of swapcontext.  A macro, as the _setjmp
   switch: a function that calls getcontext is never inlined, and its
   frame (the flag, what the compiler keeps across the second return)
   would lie below the stack pointer the scheduler records, outside what
   it saves of a stack that shares its slot. */
#define ctx_switch_to(from, to)                                           \
    do {                                                                  \
        volatile bool ctx_resumed_ = false;                               \
        getcontext(&(from)->uc);                                          \
        if (!ctx_resumed_) {                                              \
            ctx_resumed_ = true;                                          \
            setcontext(&(to)->uc);                                        \
        }                                                                 \
    } while (0)
#else
static inline void ctx_switch_to(struct machine_ctx *from, struct machine_ctx *to)
{
    swapcontext(&from->uc, &to->uc);
}
#endif

__attribute__((noreturn)) static inline void ctx_jump(struct machine_ctx *to)
{
    setcontext(&to->uc);
    __builtin_unreachable();
}

static inline void ctx_make(struct machine_ctx *ctx, void *stack, size_t size, void (*entry)(void))
{
    getcontext(&ctx->uc);
#if defined(__x86_64__)
    /* the creator's callee-saved registers: entry's frames would save them
       and a conservative collector take them for references */
    static const int saved[] = { REG_RBX, REG_RBP, REG_R12, REG_R13, REG_R14, REG_R15 };
    for (size_t i = 0; i < sizeof saved / sizeof saved[0]; i++) ctx->uc.uc_mcontext.gregs[saved[i]] = 0;
#endif
    ctx->uc.uc_stack.ss_sp = stack;
    ctx->uc.uc_stack.ss_size = size;
    ctx->uc.uc_link = NULL;
    makecontext(&ctx->uc, entry, 0);
}

#else
/* ------------------------------------------------------------ setjmp + assembly */
/* The registers of a suspended thread are saved on its own stack, in the
   frame that switched (the switching frame has spilled the callee-saved
   registers itself), and a parked thread's stack is spilled with them.
   The primitive is the tags' (jmpbuf.h). */
#include "jmpbuf.h"

struct machine_ctx {
    jb_buf *jb;              /* in the frame of the switch that suspended it */
    void *fresh_sp;          /* non-NULL until first entered */
    void (*entry)(void);
};

/* Switch to a fresh stack and call entry(), which never returns.  The
   callee-saved registers are cleared: entry's frames would save what the
   creating thread left in them, and a conservative collector would take
   those words for references. */
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

/* never inlined into switch_to, which saved, with the compiler's primitive */
__attribute__((noreturn)) JB_STATIC_JUMPER void ctx_resume(struct machine_ctx *to)
{
    if (to->fresh_sp) {
        void *sp = to->fresh_sp;
        to->fresh_sp = NULL;
        ctx_enter_fresh(sp, to->entry);
    }
    JB_JUMP(*to->jb);
}

__attribute__((noreturn)) static inline void ctx_jump(struct machine_ctx *to) { ctx_resume(to); }

/* A macro, not a function: a function that saves a context is never
   inlined, and its frame would be one more mispredicted return after
   every switch.  The buffer is a local of the function it is used in. */
#define ctx_switch_to(from, to) \
    do {                                                                  \
        jb_buf ctx_here_;                                                 \
        (from)->jb = &ctx_here_;                                          \
        if (JB_SAVE(ctx_here_) == 0) ctx_resume(to);                      \
    } while (0)
#endif

#endif

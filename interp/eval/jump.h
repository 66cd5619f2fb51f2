/* jump.h: the one place that chooses the primitive of exception tags.
 *
 * Tags (raise, break, next, return, throw) save a context where a
 * protected region starts and jump back to it.  configure chooses, as
 * Ruby 1.8 did:
 *   - ucontext build (USE_UCONTEXT_TAGS): getcontext/setcontext.  Each
 *     saves or restores the signal mask with a system call
 *     (rt_sigprocmask): the famous 1.8 regression, which these builds
 *     reproduce construct by construct (TAG_LIKE_18, tag.h).
 *   - otherwise: the compiler's __builtin_setjmp/__builtin_longjmp (or,
 *     under AddressSanitizer, _setjmp/_longjmp), no system call, and tags
 *     only where a jump can land.
 * Thread switches make the same choice in thread/ctx.h, separately.
 * No other file tests USE_UCONTEXT_TAGS.
 *
 * JUMP_SAVE must be used as a whole expression statement; whether control
 * came back by a jump is told by state the jumper stored beforehand (the
 * tag's `state`), because getcontext returns 0 both times.
 */
#ifndef MR_JUMP_H
#define MR_JUMP_H

#include "config.h"

#ifdef USE_UCONTEXT_TAGS
#include <ucontext.h>

typedef ucontext_t jump_buf;
#define JUMP_SAVE(buf)    ((void)getcontext(&(buf)))
#define JUMP_RESTORE(buf) ((void)setcontext(&(buf)))
/* Tags where MRI 1.8.7 pushed them, as the regression needs (tag.h). */
#define TAG_LIKE_18 1

#elif defined(__GNUC__) && !defined(MR_SANITIZE)
/* The compiler's own setjmp: three words saved (frame, stack pointer,
   resume address), where glibc's jmp_buf is 200 bytes, 128 of them a
   signal mask _setjmp never writes; the function that saves spills its
   callee-saved registers instead.  A tag is 88 bytes, not 248, and a
   parked hackysack player's stack (three tags) 336 bytes shallower; the
   jump is a few instructions, without glibc's walk of pthread cleanup
   handlers.
   __builtin_longjmp must not be called from the function that saved:
   tag_jump and tag_protect_loop are two (tag.c). */
typedef void *jump_buf[5];
#define JUMP_SAVE(buf)    ((void)__builtin_setjmp(buf))
#define JUMP_RESTORE(buf) __builtin_longjmp((buf), 1)
#define TAG_LIKE_18 0

#else /* _setjmp/_longjmp: AddressSanitizer sees these jumps and
         unpoisons the frames they leave */
#include <setjmp.h>

typedef jmp_buf jump_buf;
#define JUMP_SAVE(buf)    ((void)_setjmp(buf))
#define JUMP_RESTORE(buf) _longjmp(buf, 1)
#define TAG_LIKE_18 0
#endif

#endif

/* jump.h: the one place that chooses the primitive of exception tags.
 *
 * Tags (raise, break, next, return, throw) save a context where a
 * protected region starts and jump back to it.  configure chooses, as
 * Ruby 1.8 did:
 *   - ucontext build (USE_UCONTEXT_TAGS): getcontext/setcontext.  Each
 *     saves or restores the signal mask with a system call
 *     (rt_sigprocmask): the famous 1.8 regression, which these builds
 *     reproduce construct by construct (TAG_LIKE_18, tag.h).
 *   - otherwise: setjmp, the compiler's or, under AddressSanitizer,
 *     _setjmp (thread/jmpbuf.h, shared with the thread switches), no
 *     system call, and tags only where a jump can land.
 * Thread switches choose between ucontext and that primitive in
 * thread/ctx.h.
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

#else /* setjmp, the compiler's or _setjmp (jmpbuf.h) */
#include "jmpbuf.h"

typedef jb_buf jump_buf;
#define JUMP_SAVE(buf)    ((void)JB_SAVE(buf))
#define JUMP_RESTORE(buf) JB_JUMP(buf)   /* only in tag_jump, not where tags save (tag.c) */
#define TAG_LIKE_18 0
#endif

#endif

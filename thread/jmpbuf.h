/* jmpbuf.h: the setjmp primitive of the builds without ucontext, one
 * choice for exception tags (interp/eval/jump.h) and thread switches
 * (ctx.h) alike.
 *
 * The compiler's __builtin_setjmp saves three words (frame and stack
 * pointers, resume address) where glibc's jmp_buf is 200 bytes, 128 of
 * them a signal mask _setjmp never writes; the function that saves spills
 * its callee-saved registers itself.  Its jump is a few instructions,
 * without glibc's walk of pthread cleanup handlers.  Both kinds of buffer
 * live on the saving thread's stack (in a tag, in the switching frame): a
 * parked hackysack player is 480 bytes shallower with them.  Under
 * AddressSanitizer, which must see the jumps to unpoison the frames they
 * leave: _setjmp/_longjmp.
 *
 * JB_JUMP must not be in the function that did JB_SAVE: a static function
 * that jumps and is called from one that saves is declared
 * JB_STATIC_JUMPER, never inlined with the compiler's primitive.
 */
#ifndef MR_JMPBUF_H
#define MR_JMPBUF_H

#include "config.h"

#if defined(__GNUC__) && !defined(MR_SANITIZE)
typedef void *jb_buf[5];
#define JB_SAVE(buf) __builtin_setjmp(buf)
#define JB_JUMP(buf) __builtin_longjmp((buf), 1)
#define JB_STATIC_JUMPER __attribute__((noinline, unused)) static
#else
#include <setjmp.h>
typedef jmp_buf jb_buf;
#define JB_SAVE(buf) _setjmp(buf)
#define JB_JUMP(buf) _longjmp((buf), 1)
#define JB_STATIC_JUMPER static inline
#endif

#endif

/* tag.h: non-local exits.  Every raise, break, next, redo, retry, return
 * from a block, throw and Thread#kill is a jump to a tag: a record on the C
 * stack, linked from the running thread (so a thread switch swaps one
 * pointer), holding a saved context (jump.h chooses the primitive), the
 * frame to restore, and what the tag catches.  A jump lands on the
 * innermost tag; the code there decides whether it is the destination or
 * passes the jump on (tag_rejump), as MRI 1.8's PUSH_TAG/EXEC_TAG/JUMP_TAG
 * did, with the vocabulary kept and one function in place of the macros.
 *
 * A protected region is one call, shaped as Lua's luaD_rawrunprotected:
 *     struct tag t;
 *     VALUE v;
 *     if (tag_protect(&t, id, fn, arg, &v) == TAG_NONE) ... v ...
 *     else ... t.state, t.val, t.dst ... (tag_rejump(&t) passes it on)
 * fn runs under the tag; the tag is off the chain again when it returns.
 * A construct that handles some jumps itself and goes on under the same
 * tag (a loop's next, a block's redo, rescue and its retry) passes a
 * landing function: tag_protect_loop calls it for each jump that lands,
 * still under the tag, and it says whether the construct is done, runs
 * its body again, or passes the jump on.  The context is saved once per
 * construct, however many jumps land in it, as MRI 1.8.7's EXEC_TAG was.
 * C callers outside the evaluator use the function-shaped vm_protect,
 * vm_ensure, vm_rescue and vm_catch of ruby.h, all built on it (tag.c).
 *
 * Where tags are: the _setjmp builds tag only what a jump can land in (a
 * block that can next/redo, a method with a return from a block, a loop
 * with break...).  The ucontext builds (TAG_LIKE_18) tag every construct
 * MRI 1.8.7 tagged -- a method call, an iterator call, a block's
 * parameters and its body, Proc#call, a loop, rescue, ensure, catch --
 * so that they pay its getcontext per construct, the regression they are
 * there to reproduce (README, "Reproducing the Ruby 1.8 sigprocmask
 * regression").
 */
#ifndef MR_TAG_H
#define MR_TAG_H

#include <stdbool.h>
#include <stdint.h>
#include "jump.h"
#include "ruby.h"          /* enum tag_state, the states a jump has */

struct tag {
    jump_buf buf;
    struct tag *prev;
    struct frame *frame;    /* frame to restore on landing */
    volatile int state;     /* set by the jumper */
    VALUE val;              /* the jump's value */
    uintptr_t dst;          /* the jump's destination identity */
    uintptr_t id;           /* what this tag catches (break id, catch tag, frame serial) */
};

/* What a landing function decides about a jump that landed. */
enum tag_landing {
    TAG_DONE,      /* handled: the construct's value is in *result */
    TAG_AGAIN,     /* run the body again, under the same tag */
    TAG_PASS,      /* not for this construct: pass the jump on */
};
typedef enum tag_landing (*tag_land_fn)(void *arg, int state, const struct tag *t, VALUE *result);

/* Run body(arg) under t, a tag that catches id (0: no identity of its
   own), and hand each jump that lands to land (NULL: pass every one).
   TAG_NONE when the body returned or land was done (the value in
   *result), else the state of the jump to pass on, whose value and
   destination are in t->val, t->dst; the tag is off the chain then. */
int tag_protect_loop(struct tag *t, uintptr_t id, VALUE (*body)(void *), tag_land_fn land, void *arg,
                     VALUE *result);
static inline int tag_protect(struct tag *t, uintptr_t id, VALUE (*fn)(void *), void *arg, VALUE *result)
{
    return tag_protect_loop(t, id, fn, NULL, arg, result);
}

/* Jump to the innermost tag with this state; every tag on the way decides
   whether it is the destination or passes the jump on. */
NORETURN void tag_jump(int state, VALUE val, uintptr_t dst);
static inline NORETURN void tag_rejump(const struct tag *t) { tag_jump(t->state, t->val, t->dst); }
/* Is there a tag that would catch (state, dst)?  (LocalJumpError checks) */
bool tag_reachable(int state, uintptr_t dst);
/* What MRI 1.8.7's raise and throw did before the jump, its
   rb_trap_restore_mask: set the signal mask (TAG_LIKE_18 builds only). */
void tag_trap_mask_restore(void);

/* A tag as the ucontext builds place them, around fn(arg) whatever it may
   jump: one getcontext and nothing else changes. */
static inline VALUE tag_like_18(VALUE (*fn)(void *), void *arg)
{
    if (!TAG_LIKE_18) return fn(arg);
    struct tag t;
    VALUE v;
    if (tag_protect(&t, 0, fn, arg, &v) == TAG_NONE) return v;
    tag_rejump(&t);
}

/* The push and pop inside tag_protect, for the few regions that need the
   tag's state between them (the REPL's session). */
static inline void tag_push(struct tag *t, uintptr_t id)
{
    struct thread *th = vm.th;
    t->prev = th->tag;
    t->frame = th->frame;
    t->state = TAG_NONE;
    t->val = Qnil;
    t->dst = 0;
    t->id = id;
    th->tag = t;
}

static inline void tag_pop(struct tag *t)
{
    struct thread *th = vm.th;
    th->tag = t->prev;
    th->frame = t->frame;
}

#endif

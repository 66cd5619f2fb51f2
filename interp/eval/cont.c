/* cont.c: Kernel#callcc and Continuation (call, []) after 1.8.7.
 *
 * A continuation is a copy of the running thread's C stack, from the
 * frame of callcc up to the thread's stack base, with the registers
 * (_setjmp) and the thread's frame and tag chains, $! and $SAFE.  Frames
 * and tags live on the C stack, so copying it back and jumping restores
 * the calls in progress at the moment callcc was called, as many times as
 * the continuation is called.  To copy it back the restorer first moves
 * its own frame below the saved region.  Local variables are not restored:
 * as 1.8.7 does, callcc moves them off the stack (box_stack_envs), so they
 * keep the values last assigned.
 *
 * The copy is scanned conservatively by the collector, as a stack is; the
 * objects the frames refer to through malloc'ed blocks (a Proc's block)
 * are found precisely when the continuation is made.
 *
 * A continuation belongs to its thread: called from another one it raises
 * RuntimeError "continuation called across threads".  Like 1.8.7, calling
 * one runs no ensure clause of the frames it leaves.
 *
 * The tags' own jump primitive does not matter: _setjmp/_longjmp or
 * getcontext/setcontext contexts are in the copied stack like the rest,
 * and the continuation itself always uses _setjmp/_longjmp.
 */
#include <setjmp.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include "eval.h"

struct cont {
    jmp_buf regs;
    struct thread *th;          /* the thread it was made in */
    VALUE thread;               /* its Thread object, kept alive so th is not reused */
    char *lo;                   /* lowest saved address; the copy goes up to th->stack_base */
    size_t len;
    VALUE *copy;
    struct frame *frame;
    struct tag *tag;
    VALUE errinfo;
    int safe_level;
    VALUE *roots;               /* what the frames refer to (gc_state_roots) */
    uint32_t nroots;
    VALUE value;                /* what callcc returns when called again */
};

static VALUE cContinuation;

static void cont_mark(void *p)
{
    struct cont *c = p;
    gc_mark(c->thread);
    gc_mark(c->errinfo);
    gc_mark(c->value);
    gc_mark_values(c->roots, c->nroots);
    gc_mark_maybe_values((const VALUE *)(void *)&c->regs, sizeof(c->regs) / (sizeof(VALUE)));
    if (c->copy) gc_mark_maybe_values(c->copy, c->len / sizeof(VALUE));
}

static void cont_free(void *p)
{
    struct cont *c = p;
    free(c->copy);
    free(c->roots);
    free(c);
}

static size_t cont_memsize(const void *p)
{
    const struct cont *c = p;
    return sizeof *c + c->len + c->nroots * sizeof(VALUE);
}

static const struct data_type cont_type = { "continuation", cont_mark, cont_free, cont_memsize };

/* Word copies the compiler does not turn into memcpy calls (which an
   AddressSanitizer build checks against the stack's poisoned parts). */
__attribute__((no_sanitize_address)) static void copy_words(volatile VALUE *dst, const volatile VALUE *src, size_t n)
{
    for (size_t i = 0; i < n; i++) dst[i] = src[i];
}

/* ------------------------------------------------------------ saving */
/* Called from save(): its frame is below the whole of save's. */
static NOINLINE void save_stack(struct cont *c)
{
    volatile VALUE anchor = 0;
    char *lo = (char *)((uintptr_t)&anchor & ~(uintptr_t)(sizeof(VALUE) - 1));
    size_t len = (size_t)(c->th->stack_base - lo) & ~(sizeof(VALUE) - 1);
    c->copy = xmalloc(len);
    c->lo = lo;
    c->len = len;
    copy_words(c->copy, (volatile VALUE *)lo, len / sizeof(VALUE));
    (void)anchor;
}

/* Returns false when the continuation is made, true each time it is
   called (after restore() put the stack back). */
static NOINLINE bool save(struct cont *c)
{
    if (_setjmp(c->regs)) return true;
    save_stack(c);
    return false;
}

/* ------------------------------------------------------------ restoring */
static NORETURN NOINLINE void restore_now(struct cont *c)
{
    struct thread *th = c->th;
    copy_words((volatile VALUE *)c->lo, c->copy, c->len / sizeof(VALUE));
    th->frame = c->frame;
    th->tag = c->tag;
    th->errinfo = c->errinfo;
    th->safe_level = c->safe_level;
    th->stack_dirty = true;
    _longjmp(c->regs, 1);
}

#define RESTORE_PAD 256      /* words: room below the saved region for restore_now */

/* Grows the stack until this frame is below the saved region, then copies
   it back.  The pad is used after the recursive call so that the call is
   not turned into a jump reusing the frame. */
static NORETURN NOINLINE void restore(struct cont *c, volatile VALUE *prev)
{
    volatile VALUE pad[RESTORE_PAD];
    pad[0] = prev ? prev[0] : 0;
    if ((char *)&pad[0] >= c->lo - RESTORE_PAD * sizeof(VALUE)) restore(c, pad);
    restore_now(c);
}

/* ------------------------------------------------------------ locals */
/* Locals are not part of what a continuation restores (1.8.7 moves the
   scopes to the heap at callcc): the vars of every stack environment of
   the thread move into the heap (env_box), where the frame, its copies in
   continuations and the GC find them; a C iterator's reused block frame
   stops being reused (yielder_stop_reusing). */
static void box_stack_envs(struct thread *th)
{
    for (struct frame *f = th->frame; f; f = f->prev) {
        if (f->flags & FRAME_CFUNC) continue;       /* no env */
        if (f->flags & FRAME_YIELDER) yielder_stop_reusing(f);
        for (struct env *e = f->env; e && !(e->flags & ENV_HEAP); e = e->outer)
            if (!(e->flags & ENV_BOXED)) env_box(e);
    }
}

/* ------------------------------------------------------------ Ruby API */
static VALUE k_callcc(VALUE self, int argc, const VALUE *argv)
{
    if (!vm_block_given()) vm_need_block();
    struct thread *th = vm.th;
    struct cont *c = xmalloc(sizeof *c);
    memset(c, 0, sizeof *c);
    c->th = th;
    c->thread = th->self;
    c->value = Qnil;
    c->errinfo = th->errinfo;
    c->safe_level = th->safe_level;
    c->frame = th->frame;
    c->tag = th->tag;
    volatile VALUE obj = data_new(cContinuation, &cont_type, c);
    box_stack_envs(th);
    c->roots = gc_state_roots(c->frame, c->tag, &c->nroots);
    if (save(c)) {
        c = data_get(obj, &cont_type);   /* the registers and the stack are as saved */
        VALUE v = c->value;
        c->value = Qnil;
        return v;
    }
    return vm_yield1(obj);
}

static VALUE cont_call(VALUE self, int argc, const VALUE *argv)
{
    struct cont *c = data_get(self, &cont_type);
    if (c->th != vm.th || c->thread != vm.th->self)
        exc_raise(vm.c.RuntimeError, "continuation called across threads");
    c->value = argc == 0 ? Qnil : argc == 1 ? argv[0] : ary_new_from(argc, argv);
    restore(c, NULL);
}

void cont_init(void)
{
    cContinuation = class_define("Continuation", vm.c.Object);
    gc_register_root(&cContinuation);
    class_set_allocator(cContinuation, NULL);
    undef_method(singleton_class(cContinuation), "new");
    define_method(cContinuation, "call", cont_call, -1);
    define_method(cContinuation, "[]", cont_call, -1);
    define_global_function("callcc", k_callcc, 0);
}

/* tag.c: the tag chain (tag.h) and the function-shaped protection API that
 * C code outside the evaluator uses: vm_protect, vm_jump_state, vm_ensure,
 * vm_rescue, vm_catch, vm_throw.  The only file that saves or restores a
 * tag's context (JUMP_SAVE, JUMP_RESTORE). */
#include <signal.h>
#include "eval.h"

/* ------------------------------------------------------------ the primitive */
int tag_protect_loop(struct tag *t, uintptr_t id, VALUE (*body)(void *), tag_land_fn land, void *arg,
                     VALUE *result)
{
    tag_push(t, id);
    JUMP_SAVE(t->buf);
    /* Here at the start, and again after each jump that lands (t->state
       says which; nothing else of this frame may have changed since the
       save, which is why the landing logic lives in land). */
    for (;;) {
        if (t->state == TAG_NONE) {
            *result = body(arg);
            break;
        }
        int state = t->state;
        vm.th->frame = t->frame;
        if (!land) break;
        t->state = TAG_NONE;             /* a jump out of land lands here again */
        enum tag_landing next = land(arg, state, t, result);
        if (next == TAG_DONE) break;
        if (next == TAG_PASS) { t->state = state; break; }
    }
    tag_pop(t);
    return t->state;
}

void tag_jump(int state, VALUE val, uintptr_t dst)
{
    struct tag *t = vm.th->tag;
    if (!t) mr_bug("non-local exit with no tag (state %d)", state);
    t->state = state;
    t->val = val;
    t->dst = dst;
    JUMP_RESTORE(t->buf);
    __builtin_unreachable();
}

bool tag_reachable(int state, uintptr_t dst)
{
    for (struct tag *t = vm.th->tag; t; t = t->prev)
        if (t->id == dst) return true;
    return false;
}

void tag_trap_mask_restore(void)
{
#if TAG_LIKE_18
    /* one rt_sigprocmask per raise or throw */
    sigset_t mask;
    sigprocmask(SIG_SETMASK, NULL, &mask);
#endif
}

/* ------------------------------------------------------------ protection for C */
struct c_call {
    VALUE (*fn)(VALUE);
    VALUE arg;
};

static VALUE run_c_call(void *p)
{
    struct c_call *c = p;
    return c->fn(c->arg);
}

VALUE vm_protect(VALUE (*fn)(VALUE), VALUE arg, int *state)
{
    struct tag t;
    struct c_call c = { fn, arg };
    VALUE v = Qnil;
    int st = tag_protect(&t, 0, run_c_call, &c, &v);
    if (st) {
        vm.th->jump_val = t.val;
        vm.th->jump_dst = t.dst;
    }
    if (state) *state = st;
    return st ? Qnil : v;
}

void vm_jump_state(int state)
{
    tag_jump(state, vm.th->jump_val, vm.th->jump_dst);
}

VALUE vm_ensure(VALUE (*body)(VALUE), VALUE barg, VALUE (*ensure)(VALUE), VALUE earg)
{
    struct tag t;
    struct c_call c = { body, barg };
    VALUE v = Qnil;
    int st = tag_protect(&t, 0, run_c_call, &c, &v);
    VALUE errinfo = vm.th->errinfo;
    ensure(earg);
    if (st) {
        vm.th->errinfo = errinfo;
        tag_rejump(&t);
    }
    return v;
}

VALUE vm_rescue(VALUE (*body)(VALUE), VALUE barg, VALUE (*rescue)(VALUE, VALUE), VALUE rarg, VALUE exc_class)
{
    struct tag t;
    struct c_call c = { body, barg };
    VALUE saved = vm.th->errinfo, v;
    int st = tag_protect(&t, 0, run_c_call, &c, &v);
    if (st == TAG_NONE) return v;
    VALUE exc = vm.th->errinfo;
    if (st == TAG_RAISE && obj_is_kind_of(exc, exc_class ? exc_class : vm.c.StandardError)) {
        v = rescue(rarg, exc);
        vm.th->errinfo = saved;
        return v;
    }
    tag_rejump(&t);
}

VALUE vm_catch(VALUE tagobj, VALUE (*fn)(VALUE), VALUE arg)
{
    struct tag t;
    struct c_call c = { fn, arg };
    VALUE v;
    int st = tag_protect(&t, tagobj, run_c_call, &c, &v);
    if (st == TAG_NONE) return v;
    if (st == TAG_THROW && t.dst == tagobj) return t.val;
    tag_rejump(&t);
}

void vm_throw(VALUE tagobj, VALUE val)
{
    if (!tag_reachable(TAG_THROW, tagobj)) {
        VALUE desc = obj_inspect(tagobj);
        if (SYMBOL_P(tagobj)) exc_name_error(SYM2ID(tagobj), "uncaught throw `%s'", sym_name(SYM2ID(tagobj)));
        exc_raise(vm.c.ArgumentError, "uncaught throw %s", RSTRING_PTR(desc));
    }
    tag_trap_mask_restore();
    tag_jump(TAG_THROW, val, tagobj);
}

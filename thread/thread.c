/* thread.c: the Thread class, ThreadGroup and Kernel#sleep, on top of the
 * scheduler.  Semantics and messages follow MRI 1.8.7 (see design.md's
 * table): a new thread starts running at once, an exception kills only its
 * thread (re-raised by join/value) unless abort_on_exception is set. */
#include <math.h>
#include <stdlib.h>
#include "thread_impl.h"
#include "instrument.h"

#define HIDDEN_THREAD_COST (16 * 1024)   /* stack pages, roughly */

static bool abort_on_exception;
static VALUE default_group;

/* ------------------------------------------------------------ Thread objects */
static void rthread_mark(void *p)
{
    struct rthread *t = p;
    gc_mark(t->proc);
    gc_mark(t->args);
    gc_mark(t->value);
    gc_mark(t->exception);
    gc_mark(t->group);
    gc_mark(t->wait_obj);
    gc_mark(t->t.locals);
    gc_mark(t->t.errinfo);
    gc_mark(t->t.pending_exc);
}

static void rthread_free(void *p)
{
    struct rthread *t = p;
    if (t->is_main || t->status != TS_DEAD) return;   /* live threads are never collected */
    if (t->stack) {
        STACK_DEREGISTER(t->valgrind_stack_id);
        stack_release(t->stack, t->stack_size);
    }
    free(t->t.stack_roots);
    free(t);
}

static const struct data_type thread_type = { "Thread", rthread_mark, rthread_free, NULL };

struct rthread *thread_get(VALUE obj) { return data_get(obj, &thread_type); }
VALUE thread_object(struct rthread *t) { return t->t.self; }

static struct rthread *rthread_new(VALUE klass)
{
    struct rthread *t = xcalloc(1, sizeof *t);
    t->t.errinfo = t->t.locals = t->t.pending_exc = t->t.jump_val = Qnil;
    t->proc = t->args = t->value = t->exception = t->group = t->wait_obj = Qnil;
    t->heap_index = t->fd_index = -1;
    t->t.self = data_new(klass, &thread_type, t);
    return t;
}

const char *thread_status_name(struct rthread *t)
{
    if (t->status == TS_DEAD) return "dead";
    if (t->t.pending & PENDING_KILL) return "aborting";
    return t->status == TS_STOPPED ? "sleep" : "run";
}

VALUE thread_status_value(struct rthread *t)
{
    if (t->status != TS_DEAD) return str_new_cstr(thread_status_name(t));
    return NIL_P(t->exception) ? Qfalse : Qnil;
}

/* ------------------------------------------------------------ running a thread */
static VALUE run_thread_block(VALUE arg)
{
    struct rthread *t = (struct rthread *)arg;
    if (t->entry_fn) return t->entry_fn(t->entry_arg);
    return proc_call(t->proc, (int)RARRAY_LEN(t->args), RARRAY_PTR(t->args));
}

static void thread_entry(void)
{
    SWITCH_FINISH(NULL);
    sched_release_dead();
    struct rthread *t = rt_current();
    int state;
    VALUE v = vm_protect(run_thread_block, (VALUE)t, &state);
    if (state == 0) t->value = v;
    else if (state == TAG_RAISE) {
        t->exception = t->t.errinfo;
        /* exit in a thread, or abort_on_exception: the main thread gets it */
        if (abort_on_exception || t->abort_on_exception || obj_is_kind_of(t->exception, vm.c.SystemExit)) {
            struct rthread *m = RT(vm.main_th);
            m->t.pending_exc = t->exception;
            m->t.pending |= PENDING_RAISE;
            sched_wakeup(m);
        } else if (vm.debug) {
            exc_print(t->exception);
        }
    } else if (state == TAG_FATAL) {
        t->killed = true;
    }
    t->t.frame = NULL;
    t->t.tag = NULL;
    sched_thread_died(t);
}

/* A thread that has not run yet: its stack and first context.  The
   caller keeps t->t.self reachable. */
static struct rthread *thread_prepare(VALUE klass)
{
    struct rthread *cur = rt_current();
    struct rthread *t = rthread_new(klass);
    volatile VALUE obj = t->t.self;      /* marked while the stack is made */
    (void)obj;
    t->priority = cur->priority;
    t->level = cur->level;
    t->group = cur->group;
    t->stack = stack_alloc(&t->stack_size);
    if (!t->stack) exc_raise(vm.c.ThreadError, "can't create Thread (out of address space)");
    size_t margin = t->stack_size / 4 < 256 * 1024 ? t->stack_size / 4 : 256 * 1024;
    /* Stacks are a power of two apart: start each at a different offset in
       its page so that the hot tops of several threads do not compete for
       the same cache sets (7% on pass.rb).  The offsets stay small: a
       thread blocked on a Queue uses 3.3 KB, and one more byte than the
       page holds costs 4 KB per thread, 400 MB for 100,000 of them. */
    static unsigned color;
    size_t offset = (size_t)(color++ % 4) * 192;
    t->t.stack_lo = t->stack;
    t->t.stack_base = (char *)t->stack + t->stack_size - offset;
    t->t.stack_limit = (char *)t->stack + margin;
    /* Valgrind first: a stack from the pool is still marked as the dead
       thread left it (inaccessible below its last stack pointer), and
       makecontext writes the new thread's first frame into it */
    t->valgrind_stack_id = STACK_REGISTER(t->stack, (char *)t->stack + t->stack_size);
    STACK_FRESH(t->stack, t->stack_size);
    ctx_make(&t->ctx, t->stack, t->stack_size - offset, thread_entry);
    return t;
}

static VALUE thread_start(VALUE klass, int argc, const VALUE *argv)
{
    if (!vm_block_given()) exc_raise(vm.c.ThreadError, "must be called with a block");
    VALUE proc = proc_new(vm_current_block(), false);
    VALUE args = ary_new_from(argc, argv);
    struct rthread *t = thread_prepare(klass);
    volatile VALUE obj = t->t.self;      /* keeps t's references marked from here on */
    t->proc = proc;
    t->args = args;
    if (sched_critical) sched_add_thread(t);
    else sched_switch_to_new(t);
    return obj;
}

/* A thread for the interpreter's own use, running fn(arg): runnable, not
   yet run, and not listed by Thread.list or ThreadGroup#list. */
struct rthread *thread_start_hidden(VALUE (*fn)(void *), void *arg)
{
    struct rthread *t = thread_prepare(vm.c.Thread);
    t->entry_fn = fn;
    t->entry_arg = arg;
    t->hidden = true;
    sched_add_thread(t);
    /* such a thread may live until the collector finds its owner gone:
       let its stack count towards the next collection */
    gc_malloc_increase(HIDDEN_THREAD_COST);
    return t;
}

/* ------------------------------------------------------------ join, value, status */
static void unlink_joiner(struct rthread *target, struct rthread *j)
{
    for (struct rthread **p = &target->joiners; *p; p = &(*p)->join_next)
        if (*p == j) { *p = j->join_next; return; }
}

static VALUE th_join(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    struct rthread *t = thread_get(self), *cur = rt_current();
    if (t == cur) exc_raise(vm.c.ThreadError, "thread 0x%lx tried to join itself", (unsigned long)self);
    double deadline = argc && !NIL_P(argv[0]) ? sched_now() + num_to_dbl(argv[0]) : -1;
    while (t->status != TS_DEAD) {
        cur->join_target = t;
        cur->join_next = t->joiners;
        t->joiners = cur;
        bool woken = sched_block(WAIT_JOIN, deadline);
        unlink_joiner(t, cur);
        cur->join_target = NULL;
        if (!woken && t->status != TS_DEAD) return Qnil;
    }
    if (!NIL_P(t->exception)) exc_raise_obj(t->exception);
    return self;
}

static VALUE th_value(VALUE self, int argc, const VALUE *argv)
{
    th_join(self, 0, NULL);
    return thread_get(self)->value;
}

static VALUE th_alive(VALUE self, int argc, const VALUE *argv) { return BOOL2V(thread_get(self)->status != TS_DEAD); }
static VALUE th_status(VALUE self, int argc, const VALUE *argv) { return thread_status_value(thread_get(self)); }

static VALUE th_stop_p(VALUE self, int argc, const VALUE *argv)
{
    struct rthread *t = thread_get(self);
    return BOOL2V(t->status != TS_RUNNABLE);
}

static VALUE th_inspect(VALUE self, int argc, const VALUE *argv)
{
    return str_new_fmt("#<%s:0x%lx %s>", obj_classname(self), (unsigned long)self, thread_status_name(thread_get(self)));
}

/* ------------------------------------------------------------ kill, raise, wakeup */
static VALUE th_kill(VALUE self, int argc, const VALUE *argv)
{
    struct rthread *t = thread_get(self);
    if (t->status == TS_DEAD) return self;
    if (t == rt_current()) {
        t->killed = true;
        tag_jump(TAG_FATAL, Qnil, 0);
    }
    t->t.pending |= PENDING_KILL;
    t->killed = true;
    sched_wakeup(t);
    sched_yield_to(t);
    return self;
}

/* Kill every thread but the calling one and let them unwind (their ensure
   clauses run), for an embedder that runs program after program in one VM
   (the fuzzing harness).  Call it from the main thread under vm_protect:
   a dying thread may raise in it (exit, abort_on_exception).  False if
   threads remain after `rounds` rounds (an ensure clause that starts new
   threads as fast as they are killed). */
bool thread_kill_others(int rounds)
{
    struct rthread *cur = rt_current();
    sched_critical = false;
    for (int i = 0; i < rounds && sched_thread_count() > 1; i++) {
        for (struct rthread *t = cur->all_next; t != cur; t = t->all_next) {
            t->t.pending |= PENDING_KILL;
            t->killed = true;
            sched_wakeup(t);
        }
        vm.interrupt = 1;          /* a thread that has not started yet checks at its first safe point */
        sched_block(0, sched_now() + 0.001);
    }
    return sched_thread_count() == 1;
}

static VALUE th_s_kill(VALUE self, int argc, const VALUE *argv) { return th_kill(argv[0], 0, NULL); }
static VALUE th_s_exit(VALUE self, int argc, const VALUE *argv) { return th_kill(thread_object(rt_current()), 0, NULL); }

static VALUE make_exception(int argc, const VALUE *argv)
{
    if (argc == 0) return exc_new(vm.c.RuntimeError, "unhandled exception", 19);
    if (argc == 1 && STRING_P(argv[0])) return exc_new_str(vm.c.RuntimeError, argv[0]);
    VALUE exc = vm_call(argv[0], ID_exception, argc > 1 ? 1 : 0, argv + 1);
    if (!HEAP_P(exc) || !obj_is_kind_of(exc, vm.c.Exception))
        exc_raise(vm.c.TypeError, "exception object expected");
    return exc;
}

static VALUE th_raise(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 3);
    struct rthread *t = thread_get(self);
    VALUE exc = make_exception(argc, argv);
    if (t == rt_current()) exc_raise_obj(exc);
    if (t->status == TS_DEAD) return Qnil;
    t->t.pending_exc = exc;
    t->t.pending |= PENDING_RAISE;
    sched_wakeup(t);
    sched_yield_to(t);
    return Qnil;
}

static VALUE th_wakeup(VALUE self, int argc, const VALUE *argv)
{
    struct rthread *t = thread_get(self);
    if (t->status == TS_DEAD) exc_raise(vm.c.ThreadError, "killed thread");
    sched_wakeup(t);
    return self;
}

static VALUE th_run(VALUE self, int argc, const VALUE *argv)
{
    th_wakeup(self, 0, NULL);
    sched_pass();
    return self;
}

static VALUE th_s_stop(VALUE self, int argc, const VALUE *argv)
{
    if (sched_thread_count() == 1)
        exc_raise(vm.c.ThreadError, "stopping only thread\n\tnote: use sleep to stop forever");
    sched_block(0, -1);
    return Qnil;
}

/* ------------------------------------------------------------ priority, locals */
static VALUE th_priority(VALUE self, int argc, const VALUE *argv) { return INT2FIX(thread_get(self)->priority); }

/* As in MRI 1.8, a change of priority is a scheduling point. */
static VALUE th_set_priority(VALUE self, int argc, const VALUE *argv)
{
    sched_set_priority(thread_get(self), num_to_int(argv[0]));
    sched_pass();
    return argv[0];
}

static VALUE local_key(VALUE key)
{
    return conv_to_sym(key);
}

static VALUE th_aref(VALUE self, int argc, const VALUE *argv)
{
    VALUE h = thread_get(self)->t.locals;
    return NIL_P(h) ? Qnil : hash_aref(h, local_key(argv[0]));
}

static VALUE th_aset(VALUE self, int argc, const VALUE *argv)
{
    struct rthread *t = thread_get(self);
    if (NIL_P(t->t.locals)) t->t.locals = hash_new();
    hash_aset(t->t.locals, local_key(argv[0]), argv[1]);
    return argv[1];
}

static VALUE th_key_p(VALUE self, int argc, const VALUE *argv)
{
    VALUE h = thread_get(self)->t.locals;
    return BOOL2V(!NIL_P(h) && hash_lookup(h, local_key(argv[0])) != Qundef);
}

static VALUE th_keys(VALUE self, int argc, const VALUE *argv)
{
    VALUE h = thread_get(self)->t.locals;
    return NIL_P(h) ? ary_new() : hash_keys(h);
}

/* ------------------------------------------------------------ class methods */
static VALUE th_s_current(VALUE self, int argc, const VALUE *argv) { return thread_object(rt_current()); }
static VALUE th_s_main(VALUE self, int argc, const VALUE *argv) { return vm.main_th->self; }

static VALUE th_s_list(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new();
    struct rthread *m = sched_all_threads(), *t = m;
    do {
        if (!t->hidden) ary_push(ary, t->t.self);
        t = t->all_next;
    } while (t != m);
    return ary;
}

static VALUE th_s_abort(VALUE self, int argc, const VALUE *argv) { return BOOL2V(abort_on_exception); }

static VALUE th_s_set_abort(VALUE self, int argc, const VALUE *argv)
{
    abort_on_exception = RTEST(argv[0]);
    return argv[0];
}

static VALUE th_abort(VALUE self, int argc, const VALUE *argv) { return BOOL2V(thread_get(self)->abort_on_exception); }

static VALUE th_set_abort(VALUE self, int argc, const VALUE *argv)
{
    thread_get(self)->abort_on_exception = RTEST(argv[0]);
    return argv[0];
}

static VALUE th_s_critical(VALUE self, int argc, const VALUE *argv) { return BOOL2V(sched_critical); }

static VALUE th_s_set_critical(VALUE self, int argc, const VALUE *argv)
{
    sched_critical = RTEST(argv[0]);
    return argv[0];
}

static VALUE th_group(VALUE self, int argc, const VALUE *argv)
{
    struct rthread *t = thread_get(self);
    return t->status == TS_DEAD ? Qnil : t->group;
}

static VALUE th_safe_level(VALUE self, int argc, const VALUE *argv) { return INT2FIX(0); }

/* ------------------------------------------------------------ ThreadGroup */
#define GROUP_ENCLOSED sym_intern_cstr("enclosed")

static VALUE tg_list(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new();
    struct rthread *m = sched_all_threads(), *t = m;
    do {
        if (t->group == self && !t->hidden) ary_push(ary, t->t.self);
        t = t->all_next;
    } while (t != m);
    return ary;
}

static VALUE tg_add(VALUE self, int argc, const VALUE *argv)
{
    struct rthread *t = thread_get(argv[0]);
    if (RTEST(ivar_get(self, GROUP_ENCLOSED)))
        exc_raise(vm.c.ThreadError, "can't move to the enclosed thread group");
    if (!NIL_P(t->group) && RTEST(ivar_get(t->group, GROUP_ENCLOSED)))
        exc_raise(vm.c.ThreadError, "can't move from the enclosed thread group");
    t->group = self;
    return self;
}

static VALUE tg_enclose(VALUE self, int argc, const VALUE *argv)
{
    ivar_set(self, GROUP_ENCLOSED, Qtrue);
    return self;
}

static VALUE tg_enclosed(VALUE self, int argc, const VALUE *argv) { return BOOL2V(RTEST(ivar_get(self, GROUP_ENCLOSED))); }

/* ------------------------------------------------------------ sleep */
static VALUE k_sleep(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    double start = sched_now();
    if (argc == 0 || NIL_P(argv[0])) {
        sched_sleep(-1);
    } else {
        double sec = num_to_dbl(argv[0]);
        if (sec < 0) exc_raise(vm.c.ArgumentError, "time interval must be positive");
        double deadline = start + sec;
        sched_sleep(sec);
        (void)deadline;
    }
    return INT2FIX((long)floor(sched_now() - start + 0.5));
}

/* A signal noticed by another thread: the main thread handles it now. */
static void wake_main_for_signal(void)
{
    struct rthread *m = RT(vm.main_th);
    sched_wakeup(m);
    sched_yield_to(m);
}

/* ------------------------------------------------------------ start-up */
static void adopt_main_thread(void)
{
    struct rthread *m = rthread_new(vm.c.Thread);
    struct thread *old = vm.th;
    VALUE self = m->t.self;
    m->t = *old;
    m->t.self = self;
    m->t.locals = Qnil;
    m->t.pending_exc = Qnil;
    m->is_main = true;
    m->group = default_group;
    vm.th = vm.main_th = &m->t;
    sched_init(m);
}

void thread_init(void)
{
    stack_pool_init();
    VALUE c = vm.c.Thread = class_define("Thread", vm.c.Object);
    class_set_allocator(c, NULL);
    vm.c.ThreadGroup = class_define("ThreadGroup", vm.c.Object);
    default_group = obj_alloc(vm.c.ThreadGroup);
    gc_register_root(&default_group);
    define_const(vm.c.ThreadGroup, "Default", default_group);
    adopt_main_thread();
    signal_main_wakeup = wake_main_for_signal;
    define_singleton_method(c, "new", thread_start, -1);
    define_singleton_method(c, "start", thread_start, -1);
    define_singleton_method(c, "fork", thread_start, -1);
    define_singleton_method(c, "current", th_s_current, 0);
    define_singleton_method(c, "main", th_s_main, 0);
    define_singleton_method(c, "list", th_s_list, 0);
    define_singleton_method(c, "pass", sched_pass_m, 0);
    define_singleton_method(c, "stop", th_s_stop, 0);
    define_singleton_method(c, "kill", th_s_kill, 1);
    define_singleton_method(c, "exit", th_s_exit, 0);
    define_singleton_method(c, "abort_on_exception", th_s_abort, 0);
    define_singleton_method(c, "abort_on_exception=", th_s_set_abort, 1);
    define_singleton_method(c, "critical", th_s_critical, 0);
    define_singleton_method(c, "critical=", th_s_set_critical, 1);
    define_method(c, "join", th_join, -1);
    define_method(c, "value", th_value, 0);
    define_method(c, "alive?", th_alive, 0);
    define_method(c, "status", th_status, 0);
    define_method(c, "stop?", th_stop_p, 0);
    define_method(c, "inspect", th_inspect, 0);
    define_method(c, "kill", th_kill, 0);
    define_method(c, "terminate", th_kill, 0);
    define_method(c, "exit", th_kill, 0);
    define_method(c, "raise", th_raise, -1);
    define_method(c, "wakeup", th_wakeup, 0);
    define_method(c, "run", th_run, 0);
    define_method(c, "priority", th_priority, 0);
    define_method(c, "priority=", th_set_priority, 1);
    define_method(c, "[]", th_aref, 1);
    define_method(c, "[]=", th_aset, 2);
    define_method(c, "key?", th_key_p, 1);
    define_method(c, "keys", th_keys, 0);
    define_method(c, "abort_on_exception", th_abort, 0);
    define_method(c, "abort_on_exception=", th_set_abort, 1);
    define_method(c, "group", th_group, 0);
    define_method(c, "safe_level", th_safe_level, 0);
    define_method(vm.c.ThreadGroup, "list", tg_list, 0);
    define_method(vm.c.ThreadGroup, "add", tg_add, 1);
    define_method(vm.c.ThreadGroup, "enclose", tg_enclose, 0);
    define_method(vm.c.ThreadGroup, "enclosed?", tg_enclosed, 0);
    define_global_function("sleep", k_sleep, -1);
}

/* thread.c: the Thread class, ThreadGroup and Kernel#sleep, on top of the
 * scheduler.  Semantics and messages follow MRI 1.8.7 (see design.md's
 * table): a new thread starts running at once, an exception kills only its
 * thread (re-raised by join/value) unless abort_on_exception is set. */
#include <math.h>
#include <stdlib.h>
#include "slab.h"
#include "rthread.h"
#include "stack.h"

#define HIDDEN_THREAD_COST (16 * 1024)   /* stack pages, roughly */

static bool abort_on_exception;
static bool ending;            /* thread_end_others has begun */
static VALUE default_group;

/* ------------------------------------------------------------ Thread objects */
static void rthread_mark(void *p)
{
    struct rthread *t = p;
    if (!t->hidden) {
        gc_mark(t->proc);
        gc_mark(t->args);
    }
    gc_mark(t->value);
    gc_mark(t->exception);
    gc_mark(t->group);
    gc_mark(t->wait_obj);
    gc_mark(t->t.born_bt);
    gc_mark(t->t.locals);
    gc_mark(t->t.errinfo);
    gc_mark(t->t.pending_exc);
}

static void rthread_free(void *p)
{
    struct rthread *t = p;
    /* live threads are never collected; one whose initialize never ran is not live */
    if (t->g.is_main || (t->started && t->g.status != GT_DEAD)) return;
    sched_free_stack(&t->g);
    gc_free_stack_roots(&t->t);
    slab_free(t, sizeof *t);
}

static const struct data_type thread_type = { "Thread", rthread_mark, rthread_free, NULL };

struct rthread *thread_get(VALUE obj) { return data_get(obj, &thread_type); }
VALUE green_current(void) { return rt_current()->t.self; }
bool green_thread_alive(VALUE thread) { return thread_get(thread)->g.status != GT_DEAD; }

/* A record per thread, a million of them in test/workloads/hackysack.rb:
   448 bytes is its slab class (fields a few threads use live elsewhere,
   the fd wait's in a record of its own, gthread.h).  Not with
   swapcontext, whose saved context alone is a ucontext_t of 900 bytes. */
#ifndef USE_UCONTEXT_SWITCH
_Static_assert(sizeof(struct rthread) <= 448, "a thread record fits its slab class");
#endif
_Static_assert(STACK_MARKS == STACK_REACH_DEEP, "the marks: the ends of the top and shallow parts");

static struct rthread *rthread_new(VALUE klass)
{
    struct rthread *t = slab_calloc(sizeof *t);
    t->t.errinfo = t->t.locals = t->t.pending_exc = t->t.jump_val = Qnil;
    t->proc = t->args = t->value = t->exception = t->group = t->wait_obj = t->t.born_bt = Qnil;
    t->g.heap_index = -1;
    t->t.self = data_new(klass, &thread_type, t);
    return t;
}

const char *thread_status_name(struct rthread *t)
{
    if (t->g.status == GT_DEAD) return "dead";
    if (t->t.pending & PENDING_KILL) return "aborting";
    if (t->g.status == GT_BLOCKED) return "sleep";
    return t->killed ? "aborting" : "run";     /* running its ensure clauses */
}

static VALUE thread_status_value(struct rthread *t)
{
    if (t->g.status != GT_DEAD) return str_new_cstr(thread_status_name(t));
    return NIL_P(t->exception) ? Qfalse : Qnil;
}

static bool dead(struct rthread *t) { return t->g.status == GT_DEAD; }

/* ------------------------------------------------------------ running a thread */
static VALUE run_thread_block(void *arg)
{
    struct rthread *t = arg;
    if (t->hidden) return t->entry_fn(t->entry_arg);
    if (NIL_P(t->args)) return proc_call_to_end(t->proc, 0, NULL);
    return proc_call_to_end(t->proc, (int)RARRAY_LEN(t->args), RARRAY_PTR(t->args));
}

/* An exception that ended a thread: exit, or abort_on_exception, go on to
   the main thread. */
static void thread_died_by(struct rthread *t, VALUE exc)
{
    t->exception = exc;
    if (ending) return;
    if (abort_on_exception || t->abort_on_exception || obj_is_kind_of(exc, vm.c.SystemExit)) {
        struct rthread *m = RT(vm.main_th);
        m->t.pending_exc = exc;
        m->t.pending |= PENDING_RAISE;
        sched_interrupt(&m->g);
    } else if (vm.debug) {
        exc_print(exc);
    }
}

static void thread_entry(void)
{
    sched_entered();
    struct rthread *t = rt_current();
    struct tag tag;               /* the tag itself, not vm_protect: each frame */
    VALUE v;                      /* here is on every thread's stack */
    uintptr_t brk = t->hidden || NIL_P(t->proc) ? 0 : proc_block(t->proc)->break_id;
    int state = tag_protect(&tag, brk, run_thread_block, t, &v);
    if (state == 0) t->value = v;
    else if (state == TAG_BREAK && brk && tag.dst == brk) t->value = tag.val;
    else if (state == TAG_RAISE) thread_died_by(t, t->t.errinfo);
    else if (state == TAG_FATAL) t->killed = true;
    t->t.frame = NULL;
    t->t.tag = NULL;
    t->g.stack_reach = t->t.stack_reach;     /* the marks passed: enum stack_reach */
    sched_exit();
}

/* A thread that has not run yet: its stack and first context.  The
   caller keeps t->t.self reachable. */
static void thread_give_stack(struct rthread *t)
{
    t->group = rt_current()->group;
    t->started = true;
    if (!sched_prepare(&t->g, thread_entry))
        exc_raise(vm.c.ThreadError, "can't create Thread (out of address space)");
    size_t size = (size_t)(t->g.stack_hi - t->g.stack_lo);
    size_t margin = size / 4 < 256 * 1024 ? size / 4 : 256 * 1024;
    t->t.stack_lo = t->g.stack_lo;
    t->t.stack_base = t->g.stack_hi;
    t->t.stack_limit = t->g.stack_lo + margin;
    /* the checks' marks: the ends of the top and shallow parts, so that
       the thread's death gives back the part of its stack it reached */
    char *top_end = t->g.stack_hi - STACK_TOP_PART;
    char *shallow_end = t->g.stack_hi - STACK_SHALLOW;
    t->t.stack_tripwire = top_end > t->t.stack_limit ? top_end : t->t.stack_limit;
    t->t.stack_mark = shallow_end > t->t.stack_limit ? STACK_SHALLOW : 0;
    t->t.stack_reach = top_end > t->t.stack_limit ? 0 : STACK_MARKS;
}

static struct rthread *thread_prepare(VALUE klass)
{
    struct rthread *t = rthread_new(klass);
    volatile VALUE obj = t->t.self;      /* marked while the stack is made */
    thread_give_stack(t);
    GC_GUARD(obj);
    return t;
}

/* Start t on the running C method's block: Thread#initialize, and
   Thread.start and Thread.fork, which skip initialize (as 1.8.7). */
static void thread_begin(struct rthread *t, int argc, const VALUE *argv)
{
    if (!vm_block_given()) exc_raise(vm.c.ThreadError, "must be called with a block");
    if (t->started) exc_raise(vm.c.ThreadError, "already initialized thread");
    const struct block *blk = vm_current_block();
    bool literal = !((blk->flags & BLOCK_FROM_PROC) && blk->proc);
    VALUE proc = proc_new(blk, false);
    /* a break in the body's own block ends the thread with its value, as
       in 1.8.7: thread_entry's tag catches it (the copy is this thread's) */
    if (literal && blk->node) ((struct block *)proc_block(proc))->break_id = ++vm.serial;
    VALUE args = argc ? ary_new_from(argc, argv) : Qnil;   /* most have none: an object less each */
    volatile VALUE obj = t->t.self;
    /* the new thread's backtraces end with where it was made, as 1.8.7's:
       recorded later, from this thread's frames, unless they may be
       spilled before this thread runs again (only the main thread's are
       never: it has no slot).  Before the stack is taken: what raises
       here leaves no slot held for a thread that never starts. */
    exc_thread_born_later(&t->t, vm.th);
    if (rt_current()->g.slot) exc_thread_born(&t->t);
    thread_give_stack(t);
    t->proc = proc;
    t->args = args;
    /* Ruby 1.8 runs a new thread at once, Thread.critical or not */
    sched_start_now(&t->g);
    /* back here, this thread's frames are about to move: the new one's
       record of them is made now, on this stack, unless it has ended */
    if (t->t.born_bt == Qundef) {
        if (dead(t)) t->t.born_bt = Qnil;
        else exc_thread_born(&t->t);
    }
    green_check_pending();
    GC_GUARD(obj);
}

static VALUE thread_start(VALUE klass, int argc, const VALUE *argv)
{
    struct rthread *t = rthread_new(klass);
    volatile VALUE obj = t->t.self;
    thread_begin(t, argc, argv);
    return obj;
}

/* Thread.new calls initialize, which a subclass may redefine: it must
   call super with a block. */
static VALUE thread_s_new(VALUE klass, int argc, const VALUE *argv)
{
    struct rthread *t = rthread_new(klass);
    volatile VALUE obj = t->t.self;
    vm_call_with_block(obj, ID_initialize, argc, argv, vm_current_block());
    if (!t->started)
        exc_raise(vm.c.ThreadError, "uninitialized thread - check `%s#initialize'", class_name(klass));
    return obj;
}

static VALUE th_initialize(VALUE self, int argc, const VALUE *argv)
{
    thread_begin(thread_get(self), argc, argv);
    return self;
}

/* A thread for the interpreter's own use, running fn(arg): runnable, not
   yet run, and not listed by Thread.list or ThreadGroup#list. */
struct rthread *thread_start_hidden(VALUE (*fn)(void *), void *arg)
{
    struct rthread *t = thread_prepare(vm.c.Thread);
    t->hidden = true;             /* first: entry_fn takes proc's place */
    t->entry_fn = fn;
    t->entry_arg = arg;
    sched_start(&t->g);
    /* such a thread may live until the collector finds its owner gone:
       let its stack count towards the next collection */
    gc_malloc_increase(HIDDEN_THREAD_COST);
    return t;
}

/* ------------------------------------------------------------ join, value, status */
/* What join raises, as 1.8.7: a copy of the thread's exception, whose
   backtrace is the thread's first line, then the joiner's from the call
   of join (or value). */
static VALUE joined_exception(VALUE exc)
{
    VALUE copy = obj_dup(exc);
    VALUE old = vm_call0(exc, sym_intern_cstr("backtrace"));
    VALUE bt = exc_backtrace_here(0);
    if (ARRAY_P(old) && RARRAY_LEN(old) > 0) ary_unshift(bt, RARRAY_PTR(old)[0]);
    exc_set_backtrace(copy, bt);
    return copy;
}

static VALUE th_join(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    struct rthread *t = thread_get(self), *cur = rt_current();
    /* read after its status, in another line of the record: joining a
       million threads that ended long ago, each was a second miss */
    __builtin_prefetch(&t->exception);
    if (t == cur) exc_raise(vm.c.ThreadError, "thread 0x%lx tried to join itself", (unsigned long)self);
    double deadline = argc && !NIL_P(argv[0]) ? sched_now() + num_to_dbl(argv[0]) : -1;
    while (!dead(t)) {
        if (glue_block(WAIT_JOIN, &t->g.joiners, self, deadline) == WAKE_TIMEOUT && !dead(t)) return Qnil;
    }
    if (!NIL_P(t->exception)) exc_raise_obj(joined_exception(t->exception));
    return self;
}

static VALUE th_value(VALUE self, int argc, const VALUE *argv)
{
    th_join(self, 0, NULL);
    return thread_get(self)->value;
}

static VALUE th_alive(VALUE self, int argc, const VALUE *argv) { return BOOL2V(!dead(thread_get(self))); }
static VALUE th_status(VALUE self, int argc, const VALUE *argv) { return thread_status_value(thread_get(self)); }

static VALUE th_stop_p(VALUE self, int argc, const VALUE *argv)
{
    struct rthread *t = thread_get(self);
    return BOOL2V(t->g.status != GT_RUNNABLE);
}

static VALUE th_inspect(VALUE self, int argc, const VALUE *argv)
{
    return str_new_fmt("#<%s:0x%lx %s>", obj_classname(self), (unsigned long)self, thread_status_name(thread_get(self)));
}

/* ------------------------------------------------------------ kill, raise, wakeup */
/* t dies at its next safe point (its ensure clauses run). */
static void kill_later(struct rthread *t)
{
    t->t.pending |= PENDING_KILL;
    t->killed = true;
    sched_interrupt(&t->g);
}

static VALUE th_kill(VALUE self, int argc, const VALUE *argv)
{
    struct rthread *t = thread_get(self);
    if (dead(t)) return self;
    if (t == rt_current()) {
        t->killed = true;
        tag_jump(TAG_FATAL, Qnil, 0);
    }
    kill_later(t);
    sched_yield_to(&t->g);
    green_check_pending();
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
    struct gthread *cur = &rt_current()->g;
    sched_critical = false;
    for (int i = 0; i < rounds && sched_count() > 1; i++) {
        for (struct gthread *g = cur->all_next; g != cur; g = g->all_next) kill_later(rt_of(g));
        vm.interrupt = 1;          /* a thread that has not started yet checks at its first safe point */
        glue_block(WAIT_SLEEP, NULL, Qnil, sched_now() + 0.001);
    }
    return sched_count() == 1;
}

/* Until no thread but the caller (and hidden ones) is left. */
static VALUE wait_for_others(VALUE arg)
{
    struct gthread *cur = &rt_current()->g;
    for (;;) {
        struct gthread *g = cur->all_next;
        while (g != cur && rt_of(g)->hidden) g = g->all_next;
        if (g == cur) return Qnil;
        struct rthread *t = rt_of(g);
        while (!dead(t)) glue_block(WAIT_JOIN, &t->g.joiners, t->t.self, -1);
    }
}

/* The program has ended (after at_exit, before the error report, as
   1.8.7's ruby_cleanup): every other thread is killed once, newest first,
   and waited for, so that its ensure clauses run.  What they raise, exit
   included, goes nowhere.  Threads started meanwhile are waited for, not
   killed; waiting stops when none can run again (silently), and goes on
   while one sleeps forever, as in 1.8.7. */
void thread_end_others(void)
{
    struct gthread *cur = &rt_current()->g;
    ending = true;
    sched_critical = false;
    for (struct gthread *g = cur->all_prev; g != cur; g = g->all_prev)
        if (!rt_of(g)->hidden) kill_later(rt_of(g));
    vm.interrupt = 1;          /* a thread that has not started yet checks at its first safe point */
    int state;
    vm_protect(wait_for_others, Qnil, &state);   /* a deadlock ends the wait */
}

bool thread_ending(void) { return ending; }

static VALUE th_s_kill(VALUE self, int argc, const VALUE *argv) { return th_kill(argv[0], 0, NULL); }
static VALUE th_s_exit(VALUE self, int argc, const VALUE *argv) { return th_kill(rt_current()->t.self, 0, NULL); }

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
    if (dead(t)) return Qnil;
    t->t.pending_exc = exc;
    t->t.pending |= PENDING_RAISE;
    sched_interrupt(&t->g);
    sched_yield_to(&t->g);
    green_check_pending();
    return Qnil;
}

static VALUE th_wakeup(VALUE self, int argc, const VALUE *argv)
{
    struct rthread *t = thread_get(self);
    if (dead(t)) exc_raise(vm.c.ThreadError, "killed thread");
    sched_wakeup(&t->g);
    return self;
}

static VALUE th_run(VALUE self, int argc, const VALUE *argv)
{
    th_wakeup(self, 0, NULL);
    green_pass();
    return self;
}

static VALUE th_s_stop(VALUE self, int argc, const VALUE *argv)
{
    if (sched_count() == 1)
        exc_raise(vm.c.ThreadError, "stopping only thread\n\tnote: use sleep to stop forever");
    glue_block(0, NULL, Qnil, -1);
    return Qnil;
}

/* ------------------------------------------------------------ priority, locals */
static VALUE th_priority(VALUE self, int argc, const VALUE *argv) { return INT2FIX(thread_get(self)->g.priority); }

/* As in MRI 1.8, a change of priority is a scheduling point. */
static VALUE th_set_priority(VALUE self, int argc, const VALUE *argv)
{
    sched_set_priority(&thread_get(self)->g, num_to_int(argv[0]));
    green_pass();
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
static VALUE th_s_current(VALUE self, int argc, const VALUE *argv) { return rt_current()->t.self; }
static VALUE th_s_main(VALUE self, int argc, const VALUE *argv) { return vm.main_th->self; }

static VALUE th_s_list(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new();
    struct gthread *m = sched_main(), *g = m;
    do {
        if (!rt_of(g)->hidden) ary_push(ary, rt_of(g)->t.self);
        g = g->all_next;
    } while (g != m);
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
    return dead(t) ? Qnil : t->group;
}

static VALUE th_safe_level(VALUE self, int argc, const VALUE *argv) { return INT2FIX(0); }

/* ------------------------------------------------------------ ThreadGroup */
#define GROUP_ENCLOSED sym_intern_cstr("enclosed")

static VALUE tg_list(VALUE self, int argc, const VALUE *argv)
{
    VALUE ary = ary_new();
    struct gthread *m = sched_main(), *g = m;
    do {
        struct rthread *t = rt_of(g);
        if (t->group == self && !t->hidden) ary_push(ary, t->t.self);
        g = g->all_next;
    } while (g != m);
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
    double sec = argc == 0 ? -1 : time_interval(argv[0]);
    double start = sched_now();
    green_sleep(sec);
    return INT2FIX((long)floor(sched_now() - start + 0.5));
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
    m->group = default_group;
    vm.th = vm.main_th = &m->t;
    glue_init(m);
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
    define_singleton_method(c, "new", thread_s_new, -1);
    define_private_method(c, "initialize", th_initialize, -1);
    define_singleton_method(c, "start", thread_start, -1);
    define_singleton_method(c, "fork", thread_start, -1);
    define_singleton_method(c, "current", th_s_current, 0);
    define_singleton_method(c, "main", th_s_main, 0);
    define_singleton_method(c, "list", th_s_list, 0);
    define_singleton_method(c, "pass", green_pass_m, 0);
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

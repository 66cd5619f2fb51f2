/* glue.c: green threads seen from the interpreter.  Defines the runtime's
 * hooks (a switch sets vm.th; a deadlock is reported as MRI 1.8 did and
 * raised as `fatal` in the main thread; signals wake the main thread) and
 * the waits of green.h, which block through sched_block and deliver
 * Thread#raise and kill once the wait has been left. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "rthread.h"
#include "stack.h"
#include "schedule.h"

/* ------------------------------------------------------------ hooks */
void sched_hook_switch(struct gthread *from, struct gthread *to)
{
    struct rthread *t = rt_of(to);
    vm.th = &t->t;
    t->t.stack_dirty = true;     /* it runs: its remembered stack roots go stale */
}

static void print_wait(struct rthread *t)
{
    int w = t->g.wait_for;
    if ((w & WAIT_FD) && t->g.fdw && t->g.fdw->n) fprintf(stderr, "F(%d)", t->g.fdw->fds[0].fd);
    if (w & WAIT_TIME) fprintf(stderr, "T(%f)", t->g.wake_at - sched_now());
    if (w & WAIT_JOIN) fprintf(stderr, "J(0x%lx)", (unsigned long)t->wait_obj);
    if (w & WAIT_PID) fprintf(stderr, "P");
    if (!(w & (WAIT_FD | WAIT_TIME | WAIT_JOIN | WAIT_PID))) fprintf(stderr, "-");
}

/* The innermost Ruby frame of a thread, read through the scheduler: the
   stack of a parked thread may be spilled. */
static bool ruby_frame_of(struct rthread *t, struct frame *out)
{
    for (const struct frame *p = t->t.frame; p; p = out->prev) {
        sched_stack_read(&t->g, p, out, sizeof *out);
        if (!(out->flags & FRAME_CFUNC)) return true;
    }
    return false;
}

static void report_thread(struct rthread *t)
{
    struct frame f;
    bool found = ruby_frame_of(t, &f);
    fprintf(stderr, "deadlock 0x%lx: %s:", (unsigned long)t->t.self, thread_status_name(t));
    print_wait(t);
    fprintf(stderr, " %s - %s:%d\n", t->g.is_main ? "(main)" : "",
            found ? script_file(f.script) : "-", found && f.node ? f.node->line : 0);
}

/* MRI 1.8's report: one line per live thread, the main thread last. */
void glue_report_deadlock(void)
{
    struct gthread *m = sched_main(), *g = m;
    io_flush_all();
    do {
        g = g->all_next;
        if (!rt_of(g)->hidden || g == m) report_thread(rt_of(g));
    } while (g != m);
    fflush(stderr);
}

/* Nothing can ever run again: the report, then `fatal` in the main thread.
   Runs on the stack of the thread that found it (perhaps a dying one). */
void sched_hook_deadlock(struct gthread *cur)
{
    struct rthread *m = rt_of(sched_main());
    if (!thread_ending()) glue_report_deadlock();   /* at the end, waiting just stops */
    m->t.pending_exc = exc_new_fmt(vm.c.Fatal, "Thread(0x%lx): deadlock", (unsigned long)m->t.self);
    m->t.pending |= PENDING_RAISE;
    sched_interrupt(&m->g);
}

int sched_hook_event_fd(void) { return signal_wakeup_fd(); }
bool sched_hook_event_pending(void) { return signal_any_pending(); }

/* A signal arrived while the scheduler looked: the main thread handles it. */
void sched_hook_event(void)
{
    signal_drain_wakeup();
    if (!signal_any_pending()) return;
    if (schedule_mode == SCHED_RECORD)
        for (int sig = 1; sig < 65; sig++)
            if (signal_is_pending(sig)) schedule_note_signal(sig);
    sched_interrupt(sched_main());
}

/* A signal noticed by another thread at a safe point: the main thread
   handles it now. */
static void wake_main_for_signal(void)
{
    struct gthread *m = sched_main();
    sched_interrupt(m);
    sched_yield_to(m);
}

/* ------------------------------------------------------------ delivering interrupts */
void green_check_pending(void)
{
    struct rthread *cur = rt_current();
    struct thread *th = &cur->t;
    if (th == vm.main_th && signal_any_pending()) signal_deliver();
    if (UNLIKELY(vm_budget_hook != NULL)) vm_budget_hook();   /* a wait may end the program too */
    sched_clear_interrupt(&cur->g);
    if (!th->pending) return;
    if (th->pending & PENDING_KILL) {
        th->pending = 0;
        tag_jump(TAG_FATAL, Qnil, 0);
    }
    if (th->pending & PENDING_RAISE) {
        VALUE exc = th->pending_exc;
        th->pending &= ~PENDING_RAISE;
        th->pending_exc = Qnil;
        if (NIL_P(ivar_get(exc, ID_bt))) exc_set_backtrace(exc, exc_backtrace_here(0));
        exc_raise_obj(exc);
    }
}

static void on_interrupt(void)
{
    gen_reap_orphans();
    if (UNLIKELY(schedule_active())) sched_safe_point();
    else if (sched_tick) sched_time_slice();
    green_check_pending();
}

/* Time.now in a schedule mode: recorded, replayed or virtual. */
static double scheduled_clock(double real) { return schedule_clock_read(real); }

/* MINIRUBY_SCHED (thread/schedule.h): every safe point becomes a step. */
static void schedule_start(void)
{
    const char *spec = getenv("MINIRUBY_SCHED");
    if (!spec || !*spec) return;
    char err[256];
    if (!schedule_init(spec, err, sizeof err)) {
        fprintf(stderr, "miniruby: MINIRUBY_SCHED=%s: %s\n", spec, err);
        exit(1);
    }
    atexit(schedule_finish);
    time_clock_hook = scheduled_clock;
    random_seed_hook = schedule_random_seed;
    vm.interrupt = 1;
}

/* ------------------------------------------------------------ blocking */
enum wake_reason glue_block(int wait_for, struct waitq *wq, VALUE obj, double deadline)
{
    struct rthread *cur = rt_current();
    cur->wait_obj = obj;
    enum wake_reason why = sched_block(wait_for, wq, deadline);
    cur->wait_obj = Qnil;
    if (why == WAKE_INTERRUPTED) green_check_pending();   /* left the wait first */
    return why;
}

bool green_wait(struct waitq *q, VALUE obj, double deadline)
{
    if (sched_count() == 1 && deadline < 0)
        exc_raise(vm.c.ThreadError, "stopping only thread\n\tnote: use sleep to stop forever");
    return glue_block(WAIT_QUEUE, q, obj, deadline) != WAKE_TIMEOUT;
}

void green_sleep(double sec)
{
    double deadline = sec < 0 ? -1 : sched_now() + sec;
    for (;;) {
        enum wake_reason why = glue_block(WAIT_SLEEP, NULL, Qnil, deadline);
        if (why != WAKE_INTERRUPTED) return;          /* a signal handled: sleep on */
        if (deadline >= 0 && sched_now() >= deadline) return;
    }
}

static int wait_fds(struct pollfd *fds, int n, double timeout, bool blocked)
{
    /* a first wait after EAGAIN is on an IO's own descriptor, whose
       closes all go through green_fd_closed: it may be edge-triggered */
    double deadline = timeout < 0 ? -1 : sched_now() + timeout;
    for (;;) {
        double left = deadline < 0 ? -1 : deadline - sched_now();
        if (deadline >= 0 && left < 0) left = 0;
        int r = blocked ? sched_poll_owned(fds, n, left) : sched_poll(fds, n, left);
        blocked = false;                 /* after a signal: look first */
        if (r >= 0 || errno != EINTR) return r;
        green_check_pending();
        if (deadline >= 0 && sched_now() >= deadline) return 0;
    }
}

int green_wait_fds(struct pollfd *fds, int n, double timeout)
{
    return wait_fds(fds, n, timeout, false);
}

int green_wait_blocked(int fd, short events)
{
    struct pollfd p = { fd, events, 0 };
    return wait_fds(&p, 1, -1, true) > 0 ? p.revents : 0;
}

int green_wait_fd(int fd, short events, double timeout)
{
    struct pollfd p = { fd, events, 0 };
    return green_wait_fds(&p, 1, timeout) > 0 ? p.revents : 0;
}

/* As 1.8.7's rb_thread_fd_close: a thread waiting on a descriptor that is
   closed gets IOError "stream closed". */
static void raise_stream_closed(struct gthread *g)
{
    struct rthread *t = rt_of(g);
    t->t.pending_exc = exc_new(vm.c.IOError, "stream closed", 13);
    t->t.pending |= PENDING_RAISE;
    sched_interrupt(g);
}

void green_fd_closed(int fd) { sched_fd_closed(fd, raise_stream_closed); }

/* A pidfd becomes readable when the child ends (Linux 5.3); without one,
   the thread looks every 5 ms. */
static int pidfd_for(pid_t pid)
{
#ifdef SYS_pidfd_open
    if (pid > 0) return (int)syscall(SYS_pidfd_open, pid, 0);
#endif
    return -1;
}

/* waitpid without waiting: in a replay, the answer recorded (waiting for
   the child, really, when it had ended). */
static pid_t child_ended(pid_t pid, int *status, int flags)
{
    if (UNLIKELY(schedule_replaying())) {
        long want = schedule_replay_outcome('c');
        if (want <= 0) { errno = want < 0 ? ECHILD : 0; return (pid_t)want; }
        pid_t r;
        /* the pid asked for: the recorded one was the recording's child */
        while ((r = waitpid(pid, status, flags & ~WNOHANG)) < 0 && errno == EINTR)
            ;
        return r;
    }
    pid_t r = waitpid(pid, status, flags | WNOHANG);
    if (!(r < 0 && errno == EINTR)) green_note_outcome('c', r);
    return r;
}

pid_t green_waitpid(pid_t pid, int *status, int flags)
{
    int pfd = -1;
    for (;;) {
        pid_t r = child_ended(pid, status, flags);
        if (r < 0 && errno == EINTR) { green_check_pending(); continue; }
        if (r != 0 || (flags & WNOHANG)) {
            if (pfd >= 0) close(pfd);
            return r;
        }
        if (pfd < 0) pfd = pidfd_for(pid);
        if (pfd >= 0) {
            green_wait_fd(pfd, POLLIN, -1);
        } else {
            rt_current()->wait_obj = Qnil;
            if (glue_block(WAIT_PID, NULL, Qnil, sched_now() + 0.005) == WAKE_INTERRUPTED) continue;
        }
    }
}

/* ------------------------------------------------------------ passing */
void sched_hook_passed(struct gthread *self)
{
    if (UNLIKELY(vm.th->pending || self->interrupted || signal_any_pending())) green_check_pending();
}

VALUE green_pass_nil(void) { return sched_pass(Qnil); }

void green_pass(void) { green_pass_nil(); }

VALUE green_pass_m(VALUE self, int argc, const VALUE *argv)
{
    return green_pass_nil();
}

double green_now(void) { return sched_now(); }

double green_clock(void)
{
    double now = sched_now();
    return schedule_active() ? schedule_clock_read(now) : now;
}

/* ------------------------------------------------------------ fork */
void green_before_fork(void) { schedule_flush(); }
bool green_replaying(void) { return schedule_replaying(); }
void green_note_outcome(char kind, long value) { if (schedule_mode == SCHED_RECORD) schedule_note_outcome(kind, value); }
long green_replay_outcome(char kind) { return schedule_replay_outcome(kind); }
void green_before_exit(void) { schedule_finish(); }

void green_after_fork(void)
{
    struct gthread *cur = &rt_current()->g;
    exc_thread_born(vm.th);      /* while its creator's frames are still there */
    for (struct gthread *g = cur->all_next; g != cur; g = g->all_next) rt_of(g)->killed = true;
    sched_after_fork();
    vm.main_th = vm.th;
}

/* ------------------------------------------------------------ GC and start-up */
/* A parked thread's stack, where it is or, spilled, in a copy: only when
   it ran since its roots were last remembered. */
static void mark_parked(struct rthread *t)
{
    struct thread *th = &t->t;
    if (t->g.spill && (th->stack_dirty || !th->stack_roots)) {
        const char *lo;
        const void *copy = sched_stack_copy(&t->g, &lo);
        size_t n;
        const uint64_t *words = sched_stack_words(&t->g, gc_scan_epoch(), gc_may_refer, &n);
        gc_mark_thread_image(th, lo, copy, (const VALUE *)words, n);
    } else {
        gc_mark_thread_stack(th, t->g.saved_sp);
    }
}

/* Parked producers whose stacks this collection has not marked yet: the
   late marker walks the threads only while there are some (a walk over a
   million parked threads is a million cache misses, twice a collection). */
static size_t deferred_producers;

/* The fields of a thread the walk below reads. */
static void prefetch_walked(const struct rthread *t)
{
    __builtin_prefetch(&t->t.self);
    __builtin_prefetch(&t->t.stack_roots);
    __builtin_prefetch(&t->g.spill);
    __builtin_prefetch(&t->g.all_next);
    __builtin_prefetch(&t->parked_gen);
}

/* Two threads ahead of the one marked, their records are fetched, and
   one ahead, its remembered roots: a walk over parked threads waited for
   a cache miss at every step. */
static void mark_threads(void)
{
    struct gthread *m = sched_main(), *g = m;
    deferred_producers = 0;
    do {
        struct rthread *t = rt_of(g), *next = rt_of(g->all_next);
        prefetch_walked(rt_of(next->g.all_next));
        if (next->t.stack_roots && !next->t.stack_dirty) __builtin_prefetch(next->t.stack_roots);
        else sched_prefetch_spill(&next->g);
        gc_mark(t->t.self);
        t->gc_deferred = &t->t != vm.th && t->parked_gen && gen_parked_deferrable(t->parked_gen);
        if (t->gc_deferred) deferred_producers++;
        else if (&t->t != vm.th) mark_parked(t);
        g = g->all_next;
    } while (g != m);
}

/* After the roots: the stacks of parked producers whose generators have
   been reached (or, final, of all that are left).  True if it marked. */
static bool mark_parked_producers(bool final)
{
    bool marked = false;
    struct gthread *m = sched_main(), *g = m;
    if (!deferred_producers) return false;
    do {
        struct rthread *t = rt_of(g);
        if (t->gc_deferred && gen_parked_reached(t->parked_gen, final)) {
            t->gc_deferred = false;
            deferred_producers--;
            mark_parked(t);
            marked = true;
        }
        g = g->all_next;
    } while (g != m && deferred_producers);
    return marked;
}

extern void (*vm_thread_interrupt_hook)(void);

void glue_init(struct rthread *main)
{
    main->g.stack_lo = main->t.stack_lo;
    main->g.stack_hi = main->t.stack_base;
    sched_interrupt_flag = &vm.interrupt;
    sched_init(&main->g);
    schedule_start();
    stack_guard_handler_install(main->t.stack_lo);
    vm_thread_interrupt_hook = on_interrupt;
    signal_main_wakeup = wake_main_for_signal;
    gc_register_marker(mark_threads);
    gc_register_late_marker(mark_parked_producers);
}

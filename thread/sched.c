/* sched.c: the green-thread scheduler.
 *
 * Phases, each its own function: wake the sleepers that are due (a min-heap
 * on wake time), poll the fd waiters (only when there are any), pick the
 * runnable thread of highest priority (one FIFO per level plus a bitmap),
 * and, when nothing can run, either idle until the next deadline or fd,
 * or report a deadlock as MRI 1.8 did.  Switching is direct, thread to
 * thread, through ctx_switch_to (jump.h).
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include "thread_impl.h"
#include "timer.h"
#include "instrument.h"

bool sched_critical;

static struct {
    struct rthread *rq_head[PRIO_LEVELS], *rq_tail[PRIO_LEVELS];
    uint64_t rq_bits;                 /* non-empty levels */
    struct rthread **heap;            /* sleepers by wake_at */
    size_t nheap, heap_capa;
    struct rthread **fdw;             /* fd waiters */
    size_t nfdw, fdw_capa;
    struct pollfd *pfds;
    size_t pfds_capa;
    struct rthread *main;             /* head of the ring of all threads */
    size_t count;
    bool timer_on;                    /* ticking: stopped lazily, see on_interrupt */
    struct rthread *dead;             /* stack to release once switched away */
} S;

double sched_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------ run queues */
static int prio_level(int prio)
{
    if (prio < PRIO_MIN) prio = PRIO_MIN;
    if (prio > PRIO_MAX) prio = PRIO_MAX;
    return prio - PRIO_MIN;
}

static inline void rq_push(struct rthread *t)
{
    int l = t->level;
    t->rq_next = NULL;
    t->rq_prev = S.rq_tail[l];
    if (S.rq_tail[l]) S.rq_tail[l]->rq_next = t;
    else S.rq_head[l] = t;
    S.rq_tail[l] = t;
    S.rq_bits |= 1ull << l;
    t->in_rq = true;
}

static inline void rq_remove(struct rthread *t)
{
    int l = t->level;
    if (t->rq_prev) t->rq_prev->rq_next = t->rq_next;
    else S.rq_head[l] = t->rq_next;
    if (t->rq_next) t->rq_next->rq_prev = t->rq_prev;
    else S.rq_tail[l] = t->rq_prev;
    if (!S.rq_head[l]) S.rq_bits &= ~(1ull << l);
    t->in_rq = false;
}

static int rq_best_level(void) { return 63 - __builtin_clzll(S.rq_bits); }

static struct rthread *rq_pop_best(void)
{
    struct rthread *t = S.rq_head[rq_best_level()];
    rq_remove(t);
    return t;
}

/* ------------------------------------------------------------ sleeper heap */
static void heap_swap(size_t i, size_t j)
{
    struct rthread *a = S.heap[i], *b = S.heap[j];
    S.heap[i] = b; b->heap_index = (long)i;
    S.heap[j] = a; a->heap_index = (long)j;
}

static void heap_up(size_t i)
{
    while (i > 0 && S.heap[(i - 1) / 2]->wake_at > S.heap[i]->wake_at) {
        heap_swap(i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

static void heap_down(size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < S.nheap && S.heap[l]->wake_at < S.heap[m]->wake_at) m = l;
        if (r < S.nheap && S.heap[r]->wake_at < S.heap[m]->wake_at) m = r;
        if (m == i) return;
        heap_swap(i, m);
        i = m;
    }
}

static void heap_insert(struct rthread *t)
{
    if (S.nheap == S.heap_capa) {
        S.heap_capa = S.heap_capa ? S.heap_capa * 2 : 64;
        S.heap = xrealloc(S.heap, S.heap_capa * sizeof *S.heap);
    }
    S.heap[S.nheap] = t;
    t->heap_index = (long)S.nheap++;
    heap_up((size_t)t->heap_index);
}

static void heap_remove(struct rthread *t)
{
    size_t i = (size_t)t->heap_index;
    t->heap_index = -1;
    if (i == --S.nheap) return;
    S.heap[i] = S.heap[S.nheap];
    S.heap[i]->heap_index = (long)i;
    heap_down(i);
    heap_up(i);
}

/* ------------------------------------------------------------ fd waiters */
static void fdw_add(struct rthread *t)
{
    if (S.nfdw == S.fdw_capa) {
        S.fdw_capa = S.fdw_capa ? S.fdw_capa * 2 : 16;
        S.fdw = xrealloc(S.fdw, S.fdw_capa * sizeof *S.fdw);
    }
    t->fd_index = (long)S.nfdw;
    S.fdw[S.nfdw++] = t;
}

static void fdw_remove(struct rthread *t)
{
    size_t i = (size_t)t->fd_index;
    t->fd_index = -1;
    S.fdw[i] = S.fdw[--S.nfdw];
    if (i < S.nfdw) S.fdw[i]->fd_index = (long)i;
}

/* ------------------------------------------------------------ waking */
void sched_wakeup(struct rthread *t)
{
    if (t->status != TS_STOPPED) return;
    if (t->heap_index >= 0) heap_remove(t);
    if (t->fd_index >= 0) fdw_remove(t);
    t->status = TS_RUNNABLE;
    t->wait_for = 0;
    rq_push(t);
}

static void wake_due_sleepers(double now)
{
    while (S.nheap && S.heap[0]->wake_at <= now) sched_wakeup(S.heap[0]);
}

/* Poll the fds of every waiter at once; timeout_ms -1 blocks, 0 only
   looks.  A waiter with any fd ready gets its revents and wakes. */
static void poll_fds(int timeout_ms)
{
    size_t total = 0, n = S.nfdw;
    for (size_t i = 0; i < n; i++) total += (size_t)S.fdw[i]->npfds;
    if (S.pfds_capa < total + 1) {
        S.pfds_capa = total * 2 + 1;
        S.pfds = xrealloc(S.pfds, S.pfds_capa * sizeof *S.pfds);
    }
    for (size_t i = 0, k = 0; i < n; i++)
        for (int j = 0; j < S.fdw[i]->npfds; j++, k++) {
            S.pfds[k] = S.fdw[i]->pfds[j];
            S.pfds[k].revents = 0;
        }
    S.pfds[total] = (struct pollfd){ signal_wakeup_fd(), POLLIN, 0 };
    int r = poll(S.pfds, total + (S.pfds[total].fd >= 0), timeout_ms);
    if (r <= 0) return;
    if (S.pfds[total].revents) signal_drain_wakeup();
    struct rthread *ready[n];
    size_t nready = 0;
    for (size_t i = 0, k = 0; i < n; i++) {
        bool any = false;
        for (int j = 0; j < S.fdw[i]->npfds; j++, k++)
            if ((S.fdw[i]->pfds[j].revents = S.pfds[k].revents)) any = true;
        if (any) ready[nready++] = S.fdw[i];
    }
    for (size_t i = 0; i < nready; i++) sched_wakeup(ready[i]);
}

static int ms_until(double deadline, double now)
{
    double ms = ceil((deadline - now) * 1000.0);
    return ms < 0 ? 0 : ms > 1e9 ? 1000000000 : (int)ms;
}

/* Wait until a signal arrives (its handler writes to the wakeup pipe) or
   timeout_ms passes; -1 forever. */
static void wait_for_signal(int timeout_ms)
{
    struct pollfd p = { signal_wakeup_fd(), POLLIN, 0 };
    if (poll(&p, p.fd >= 0 ? 1 : 0, timeout_ms) > 0) signal_drain_wakeup();
}

/* Nothing runnable: wait for the nearest deadline, an fd, or a signal. */
static void idle_wait(void)
{
    int timeout = -1;
    if (S.nheap) timeout = ms_until(S.heap[0]->wake_at, sched_now());
    if (signal_any_pending()) return;
    if (S.nfdw) { poll_fds(timeout); return; }
    if (timeout != 0) wait_for_signal(timeout);
}

/* ------------------------------------------------------------ switching */
static NOINLINE void release_dead_stack(void);

void sched_release_dead(void)
{
    if (UNLIKELY(S.dead != NULL)) release_dead_stack();
}

static NOINLINE void release_dead_stack(void)
{
    struct rthread *d = S.dead;
    if (!d || d == rt_current()) return;
    S.dead = NULL;
    STACK_DEREGISTER(d->valgrind_stack_id);
    stack_release(d->stack, d->stack_size);
    d->stack = NULL;
}

/* Run `to` and suspend the current thread until someone switches back.
   Every return after a switch is mispredicted (the CPU's return stack
   holds the other thread's calls), so the switching functions keep the
   frames between here and the evaluator few.  Callee-saved registers are
   spilled into the calling frame (__builtin_unwind_init), above the stack
   pointer recorded here, where the GC will scan them. */
static inline __attribute__((always_inline)) void switch_to_body(struct rthread *from, struct rthread *to)
{
    __builtin_unwind_init();
    vm.th = &to->t;
    to->t.stack_dirty = true;     /* it runs: its remembered stack roots go stale */
    char *sp;
#if defined(__x86_64__)
    __asm__ volatile("mov %%rsp, %0" : "=r"(sp));
#elif defined(__aarch64__)
    __asm__ volatile("mov %0, sp" : "=r"(sp));
#else
    sp = (char *)__builtin_frame_address(0) - 256;
#endif
    from->saved_sp = sp;
    char *lo = to->t.stack_lo;
    SWITCH_START(from->status == TS_DEAD ? NULL : &from->asan_fake_stack, lo, (size_t)(to->t.stack_base - lo));
    ctx_switch_to(&from->ctx, &to->ctx);
    SWITCH_FINISH(from->asan_fake_stack);
    sched_release_dead();
}

static NOINLINE void switch_to(struct rthread *to)
{
    struct rthread *from = rt_current();
    if (to == from) return;
    switch_to_body(from, to);
}

/* Thread.pass switches through this, as a tail call: one frame fewer to
   return through once the thread resumes. */
static NOINLINE VALUE switch_then_check(struct rthread *to)
{
    switch_to_body(rt_current(), to);
    if (UNLIKELY(vm.th->pending || signal_any_pending())) sched_check_pending();
    return Qnil;
}


/* ------------------------------------------------------------ deadlock */
static void print_wait(struct rthread *t)
{
    if ((t->wait_for & WAIT_FD) && t->npfds) fprintf(stderr, "F(%d)", t->pfds[0].fd);
    if (t->wait_for & WAIT_TIME) fprintf(stderr, "T(%f)", t->wake_at - sched_now());
    if (t->wait_for & WAIT_JOIN)
        fprintf(stderr, "J(0x%lx)", t->join_target ? (unsigned long)t->join_target->t.self : 0ul);
    if (t->wait_for & WAIT_PID) fprintf(stderr, "P");
    if (!(t->wait_for & (WAIT_FD | WAIT_TIME | WAIT_JOIN | WAIT_PID))) fprintf(stderr, "-");
}

static void report_thread(struct rthread *t)
{
    struct frame *f = frame_ruby(t->t.frame);
    fprintf(stderr, "deadlock 0x%lx: %s:", (unsigned long)t->t.self, thread_status_name(t));
    print_wait(t);
    fprintf(stderr, " %s - %s:%d\n", t->is_main ? "(main)" : "",
            f ? script_file(f->script) : "-", f && f->node ? f->node->line : 0);
}

/* MRI 1.8's report: one line per thread, then `fatal` in the main thread. */
static void deadlock(void)
{
    struct rthread *cur = rt_current();
    io_flush_all();
    struct rthread *t = cur;
    do {
        t = t->all_next;
        report_thread(t);
    } while (t != cur);
    fflush(stderr);
    VALUE exc = exc_new_fmt(vm.c.Fatal, "Thread(0x%lx): deadlock", (unsigned long)cur->t.self);
    struct rthread *m = S.main;
    if (m == cur) {
        cur->status = TS_RUNNABLE;
        cur->wait_for = 0;
        exc_raise_obj(exc);
    }
    m->t.pending_exc = exc;
    m->t.pending |= PENDING_RAISE;
    sched_wakeup(m);
    rq_remove(m);
    switch_to(m);
}

/* ------------------------------------------------------------ picking */
static void deliver_signals(void)
{
    if (signal_any_pending()) sched_wakeup(S.main);
}

/* The next thread to run; the current one must already be queued, stopped
   or dead.  Returns NULL when nothing can ever run again. */
static struct rthread *pick_next(void)
{
    for (;;) {
        if (S.nheap) wake_due_sleepers(sched_now());
        if (S.nfdw) poll_fds(0);
        deliver_signals();
        if (S.rq_bits) return rq_pop_best();
        if (!S.nheap && !S.nfdw) return NULL;
        idle_wait();
    }
}

/* Only a plain sleep with no other thread: wait for a signal, as MRI does. */
static bool lone_sleeper(struct rthread *cur)
{
    return S.count == 1 && cur->status == TS_STOPPED && !(cur->wait_for & (WAIT_OBJ | WAIT_JOIN));
}

static void run_something_else(void)
{
    struct rthread *cur = rt_current();
    for (;;) {
        struct rthread *next = pick_next();
        if (next) { switch_to(next); return; }
        if (!lone_sleeper(cur)) { deadlock(); return; }
        if (!signal_any_pending()) wait_for_signal(-1);
        deliver_signals();
        if (cur->status == TS_RUNNABLE) { rq_remove(cur); return; }
    }
}

bool sched_block(int wait_for, double deadline)
{
    struct rthread *cur = rt_current();
    sched_critical = false;
    cur->status = TS_STOPPED;
    cur->wait_for = wait_for | (deadline >= 0 ? WAIT_TIME : 0);
    if (deadline >= 0) {
        cur->wake_at = deadline;
        heap_insert(cur);
    }
    if (wait_for & WAIT_FD) fdw_add(cur);
    run_something_else();
    bool timed_out = cur->status == TS_STOPPED || (deadline >= 0 && sched_now() >= deadline);
    if (cur->status == TS_STOPPED) sched_wakeup(cur), rq_remove(cur);
    if (cur->heap_index >= 0) heap_remove(cur);
    if (cur->fd_index >= 0) fdw_remove(cur);
    cur->status = TS_RUNNABLE;
    cur->wait_for = 0;
    sched_check_pending();
    return !timed_out;
}

/* Sleepers and fds are looked at when the timer ticks (or when nothing
   else can run), not at every pass: a clock read or a poll per pass would
   cost more than the switch itself. */
static void poll_waiters_on_tick(void)
{
    if (!sched_tick) return;
    sched_tick = 0;
    if (S.nheap) wake_due_sleepers(sched_now());
    if (S.nfdw) poll_fds(0);
}

/* Thread.pass itself: one C frame less between a switch and the evaluator. */
VALUE sched_pass_m(VALUE self, int argc, const VALUE *argv)
{
    (void)self; (void)argc; (void)argv;
    return sched_pass_nil();
}

/* Thread.pass returning nil, so that callers can tail-call it and the
   switch tail-calls too: after a switch the thread returns straight into
   the evaluator. */
VALUE sched_pass_nil(void)
{
    if (sched_critical) return Qnil;
    poll_waiters_on_tick();
    if (!S.rq_bits) return Qnil;
    struct rthread *cur = rt_current();
    int best = rq_best_level(), mine = cur->level;
    if (best < mine) return Qnil;                /* still the highest */
    struct rthread *next = S.rq_head[best];
    rq_remove(next);
    rq_push(cur);
    return switch_then_check(next);
}

void sched_pass(void) { sched_pass_nil(); }

void sched_yield_to(struct rthread *t)
{
    struct rthread *cur = rt_current();
    if (t == cur || !t->in_rq) return;
    rq_remove(t);
    rq_push(cur);
    switch_to(t);
    sched_check_pending();
}

/* A tick at a safe point: let an equal or higher priority thread run. */
static void time_slice(void)
{
    if (S.count < 2 || sched_critical) return;
    struct rthread *cur = rt_current();
    if (S.nheap) wake_due_sleepers(sched_now());
    if (S.nfdw) poll_fds(0);
    if (!S.rq_bits || rq_best_level() < cur->level) return;
    rq_push(cur);
    switch_to(rq_pop_best());
}

void sched_check_pending(void)
{
    struct thread *th = vm.th;
    if (th == vm.main_th && signal_any_pending()) signal_deliver();
    if (UNLIKELY(vm_budget_hook != NULL)) vm_budget_hook();   /* a wait may end the program too */
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
    /* Disarmed at the first interrupt after the last other thread ended,
       not when it ends: a loop of Thread.new { }.join would otherwise make
       two timer system calls per thread. */
    if (S.timer_on && S.count < 2) {
        timer_stop();
        S.timer_on = false;
    }
    gen_reap_orphans();
    if (sched_tick) {
        sched_tick = 0;
        time_slice();
    }
    sched_check_pending();
}

/* ------------------------------------------------------------ threads coming and going */
static void all_insert(struct rthread *t)
{
    struct rthread *m = S.main;
    t->all_next = m;
    t->all_prev = m->all_prev;
    m->all_prev->all_next = t;
    m->all_prev = t;
    if (++S.count == 2 && !S.timer_on) {
        timer_start();
        S.timer_on = true;
    }
}

static void all_remove(struct rthread *t)
{
    t->all_prev->all_next = t->all_next;
    t->all_next->all_prev = t->all_prev;
    --S.count;
}

void sched_add_thread(struct rthread *t)
{
    t->status = TS_RUNNABLE;
    all_insert(t);
    rq_push(t);
}

/* Ruby 1.8 starts a new thread at once; its creator waits its turn. */
void sched_switch_to_new(struct rthread *t)
{
    struct rthread *cur = rt_current();
    t->status = TS_RUNNABLE;
    all_insert(t);
    rq_push(cur);
    switch_to(t);
    sched_check_pending();
}

void sched_thread_died(struct rthread *t)
{
    t->status = TS_DEAD;
    for (struct rthread *j = t->joiners; j; j = j->join_next)
        if (j->join_target == t) sched_wakeup(j);
    t->joiners = NULL;
    all_remove(t);
    S.dead = t;
    struct rthread *next = pick_next();
    if (!next) {
        /* everyone else is stopped for good: the main thread gets `fatal`
           (made while vm.th is still this thread, on whose stack we run) */
        struct rthread *m = S.main, *r = m;
        io_flush_all();
        do { r = r->all_next; report_thread(r); } while (r != m);
        m->t.pending_exc = exc_new_fmt(vm.c.Fatal, "Thread(0x%lx): deadlock", (unsigned long)m->t.self);
        m->t.pending |= PENDING_RAISE;
        sched_wakeup(m);
        next = rq_pop_best();
    }
    switch_to(next);
    mr_bug("a dead thread was resumed");
}

void sched_set_priority(struct rthread *t, int prio)
{
    bool queued = t->in_rq;
    if (queued) rq_remove(t);
    t->priority = prio;
    t->level = prio_level(prio);
    if (queued) rq_push(t);
}

size_t sched_thread_count(void) { return S.count; }
struct rthread *sched_all_threads(void) { return S.main; }

/* ------------------------------------------------------------ waits for the rest of the interpreter */
/* The only thread waits in poll itself, with the signal wakeup pipe in
   the set so that Ctrl-C is handled at once. */
static int lone_wait_fds(struct pollfd *fds, int n, double timeout)
{
    struct pollfd all[n + 1];
    double deadline = timeout < 0 ? -1 : sched_now() + timeout;
    for (;;) {
        if (vm.interrupt) vm_check_interrupts();
        memcpy(all, fds, (size_t)n * sizeof *fds);
        all[n] = (struct pollfd){ signal_wakeup_fd(), POLLIN, 0 };
        int ms = deadline < 0 ? -1 : ms_until(deadline, sched_now());
        int r = poll(all, (nfds_t)n + (all[n].fd >= 0), ms);
        if (r < 0 && errno != EINTR) return r;
        if (r > 0 && all[n].fd >= 0 && all[n].revents) { signal_drain_wakeup(); r--; }
        if (r > 0) {
            for (int i = 0; i < n; i++) fds[i].revents = all[i].revents;
            return r;
        }
        if (r == 0 && deadline >= 0 && sched_now() >= deadline) return 0;
    }
}

static int count_ready(struct pollfd *fds, int n)
{
    int r = 0;
    for (int i = 0; i < n; i++) r += fds[i].revents != 0;
    return r;
}

int sched_wait_fds(struct pollfd *fds, int n, double timeout)
{
    int r;
    while ((r = poll(fds, (nfds_t)n, 0)) < 0 && errno == EINTR) vm_check_interrupts();
    if (r != 0 || timeout == 0) return r;
    if (S.count == 1) return lone_wait_fds(fds, n, timeout);
    struct rthread *cur = rt_current();
    for (int i = 0; i < n; i++) fds[i].revents = 0;
    cur->pfds = fds;
    cur->npfds = n;
    sched_block(WAIT_FD, timeout < 0 ? -1 : sched_now() + timeout);
    cur->pfds = NULL;
    cur->npfds = 0;
    return count_ready(fds, n);
}

int sched_wait_fd(int fd, short events, double timeout)
{
    struct pollfd p = { fd, events, 0 };
    return sched_wait_fds(&p, 1, timeout) > 0 ? p.revents : 0;
}

void sched_sleep(double sec)
{
    if (sec < 0) {
        sched_block(0, -1);
        return;
    }
    double deadline = sched_now() + sec;
    sched_block(0, deadline);
}

pid_t sched_waitpid(pid_t pid, int *status, int flags)
{
    for (;;) {
        pid_t r = waitpid(pid, status, flags | WNOHANG);
        if (r != 0 || (flags & WNOHANG)) {
            if (r < 0 && errno == EINTR) { vm_check_interrupts(); continue; }
            return r;
        }
        sched_block(WAIT_PID, sched_now() + 0.005);
    }
}

/* ------------------------------------------------------------ GC and start-up */
static void mark_threads(void)
{
    struct rthread *t = S.main;
    do {
        gc_mark(t->t.self);
        t->gc_deferred = &t->t != vm.th && t->parked_gen && gen_parked_deferrable(t->parked_gen);
        if (&t->t != vm.th && !t->gc_deferred) gc_mark_thread_stack(&t->t, t->saved_sp);
        t = t->all_next;
    } while (t != S.main);
}

/* After the roots: the stacks of parked producers whose generators have
   been reached (or, final, of all that are left).  True if it marked. */
static bool mark_parked_producers(bool final)
{
    bool marked = false;
    struct rthread *t = S.main;
    do {
        if (t->gc_deferred && gen_parked_reached(t->parked_gen, final)) {
            t->gc_deferred = false;
            gc_mark_thread_stack(&t->t, t->saved_sp);
            marked = true;
        }
        t = t->all_next;
    } while (t != S.main);
    return marked;
}

extern void (*vm_thread_interrupt_hook)(void);

void sched_init(struct rthread *main_rt)
{
    S.main = main_rt;
    main_rt->level = prio_level(0);
    S.count = 1;
    main_rt->all_next = main_rt->all_prev = main_rt;
    main_rt->status = TS_RUNNABLE;
    main_rt->heap_index = main_rt->fd_index = -1;
    vm_thread_interrupt_hook = on_interrupt;
    gc_register_marker(mark_threads);
    gc_register_late_marker(mark_parked_producers);
}

/* In a forked child only the thread that called fork lives on, as in MRI
   1.8: forget the others and stop the timer. */
void sched_after_fork(void)
{
    struct rthread *cur = rt_current();
    memset(S.rq_head, 0, sizeof S.rq_head);
    memset(S.rq_tail, 0, sizeof S.rq_tail);
    S.rq_bits = 0;
    S.nheap = S.nfdw = 0;
    S.main = cur;
    S.count = 1;
    cur->all_next = cur->all_prev = cur;
    cur->in_rq = false;
    cur->heap_index = cur->fd_index = -1;
    cur->is_main = true;
    vm.main_th = &cur->t;
    timer_stop();
    S.timer_on = false;
}

/* sched.c: the green-thread scheduler (see gthread.h for its invariants).
 *
 * Phases, each its own function: wake the sleepers that are due (a min-heap
 * on wake time), poll the fd waiters (only when there are any), deliver
 * out-of-band events (signals), ask the policy for the next thread, and,
 * when nothing can run, either idle until the next deadline, fd or signal,
 * or hand the deadlock to the embedder.  Switching is direct, thread to
 * thread, through ctx_switch_to (ctx.h); a thread whose stack is spilled
 * is first put back in its slot, from a small stack of the scheduler's own
 * when the running thread occupies that slot.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include "gthread.h"
#include "policy.h"
#include "fdwait.h"
#include "schedule.h"
#include "slab.h"
#include "spill.h"
#include "stack.h"
#include "timer.h"
#include "instrument.h"
/* The policy configure chose, compiled in this unit: its queue operations
   run on every switch, and here the compiler can inline them. */
#include POLICY_IMPL

#define NOINLINE __attribute__((noinline))

bool sched_critical;
volatile int sched_tick;
volatile sig_atomic_t *sched_interrupt_flag;

static struct {
    struct gthread *current, *main;
    size_t count;                     /* live threads */
    struct gthread **heap;            /* blocked with a deadline, by wake_at */
    size_t nheap, heap_capa;
    struct pollfd *pfds;              /* lone_poll's set */
    size_t pfds_capa;
    size_t nsleeping;                 /* sleeping with no deadline: never a deadlock */
    struct pollfd *next_fds;          /* sched_set_fds, for the next block */
    int next_nfds;
    bool next_edge;                   /* the next fd wait is sched_poll_owned's */
    bool timer_on;                    /* ticking: stopped lazily, see sched_time_slice */
    struct gthread *dead;             /* stack to release once switched away */
    char *dead_cleared_below;         /* what its thread left to clear (stack_retire) */
    uint64_t virtual_polled_at;       /* schedule_step of poll_waiters_virtual's last poll */
    double fds_looked_at;             /* sched_now() after the last poll of the fds */
    bool look_wanted;                 /* look_at_fds put a look off: the next pass makes it */
    void *copy;                       /* sched_stack_copy's buffer */
    size_t copy_capa;
    uint64_t *words;                  /* sched_stack_words's */
    size_t words_capa;
} S;

/* The stack a thread that shares its slot with the running one is put
   back from (move_in_from_aside). */
static struct {
    char *lo;
    size_t size;
    struct machine_ctx ctx;
    struct gthread *from, *to;
} aside;

static void *xgrow(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) abort();
    return p;
}

double sched_now(void)
{
    if (__builtin_expect(schedule_active(), 0)) return schedule_now();
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct gthread *sched_current(void) { return S.current; }
struct gthread *sched_main(void) { return S.main; }
size_t sched_count(void) { return S.count; }

/* ------------------------------------------------------------ sleeper heap */
static void heap_swap(size_t i, size_t j)
{
    struct gthread *a = S.heap[i], *b = S.heap[j];
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

static void heap_insert(struct gthread *t)
{
    if (S.nheap == S.heap_capa) {
        S.heap_capa = S.heap_capa ? S.heap_capa * 2 : 64;
        S.heap = xgrow(S.heap, S.heap_capa * sizeof *S.heap);
    }
    S.heap[S.nheap] = t;
    t->heap_index = (long)S.nheap++;
    heap_up((size_t)t->heap_index);
}

static void heap_remove(struct gthread *t)
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
void sched_set_fds(struct pollfd *fds, int n)
{
    S.next_fds = fds;
    S.next_nfds = n;
}

/* ------------------------------------------------------------ wait queues */
static void wq_append(struct waitq *q, struct gthread *t)
{
    t->wq = q;
    t->wq_next = NULL;
    t->wq_prev = q->tail;
    if (q->tail) q->tail->wq_next = t;
    else q->head = t;
    q->tail = t;
}

static void wq_unlink(struct gthread *t)
{
    struct waitq *q = t->wq;
    if (t->wq_prev) t->wq_prev->wq_next = t->wq_next;
    else q->head = t->wq_next;
    if (t->wq_next) t->wq_next->wq_prev = t->wq_prev;
    else q->tail = t->wq_prev;
    t->wq = NULL;
    t->wq_prev = t->wq_next = NULL;
}

size_t waitq_count(const struct waitq *q)
{
    size_t n = 0;
    for (const struct gthread *t = q->head; t; t = t->wq_next) n++;
    return n;
}

static size_t fd_wait_bytes(int n) { return sizeof(struct fd_wait) + (size_t)n * sizeof(struct pollfd); }

/* ------------------------------------------------------------ waking */
/* The one place a blocked thread leaves every wait structure. */
static void unregister(struct gthread *t)
{
    if (t->heap_index >= 0) heap_remove(t);
    else if (t->wait_for & WAIT_SLEEP) S.nsleeping--;
    /* the record stays until the thread is back in sched_block: the
       revents are read there */
    if (t->fdw && t->fdw->index >= 0) fdwait_remove(t);
    if (t->wq) wq_unlink(t);
}

static void make_runnable(struct gthread *t, enum wake_reason why)
{
    if (t->status != GT_BLOCKED) return;
    unregister(t);
    t->woke = why;
    t->status = GT_RUNNABLE;
    t->wait_for = 0;
    policy_enqueue(t);
}

void sched_wakeup(struct gthread *t) { make_runnable(t, WAKE_RESUMED); }

void sched_interrupt(struct gthread *t)
{
    if (t->status == GT_DEAD) return;
    t->interrupted = true;
    make_runnable(t, WAKE_INTERRUPTED);
}

void sched_clear_interrupt(struct gthread *t) { t->interrupted = false; }

bool waitq_signal(struct waitq *q)
{
    struct gthread *t = q->head;
    if (!t) return false;
    make_runnable(t, WAKE_SIGNALLED);
    return true;
}

/* Every waiter woken: none has a wake-up to pass on (sched_block), so
   none touches q again, which its owner may free at once (load.c's
   record of a file being loaded is). */
size_t waitq_broadcast(struct waitq *q)
{
    size_t n = 0;
    for (struct gthread *t; (t = q->head); n++) {
        make_runnable(t, WAKE_SIGNALLED);
        t->woke_all = true;
    }
    return n;
}

static void wake_due_sleepers(double now)
{
    while (S.nheap && S.heap[0]->wake_at <= now) {
        if (schedule_active()) schedule_note('T', S.heap[0], NULL);
        make_runnable(S.heap[0], WAKE_TIMEOUT);
    }
}

static void events(void)
{
    if (sched_hook_event_pending()) sched_hook_event();
}

static void fd_ready(struct gthread *t)
{
    if (schedule_active()) schedule_note_fds(t);
    make_runnable(t, WAKE_READY);
}

/* Poll the fds of every waiter, and the event fd; timeout_ms -1 blocks, 0
   only looks. */
static void poll_waiters(int timeout_ms)
{
    if (fdwait_poll(timeout_ms, sched_hook_event_fd(), fd_ready)) sched_hook_event();
    S.look_wanted = false;
    S.fds_looked_at = sched_now();
}

/* A look at the descriptors while threads are runnable is a system call.
   Made at every blocking switch, it was an epoll_wait per line echoed, half
   again the calls of the reads and writes (Go's scheduler, which looks when
   it has nothing to run, made 800 for 100,000 lines).  A blocking switch
   now looks if FD_LOOK_INTERVAL has passed since the last look; nothing
   runnable, it waits in idle_wait.  A look put off is made at the next
   Thread.pass, so that a chain of wake-ups through descriptors does not
   wait for the timer behind threads that only pass.  Under a schedule
   mode, at every switch as before: a replay must find the same looks. */
#define FD_LOOK_INTERVAL 200e-6     /* seconds */

static void look_at_fds(void)
{
    if (!fdwait_count()) return;
    if (!schedule_active() && sched_now() - S.fds_looked_at < FD_LOOK_INTERVAL) {
        S.look_wanted = true;
        return;
    }
    poll_waiters(0);
}

/* Even with no waiter: the backend may keep a registration. */
void sched_fd_closed(int fd, void (*waiter)(struct gthread *t))
{
    fdwait_closed(fd, waiter);
}

/* In virtual time no timer ticks: without a look now and then, a thread
   that never blocks would keep every descriptor waiter asleep for ever.
   One look every VIRTUAL_POLL_STEPS steps (a virtual millisecond). */
#define VIRTUAL_POLL_STEPS 1000

static void poll_waiters_virtual(void)
{
    if (!fdwait_count() || schedule_step - S.virtual_polled_at < VIRTUAL_POLL_STEPS) return;
    S.virtual_polled_at = schedule_step;
    poll_waiters(0);
}

static int ms_until(double deadline, double now)
{
    double ms = ceil((deadline - now) * 1000.0);
    return ms < 0 ? 0 : ms > 1e9 ? 1000000000 : (int)ms;
}

/* Nothing runnable: wait for the nearest deadline, an fd, or an event. */
static void idle_wait(void)
{
    int timeout = S.nheap ? ms_until(S.heap[0]->wake_at, sched_now()) : -1;
    if (sched_hook_event_pending()) return;
    if (fdwait_count()) { poll_waiters(timeout); return; }
    if (timeout == 0) return;
    struct pollfd p = { sched_hook_event_fd(), POLLIN, 0 };
    if (poll(&p, p.fd >= 0 ? 1 : 0, timeout) > 0) sched_hook_event();
}

/* ------------------------------------------------------------ switching */
/* A dead thread lets go of its slot, and of its spill.  What it left in
   the slot is cleared from cleared_below up unless another thread lives
   there now. */
static void release_stack(struct gthread *t, char *cleared_below)
{
    struct stack_slot *s = t->slot;
    bool clear = s->occupant == t || !s->occupant;
    if (s->occupant == t) s->occupant = NULL;
    spill_free(t->spill);
    spill_free(t->spare);
    t->spill = t->spare = NULL;
    t->resident = false;
    stack_release(s, clear ? cleared_below : NULL);
    t->slot = NULL;
    t->canary_below = NULL;
}

static NOINLINE void release_dead_stack(void)
{
    struct gthread *d = S.dead;
    if (!d || d == S.current) return;
    S.dead = NULL;
    release_stack(d, S.dead_cleared_below);
}

void sched_release_dead(void)
{
    if (__builtin_expect(S.dead != NULL, 0)) release_dead_stack();
}

void sched_free_stack(struct gthread *t)
{
    if (!t->slot) return;
    struct stack_slot *s = t->slot;
    bool alone = s->occupant == t || !s->occupant;
    release_stack(t, alone ? stack_retire(s, false, STACK_REACH_DEEP) : NULL);
}

static NOINLINE __attribute__((noreturn)) void canary_dead(void)
{
    static const char msg[] = "miniruby: fatal: a thread's C stack overflowed into its neighbour's (a canary was overwritten)\n";
    if (write(2, msg, sizeof msg - 1) < 0) { /* stderr is gone */ }
    _exit(134);
}

/* ------------------------------------------------------------ shared slots */
/* A slot whose occupant runs or is about to: a new thread homed there
   would soon have to trade places with it. */
static bool slot_busy(const struct stack_slot *s)
{
    const struct gthread *o = s->occupant;
    return o && (o == S.current || o->status == GT_RUNNABLE);
}

/* The redzones ASan drew in o's frames (o switched out) go; returns
   where its frames begin. */
static char *unpoison_frames(struct gthread *o)
{
    char *lo = (char *)((uintptr_t)o->saved_sp & ~(uintptr_t)7);
    STACK_UNPOISON(lo, (size_t)(o->stack_hi - lo));
    return lo;
}

/* o's stack out of its slot: another thread of the slot is to run.  The
   redzones go first: the stack is read as a whole, and the next thread's
   frames will lie there. */
static void evict(struct gthread *o)
{
    struct stack_slot *s = o->slot;
    char *lo = unpoison_frames(o);
    o->spill = spill_save(lo, o->stack_hi, &s->ref, o->spare);
    o->spare = NULL;
    o->resident = false;
    s->occupant = NULL;
}

/* t into its slot, where nothing runs: its stack put back, or its first
   context made (makecontext writes into the stack).  Valgrind takes the
   red zone below a stack pointer (128 bytes on x86-64) for addressable
   and does not make it so at a switch: a thread of the slot that ran less
   deep may have left it unaddressable, and t's first call would write its
   return address there. */
#define RED_ZONE 128
static void move_in(struct gthread *t)
{
    t->slot->occupant = t;
    t->resident = true;
    if (t->spill) {
        size_t n = spill_size(t->spill);
        STACK_UNPOISON(t->stack_hi - n, n);
        STACK_FRESH(t->stack_hi - n - RED_ZONE, n + RED_ZONE);
        spill_restore(t->spill, t->stack_hi);
        spill_put_back(t->spill);
        t->spare = t->spill;
        t->spill = NULL;
    } else {
        /* Valgrind first: the slot is still marked as its last thread left it */
        size_t size = (size_t)(t->stack_hi - t->stack_lo);
        STACK_FRESH(t->stack_lo, size);
        ctx_make(&t->ctx, t->stack_lo, size, t->entry);
    }
}

/* On the aside stack, entered afresh each time: `from`, which ran in the
   slot of `to` until a moment ago, leaves it to `to`. */
static __attribute__((noreturn)) void move_in_from_aside(void)
{
    SWITCH_FINISH(NULL);
    struct gthread *from = aside.from, *to = aside.to;
    if (from->status != GT_DEAD) evict(from);
    move_in(to);
    SWITCH_START(NULL, to->stack_lo, (size_t)(to->stack_hi - to->stack_lo));
    ctx_jump(&to->ctx);
}

/* Before a switch from `from` to `to`, which is not in its slot: the
   context to switch to.  It is `to`'s own, once the slot's occupant is
   spilled and `to` put back, unless that occupant is `from` itself, which
   cannot be spilled while it runs: then the aside stack's, which puts
   `to` back once `from` is off the slot. */
static NOINLINE struct machine_ctx *bring_in(struct gthread *from, struct gthread *to)
{
    struct gthread *o = to->slot->occupant;
    if (o == from) {
        aside.from = from;
        aside.to = to;
        ctx_make(&aside.ctx, aside.lo, aside.size, move_in_from_aside);
        return &aside.ctx;
    }
    if (o && o->status != GT_DEAD) evict(o);
    move_in(to);
    return &to->ctx;
}

static void aside_init(void)
{
#ifdef MR_SANITIZE
    aside.size = 1024 * 1024;           /* ASan's frames are large */
#else
    aside.size = 64 * 1024;
#endif
    char *m = mmap(NULL, aside.size + 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        static const char msg[] = "miniruby: no memory for the scheduler's stack\n";
        if (write(2, msg, sizeof msg - 1) < 0) { /* nothing more to do */ }
        abort();
    }
    mprotect(m, 4096, PROT_NONE);
    aside.lo = m + 4096;
    (void)STACK_REGISTER(aside.lo, aside.lo + aside.size);
}

void sched_stack_read(struct gthread *t, const void *addr, void *out, size_t len)
{
    const char *a = addr;
    if (t->spill && a >= t->stack_hi - spill_size(t->spill) && a + len <= t->stack_hi)
        spill_read(t->spill, t->stack_hi, addr, out, len);
    else
        memcpy(out, addr, len);
}

const void *sched_stack_copy(struct gthread *t, const char **lo)
{
    if (!t->spill) return NULL;
    size_t n = spill_size(t->spill);
    if (n > S.copy_capa) {
        free(S.copy);
        S.copy_capa = n * 2;
        S.copy = xgrow(NULL, S.copy_capa);
    }
    spill_copy(t->spill, S.copy);
    *lo = t->stack_hi - n;
    return S.copy;
}

const uint64_t *sched_stack_words(struct gthread *t, uint64_t epoch, bool (*may_refer)(uint64_t), size_t *n)
{
    if (!t->spill) return NULL;
    size_t need = 2 * spill_size(t->spill) / sizeof(uint64_t);
    if (need > S.words_capa) {
        free(S.words);
        S.words_capa = need * 2;
        S.words = xgrow(NULL, S.words_capa * sizeof *S.words);
    }
    *n = spill_scan_words(t->spill, epoch, may_refer, S.words);
    return S.words;
}

void sched_prefetch_spill(const struct gthread *t)
{
    if (t->spill) spill_prefetch(t->spill);
}

/* ------------------------------------------------------------ switching */
/* Run `to` and suspend the current thread until someone switches back.
   Every return after a switch is mispredicted (the CPU's return stack
   holds the other thread's calls), so the switching functions keep the
   frames between here and the caller few: this is a macro because the
   _setjmp switch is one (a function calling _setjmp is never inlined).
   Callee-saved registers are spilled into the frame using it
   (__builtin_unwind_init), above the stack pointer recorded here, where a
   collector scanning the stack finds them.  A thread not in its slot is
   brought back first (bring_in). */
#define switch_body(from, to) do {                                     \
        __builtin_unwind_init();                                       \
        struct machine_ctx *dest_ = &(to)->ctx;                        \
        if (__builtin_expect(!(to)->resident, 0)) dest_ = bring_in(from, to); \
        prefetch_followers();                                          \
        switch_leave(from, to, dest_ == &aside.ctx);                   \
        (from)->saved_sp = ctx_stack_pointer();                        \
        ctx_switch_to(&(from)->ctx, dest_);                            \
        SWITCH_FINISH(FAKE_STACK(from));                               \
        sched_release_dead();                                          \
    } while (0)

static inline __attribute__((always_inline)) void switch_leave(struct gthread *from, struct gthread *to,
                                                               bool via_aside)
{
    S.current = to;
    sched_hook_switch(from, to);
    if (from->canary_below && !stack_canary_intact(from->canary_below)) canary_dead();
    SWITCH_START(from->status == GT_DEAD ? NULL : FAKE_STACK_SLOT(from), via_aside ? aside.lo : to->stack_lo,
                 via_aside ? aside.size : (size_t)(to->stack_hi - to->stack_lo));
}

/* The threads that will run after the one being switched to, fetched
   into the cache while it runs: a thread that ran a thousand switches
   ago has its record and the top of its stack in memory, and waiting
   for them was a third of the time of 1,000 threads taking turns (now
   1.4 times the passes).  Two steps ahead: the next thread's record,
   read now, was fetched at the previous switch; the one after it has its
   record fetched now, up to its run-queue links (gthread.h puts the
   fields of a switch first).  More of the stack was slower: 512 bytes
   0.87 of 256's passes, 1,024 bytes 0.67.  A next thread out of its
   slot has its spill fetched instead: the end of 100,000 hackysack.rb
   players, each woken once and brought back, took 0.91 of the time. */
#define PREFETCH_STACK 256   /* bytes above a parked stack pointer */
static inline __attribute__((always_inline)) void prefetch_followers(void)
{
    const struct gthread *n = policy_peek();
    if (!n) return;
    if (n->resident) {
        if (n->saved_sp)                /* NULL: a new thread, never switched out */
            for (const char *c = n->saved_sp; c < n->saved_sp + PREFETCH_STACK; c += 64) __builtin_prefetch(c);
    } else
        sched_prefetch_spill(n);
    const struct gthread *after = policy_following(n);
    if (after)
        for (const char *c = (const char *)after; c < (const char *)&after->rq + sizeof after->rq; c += 64)
            __builtin_prefetch(c);
}

static NOINLINE void switch_to(struct gthread *to)
{
    struct gthread *from = S.current;
    if (to == from) return;
    if (__builtin_expect(schedule_active(), 0)) schedule_note('W', from, to);
    switch_body(from, to);
}

/* ------------------------------------------------------------ picking */
static struct gthread *pick(void)
{
    if (__builtin_expect(schedule_active(), 0)) {
        struct gthread *t = schedule_pick();
        if (t) return t;
    }
    return policy_pick();
}

static struct gthread *find_thread(unsigned long id)
{
    struct gthread *t = S.main;
    do {
        if (t->id == id) return t;
        t = t->all_next;
    } while (t != S.main);
    return NULL;
}

static void replay_wake(struct gthread *t, char kind)
{
    make_runnable(t, kind == 'T' ? WAKE_TIMEOUT : WAKE_READY);
}

/* Replaying a real run: threads wake when the recording says, not when
   the clock or the descriptors would have them. */
static struct gthread *pick_next_replayed(void)
{
    schedule_replay_wakes(replay_wake, find_thread);
    int sig = schedule_signal_due();
    if (sig) raise(sig);
    events();
    struct gthread *t = pick();
    if (t || (!S.nheap && !fdwait_count() && !S.nsleeping)) return t;
    schedule_diverged("every thread waits, and the recording has no wake-up here");
}

/* The next thread to run; the current one must already be queued,
   blocked or dead.  NULL when nothing can ever run again: no runnable
   thread, no deadline, no fd, no sleeper.  In virtual time the clock
   jumps to the next deadline instead of waiting for it. */
static struct gthread *pick_next(void)
{
    if (schedule_mode == SCHED_REPLAY && !schedule_virtual_time()) return pick_next_replayed();
    for (;;) {
        if (S.nheap) wake_due_sleepers(sched_now());
        look_at_fds();
        events();
        struct gthread *t = pick();
        if (t) return t;
        if (!S.nheap && !fdwait_count() && !S.nsleeping) return NULL;
        if (schedule_virtual_time() && S.nheap) {
            schedule_advance(S.heap[0]->wake_at);
            continue;
        }
        idle_wait();
    }
}

/* Wait for an event (a signal) for ever. */
static void wait_for_event(void)
{
    struct pollfd p = { sched_hook_event_fd(), POLLIN, 0 };
    if (sched_hook_event_pending()) { sched_hook_event(); return; }
    if (poll(&p, p.fd >= 0 ? 1 : 0, -1) > 0) sched_hook_event();
}

/* Run other threads until the current one is picked again. */
static void run_others(void)
{
    struct gthread *cur = S.current;
    for (;;) {
        struct gthread *next = pick_next();
        if (next == cur && __builtin_expect(schedule_active(), 0))
            schedule_note('W', cur, cur);   /* replay must know it ran on */
        if (next) { switch_to(next); return; }
        sched_hook_deadlock(cur);
        if (!policy_any()) wait_for_event();
    }
}

enum wake_reason sched_block(int wait_for, struct waitq *wq, double deadline)
{
    struct gthread *cur = S.current;
    if (cur->interrupted) return WAKE_INTERRUPTED;
    /* the canary the switch checks lies in the neighbour's slot, cold
       among many threads: fetched while this thread queues itself */
    if (cur->canary_below) __builtin_prefetch(cur->canary_below);
    sched_critical = false;
    cur->status = GT_BLOCKED;
    cur->wait_for = wait_for | (deadline >= 0 ? WAIT_TIME : 0);
    cur->woke = 0;
    cur->woke_all = false;
    if (wq) wq_append(wq, cur);
    if (deadline >= 0) {
        cur->wake_at = deadline;
        heap_insert(cur);
    } else if (wait_for & WAIT_SLEEP) {
        S.nsleeping++;
    }
    /* the scheduler keeps a copy of the fds: their owner's stack may be
       spilled while it waits, and the backends write revents */
    struct pollfd *fds = NULL;
    int nfds = 0;
    if (wait_for & WAIT_FD) {
        fds = S.next_fds;
        nfds = S.next_nfds;
        struct fd_wait *w = slab_alloc(fd_wait_bytes(nfds));
        w->links = NULL;
        w->index = -1;
        w->n = nfds;
        w->marked = false;
        w->edge = S.next_edge;
        memcpy(w->fds, fds, (size_t)nfds * sizeof *fds);
        cur->fdw = w;
        S.next_edge = false;
        fdwait_add(cur);
    }
    run_others();
    if (cur->fdw) {
        for (int i = 0; i < nfds; i++) fds[i].revents = cur->fdw->fds[i].revents;
        slab_free(cur->fdw, fd_wait_bytes(nfds));
        cur->fdw = NULL;
    }
    enum wake_reason why = cur->woke;
    if (cur->interrupted && why != WAKE_INTERRUPTED) {
        /* a wake-up it will not use goes to the next waiter */
        if (why == WAKE_SIGNALLED && wq && !cur->woke_all) waitq_signal(wq);
        why = WAKE_INTERRUPTED;
    }
    return why;
}

/* Thread.pass under a schedule mode, or with a tick to serve first. */
static NOINLINE bool pass_slow(void)
{
    struct gthread *cur = S.current;
    if (__builtin_expect(schedule_mode == SCHED_REPLAY, 0) && !schedule_virtual_time()) {
        schedule_where = 'p';
        schedule_replay_wakes(replay_wake, find_thread);
        schedule_where = 'b';
    }
    if (schedule_virtual_time()) {
        schedule_where = 'p';
        poll_waiters_virtual();
        schedule_where = 'b';
    }
    if (sched_tick) {
        schedule_where = 'p';
        /* sleepers and fds are looked at when the timer ticks (or when
           nothing else can run), not at every pass: a clock read or a poll
           per pass would cost more than the switch itself */
        sched_tick = 0;
        if (S.nheap) wake_due_sleepers(sched_now());
        if (fdwait_count()) poll_waiters(0);
        schedule_where = 'b';
    } else if (S.look_wanted) {
        if (fdwait_count()) poll_waiters(0);
        S.look_wanted = false;
    }
    if (!policy_prefers_other(cur)) return false;
    policy_enqueue(cur);
    switch_to(pick());
    return true;
}

/* The switch of a plain pass, tail-called: once the thread resumes it
   returns straight to sched_pass's caller. */
static NOINLINE uintptr_t switch_pass(struct gthread *to, uintptr_t ret)
{
    struct gthread *from = S.current;
    switch_body(from, to);
    sched_hook_passed(S.current);
    return ret;
}

uintptr_t sched_pass(uintptr_t ret)
{
    if (__builtin_expect(schedule_active() || sched_tick || S.look_wanted, 0)) {
        if (pass_slow()) sched_hook_passed(S.current);
        return ret;
    }
    struct gthread *next = policy_pass(S.current);
    if (!next) return ret;
    return switch_pass(next, ret);
}

void sched_yield_to(struct gthread *t)
{
    struct gthread *cur = S.current;
    if (t == cur || !t->rq.queued) return;
    policy_remove(t);
    policy_enqueue(cur);
    switch_to(t);
}

/* Let an equal or higher priority thread run, if there is one. */
static bool preempt(void)
{
    struct gthread *cur = S.current;
    if (!policy_prefers_other(cur)) return false;
    policy_enqueue(cur);
    struct gthread *next = pick();
    if (next == cur) return false;
    if (schedule_active()) schedule_note('P', cur, next);
    switch_to(next);
    return true;
}

bool sched_time_slice(void)
{
    sched_tick = 0;
    if (S.count < 2) {
        /* disarmed at the first tick after the last other thread ended,
           not when it ends: a loop of Thread.new { }.join would otherwise
           make two timer system calls per thread */
        if (S.timer_on) { timer_stop(); S.timer_on = false; }
        return false;
    }
    if (sched_critical) return false;
    if (S.nheap) wake_due_sleepers(sched_now());
    if (fdwait_count()) poll_waiters(0);
    events();
    return preempt();
}

static bool safe_point_decision(void)
{
    if (schedule_mode == SCHED_RECORD) return sched_tick && sched_time_slice();
    if (schedule_mode == SCHED_REPLAY && !schedule_virtual_time()) {
        schedule_replay_wakes(replay_wake, find_thread);
        int sig = schedule_signal_due();
        if (sig) raise(sig);
    } else {
        if (S.nheap && S.heap[0]->wake_at <= sched_now()) wake_due_sleepers(sched_now());
        if (schedule_virtual_time()) poll_waiters_virtual();
    }
    if (sched_critical || S.count < 2 || !schedule_preempt_here(S.current)) return false;
    return preempt();
}

/* In a schedule mode every safe point comes here (the interrupt flag
   stays set): a step, and perhaps a preemption the mode decides. */
bool sched_safe_point(void)
{
    schedule_step++;
    if (sched_interrupt_flag) *sched_interrupt_flag = 1;
    schedule_where = 's';
    bool switched = safe_point_decision();
    schedule_where = 'b';
    return switched;
}

/* From a signal handler or the timer pthread: two plain stores. */
void sched_timer_tick(void)
{
    __atomic_store_n(&sched_tick, 1, __ATOMIC_RELAXED);
    if (sched_interrupt_flag) __atomic_store_n(sched_interrupt_flag, 1, __ATOMIC_RELAXED);
}

void sched_set_priority(struct gthread *t, int prio) { policy_set_priority(t, prio); }

/* ------------------------------------------------------------ threads coming and going */
static void all_insert(struct gthread *t)
{
    struct gthread *m = S.main;
    t->all_next = m;
    t->all_prev = m->all_prev;
    m->all_prev->all_next = t;
    m->all_prev = t;
    if (++S.count == 2 && !S.timer_on && (!schedule_active() || schedule_mode == SCHED_RECORD)) {
        timer_start();
        S.timer_on = true;
    }
}

static void all_remove(struct gthread *t)
{
    t->all_prev->all_next = t->all_next;
    t->all_next->all_prev = t->all_prev;
    t->all_next = t->all_prev = t;
    --S.count;
}

void sched_init(struct gthread *main)
{
    S.main = S.current = main;
    S.count = 1;
    main->all_next = main->all_prev = main;
    main->status = GT_RUNNABLE;
    main->is_main = true;
    main->resident = true;              /* in the process's own stack, never spilled */
    main->heap_index = -1;
    main->id = 1;
    policy_init(main);
    schedule_thread_started(main);
    aside_init();
}

/* The new thread's slot is not the creator's: the creator, suspended
   while the new thread first runs, would have to be spilled. */
bool sched_prepare(struct gthread *t, void (*entry)(void))
{
    struct stack_slot *s = stack_take(S.current->slot, slot_busy);
    if (!s) return false;
    t->slot = s;
    t->spill = NULL;
    t->resident = false;               /* its first context is made when it moves in */
    t->entry = entry;
    t->canary_below = s->canary_below;
    t->stack_lo = s->lo;
    t->stack_hi = s->top;
    t->heap_index = -1;
    policy_inherit(t, S.current);
    static unsigned long last_id = 1;
    t->id = ++last_id;
    schedule_thread_started(t);
    return true;
}

void sched_start(struct gthread *t)
{
    t->status = GT_RUNNABLE;
    all_insert(t);
    policy_enqueue(t);
}

void sched_start_now(struct gthread *t)
{
    t->status = GT_RUNNABLE;
    all_insert(t);
    policy_enqueue(S.current);
    switch_to(t);
}

void sched_entered(void)
{
    SWITCH_FINISH(NULL);
    sched_release_dead();
}

void sched_exit(void)
{
    struct gthread *t = S.current;
    t->status = GT_DEAD;
    waitq_broadcast(&t->joiners);
    all_remove(t);
    if (t->slot) S.dead_cleared_below = stack_retire(t->slot, true, (enum stack_reach)t->stack_reach);
    S.dead = t;
    for (;;) {
        struct gthread *next = pick_next();
        if (next) switch_to(next);
        sched_hook_deadlock(t);
        if (!policy_any()) wait_for_event();
    }
}

/* In a forked child only the thread that called fork lives on: the others
   leave every wait structure (the wait queues live on in the child's copy
   of the objects that hold them) and are dead. */
void sched_after_fork(void)
{
    struct gthread *cur = S.current;
    fdwait_after_fork();
    schedule_after_fork();
    for (struct gthread *t = cur->all_next, *next; t != cur; t = next) {
        next = t->all_next;
        if (t->status == GT_BLOCKED) unregister(t);
        /* its frames stay in its slot, where a thread of the child may
           run next: their redzones go, as at an eviction */
        if (t->resident && t->saved_sp) unpoison_frames(t);
        policy_remove(t);
        t->status = GT_DEAD;
        t->wait_for = 0;
        t->all_next = t->all_prev = t;
        waitq_init(&t->joiners);
    }
    policy_reset();
    S.nsleeping = 0;
    S.main = cur;
    S.count = 1;
    cur->all_next = cur->all_prev = cur;
    cur->is_main = true;
    timer_stop();
    S.timer_on = false;
    sched_tick = 0;
    sched_critical = false;
}

/* ------------------------------------------------------------ waits on the outside world */
static int count_ready(struct pollfd *fds, int n)
{
    int r = 0;
    for (int i = 0; i < n; i++) r += fds[i].revents != 0;
    return r;
}

/* The only thread waits in poll itself, with the event fd in the set so
   that a signal is handled at once. */
static int lone_poll(struct pollfd *fds, int n, double deadline)
{
    if (S.pfds_capa < (size_t)n + 1) {
        S.pfds_capa = (size_t)n * 2 + 1;
        S.pfds = xgrow(S.pfds, S.pfds_capa * sizeof *S.pfds);
    }
    struct pollfd *all = S.pfds;
    memcpy(all, fds, (size_t)n * sizeof *fds);
    all[n] = (struct pollfd){ sched_hook_event_fd(), POLLIN, 0 };
    int ms = deadline < 0 ? -1 : ms_until(deadline, sched_now());
    if (__builtin_expect(schedule_replaying(), 0) && schedule_replay_outcome('q') == 0) return 0;
    int r = poll(all, (nfds_t)n + (all[n].fd >= 0), ms);
    if (schedule_mode == SCHED_RECORD && r >= 0) schedule_note_outcome('q', r);
    if (r < 0) return -1;
    if (r > 0 && all[n].fd >= 0 && all[n].revents) {
        sched_hook_event();
        errno = EINTR;
        return -1;
    }
    for (int i = 0; i < n; i++) fds[i].revents = all[i].revents;
    return r;
}

/* poll(2) without waiting; in a replay, the answer recorded (waiting
   until the descriptors are ready, really, when they were). */
static int poll_now(struct pollfd *fds, int n)
{
    if (__builtin_expect(schedule_replaying(), 0)) {
        long want = schedule_replay_outcome('p');
        if (want <= 0) {
            for (int i = 0; i < n; i++) fds[i].revents = 0;
            return 0;
        }
        int r;
        while ((r = poll(fds, (nfds_t)n, -1)) < 0 && errno == EINTR)
            ;
        return r;
    }
    int r = poll(fds, (nfds_t)n, 0);
    if (schedule_mode == SCHED_RECORD && r >= 0) schedule_note_outcome('p', r);
    return r;
}

static int poll_through_scheduler(struct pollfd *fds, int n, double timeout, bool look_first, bool edge)
{
    int r = look_first || timeout == 0 ? poll_now(fds, n) : 0;
    if (r != 0 || timeout == 0) return r;
    double deadline = timeout < 0 ? -1 : sched_now() + timeout;
    if (S.count == 1) return lone_poll(fds, n, deadline);
    for (int i = 0; i < n; i++) fds[i].revents = 0;
    sched_set_fds(fds, n);
    S.next_edge = edge;
    switch (sched_block(WAIT_FD, NULL, deadline)) {
    case WAKE_READY: return count_ready(fds, n);
    case WAKE_TIMEOUT: return 0;
    default: errno = EINTR; return -1;
    }
}

int sched_poll(struct pollfd *fds, int n, double timeout)
{
    return poll_through_scheduler(fds, n, timeout, true, false);
}

int sched_poll_blocked(struct pollfd *fds, int n, double timeout)
{
    return poll_through_scheduler(fds, n, timeout, false, false);
}

int sched_poll_owned(struct pollfd *fds, int n, double timeout)
{
    return poll_through_scheduler(fds, n, timeout, false, true);
}

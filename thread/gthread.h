/* gthread.h: the green-thread runtime: threads on their own C stacks, one OS
 * thread, a scheduler with a pluggable policy, timed and fd waits, wait
 * queues and a time-slice timer.  It knows nothing of Ruby: the embedder
 * (thread/ruby/) defines the hooks at the end of this file and keeps its
 * own per-thread data around a struct gthread.  test/thread/runtime_test.c
 * drives it alone.
 *
 * Invariants
 *  - Exactly one thread runs: sched_current().  A switch saves the machine
 *    context of the running thread and resumes another; nothing is copied
 *    while every thread has a stack slot of its own.
 *  - Threads that share a stack slot (stack.h) take turns in it: one is
 *    resident, its frames in the slot; the others' stacks are spilled
 *    (spill.h), saved when another needed the slot and put back at the
 *    same addresses before they run.  Nothing but the collector (through
 *    sched_stack_copy and sched_stack_words) and the thread itself reads a
 *    parked thread's stack, and nothing writes it: what the scheduler
 *    keeps of a waiter (its fds) is a copy.
 *  - A thread is RUNNABLE (running, or in the policy's run queue), BLOCKED
 *    or DEAD.  A blocked thread is registered with what it waits for: any
 *    of a wait queue, a deadline (the sleeper heap), a set of fds.
 *  - Leaving a wait by any path (woken, timed out, interrupted, the
 *    process forked) unregisters the thread from all of them, in one place
 *    (make_runnable, and sched_after_fork for the threads a child drops).
 *    A wait-queue wake-up that reaches a thread which then leaves by an
 *    interrupt is passed on to the next waiter: none is lost (but for a
 *    broadcast's, which woke every waiter).
 *  - A thread that only waits on wait queues (or on nothing) can be woken
 *    only by another thread.  When every thread is so blocked and none
 *    waits for time, an fd or a signal, that is a deadlock: the
 *    embedder's sched_hook_deadlock decides what happens.
 */
#ifndef MR_GTHREAD_H
#define MR_GTHREAD_H

#include <stdbool.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "ctx.h"
#include "../include/ruby/waitq.h"   /* the one public piece the runtime shares */

enum gthread_status { GT_RUNNABLE, GT_BLOCKED, GT_DEAD };

/* What a blocked thread waits for (shown by deadlock reports). */
#define WAIT_FD    0x01
#define WAIT_TIME  0x02   /* has a deadline */
#define WAIT_JOIN  0x04
#define WAIT_PID   0x08
#define WAIT_QUEUE 0x10   /* a wait queue (Queue, Mutex, ConditionVariable ...) */
#define WAIT_SLEEP 0x20   /* sleeping, perhaps for ever: never a deadlock */

/* Why a block ended (sched_block's result). */
enum wake_reason {
    WAKE_SIGNALLED = 1,   /* a wait queue handed it a wake-up */
    WAKE_READY,           /* an fd it waits for is ready */
    WAKE_TIMEOUT,         /* its deadline passed */
    WAKE_RESUMED,         /* sched_wakeup: woken for no particular reason */
    WAKE_INTERRUPTED,     /* sched_interrupt: the embedder has something to deliver */
};


/* A wait on descriptors (sched_block with WAIT_FD): made when it starts,
   freed when the thread is back, so that the threads that never wait on
   one (most, in a program of many) carry a pointer, not these fields. */
struct fd_wait {
    void *links;                  /* the fd backend's per-fd records */
    long index;                   /* among the fd waiters (fdwait.h), -1 if not */
    int n;
    bool marked;                  /* found ready by the poll under way */
    bool edge;                    /* sched_poll_owned: edges will do (fdwait.h) */
    struct pollfd fds[];          /* a copy of the waiter's: nothing touches a parked stack */
};

/* The run-queue position a policy keeps in each thread. */
struct policy_node {
    struct gthread *prev, *next;
    int level;
    bool queued;
};

/* The fields a switch reads come first, up to rq: the scheduler fetches
   them for the threads next in line (sched.c, prefetch_followers). */
struct gthread {
    struct machine_ctx ctx;
    unsigned long id;             /* creation order, main is 1 (schedule.h) */
    uint64_t sched_prio;          /* pct mode's priority (schedule.c) */
    char *saved_sp;               /* lowest live stack address while suspended */
    char *stack_lo, *stack_hi;    /* the C stack (for the main thread: its limit) */
    struct stack_slot *slot;      /* the pool stack (stack.h), NULL for the main thread */
    struct spill *spill;          /* its stack, saved while another thread uses the slot */
    struct spill *spare;          /* the last spill put back, for the next */
    void (*entry)(void);          /* what it runs, until it first runs */
#ifdef MR_SANITIZE
    void *asan_fake_stack;        /* its fake frames while switched out (instrument.h) */
#endif
    enum gthread_status status;
    int wait_for;                 /* WAIT_ bits while blocked */
    enum wake_reason woke;
    bool woke_all;                /* with every other waiter: nothing to pass on */
    bool interrupted;             /* sched_interrupt since the last sched_clear_interrupt */
    bool is_main;
    bool resident;                /* its frames are in its slot: it can be resumed as it is */
    const uint64_t *canary_below; /* unguarded: the canary words of the slot below */
    uint8_t stack_reach;          /* enum stack_reach, set by the embedder before sched_exit */
    int priority;
    struct policy_node rq;
    /* timed wait */
    double wake_at;               /* CLOCK_MONOTONIC seconds */
    long heap_index;              /* in the sleeper heap, -1 if not */
    struct fd_wait *fdw;          /* while it waits on descriptors, else NULL */
    /* wait queue */
    struct waitq *wq;
    struct gthread *wq_prev, *wq_next;
    struct waitq joiners;         /* threads waiting for this one to end */
    struct gthread *all_prev, *all_next;   /* every live thread */
};

/* ---- start-up, threads coming and going */
void sched_init(struct gthread *main);           /* the calling (main) thread */
/* A new thread that will run entry() on a pool stack; false when no stack
   is left.  It is not yet scheduled. */
bool sched_prepare(struct gthread *t, void (*entry)(void));
void sched_start(struct gthread *t);              /* runnable, queued */
void sched_start_now(struct gthread *t);          /* runs now; the caller is queued */
void sched_entered(void);                         /* first thing a new thread's entry calls */
__attribute__((noreturn)) void sched_exit(void);  /* the running thread ends */
void sched_release_dead(void);                    /* after a switch: free what died */
void sched_free_stack(struct gthread *t);         /* a dead thread's stack, if still held */
void sched_after_fork(void);                      /* in a child: only the caller lives on */

/* ---- state */
struct gthread *sched_current(void);
struct gthread *sched_main(void);
size_t sched_count(void);                         /* live threads */
double sched_now(void);                           /* CLOCK_MONOTONIC seconds */
extern bool sched_critical;                       /* Thread.critical: no preemption, no pass */

/* ---- blocking and waking */
/* Block the running thread on any of: wq (may be NULL), the fds set with
   sched_set_fds (WAIT_FD in wait_for), a deadline (absolute, < 0 none).
   Returns why it ended; the thread is registered nowhere on return. */
enum wake_reason sched_block(int wait_for, struct waitq *wq, double deadline);
void sched_set_fds(struct pollfd *fds, int n);    /* for the next WAIT_FD block */
void sched_wakeup(struct gthread *t);             /* WAKE_RESUMED, if blocked */
void sched_interrupt(struct gthread *t);          /* WAKE_INTERRUPTED, and the flag */
void sched_clear_interrupt(struct gthread *t);


/* ---- switching */
/* A safe point in a schedule mode (schedule.h): every one is a step, and
   may be a preemption.  True if it switched. */
bool sched_safe_point(void);

/* Thread.pass.  Returns ret, so that the embedder's Thread.pass can
   tail-call it (every frame between a switch and the evaluator is a
   mispredicted return); when it switched, sched_hook_passed ran first. */
uintptr_t sched_pass(uintptr_t ret);
/* Run t now if it is runnable; the caller is queued. */
void sched_yield_to(struct gthread *t);
/* A timer tick seen at a safe point: let an equal or higher priority
   thread run.  True if it switched. */
bool sched_time_slice(void);
/* The timer backends call this from their signal handler or thread. */
void sched_timer_tick(void);
extern volatile int sched_tick;                   /* a tick not yet seen */
void sched_set_priority(struct gthread *t, int prio);

/* ---- waits on the outside world, for the embedder's wrappers */
/* poll(fds, n) through the scheduler: > 0 ready, 0 timed out, < 0 on an
   interrupt (errno EINTR) or a poll error. */
int sched_poll(struct pollfd *fds, int n, double timeout);
/* The same when a call on the fds has just said EAGAIN: no look first,
   the one poll(2) a wait would otherwise begin with. */
int sched_poll_blocked(struct pollfd *fds, int n, double timeout);
/* The same for descriptors whose every close goes through sched_fd_closed
   (the embedder's own): the backend may watch them edge-triggered, and
   then a later wait on them costs no system call. */
int sched_poll_owned(struct pollfd *fds, int n, double timeout);
/* fd is being closed: waiter(t) is called for each thread waiting on it
   (which then has POLLNVAL in its revents), to wake it one way or another. */
void sched_fd_closed(int fd, void (*waiter)(struct gthread *t));

/* ---- a parked thread's stack, wherever it is now */
/* The bytes [addr, addr + len) of a suspended thread's stack, which must
   lie wholly above its saved stack pointer (bytes outside its stack, a
   heap frame's, are read where they are). */
void sched_stack_read(struct gthread *t, const void *addr, void *out, size_t len);
/* A spilled thread's saved stack, in address order, in a buffer valid
   until the next call; *lo is where its first byte belongs.  NULL when t
   is resident (its stack is where it was). */
const void *sched_stack_copy(struct gthread *t, const char **lo);
/* The words of a spilled thread's saved stack that a conservative scan
   must look at: those may_refer picks, and any it might (spill.h's
   spill_scan_words, whose epoch says when may_refer's answers change), in
   a buffer valid until the next call; *n of them.  NULL when t is
   resident. */
const uint64_t *sched_stack_words(struct gthread *t, uint64_t epoch, bool (*may_refer)(uint64_t), size_t *n);
/* A hint: t's saved stack will be read soon (sched_stack_copy). */
void sched_prefetch_spill(const struct gthread *t);

/* ---- every live thread, for the collector: the ring starts at main */
static inline struct gthread *sched_next_thread(struct gthread *t) { return t->all_next; }

/* ---- hooks: the embedder defines these */
/* The switch is about to resume `to` (the current thread is `from`). */
void sched_hook_switch(struct gthread *from, struct gthread *to);
/* A Thread.pass switched away and `self` runs again. */
void sched_hook_passed(struct gthread *self);
/* Nothing can run and nothing can wake a thread but a signal; `cur` is
   the running thread, blocked.  The hook may make a thread runnable
   (sched_interrupt) and return; if it makes none, the scheduler waits for
   a signal. */
void sched_hook_deadlock(struct gthread *cur);
/* Out-of-band events (signals): an fd to poll while idle, -1 if none, and
   a check that something is pending; sched_hook_event runs when the fd
   was readable or something is pending, before the next thread is picked. */
int sched_hook_event_fd(void);
bool sched_hook_event_pending(void);
void sched_hook_event(void);
/* The safe-point flag of the embedder: set by sched_timer_tick. */
extern volatile sig_atomic_t *sched_interrupt_flag;

#endif

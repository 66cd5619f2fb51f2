/* thread_impl.h: green threads, private to thread/ and ext/thread.
 *
 * Invariants of the scheduler
 *  - Exactly one Ruby thread runs: vm.th.  A switch saves the machine
 *    context of the running thread and resumes another; nothing else is
 *    copied (all interpreter state hangs off struct thread).
 *  - A thread is in exactly one place: running, a run queue (RUNNABLE),
 *    the sleeper heap (timed wait), the fd-waiter list, or nowhere
 *    (STOPPED: woken only by an explicit sched_wakeup), or DEAD.
 *  - Strict priorities: the runnable thread of highest priority runs;
 *    equal priorities take turns.  Picking is O(1): one FIFO per priority
 *    level and a bitmap of the non-empty levels.
 *  - A thread that resumes checks its pending interrupts (Thread#raise,
 *    kill) before returning to Ruby code.
 */
#ifndef MR_THREAD_IMPL_H
#define MR_THREAD_IMPL_H

#include "internal.h"
#include "green.h"
#include <poll.h>

enum rthread_status { TS_RUNNABLE, TS_STOPPED, TS_DEAD };

/* what a stopped thread waits for: shown in deadlock reports */
#define WAIT_FD   0x01
#define WAIT_TIME 0x02
#define WAIT_JOIN 0x04
#define WAIT_PID  0x08
#define WAIT_OBJ  0x10   /* Queue, Mutex, ConditionVariable */

#define PRIO_LEVELS 64
#define PRIO_MIN (-32)
#define PRIO_MAX 31

struct rthread {
    struct thread t;              /* the evaluator's part: first member */
    struct machine_ctx ctx;
    char *saved_sp;               /* lowest live stack address when suspended */
    void *stack;                  /* base of the C stack (NULL for main) */
    size_t stack_size;
    unsigned valgrind_stack_id;   /* VALGRIND_STACK_REGISTER handle */
    void *asan_fake_stack;        /* ASan's fake stack while switched out */
    enum rthread_status status;
    int wait_for;                 /* WAIT_ bits while stopped */
    int priority;
    int level;                    /* run-queue level: priority clamped, 0..PRIO_LEVELS-1 */
    struct rthread *rq_prev, *rq_next;   /* run queue */
    bool in_rq;
    double wake_at;               /* WAIT_TIME: absolute CLOCK_MONOTONIC seconds */
    long heap_index;              /* in the sleeper heap, -1 if not */
    struct pollfd *pfds;          /* WAIT_FD: what it waits for (on its stack) */
    int npfds;
    long fd_index;                /* in the fd-waiter list, -1 if not */
    struct rthread *join_target;  /* WAIT_JOIN */
    struct rthread *joiners;      /* threads joining this one */
    struct rthread *join_next;
    VALUE wait_obj;               /* WAIT_OBJ: the Queue/Mutex/CV waited on */
    struct rthread *all_prev, *all_next; /* every live thread */
    VALUE proc;                   /* the block to run */
    VALUE args;                   /* its arguments */
    VALUE value;                  /* result */
    VALUE exception;              /* died by this exception */
    VALUE group;                  /* ThreadGroup */
    VALUE (*entry_fn)(void *);    /* a hidden thread's body, instead of proc */
    void *entry_arg;
    bool abort_on_exception;
    bool killed;                  /* status false rather than nil when dead */
    bool is_main;
    bool hidden;                  /* the interpreter's own: not in Thread.list */
    struct gen *parked_gen;       /* a producer stopped in hand-over: its generator */
    bool gc_deferred;             /* this collection: stack marked only if that is reached */
};

static inline struct rthread *RT(struct thread *t) { return (struct rthread *)t; }
static inline struct rthread *rt_current(void) { return RT(vm.th); }

/* ---- scheduler (sched.c) */
void sched_init(struct rthread *main_rt);
void sched_add_thread(struct rthread *t);          /* new thread, runnable */
void sched_switch_to_new(struct rthread *t);       /* run t now; the caller becomes runnable */
void sched_yield_to(struct rthread *t);            /* run t now if it is runnable */
void sched_release_dead(void);                     /* free the stack of the thread that just died */
/* Block the current thread until sched_wakeup or the deadline (absolute
   sched_now() seconds, < 0 for none).  False when the deadline passed. */
bool sched_block(int wait_for, double deadline);
void sched_wakeup(struct rthread *t);              /* make a stopped/sleeping thread runnable */
void sched_thread_died(struct rthread *t) __attribute__((noreturn));
void sched_set_priority(struct rthread *t, int prio);
void sched_check_pending(void);                    /* raise/kill delivered to this thread */
size_t sched_thread_count(void);
struct rthread *sched_all_threads(void);           /* list head (main) */
double sched_now(void);
extern bool sched_critical;

/* ---- stacks (stack.c) */
void stack_pool_init(void);
void *stack_alloc(size_t *size);
void stack_release(void *base, size_t size);
size_t stack_default_size(void);

/* ---- generators (generator.c): orphaned producers end at a safe point */
void gen_reap_orphans(void);
/* For the collector: whether a producer parked for g may have its stack
   marked only once g's object is reached; whether it is (at the final
   pass an unreached g is orphaned, and counts as reached). */
bool gen_parked_deferrable(const struct gen *g);
bool gen_parked_reached(struct gen *g, bool final);

/* ---- the Thread class (thread.c) */
struct rthread *thread_start_hidden(VALUE (*fn)(void *), void *arg);
VALUE thread_object(struct rthread *t);
struct rthread *thread_get(VALUE obj);
VALUE thread_status_value(struct rthread *t);
const char *thread_status_name(struct rthread *t);

#endif

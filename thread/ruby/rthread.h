/* rthread.h: a Ruby thread, private to thread/ruby/.  It joins three parts:
 * the evaluator's struct thread (frames, tags, $!: what vm.th points to),
 * the runtime's struct gthread (stack, context, waits: thread/sched.h),
 * and what a Thread object adds (its block, value, group ...).
 *
 * The Ruby side talks to the runtime through sched.h and defines the
 * runtime's hooks (glue.c): a switch sets vm.th, a deadlock is reported as
 * MRI 1.8 did, signals wake the main thread.  Thread#raise and kill set
 * the target's pending bits and interrupt its wait; the wait then ends,
 * unregistered, and green_check_pending raises in the target.
 */
#ifndef MR_RTHREAD_H
#define MR_RTHREAD_H

#include <stddef.h>
#include "runtime/internal.h"
#include "eval/tag.h"
#include "gthread.h"
#include "ruby/green.h"

struct rthread {
    struct thread t;              /* the evaluator's part: first member */
    struct gthread g;             /* the runtime's part */
    union {                       /* which one: `hidden` */
        struct {
            VALUE proc;           /* the block to run */
            VALUE args;           /* its arguments */
        };
        struct {
            VALUE (*entry_fn)(void *);  /* a hidden thread's body, instead */
            void *entry_arg;
        };
    };
    VALUE value;                  /* result */
    VALUE exception;              /* died by this exception */
    VALUE group;                  /* ThreadGroup */
    VALUE wait_obj;               /* the object waited on (kept alive, reported) */
    bool abort_on_exception;
    bool killed;                  /* status false rather than nil when dead */
    bool hidden;                  /* the interpreter's own: not in Thread.list */
    bool started;                 /* given a stack and queued (Thread#initialize ran) */
    bool gc_deferred;             /* this collection: stack marked only if that is reached */
    struct gen *parked_gen;       /* a producer stopped in hand-over: its generator */
};

static inline struct rthread *RT(struct thread *t) { return (struct rthread *)t; }
static inline struct rthread *rt_of(struct gthread *g)
{
    return (struct rthread *)((char *)g - offsetof(struct rthread, g));
}
static inline struct rthread *rt_current(void) { return RT(vm.th); }

/* ---- glue.c */
void glue_init(struct rthread *main);
void glue_report_deadlock(void);                  /* MRI 1.8's lines on stderr */
enum wake_reason glue_block(int wait_for, struct waitq *wq, VALUE obj, double deadline);

/* ---- generator.c: orphaned producers end at a safe point */
struct gen;
void gen_reap_orphans(void);
/* For the collector: whether a producer parked for g may have its stack
   marked only once g's object is reached; whether it is (at the final
   pass an unreached g is orphaned, and counts as reached). */
bool gen_parked_deferrable(const struct gen *g);
bool gen_parked_reached(struct gen *g, bool final);

/* ---- thread.c */
struct rthread *thread_start_hidden(VALUE (*fn)(void *), void *arg);
struct rthread *thread_get(VALUE obj);
const char *thread_status_name(struct rthread *t);

#endif

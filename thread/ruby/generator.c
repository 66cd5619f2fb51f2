/* generator.c: external iteration on a green thread (Enumerator#next).
 *
 * A generator runs recv.meth(*args) in a hidden thread of its own, the
 * producer, whose block hands each value to the thread asking for it, the
 * consumer, and then stops until the next request.  Only one of the two
 * runs at a time; values are computed as they are asked for, so an endless
 * each works, as with MRI 1.8.7's continuation-based #next.
 *
 * Lifetime.  The state is shared between the Generator object and the
 * producer and freed by whichever lets go last (refs).  The producer must
 * not keep the object alive (it would never be collected: threads are
 * roots), so it holds the state only.  When the object is collected or
 * closed, the state is orphaned: a producer waiting for a request is woken
 * at the next safe point (not during the collection) and ends as a killed
 * thread would, running its ensure clauses.
 */
#include <stdlib.h>
#include "rthread.h"

enum gen_state {
    GEN_IDLE,       /* no request: the producer (if started) is stopped */
    GEN_RUNNING,    /* the producer is computing the next value */
    GEN_HANDED,     /* a value is waiting to be taken */
    GEN_DONE,       /* the iteration ended (error holds an exception) */
};

struct gen {
    int refs;                    /* the object and the producer */
    bool orphaned;               /* the object is gone or closed: the producer ends */
    enum gen_state state;
    struct rthread *producer;    /* NULL until the first request, and once it ended */
    struct rthread *consumer;    /* waiting for a value, or NULL */
    VALUE recv, args, value, error;   /* marked through the object */
    VALUE obj;                   /* the object (not marked: only looked at) */
    ID meth;
    struct gen *next_orphan;
};

static struct gen *orphans;      /* producers to wake so that they end */

static void gen_unref(struct gen *g)
{
    if (--g->refs == 0) free(g);
}

/* ------------------------------------------------------------ the object */
static void gen_mark(void *p)
{
    struct gen *g = p;
    gc_mark(g->recv);
    gc_mark(g->args);
    gc_mark(g->value);
    gc_mark(g->error);
}

/* Called by the collector: only bookkeeping here, no switching. */
static void orphan(struct gen *g)
{
    g->orphaned = true;
    if (g->producer && g->producer->g.status != GT_DEAD) {
        g->next_orphan = orphans;
        orphans = g;
        g->refs++;               /* until reaped */
        vm.interrupt = 1;
    }
}

static void gen_free(void *p)
{
    struct gen *g = p;
    if (!g->orphaned) orphan(g);
    gen_unref(g);
}

static const struct data_type gen_type = { "generator", gen_mark, gen_free, NULL };

/* A producer's stack often reaches its own generator (the block's
   closure holds the variable the Enumerator is in): were that stack a
   root, an abandoned generator would never be collected.  So a parked
   producer's stack is marked only once the object is reached some other
   way; if it is not, the generator is orphaned (its producer ends), and
   the stack is marked all the same, so that nothing is freed under it. */
bool gen_parked_deferrable(const struct gen *g) { return !g->orphaned; }

bool gen_parked_reached(struct gen *g, bool final)
{
    if (gc_marked(g->obj)) return true;
    if (!final) return false;
    orphan(g);
    return true;
}

/* At a safe point: wake the producers whose generators are gone. */
void gen_reap_orphans(void)
{
    while (orphans) {
        struct gen *g = orphans;
        orphans = g->next_orphan;
        /* stopped in hand_over (not while computing, perhaps blocked on a Queue) */
        if (g->producer && g->producer->g.status == GT_BLOCKED && g->state != GEN_RUNNING)
            sched_wakeup(&g->producer->g);
        gen_unref(g);
    }
}

/* ------------------------------------------------------------ the producer */
static VALUE hand_over(VALUE data, int argc, const VALUE *argv)
{
    struct gen *g = (struct gen *)(uintptr_t)FIX2LONG(data);
    g->value = argc == 0 ? Qnil : argc == 1 ? argv[0] : ary_new_from(argc, argv);
    g->state = GEN_HANDED;
    if (g->consumer) sched_wakeup(&g->consumer->g);
    struct rthread *self = rt_current();
    while (g->state != GEN_RUNNING && !g->orphaned) {
        self->parked_gen = g;
        glue_block(WAIT_QUEUE, NULL, Qnil, -1);   /* waits for the next request */
        self->parked_gen = NULL;
    }
    if (g->orphaned) tag_jump(TAG_FATAL, Qnil, 0);
    return Qnil;
}

static VALUE run_iteration(VALUE arg)
{
    struct gen *g = (struct gen *)arg;
    VALUE data = INT2FIX((long)(uintptr_t)g);   /* not an object: nothing to mark */
    /* on this stack, recv and args outlive the object if it is collected */
    VALUE recv = g->recv, args = g->args;
    VALUE v = vm_call_cblock(recv, g->meth, (int)RARRAY_LEN(args), RARRAY_PTR(args), hand_over, data);
    GC_GUARD(recv);
    GC_GUARD(args);
    return v;
}

static VALUE produce(void *arg)
{
    struct gen *g = arg;
    int state;
    vm_protect(run_iteration, (VALUE)g, &state);
    rt_current()->parked_gen = NULL;          /* if an exception left hand_over */
    g->error = state == TAG_RAISE ? vm.th->errinfo : Qnil;
    if (state && state != TAG_RAISE && state != TAG_FATAL)
        g->error = exc_new(vm.c.LocalJumpError, "unexpected jump out of an enumerator", 36);
    g->state = GEN_DONE;
    g->producer = NULL;
    if (g->consumer) sched_wakeup(&g->consumer->g);
    gen_unref(g);
    return Qnil;
}

/* ------------------------------------------------------------ the consumer */
VALUE gen_new(VALUE recv, ID meth, VALUE args)
{
    struct gen *g = xcalloc(1, sizeof *g);
    g->refs = 1;
    g->meth = meth;
    g->recv = g->args = g->value = g->error = Qnil;
    VALUE obj = data_new(vm.c.Object, &gen_type, g);
    g->obj = obj;
    g->recv = recv;            /* marked through obj only from here */
    g->args = args;
    return obj;
}

static VALUE wait_for_value(VALUE arg)
{
    struct gen *g = (struct gen *)arg;
    while (g->state == GEN_RUNNING) glue_block(WAIT_QUEUE, NULL, Qnil, -1);
    return Qnil;
}

static VALUE stop_waiting(VALUE arg)
{
    struct gen *g = (struct gen *)arg;
    g->consumer = NULL;
    return Qnil;
}

/* The next value; Qundef once the iteration has ended.  An exception that
   ended it is raised here, once. */
VALUE gen_next(VALUE obj)
{
    struct gen *g = data_get(obj, &gen_type);
    if (g->consumer) exc_raise(vm.c.ThreadError, "another thread is waiting for this enumerator");
    if (g->state == GEN_IDLE) {
        g->state = GEN_RUNNING;
        if (!g->producer) {
            g->refs++;
            g->producer = thread_start_hidden(produce, g);
        } else {
            sched_wakeup(&g->producer->g);
        }
    }
    g->consumer = rt_current();
    vm_ensure(wait_for_value, (VALUE)g, stop_waiting, (VALUE)g);
    GC_GUARD(obj);
    if (g->state == GEN_HANDED) {
        g->state = GEN_IDLE;
        VALUE v = g->value;
        g->value = Qnil;
        return v;
    }
    VALUE err = g->error;
    g->error = Qnil;
    if (!NIL_P(err)) exc_raise_obj(err);
    return Qundef;
}

/* End the iteration now; the producer unwinds at its next turn. */
void gen_close(VALUE obj)
{
    struct gen *g = data_get(obj, &gen_type);
    if (g->orphaned) return;
    orphan(g);
    gen_reap_orphans();
}

/* waitq.c: wait queues of threads, shared by Mutex, ConditionVariable,
 * Queue and SizedQueue. */
#include "waitq.h"

static bool waiting_on(VALUE thread, VALUE obj)
{
    struct rthread *t = thread_get(thread);
    return t->status == TS_STOPPED && t->wait_obj == obj;
}

bool waitq_wait(VALUE waiters, VALUE obj, double deadline)
{
    struct rthread *cur = rt_current();
    ary_push(waiters, cur->t.self);
    cur->wait_obj = obj;
    bool woken = sched_block(WAIT_OBJ, deadline);
    if (cur->wait_obj == obj) {           /* not woken through this queue */
        cur->wait_obj = Qnil;
        ary_delete(waiters, cur->t.self);
    }
    return woken;
}

bool waitq_signal(VALUE waiters, VALUE obj)
{
    while (RARRAY_LEN(waiters) > 0) {
        VALUE th = ary_shift(waiters);
        if (!waiting_on(th, obj)) continue;
        struct rthread *t = thread_get(th);
        t->wait_obj = Qnil;
        sched_wakeup(t);
        return true;
    }
    return false;
}

void waitq_broadcast(VALUE waiters, VALUE obj)
{
    while (waitq_signal(waiters, obj))
        ;
}

long waitq_count(VALUE waiters, VALUE obj)
{
    long n = 0;
    for (long i = 0; i < RARRAY_LEN(waiters); i++)
        if (waiting_on(RARRAY_PTR(waiters)[i], obj)) n++;
    return n;
}

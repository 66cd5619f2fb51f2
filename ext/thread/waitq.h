/* waitq.h: a FIFO of threads waiting on an object (Mutex, ConditionVariable,
 * Queue).  Entries are Thread objects in a Ruby Array, so the GC sees them.
 * A waiter stays listed if it left by an exception (Thread#raise, kill);
 * the waker skips entries that no longer wait on this object. */
#ifndef MR_WAITQ_H
#define MR_WAITQ_H

#include "thread_impl.h"

/* Block the current thread on obj until woken (or the deadline passes);
   false on timeout. */
bool waitq_wait(VALUE waiters, VALUE obj, double deadline);
/* Wake the first thread still waiting on obj; false if none. */
bool waitq_signal(VALUE waiters, VALUE obj);
void waitq_broadcast(VALUE waiters, VALUE obj);
long waitq_count(VALUE waiters, VALUE obj);

void ext_thread_mutex_init(void);
void ext_thread_queue_init(void);

#endif

/* waitq.h: wait queues of the green-thread runtime: a FIFO of threads
 * blocked until another thread signals the queue.  The runtime's header
 * (thread/gthread.h) and the public green-thread header (ruby/green.h)
 * both include it, so it lives with the public headers and includes no
 * other; an extension embeds a struct waitq in its object (Queue, Mutex
 * ...) and blocks on it with green_wait. */
#ifndef MR_WAITQ_H
#define MR_WAITQ_H

#include <stdbool.h>
#include <stddef.h>

struct gthread;
struct waitq {
    struct gthread *head, *tail;
};

static inline void waitq_init(struct waitq *q) { q->head = q->tail = NULL; }
static inline bool waitq_empty(const struct waitq *q) { return q->head == NULL; }
bool waitq_signal(struct waitq *q);               /* wake the first; false if none */
size_t waitq_broadcast(struct waitq *q);          /* wake all; how many */
size_t waitq_count(const struct waitq *q);

#endif

/* fdwait.h: threads blocked on file descriptors.  The scheduler (sched.c)
 * registers a thread's fds when it starts waiting and removes them when it
 * stops, and asks for ready ones when it polls; one backend is linked in,
 * chosen by configure (FDWAIT_SRC) as the timer backend is:
 *   fdwait_epoll.c   epoll(7): a wait costs at most one system call
 *                    (arming), stopping none, a poll O(ready), not
 *                    O(waiters) (the default on Linux);
 *   fdwait_poll.c    poll(2) over every waiter's fds, rebuilt at each poll:
 *                    O(waiters) a poll, as MRI 1.8's select was.
 * Level-triggered and one-shot for a wait that looks first (sched_poll)
 * or on a descriptor the embedder does not own: a thread is woken at the
 * first readiness after it starts waiting, and a descriptor nobody waits
 * on reports at most once.  Edge-triggered and lasting for a wait after
 * EAGAIN on a descriptor whose closes the scheduler always hears of
 * (sched_poll_owned: the runtime's IOs and sockets): EAGAIN has drained
 * it, so what comes next is an edge, and its later waits cost no system
 * call.  Edges alone would oblige every reader to read until EAGAIN,
 * which a Ruby read of n bytes does not do; its next wait looks first.
 */
#ifndef MR_FDWAIT_H
#define MR_FDWAIT_H

#include "gthread.h"

void fdwait_add(struct gthread *t);        /* t->pfds[0 .. npfds) */
void fdwait_remove(struct gthread *t);
size_t fdwait_count(void);                 /* threads waiting */
/* Wait up to timeout_ms (-1: for ever, 0: just look) for a waiter's fd or
   the event fd (efd, < 0 none).  Fills each ready waiter's revents and
   calls ready(t) for each such thread, once; returns whether efd was
   readable. */
bool fdwait_poll(int timeout_ms, int efd, void (*ready)(struct gthread *t));
/* fd is about to be closed: its waiters are ready, with POLLNVAL, and
   the backend forgets the descriptor (called even when nobody waits). */
void fdwait_closed(int fd, void (*ready)(struct gthread *t));
/* In a forked child: forget every waiter (they are gone there) without
   touching what the parent registered. */
void fdwait_after_fork(void);

#endif

/* ruby/green.h: what the interpreter and extensions ask of green threads
 * (the public face of thread/ruby/, which implements it).
 *
 * Every wait here blocks only the calling green thread; other threads run
 * meanwhile.  All of them retry on EINTR and honour Thread#raise and
 * Thread#kill: the thread first leaves the wait (it is registered nowhere
 * any more), then the exception is raised, so no later wake-up is lost on
 * it.  Signals are handled by the main thread while it waits.
 */
#ifndef MR_GREEN_H
#define MR_GREEN_H

#include <stdbool.h>
#include <sys/types.h>
#include "value.h"
#include "waitq.h"

struct pollfd;

/* Wait until fd is ready for events (POLLIN/POLLOUT); timeout < 0 means
   forever.  Returns the poll revents, or 0 on timeout. */
int green_wait_fd(int fd, short events, double timeout);
/* The same, for ever, when a read or write on fd has just said EAGAIN:
   the wait skips the look a poll(2) would take first.  fd must be one
   whose every close goes through green_fd_closed (an IO's): the
   scheduler may then watch it edge-triggered, with no system call for
   the waits after its first. */
int green_wait_blocked(int fd, short events);
/* The same for several fds: fills their revents, returns how many are
   ready (0 on timeout), like poll(); < 0 with errno on a poll error. */
int green_wait_fds(struct pollfd *fds, int n, double timeout);
/* Kernel#sleep: sec seconds (< 0: for ever).  Thread#wakeup and #run end
   it early; a signal handled meanwhile does not. */
void green_sleep(double sec);
/* fd is about to be closed (or to name another file): threads waiting on
   it get IOError "stream closed", as in 1.8.7. */
void green_fd_closed(int fd);
/* waitpid() that blocks only this thread. */
pid_t green_waitpid(pid_t pid, int *status, int flags);

/* Block on a wait queue until another thread signals it (or wakes this
   thread: spurious wake-ups happen, so wait in a loop on the condition),
   or until the deadline (absolute green_now() seconds; < 0 none) passes:
   false then.  obj is what is waited for: kept alive meanwhile, named in
   deadlock reports.  With no other thread alive a wait could never end:
   it raises ThreadError "stopping only thread", as Ruby 1.8.7 does. */
bool green_wait(struct waitq *q, VALUE obj, double deadline);
double green_now(void);                 /* CLOCK_MONOTONIC seconds */
/* The same clock read where the program's path depends on it (a timeout
   that has run out or not): a schedule records and replays it. */
double green_clock(void);
VALUE green_current(void);              /* Thread.current */
bool green_thread_alive(VALUE thread);

/* Thread.pass, and the method object itself (the evaluator calls it
   directly while Thread.pass is not redefined). */
void green_pass(void);
VALUE green_pass_nil(void);             /* the same, returning nil (for tail calls) */
VALUE green_pass_m(VALUE self, int argc, const VALUE *argv);

/* Deliver what is pending for this thread (Thread#raise, kill, signals in
   the main thread): raises, or returns when nothing is. */
void green_check_pending(void);

/* External iteration (Enumerator#next): recv.meth(*args) runs in a hidden
   thread that hands over one value per gen_next.  gen_next returns Qundef
   at the end and raises what the iteration raised; gen_close ends it. */
VALUE gen_new(VALUE recv, ID meth, VALUE args);
VALUE gen_next(VALUE gen);
void gen_close(VALUE gen);

/* What the outside world answered (is a descriptor ready, how many bytes
   a read moved, did a child end): noted when MINIRUBY_SCHED records, and
   given back, once the world agrees, when it replays (thread/schedule.h). */
bool green_replaying(void);
void green_note_outcome(char kind, long value);
long green_replay_outcome(char kind);

/* In a child after fork: only the calling thread survives. */
void green_after_fork(void);
/* Before fork, and before exit! (which skips at_exit): what the schedule
   modes buffer is written out (MINIRUBY_SCHED). */
void green_before_fork(void);
void green_before_exit(void);

#endif

/* green.h: what the rest of the interpreter asks of the scheduler.
 * Every wait here blocks only the calling green thread; other threads run
 * meanwhile.  All of these retry on EINTR and honour Thread#raise/kill. */
#ifndef MR_GREEN_H
#define MR_GREEN_H

#include <sys/types.h>
#include "runtime/value.h"

/* Wait until fd is ready for events (POLLIN/POLLOUT); timeout < 0 means
   forever.  Returns the poll revents, or 0 on timeout. */
int sched_wait_fd(int fd, short events, double timeout);
/* The same for several fds: fills their revents, returns how many are
   ready (0 on timeout), like poll(). */
struct pollfd;
int sched_wait_fds(struct pollfd *fds, int n, double timeout);
/* Sleep this thread for sec seconds (< 0: until woken). */
void sched_sleep(double sec);
/* waitpid() that blocks only this thread. */
pid_t sched_waitpid(pid_t pid, int *status, int flags);

/* Thread.pass, and the method object itself (the evaluator calls the
   scheduler directly while Thread.pass is not redefined). */
void sched_pass(void);
VALUE sched_pass_nil(void);       /* the same, returning nil (for tail calls) */
VALUE sched_pass_m(VALUE self, int argc, const VALUE *argv);

/* External iteration (Enumerator#next): recv.meth(*args) runs in a hidden
   thread that hands over one value per gen_next.  gen_next returns Qundef
   at the end and raises what the iteration raised; gen_close ends it. */
VALUE gen_new(VALUE recv, ID meth, VALUE args);
VALUE gen_next(VALUE gen);
void gen_close(VALUE gen);

/* In a child after fork: only the calling thread survives. */
void sched_after_fork(void);

#endif

/* sched_stub.c: single-threaded stand-ins for the scheduler's waits, used
   until the green-thread scheduler lands. */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "sched.h"

int sched_wait_fd(int fd, short events, double timeout)
{
    struct pollfd p = { fd, events, 0 };
    int ms = timeout < 0 ? -1 : (int)(timeout * 1000);
    int r;
    while ((r = poll(&p, 1, ms)) < 0 && errno == EINTR)
        ;
    return r > 0 ? p.revents : 0;
}

void sched_sleep(double sec)
{
    if (sec < 0) { for (;;) pause(); }
    struct timespec ts = { (time_t)sec, (long)((sec - floor(sec)) * 1e9) };
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
        ;
}

pid_t sched_waitpid(pid_t pid, int *status, int flags)
{
    pid_t r;
    while ((r = waitpid(pid, status, flags)) < 0 && errno == EINTR)
        ;
    return r;
}

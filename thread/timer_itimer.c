/* timer_itimer.c: time slices from setitimer(ITIMER_VIRTUAL): SIGVTALRM
 * every 10 ms of CPU time used by the process.  The handler only sets
 * flags; SA_RESTART keeps most system calls going, and the rest retry on
 * EINTR. */
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <sys/time.h>
#include "timer.h"
#include "gthread.h"

static bool running;

static void on_tick(int sig)
{
    sched_timer_tick();
}

static void set_interval(long usec)
{
    struct itimerval it;
    it.it_interval.tv_sec = 0;
    it.it_interval.tv_usec = usec;
    it.it_value = it.it_interval;
    setitimer(ITIMER_VIRTUAL, &it, NULL);
}

void timer_start(void)
{
    static bool installed;     /* the handler stays: one system call less per start */
    if (running) return;
    if (!installed) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_tick;
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGVTALRM, &sa, NULL);
        installed = true;
    }
    set_interval(TIMER_QUANTUM_US);
    running = true;
}

void timer_stop(void)
{
    if (!running) return;
    set_interval(0);
    running = false;
}


/* timer.h: the time-slice timer.  Two backends implement these functions
 * (configure compiles exactly one): timer_itimer.c with
 * setitimer(ITIMER_VIRTUAL) and SIGVTALRM, timer_pthread.c with a thread
 * that sleeps 10 ms at a time.  Each tick calls sched_timer_tick (sched.c),
 * which only sets two flags; the embedder's next safe point then lets the
 * scheduler switch (sched_time_slice).  A new backend is a timer_NAME.c
 * with these two functions and a configure option that picks it. */
#ifndef MR_TIMER_H
#define MR_TIMER_H

#define TIMER_QUANTUM_US 10000

void timer_start(void);   /* idempotent */
void timer_stop(void);    /* idempotent */

#endif

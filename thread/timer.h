/* timer.h: the time-slice timer.  Two backends implement these three
 * functions (configure compiles exactly one): timer_itimer.c with
 * setitimer(ITIMER_VIRTUAL) and SIGVTALRM, timer_pthread.c with a thread
 * that sleeps 10 ms at a time.  Each tick sets sched_tick and vm.interrupt;
 * the evaluator's next safe point then lets the scheduler switch. */
#ifndef MR_TIMER_H
#define MR_TIMER_H

#include <signal.h>

#define TIMER_QUANTUM_US 10000

extern volatile sig_atomic_t sched_tick;

void timer_start(void);   /* idempotent */
void timer_stop(void);    /* idempotent */
const char *timer_backend(void);

#endif

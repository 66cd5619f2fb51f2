/* schedule.h: schedules to record, replay and shake, for hunting races
 * (MINIRUBY_SCHED, read at start-up).  All threads run on one OS thread and
 * switch only at safe points and scheduler calls, so a schedule is a short
 * list of what the scheduler decided, step by step.
 *
 *   record:FILE              a real run; every decision written to FILE
 *   replay:FILE              the same switches at the same steps, the clock
 *                            as recorded; a divergence ends the run (status 3)
 *   random:SEED[:RATE]       preemption at pseudo-random safe points (each
 *                            with probability RATE, default 0.01), a random
 *                            pick among runnable threads of the best priority;
 *                            virtual time
 *   pct:SEED:DEPTH[:STEPS]   probabilistic concurrency testing (Burckhardt et
 *                            al., ASPLOS 2010): random thread priorities and
 *                            DEPTH - 1 priority change points among the first
 *                            STEPS steps (default 10000: give about the
 *                            program's length); virtual time
 *
 * A step is a safe point of the evaluator: what happens between two is
 * a function of the program (a system call retried after a signal is not
 * a step, so a timer in the recorded run does not shift the count).
 * Virtual time: the timer is off, the clock advances 1 us a step and jumps
 * to the next deadline when every thread sleeps, so sleeps end in a fixed
 * order and a seed gives the same schedule whatever the machine's speed.
 * Descriptors are the outside world: their readiness is polled as usual.
 *
 * The file (text, one event a line, "# " lines are comments):
 *   STEP P FROM TO      preempted at a timer tick (record) or by the mode
 *   STEP W FROM TO      a switch, for any reason: replay checks each;
 *                       FROM = TO: a thread that blocked was woken before
 *                       any other could run, and ran on
 *   STEP T TID WHERE BY woken: its deadline passed; WHERE is b (while a
 *                       thread blocked), s (at a safe point), p (in a pass),
 *                       BY the thread running then
 *   STEP F TID WHERE BY FD:REVENTS...   woken: its descriptors are ready
 *   STEP S              a signal arrived (the embedder knows which)
 *   STEP C SECONDS      the clock was read (Time.now), and said this
 *   STEP O K TID VALUE  the outside world answered thread TID's question K:
 *                       r/w a descriptor ready now (1) or not (0), R/W
 *                       the bytes a read or write moved, p a poll of
 *                       several, c a child that ended (its pid) or not (0),
 *                       l a lock taken (1) or busy (0), n a word of the
 *                       seed rand chose for itself; replay waits until
 *                       the world gives the same answer, then gives it
 * Thread ids count threads in creation order, the main thread is 1.
 */
#ifndef MR_SCHEDULE_H
#define MR_SCHEDULE_H

#include <stdbool.h>
#include <stdint.h>
#include "gthread.h"

enum schedule_mode { SCHED_REAL, SCHED_RECORD, SCHED_REPLAY, SCHED_RANDOM, SCHED_PCT };
extern enum schedule_mode schedule_mode;
extern uint64_t schedule_step;
/* Where the scheduler is when it wakes threads: 'b' a blocking call, 's' a
   safe point, 'p' Thread.pass (wake-ups are replayed where they happened). */
extern char schedule_where;

/* Parse MINIRUBY_SCHED; false (with a message in err) if it is malformed. */
bool schedule_init(const char *spec, char *err, size_t errlen);
static inline bool schedule_active(void) { return schedule_mode != SCHED_REAL; }
bool schedule_virtual_time(void);
void schedule_finish(void);                       /* at exit: the file is complete */
void schedule_flush(void);                        /* before a fork */
void schedule_after_fork(void);                   /* in the child */

/* ---- for sched.c */
double schedule_now(void);                        /* the virtual or replayed clock */
void schedule_advance(double to);                 /* virtual time: idle until then */
bool schedule_preempt_here(struct gthread *cur);  /* at a safe point: switch now? */
struct gthread *schedule_pick(void);              /* the mode's pick, or NULL: the policy's */
void schedule_note(char kind, struct gthread *a, struct gthread *b);
void schedule_note_fds(struct gthread *t);
/* Replay: apply the wake-ups recorded for this step; true if any. */
bool schedule_replay_wakes(void (*wake)(struct gthread *t, char kind), struct gthread *(*find)(unsigned long id));
bool schedule_replay_done(void);
void schedule_thread_started(struct gthread *t);
__attribute__((noreturn)) void schedule_diverged(const char *what);

/* ---- for the embedder: outcomes of the outside world (see O above) */
bool schedule_replaying(void);
void schedule_note_outcome(char kind, long value);
long schedule_replay_outcome(char kind);
void schedule_random_seed(uint32_t w[4]);         /* rand's own seed: recorded, replayed or derived */

/* ---- for the embedder */
double schedule_clock_read(double real);          /* Time.now: recorded, replayed or virtual */
void schedule_note_signal(int sig);               /* record: a signal arrived */
int schedule_signal_due(void);                    /* replay: the signal recorded here, or 0 */

#endif

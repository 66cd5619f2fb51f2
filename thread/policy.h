/* policy.h: the scheduling policy: which runnable thread runs next, and
 * whether the running one should give way.  The scheduler (sched.c) makes
 * every such decision through these functions; one implementation is
 * compiled into sched.c (configure's POLICY_IMPL, config.h), so that the
 * queue operations on every switch inline:
 *   policy_strict.c   Ruby 1.8's rule: strict priorities, round robin
 *                     within a priority (the default).
 * A new policy is a new policy_NAME.c implementing these, and a configure
 * option that names it; the run-queue links it may use are in struct
 * gthread's `rq` (struct policy_node, gthread.h).
 */
#ifndef MR_POLICY_H
#define MR_POLICY_H

#include "gthread.h"

void policy_init(struct gthread *main);   /* main: the running thread, not queued */
void policy_reset(void);                  /* after fork: nothing is queued */
void policy_enqueue(struct gthread *t);   /* t became runnable: queue it */
void policy_remove(struct gthread *t);    /* take t out of the queue (it runs now, or leaves) */
struct gthread *policy_pick(void);        /* dequeue the next to run; NULL if none */
bool policy_any(void);                    /* anything queued? */
/* And, static inline in the policy's file because only sched.c calls it,
   on every Thread.pass:
     struct gthread *policy_pass(struct gthread *cur);
   if policy_prefers_other(cur), queue cur and dequeue the thread to run
   instead; else NULL, and nothing changes.  And at every switch, for the
   scheduler to fetch the threads likely to run next into the cache:
     struct gthread *policy_peek(void);
     struct gthread *policy_following(const struct gthread *t);
   the thread policy_pick would dequeue now, and the one queued after t
   (a queued thread), NULL if none; they stay queued. */
/* Should a queued thread run instead of cur, at a Thread.pass or a timer
   tick?  (cur is running, not queued.) */
bool policy_prefers_other(const struct gthread *cur);
void policy_set_priority(struct gthread *t, int prio);   /* t may be queued */
void policy_inherit(struct gthread *child, const struct gthread *parent);
/* For the schedule modes (schedule.c): the queued threads of the best
   priority, without dequeuing them. */
size_t policy_best_count(void);
struct gthread *policy_best_nth(size_t i);

#endif

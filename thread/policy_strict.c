/* policy_strict.c: Ruby 1.8's scheduling policy.  The runnable thread of
 * highest priority runs; equal priorities take turns (a FIFO per level, a
 * thread yielding goes to the back).  Priorities outside -32..31 act as
 * the nearest bound.  Picking is O(1): one FIFO per level and a bitmap of
 * the non-empty levels. */
#include "policy.h"

#define LEVELS 64
#define PRIO_MIN (-32)
#define PRIO_MAX 31

static struct {
    struct gthread *head[LEVELS], *tail[LEVELS];
    uint64_t nonempty;                /* bit l: level l has threads */
} Q;

static int level_of(int prio)
{
    if (prio < PRIO_MIN) prio = PRIO_MIN;
    if (prio > PRIO_MAX) prio = PRIO_MAX;
    return prio - PRIO_MIN;
}

static int best_level(void) { return 63 - __builtin_clzll(Q.nonempty); }

void policy_init(struct gthread *main)
{
    policy_reset();
    main->rq.level = level_of(main->priority);
}

void policy_reset(void)
{
    for (int l = 0; l < LEVELS; l++) Q.head[l] = Q.tail[l] = NULL;
    Q.nonempty = 0;
}

/* The queue operations of every switch: always inlined, so that a pass
   costs a few loads and stores. */
static inline __attribute__((always_inline)) void q_push(struct gthread *t)
{
    int l = t->rq.level;
    t->rq.next = NULL;
    t->rq.prev = Q.tail[l];
    if (Q.tail[l]) Q.tail[l]->rq.next = t;
    else Q.head[l] = t;
    Q.tail[l] = t;
    Q.nonempty |= 1ull << l;
    t->rq.queued = true;
}

static inline __attribute__((always_inline)) void q_unlink(struct gthread *t)
{
    int l = t->rq.level;
    if (t->rq.prev) t->rq.prev->rq.next = t->rq.next;
    else Q.head[l] = t->rq.next;
    if (t->rq.next) t->rq.next->rq.prev = t->rq.prev;
    else Q.tail[l] = t->rq.prev;
    if (!Q.head[l]) Q.nonempty &= ~(1ull << l);
    t->rq.queued = false;
}

/* The head of a non-empty level, dequeued. */
static inline __attribute__((always_inline)) struct gthread *q_pop(int l)
{
    struct gthread *t = Q.head[l];
    Q.head[l] = t->rq.next;
    if (Q.head[l]) Q.head[l]->rq.prev = NULL;
    else {
        Q.tail[l] = NULL;
        Q.nonempty &= ~(1ull << l);
    }
    t->rq.queued = false;
    return t;
}

/* The thread policy_pass or policy_pick would dequeue now, and the one
   queued after t, both left queued. */
static inline __attribute__((always_inline)) struct gthread *policy_peek(void)
{
    return Q.nonempty ? Q.head[best_level()] : NULL;
}

static inline __attribute__((always_inline)) struct gthread *policy_following(const struct gthread *t)
{
    return t->rq.next;
}

void policy_enqueue(struct gthread *t) { q_push(t); }

void policy_remove(struct gthread *t)
{
    if (t->rq.queued) q_unlink(t);
}

struct gthread *policy_pick(void)
{
    if (!Q.nonempty) return NULL;
    return q_pop(best_level());
}

static inline __attribute__((always_inline)) struct gthread *policy_pass(struct gthread *cur)
{
    if (!Q.nonempty) return NULL;
    int best = best_level();
    if (best < cur->rq.level) return NULL;
    struct gthread *next = q_pop(best);
    q_push(cur);
    return next;
}

bool policy_any(void) { return Q.nonempty != 0; }

bool policy_prefers_other(const struct gthread *cur)
{
    return Q.nonempty && best_level() >= cur->rq.level;
}

void policy_set_priority(struct gthread *t, int prio)
{
    bool queued = t->rq.queued;
    if (queued) q_unlink(t);
    t->priority = prio;
    t->rq.level = level_of(prio);
    if (queued) q_push(t);
}

void policy_inherit(struct gthread *child, const struct gthread *parent)
{
    child->priority = parent->priority;
    child->rq.level = parent->rq.level;
}

size_t policy_best_count(void)
{
    if (!Q.nonempty) return 0;
    size_t n = 0;
    for (struct gthread *t = Q.head[best_level()]; t; t = t->rq.next) n++;
    return n;
}

struct gthread *policy_best_nth(size_t i)
{
    struct gthread *t = Q.head[best_level()];
    while (i-- && t) t = t->rq.next;
    return t;
}

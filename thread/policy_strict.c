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

void policy_enqueue(struct gthread *t)
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

void policy_remove(struct gthread *t)
{
    if (!t->rq.queued) return;
    int l = t->rq.level;
    if (t->rq.prev) t->rq.prev->rq.next = t->rq.next;
    else Q.head[l] = t->rq.next;
    if (t->rq.next) t->rq.next->rq.prev = t->rq.prev;
    else Q.tail[l] = t->rq.prev;
    if (!Q.head[l]) Q.nonempty &= ~(1ull << l);
    t->rq.queued = false;
}

struct gthread *policy_pick(void)
{
    if (!Q.nonempty) return NULL;
    struct gthread *t = Q.head[best_level()];
    policy_remove(t);
    return t;
}

bool policy_any(void) { return Q.nonempty != 0; }

bool policy_prefers_other(const struct gthread *cur)
{
    return Q.nonempty && best_level() >= cur->rq.level;
}

void policy_set_priority(struct gthread *t, int prio)
{
    bool queued = t->rq.queued;
    if (queued) policy_remove(t);
    t->priority = prio;
    t->rq.level = level_of(prio);
    if (queued) policy_enqueue(t);
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

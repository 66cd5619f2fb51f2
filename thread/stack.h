/* stack.h: C stacks for green threads, from a pool (stack.c). */
#ifndef MR_STACK_H
#define MR_STACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct gthread;
struct spill_ref;

/* A stack slot: one stack's address range.  While there are fewer
   threads than slots (MINIRUBY_STACK_SLOTS, default STACK_SLOTS) each has
   a slot of its own; beyond that, threads share slots, and the one whose
   frames are in a slot (its occupant) is the only one of them that can
   run: the scheduler saves the others' stacks (spill.h). */
struct stack_slot {
    char *lo;                      /* usable range [lo, lo + size) */
    size_t size;
    char *top;                     /* where its threads' stacks begin, a
                                      colour offset below the end */
    struct gthread *occupant;      /* whose frames the slot holds, or NULL */
    struct spill_ref *ref;         /* its threads' spills are deltas against it */
    uint32_t homed;                /* live threads whose stack this is */
    bool guarded;                  /* a guard page below it (else a canary) */
    uint8_t reach;                 /* enum stack_reach: how deep the pages its
                                      threads left there may go */
    const uint64_t *canary_below;  /* unguarded: the canary of the slot below */
    unsigned valgrind_id;
};
#define STACK_SLOTS 1024
#define STACK_HOT_SLOTS 64   /* slots that threads past the budget share first */

void stack_pool_init(void);
/* A slot for a new thread (homed there once more): a free one, a new one
   while the pool has fewer than its budget, else one shared with other
   threads: one of the STACK_HOT_SLOTS slots made last, in turn, that is
   not `avoid` and not busy(slot); when each of them is, one chosen by a
   clock over all slots that passes over `avoid` and, for a few turns,
   over the busy ones.  NULL when there is
   no address space for a first slot. */
struct stack_slot *stack_take(const struct stack_slot *avoid, bool (*busy)(const struct stack_slot *));
/* How deep a thread's stack went, as its embedder's checks saw it: within
   the top STACK_TOP_PART bytes, which stay resident for the slot's next
   thread, within its shallow part, the top STACK_SHALLOW bytes, or deeper.
   C code that goes deeper without a check leaves those pages to the
   slot's next thread. */
enum stack_reach { STACK_REACH_TOP, STACK_REACH_SHALLOW, STACK_REACH_DEEP };
#define STACK_TOP_PART (12 * 1024)
#define STACK_SHALLOW (128 * 1024)
/* A thread homed in s ends, having reached `reach`: the pages below the
   slot's top part go back to the kernel, all of them once a thread went
   deep, else the shallow part's when the slot's last thread ends (a slot
   shared with other threads keeps it for them); nothing when no thread
   left any (a system call per short-lived thread, for nothing: 100,000
   made and joined one at a time came to 460,000 a second with it, 2.7
   million without; an madvise of all 8 MB walked the page tables of all
   of it, half the cost of a short-lived thread).  A dying thread calls it
   on its own stack (on_it), in the top page by then, and clears what it
   can of that page; the result is where stack_release, called once nothing
   runs on the stack, must clear from. */
char *stack_retire(struct stack_slot *s, bool on_it, enum stack_reach reach);
/* A thread homed in s is gone: the slot is free once none is left.  What
   the thread left above cleared_below is cleared (NULL: nothing is, for
   another thread's frames are there now). */
void stack_release(struct stack_slot *s, char *cleared_below);
/* An unguarded stack has not run into the slot below it while its
   canary, at the top of that slot, is intact (canary_below; NULL: a guard
   page is below). */
#define STACK_CANARY 0x5ca1ab1e0ddba11ull
#define STACK_CANARY_WORDS 4
static inline bool stack_canary_intact(const uint64_t *w)
{
    return w[0] == STACK_CANARY && w[STACK_CANARY_WORDS - 1] == STACK_CANARY;
}
/* A SIGSEGV on a guard page (of a pool stack, or below the main stack,
   whose lowest address is main_lo) ends the process with a message
   instead of a plain crash.  Installed once, on an alternate stack. */
void stack_guard_handler_install(const char *main_lo);

#endif

/* stack.c: C stacks for green threads.
 *
 * Stacks are carved out of large mmap regions (STACKS_PER_REGION each):
 * Linux allows about 65,530 mappings per process, so one mapping per stack
 * could never reach 100,000 threads.  The regions are reserved with
 * MAP_NORESERVE; the kernel commits pages only when a thread touches them.
 *
 * Overflow.  Ruby code checks the stack limit in software at every method
 * and block entry, and recursive C code checks the same limit; this file
 * is the backstop for whatever still runs past the bottom:
 *  - the lowest page of every stack slot is a guard page for the first
 *    GUARDED_STACKS stacks (MINIRUBY_STACK_GUARDS): a guard marker where
 *    the kernel has them (Linux 6.13), else PROT_NONE, which splits the
 *    region's mapping, two mappings per stack;
 *  - beyond that, a region gets a single guard below its lowest stack, and
 *    the top of each stack slot a canary, above the thread's first frame:
 *    a thread that runs off the bottom of its stack overwrites the canary
 *    of the slot below first, which the scheduler checks whenever the
 *    thread is switched out (stack_canary_intact).  The top pages are the ones
 *    every thread touches, so the canaries cost no memory; a canary at the
 *    bottom of each stack would cost a page (and a page-table page) per
 *    thread;
 *  - a SIGSEGV on a guard page, or just below the main thread's stack,
 *    is recognised by a handler on an alternate signal stack, which ends
 *    the process with a message rather than a plain crash.
 *
 * Slots are a budget (MINIRUBY_STACK_SLOTS, STACK_SLOTS by default): while
 * there are fewer threads, each has a slot of its own and a switch copies
 * nothing.  Past it, new threads share slots: the last few made, in turn,
 * passing over those whose occupant runs or is about to, and when all of
 * them are, any slot, by a clock.  The scheduler
 * spills the stacks of those not in their slot (sched.c, spill.h).  A slot
 * that a blocked thread holds is a stack page and a page-table page (the
 * slots are 8 MB apart): 8 KB a thread, where a spilled one takes a few
 * hundred bytes.
 *
 * A slot that no thread is homed in any more goes back to a free list, the
 * pages its threads reached below its top part returned to the kernel
 * (MADV_DONTNEED) so a burst of deep recursion does not pin memory; the
 * top pages stay committed for the next thread, the very top one cleared.
 */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "instrument.h"
#include "slab.h"
#include "stack.h"

#define STACKS_PER_REGION 64
#define KEEP_RESIDENT (16 * 1024)
#define PAGE 4096
#define DEFAULT_STACK_SIZE (8 * 1024 * 1024)
#define MIN_STACK_SIZE (64 * 1024)
/* Each guard costs a system call per new stack (0.8 us as a marker, 3.5
   us and a split mapping as mprotect).  A program of a thousand threads
   has every one guarded; hackysack's 10,000 players took twice the time
   creating them with 16,384 mprotect guards. */
#define GUARDED_STACKS 1024
#define MAIN_GUARD_GAP (1024 * 1024)  /* Linux's stack_guard_gap below the main stack */
#define ALT_STACK_SIZE (64 * 1024)
#define CANARY_WORDS STACK_CANARY_WORDS
#define TOP_RESERVE (CANARY_WORDS * 8) /* the canary's room at the top of a slot */

static const uint64_t canary = STACK_CANARY;

struct region {
    char *base;
    bool guarded;          /* a guard page in every slot */
    struct stack_slot slots[STACKS_PER_REGION];
};

static struct {
    size_t size;           /* bytes per slot, guard page included */
    size_t guard_budget;   /* stacks that may still get a guard of their own */
    size_t budget;         /* slots before threads share them */
    struct stack_slot **free;  /* used before, no thread homed there now */
    size_t nfree, capa;
    struct stack_slot **all;   /* every slot handed out so far, for the clock */
    size_t nall, all_capa, hand;
    size_t hot_hand;       /* the last of the hot slots handed out */
    struct region *fresh;  /* the region whose slots are still being handed out */
    size_t nfresh;         /* slots of it handed out */
    struct region **regions;/* sorted by address */
    size_t nregions, rcapa;
    const char *main_lo;
} pool;

static void *xmalloc_or_die(void *p)
{
    if (!p) {
        static const char msg[] = "miniruby: out of memory for thread stacks\n";
        if (write(2, msg, sizeof msg - 1) < 0) { /* nothing more to do */ }
        abort();
    }
    return p;
}

static size_t parse_size(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || v <= 0) return 0;
    switch (*end) {
    case 'k': case 'K': v *= 1024; break;
    case 'm': case 'M': v *= 1024 * 1024; break;
    case 'g': case 'G': v *= 1024.0 * 1024 * 1024; break;
    default: break;
    }
    return (size_t)v;
}

void stack_pool_init(void)
{
    const char *env = getenv("MINIRUBY_THREAD_STACK");
    size_t size = env ? parse_size(env) : 0;
    if (!size) size = DEFAULT_STACK_SIZE;
    if (size < MIN_STACK_SIZE) size = MIN_STACK_SIZE;
    pool.size = ((size + PAGE - 1) & ~(size_t)(PAGE - 1)) + PAGE;
    env = getenv("MINIRUBY_STACK_GUARDS");
    pool.guard_budget = env ? strtoul(env, NULL, 10) : GUARDED_STACKS;
    env = getenv("MINIRUBY_STACK_SLOTS");
    pool.budget = env ? strtoul(env, NULL, 10) : STACK_SLOTS;
    if (pool.budget < 1) pool.budget = 1;
}

/* ------------------------------------------------------------ canaries */
static uint64_t *canary_of(char *slot) { return (uint64_t *)(slot + pool.size - TOP_RESERVE); }

static void set_canary(char *slot)
{
    uint64_t *w = canary_of(slot);
    STACK_FRESH(w, CANARY_WORDS * sizeof *w);
    for (int i = 0; i < CANARY_WORDS; i++) w[i] = canary;
}

/* ------------------------------------------------------------ regions */
static void *grow(void *p, size_t *capa, size_t elt)
{
    *capa = *capa ? *capa * 2 : 64;
    return xmalloc_or_die(realloc(p, *capa * elt));
}

static void push_free(struct stack_slot *s)
{
    if (pool.nfree == pool.capa) pool.free = grow(pool.free, &pool.capa, sizeof *pool.free);
    pool.free[pool.nfree++] = s;
}

static void insert_region(struct region *r)
{
    if (pool.nregions == pool.rcapa) pool.regions = grow(pool.regions, &pool.rcapa, sizeof *pool.regions);
    size_t i = pool.nregions;
    while (i > 0 && pool.regions[i - 1]->base > r->base) {
        pool.regions[i] = pool.regions[i - 1];
        i--;
    }
    pool.regions[i] = r;
    pool.nregions++;
}

/* A guard page.  Linux 6.13's guard markers (MADV_GUARD_INSTALL) do not
   split the mapping: 0.8 us a stack where mprotect costs 3.5 us, and no
   mapping per guard for every later fault and madvise to search.  Older
   kernels refuse the advice: mprotect then. */
#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102
#endif
static void guard_page(char *p)
{
    static bool no_markers;
    if (!no_markers && madvise(p, PAGE, MADV_GUARD_INSTALL) == 0) return;
    no_markers = true;
    mprotect(p, PAGE, PROT_NONE);
}

static bool add_region(void)
{
    size_t bytes = pool.size * STACKS_PER_REGION;
    char *mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mem == MAP_FAILED) return false;
    struct region *r = xmalloc_or_die(calloc(1, sizeof *r));
    r->base = mem;
    r->guarded = pool.guard_budget >= STACKS_PER_REGION;
    if (r->guarded) {
        pool.guard_budget -= STACKS_PER_REGION;     /* each put in as its slot is made */
    } else {
        guard_page(mem);                      /* below the lowest stack only */
        for (int i = 0; i < STACKS_PER_REGION; i++) set_canary(mem + (size_t)i * pool.size);
    }
    insert_region(r);
    pool.fresh = r;
    pool.nfresh = 0;
    return true;
}

/* ------------------------------------------------------------ slots */
/* The next never-used slot, the region's highest first, so that early
   threads sit together. */
static struct stack_slot *make_slot(void)
{
    if ((!pool.fresh || pool.nfresh == STACKS_PER_REGION) && !add_region()) return NULL;
    struct region *r = pool.fresh;
    int i = STACKS_PER_REGION - 1 - (int)pool.nfresh++;
    char *base = r->base + (size_t)i * pool.size;
    struct stack_slot *s = &r->slots[i];
    s->guarded = r->guarded;
    /* A guard marker is an entry in a page table: a guard for every slot
       of a new region made 64 page-table pages, 256 KB, for a program's
       first thread. */
    if (s->guarded) guard_page(base);
    /* the slot at the bottom of a region has the region's guard below it */
    s->canary_below = r->guarded || i == 0 ? NULL : canary_of(base - pool.size);
    s->lo = base + PAGE;
    s->size = pool.size - PAGE - TOP_RESERVE;
    /* Slots are a power of two apart, near enough: their threads begin
       each at a different offset in the page so that the hot tops of
       several stacks do not compete for the same cache sets.  The offsets
       stay small: a hackysack player reaches 3.9 KB deep
       (test/thread/stack_pages.rb), and one more byte than the page holds
       costs 4 KB per resident thread.  All threads of a slot begin at the
       same place, so that their parked frames look alike (spill.h). */
    s->top = s->lo + s->size - (pool.nall % 4) * 64;
    /* every thread of the slot writes its top page: one system call, not
       a page fault (the first touch of a slot is the costliest) */
    slab_populate(base + pool.size - PAGE, PAGE);
    s->valgrind_id = STACK_REGISTER(s->lo, s->lo + s->size);
    if (pool.nall == pool.all_capa) pool.all = grow(pool.all, &pool.all_capa, sizeof *pool.all);
    pool.all[pool.nall++] = s;
    return s;
}

/* Clock probes that pass over busy slots before any slot will do. */
#define CLOCK_PROBES 16
/* Threads past the budget are homed in the last HOT_SLOTS slots made
   first, in turn.  Spilling and putting back are then done in stacks and
   against references that are mostly in the cache.  Homed by the clock
   over all 1,024 slots, each kick of hackysack_kicks.rb's 1,000 among
   100,000 players evicted a stack from memory: 17 to 23 ms, against 4 to
   6 ms in 64 hot slots (16: 4 to 5 ms, but sched_pass.rb's 100,000
   threads passed 25% fewer times; 256: 7.7 ms).  Several slots, not
   one: threads made one after another, which often work together, get
   different slots, where in one slot each switch between them would be a
   spill (a Queue ping-pong after 2,000 idle threads took 1.0 us a trip
   in one slot, 0.29 in two). */
#define HOT_SLOTS STACK_HOT_SLOTS

static struct stack_slot *hot_slot(const struct stack_slot *avoid, bool (*busy)(const struct stack_slot *))
{
    size_t hot = pool.nall < HOT_SLOTS ? pool.nall : HOT_SLOTS;
    for (size_t probes = 0; probes < hot; probes++) {
        pool.hot_hand = (pool.hot_hand + 1) % hot;
        struct stack_slot *s = pool.all[pool.nall - 1 - pool.hot_hand];
        if (s != avoid && !busy(s)) return s;
    }
    return NULL;
}

static struct stack_slot *shared_slot(const struct stack_slot *avoid, bool (*busy)(const struct stack_slot *))
{
    struct stack_slot *hot = hot_slot(avoid, busy);
    if (hot) return hot;
    for (size_t probes = 0; probes < pool.nall + CLOCK_PROBES; probes++) {
        struct stack_slot *s = pool.all[pool.hand];
        pool.hand = (pool.hand + 1) % pool.nall;
        if (s != avoid && (probes >= CLOCK_PROBES || !busy(s))) return s;
    }
    return pool.all[0];                      /* the only slot is avoid */
}

struct stack_slot *stack_take(const struct stack_slot *avoid, bool (*busy)(const struct stack_slot *))
{
    struct stack_slot *s = NULL;
    if (pool.nfree) s = pool.free[--pool.nfree];
    else if (pool.nall < pool.budget) s = make_slot();
    if (!s && pool.nall) s = shared_slot(avoid, busy);
    if (s) s->homed++;
    return s;
}

/* Clear [from, to) of a stack for its next thread: words left there (by a
   collection that ran on this stack, above all) would be taken for
   references in the next thread's frames and keep arbitrary objects
   alive.  ASan and Valgrind still see the dead thread's frames there. */
static void clear_for_next(char *from, char *to)
{
    STACK_UNPOISON(from, (size_t)(to - from));
    STACK_FRESH(from, (size_t)(to - from));
    memset(from, 0, (size_t)(to - from));
}

static char *slot_base(struct stack_slot *s) { return s->lo - PAGE; }

/* The pages the slot's threads left below its top part, back to the
   kernel: see stack_retire. */
static void give_back(struct stack_slot *s)
{
    /* a shared slot keeps its shallow part for the threads still homed
       there: their turns would fault the same pages in again */
    if (s->reach == STACK_REACH_TOP || (s->reach == STACK_REACH_SHALLOW && s->homed > 1)) return;
    char *lo = s->lo;
    size_t usable = pool.size - PAGE;
    /* a page more than the shallow part: the colour offset */
    if (s->reach == STACK_REACH_SHALLOW && usable > STACK_SHALLOW + PAGE) {
        lo = slot_base(s) + pool.size - STACK_SHALLOW - PAGE;
        usable = STACK_SHALLOW + PAGE;
    }
    if (usable > KEEP_RESIDENT) madvise(lo, usable - KEEP_RESIDENT, MADV_DONTNEED);
    s->reach = STACK_REACH_TOP;
}

/* a check a little above what stays resident: a call below the last
   check (C code's frames) stays within it */
_Static_assert(STACK_TOP_PART + PAGE <= KEEP_RESIDENT, "the top part stays resident");

char *stack_retire(struct stack_slot *s, bool on_it, enum stack_reach reach)
{
    if (reach > s->reach) s->reach = (uint8_t)reach;
    give_back(s);
    char *base = slot_base(s);
    char *top = base + pool.size - PAGE;
    /* Under a checker the dying thread writes nothing below its own stack
       pointer, and all of it is cleared after the switch: ASan's memset
       and unpoisoning run deep below their caller (fuzz_run found them
       overwriting their own frames), and Valgrind marks the frame of a
       signal delivered there unaddressable again when it returns. */
    if (!on_it || STACK_CHECKED()) return top;
    /* The dying thread clears its top page below its own frames, in its
       cache: the next thread, which puts the stack back, clears the rest.
       The slack keeps this function's callees' frames out of the way (a
       plain memset uses none). */
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0), t = (uintptr_t)top;
    if (sp < t + 1024 || sp >= (uintptr_t)base + pool.size) return top;
    char *below = top + (sp - 512 - t);
    clear_for_next(top, below);
    return below;
}

void stack_release(struct stack_slot *s, char *cleared_below)
{
    /* the slot's canary, above the stack's frames, stays as it is */
    if (cleared_below) clear_for_next(cleared_below, slot_base(s) + pool.size - TOP_RESERVE);
    if (--s->homed == 0) push_free(s);
}

/* ------------------------------------------------------------ the backstop */
#ifndef MR_SANITIZE                     /* AddressSanitizer reports overflows itself */
static struct region *region_of(const void *addr)
{
    size_t lo = 0, hi = pool.nregions;
    const char *a = addr;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        struct region *r = pool.regions[mid];
        if (a < r->base) hi = mid;
        else if (a >= r->base + pool.size * STACKS_PER_REGION) lo = mid + 1;
        else return r;
    }
    return NULL;
}

static bool on_guard_page(const char *addr)
{
    struct region *r = region_of(addr);
    if (r) {
        size_t off = (size_t)(addr - r->base) % pool.size;
        return off < PAGE && (r->guarded || addr < r->base + PAGE);
    }
    return pool.main_lo && addr < pool.main_lo && addr >= pool.main_lo - MAIN_GUARD_GAP;
}

static void write_str(const char *s) { if (write(2, s, strlen(s)) < 0) { /* stderr is gone */ } }

static void on_segv(int sig, siginfo_t *info, void *uctx)
{
    if (on_guard_page(info->si_addr)) {
        write_str("miniruby: fatal: a C stack overflowed (guard page hit): "
                  "C code recursed past the stack limit\n");
        _exit(134);
    }
    /* any other fault: crash as if there were no handler */
    signal(sig, SIG_DFL);
}
#endif

void stack_guard_handler_install(const char *main_lo)
{
    pool.main_lo = main_lo;
#ifndef MR_SANITIZE
    stack_t ss = { .ss_size = ALT_STACK_SIZE, .ss_flags = 0 };
    ss.ss_sp = mmap(NULL, ALT_STACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (ss.ss_sp == MAP_FAILED || sigaltstack(&ss, NULL) < 0) return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
#endif
}

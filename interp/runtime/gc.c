/* gc.c: mark-and-sweep collector.
 *
 * Invariants
 *  - Every heap object occupies one 48-byte slot in a 64 KiB page.  A free
 *    slot has type T_NONE and links to the next free slot through klass.
 *    A page's slots from its fresh mark on were never used: zero, on no
 *    list, not resident until take_fresh hands them out.
 *  - Marking is precise for the heap (each type marks what it references)
 *    and conservative for C stacks: any word of a thread's stack, or of the
 *    registers it saved at its last switch, that points into a live slot
 *    marks that slot (interior pointers count, so a char* into an embedded
 *    string keeps the string alive).
 *  - Marking uses an explicit stack, never C recursion: a collection may
 *    start on a small green-thread stack.  Objects are pushed unread and
 *    marked when they leave it, through a ring that hides the fetch.
 *  - A collection runs only inside gc_new_obj or gc_start; allocating while
 *    marking or sweeping is a bug.
 * Roots: registered C globals, registered marker functions (threads,
 * globals, symbols of the parser), the VM struct, and the running thread.
 */
#include <malloc.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>
#include <setjmp.h>
#include "internal.h"
#include "idtab.h"
#include "eval/tag.h"
#include "thread/slab.h"
#include "thread/instrument.h"

#define PAGE_SIZE   (64 * 1024)
#define PAGE_HEADER 64
#define PAGE_SLOTS  ((PAGE_SIZE - PAGE_HEADER) / GC_SLOT_SIZE)
#define INITIAL_PAGES 16
#define FREE_MIN_RATIO 0.5
#define WORK_PER_FREE_SLOT 2      /* references marked per slot left free */
#define IMMEDIATES_PER_WORK 8     /* an immediate in a scanned body costs an eighth of a reference */
#define MALLOC_LIMIT_MIN (3 * 512 * 1024)   /* garbage bodies a small heap lets pile up: 1.5 MB */
#define MALLOC_PER_WORK 16        /* bytes malloc'd per reference marked before a collection */

struct page {
    char *start;      /* first slot */
    char *end;        /* past the last slot */
    char *fresh;      /* slots from here on were never handed out (zero) */
};

static struct {
    struct page **pages;          /* pages slots were handed out from, by address */
    size_t npages, page_capa;
    struct page **page_set;       /* open addressing on page address, for slot_of */
    size_t page_set_size;         /* power of two, at least 2 * npages */
    uintptr_t lo, span;           /* [lo, lo + span) holds every page */
    VALUE freelist;
    size_t total_slots, free_slots;  /* free_slots counts the fresh ones */
    struct page **fresh_pages;    /* pages with fresh slots (a stack) */
    size_t nfresh_pages, fresh_capa, fresh_slots;
    size_t linked_pages;          /* in the heap, handed out from or not */
    VALUE *mstack;                /* mark stack */
    size_t msp, mcapa;
    VALUE **roots;
    size_t nroots, roots_capa;
    void (**markers)(void);
    size_t nmarkers;
    bool (*late_marker)(bool final);
    size_t malloc_increase, malloc_limit;
    size_t mark_work;             /* references visited by the running collection */
    size_t mark_immediates;       /* immediates among them (no object to visit) */
    size_t last_work;             /* and by the last one: the live graph's size */
    size_t mem_limit;             /* gc_set_limit: budget in bytes, 0 for none */
    bool over_limit;              /* NoMemoryError raised, not yet back below */
    bool stress, disabled, collecting, want_gc;
    bool draining;                /* in drain_mark_stack */
    bool taint_new;               /* some thread reached $SAFE 3: new objects may be tainted */
    bool slow;                    /* stress, want_gc or taint_new: allocation takes new_obj_slow */
    size_t count;
    char *main_stack_base;
} heap;

_Static_assert(sizeof(struct RString) <= GC_SLOT_SIZE, "RString fits a slot");
_Static_assert(sizeof(struct RArray) <= GC_SLOT_SIZE, "RArray fits a slot");
_Static_assert(sizeof(struct RObject) <= GC_SLOT_SIZE, "RObject fits a slot");
_Static_assert(sizeof(struct RClass) <= GC_SLOT_SIZE, "RClass fits a slot");
_Static_assert(sizeof(struct REnv) <= GC_SLOT_SIZE, "REnv fits a slot");
_Static_assert(sizeof(struct RMEntry) <= GC_SLOT_SIZE, "RMEntry fits a slot");
_Static_assert(sizeof(struct RBignum) <= GC_SLOT_SIZE, "RBignum fits a slot");
_Static_assert(sizeof(struct RData) <= GC_SLOT_SIZE, "RData fits a slot");

/* ------------------------------------------------------------ pages */
static size_t page_hash(const struct page *pg)
{
    return (size_t)(((uintptr_t)pg >> 16) * 0x9E3779B97F4A7C15ull >> 20);
}

static void page_set_insert(struct page *pg)
{
    size_t mask = heap.page_set_size - 1;
    size_t i = page_hash(pg) & mask;
    while (heap.page_set[i]) i = (i + 1) & mask;
    heap.page_set[i] = pg;
}

static void page_set_add(struct page *pg)
{
    if ((heap.npages + 1) * 2 > heap.page_set_size) {
        free(heap.page_set);
        heap.page_set_size = heap.page_set_size ? heap.page_set_size * 2 : 256;
        heap.page_set = xcalloc(heap.page_set_size, sizeof(struct page *));
        for (size_t i = 0; i < heap.npages; i++) page_set_insert(heap.pages[i]);
    }
    page_set_insert(pg);
}

/* One page kept back: when the heap can grow no more, it becomes the
   room in which NoMemoryError is raised and rescued. */
static char *reserve_page;

/* Pages come from the kernel zeroed, a chunk at a time, and stay
   untouched (not resident) until their slots are handed out: even the
   header of a page is written only then (page_start), and only then does
   the page join the index that slot_of, sweep and each_object go by.
   Reading a header before would fault the page in: in a huge page a read
   fault allocates and clears the whole 2 MB as a write does, and a sweep
   made a million hackysack.rb players' unused heap resident.  A big heap's
   chunks are transparent huge pages: its pages are handed out a chunk
   after another, so a chunk is either used or untouched, and a 4 KB page
   fault costs 5 to 14 us on the virtual machines measured, more than
   filling the page with objects (a million hackysack.rb players fault in
   430 MB of objects).  Only the heap a script starts with keeps 4 KB
   pages: a 2 MB page resident at once would double a short script's
   memory.  A heap that grows past it takes huge chunks, where growing in
   4 KB pages up to 64 MB took 11% of the time of 10,000 hackysack.rb
   players.  array.rb keeps 9.6 MB more resident (6.5% of its 147 MB). */
#define FRESH_CHUNK 16           /* pages: 1 MB */
#define HUGE_CHUNK 32            /* pages: 2 MB, one huge page */
#define HUGE_FROM INITIAL_PAGES  /* pages in the heap before huge ones */
#define HUGE_PAGE (HUGE_CHUNK * PAGE_SIZE)
#define FRESH_BATCH 256          /* slots moved to the free list at a time */

static char *page_memory(void)
{
    static char *next, *end;
    if (next == end) {
        bool huge = heap.linked_pages >= HUGE_FROM;
        size_t len = (huge ? HUGE_CHUNK : FRESH_CHUNK) * PAGE_SIZE;
        char *a = slab_map_aligned(len, len);
        if (!a) return NULL;
        if (huge) madvise(a, len, MADV_HUGEPAGE);
        next = a;
        end = a + len;
    }
    char *p = next;
    next += PAGE_SIZE;
    return p;
}

/* A page in the index of pages handed out from, at its place by address. */
static void index_page(struct page *pg)
{
    if (heap.npages == heap.page_capa) {
        heap.page_capa = heap.page_capa ? heap.page_capa * 2 : 64;
        heap.pages = xrealloc(heap.pages, heap.page_capa * sizeof(struct page *));
    }
    page_set_add(pg);
    /* mmap hands out lower addresses as it goes: each new page belongs
       near the front, where a shift word by word was 2.5% of a million
       threads' time (7,000 pages) */
    size_t lo = 0, hi = heap.npages;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (heap.pages[mid] < pg) lo = mid + 1;
        else hi = mid;
    }
    memmove(&heap.pages[lo + 1], &heap.pages[lo], (heap.npages - lo) * sizeof *heap.pages);
    heap.pages[lo] = pg;
    heap.npages++;
    heap.lo = (uintptr_t)heap.pages[0];
    heap.span = (uintptr_t)heap.pages[heap.npages - 1] + PAGE_SIZE - heap.lo;
}

/* A page's header, written when its first slots are handed out. */
static void page_start(struct page *pg)
{
    pg->start = pg->fresh = (char *)pg + PAGE_HEADER;
    pg->end = pg->start + PAGE_SLOTS * GC_SLOT_SIZE;
    index_page(pg);
}

/* A page joins the heap untouched: only its slots are counted. */
static void link_page(char *mem)
{
    if (heap.nfresh_pages == heap.fresh_capa) {
        heap.fresh_capa = heap.fresh_capa ? heap.fresh_capa * 2 : 64;
        heap.fresh_pages = xrealloc(heap.fresh_pages, heap.fresh_capa * sizeof(struct page *));
    }
    heap.fresh_pages[heap.nfresh_pages++] = (struct page *)mem;
    heap.linked_pages++;
    heap.total_slots += PAGE_SLOTS;
    heap.free_slots += PAGE_SLOTS;
    heap.fresh_slots += PAGE_SLOTS;
}

static bool add_page(void)
{
    char *mem = page_memory();
    if (mem) link_page(mem);
    return mem != NULL;
}

/* Move up to FRESH_BATCH never-used slots to the free list; false if
   every page has been used up. */
static bool take_fresh(void)
{
    while (heap.nfresh_pages) {
        struct page *pg = heap.fresh_pages[heap.nfresh_pages - 1];
        if (!pg->start) page_start(pg);   /* zero: untouched, as mapped */
        if (pg->fresh == pg->end) {
            heap.nfresh_pages--;
            continue;
        }
        char *lim = pg->fresh + FRESH_BATCH * GC_SLOT_SIZE;
        if (lim > pg->end) lim = pg->end;
        for (char *p = lim - GC_SLOT_SIZE; p >= pg->fresh; p -= GC_SLOT_SIZE) {
            RBASIC(p)->klass = heap.freelist;
            heap.freelist = (VALUE)p;
        }
        heap.fresh_slots -= (size_t)(lim - pg->fresh) / GC_SLOT_SIZE;
        pg->fresh = lim;
        return true;
    }
    return false;
}

/* The slot containing address p, or 0 if p is not inside a slot. */
static VALUE slot_of(uintptr_t p)
{
    /* most words a conservative scan meets that are not small numbers
       (return addresses, Fixnums, pointers into libc) lie outside */
    if (p - heap.lo >= heap.span) return 0;
    struct page *pg = (struct page *)(p & ~(uintptr_t)(PAGE_SIZE - 1));
    size_t mask = heap.page_set_size - 1;
    for (size_t i = page_hash(pg) & mask; heap.page_set[i]; i = (i + 1) & mask) {
        if (heap.page_set[i] != pg) continue;
        if ((char *)p < pg->start || (char *)p >= pg->end) return 0;
        size_t off = (size_t)((char *)p - pg->start);
        return (VALUE)(pg->start + off / GC_SLOT_SIZE * GC_SLOT_SIZE);
    }
    return 0;
}

bool gc_marked(VALUE v)
{
    return HEAP_P(v) && (RBASIC(v)->flags & FL_MARK);
}

bool gc_is_object(VALUE v)
{
    return HEAP_P(v) && slot_of(v) == v && BUILTIN_TYPE(v) != T_NONE;
}

/* ------------------------------------------------------------ marking */
/* An object is pushed unread, marked or not: its header is fetched while
   others are marked (drain_mark_stack), not waited for here. */
static inline void mark_object(VALUE v)
{
    heap.mark_work++;
    if (heap.msp == heap.mcapa) {
        heap.mcapa = heap.mcapa ? heap.mcapa * 2 : 4096;
        heap.mstack = xrealloc(heap.mstack, heap.mcapa * sizeof(VALUE));
    }
    heap.mstack[heap.msp++] = v;
}

void gc_mark(VALUE v)
{
    if (HEAP_P(v)) mark_object(v);
    else heap.mark_immediates++;
}

/* For the loops over bodies: immediates counted in the caller's local
   (an Array of Integers is a tight loop), not in the heap struct. */
static inline void mark_counted(VALUE v, size_t *immediates)
{
    if (HEAP_P(v)) mark_object(v);
    else (*immediates)++;
}

void gc_mark_values(const VALUE *p, size_t n)
{
    size_t immediates = 0;
    for (size_t i = 0; i < n; i++) mark_counted(p[i], &immediates);
    heap.mark_immediates += immediates;
}

/* The first two words of n records of `stride` words each (a hash
   table's key and value), in one tight loop. */
void gc_mark_pairs(const VALUE *p, size_t n, size_t stride)
{
    size_t immediates = 0;
    for (const VALUE *end = p + n * stride; p < end; p += stride) {
        mark_counted(p[0], &immediates);
        mark_counted(p[1], &immediates);
    }
    heap.mark_immediates += immediates;
}

/* The object a word of a conservative scan points into, or 0. */
static inline VALUE object_at(VALUE w)
{
    if (w < 4096) return 0;
    VALUE slot = slot_of(w);
    return slot && BUILTIN_TYPE(slot) != T_NONE ? slot : 0;
}

static void mark_maybe(VALUE w)
{
    VALUE obj = object_at(w);
    if (obj) gc_mark(obj);
}

__attribute__((no_sanitize_address)) static void mark_range_conservative(const char *lo, const char *hi)
{
    lo = (const char *)((uintptr_t)lo & ~(uintptr_t)7);
    SCAN_DEFINED(lo, (size_t)(hi - lo));
    for (const VALUE *p = (const VALUE *)lo; (const char *)p < hi; p++) mark_maybe(*p);
}

/* While a suspended thread's stack is scanned, every root found for it is
   also remembered, here, and then kept in its cache without duplicates
   (see gc_mark_thread_stack).  One buffer for every scan: a cache grown
   as roots were found took four slab blocks and three copies a thread,
   and the scans of a million parked threads made them all. */
static bool recording;
static struct {
    VALUE *v;
    uint32_t n, capa;
} found;

static void remember_root(VALUE slot)
{
    if (found.n == found.capa) {
        found.capa = found.capa ? found.capa * 2 : 256;
        found.v = xrealloc(found.v, found.capa * sizeof(VALUE));
    }
    found.v[found.n++] = slot;
}

static bool record_only;      /* gc_state_roots: remember, do not mark */

static inline void mark_root(VALUE v)
{
    if (!HEAP_P(v)) return;
    if (UNLIKELY(recording)) {
        remember_root(v);
        if (record_only) return;
    }
    gc_mark(v);
}

static void mark_roots(const VALUE *p, size_t n)
{
    for (size_t i = 0; i < n; i++) mark_root(p[i]);
}

/* A spilled thread's stack is scanned in a copy (gc_mark_thread_image):
   while it is, the frames, tags, blocks and environments it holds are
   read there, each pointer into [lo, hi) moved to the copy. */
static struct {
    const char *lo, *hi;
    const char *copy;           /* NULL: no copy is being scanned */
} xl;

static inline const void *xl_ptr(const void *p)
{
    const char *c = p;
    if (UNLIKELY(xl.copy != NULL) && c >= xl.lo && c < xl.hi) return xl.copy + (c - xl.lo);
    return p;
}
#define XL(p) ((__typeof__(p))(uintptr_t)xl_ptr(p))

void gc_mark_env(struct env *env)
{
    for (const struct env *e = env; e; e = e->outer) {
        e = XL(e);
        if (e->flags & ENV_HEAP) { mark_root(ENV_OBJ(e)); return; }   /* in the heap: never moved */
        if (e->flags & ENV_BOXED) { mark_root(e->vars[-1]); continue; }   /* cont.c */
        mark_roots(XL(e->vars), e->nvars);
    }
}

void gc_mark_block(const struct block *blk)
{
    for (const struct block *b = blk; b; b = b->outer_block) {
        b = XL(b);
        mark_root(b->self);
        mark_root(b->cref);
        mark_root(b->script);
        mark_root(b->cdata);
        mark_root(b->method_me);
        mark_root(b->def_class);
        gc_mark_env(b->env);
        if (b->proc) { mark_root(b->proc); return; }
    }
}

void gc_mark_frames(struct frame *frame)
{
    for (const struct frame *f = frame; f; f = f->prev) {
        f = XL(f);
        if (f->flags & FRAME_CFUNC) {   /* only these fields are set in C frames */
            mark_root(f->self);
            mark_root(f->me);
            gc_mark_block(f->block);
            if (f->argv) mark_roots(XL(f->argv), (size_t)f->argc);
            continue;
        }
        mark_root(f->self);
        mark_root(f->me);
        mark_root(f->cref);
        mark_root(f->def_class);
        mark_root(f->script);
        mark_root(f->svar[0]);
        mark_root(f->svar[1]);
        gc_mark_env(f->env);
        gc_mark_block(f->block);
        gc_mark_block(f->running);
    }
}

/* Fields of struct thread that other threads may change at any time. */
static void mark_thread_fields(struct thread *th)
{
    gc_mark(th->errinfo);
    gc_mark(th->self);
    gc_mark(th->locals);
    gc_mark(th->pending_exc);
}

static void mark_thread_state(struct thread *th)
{
    gc_mark_frames(th->frame);
    for (const struct tag *t = th->tag; t; t = t->prev) {
        t = XL(t);
        mark_root(t->val);
    }
    mark_thread_fields(th);
}

/* The duplicates out of remembered roots, in place, through a scratch
   open-addressing set: the order does not matter (they are only marked),
   and a qsort with its comparison calls was an eighth of the collections
   of 10,000 blocked threads. */
static uint32_t dedupe_roots(VALUE *v, uint32_t n)
{
    static VALUE *set;
    static size_t set_capa;
    size_t want = 16;
    while (want < 2 * (size_t)n) want *= 2;
    if (want > set_capa) {
        set = xrealloc(set, want * sizeof *set);
        set_capa = want;
    }
    memset(set, 0, want * sizeof *set);
    int shift = 64 - __builtin_ctzll(want);
    uint32_t kept = 0;
    for (uint32_t i = 0; i < n; i++) {
        VALUE x = v[i];                 /* a heap slot: never 0 */
        size_t h = (size_t)((x * 0x9e3779b97f4a7c15ull) >> shift);
        while (set[h] && set[h] != x) h = (h + 1) & (want - 1);
        if (set[h]) continue;
        set[h] = x;
        v[kept++] = x;
    }
    return kept;
}

/* A parked thread's cache: the roots the scan kept, in a block of their
   size (non-NULL once scanned).  Room for every word found, duplicates
   included, was several times that: hackysack's 100,000 parked players
   held 120 MB more with it.  Each is 4 bytes, the slot's distance from
   roots_base in 16-byte units (slots are 16-byte aligned): a hackysack
   player's 13 roots take a 64-byte block, not 112.  roots_base is fixed
   at start-up, ROOTS_BELOW under the first heap page, and the 64 GB
   above it hold the heap's pages that mmap hands out on either side; a
   thread with a root outside keeps whole VALUEs (stack_roots_wide, every
   thread's with MINIRUBY_GC_WIDE_ROOTS=1, for the tests). */
#define ROOTS_SHIFT 4
#define ROOTS_BELOW ((uintptr_t)48 << 30)
static uintptr_t roots_base;

static size_t root_bytes(const struct thread *th) { return th->stack_roots_wide ? sizeof(VALUE) : sizeof(uint32_t); }

void gc_free_stack_roots(struct thread *th)
{
    slab_free(th->stack_roots, th->stack_roots_capa * root_bytes(th));
    th->stack_roots = NULL;
    th->nstack_roots = th->stack_roots_capa = 0;
}

static void keep_roots(struct thread *th, const VALUE *v, uint32_t n)
{
    /* each fits when its distance from roots_base (a page address) has no
       bit below ROOTS_SHIFT or above 32 + ROOTS_SHIFT: all do when the
       distances or'ed together have none */
    uintptr_t bits = 0;
    for (uint32_t i = 0; i < n; i++) bits |= v[i] - roots_base;
    bool wide = (bits >> (32 + ROOTS_SHIFT)) != 0 || (bits & ((1u << ROOTS_SHIFT) - 1)) != 0;
    uint32_t capa = n ? n : 1;
    if (!th->stack_roots || wide != th->stack_roots_wide || capa > th->stack_roots_capa ||
        th->stack_roots_capa > capa + capa / 4) {
        gc_free_stack_roots(th);
        th->stack_roots_wide = wide;
        th->stack_roots = slab_alloc(capa * root_bytes(th));
        th->stack_roots_capa = capa;
    }
    if (wide) {
        memcpy(th->stack_roots, v, n * sizeof(VALUE));
    } else {
        uint32_t *slot = th->stack_roots;
        for (uint32_t i = 0; i < n; i++) slot[i] = (uint32_t)((v[i] - roots_base) >> ROOTS_SHIFT);
    }
    th->nstack_roots = n;
}

static void mark_kept_roots(const struct thread *th)
{
    if (th->stack_roots_wide) {
        gc_mark_values(th->stack_roots, th->nstack_roots);
        return;
    }
    const uint32_t *slot = th->stack_roots;
    for (uint32_t i = 0; i < th->nstack_roots; i++) mark_object(roots_base + ((VALUE)slot[i] << ROOTS_SHIFT));
}

/* Scan a suspended stack, precisely through its frames and conservatively
   word by word over the n words at p (all of it, or those of a spill
   that may refer to objects), remembering every root found. */
__attribute__((no_sanitize_address)) static void scan_and_remember(struct thread *th, const VALUE *p, size_t n)
{
    found.n = 0;
    recording = true;
    mark_thread_state(th);
    /* saved frame pointers and the addresses of locals: a tenth of the
       words of a parked hackysack player, and each a probe of page_set */
    uintptr_t own_lo = (uintptr_t)th->stack_lo;
    uintptr_t own_span = th->stack_lo ? (uintptr_t)(th->stack_base - th->stack_lo) : 0;
    for (const VALUE *end = p + n; p < end; p++) {
        if (*p - own_lo < own_span) continue;
        VALUE obj = object_at(*p);
        if (obj) mark_root(obj);
    }
    recording = false;
    /* one entry per object: the cache stays while the thread is parked */
    keep_roots(th, found.v, dedupe_roots(found.v, found.n));
}

static void scan_range_and_remember(struct thread *th, const char *lo, const char *hi)
{
    lo = (const char *)((uintptr_t)lo & ~(uintptr_t)7);
    SCAN_DEFINED(lo, (size_t)(hi - lo));
    scan_and_remember(th, (const VALUE *)(const void *)lo, (size_t)(hi - lo) / sizeof(VALUE));
}

/* A word that the conservative scan would take for a reference. */
bool gc_may_refer(uint64_t w) { return object_at(w) != 0; }

/* Changes at every collection: the heap's pages, and which slots hold
   objects, may differ from the last one's. */
uint64_t gc_scan_epoch(void) { return (uint64_t)heap.count + 1; }

/* The objects frames f and tags t refer to (what mark_thread_state would
   mark), for a saved copy of them: a continuation (cont.c).  Returns a
   malloc'ed array of *n values. */
VALUE *gc_state_roots(struct frame *f, struct tag *t, uint32_t *n)
{
    found.n = 0;
    recording = record_only = true;
    gc_mark_frames(f);
    for (; t; t = t->prev) mark_root(t->val);
    recording = record_only = false;
    *n = found.n;
    VALUE *roots = xmalloc((found.n ? found.n : 1) * sizeof(VALUE));
    memcpy(roots, found.v, found.n * sizeof(VALUE));
    return roots;
}

static void drain_mark_stack(void);

/* After a thread's stack, a deep mark stack is marked down: pushed all
   before any was marked, the roots of hackysack.rb's 100,000 parked
   players were 8 million entries (64 MB).  Marking in any order marks
   the same objects. */
#define MARK_STACK_DEEP 65536   /* entries: 512 KB */
static void drain_when_deep(void)
{
    if (heap.msp >= MARK_STACK_DEEP && !heap.draining) drain_mark_stack();
}

/* The words of a saved stack that may be references. */
__attribute__((no_sanitize_address)) void gc_mark_maybe_values(const VALUE *p, size_t n)
{
    for (size_t i = 0; i < n; i++) mark_maybe(p[i]);
}

/* A suspended thread.  One that has not run since the last collection
   has the same stack and frames: mark what that scan found instead of
   walking them again (100,000 idle threads would otherwise mean 100,000
   stack walks, each a cache miss or more, per collection). */
void gc_mark_thread_stack(struct thread *th, char *lo)
{
    if (!lo || !th->stack_base) {
        mark_thread_state(th);
    } else if (th->stack_dirty || !th->stack_roots) {
        scan_range_and_remember(th, lo, th->stack_base);
        th->stack_dirty = false;
    } else {
        mark_kept_roots(th);
        mark_thread_fields(th);
    }
    drain_when_deep();
}

/* A suspended thread whose stack is not where it was: the part of it that
   belongs at [lo, th->stack_base) is at copy (8-byte aligned), where its
   frames are read; the words the conservative scan looks at are the n at
   words (sched_stack_words: the copy's every word, with few exceptions,
   is its reference's, whose candidates are chosen once a collection). */
void gc_mark_thread_image(struct thread *th, const char *lo, const void *copy, const VALUE *words, size_t n)
{
    xl.lo = lo;
    xl.hi = th->stack_base;
    xl.copy = copy;
    scan_and_remember(th, words, n);
    xl.copy = NULL;
    th->stack_dirty = false;
    drain_when_deep();
}

/* The running thread: spill callee-saved registers into this frame first. */
NOINLINE static void mark_current_stack_here(void)
{
    volatile VALUE here = 0;
    mark_range_conservative((const char *)&here, vm.th->stack_base);
}

NOINLINE void gc_mark_running_stack(void)
{
    jmp_buf regs;
    __builtin_unwind_init();
    _setjmp(regs);
    mark_thread_state(vm.th);
    mark_current_stack_here();
    mark_range_conservative((const char *)&regs, (const char *)(&regs + 1));
}

static void mark_vm(void)
{
    gc_mark(vm.top_self);
    gc_mark(vm.top_cref);
    gc_mark_values((const VALUE *)&vm.c, sizeof(vm.c) / sizeof(VALUE));
}

/* An object's class is nearly always marked already: it is looked at
   here, in cache, rather than pushed and popped again; counted as the
   push would be, so that the heap's growth (heap.mark_work) is as before */
static inline void mark_class(VALUE klass)
{
    if (HEAP_P(klass) && (RBASIC(klass)->flags & FL_MARK)) heap.mark_work++;
    else gc_mark(klass);
}

static void mark_children(VALUE v)
{
    struct RBasic *b = RBASIC(v);
    mark_class(b->klass);
    switch (BUILTIN_TYPE(v)) {
    case T_OBJECT:
        if (FL_TEST(v, ROBJ_HEAP)) gc_mark_values(ROBJECT(v)->iv.heap.ptr, ROBJECT(v)->iv.heap.capa);
        else gc_mark_values(ROBJECT(v)->iv.ary, ROBJ_EMBED);
        break;
    case T_CLASS: case T_MODULE: case T_ICLASS:
        gc_mark(RCLASS(v)->super);
        class_gc_mark(v);
        break;
    case T_STRING:
        if (FL_TEST(v, STR_SHARED)) gc_mark(RSTRING(v)->as.heap.aux.shared);
        break;
    case T_ARRAY:
        if (FL_TEST(v, ARY_SHARED)) gc_mark(RARRAY(v)->as.heap.aux.shared);
        else gc_mark_values(RARRAY_PTR(v), (size_t)RARRAY_LEN(v));
        break;
    case T_HASH:
        gc_mark(RHASH(v)->ifnone);
        hash_gc_mark(v);
        break;
    case T_STRUCT: gc_mark_values(RSTRUCT_PTR(v), (size_t)RSTRUCT_LEN(v)); break;
    case T_RANGE: gc_mark(RRANGE(v)->beg); gc_mark(RRANGE(v)->end); break;
    case T_MATCH: gc_mark(RMATCH(v)->str); gc_mark(RMATCH(v)->regexp); break;
    case T_REGEXP: gc_mark(RREGEXP(v)->src); break;
    case T_PROC: proc_gc_mark(v); break;
    case T_DATA:
        gc_mark(RDATA(v)->aux);
        if (RDATA(v)->type && RDATA(v)->type->mark && RDATA(v)->data)
            RDATA(v)->type->mark(RDATA(v)->data);
        break;
    case T_ENV: {
        struct env *e = &((struct REnv *)v)->env;
        gc_mark_values(e->vars, e->nvars);
        if (e->outer) gc_mark_env(e->outer);
        break;
    }
    case T_MENTRY: {
        struct RMEntry *me = RMENTRY(v);
        gc_mark(me->owner);
        gc_mark(me->cref);
        if (ME_TYPE(v) == ME_BMETHOD) gc_mark(me->body.proc);
        if (ME_TYPE(v) == ME_AST) gc_mark(me->aux.script);
        break;
    }
    case T_CREF: gc_mark(RCREF(v)->klass); gc_mark(RCREF(v)->prev); break;
    case T_SCRIPT: script_gc_mark(v); break;
    default: break;
    }
    if (b->flags & FL_EXIVAR) ivar_gc_mark_generic(v);
}

/* What leaves the stack waits MARK_AHEAD turns in a ring, its header
   being fetched meanwhile, before it is marked and scanned. */
#define MARK_AHEAD 32

static void drain_mark_stack(void)
{
    VALUE ring[MARK_AHEAD];
    unsigned head = 0, queued = 0;
    heap.draining = true;
    for (;;) {
        VALUE v;
        if (heap.msp) {
            VALUE next = heap.mstack[--heap.msp];
            __builtin_prefetch((const void *)next, 1);
            if (queued < MARK_AHEAD) {
                ring[(head + queued++) % MARK_AHEAD] = next;
                continue;
            }
            v = ring[head];
            ring[head] = next;
        } else if (queued) {
            v = ring[head];
            queued--;
        } else {
            heap.draining = false;
            return;
        }
        head = (head + 1) % MARK_AHEAD;
        struct RBasic *b = RBASIC(v);
        if (b->flags & FL_MARK) continue;
        b->flags |= FL_MARK;
        mark_children(v);
    }
}

/* ------------------------------------------------------------ weak references */
static struct gc_weak *weak_list;

void gc_weak_link(struct gc_weak *w)
{
    w->prev = 0;
    w->next = weak_list;
    if (weak_list) weak_list->prev = w;
    weak_list = w;
}

void gc_weak_unlink(struct gc_weak *w)
{
    if (w->prev) w->prev->next = w->next; else weak_list = w->next;
    if (w->next) w->next->prev = w->prev;
    w->prev = w->next = 0;
}

/* After marking: what only weak references reach is about to be swept. */
static void clear_weak(void)
{
    for (struct gc_weak *w = weak_list; w; w = w->next) {
        if (w->dead || !HEAP_P(w->obj) || (RBASIC(w->obj)->flags & FL_MARK)) continue;
        w->dead = true;
        w->obj = Qnil;
    }
}

/* ------------------------------------------------------------ sweeping */
static void free_object(VALUE v)
{
    switch (BUILTIN_TYPE(v)) {
    case T_OBJECT: if (FL_TEST(v, ROBJ_HEAP)) free(ROBJECT(v)->iv.heap.ptr); break;
    case T_CLASS: case T_MODULE: case T_ICLASS: class_gc_free(v); break;
    case T_STRING:
        if (!FL_TEST(v, STR_EMBED | STR_SHARED)) free(RSTRING(v)->as.heap.ptr);
        break;
    case T_ARRAY:
        if (!FL_TEST(v, ARY_EMBED | ARY_SHARED)) free(RARRAY(v)->as.heap.ptr);
        break;
    case T_HASH: hash_gc_free(v); break;
    case T_STRUCT: if (FL_TEST(v, STRUCT_HEAP)) free(RSTRUCT(v)->as.ptr); break;
    case T_BIGNUM: mpz_clear(RBIGNUM(v)->mp); break;
    case T_MATCH: match_gc_free(v); break;
    case T_REGEXP: re_gc_free(v); break;
    case T_PROC: proc_gc_free(v); break;
    case T_DATA:
        if (RDATA(v)->type && RDATA(v)->type->free && RDATA(v)->data)
            RDATA(v)->type->free(RDATA(v)->data);
        break;
    case T_ENV: env_gc_free(&((struct REnv *)v)->env); break;
    case T_SCRIPT: script_gc_free(v); break;
    default: break;
    }
    if (FL_TEST(v, FL_EXIVAR)) ivar_gc_free_generic(v);
}

static void sweep(void)
{
    heap.freelist = 0;
    heap.free_slots = heap.fresh_slots;
    for (size_t i = heap.npages; i-- > 0;) {
        struct page *pg = heap.pages[i];
        for (char *p = pg->fresh - GC_SLOT_SIZE; p >= pg->start; p -= GC_SLOT_SIZE) {
            struct RBasic *b = (struct RBasic *)p;
            if (b->flags & FL_MARK) { b->flags &= ~(VALUE)FL_MARK; continue; }
            if ((b->flags & FL_TYPE_MASK) != T_NONE) free_object((VALUE)p);
            memset(p, 0, GC_SLOT_SIZE);
            b->klass = heap.freelist;
            heap.freelist = (VALUE)p;
            heap.free_slots++;
        }
    }
}

/* ------------------------------------------------------------ collection */
extern void (*mr_out_of_memory_hook)(size_t);
static VALUE nomem_error;      /* made in advance: there may be no memory left */

static void collect(void)
{
    if (heap.collecting) mr_bug("GC re-entered");
    heap.collecting = true;
    heap.mark_work = heap.mark_immediates = 0;
    for (size_t i = 0; i < heap.nroots; i++) gc_mark(*heap.roots[i]);
    for (size_t i = 0; i < heap.nmarkers; i++) heap.markers[i]();
    mark_vm();
    gvar_mark_all();
    gc_mark_running_stack();
    drain_mark_stack();
    if (heap.late_marker) {         /* until nothing more is reached, then the rest */
        while (heap.late_marker(false)) drain_mark_stack();
        if (heap.late_marker(true)) drain_mark_stack();
    }
    finalizer_collect_dead();
    clear_weak();
    sweep();
    heap.count++;
    heap.last_work = heap.mark_work + heap.mark_immediates / IMMEDIATES_PER_WORK;
    heap.malloc_increase = 0;
    size_t limit = (heap.last_work + heap.total_slots) * MALLOC_PER_WORK;
    heap.malloc_limit = limit > MALLOC_LIMIT_MIN ? limit : MALLOC_LIMIT_MIN;
    if (heap.mem_limit && heap.malloc_limit > heap.mem_limit / 16)
        heap.malloc_limit = heap.mem_limit / 16;   /* a budget is checked at each collection */
    heap.want_gc = false;
    heap.slow = heap.stress || heap.taint_new;
    heap.collecting = false;
}

void gc_start(void)
{
    if (heap.collecting) return;
    collect();
}

static void check_limit(void);

/* The heap cannot grow: go on while slots are left; when none are, hand
   over the reserve page and raise NoMemoryError (1.8.7's rb_memerror).
   The reserve comes back once memory does. */
static void out_of_heap(void)
{
    if (heap.freelist || take_fresh()) return;
    if (reserve_page && !heap.collecting && nomem_error) {
        link_page(reserve_page);
        reserve_page = NULL;
        take_fresh();
        exc_raise_obj(nomem_error);
    }
    mr_bug("out of memory for the object heap");
}

/* Slots the heap must gain for both free shares of refill to hold, and
   no more: a heap grown by halves was up to 1.5 times that, and all of
   it is resident once the slots are used (300,000 live Objects: 3.42
   slots each, now 2.60). */
static size_t slots_to_add(void)
{
    size_t live = heap.total_slots - heap.free_slots;
    size_t by_ratio = (size_t)((double)live / (1 - FREE_MIN_RATIO));
    size_t by_work = live + heap.last_work / WORK_PER_FREE_SLOT;
    size_t total = by_ratio > by_work ? by_ratio : by_work;
    if (total <= heap.total_slots) return 0;
    return total - heap.total_slots;
}

static NOINLINE void refill(void)
{
    if (!heap.stress && !heap.want_gc && take_fresh()) return;
    if (!heap.disabled && !heap.collecting &&
        (heap.stress || heap.want_gc || heap.total_slots >= INITIAL_PAGES * PAGE_SLOTS))
        collect();
    if (heap.mem_limit) check_limit();
    /* Keep a good share free so the next collection is far away: a
       collection costs the live graph (objects reached; a Hash of a
       million Integers is one object and two million immediates, which
       cost an eighth each) plus the heap, and must be paid for by as many
       allocations. */
    size_t want = slots_to_add();
    for (size_t added = 0; added < want; added += PAGE_SLOTS)
        if (!add_page()) return out_of_heap();
    if (!heap.freelist && !take_fresh() && !(add_page() && take_fresh())) return out_of_heap();
    if (!reserve_page) reserve_page = page_memory();
}

static NOINLINE VALUE new_obj_slow(enum vtype type, VALUE klass)
{
    if (heap.collecting) mr_bug("allocation during GC");
    if (!heap.freelist || heap.stress || heap.want_gc) refill();
    VALUE v = heap.freelist;
    heap.freelist = RBASIC(v)->klass;
    heap.free_slots--;
    RBASIC(v)->flags = (VALUE)type;
    RBASIC(v)->klass = klass;
    if (heap.taint_new && klass && vm_taint_new()) RBASIC(v)->flags |= FL_TAINT;   /* $SAFE 3 */
    return v;
}

VALUE gc_new_obj(enum vtype type, VALUE klass)
{
    if (UNLIKELY(!heap.freelist || heap.slow)) return new_obj_slow(type, klass);
    VALUE v = heap.freelist;
    heap.freelist = RBASIC(v)->klass;
    heap.free_slots--;
    RBASIC(v)->flags = (VALUE)type;
    RBASIC(v)->klass = klass;
    return v;
}

/* a thread reached $SAFE 3: from now on allocation asks vm_taint_new */
void gc_taint_new_objects(void)
{
    heap.taint_new = heap.slow = true;
}

/* Each hackysack.rb player makes a Proc and two environments' variables,
   208 bytes in malloc's heap, where they were 84% of the page faults of
   300,000 players. */
void *gc_body_alloc(size_t n) { return slab_alloc(n); }
void *gc_body_realloc(void *p, size_t old_n, size_t n) { return slab_realloc(p, old_n, n); }
void gc_body_free(void *p, size_t n) { slab_free(p, n); }
/* the same for the bodies of Data objects (include/ruby.h): a Queue's */
void *data_body_alloc(size_t n) { return slab_calloc(n); }
void data_body_free(void *p, size_t n) { slab_free(p, n); }

void gc_malloc_increase(size_t n)
{
    heap.malloc_increase += n;
    if (heap.malloc_increase > heap.malloc_limit) heap.want_gc = heap.slow = true;
}

void gc_register_root(VALUE *addr)
{
    if (heap.nroots == heap.roots_capa) {
        heap.roots_capa = heap.roots_capa ? heap.roots_capa * 2 : 64;
        heap.roots = xrealloc(heap.roots, heap.roots_capa * sizeof(VALUE *));
    }
    heap.roots[heap.nroots++] = addr;
}

void gc_register_late_marker(bool (*mark)(bool final))
{
    heap.late_marker = mark;
}

void gc_register_marker(void (*mark)(void))
{
    heap.markers = xrealloc(heap.markers, (heap.nmarkers + 1) * sizeof(*heap.markers));
    heap.markers[heap.nmarkers++] = mark;
}

bool gc_enable(bool on)
{
    bool was = !heap.disabled;
    heap.disabled = !on;
    return was;
}

size_t gc_count(void) { return heap.count; }

/* GC.stress: collect at every allocation (MINIRUBY_GC_STRESS sets it too) */
bool gc_stress(void) { return heap.stress; }

void gc_set_stress(bool on)
{
    heap.stress = on;
    heap.slow = on || heap.want_gc || heap.taint_new;
}

void gc_each_object(void (*fn)(VALUE obj, void *arg), void *arg)
{
    for (size_t i = 0; i < heap.npages; i++) {
        struct page *pg = heap.pages[i];
        for (char *p = pg->start; p < pg->fresh; p += GC_SLOT_SIZE) {
            enum vtype t = BUILTIN_TYPE((VALUE)p);
            if (t != T_NONE && t < T_ENV && RBASIC(p)->klass) fn((VALUE)p, arg);
        }
    }
}

/* malloc failed: raise NoMemoryError with an object made in advance (there
   may be no memory to make one now).  Inside a collection we cannot. */
static void raise_no_memory(size_t n)
{
    if (heap.collecting || !nomem_error) return;
    exc_raise_obj(nomem_error);
}

/* ------------------------------------------------------------ memory budget */
/* Bytes malloc has handed out and not taken back, and the heap pages.
   Under AddressSanitizer malloc is ASan's, which keeps its own count;
   glibc's mallinfo2 would see nothing.  The slab's blocks in use hold
   the bodies of Procs and environments (gc_body_alloc) and the threads'
   records; its freed blocks, like malloc's, are not counted. */
extern size_t __sanitizer_get_current_allocated_bytes(void) __attribute__((weak));
static size_t memory_in_use(void)
{
    size_t pages = heap.linked_pages * (size_t)PAGE_SIZE + slab_in_use();
    if (__sanitizer_get_current_allocated_bytes) return __sanitizer_get_current_allocated_bytes() + pages;
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd + pages;
}

/* Called after each collection while a budget is set.  Past the budget,
   one NoMemoryError; allocation then goes on (the exception and whatever
   rescues it need objects) until a collection gets back below it. */
static void check_limit(void)
{
    size_t used = memory_in_use();
    if (used < heap.mem_limit) { heap.over_limit = false; return; }
    if (heap.over_limit && used < heap.mem_limit + heap.mem_limit / 4) return;
    heap.over_limit = true;
    if (nomem_error) exc_raise_obj(nomem_error);
}

/* A memory budget, for running untrusted programs (the fuzzing harness):
   past `bytes` in use, allocation raises NoMemoryError, and so does any
   single malloc larger than that.  0 removes the budget. */
void gc_set_limit(size_t bytes)
{
    heap.mem_limit = bytes;
    heap.over_limit = false;
    mr_alloc_limit = bytes ? bytes : PTRDIFF_MAX;
    if (bytes && heap.malloc_limit > bytes / 16) heap.malloc_limit = bytes / 16;
}

void gc_prepare_nomem(void)
{
    nomem_error = exc_new(vm.c.NoMemoryError, "failed to allocate memory", 25);
    gc_register_root(&nomem_error);
    mr_out_of_memory_hook = raise_no_memory;
}

void gc_init(void *stack_base, bool stress)
{
    heap.stress = heap.slow = stress;
    heap.malloc_limit = MALLOC_LIMIT_MIN;
    heap.main_stack_base = stack_base;
    reserve_page = page_memory();
    if (reserve_page) roots_base = (uintptr_t)reserve_page - ((uintptr_t)reserve_page > ROOTS_BELOW ? ROOTS_BELOW : 0);
    const char *wide = getenv("MINIRUBY_GC_WIDE_ROOTS");
    if (wide && *wide == '1') roots_base = UINTPTR_MAX;   /* nothing fits above it */
    for (int i = 0; i < INITIAL_PAGES; i++)
        if (!add_page()) mr_bug("out of memory for the object heap");
}

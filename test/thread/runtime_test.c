/* runtime_test.c: the green-thread runtime (thread/gthread.h) driven alone,
 * with no interpreter linked, the way libtask can be used on its own.
 * Built by `make runtime_test` in a build folder with thread/ as the only
 * source folder on the include path; run by runtime_test.py, once as it
 * is and once with MINIRUBY_STACK_SLOTS=2, so that every check also runs
 * with threads taking turns in two stack slots.
 *
 *   runtime_test            every check below; prints "N checks, N failures"
 *   runtime_test overflow   a thread recurses in C past its stack: the guard
 *                           page handler must end the process (status 134)
 *   runtime_test canary     the same on a stack with a canary instead of a
 *                           guard (MINIRUBY_STACK_GUARDS=0): caught at the
 *                           next switch
 *   runtime_test homing     which slots threads past the budget get (run
 *                           with MINIRUBY_STACK_SLOTS=100)
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include "gthread.h"
#include "slab.h"
#include "spill.h"
#include "stack.h"
#include "instrument.h"

#define MAXT 128

static int checks, failures;
#define CHECK(c) check((c), #c, __LINE__)
static void check(bool ok, const char *what, int line)
{
    checks++;
    if (!ok) {
        failures++;
        fprintf(stderr, "FAIL line %d: %s\n", line, what);
    }
}

/* ------------------------------------------------------------ the embedder's side */
struct task {
    struct gthread g;
    void (*fn)(int arg);
    int arg;
};
static struct task main_task, tasks[MAXT];
static int ntasks;
static volatile sig_atomic_t safe_point_flag;
static int deadlocks;

void sched_hook_switch(struct gthread *from, struct gthread *to) { }
void sched_hook_passed(struct gthread *self) { }
int sched_hook_event_fd(void) { return -1; }
bool sched_hook_event_pending(void) { return false; }
void sched_hook_event(void) { }

/* A deadlock: count it and let the main thread go on, interrupted. */
void sched_hook_deadlock(struct gthread *cur)
{
    deadlocks++;
    sched_interrupt(sched_main());
}

static struct task *current_task(void) { return (struct task *)sched_current(); }

static void task_entry(void)
{
    sched_entered();
    struct task *t = current_task();
    t->fn(t->arg);
    sched_exit();
}

static struct task *spawn(void (*fn)(int), int arg, bool now)
{
    struct task *t = &tasks[ntasks++];
    memset(t, 0, sizeof *t);
    t->fn = fn;
    t->arg = arg;
    if (!sched_prepare(&t->g, task_entry)) { fprintf(stderr, "no stack\n"); exit(2); }
    if (now) sched_start_now(&t->g);
    else sched_start(&t->g);
    return t;
}

/* Block until t has ended. */
static void join(struct task *t)
{
    while (t->g.status != GT_DEAD) sched_block(WAIT_JOIN, &t->g.joiners, -1);
}

/* Start each job at once, in order, then wait until all have ended. */
struct job { void (*fn)(int); int arg; };
static void run_jobs(const struct job *jobs, int n)
{
    struct task *t[8];
    for (int i = 0; i < n; i++) t[i] = spawn(jobs[i].fn, jobs[i].arg, true);
    for (int i = 0; i < n; i++) join(t[i]);
}

/* ------------------------------------------------------------ round robin and priorities */
static char order[256];
static int norder;

static void log_and_pass(int c)
{
    for (int i = 0; i < 3; i++) {
        order[norder++] = (char)c;
        sched_pass(0);
    }
}

static void test_round_robin(void)
{
    norder = 0;
    struct task *a = spawn(log_and_pass, 'a', false), *b = spawn(log_and_pass, 'b', false),
                *c = spawn(log_and_pass, 'c', false);
    join(a); join(b); join(c);
    order[norder] = 0;
    CHECK(strcmp(order, "abcabcabc") == 0);
}

static void test_priorities(void)
{
    norder = 0;
    struct task *lo = spawn(log_and_pass, 'l', false);
    struct task *hi = spawn(log_and_pass, 'h', false);
    sched_set_priority(&lo->g, -1);
    sched_set_priority(&hi->g, 1);
    join(lo);
    join(hi);
    order[norder] = 0;
    CHECK(strcmp(order, "hhhlll") == 0);
}

/* ------------------------------------------------------------ wait queues */
static struct waitq wq;
static int woken_by[MAXT];

static void wait_on_wq(int i) { woken_by[i] = sched_block(WAIT_QUEUE, &wq, -1); }

static void test_waitq(void)
{
    waitq_init(&wq);
    struct task *t[3];
    for (int i = 0; i < 3; i++) t[i] = spawn(wait_on_wq, i, true);
    CHECK(waitq_count(&wq) == 3);
    /* an interrupted waiter leaves the queue */
    sched_interrupt(&t[1]->g);
    CHECK(waitq_count(&wq) == 2);
    join(t[1]);
    CHECK(woken_by[1] == WAKE_INTERRUPTED);
    CHECK(waitq_signal(&wq));
    CHECK(waitq_count(&wq) == 1);
    CHECK(waitq_broadcast(&wq) == 1);
    join(t[0]); join(t[2]);
    CHECK(woken_by[0] == WAKE_SIGNALLED && woken_by[2] == WAKE_SIGNALLED);
    CHECK(waitq_empty(&wq));
}

/* A wake-up that reaches a thread interrupted before it ran goes on. */
static void test_signal_passed_on(void)
{
    waitq_init(&wq);
    struct task *a = spawn(wait_on_wq, 10, true), *b = spawn(wait_on_wq, 11, true);
    waitq_signal(&wq);            /* a is woken... */
    sched_interrupt(&a->g);       /* ...and interrupted before it runs */
    join(a);
    join(b);
    CHECK(woken_by[10] == WAKE_INTERRUPTED);
    CHECK(woken_by[11] == WAKE_SIGNALLED);
    CHECK(waitq_empty(&wq));
}

/* ------------------------------------------------------------ timed waits */
static int wake_order[8], nwake;

static void sleep_for(int ms)
{
    enum wake_reason why = sched_block(WAIT_SLEEP, NULL, sched_now() + ms / 1000.0);
    if (why == WAKE_TIMEOUT) wake_order[nwake++] = ms;
}

static void test_sleepers(void)
{
    nwake = 0;
    int ms[] = { 30, 10, 20, 5 };
    struct task *t[4];
    for (int i = 0; i < 4; i++) t[i] = spawn(sleep_for, ms[i], true);
    for (int i = 0; i < 4; i++) join(t[i]);
    CHECK(nwake == 4);
    CHECK(wake_order[0] == 5 && wake_order[1] == 10 && wake_order[2] == 20 && wake_order[3] == 30);
}

/* A timed wait on a wait queue ends by timeout and leaves the queue. */
static void wait_wq_briefly(int i) { woken_by[i] = sched_block(WAIT_QUEUE, &wq, sched_now() + 0.01); }

static void test_timed_waitq(void)
{
    waitq_init(&wq);
    struct task *t = spawn(wait_wq_briefly, 20, true);
    CHECK(waitq_count(&wq) == 1);
    join(t);
    CHECK(woken_by[20] == WAKE_TIMEOUT);
    CHECK(waitq_empty(&wq));
}

/* ------------------------------------------------------------ fds */
static int pipefd[2];
static int polled;

static void read_pipe(int arg)
{
    struct pollfd p = { pipefd[0], POLLIN, 0 };
    polled = sched_poll(&p, 1, -1);
}

static void write_pipe(int arg)
{
    sched_block(WAIT_SLEEP, NULL, sched_now() + 0.01);
    if (write(pipefd[1], "x", 1) != 1) abort();
}

static void test_fd_wait(void)
{
    if (pipe(pipefd) < 0) abort();
    struct task *r = spawn(read_pipe, 0, true), *w = spawn(write_pipe, 0, true);
    join(r);
    join(w);
    CHECK(polled == 1);
    close(pipefd[0]);
    close(pipefd[1]);
}

/* A wait that times out leaves its descriptor armed with the kernel.  The
   descriptor is then closed behind the scheduler's back and its number
   taken by a new pipe: the next wait must still register the new file
   (the kernel dropped the old one), and a report of the old file (still
   open through a dup) must not wake a waiter of the new one. */
static int stale[2], fresh[2];
static volatile bool fresh_written;
static int fresh_polled, fresh_early;

static void wait_briefly_on_stale(int arg)
{
    struct pollfd p = { stale[0], POLLIN, 0 };
    CHECK(sched_poll_blocked(&p, 1, 0.005) == 0);
}

static void wait_on_fresh(int arg)
{
    struct pollfd p = { fresh[0], POLLIN, 0 };
    /* 2 s: a guard against a wait that is never woken, not a measure */
    while ((fresh_polled = sched_poll_blocked(&p, 1, 2.0)) > 0 && !fresh_written) fresh_early++;
}

static void write_old_then_new(int arg)
{
    if (write(stale[1], "o", 1) != 1) abort();          /* the old file: readable */
    sched_block(WAIT_SLEEP, NULL, sched_now() + 0.02);
    fresh_written = true;
    if (write(fresh[1], "n", 1) != 1) abort();
}

static void test_fd_rearm_after_close(void)
{
    if (pipe(stale) < 0) abort();
    join(spawn(wait_briefly_on_stale, 0, true));
    int old = dup(stale[0]);                            /* the old file stays open */
    close(stale[0]);                                    /* the scheduler is not told */
    if (pipe(fresh) < 0) abort();
    CHECK(fresh[0] == stale[0]);                        /* the number is reused */
    struct task *r = spawn(wait_on_fresh, 0, true), *w = spawn(write_old_then_new, 0, true);
    join(r);
    join(w);
    CHECK(fresh_polled == 1);
    CHECK(fresh_early == 0);
    close(old);
    close(stale[1]);
    close(fresh[0]);
    close(fresh[1]);
}

/* Two threads wait on one socket, for reading and for writing.  The
   report that wakes the writer disarms the descriptor: the reader, who
   still waits, must be armed again and woken by the data that comes. */
static int duplex[2];
static int reader_polled, writer_polled;
static int (*duplex_wait)(struct pollfd *fds, int n, double timeout) = sched_poll_blocked;

static void read_duplex(int arg)
{
    struct pollfd p = { duplex[0], POLLIN, 0 };
    reader_polled = duplex_wait(&p, 1, 2.0);          /* 2 s: a guard, not a measure */
}

static void write_duplex(int arg)
{
    char buf[4096] = { 0 };
    while (write(duplex[0], buf, sizeof buf) > 0)       /* fill the buffer */
        ;
    struct pollfd p = { duplex[0], POLLOUT, 0 };
    writer_polled = duplex_wait(&p, 1, 2.0);
}

static void drain_then_send(int arg)
{
    char buf[4096];
    sched_block(WAIT_SLEEP, NULL, sched_now() + 0.01);  /* both wait by now */
    while (read(duplex[1], buf, sizeof buf) > 0)        /* room: the writer wakes */
        ;
    sched_block(WAIT_SLEEP, NULL, sched_now() + 0.01);
    if (write(duplex[1], "r", 1) != 1) abort();         /* data: the reader wakes */
}

static void nobody(struct gthread *t) { CHECK(false); }

/* Closing a descriptor waited on through sched_poll_owned, as its owner
   must: the scheduler is told first. */
static void close_owned(int fd)
{
    sched_fd_closed(fd, nobody);
    close(fd);
}

/* The same with one-shot registrations (sched_poll_blocked) and with
   lasting edge-triggered ones (sched_poll_owned), where the writer's
   report must not be the only one the descriptor gives. */
static void test_fd_two_waiters_one_woken(void)
{
    int (*waits[2])(struct pollfd *, int, double) = { sched_poll_blocked, sched_poll_owned };
    for (int i = 0; i < 2; i++) {
        duplex_wait = waits[i];
        reader_polled = writer_polled = -1;
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, duplex) < 0) abort();
        run_jobs((struct job[]){ { read_duplex, 0 }, { write_duplex, 0 }, { drain_then_send, 0 } }, 3);
        CHECK(writer_polled == 1);
        CHECK(reader_polled == 1);
        close_owned(duplex[0]);
        close_owned(duplex[1]);
    }
}

/* ------------------------------------------------------------ edge-triggered waits */
/* Read one byte as the runtime's IO does: try, and wait (owned) only
   after EAGAIN.  0 when the 2 s guard ran out (an edge was lost). */
static int read_owned(int fd)
{
    char c;
    for (;;) {
        if (read(fd, &c, 1) == 1) return 1;
        if (errno != EAGAIN) return 0;
        struct pollfd p = { fd, POLLIN, 0 };
        if (sched_poll_owned(&p, 1, 2.0) <= 0) return 0;
    }
}

enum { PINGS = 2000 };
static int pair[2], pings_done[2];

/* Each side answers every byte it reads with one of its own. */
static void ping_pong(int side)
{
    int fd = pair[side];
    if (side == 0 && write(fd, "p", 1) != 1) abort();
    for (int i = 0; i < PINGS; i++) {
        if (!read_owned(fd)) return;
        pings_done[side]++;
        if (side == 1 || i + 1 < PINGS) {
            if (write(fd, "p", 1) != 1) abort();
        }
    }
}

static void test_fd_owned_ping_pong(void)
{
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, pair) < 0) abort();
    pings_done[0] = pings_done[1] = 0;
    run_jobs((struct job[]){ { ping_pong, 0 }, { ping_pong, 1 } }, 2);
    CHECK(pings_done[0] == PINGS);
    CHECK(pings_done[1] == PINGS);
    close_owned(pair[0]);
    close_owned(pair[1]);
}

/* Two readers of one descriptor, one edge for both bytes: both wake. */
static int readers_got;

static void read_one_owned(int arg) { readers_got += read_owned(pair[0]); }

static void send_two(int arg)
{
    sched_block(WAIT_SLEEP, NULL, sched_now() + 0.01);  /* both wait by now */
    if (write(pair[1], "ab", 2) != 2) abort();
}

static void test_fd_owned_two_readers(void)
{
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, pair) < 0) abort();
    readers_got = 0;
    run_jobs((struct job[]){ { read_one_owned, 0 }, { read_one_owned, 0 }, { send_two, 0 } }, 3);
    CHECK(readers_got == 2);
    close_owned(pair[0]);
    close_owned(pair[1]);
}

/* A closed owned descriptor's number taken by a new pipe, the old file
   still open through a dup: a wait on the new pipe is woken by its data,
   not left on the old file's lasting registration. */
static void wait_owned_on_fresh(int arg)
{
    struct pollfd p = { fresh[0], POLLIN, 0 };
    fresh_polled = sched_poll_owned(&p, 1, 2.0);
}

static void write_fresh_later(int arg)
{
    if (write(stale[1], "o", 1) != 1) abort();          /* the old file: readable */
    sched_block(WAIT_SLEEP, NULL, sched_now() + 0.01);
    if (write(fresh[1], "n", 1) != 1) abort();
}

static void wait_owned_briefly_on_stale(int arg)
{
    struct pollfd p = { stale[0], POLLIN, 0 };
    CHECK(sched_poll_owned(&p, 1, 0.005) == 0);
}

static void test_fd_owned_number_reused(void)
{
    if (pipe2(stale, O_NONBLOCK) < 0) abort();
    join(spawn(wait_owned_briefly_on_stale, 0, true));  /* lasting, edge-triggered */
    int old = dup(stale[0]);
    close_owned(stale[0]);
    if (pipe(fresh) < 0) abort();
    CHECK(fresh[0] == stale[0]);
    fresh_polled = -1;
    run_jobs((struct job[]){ { wait_owned_on_fresh, 0 }, { write_fresh_later, 0 } }, 2);
    CHECK(fresh_polled == 1);
    close(old);
    close(stale[1]);
    close_owned(fresh[0]);
    close(fresh[1]);
}

/* ------------------------------------------------------------ deadlock, sleeping for ever */
static void stop_for_ever(int arg) { sched_block(0, NULL, -1); }

static void test_deadlock(void)
{
    int before = deadlocks;
    struct task *t = spawn(stop_for_ever, 0, true);
    /* main joins a thread stopped for good: the hook is told */
    enum wake_reason why = sched_block(WAIT_JOIN, &t->g.joiners, -1);
    CHECK(why == WAKE_INTERRUPTED);
    CHECK(deadlocks == before + 1);
    sched_clear_interrupt(sched_main());
    CHECK(waitq_empty(&t->g.joiners));
    sched_wakeup(&t->g);
    join(t);
}

/* ------------------------------------------------------------ time slices */
static volatile long spun[2];

static void spin(int i)
{
    double end = sched_now() + 0.2;
    while (sched_now() < end) {
        spun[i]++;
        if (safe_point_flag) { safe_point_flag = 0; sched_time_slice(); }
    }
}

static void test_time_slices(void)
{
    struct task *a = spawn(spin, 0, false), *b = spawn(spin, 1, false);
    join(a);
    join(b);
    /* both ran through the same 0.2 s, switched by the timer */
    CHECK(spun[0] > 0 && spun[1] > 0);
}

/* ------------------------------------------------------------ spilled stacks */
static uint64_t rng = 88172645463325252ull;
static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A word of a parked stack: a few values recur, as pointers into the
   same frames and code do, and pointers to the thread's own records. */
static uint64_t pool[8];
static uint64_t stack_word(void)
{
    uint64_t r = next_random();
    return r % 3 == 0 ? r % 5 : r % 3 == 1 ? pool[r % 8] : r;
}

#define IMG_MAX 700
static uint64_t img_buf[IMG_MAX], img_want[IMG_MAX];

/* What a scan takes for a reference: a test that changes between epochs. */
static uint64_t refer_mod = 3;
static bool may_refer(uint64_t w) { return w % refer_mod == 1; }

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The distinct words of v[0..n) that may_refer picks, sorted, in place. */
static size_t referring_set(uint64_t *v, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (may_refer(v[i])) v[k++] = v[i];
    qsort(v, k, sizeof *v, cmp_u64);
    size_t d = 0;
    for (size_t i = 0; i < k; i++)
        if (!d || v[d - 1] != v[i]) v[d++] = v[i];
    return d;
}

/* spill_scan_words finds every word of the saved stack that may_refer
   picks, and no other that it picks: in two epochs with different tests,
   the second not answered from the first's choice. */
static int scan_words_wrong(const struct spill *sp, uint32_t n, uint64_t epoch)
{
    static uint64_t want[IMG_MAX], got[2 * IMG_MAX];
    int wrong = 0;
    for (int e = 0; e < 2; e++) {
        refer_mod = e ? 5 : 3;
        memcpy(want, img_want + IMG_MAX - n, n * sizeof(uint64_t));
        size_t nwant = referring_set(want, n);
        size_t ngot = referring_set(got, spill_scan_words(sp, epoch + (uint64_t)e, may_refer, got));
        if (nwant != ngot || memcmp(want, got, nwant * sizeof *want) != 0) wrong++;
    }
    return wrong;
}

/* Seeded images against seeded references: whatever their depths and
   however much they differ, a spill gives back every word, in place, in a
   copy and byte by byte, and a scan of it sees the words it holds; one
   that differs little is small.  With the
   encoder's vector compares (where the CPU has them) and word by word. */
static void test_spill_codec(bool vector)
{
    spill_use_vector(vector);
    uint64_t *hi = img_buf + IMG_MAX;
    int bad = 0, big = 0, close_ones = 0, with_dict = 0, without_dict = 0;
    struct spill *spare = NULL;
    for (int iter = 0; iter < 6000; iter++) {
        struct spill_ref *ref = NULL;
        uint32_t rn = (uint32_t)(next_random() % 600), n = (uint32_t)(next_random() % 600);
        if (iter % 4 == 0) n = rn;
        for (int i = 0; i < 8; i++) pool[i] = next_random();
        for (uint32_t i = 0; i < IMG_MAX; i++) img_buf[i] = stack_word();
        if (iter % 5) spill_free(spill_save((char *)(hi - rn), (char *)hi, &ref, NULL));   /* the slot's reference */
        int share = (int)(next_random() % 5);   /* 0: none differs, 3: all may, 4: a few at the edges */
        for (uint32_t i = 0; i < n; i++) {
            uint64_t *w = hi - 1 - i;
            if (i >= rn || (share && share < 4 && next_random() % (share == 1 ? 20 : share == 2 ? 2 : 1) == 0))
                *w = stack_word();
        }
        /* the words where a bitmap word, the reference or the image ends */
        uint32_t edges[] = { 0, 1, 3, 4, 7, 8, 62, 63, 64, 65, 127, 128, rn - 1, rn, rn + 1, n - 1 };
        for (int e = 0; share == 4 && e < 3; e++) {
            uint32_t i = edges[next_random() % (sizeof edges / sizeof edges[0])];
            if (i < n) hi[-1 - (long)i] ^= 1 + next_random() % 7;
        }
        memcpy(img_want, img_buf, sizeof img_buf);
        struct spill *sp = spill_save((char *)(hi - n) + iter % 8, (char *)hi, &ref, spare);
        spare = NULL;
        if (spill_size(sp) != n * sizeof(uint64_t)) bad++;
        if (sp->ndict) with_dict++;
        else if (sp->nkept) without_dict++;
        if ((share <= 1 || share == 4) && n == rn && n >= 64 && iter % 5) {
            close_ones++;
            if (spill_footprint(sp) * 3 > spill_size(sp)) big++;
        }
        for (uint32_t i = 0; i < IMG_MAX; i++) img_buf[i] = next_random();
        spill_restore(sp, (char *)hi);
        if (memcmp(hi - n, img_want + IMG_MAX - n, n * sizeof(uint64_t)) != 0) bad++;
        bad += scan_words_wrong(sp, n, 2 * (uint64_t)iter + 1);
        uint64_t copy[IMG_MAX];
        spill_copy(sp, copy);
        if (memcmp(copy, img_want + IMG_MAX - n, n * sizeof(uint64_t)) != 0) bad++;
        if (n) {
            size_t len = (size_t)(next_random() % 40) + 1, span = n * sizeof(uint64_t);
            size_t off = (size_t)(next_random() % span);
            if (off + len > span) len = span - off;
            char *addr = (char *)(hi - n) + off, got[40];
            spill_read(sp, (char *)hi, addr, got, len);
            if (memcmp(got, (char *)(img_want + IMG_MAX - n) + off, len) != 0) bad++;
        }
        /* every other one becomes the spare the next is saved in */
        if (iter % 2) spill_free(sp);
        else spill_put_back(spare = sp);
        spill_ref_release(ref);
    }
    spill_free(spare);
    CHECK(bad == 0);
    CHECK(close_ones > 100 && big == 0);
    CHECK(with_dict > 100 && without_dict > 100);   /* both forms of the kept words */
    spill_use_vector(true);
}

/* Each task leaves a pattern in the frames of a recursion, parks at its
   bottom, and finds the pattern intact when it comes back: with few stack
   slots, its stack was spilled and put back meanwhile, by a switch from a
   thread of another slot or of its own (through the scheduler's stack). */
static struct waitq park_wq;
static int intact, broken;

static __attribute__((noinline)) void park_deep(int id, int depth, int rounds)
{
    volatile uint64_t frame[24];
    for (int i = 0; i < 24; i++) frame[i] = (uint64_t)id * 1000003u + (uint64_t)depth * 31u + (uint64_t)i;
    if (depth > 0) {
        park_deep(id, depth - 1, rounds);
    } else {
        for (int r = 0; r < rounds; r++) {
            if (r % 2) sched_block(WAIT_QUEUE, &park_wq, -1);
            else sched_pass(0);
        }
    }
    for (int i = 0; i < 24; i++) {
        if (frame[i] == (uint64_t)id * 1000003u + (uint64_t)depth * 31u + (uint64_t)i) intact++;
        else broken++;
    }
}

static void parker(int id) { park_deep(id, id % 9, 6); }

static void test_parked_stacks_move(void)
{
    enum { N = 48 };
    struct task *t[N];
    intact = broken = 0;
    for (int i = 0; i < N; i++) t[i] = spawn(parker, i, i % 3 == 0);
    for (int live = N; live;) {
        /* wake the waiters one by one, in a seeded order, passing between */
        if (park_wq.head) {
            for (int skip = (int)(next_random() % 4); skip-- && park_wq.head->wq_next;)
                sched_pass(0);
            waitq_signal(&park_wq);
        }
        sched_pass(0);
        live = 0;
        for (int i = 0; i < N; i++) live += t[i]->g.status != GT_DEAD;
    }
    int expected = 0;
    for (int i = 0; i < N; i++) expected += 24 * (i % 9 + 1);
    CHECK(broken == 0);
    CHECK(intact == expected);
}

/* ------------------------------------------------------------ overflow */
static __attribute__((noinline)) int recurse(int n)
{
    volatile char pad[256];
    pad[0] = (char)n;
    if (n == -1) return 0;              /* never: keeps the compiler from calling it endless */
    return recurse(n + 1) + pad[0];
}

static void overflow(int arg) { recurse(0); }

/* What running off the bottom of the stack does: past the unused lowest
   page of its own slot, into the top of the slot below. */
static void smash_canary(int arg)
{
    memset(sched_current()->stack_lo - 4096 - 64, 0, 64);
    sched_pass(0);
}

/* ------------------------------------------------------------ homing */
/* Past the budget, a burst of new threads shares the last STACK_HOT_SLOTS
   slots made, one after another in different slots, so that spilling
   works in stacks that are in the cache; when all of those are busy,
   another slot.  Slots taken straight from the pool, with a budget of 100. */
enum { HOMING_BUDGET = 100, HOMING_TAKES = 300 };
static struct stack_slot *homing_own[HOMING_BUDGET];

static bool never_busy(const struct stack_slot *s) { (void)s; return false; }

static bool is_hot(const struct stack_slot *s)
{
    for (int i = HOMING_BUDGET - STACK_HOT_SLOTS; i < HOMING_BUDGET; i++)
        if (homing_own[i] == s) return true;
    return false;
}

static int distinct_slots(struct stack_slot **s, int n)
{
    int d = 0;
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < i && s[j] != s[i]) j++;
        d += j == i;
    }
    return d;
}

static void test_homing(void)
{
    struct stack_slot *shared[HOMING_TAKES];
    for (int i = 0; i < HOMING_BUDGET; i++) homing_own[i] = stack_take(NULL, never_busy);
    CHECK(distinct_slots(homing_own, HOMING_BUDGET) == HOMING_BUDGET);
    bool all_hot = true, apart = true;
    for (int i = 0; i < HOMING_TAKES; i++) {
        shared[i] = stack_take(NULL, never_busy);
        all_hot = all_hot && is_hot(shared[i]);
        apart = apart && (i == 0 || shared[i] != shared[i - 1]);
    }
    CHECK(all_hot);
    CHECK(apart);
    CHECK(distinct_slots(shared, HOMING_TAKES) == STACK_HOT_SLOTS);
    struct stack_slot *elsewhere = stack_take(NULL, is_hot);
    CHECK(!is_hot(elsewhere));
    stack_release(elsewhere, NULL);
    for (int i = 0; i < HOMING_TAKES; i++) stack_release(shared[i], NULL);
    for (int i = 0; i < HOMING_BUDGET; i++) stack_release(homing_own[i], NULL);
}

/* ------------------------------------------------------------ a parked thread's depth */
/* What a switch leaves on a parked thread's stack is kept for as long as
   it is parked, spilled with it when its slot is wanted: a million
   parked threads hold it a million times.  A thread blocked straight from
   its entry function holds its start (the colour offset, up to 224
   bytes), task_entry, the blocking call and the switch's frame with the
   saved context: with a 200-byte jmp_buf there, 472 bytes. */
static void test_parked_depth(void)
{
    waitq_init(&wq);
    size_t deepest = 0;
    struct task *t[8];
    for (int i = 0; i < 8; i++) t[i] = spawn(wait_on_wq, i, true);
    for (int i = 0; i < 8; i++) {
        size_t depth = (size_t)(t[i]->g.stack_hi - t[i]->g.saved_sp);
        if (depth > deepest) deepest = depth;
    }
#ifndef MR_SANITIZE                         /* red zones make every frame larger */
    CHECK(deepest <= 320);                   /* 256 with the compiler's setjmp */
#endif
    waitq_broadcast(&wq);
    for (int i = 0; i < 8; i++) join(t[i]);
}

/* Whether the mapping holding p is advised for transparent huge pages
   (/proc/self/smaps: "hg" among its VmFlags); -1 when not found. */
static int advised_huge(const void *p)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f) return -1;
    char line[512];
    int found = -1, in = 0;
    while (found < 0 && fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' '))
            in = (uintptr_t)p >= lo && (uintptr_t)p < hi;
        else if (in && strncmp(line, "VmFlags:", 8) == 0)
            found = strstr(line, " hg") != NULL;
    }
    fclose(f);
    return found;
}

static bool page_resident(const void *p)
{
    unsigned char vec;
    void *page = (void *)((uintptr_t)p & ~(uintptr_t)4095);
    return mincore(page, 4096, &vec) == 0 && (vec & 1);
}

/* A small chunk's pages become resident ahead of the carving, 64 KB at a
   time (POPULATE_AHEAD): the last page of a new block's 64 KB window is
   resident though nothing wrote there, the page past the next window is
   not.  Blocks are carved without being written.  It runs first, before
   anything is freed into the slab: each block is carved, none comes from
   a free list. */
static void test_slab_populated(void)
{
    enum { WINDOW = 64 * 1024, BLOCK = 1024, CHUNK = 2 * 1024 * 1024 };
    if (MALLOC_CHECKED()) return;
    int small = 0;
    for (int i = 0; i < 2 * WINDOW / BLOCK; i++) {
        char *b = slab_alloc(BLOCK);
        if (advised_huge(b) != 0) break;
        small++;
        uintptr_t window = (uintptr_t)(b + BLOCK - 1) & ~(uintptr_t)(WINDOW - 1);
        CHECK(page_resident((char *)window + WINDOW - 1));
        if ((window + WINDOW) % CHUNK)           /* still in the chunk */
            CHECK(!page_resident((char *)window + WINDOW));
    }
    CHECK(small > 0);                 /* the first chunks were not used up before */
}

/* Thread records: the slab's first two 2 MB chunks are 4 KB pages,
   resident as they are used, and the chunks after them huge pages
   (slab.c).  Under a memory checker every block is malloc's.  The bytes
   in use, which gc.c's memory budget counts, go back down when the
   blocks are freed. */
static void test_slab_chunks(void)
{
    enum { BLOCK = 2048, N = 5 * 1024 * 1024 / BLOCK };
    static void *b[N];
    size_t in_use = slab_in_use();
    for (int i = 0; i < N; i++) b[i] = slab_alloc(BLOCK);
    if (!MALLOC_CHECKED()) {
        CHECK(advised_huge(b[0]) == 0);
        CHECK(advised_huge(b[N - 1]) == 1);
        CHECK(slab_in_use() == in_use + (size_t)N * BLOCK);
    } else {
        CHECK(slab_in_use() == 0);
    }
    for (int i = 0; i < N; i++) slab_free(b[i], BLOCK);
    CHECK(slab_in_use() == in_use);
    b[0] = slab_alloc(BLOCK - 8);      /* from the free list, counted again by its class */
    CHECK(slab_in_use() == in_use + (MALLOC_CHECKED() ? 0 : BLOCK));
    slab_free(b[0], BLOCK - 8);
}

int main(int argc, char **argv)
{
    char here;
    main_task.g.stack_hi = &here;
    main_task.g.stack_lo = (char *)((uintptr_t)&here - 1024 * 1024);
    stack_pool_init();
    sched_interrupt_flag = &safe_point_flag;
    sched_init(&main_task.g);
    stack_guard_handler_install(main_task.g.stack_lo);
    if (argc > 1 && strcmp(argv[1], "overflow") == 0) {
        join(spawn(overflow, 0, true));
        return 0;                       /* not reached */
    }
    if (argc > 1 && strcmp(argv[1], "canary") == 0) {
        spawn(log_and_pass, 'x', false);    /* the lowest slot of the region */
        join(spawn(smash_canary, 0, true));
        return 0;                       /* not reached */
    }
    if (argc > 1 && strcmp(argv[1], "homing") == 0) {
        test_homing();
        printf("%d checks, %d failures\n", checks, failures);
        return failures != 0;
    }
    test_slab_populated();              /* first: nothing freed into the slab yet */
    test_round_robin();
    test_priorities();
    test_waitq();
    test_signal_passed_on();
    test_sleepers();
    test_timed_waitq();
    test_fd_wait();
    test_fd_rearm_after_close();
    test_fd_two_waiters_one_woken();
    test_fd_owned_ping_pong();
    test_fd_owned_two_readers();
    test_fd_owned_number_reused();
    test_deadlock();
    test_time_slices();
    test_spill_codec(true);
    test_spill_codec(false);
    test_parked_stacks_move();
    test_parked_depth();
    test_slab_chunks();
    CHECK(sched_count() == 1);
    printf("%d checks, %d failures\n", checks, failures);
    return failures != 0;
}

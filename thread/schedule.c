/* schedule.c: recorded, replayed and randomised schedules (schedule.h).
 *
 * The scheduler (sched.c) asks this file at each decision that is not a
 * function of the program alone: whether to preempt at a safe point, whom
 * to pick among equals, what the clock says, when a sleeper, a descriptor
 * or a signal wakes a thread.  In the real mode the answers are the usual
 * ones and nothing is asked; in the others they come from a seed or a file,
 * and what was decided can be written down.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <poll.h>
#include "schedule.h"
#include "policy.h"

enum schedule_mode schedule_mode = SCHED_REAL;
uint64_t schedule_step;
char schedule_where = 'b';

#define MAX_DEPTH 64

struct event {
    uint64_t step;
    char kind;                   /* P W T F S C */
    char where;                  /* T F: b (a block), s (a safe point), p (Thread.pass) */
    unsigned long by;            /* T F: the thread running then */
    unsigned long a, b;          /* thread ids, or a signal */
    double clock;                /* C */
    char *fds;                   /* F: "FD:REVENTS ..." */
};

#define OUT_BUF (256 * 1024)

static struct {
    FILE *out;                   /* recording */
    char buf[OUT_BUF];           /* events not yet written to out */
    size_t nbuf;
    bool virtual_time;
    double vclock;               /* virtual monotonic seconds */
    double wall_offset;          /* virtual wall clock = vclock + this */
    double last_clock;           /* replay: the clock of the last event */
    uint64_t rng;
    double rate;                 /* random: preemptions per safe point */
    struct event *ev;            /* replay: the events, in order */
    size_t nev, next;
    bool loose;                  /* replay of preemptions only (minimised) */
    char path[4096];
    /* PCT */
    int depth;
    uint64_t change_at[MAX_DEPTH];
    int nchanges, changes_done;
    uint64_t pct_next_prio;
} M;

/* ------------------------------------------------------------ randomness */
static uint64_t rnd(void)
{
    /* xorshift64*: small, good enough, the same everywhere */
    M.rng ^= M.rng >> 12;
    M.rng ^= M.rng << 25;
    M.rng ^= M.rng >> 27;
    return M.rng * 2685821657736338717ull;
}

static double rnd_unit(void) { return (double)(rnd() >> 11) / 9007199254740992.0; }

/* ------------------------------------------------------------ the file */
/* Events collect in a buffer written out when it fills, at fork and at
   exit: a switch notes its event on the stack of the thread it leaves,
   and stdio's frames there would take stack pages that a blocked thread
   otherwise never touches. */
static void out_flush(void)
{
    if (M.out && M.nbuf) fwrite(M.buf, 1, M.nbuf, M.out);
    M.nbuf = 0;
    if (M.out) fflush(M.out);
}

/* Room for an event of at most MAX bytes, formatted in place: a buffer on
   the stack would take stack too. */
static char *out_reserve(size_t max)
{
    if (M.nbuf + max > OUT_BUF) out_flush();
    return M.buf + M.nbuf;
}

static void out_commit(const char *end) { M.nbuf = (size_t)(end - M.buf); }

/* Events are formatted with these, not printf, for the same reason. */
static char *put_u(char *p, unsigned long v)
{
    char d[24];
    int n = 0;
    do { d[n++] = (char)('0' + v % 10); v /= 10; } while (v);
    while (n) *p++ = d[--n];
    return p;
}

static char *put_l(char *p, long v)
{
    if (v < 0) { *p++ = '-'; return put_u(p, (unsigned long)-v); }
    return put_u(p, (unsigned long)v);
}

static char *put_c(char *p, char c) { *p++ = ' '; *p++ = c; return p; }

/* "STEP KIND" then the fields, each after a space, and the newline */
static void emit(char kind, int n, const long *fields)
{
    char *p = put_u(out_reserve(160), (unsigned long)schedule_step);
    p = put_c(p, kind);
    for (int i = 0; i < n; i++) {
        *p++ = ' ';
        p = put_l(p, fields[i]);
    }
    *p++ = '\n';
    out_commit(p);
}
static void write_header(const char *spec)
{
    fprintf(M.out, "# miniruby schedule 1 %s\n# MINIRUBY_SCHED=%s\n",
            M.virtual_time ? "virtual" : "real", spec);
}

static bool parse_event(const char *line, struct event *e)
{
    char fds[4096] = "";
    int n = sscanf(line, "%lu %c", (unsigned long *)&e->step, &e->kind);
    if (n != 2) return false;
    const char *rest = strchr(line, e->kind) + 1;
    e->a = e->b = 0;
    e->fds = NULL;
    switch (e->kind) {
    case 'P': case 'W': return sscanf(rest, "%lu %lu", &e->a, &e->b) == 2;
    case 'T': e->where = 'b'; return sscanf(rest, "%lu %c %lu", &e->a, &e->where, &e->by) >= 1;
    case 'S': return sscanf(rest, "%lu", &e->a) == 1;
    case 'C': return sscanf(rest, "%lf", &e->clock) == 1;
    case 'O': {
        char k;
        long v;
        if (sscanf(rest, " %c %lu %ld", &k, &e->a, &v) != 3) return false;
        e->where = k;
        e->clock = (double)v;
        return true;
    }
    case 'F':
        e->where = 'b';
        if (sscanf(rest, "%lu %c %lu %4095[^\n]", &e->a, &e->where, &e->by, fds) < 3) return false;
        e->fds = strdup(fds);
        return true;
    default: return false;
    }
}

static bool load(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) { snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno)); return false; }
    char line[8192];
    size_t capa = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#') {
            if (strstr(line, "schedule 1 virtual")) M.virtual_time = true;
            continue;
        }
        if (line[0] == '\n') continue;
        if (M.nev == capa) {
            capa = capa ? capa * 2 : 1024;
            M.ev = realloc(M.ev, capa * sizeof *M.ev);
            if (!M.ev) abort();
        }
        if (!parse_event(line, &M.ev[M.nev])) {
            snprintf(err, errlen, "%s:%zu: not a schedule event: %s", path, lineno, line);
            fclose(f);
            return false;
        }
        M.nev++;
    }
    fclose(f);
    /* a file of preemptions alone (from the minimiser) is replayed loosely */
    M.loose = true;
    for (size_t i = 0; i < M.nev; i++)
        if (M.ev[i].kind != 'P') M.loose = false;
    return true;
}

/* ------------------------------------------------------------ start-up */
static double real_mono(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double real_wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static bool parse_seed(const char *s, uint64_t *seed, const char **rest)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || errno) return false;
    *seed = v;
    *rest = end;
    return true;
}

static void pct_setup(uint64_t steps)
{
    M.nchanges = M.depth - 1;
    for (int i = 0; i < M.nchanges; i++) M.change_at[i] = 1 + rnd() % (steps ? steps : 1);
    /* in order, so that the next one is first */
    for (int i = 1; i < M.nchanges; i++)
        for (int j = i; j > 0 && M.change_at[j] < M.change_at[j - 1]; j--) {
            uint64_t t = M.change_at[j]; M.change_at[j] = M.change_at[j - 1]; M.change_at[j - 1] = t;
        }
    M.pct_next_prio = (uint64_t)M.depth + 1;
}

static bool init_random(const char *arg, char *err, size_t errlen)
{
    uint64_t seed;
    const char *rest;
    if (!parse_seed(arg, &seed, &rest)) { snprintf(err, errlen, "random:SEED[:RATE] needs a number"); return false; }
    M.rate = 0.01;
    if (*rest == ':') {
        char *end;
        M.rate = strtod(rest + 1, &end);
        if (end == rest + 1 || *end || M.rate < 0 || M.rate > 1) {
            snprintf(err, errlen, "random:SEED:RATE needs a rate between 0 and 1");
            return false;
        }
    } else if (*rest) {
        snprintf(err, errlen, "random:SEED[:RATE]: unexpected '%s'", rest);
        return false;
    }
    M.rng = seed * 0x9e3779b97f4a7c15ull + 1;
    return true;
}

static bool init_pct(const char *arg, char *err, size_t errlen)
{
    uint64_t seed, steps = 10000;
    const char *rest;
    long depth;
    char *end;
    if (!parse_seed(arg, &seed, &rest) || *rest != ':' ||
        (depth = strtol(rest + 1, &end, 10)) < 1 || depth > MAX_DEPTH || end == rest + 1) {
        snprintf(err, errlen, "pct:SEED:DEPTH[:STEPS] needs a seed and a depth from 1 to %d", MAX_DEPTH);
        return false;
    }
    if (*end == ':') steps = strtoull(end + 1, NULL, 10);
    M.depth = (int)depth;
    M.rng = seed * 0x9e3779b97f4a7c15ull + 1;
    pct_setup(steps);
    schedule_mode = SCHED_PCT;
    schedule_thread_started(sched_main());      /* it ran before the mode was known */
    return true;
}

bool schedule_init(const char *spec, char *err, size_t errlen)
{
    const char *colon = strchr(spec, ':');
    size_t n = colon ? (size_t)(colon - spec) : strlen(spec);
    const char *arg = colon ? colon + 1 : "";
    bool ok;
    if (n == 6 && !strncmp(spec, "record", 6)) {
        schedule_mode = SCHED_RECORD;
        M.out = fopen(arg, "w");
        if (!M.out) { snprintf(err, errlen, "cannot write %s: %s", arg, strerror(errno)); return false; }
        write_header(spec);
        ok = true;
    } else if (n == 6 && !strncmp(spec, "replay", 6)) {
        schedule_mode = SCHED_REPLAY;
        snprintf(M.path, sizeof M.path, "%s", arg);
        ok = load(arg, err, errlen);
    } else if (n == 6 && !strncmp(spec, "random", 6)) {
        schedule_mode = SCHED_RANDOM;
        M.virtual_time = true;
        ok = init_random(arg, err, errlen);
    } else if (n == 3 && !strncmp(spec, "pct", 3)) {
        schedule_mode = SCHED_PCT;
        M.virtual_time = true;
        ok = init_pct(arg, err, errlen);
    } else {
        snprintf(err, errlen, "MINIRUBY_SCHED: unknown mode '%.*s' (record, replay, random or pct)", (int)n, spec);
        return false;
    }
    if (!ok) return false;
    M.vclock = real_mono();
    M.wall_offset = real_wall() - M.vclock;
    M.last_clock = M.vclock;
    /* random and pct may also write what they decided, for the minimiser */
    const char *rec = getenv("MINIRUBY_SCHED_RECORD");
    if (rec && !M.out && (schedule_mode == SCHED_RANDOM || schedule_mode == SCHED_PCT)) {
        M.out = fopen(rec, "w");
        if (M.out) write_header(spec);
    }
    return true;
}

bool schedule_virtual_time(void) { return M.virtual_time; }

void schedule_flush(void) { out_flush(); }

/* A forked child's schedule is none of the recording's business: it runs
   in real time (a random or pct child keeps its mode), and writes nothing
   (the parent flushed its buffer before forking). */
void schedule_after_fork(void)
{
    M.out = NULL;
    M.nbuf = 0;
    if (schedule_mode == SCHED_RECORD || schedule_mode == SCHED_REPLAY) {
        schedule_mode = SCHED_REAL;
        M.virtual_time = false;
    }
}

void schedule_finish(void)
{
    if (M.out) {
        out_flush();
        fprintf(M.out, "# end %lu\n", (unsigned long)schedule_step);
        fflush(M.out);
    }
}

void schedule_diverged(const char *what)
{
    fflush(stdout);
    fprintf(stderr, "miniruby: replay of %s diverged at step %lu: %s\n", M.path,
            (unsigned long)schedule_step, what);
    fflush(stderr);
    _Exit(3);
}

/* ------------------------------------------------------------ the clock */
double schedule_now(void)
{
    if (M.virtual_time) return M.vclock;
    if (schedule_mode == SCHED_REPLAY) return M.last_clock;
    return real_mono();
}

void schedule_advance(double to)
{
    if (to > M.vclock) M.vclock = to;
}

double schedule_clock_read(double real)
{
    if (schedule_mode == SCHED_REPLAY && !M.virtual_time) {
        if (M.next >= M.nev || M.ev[M.next].kind != 'C' || M.ev[M.next].step != schedule_step)
            schedule_diverged("the clock was read where the recording did not read it");
        return M.ev[M.next++].clock;
    }
    double v = M.virtual_time ? M.vclock + M.wall_offset : real;
    if (M.out && !M.virtual_time) {
        char *line = out_reserve(64);
        int n = snprintf(line, 64, "%lu C %.9f\n", (unsigned long)schedule_step, v);
        out_commit(line + n);
    }
    return v;
}

/* ------------------------------------------------------------ decisions */
static struct event *due(char kind)
{
    /* a loose (minimised) schedule skips what it could not apply */
    while (M.loose && M.next < M.nev && M.ev[M.next].step < schedule_step) M.next++;
    if (M.next >= M.nev) return NULL;
    struct event *e = &M.ev[M.next];
    if (e->step < schedule_step) {
        char what[96];
        snprintf(what, sizeof what, "the event recorded at step %lu (%c) did not happen",
                 (unsigned long)e->step, e->kind);
        schedule_diverged(what);
    }
    return e->kind == kind && e->step == schedule_step ? e : NULL;
}

static unsigned long id_of(struct gthread *t) { return t ? t->id : 0; }

void schedule_thread_started(struct gthread *t)
{
    /* PCT: each thread a random priority above the change points' */
    if (schedule_mode == SCHED_PCT) t->sched_prio = M.pct_next_prio + rnd() % 1000000;
}

bool schedule_preempt_here(struct gthread *cur)
{
    switch (schedule_mode) {
    case SCHED_RANDOM:
        if (M.virtual_time) M.vclock += 1e-6;
        return M.rate > 0 && rnd_unit() < M.rate;
    case SCHED_PCT:
        M.vclock += 1e-6;
        if (M.changes_done < M.nchanges && schedule_step >= M.change_at[M.changes_done]) {
            cur->sched_prio = (uint64_t)(M.nchanges - M.changes_done);   /* below every thread's */
            M.changes_done++;
        }
        return true;     /* schedule_pick decides whether anyone outranks cur */
    case SCHED_REPLAY: {
        if (M.virtual_time) M.vclock += 1e-6;
        struct event *e = due('P');
        if (!e) return false;
        if (!M.loose && e->a != id_of(cur)) schedule_diverged("a preemption of another thread was recorded here");
        return true;
    }
    default:
        return false;
    }
}

/* Among the runnable threads of the best priority: random picks one;
   PCT the one of highest PCT priority; replay the recorded one. */
struct gthread *schedule_pick(void)
{
    size_t n = policy_best_count();
    if (!n) return NULL;
    struct gthread *t = NULL;
    if (schedule_mode == SCHED_RANDOM) {
        t = policy_best_nth((size_t)(rnd() % n));
    } else if (schedule_mode == SCHED_PCT) {
        for (size_t i = 0; i < n; i++) {
            struct gthread *c = policy_best_nth(i);
            if (!t || c->sched_prio > t->sched_prio) t = c;
        }
    } else if (schedule_mode == SCHED_REPLAY && (due('W') || due('P'))) {
        unsigned long want = M.ev[M.next].b;
        for (size_t i = 0; i < n && !t; i++)
            if (policy_best_nth(i)->id == want) t = policy_best_nth(i);
        if (!t && !M.loose) schedule_diverged("the thread recorded to run next is not runnable");
    }
    if (t) policy_remove(t);
    return t;
}

void schedule_note(char kind, struct gthread *a, struct gthread *b)
{
    if (schedule_mode == SCHED_REPLAY) {
        if (kind == 'P') {
            if (due('P')) M.next++;
            return;
        }
        if (kind != 'W' || M.loose) return;
        struct event *e = due('W');
        if (!e || e->a != id_of(a) || e->b != id_of(b)) {
            char what[200];
            static const char *const why[] = { "", "signalled", "ready", "timed out", "resumed", "interrupted" };
            if (M.next < M.nev)
                snprintf(what, sizeof what, "thread %lu switched to thread %lu (%s); the recording has \"%lu %c %lu %lu\"",
                         id_of(a), id_of(b), b ? why[b->woke] : "", (unsigned long)M.ev[M.next].step,
                         M.ev[M.next].kind, M.ev[M.next].a, M.ev[M.next].b);
            else
                snprintf(what, sizeof what, "thread %lu switched to thread %lu past the end of the recording",
                         id_of(a), id_of(b));
            schedule_diverged(what);
        }
        M.next++;
        return;
    }
    if (!M.out || (kind == 'T' && M.virtual_time)) return;
    if (kind == 'T') {
        char *p = put_u(out_reserve(96), (unsigned long)schedule_step);
        p = put_c(p, 'T');
        *p++ = ' ';
        p = put_u(p, id_of(a));
        p = put_c(p, schedule_where);
        *p++ = ' ';
        p = put_u(p, id_of(sched_current()));
        *p++ = '\n';
        out_commit(p);
        return;
    }
    long f[2] = { (long)id_of(a), (long)id_of(b) };
    emit(kind, 2, f);
}

void schedule_note_signal(int sig)
{
    if (M.out && !M.virtual_time) {
        long f[1] = { sig };
        emit('S', 1, f);
    }
}

void schedule_note_fds(struct gthread *t)
{
    if (!M.out || M.virtual_time) return;
    int n = t->fdw ? t->fdw->n : 0;
    char *p = put_u(out_reserve(64 + (size_t)n * 48), (unsigned long)schedule_step);
    p = put_c(p, 'F');
    *p++ = ' ';
    p = put_u(p, t->id);
    p = put_c(p, schedule_where);
    *p++ = ' ';
    p = put_u(p, id_of(sched_current()));
    for (int i = 0; i < n; i++)
        if (t->fdw->fds[i].revents) {
            *p++ = ' ';
            p = put_l(p, t->fdw->fds[i].fd);
            *p++ = ':';
            p = put_l(p, t->fdw->fds[i].revents);
        }
    *p++ = '\n';
    out_commit(p);
}

int schedule_signal_due(void)
{
    struct event *e = schedule_mode == SCHED_REPLAY ? due('S') : NULL;
    if (!e) return 0;
    M.next++;
    return (int)e->a;
}

/* Replay: the wake-ups recorded at this step.  A descriptor wake-up waits
   until the descriptors really are ready (the outside world may be slower
   than it was), with the recorded events, then wakes the thread. */
bool schedule_replay_wakes(void (*wake)(struct gthread *t, char kind), struct gthread *(*find)(unsigned long id))
{
    bool any = false;
    struct event *e;
    while (((e = due('T')) || (e = due('F'))) && e->where == schedule_where && e->by == id_of(sched_current())) {
        struct gthread *t = find(e->a);
        if (!t || t->status != GT_BLOCKED) schedule_diverged("a wake-up was recorded for a thread that is not blocked");
        M.last_clock = M.last_clock > 0 ? M.last_clock : real_mono();
        if (e->kind == 'T') {
            if (t->heap_index < 0) schedule_diverged("a timeout was recorded for a thread without a deadline");
            M.last_clock = t->wake_at > M.last_clock ? t->wake_at : M.last_clock;
        } else {
            struct fd_wait *w = t->fdw;
            if (!w || w->n == 0) schedule_diverged("a descriptor wake-up was recorded for a thread not waiting on one");
            struct pollfd copy[w->n];
            for (int i = 0; i < w->n; i++) copy[i] = w->fds[i];
            while (poll(copy, (nfds_t)w->n, -1) < 0 && errno == EINTR)
                ;
            for (int i = 0; i < w->n; i++) w->fds[i].revents = copy[i].revents;
        }
        M.next++;
        wake(t, e->kind);
        any = true;
    }
    return any;
}

bool schedule_replay_done(void) { return M.next >= M.nev; }

/* ------------------------------------------------------------ the outside world */
/* The seed rand chooses for itself: recorded and replayed as four words,
   or, in virtual time, drawn from the schedule's seed. */
void schedule_random_seed(uint32_t w[4])
{
    for (int i = 0; i < 4; i++) {
        if (M.virtual_time) w[i] = (uint32_t)rnd();
        else if (schedule_replaying()) w[i] = (uint32_t)schedule_replay_outcome('n');
        else if (schedule_mode == SCHED_RECORD) schedule_note_outcome('n', (long)w[i]);
    }
}

bool schedule_replaying(void) { return schedule_mode == SCHED_REPLAY && !M.virtual_time; }

void schedule_note_outcome(char kind, long value)
{
    if (!M.out || M.virtual_time) return;
    char *p = put_u(out_reserve(96), (unsigned long)schedule_step);
    p = put_c(p, 'O');
    p = put_c(p, kind);
    *p++ = ' ';
    p = put_u(p, id_of(sched_current()));
    *p++ = ' ';
    p = put_l(p, value);
    *p++ = '\n';
    out_commit(p);
}

long schedule_replay_outcome(char kind)
{
    struct event *e = due('O');
    if (!e || e->where != kind || e->a != id_of(sched_current())) {
        char what[96];
        snprintf(what, sizeof what, "thread %lu asked the outside world (%c) where the recording did not",
                 id_of(sched_current()), kind);
        schedule_diverged(what);
    }
    M.next++;
    return (long)e->clock;
}

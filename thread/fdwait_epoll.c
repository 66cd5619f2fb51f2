/* fdwait_epoll.c: fd waiters on epoll(7) (fdwait.h).
 *
 * Each waiting thread hangs a link per fd on that descriptor's list.  A
 * descriptor is registered one-shot: armed for the union of what its
 * waiters want when the first of them starts waiting, disarmed by the
 * kernel at its first report.  A thread that stops waiting costs no
 * system call (an armed descriptor nobody waits on reports once, is
 * ignored, and is left disarmed), and one that starts costs one (a
 * re-arming EPOLL_CTL_MOD, where a level-triggered registration would
 * have added and removed: two).  A poll reads only the ready descriptors
 * and walks only their lists: O(ready).  The registration stays when the
 * descriptor closes without our knowing (the kernel forgets it then):
 * re-arming finds out (ENOENT) and adds it, and a generation in each
 * report's data tells a report of the descriptor's earlier file from one
 * of its present file.
 *
 * A wait through sched_poll_owned (fd_edge: it follows EAGAIN, on a
 * descriptor whose every close the scheduler is told of) makes the
 * registration edge-triggered and lasting instead, and later waits on
 * the descriptor cost no system call at all: the call that said EAGAIN
 * has looked, so whatever comes after it is an edge, and every other wait
 * looks before it waits (poll_now).  Such a descriptor stays
 * edge-triggered until fdwait_closed, so no re-arming is needed to find
 * a closed one.  Its reports wake every
 * waiter that wants them: two readers woken by one edge both try again,
 * and the one that finds nothing waits again.
 * Descriptors epoll cannot watch (regular files: EPERM) are always
 * ready, as poll(2) says; a closed one (EBADF) is ready with POLLNVAL.
 */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/epoll.h>
#include "fdwait.h"

struct fdlink {                  /* one fd of one waiting thread */
    struct gthread *t;
    int idx;                     /* its position in t->fdw->fds */
    struct fdlink *prev, *next;
};

struct fdentry {
    struct fdlink *head;
    uint32_t armed;              /* events armed for; 0: disarmed or not added */
    uint32_t gen;                /* bumped when the number names a new file */
    bool added;                  /* in the epoll set (as far as we know) */
    bool edge;                   /* edge-triggered and lasting, until closed */
};

#define EFD_TAG UINT64_MAX       /* epoll data of the event fd */

static struct {
    int epfd, efd;               /* efd: the event fd once added, else -1 */
    struct fdentry *fds;         /* by descriptor number */
    size_t nfds;
    struct gthread **w;          /* waiting threads; t->fdw->index is the position */
    size_t n, capa;
    struct gthread **ready;      /* scratch: threads found ready by a poll */
    size_t nready;
    size_t always;               /* links on descriptors epoll cannot watch */
    struct epoll_event evs[256];
} E = { -1, -1, NULL, 0, NULL, 0, 0, NULL, 0, 0, { { 0, { 0 } } } };

static void *grow(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) abort();
    return p;
}

static int epfd(void)
{
    if (E.epfd < 0) E.epfd = epoll_create1(EPOLL_CLOEXEC);
    if (E.epfd < 0) abort();
    return E.epfd;
}

static struct fdentry *entry(int fd)
{
    if ((size_t)fd >= E.nfds) {
        size_t n = E.nfds ? E.nfds : 64;
        while (n <= (size_t)fd) n *= 2;
        E.fds = grow(E.fds, n * sizeof *E.fds);
        for (size_t i = E.nfds; i < n; i++) E.fds[i] = (struct fdentry){ NULL, 0, 0, false, false };
        E.nfds = n;
    }
    return &E.fds[fd];
}

static uint32_t to_epoll(short ev)
{
    return (ev & POLLIN ? EPOLLIN : 0) | (ev & POLLOUT ? EPOLLOUT : 0) | (ev & POLLPRI ? EPOLLPRI : 0);
}

static short from_epoll(uint32_t ev)
{
    return (short)((ev & EPOLLIN ? POLLIN : 0) | (ev & EPOLLOUT ? POLLOUT : 0) | (ev & EPOLLPRI ? POLLPRI : 0) |
                   (ev & EPOLLERR ? POLLERR : 0) | (ev & EPOLLHUP ? POLLHUP : 0));
}

static uint64_t tag(int fd, const struct fdentry *e) { return (uint64_t)e->gen << 32 | (uint32_t)fd; }

/* Arm fd for what its waiters want now.  first: the waiter just linked is
   the only one, and the descriptor may have closed since it was last
   armed, so ask the kernel even when the mask says armed (not for an
   edge-triggered one: its closing is known).  edge: the waiter's call
   said EAGAIN.  Returns 0, or the errno of a descriptor epoll cannot
   watch. */
static int arm(int fd, struct fdentry *e, bool first, bool edge)
{
    uint32_t want = 0;
    for (struct fdlink *l = e->head; l; l = l->next) want |= to_epoll(l->t->fdw->fds[l->idx].events);
    if (e->edge) want |= e->armed;           /* what it watches, it keeps watching */
    edge = edge || e->edge;
    if (e->added && !(want & ~e->armed) && (e->edge || (!first && !edge))) return 0;
    struct epoll_event ev = { want | (edge ? EPOLLET : EPOLLONESHOT), { .u64 = tag(fd, e) } };
    int r = -1;
    if (e->added && (r = epoll_ctl(epfd(), EPOLL_CTL_MOD, fd, &ev)) < 0 && errno == ENOENT) {
        e->added = false;                        /* the kernel forgot a closed file */
        e->gen++;
    }
    if (!e->added) {
        ev.data.u64 = tag(fd, e);
        r = epoll_ctl(epfd(), EPOLL_CTL_ADD, fd, &ev);
        if (r < 0 && errno == EEXIST) r = epoll_ctl(epfd(), EPOLL_CTL_MOD, fd, &ev);
    }
    if (r < 0) return errno;
    e->added = true;
    e->armed = want;
    e->edge = edge;
    return 0;
}

/* ------------------------------------------------------------ registering */
void fdwait_add(struct gthread *t)
{
    if (E.n == E.capa) {
        E.capa = E.capa ? E.capa * 2 : 16;
        E.w = grow(E.w, E.capa * sizeof *E.w);
        E.ready = grow(E.ready, E.capa * sizeof *E.ready);
    }
    t->fdw->index = (long)E.n;
    E.w[E.n++] = t;
    struct fdlink *links = grow(NULL, (size_t)t->fdw->n * sizeof *links);
    t->fdw->links = links;
    for (int i = 0; i < t->fdw->n; i++) {
        int fd = t->fdw->fds[i].fd;
        struct fdlink *l = &links[i];
        *l = (struct fdlink){ t, i, NULL, NULL };
        if (fd < 0) { l->idx = -1; continue; }          /* poll(2) ignores these */
        struct fdentry *e = entry(fd);
        l->next = e->head;
        if (e->head) e->head->prev = l;
        e->head = l;
        int err = arm(fd, e, !l->next, t->fdw->edge);
        if (err) {
            /* not watchable: ready at once, as poll(2) would say */
            t->fdw->fds[i].revents = err == EPERM ? t->fdw->fds[i].events : POLLNVAL;
            e->head = l->next;
            if (l->next) l->next->prev = NULL;
            l->idx = -1;
            E.always++;
        }
    }
}

void fdwait_remove(struct gthread *t)
{
    struct fdlink *links = t->fdw->links;
    for (int i = 0; i < t->fdw->n; i++) {
        struct fdlink *l = &links[i];
        if (l->idx < 0) {
            if (t->fdw->fds[i].revents && t->fdw->fds[i].fd >= 0) E.always--;
            continue;
        }
        int fd = t->fdw->fds[i].fd;
        struct fdentry *e = &E.fds[fd];
        if (l->prev) l->prev->next = l->next;
        else e->head = l->next;
        if (l->next) l->next->prev = l->prev;
        /* still armed if it was: a report for nobody is ignored once */
    }
    free(links);
    t->fdw->links = NULL;
    size_t i = (size_t)t->fdw->index;
    t->fdw->index = -1;
    E.w[i] = E.w[--E.n];
    if (i < E.n) E.w[i]->fdw->index = (long)i;
}

size_t fdwait_count(void) { return E.n; }

/* ------------------------------------------------------------ polling */
static void mark_ready(struct gthread *t)
{
    if (t->fdw->marked) return;
    t->fdw->marked = true;
    E.ready[E.nready++] = t;
}

/* Wake what a poll found: collected first, since waking removes threads
   from the lists being walked. */
static void wake_marked(void (*ready)(struct gthread *t))
{
    size_t k = E.nready;
    E.nready = 0;
    for (size_t i = 0; i < k; i++) E.ready[i]->fdw->marked = false;
    for (size_t i = 0; i < k; i++) ready(E.ready[i]);
}

static void collect_always_ready(void)
{
    if (!E.always) return;
    for (size_t i = 0; i < E.n; i++) {
        struct gthread *t = E.w[i];
        struct fdlink *links = t->fdw->links;
        for (int j = 0; j < t->fdw->n; j++)
            if (links[j].idx < 0 && t->fdw->fds[j].revents) { mark_ready(t); break; }
    }
}

static void fd_ready(int fd, short revents)
{
    for (struct fdlink *l = E.fds[fd].head; l; l = l->next) {
        struct pollfd *p = &l->t->fdw->fds[l->idx];
        short got = revents & (p->events | POLLERR | POLLHUP);
        if (got) {
            p->revents = got;
            mark_ready(l->t);
        }
    }
}

/* The report's descriptor, or -1 for a report of a file the number no
   longer names. */
static int reported_fd(uint64_t data)
{
    size_t fd = (uint32_t)data;
    if (fd >= E.nfds || E.fds[fd].gen != (uint32_t)(data >> 32)) return -1;
    return (int)fd;
}

/* A report disarmed its descriptor: arm it again for the waiters the
   report did not wake (they want other events).  One the kernel refuses
   now (closed under them) is theirs with POLLNVAL. */
static void rearm_reported(int n)
{
    for (int i = 0; i < n; i++) {
        if (E.evs[i].data.u64 == EFD_TAG) continue;
        int fd = reported_fd(E.evs[i].data.u64);
        if (fd < 0 || !E.fds[fd].head || E.fds[fd].armed) continue;
        if (arm(fd, &E.fds[fd], false, false) == 0) continue;
        for (struct fdlink *l = E.fds[fd].head; l; l = l->next) {
            l->t->fdw->fds[l->idx].revents = POLLNVAL;
            mark_ready(l->t);
        }
    }
}

bool fdwait_poll(int timeout_ms, int efd, void (*ready)(struct gthread *t))
{
    if (efd >= 0 && E.efd != efd) {
        struct epoll_event ev = { EPOLLIN, { .u64 = EFD_TAG } };
        if (epoll_ctl(epfd(), EPOLL_CTL_ADD, efd, &ev) == 0) E.efd = efd;
    }
    E.nready = 0;
    collect_always_ready();
    if (E.nready) timeout_ms = 0;
    int n = epoll_wait(epfd(), E.evs, (int)(sizeof E.evs / sizeof E.evs[0]), timeout_ms);
    bool event = false;
    for (int i = 0; i < n; i++) {
        if (E.evs[i].data.u64 == EFD_TAG) { event = true; continue; }
        int fd = reported_fd(E.evs[i].data.u64);
        if (fd < 0) continue;
        if (!E.fds[fd].edge) E.fds[fd].armed = 0;          /* one-shot: disarmed */
        fd_ready(fd, from_epoll(E.evs[i].events));
    }
    wake_marked(ready);
    rearm_reported(n);
    wake_marked(ready);
    return event;
}

/* fd is about to be closed (or to name another file).  Its registration
   goes now, while the number still names the file: one left behind would
   outlive the number when another descriptor shares the file. */
void fdwait_closed(int fd, void (*ready)(struct gthread *t))
{
    if (fd < 0 || (size_t)fd >= E.nfds) return;
    struct fdentry *e = &E.fds[fd];
    E.nready = 0;
    for (struct fdlink *l = e->head; l; l = l->next) {
        l->t->fdw->fds[l->idx].revents = POLLNVAL;
        mark_ready(l->t);
    }
    wake_marked(ready);
    if (e->added) epoll_ctl(epfd(), EPOLL_CTL_DEL, fd, NULL);
    e->added = false;
    e->armed = 0;
    e->edge = false;
    e->gen++;
}

/* In a forked child: the epoll instance is shared with the parent, whose
   registrations must not change.  Forget everything (the threads that
   waited are gone in the child) and start a new instance when needed. */
void fdwait_after_fork(void)
{
    for (size_t i = 0; i < E.n; i++) {
        free(E.w[i]->fdw->links);
        E.w[i]->fdw->links = NULL;
        E.w[i]->fdw->index = -1;
    }
    E.n = 0;
    E.always = 0;
    for (size_t i = 0; i < E.nfds; i++) E.fds[i] = (struct fdentry){ NULL, 0, 0, false, false };
    if (E.epfd >= 0) close(E.epfd);
    E.epfd = -1;
    E.efd = -1;
}

/* fdwait_poll.c: fd waiters on poll(2), rebuilt at each poll (fdwait.h). */
#include <poll.h>
#include <stdlib.h>
#include "fdwait.h"

static struct {
    struct gthread **w;          /* waiting threads; t->fdw->index is the position */
    struct gthread **ready;      /* scratch, as big as w */
    size_t n, capa;
    struct pollfd *pfds;
    size_t pfds_capa;
} F;

static void *grow(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) abort();
    return p;
}

void fdwait_add(struct gthread *t)
{
    if (F.n == F.capa) {
        F.capa = F.capa ? F.capa * 2 : 16;
        F.w = grow(F.w, F.capa * sizeof *F.w);
        F.ready = grow(F.ready, F.capa * sizeof *F.ready);
    }
    t->fdw->index = (long)F.n;
    F.w[F.n++] = t;
}

void fdwait_remove(struct gthread *t)
{
    size_t i = (size_t)t->fdw->index;
    t->fdw->index = -1;
    F.w[i] = F.w[--F.n];
    if (i < F.n) F.w[i]->fdw->index = (long)i;
}

size_t fdwait_count(void) { return F.n; }

bool fdwait_poll(int timeout_ms, int efd, void (*ready)(struct gthread *t))
{
    size_t total = 0, n = F.n;
    for (size_t i = 0; i < n; i++) total += (size_t)F.w[i]->fdw->n;
    if (F.pfds_capa < total + 1) {
        F.pfds_capa = total * 2 + 1;
        F.pfds = grow(F.pfds, F.pfds_capa * sizeof *F.pfds);
    }
    for (size_t i = 0, k = 0; i < n; i++)
        for (int j = 0; j < F.w[i]->fdw->n; j++, k++) {
            F.pfds[k] = F.w[i]->fdw->fds[j];
            F.pfds[k].revents = 0;
        }
    F.pfds[total] = (struct pollfd){ efd, POLLIN, 0 };
    int r = poll(F.pfds, total + (efd >= 0), timeout_ms);
    if (r <= 0) return false;
    size_t nready = 0;
    for (size_t i = 0, k = 0; i < n; i++) {
        struct gthread *t = F.w[i];
        bool any = false;
        for (int j = 0; j < t->fdw->n; j++, k++)
            if ((t->fdw->fds[j].revents = F.pfds[k].revents)) any = true;
        if (any) F.ready[nready++] = t;
    }
    /* waking reorders w: collect first, then wake */
    for (size_t i = 0; i < nready; i++) ready(F.ready[i]);
    return efd >= 0 && F.pfds[total].revents;
}

void fdwait_closed(int fd, void (*ready)(struct gthread *t))
{
    size_t nready = 0;
    for (size_t i = 0; i < F.n; i++) {
        struct gthread *t = F.w[i];
        bool any = false;
        for (int j = 0; j < t->fdw->n; j++)
            if (t->fdw->fds[j].fd == fd) { t->fdw->fds[j].revents = POLLNVAL; any = true; }
        if (any) F.ready[nready++] = t;
    }
    for (size_t i = 0; i < nready; i++) ready(F.ready[i]);
}

void fdwait_after_fork(void)
{
    for (size_t i = 0; i < F.n; i++) F.w[i]->fdw->index = -1;
    F.n = 0;
}

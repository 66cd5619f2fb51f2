/* sock_resolv.c: name lookups that block only the calling green thread.
 *
 * getaddrinfo and getnameinfo may wait seconds for a name server, and
 * have no non-blocking form: each lookup runs on a helper pthread (with
 * every signal blocked, so the thread timer and the interpreter's
 * handlers stay on the main thread), which writes to an eventfd when it
 * is done; the green thread waits on that eventfd through the scheduler.
 * Numeric addresses need no helper.  A thread raised or killed while it
 * waits leaves the job to the helper, which frees it when it ends: the
 * job is plain malloc'd memory that nothing of the interpreter points to. */
#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include "sock_resolv.h"

struct job {
    pthread_mutex_t lock;
    bool done, abandoned;      /* under lock */
    int efd;
    bool gni;                  /* getnameinfo, else getaddrinfo */
    /* getaddrinfo */
    char *host, *serv;
    struct addrinfo hints, *res;
    bool aliases;              /* also the canonical name's aliases */
    char *alias_buf;           /* NUL-separated, ends with an empty one */
    /* getnameinfo */
    struct sockaddr_storage sa;
    socklen_t salen;
    int flags;
    bool want_serv;
    char hbuf[NI_MAXHOST], sbuf[NI_MAXSERV];
    int err, sys_errno;
};

/* The aliases of name, through the reentrant gethostbyname. */
static char *lookup_aliases(const char *name)
{
    struct hostent he, *hp = NULL;
    size_t blen = 8192;
    char *buf = malloc(blen);
    int herr;
    while (buf && gethostbyname_r(name, &he, buf, blen, &hp, &herr) == ERANGE) {
        char *nb = realloc(buf, blen *= 2);
        if (!nb) { free(buf); return NULL; }
        buf = nb;
    }
    size_t n = 1;
    if (hp && hp->h_aliases)
        for (char **a = hp->h_aliases; *a; a++) n += strlen(*a) + 1;
    char *out = malloc(n), *p = out;
    if (out && hp && hp->h_aliases)
        for (char **a = hp->h_aliases; *a; a++) p = stpcpy(p, *a) + 1;
    if (out) *p = 0;
    free(buf);
    return out;
}

static void job_run(struct job *j)
{
    errno = 0;
    if (j->gni) {
        j->err = getnameinfo((struct sockaddr *)&j->sa, j->salen, j->hbuf, sizeof j->hbuf,
                             j->want_serv ? j->sbuf : NULL, j->want_serv ? sizeof j->sbuf : 0, j->flags);
    } else {
        j->err = getaddrinfo(j->host, j->serv, &j->hints, &j->res);
        if (j->err == 0 && j->aliases && j->res->ai_canonname)
            j->alias_buf = lookup_aliases(j->res->ai_canonname);
    }
    j->sys_errno = errno;
}

static void job_free(struct job *j)
{
    if (j->res) freeaddrinfo(j->res);
    free(j->host);
    free(j->serv);
    free(j->alias_buf);
    if (j->efd >= 0) close(j->efd);
    pthread_mutex_destroy(&j->lock);
    free(j);
}

static void *job_thread(void *arg)
{
    struct job *j = arg;
    job_run(j);
    pthread_mutex_lock(&j->lock);
    j->done = true;
    bool orphan = j->abandoned;
    if (!orphan) {
        uint64_t one = 1;
        ssize_t w = write(j->efd, &one, sizeof one);
        (void)w;
    }
    pthread_mutex_unlock(&j->lock);
    if (orphan) job_free(j);
    return NULL;
}

static bool job_done(struct job *j)
{
    pthread_mutex_lock(&j->lock);
    bool d = j->done;
    pthread_mutex_unlock(&j->lock);
    return d;
}

static VALUE job_wait(VALUE arg)
{
    struct job *j = (struct job *)arg;
    while (!job_done(j)) green_wait_fd(j->efd, POLLIN, -1);
    return Qnil;
}

static bool job_start(struct job *j)
{
    j->efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (j->efd < 0) return false;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return false;
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pthread_t t;
    bool ok = pthread_create(&t, &attr, job_thread, j) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attr);
    return ok;
}

/* Run j on a helper thread and wait for it (here, if no thread starts).
   On a raise meanwhile the helper is left to free j. */
static void job_exec(struct job *j, bool local)
{
    if (local || !job_start(j)) {
        job_run(j);
        return;
    }
    int state;
    vm_protect(job_wait, (VALUE)j, &state);
    if (state) {
        pthread_mutex_lock(&j->lock);
        bool d = j->done;
        j->abandoned = true;
        pthread_mutex_unlock(&j->lock);
        if (d) job_free(j);
        vm_jump_state(state);
    }
}

static struct job *job_new(void)
{
    struct job *j = calloc(1, sizeof *j);
    if (!j) exc_raise(core_classes->NoMemoryError, "failed to allocate memory");
    pthread_mutex_init(&j->lock, NULL);
    j->efd = -1;
    return j;
}

static bool numeric_host(const char *h)
{
    unsigned char buf[sizeof(struct in6_addr)];
    return !h || inet_pton(AF_INET, h, buf) == 1 || inet_pton(AF_INET6, h, buf) == 1;
}

/* ------------------------------------------------------------ the API */
int resolv_getaddrinfo(const char *host, const char *serv, const struct addrinfo *hints,
                       struct addrinfo **res, char **aliases, int *sys_errno)
{
    struct job *j = job_new();
    j->host = host ? strdup(host) : NULL;
    j->serv = serv ? strdup(serv) : NULL;
    j->hints = *hints;
    j->aliases = aliases != NULL;
    job_exec(j, numeric_host(host));
    int err = j->err;
    *res = j->res;
    j->res = NULL;
    if (aliases) {
        *aliases = j->alias_buf;
        j->alias_buf = NULL;
    }
    *sys_errno = j->sys_errno;
    job_free(j);
    return err;
}

int resolv_getnameinfo(const struct sockaddr *sa, socklen_t len, char *host, size_t hlen, char *serv,
                       size_t slen, int flags, int *sys_errno)
{
    struct job *j = job_new();
    if (len > sizeof j->sa) len = sizeof j->sa;
    memcpy(&j->sa, sa, len);
    j->salen = len;
    j->flags = flags;
    j->want_serv = serv != NULL;
    j->gni = true;
    job_exec(j, (flags & NI_NUMERICHOST) != 0);
    int err = j->err;
    if (!err) {
        snprintf(host, hlen, "%s", j->hbuf);
        if (serv) snprintf(serv, slen, "%s", j->sbuf);
    }
    *sys_errno = j->sys_errno;
    job_free(j);
    return err;
}

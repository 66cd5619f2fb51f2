/* loadgen.c: the load generator of the echo benchmark (test/bench/echo/run).
 *
 *   usage: loadgen HOST PORT CONNS MSGS [SIZE [WINDOW [TIMEOUT]]]
 *
 * One thread, one epoll set, non-blocking sockets.  It opens CONNS TCP
 * connections to a line echo server, at most WINDOW (default 500) of them
 * being set up at a time so the listen backlog never overflows.  A
 * connection counts as held once the echo of its first line (the hello) has
 * come back: the server then has a thread (goroutine, greenlet) serving it.
 * When every connection is held, or has failed, all of them start at the
 * same moment to send MSGS lines of SIZE bytes (default 32, newline
 * included) one after the other, each line sent when the echo of the
 * previous one has come back and been checked byte for byte.  The round
 * trip of every line is timed.  Then all connections are closed.
 *
 * Output, one line on stdout:
 *   RESULT held N errors N msgs N seconds S rate R p50_us N p99_us N
 *          max_us N connect_s S
 * (rate is messages per second over the message phase; errors counts
 * connections that failed: refused, reset, closed early, a wrong echo, or
 * unfinished at TIMEOUT seconds, default 300).  The first errors are also
 * described on stderr.  Exit status 0 when there was no error. */
#define _GNU_SOURCE
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum state { IDLE, CONNECTING, HELLO, HELD, RUNNING, DONE, FAILED };

struct conn {
    int fd;
    enum state state;
    uint32_t seq;          /* the line in flight: 0 is the hello */
    uint32_t got;          /* bytes of its echo received so far */
    uint32_t sent;         /* bytes of it written so far */
    double t_send;
};

static struct {
    struct sockaddr_storage addr;
    socklen_t addrlen;
    int conns, msgs, size, window, timeout;
    int ep;
    struct conn *c;
    char *line, *buf;      /* the line being built, and the read buffer */
    uint32_t *lat;         /* round trips of the message phase, in us */
    size_t nlat;
    int next, setting_up, held, errors, done, reported;
    double t_start;
} g;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(const char *what)
{
    perror(what);
    exit(2);
}

/* The expected content of line SEQ of connection ID. */
static void make_line(char *out, int id, uint32_t seq)
{
    int n = snprintf(out, (size_t)g.size, "%08x %08x ", (unsigned)id, (unsigned)seq);
    if (n > g.size - 1) n = g.size - 1;
    for (int i = n; i < g.size - 1; i++) out[i] = (char)('a' + (id + i) % 26);
    out[g.size - 1] = '\n';
}

static void fail(int id, const char *why, int err)
{
    struct conn *c = &g.c[id];
    if (g.reported++ < 10) {
        fprintf(stderr, "loadgen: connection %d (line %u): %s%s%s\n", id, (unsigned)c->seq, why,
                err ? ": " : "", err ? strerror(err) : "");
    }
    if (c->state == CONNECTING || c->state == HELLO) g.setting_up--;
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
    c->state = FAILED;
    g.errors++;
}

static void watch(int id, uint32_t events, int op)
{
    struct epoll_event ev = { .events = events, .data.u32 = (uint32_t)id };
    if (epoll_ctl(g.ep, op, g.c[id].fd, &ev) < 0) die("epoll_ctl");
}

/* Write what is left of the line in flight; wait for EPOLLOUT if the
 * socket is full. */
static void push_line(int id)
{
    struct conn *c = &g.c[id];
    make_line(g.line, id, c->seq);
    while (c->sent < (uint32_t)g.size) {
        ssize_t n = write(c->fd, g.line + c->sent, (size_t)g.size - c->sent);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) {
            watch(id, EPOLLIN | EPOLLOUT, EPOLL_CTL_MOD);
            return;
        }
        if (n < 0) {
            fail(id, "write", errno);
            return;
        }
        c->sent += (uint32_t)n;
    }
}

static void send_line(int id, uint32_t seq)
{
    struct conn *c = &g.c[id];
    c->seq = seq;
    c->got = c->sent = 0;
    c->t_send = now();
    push_line(id);
}

static void start_connect(int id)
{
    struct conn *c = &g.c[id];
    c->fd = socket(g.addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (c->fd < 0) {
        fail(id, "socket", errno);
        return;
    }
    int one = 1;
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    c->state = CONNECTING;
    g.setting_up++;
    if (connect(c->fd, (struct sockaddr *)&g.addr, g.addrlen) < 0 && errno != EINPROGRESS) {
        fail(id, "connect", errno);
        return;
    }
    watch(id, EPOLLOUT, EPOLL_CTL_ADD);
}

static void fill_window(void)
{
    while (g.next < g.conns && g.setting_up < g.window) start_connect(g.next++);
}

static void start_messages(void)
{
    g.t_start = now();
    for (int i = 0; i < g.conns; i++) {
        if (g.c[i].state != HELD) continue;
        g.c[i].state = RUNNING;
        send_line(i, 1);
    }
}

static void connected(int id)
{
    struct conn *c = &g.c[id];
    int err = 0;
    socklen_t len = sizeof err;
    if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0) err = errno;
    if (err) {
        fail(id, "connect", err);
        return;
    }
    c->state = HELLO;
    watch(id, EPOLLIN, EPOLL_CTL_MOD);
    send_line(id, 0);
}

/* A whole echo has come back and matched. */
static void echoed(int id)
{
    struct conn *c = &g.c[id];
    if (c->state == HELLO) {
        c->state = HELD;
        g.setting_up--;
        g.held++;
        return;
    }
    double rt = (now() - c->t_send) * 1e6;
    g.lat[g.nlat++] = rt > 4e9 ? 4000000000u : (uint32_t)rt;
    if (c->seq < (uint32_t)g.msgs) {
        send_line(id, c->seq + 1);
    } else {
        c->state = DONE;
        g.done++;
    }
}

static void readable(int id)
{
    struct conn *c = &g.c[id];
    ssize_t n = read(c->fd, g.buf, (size_t)g.size);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (n < 0) {
        fail(id, "read", errno);
        return;
    }
    if (n == 0) {
        fail(id, "closed by the server", 0);
        return;
    }
    if (c->got + (uint32_t)n > (uint32_t)g.size || c->sent < c->got + (uint32_t)n) {
        fail(id, "more bytes than were sent", 0);
        return;
    }
    make_line(g.line, id, c->seq);
    if (memcmp(g.buf, g.line + c->got, (size_t)n) != 0) {
        fail(id, "wrong echo", 0);
        return;
    }
    c->got += (uint32_t)n;
    if (c->got == (uint32_t)g.size) echoed(id);
}

static void event(struct epoll_event *ev)
{
    int id = (int)ev->data.u32;
    struct conn *c = &g.c[id];
    if (c->state == CONNECTING) {
        connected(id);
    } else if (c->state == HELLO || c->state == RUNNING) {
        if ((ev->events & EPOLLOUT) && c->sent < (uint32_t)g.size) {
            watch(id, EPOLLIN, EPOLL_CTL_MOD);
            push_line(id);
        }
        if (c->state != FAILED && (ev->events & (EPOLLIN | EPOLLERR | EPOLLHUP))) readable(id);
    } else if (c->state == HELD && (ev->events & (EPOLLIN | EPOLLERR | EPOLLHUP))) {
        fail(id, "data or hangup before the message phase", 0);
    }
}

static void resolve(const char *host, const char *port)
{
    struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM }, *res;
    int rc = getaddrinfo(host, port, &hints, &res);
    if (rc != 0) {
        fprintf(stderr, "loadgen: %s:%s: %s\n", host, port, gai_strerror(rc));
        exit(2);
    }
    memcpy(&g.addr, res->ai_addr, res->ai_addrlen);
    g.addrlen = res->ai_addrlen;
    freeaddrinfo(res);
}

static void raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) < 0) return;
    rlim_t need = (rlim_t)g.conns + 64;
    if (rl.rlim_cur >= need) return;
    rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > need ? need : rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    if (rl.rlim_cur < need) {
        fprintf(stderr, "loadgen: descriptor limit %lu is below %lu\n",
                (unsigned long)rl.rlim_cur, (unsigned long)need);
        exit(2);
    }
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static uint32_t percentile(double p)
{
    if (!g.nlat) return 0;
    size_t i = (size_t)(p * (double)(g.nlat - 1) + 0.5);
    return g.lat[i];
}

static void run(void)
{
    struct epoll_event evs[256];
    double t0 = now(), deadline = t0 + g.timeout, t_connect = 0;
    fill_window();
    while (g.done + g.errors < g.conns && now() < deadline) {
        int n = epoll_wait(g.ep, evs, 256, 1000);
        if (n < 0 && errno != EINTR) die("epoll_wait");
        for (int i = 0; i < n; i++) event(&evs[i]);
        if (g.t_start == 0) {
            fill_window();
            if (g.held + g.errors == g.conns) {
                t_connect = now() - t0;
                start_messages();
            }
        }
    }
    double secs = g.t_start ? now() - g.t_start : 0;
    for (int i = 0; i < g.conns; i++) {
        if (g.c[i].state != DONE && g.c[i].state != FAILED) fail(i, "timeout", 0);
    }
    for (int i = 0; i < g.conns; i++) {
        if (g.c[i].fd >= 0) close(g.c[i].fd);
    }
    qsort(g.lat, g.nlat, sizeof *g.lat, cmp_u32);
    printf("RESULT held %d errors %d msgs %zu seconds %.3f rate %.0f p50_us %u p99_us %u "
           "max_us %u connect_s %.3f\n",
           g.held, g.errors, g.nlat, secs, secs > 0 ? (double)g.nlat / secs : 0.0,
           percentile(0.50), percentile(0.99), g.nlat ? g.lat[g.nlat - 1] : 0, t_connect);
}

static int arg(int argc, char **argv, int i, int dflt, int min)
{
    int v = i < argc ? atoi(argv[i]) : dflt;
    if (v < min) {
        fprintf(stderr, "loadgen: argument %d must be at least %d\n", i, min);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: loadgen HOST PORT CONNS MSGS [SIZE [WINDOW [TIMEOUT]]]\n");
        return 2;
    }
    resolve(argv[1], argv[2]);
    g.conns = arg(argc, argv, 3, 0, 1);
    g.msgs = arg(argc, argv, 4, 0, 0);
    g.size = arg(argc, argv, 5, 32, 19);
    g.window = arg(argc, argv, 6, 500, 1);
    g.timeout = arg(argc, argv, 7, 300, 1);
    raise_fd_limit();
    g.c = calloc((size_t)g.conns, sizeof *g.c);
    g.lat = malloc(((size_t)g.conns * (size_t)g.msgs + 1) * sizeof *g.lat);
    g.line = malloc((size_t)g.size);
    g.buf = malloc((size_t)g.size);
    if (!g.c || !g.lat || !g.line || !g.buf) die("malloc");
    for (int i = 0; i < g.conns; i++) g.c[i].fd = -1;
    g.ep = epoll_create1(EPOLL_CLOEXEC);
    if (g.ep < 0) die("epoll_create1");
    run();
    return g.errors ? 1 : 0;
}

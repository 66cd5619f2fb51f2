/* io_proc.c: IO streams connected to other processes or to each other:
 * IO.pipe, IO.popen (and "|cmd" in open), the fork+exec helper that
 * system and backquotes share (io_spawn), and IO.select.
 *
 * A child started here gets what a fresh program expects: default
 * SIGPIPE, no thread timer (an ITIMER_VIRTUAL would survive exec and
 * kill it with SIGVTALRM), an empty signal mask.  If exec fails the child
 * sends errno back through a close-on-exec pipe, so the parent can raise
 * Errno::ENOENT as later Rubies do. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "io_impl.h"
#include "ruby/green.h"

/* ------------------------------------------------------------ spawning */
/* Does cmd need /bin/sh: metacharacters, or a first word that is a
   shell reserved word or special built-in ("exit 3" has no program). */
static bool needs_shell(const char *s)
{
    static const char *const words[] = {
        "case", "do", "done", "elif", "else", "esac", "fi", "for", "if", "in", "then",
        "until", "while", "!", ".", ":", "break", "continue", "eval", "exec", "exit",
        "export", "readonly", "return", "set", "shift", "times", "trap", "unset",
    };
    if (strpbrk(s, "*?{}[]<>()~&|\\$;'`\"\n#=%")) return true;
    while (*s == ' ') s++;
    size_t n = strcspn(s, " ");
    for (size_t i = 0; i < countof(words); i++)
        if (strlen(words[i]) == n && strncmp(words[i], s, n) == 0) return true;
    return false;
}

/* Build the exec vector in GC memory (a String holding char*s whose
   targets are kept alive by `keep`): nothing malloc'd crosses a raise.
   cmd may be [program, argv0], as in 1.8.7: program runs (never through
   the shell) with argv0 as its argv[0]. */
static char **exec_vector(VALUE cmd, int argc, const VALUE *argv, VALUE keep, const char **prog)
{
    /* $SAFE: no tainted program or argument ("Insecure operation - system") */
    if (ARRAY_P(cmd)) for (long i = 0; i < RARRAY_LEN(cmd); i++) vm_check_safe_obj(RARRAY_PTR(cmd)[i]);
    else vm_check_safe_obj(cmd);
    for (int i = 0; i < argc; i++) vm_check_safe_obj(argv[i]);
    VALUE words = ary_new();
    ary_push(keep, words);
    if (ARRAY_P(cmd)) {
        if (RARRAY_LEN(cmd) != 2) exc_raise(vm.c.ArgumentError, "wrong first argument");
        VALUE program = conv_to_str(RARRAY_PTR(cmd)[0]);
        ary_push(keep, program);
        ary_push(words, conv_to_str(RARRAY_PTR(cmd)[1]));
        for (int i = 0; i < argc; i++) ary_push(words, conv_to_str(argv[i]));
        *prog = str_cstr(program);
    } else if (argc == 0) {
        const char *s = str_cstr(cmd);
        if (needs_shell(s)) {
            ary_push(words, str_new_cstr("/bin/sh"));
            ary_push(words, str_new_cstr("-c"));
            ary_push(words, cmd);
        } else {
            VALUE parts = str_split_cstr(cmd, " ");
            for (long i = 0; i < RARRAY_LEN(parts); i++) {
                VALUE w = RARRAY_PTR(parts)[i];
                if (RSTRING_LEN(w) > 0) ary_push(words, w);
            }
            if (RARRAY_LEN(words) == 0) ary_push(words, cmd);
        }
        *prog = str_cstr(RARRAY_PTR(words)[0]);
    } else {
        ary_push(words, cmd);
        for (int i = 0; i < argc; i++) ary_push(words, conv_to_str(argv[i]));
        *prog = str_cstr(cmd);
    }
    VALUE vec = str_new_capa((long)sizeof(char *) * (RARRAY_LEN(words) + 1));
    ary_push(keep, vec);
    str_resize(vec, (long)sizeof(char *) * (RARRAY_LEN(words) + 1));
    char **v = (char **)RSTRING_PTR(vec);
    for (long i = 0; i < RARRAY_LEN(words); i++) v[i] = str_cstr(RARRAY_PTR(words)[i]);
    v[RARRAY_LEN(words)] = NULL;
    return v;
}

/* In a freshly forked child: undo what the interpreter set up. */
static void child_reset(void)
{
    struct itimerval zero = { { 0, 0 }, { 0, 0 } };
    setitimer(ITIMER_VIRTUAL, &zero, NULL);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGVTALRM, SIG_IGN);     /* drops a tick still pending */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGVTALRM, SIG_DFL);
}

/* A program we exec gets blocking standard streams, whatever miniruby
   made of them (IO.pipe's ends are non-blocking: a reopened $stdout may be
   one), since few programs handle EAGAIN. */
static void std_fds_blocking(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        int fl = fcntl(fd, F_GETFL);
        if (fl >= 0 && (fl & O_NONBLOCK)) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    }
}

/* exec in this process (Kernel#exec).  Returns errno if exec failed, after
   restoring the timer, signal handlers and mask. */
int io_exec_now(VALUE cmd, int argc, const VALUE *argv)
{
    VALUE keep = ary_new();
    const char *prog;
    char **vec = exec_vector(cmd, argc, argv, keep, &prog);
    struct itimerval timer;
    struct sigaction pipe_sa, vt_sa;
    sigset_t mask;
    getitimer(ITIMER_VIRTUAL, &timer);
    sigaction(SIGPIPE, NULL, &pipe_sa);
    sigaction(SIGVTALRM, NULL, &vt_sa);
    sigprocmask(SIG_SETMASK, NULL, &mask);
    child_reset();
    std_fds_blocking();
    execvp(prog, vec);
    int err = errno;
    sigprocmask(SIG_SETMASK, &mask, NULL);
    sigaction(SIGPIPE, &pipe_sa, NULL);
    sigaction(SIGVTALRM, &vt_sa, NULL);
    setitimer(ITIMER_VIRTUAL, &timer, NULL);
    GC_GUARD(keep);
    return err;
}

static void child_redirect(int in_fd, int out_fd)
{
    if (in_fd >= 0 && in_fd != 0) dup2(in_fd, 0);
    if (out_fd >= 0 && out_fd != 1) dup2(out_fd, 1);
    std_fds_blocking();
}

/* Read the exec errno the child may send (0: exec succeeded). */
static int read_exec_errno(int fd)
{
    int err = 0;
    for (;;) {
        green_wait_fd(fd, POLLIN, -1);
        ssize_t r = read(fd, &err, sizeof err);
        if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (r != (ssize_t)sizeof err) err = 0;
        break;
    }
    close(fd);
    return err;
}

/* fork and exec cmd (with argv, or through the shell rules of 1.8 when
   argc is 0), its stdin/stdout on in_fd/out_fd (-1: inherited).  Returns
   the child's pid; *exec_errno is set (and the child reaped, $? set)
   when exec failed. */
pid_t io_spawn(VALUE cmd, int argc, const VALUE *argv, int in_fd, int out_fd, int *exec_errno)
{
    VALUE keep = ary_new();
    const char *prog;
    if (!ARRAY_P(cmd)) cmd = conv_to_str(cmd);
    char **vec = exec_vector(cmd, argc, argv, keep, &prog);
    int ep[2];
    if (pipe2(ep, O_CLOEXEC) < 0) exc_sys_fail(NULL);
    process_flush_before_fork();
    pid_t pid = fork();
    if (pid < 0) {
        int err = errno;
        close(ep[0]);
        close(ep[1]);
        errno = err;
        exc_sys_fail(NULL);
    }
    if (pid == 0) {
        close(ep[0]);
        child_reset();
        child_redirect(in_fd, out_fd);
        execvp(prog, vec);
        int err = errno;
        ssize_t w = write(ep[1], &err, sizeof err);
        (void)w;
        _exit(127);
    }
    close(ep[1]);
    *exec_errno = read_exec_errno(ep[0]);
    if (*exec_errno) {
        int status;
        if (green_waitpid(pid, &status, 0) > 0) io_set_last_status(status, pid);
    }
    GC_GUARD(keep);
    return pid;
}

/* ------------------------------------------------------------ pipe, popen */
static VALUE io_s_pipe(VALUE klass, int argc, const VALUE *argv)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC | O_NONBLOCK) < 0) exc_sys_fail(NULL);
    VALUE r = io_new_fd(klass, p[0], FMODE_READABLE, Qnil);
    VALUE w = io_new_fd(klass, p[1], FMODE_WRITABLE | FMODE_SYNC, Qnil);
    return ary_new_of(2, r, w);
}

static void close_pair(int p[2])
{
    if (p[0] >= 0) close(p[0]);
    if (p[1] >= 0) close(p[1]);
}

/* popen("-"): fork this interpreter; the child gets nil back. */
static VALUE popen_fork(int fmode, int rp[2], int wp[2])
{
    process_flush_before_fork();
    pid_t pid = fork();
    if (pid < 0) {
        int err = errno;
        close_pair(rp);
        close_pair(wp);
        errno = err;
        exc_sys_fail(NULL);
    }
    if (pid == 0) {
        process_after_fork_child();
        child_redirect(wp[0], rp[1]);
        close_pair(rp);
        close_pair(wp);
        return Qnil;
    }
    return INT2FIX(pid);
}

VALUE io_popen_cmd(VALUE cmd, int fmode)
{
    int rp[2] = { -1, -1 }, wp[2] = { -1, -1 };
    if ((fmode & FMODE_READABLE) && pipe2(rp, O_CLOEXEC) < 0) exc_sys_fail(NULL);
    if ((fmode & FMODE_WRITABLE) && pipe2(wp, O_CLOEXEC) < 0) {
        int err = errno;
        close_pair(rp);
        errno = err;
        exc_sys_fail(NULL);
    }
    pid_t pid;
    if (RSTRING_LEN(cmd) == 1 && RSTRING_PTR(cmd)[0] == '-') {
        VALUE r = popen_fork(fmode, rp, wp);
        if (NIL_P(r)) return Qnil;
        pid = (pid_t)FIX2LONG(r);
    } else {
        int err;
        pid = io_spawn(cmd, 0, NULL, wp[0], rp[1], &err);
        if (err) {
            close_pair(rp);
            close_pair(wp);
            errno = err;
            exc_sys_fail(str_cstr(cmd));
        }
    }
    if (rp[1] >= 0) close(rp[1]);
    if (wp[0] >= 0) close(wp[0]);
    if (rp[0] >= 0) io_set_nonblock(rp[0]);     /* our ends only: the child's block */
    if (wp[1] >= 0) io_set_nonblock(wp[1]);
    VALUE io;
    if ((fmode & FMODE_READWRITE) == FMODE_READWRITE) {
        io = io_new_fd(vm.c.IO, rp[0], FMODE_READWRITE | FMODE_SYNC, Qnil);
        io_rio(io)->wfd = wp[1];
    } else if (fmode & FMODE_WRITABLE) {
        io = io_new_fd(vm.c.IO, wp[1], FMODE_WRITABLE | FMODE_SYNC, Qnil);
    } else {
        io = io_new_fd(vm.c.IO, rp[0], FMODE_READABLE, Qnil);
    }
    io_rio(io)->pid = pid;
    return io;
}

static VALUE popen_yield(VALUE io) { return vm_yield1(io); }

static VALUE io_s_popen(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    VALUE cmd = conv_to_str(argv[0]);
    int fmode = io_mode_arg(argc > 1 ? argv[1] : Qnil, NULL);
    VALUE io = io_popen_cmd(cmd, fmode);
    if (!vm_block_given()) return io;
    if (NIL_P(io)) {
        /* the forked child of popen("-") runs the block, then exits */
        vm_yield1(Qnil);
        io_flush_all();
        _exit(0);
    }
    return vm_ensure(popen_yield, io, io_close_ensure, io);
}

/* ------------------------------------------------------------ select */

struct sel {
    VALUE ios[3];       /* the argument Arrays (or nil) */
    VALUE res[3];       /* result Arrays */
    struct pollfd *pfd; /* in a String buffer */
    VALUE pfd_buf;
    long n;
};

static VALUE sel_io(VALUE v)
{
    if (io_is_io(v)) return v;
    ID to_io = sym_intern_cstr("to_io");
    if (!vm_respond_to(v, to_io, true)) exc_type_error_conv(v, "IO");
    VALUE io = vm_call0(v, to_io);
    if (!io_is_io(io)) exc_type_error_conv(v, "IO");
    return io;
}

/* Count the fds and fill the pollfd array; reads with buffered data are
   ready now (returns true). */
static bool sel_prepare(struct sel *s)
{
    bool buffered = false;
    long n = 0;
    for (int k = 0; k < 3; k++)
        if (!NIL_P(s->ios[k])) n += RARRAY_LEN(s->ios[k]);
    s->pfd_buf = str_new_capa((long)sizeof(struct pollfd) * (n + 1));
    str_resize(s->pfd_buf, (long)sizeof(struct pollfd) * (n + 1));
    s->n = 0;
    static const short ev[3] = { POLLIN, POLLOUT, POLLPRI };
    for (int k = 0; k < 3; k++) {
        if (NIL_P(s->ios[k])) continue;
        for (long i = 0; i < RARRAY_LEN(s->ios[k]); i++) {
            struct rio *f = io_rio_open(sel_io(RARRAY_PTR(s->ios[k])[i]));
            if (k == 0 && f->rlen > 0) buffered = true;
            struct pollfd *p = (struct pollfd *)RSTRING_PTR(s->pfd_buf) + s->n++;
            p->fd = k == 1 && f->wfd >= 0 ? f->wfd : f->fd;
            p->events = ev[k];
            p->revents = 0;
        }
    }
    return buffered;
}

static int sel_poll(struct sel *s)
{
    int r;
    while ((r = poll((struct pollfd *)RSTRING_PTR(s->pfd_buf), (nfds_t)s->n, 0)) < 0 && errno == EINTR)
        ;
    if (r < 0) exc_sys_fail(NULL);
    return r;
}

static bool sel_ready(short ev, short rev, struct rio *f, int k)
{
    if (k == 0 && f->rlen > 0) return true;
    if (ev == POLLIN) return rev & (POLLIN | POLLHUP | POLLERR);
    if (ev == POLLOUT) return rev & (POLLOUT | POLLHUP | POLLERR);
    return rev & POLLPRI;
}

static VALUE sel_result(struct sel *s)
{
    long j = 0;
    VALUE out = ary_new();
    for (int k = 0; k < 3; k++) {
        VALUE a = ary_new();
        if (!NIL_P(s->ios[k])) {
            for (long i = 0; i < RARRAY_LEN(s->ios[k]); i++, j++) {
                VALUE v = RARRAY_PTR(s->ios[k])[i];
                struct pollfd *p = (struct pollfd *)RSTRING_PTR(s->pfd_buf) + j;
                if (sel_ready(p->events, p->revents, io_rio(sel_io(v)), k)) ary_push(a, v);
            }
        }
        ary_push(out, a);
    }
    return out;
}

static bool sel_any(struct sel *s, bool buffered)
{
    if (buffered) return true;
    for (long j = 0; j < s->n; j++)
        if (((struct pollfd *)RSTRING_PTR(s->pfd_buf))[j].revents) return true;
    return false;
}

/* IO.select(reads, writes = nil, errors = nil, timeout = nil): the
   scheduler waits on all the fds at once; only this thread blocks. */
static VALUE io_s_select(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 4);
    struct sel s;
    for (int k = 0; k < 3; k++) s.ios[k] = argc > k && !NIL_P(argv[k]) ? conv_to_ary(argv[k]) : Qnil;
    double timeout = -1;
    if (argc > 3 && !NIL_P(argv[3])) timeout = time_interval(argv[3]);
    bool buffered = sel_prepare(&s);
    /* green_clock: whether the timeout has run out decides the path, so a
       recorded schedule records the readings */
    double deadline = timeout < 0 ? INFINITY : green_clock() + timeout;
    for (;;) {
        if (s.n > 0) sel_poll(&s);
        if (sel_any(&s, buffered)) return sel_result(&s);
        double left = deadline - green_clock();
        if (left <= 0) return Qnil;
        if (s.n == 0) { green_sleep(left); return Qnil; }
        green_wait_fds((struct pollfd *)RSTRING_PTR(s.pfd_buf), (int)s.n, isinf(left) ? -1 : left);
    }
}

void io_proc_init(void)
{
    VALUE c = vm.c.IO;
    define_singleton_method(c, "pipe", io_s_pipe, 0);
    define_singleton_method(c, "popen", io_s_popen, -1);
    define_singleton_method(c, "select", io_s_select, -1);
    define_global_function("select", io_s_select, -1);
}

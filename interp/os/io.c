/* io.c: the IO object and its buffered primitives: opening, the read and
 * write buffers, flushing, closing, seeking; the standard streams and the
 * I/O globals ($stdout $stderr $stdin $> $/ $\ $, $; $.); the IO methods
 * about the stream itself (fileno, sync, pos, close, reopen ...).
 * Reading methods are in io_read.c, writing and Kernel#puts & co. in
 * io_write.c, pipes/popen/select in io_proc.c.
 *
 * Green threads: no call here blocks the process.  Sockets are read and
 * written with MSG_DONTWAIT, and pipes (IO.pipe's, popen's, $stdin from a
 * shell's) with RWF_NOWAIT where the kernel takes it for pipes, waiting
 * only after EAGAIN.  Before a read or write on anything else but a
 * regular file we wait with green_wait_fd(), and writes to it go in
 * chunks of at most PIPE_BUF so that one write() never blocks once poll
 * said it is writable.  Every system call retries on EINTR (the thread
 * timer interrupts them). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/uio.h>
#include <unistd.h>
#include "io_impl.h"
#include "ruby/green.h"

#define IO_BUFSIZE 8192

/* Every live IO, so that io_flush_all() can flush them at exit: the one
   piece of global state this module needs (like stdio's list of FILEs). */
static struct rio io_list = { .next = &io_list, .prev = &io_list };

/* The streams and the globals bound to them (GC roots). */
static VALUE stdin_io, stdout_io, stderr_io;   /* STDIN STDOUT STDERR */
static VALUE var_stdin, var_stdout, var_stderr; /* $stdin $stdout $stderr */
static VALUE var_rs, var_ors, var_ofs, var_fs;  /* $/ $\ $, $; */
static VALUE default_rs;                        /* "\n", frozen */
static long last_lineno;                        /* $. */
static VALUE last_status;                       /* $? */

static ID id_write;

/* Called just before bytes are written to fd 1 or 2, NULL when unset.
   ext/readline sets it so that a line being edited at a prompt can be
   taken off the screen before another thread's output lands there (the
   prompt is redrawn afterwards).  Nothing may switch threads between the
   call and the write(2). */
void (*io_tty_write_hook)(int fd, const char *buf, long len);

static inline void before_write(int fd, const char *buf, long len)
{
    if (io_tty_write_hook && (fd == 1 || fd == 2)) io_tty_write_hook(fd, buf, len);
}

/* ------------------------------------------------------------ the data type */
static void rio_mark(void *p)
{
    gc_mark(((struct rio *)p)->path);
}

/* Flush without raising and without switching threads: used when an IO
   is collected (the GC must not run Ruby code or switch). */
static void rio_flush_quiet(struct rio *f)
{
    int fd = f->wfd >= 0 ? f->wfd : f->fd;
    long off = 0;
    while (fd >= 0 && off < f->wlen) {
        ssize_t w = write(fd, f->wbuf + off, (size_t)(f->wlen - off));
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && errno == EAGAIN) {
            struct pollfd p = { fd, POLLOUT, 0 };
            poll(&p, 1, 1000);
            continue;
        }
        if (w <= 0) break;
        off += w;
    }
    f->wlen = 0;
}

static void rio_free(void *p)
{
    struct rio *f = p;
    rio_flush_quiet(f);
    /* the standard descriptors stay open even if an IO on them dies */
    if (f->fd > 2) io_close_fd(f->fd);
    if (f->wfd > 2) io_close_fd(f->wfd);
    f->prev->next = f->next;
    f->next->prev = f->prev;
    free(f->rbuf);
    free(f->wbuf);
    free(f);
}

const struct data_type io_data_type = { "IO", rio_mark, rio_free, NULL };

VALUE io_alloc(VALUE klass)
{
    struct rio *f = xcalloc(1, sizeof *f);
    f->fd = f->wfd = -1;
    f->path = Qnil;
    f->next = io_list.next;
    f->prev = &io_list;
    io_list.next->prev = f;
    io_list.next = f;
    return data_new(klass, &io_data_type, f);
}

bool io_is_io(VALUE v)
{
    return TYPE_P(v, T_DATA) && RDATA(v)->type == &io_data_type;
}

struct rio *io_rio(VALUE io)
{
    return data_get(io, &io_data_type);
}

struct rio *io_rio_open(VALUE io)
{
    struct rio *f = io_rio(io);
    if (f->fd < 0) exc_raise(vm.c.IOError, "closed stream");
    if (UNLIKELY(vm_safe_max >= 4) && vm_safe_level() >= 4 && !FL_TEST(io, FL_TAINT))
        exc_raise(vm.c.SecurityError, "Insecure: operation on untainted IO");
    return f;
}

/* $SAFE 4: no writing (1.8.7 says `write' whatever did it) */
static void write_safe_check(void)
{
    if (UNLIKELY(vm_safe_max >= 4) && vm_safe_level() >= 4)
        exc_raise(vm.c.SecurityError, "Insecure operation `write' at level %d", vm_safe_level());
}

struct rio *io_rio_readable(VALUE io)
{
    struct rio *f = io_rio_open(io);
    if (!(f->mode & FMODE_READABLE)) exc_raise(vm.c.IOError, "not opened for reading");
    return f;
}

struct rio *io_rio_writable(VALUE io)
{
    struct rio *f = io_rio_open(io);
    if (!(f->mode & FMODE_WRITABLE)) exc_raise(vm.c.IOError, "not opened for writing");
    return f;
}

/* A pipe made by pipe(2), here or by whoever handed it down (a FIFO in
   a file system is another kind of file, whose reads refuse RWF_NOWAIT). */
#ifndef PIPEFS_MAGIC
#define PIPEFS_MAGIC 0x50495045   /* linux/magic.h */
#endif
static bool anonymous_pipe(int fd, const struct stat *st)
{
    struct statfs fs;
    return S_ISFIFO(st->st_mode) && fstatfs(fd, &fs) == 0 && fs.f_type == PIPEFS_MAGIC;
}

/* Whether the kernel's pipes take RWF_NOWAIT (Linux 6.x): a read of an
   empty one then says EAGAIN whatever the descriptor's O_NONBLOCK, which
   a child process sharing it may clear.  Asked once, of a pipe holding a
   byte, so that the question cannot block: refused, the flag gives
   EOPNOTSUPP (or EINVAL before Linux 4.14). */
static bool pipes_take_nowait(void)
{
    static int known = -1;
    if (known >= 0) return known;
    int p[2];
    known = 0;
    if (pipe2(p, O_CLOEXEC) != 0) return false;
    char c = 0;
    struct iovec v = { &c, 1 };
    known = write(p[1], &c, 1) == 1 && preadv2(p[0], &v, 1, -1, RWF_NOWAIT) == 1;
    close(p[0]);
    close(p[1]);
    return known;
}

void io_setup(VALUE io, int fd, int mode, VALUE path)
{
    struct rio *f = io_rio(io);
    f->fd = fd;
    f->wfd = -1;
    f->mode = mode;
    f->pid = 0;
    f->lineno = 0;
    f->path = path;
    struct stat st;
    bool known = fstat(fd, &st) == 0;
    f->regular = known && S_ISREG(st.st_mode);
    f->socket = false;
    f->nowait = known && anonymous_pipe(fd, &st) && pipes_take_nowait();
    f->rpos = f->rlen = 0;
    f->wlen = 0;
    if ((mode & FMODE_WRITABLE) && !(mode & FMODE_SYNC) && isatty(fd)) f->mode |= FMODE_LINEBUF;
}

VALUE io_new_fd(VALUE klass, int fd, int mode, VALUE path)
{
    VALUE io = io_alloc(klass);
    io_setup(io, fd, mode, path);
    return io;
}

/* ------------------------------------------------------------ modes */
int io_mode_from_str(const char *m)
{
    int flags;
    const char *p = m;
    switch (*p++) {
    case 'r': flags = FMODE_READABLE; break;
    case 'w': flags = FMODE_WRITABLE | FMODE_CREATE | FMODE_TRUNC; break;
    case 'a': flags = FMODE_WRITABLE | FMODE_APPEND | FMODE_CREATE; break;
    default: goto bad;
    }
    for (; *p; p++) {
        if (*p == 'b') flags |= FMODE_BINMODE;
        else if (*p == '+') flags |= FMODE_READWRITE;
        else goto bad;
    }
    return flags;
bad:
    exc_raise(vm.c.ArgumentError, "illegal access mode %s", m);
}

int io_mode_to_oflags(int fmode)
{
    int o;
    if ((fmode & FMODE_READWRITE) == FMODE_READWRITE) o = O_RDWR;
    else if (fmode & FMODE_WRITABLE) o = O_WRONLY;
    else o = O_RDONLY;
    if (fmode & FMODE_APPEND) o |= O_APPEND;
    if (fmode & FMODE_CREATE) o |= O_CREAT;
    if (fmode & FMODE_TRUNC) o |= O_TRUNC;
    if (fmode & FMODE_EXCL) o |= O_EXCL;
    return o;
}

int io_mode_from_oflags(int o)
{
    int m;
    switch (o & O_ACCMODE) {
    case O_WRONLY: m = FMODE_WRITABLE; break;
    case O_RDWR: m = FMODE_READWRITE; break;
    default: m = FMODE_READABLE; break;
    }
    if (o & O_APPEND) m |= FMODE_APPEND;
    if (o & O_CREAT) m |= FMODE_CREATE;
    if (o & O_TRUNC) m |= FMODE_TRUNC;
    if (o & O_EXCL) m |= FMODE_EXCL;
    return m;
}

/* A mode argument: nil ("r"), a String, or Integer open(2) flags. */
int io_mode_arg(VALUE v, int *oflags)
{
    int fmode;
    if (NIL_P(v)) fmode = FMODE_READABLE;
    else if (FIXNUM_P(v) || BIGNUM_P(v)) {
        int o = num_to_int(v);
        if (oflags) *oflags = o;
        return io_mode_from_oflags(o);
    } else {
        VALUE s = conv_to_str(v);
        fmode = io_mode_from_str(str_cstr(s));
    }
    if (oflags) *oflags = io_mode_to_oflags(fmode);
    return fmode;
}

/* ------------------------------------------------------------ low-level I/O */
static const char *rio_path_cstr(struct rio *f)
{
    return STRING_P(f->path) ? str_cstr(f->path) : NULL;
}

int io_cloexec_fd(int fd)
{
    if (fd > 2) fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}

/* Is fd ready for events right now?  Asked again just before every read
   or write on a descriptor that could block: a wake-up from the scheduler
   may be stale by the time the thread runs (another thread that waited
   for the same descriptor took the data, or filled the pipe), and a read
   or write on a blocking descriptor would then stop the whole process.
   Nothing runs between this poll and the call that follows it. */
static bool ready_now(int fd, short events)
{
    struct pollfd p = { fd, events, 0 };
    char kind = events & POLLIN ? 'r' : 'w';
    int r;
    if (UNLIKELY(green_replaying())) {
        /* as recorded; when it was ready, wait until it really is */
        bool ready = green_replay_outcome(kind) != 0;
        while (ready && poll(&p, 1, -1) < 0 && errno == EINTR)
            ;
        return ready;
    }
    while ((r = poll(&p, 1, 0)) < 0 && errno == EINTR)
        ;
    green_note_outcome(kind, r != 0);
    return r != 0;
}

/* read(2) and write(2) of a descriptor that could block, their sizes noted
   for the schedule modes; a replay moves exactly the recorded bytes,
   waiting for them (an EAGAIN recorded is given back as such). */
static ssize_t replay_transfer(int fd, char *buf, size_t n, bool reading)
{
    long want = green_replay_outcome(reading ? 'R' : 'W');
    if (want < 0) { errno = EAGAIN; return -1; }
    size_t done = 0;
    while (done < (size_t)want && want <= (long)n) {
        struct pollfd p = { fd, reading ? POLLIN : POLLOUT, 0 };
        poll(&p, 1, -1);
        ssize_t r = reading ? read(fd, buf + done, (size_t)want - done) : write(fd, buf + done, (size_t)want - done);
        if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (r <= 0) break;
        done += (size_t)r;
    }
    return (ssize_t)done;
}

/* How a descriptor is read and written: a regular file's never blocks;
   never waiting (a socket, or a pipe that takes RWF_NOWAIT); or after a
   poll said it was ready. */
enum xfer { XFER_REGULAR, XFER_POLLED, XFER_SOCKET, XFER_NOWAIT };

static enum xfer xfer_of(const struct rio *f, int fd)
{
    if (f->regular) return XFER_REGULAR;
    if (f->socket && fd == f->fd) return XFER_SOCKET;
    return f->nowait ? XFER_NOWAIT : XFER_POLLED;
}

/* One read(2) or write(2), or their socket or RWF_NOWAIT form, noted for
   the schedule modes but for a regular file's. */
static ssize_t sys_read(int fd, char *buf, size_t n, enum xfer how)
{
    if (how == XFER_REGULAR) return read(fd, buf, n);
    if (UNLIKELY(green_replaying())) return replay_transfer(fd, buf, n, true);
    struct iovec v = { buf, n };
    ssize_t r = how == XFER_SOCKET ? recv(fd, buf, n, MSG_DONTWAIT)
              : how == XFER_NOWAIT ? preadv2(fd, &v, 1, -1, RWF_NOWAIT) : read(fd, buf, n);
    if (r >= 0 || errno == EAGAIN) green_note_outcome('R', r);
    return r;
}

static ssize_t sys_write(int fd, const char *buf, size_t n, enum xfer how)
{
    if (how == XFER_REGULAR) return write(fd, buf, n);
    if (UNLIKELY(green_replaying())) return replay_transfer(fd, (char *)buf, n, false);
    struct iovec v = { (char *)buf, n };
    ssize_t r = how == XFER_SOCKET ? send(fd, buf, n, MSG_DONTWAIT | MSG_NOSIGNAL)
              : how == XFER_NOWAIT ? pwritev2(fd, &v, 1, -1, RWF_NOWAIT) : write(fd, buf, n);
    if (r >= 0 || errno == EAGAIN) green_note_outcome('W', r);
    return r;
}

/* Wait through the scheduler until fd is ready, and still ready now. */
static void wait_ready(int fd, short events)
{
    while (!ready_now(fd, events)) {
        green_wait_fd(fd, events, -1);
        /* a signal during the wait is raised here, even when the data came too (1.8.7's check after select) */
        if (vm.interrupt) vm_check_interrupts();
    }
}

/* A call on fd said EAGAIN: wait for it (no look first: the call just
   looked), then raise a signal that came meanwhile, as wait_ready. */
static void wait_again(int fd, short events)
{
    green_wait_blocked(fd, events);
    if (vm.interrupt) vm_check_interrupts();
}

/* Descriptors miniruby makes itself (pipes, FIFOs it opens, sockets) are
   non-blocking: a read or write that would block says EAGAIN and the
   thread waits for the descriptor instead.  Inherited ones (the standard
   streams, IO.for_fd) keep their mode, as other processes share it; the
   poll just before each call covers them. */
void io_set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0 && !(fl & O_NONBLOCK)) fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/* Close an IO's descriptor.  Threads waiting on it are woken first (they
   then find the stream closed): epoll, unlike poll, would not tell them,
   and would keep a stale registration for the next descriptor to take
   the number. */
void io_close_fd(int fd)
{
    green_fd_closed(fd);
    close(fd);
}

/* Read at most n bytes into buf, waiting through the scheduler.  Returns
   0 at end of file.  buf must stay valid across a thread switch (the
   IO's own buffer or a fresh String nobody else sees). */
long io_sysread(struct rio *f, char *buf, long n)
{
    for (;;) {
        if (f->fd < 0) exc_raise(vm.c.IOError, "closed stream");
        enum xfer how = xfer_of(f, f->fd);
        if (how == XFER_POLLED) wait_ready(f->fd, POLLIN);
        if (f->fd < 0) exc_raise(vm.c.IOError, "closed stream");
        ssize_t r = sys_read(f->fd, buf, (size_t)n, how);
        if (r >= 0) return (long)r;
        if (errno == EINTR) continue;
        if (errno == EAGAIN) { wait_again(f->fd, POLLIN); continue; }
        exc_sys_fail(rio_path_cstr(f));
    }
}

/* One read of at most n bytes of what is there now, never waiting:
   -1 with EAGAIN when nothing is (read_nonblock), 0 at end of file. */
long io_read_now(struct rio *f, char *buf, long n)
{
    enum xfer how = xfer_of(f, f->fd);
    if (how == XFER_POLLED && !ready_now(f->fd, POLLIN)) {
        errno = EAGAIN;
        return -1;
    }
    for (;;) {
        ssize_t r = sys_read(f->fd, buf, (size_t)n, how);
        if (r >= 0 || errno != EINTR) return (long)r;
    }
}

/* One write of what of str fits in fd now (write_nonblock): the bytes
   written, -1 with EAGAIN when none fit.  A descriptor polled first
   takes at most PIPE_BUF bytes, which poll's "writable" promises room
   for. */
long io_write_now(struct rio *f, int fd, VALUE str)
{
    enum xfer how = xfer_of(f, fd);
    long n = RSTRING_LEN(str);
    if (how == XFER_POLLED) {
        if (!ready_now(fd, POLLOUT)) {
            errno = EAGAIN;
            return -1;
        }
        if (n > PIPE_BUF) n = PIPE_BUF;
    }
    for (;;) {
        before_write(fd, RSTRING_PTR(str), n);
        ssize_t w = sys_write(fd, RSTRING_PTR(str), (size_t)n, how);
        if (w >= 0 || errno != EINTR) return (long)w;
    }
}

/* Write the bytes of str[off, n] to fd.  Re-reads the string's pointer
   after every wait: another thread may run meanwhile. */
static void write_str_bytes(struct rio *f, int fd, VALUE str, long off, long n)
{
    while (n > 0) {
        long chunk = n;
        enum xfer how = xfer_of(f, fd);
        if (how == XFER_POLLED) {
            wait_ready(fd, POLLOUT);
            if (chunk > PIPE_BUF) chunk = PIPE_BUF;
        }
        if (off + chunk > RSTRING_LEN(str)) chunk = RSTRING_LEN(str) - off;
        if (chunk <= 0) return;
        before_write(fd, RSTRING_PTR(str) + off, chunk);
        ssize_t w = sys_write(fd, RSTRING_PTR(str) + off, (size_t)chunk, how);
        if (w < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN) { wait_again(fd, POLLOUT); continue; }
            exc_sys_fail(rio_path_cstr(f));
        }
        off += w;
        n -= w;
    }
}

void io_syswrite_str(struct rio *f, int fd, VALUE str)
{
    write_str_bytes(f, fd, str, 0, RSTRING_LEN(str));
}

static int rio_wfd(struct rio *f) { return f->wfd >= 0 ? f->wfd : f->fd; }

/* Write out the write buffer.  The buffer is consumed as it goes, so a
   raise halfway (EPIPE, Thread#raise) never writes the same bytes twice. */
void io_fflush(struct rio *f)
{
    while (f->wlen > 0) {
        int fd = rio_wfd(f);
        if (fd < 0) { f->wlen = 0; return; }
        long chunk = f->wlen;
        enum xfer how = xfer_of(f, fd);
        if (how == XFER_POLLED) {
            wait_ready(fd, POLLOUT);
            if (chunk > PIPE_BUF) chunk = PIPE_BUF;
        }
        before_write(fd, f->wbuf, chunk);
        ssize_t w = sys_write(fd, f->wbuf, (size_t)chunk, how);
        if (w < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN) { wait_again(fd, POLLOUT); continue; }
            int err = errno;
            f->wlen = 0;
            errno = err;
            exc_sys_fail(rio_path_cstr(f));
        }
        memmove(f->wbuf, f->wbuf + w, (size_t)(f->wlen - w));
        f->wlen -= w;
    }
}

/* Before writing to a read-write file: give back what was read ahead, so
   the write lands where the reader is.  Pipes keep their read-ahead (the
   other direction is another stream). */
void io_unread_discard(struct rio *f)
{
    if (f->rlen == 0 || !f->regular || f->wfd >= 0) return;
    lseek(f->fd, -f->rlen, SEEK_CUR);
    f->rpos = f->rlen = 0;
}

/* Append str to the stream (buffered unless sync). */
static long rio_write_str(struct rio *f, VALUE str)
{
    long n = RSTRING_LEN(str);
    if (n == 0) return 0;
    if (f->rlen > 0) io_unread_discard(f);
    if (f->mode & FMODE_SYNC) {
        io_fflush(f);
        write_str_bytes(f, rio_wfd(f), str, 0, n);
        return n;
    }
    if (!f->wbuf) {
        f->wbuf = xmalloc(IO_BUFSIZE);
        f->wcapa = IO_BUFSIZE;
    }
    if (f->wlen + n > f->wcapa) io_fflush(f);
    if (n >= f->wcapa) {
        write_str_bytes(f, rio_wfd(f), str, 0, n);
        return n;
    }
    memcpy(f->wbuf + f->wlen, RSTRING_PTR(str), (size_t)n);
    f->wlen += n;
    if ((f->mode & FMODE_LINEBUF) && memchr(RSTRING_PTR(str), '\n', (size_t)n)) io_fflush(f);
    return n;
}


/* Refill the read buffer (it must be empty).  Reading the terminal or
   stdin first flushes $stdout, so prompts appear before we wait. */
int io_fill(struct rio *f)
{
    if (f->wlen > 0) io_fflush(f);
    if (f->fd == 0 || !f->regular) {
        struct rio *out = io_is_io(stdout_io) ? io_rio(stdout_io) : NULL;
        if (out && out != f && out->wlen > 0 && (f->fd == 0 || isatty(f->fd))) io_fflush(out);
    }
    if (!f->rbuf) {
        f->rbuf = xmalloc(IO_BUFSIZE);
        f->rcapa = IO_BUFSIZE;
    }
    /* Several threads may fill one IO's buffer: the read lands in it only
       while it is empty.  Read straight in after a wait, the next fill
       wrote over what another thread had left unread (lost whenever a
       reader was raised in or switched out between two reads). */
    for (;;) {
        long r = io_read_now(f, f->rbuf, f->rcapa);
        if (r >= 0) {
            f->rpos = 0;
            f->rlen = r;
            return (int)r;
        }
        if (errno != EAGAIN) exc_sys_fail(rio_path_cstr(f));
        if (xfer_of(f, f->fd) == XFER_POLLED) wait_ready(f->fd, POLLIN);
        else wait_again(f->fd, POLLIN);
        if (f->fd < 0) exc_raise(vm.c.IOError, "closed stream");
        if (f->rlen > 0) return (int)f->rlen;
    }
}

static VALUE fflush_protected(VALUE f)
{
    io_fflush((struct rio *)f);
    return Qnil;
}

void io_close_rio(struct rio *f, bool wait_child)
{
    if (f->fd < 0) return;
    int fd = f->fd, wfd = f->wfd;
    if (f->wlen > 0 && (f->mode & FMODE_WRITABLE)) {
        /* close even when the flush fails (EPIPE), then report */
        int state;
        vm_protect(fflush_protected, (VALUE)f, &state);
        if (state) {
            f->fd = f->wfd = -1;
            if (fd >= 0) io_close_fd(fd);
            if (wfd >= 0) io_close_fd(wfd);
            vm_jump_state(state);
        }
    }
    f->fd = f->wfd = -1;
    f->rpos = f->rlen = 0;
    io_close_fd(fd);
    if (wfd >= 0) io_close_fd(wfd);
    if (f->pid > 0 && wait_child) {
        int status;
        pid_t pid = green_waitpid(f->pid, &status, 0);
        if (pid > 0) io_set_last_status(status, pid);
        f->pid = 0;
    }
}

/* ------------------------------------------------------------ globals */
void io_set_last_status(int status, pid_t pid)
{
    VALUE klass = const_get(vm.c.Process, sym_intern_cstr("Status"));
    VALUE st = obj_alloc(klass);
    ivar_set(st, ID_status, INT2FIX(status));     /* hidden: no @ */
    ivar_set(st, sym_intern_cstr("pid"), INT2FIX(pid));
    obj_freeze(st);
    last_status = st;
}

VALUE io_last_status(void) { return last_status; }
VALUE io_get_rs(void) { return var_rs; }
void io_set_lastline_no(long n) { last_lineno = n; }

static VALUE get_last_status(ID id, void *data) { return last_status; }
static VALUE get_lineno(ID id, void *data) { return int_new(last_lineno); }
static void set_lineno(VALUE v, ID id, void *data) { last_lineno = num_to_long(v); }

static void set_output(VALUE v, ID id, void *data)
{
    if (!vm_respond_to(v, id_write, false))
        exc_raise(vm.c.TypeError, "%s must have write method, %s given", sym_name(id), obj_classname(v));
    *(VALUE *)data = v;
}

static void set_str_or_nil(VALUE v, ID id, void *data)
{
    if (!NIL_P(v) && !STRING_P(v)) exc_raise(vm.c.TypeError, "value of %s must be String", sym_name(id));
    *(VALUE *)data = v;
}

static VALUE get_plain(ID id, void *data) { return *(VALUE *)data; }
static void set_plain(VALUE v, ID id, void *data) { *(VALUE *)data = v; }

/* ------------------------------------------------------------ ruby.h API */
VALUE io_stdout(void) { return var_stdout; }
VALUE io_stderr_replaced(void) { return var_stderr != stderr_io ? var_stderr : 0; }

static VALUE io_m_write(VALUE self, int argc, const VALUE *argv);

/* io.write(str), straight to the buffer when write is IO's own. */
VALUE io_write(VALUE io, VALUE str)
{
    if (io_is_io(io)) {
        VALUE me = class_lookup_method_cached(class_of(io), id_write);
        if (me && ME_TYPE(me) == ME_CFUNC && RMENTRY(me)->body.fn == io_m_write)
            return io_m_write(io, 1, &str);
    }
    return vm_call1(io, id_write, str);
}

void io_flush_all(void)
{
    for (struct rio *f = io_list.next; f != &io_list; f = f->next)
        if (f->wlen > 0 && f->fd >= 0) rio_flush_quiet(f);
}

/* For extensions that wait on an IO themselves (io/wait): the checks of
   a read, then the descriptor and the bytes already in the read buffer. */
int io_readable_fd(VALUE io, long *buffered)
{
    struct rio *f = io_rio_readable(io);
    *buffered = f->rlen;
    return f->fd;
}

/* ------------------------------------------------------------ sockets */
/* The socket library's sockets: reads and writes are recv and send with
   MSG_DONTWAIT, which never block whatever another process sharing the
   descriptor's file does to O_NONBLOCK, so they need no poll before them
   (a message echoed costs four system calls, not eight). */
void io_setup_socket(VALUE io, int fd)
{
    io_setup(io, fd, FMODE_READWRITE | FMODE_SYNC, Qnil);
    io_rio(io)->socket = true;
}

int io_fd(VALUE io)
{
    return io_rio_open(io)->fd;
}

long io_read_pending(VALUE io)
{
    return io_rio(io)->rlen;
}

/* After shutdown(2) of one direction: the stream stops reading (what was
   read ahead is dropped) or writing (what was buffered is written first). */
bool io_shut(VALUE io, bool read)
{
    struct rio *f = io_rio_open(io);
    if (read) {
        f->mode &= ~FMODE_READABLE;
        f->rpos = f->rlen = 0;
    } else {
        if (f->wlen > 0) io_fflush(f);
        f->mode &= ~FMODE_WRITABLE;
    }
    return !(f->mode & FMODE_READWRITE);
}

/* ------------------------------------------------------------ opening */
/* A FIFO is opened non-blocking: an open for reading returns at once (its
   reads then wait through the scheduler until a writer has written or
   gone), and an open for writing with no reader yet (ENXIO) is retried
   every 10 ms through the scheduler, so the thread waits as 1.8.7's open
   did, without stopping the others. */
static bool is_fifo(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISFIFO(st.st_mode);
}

/* open(2) the path; Errno on failure.  Out of descriptors: collect the
   garbage (unreferenced Files close) and try once more, as MRI does. */
static int sysopen_path(VALUE path, int oflags, int perm)
{
    const char *p = str_cstr(path);
    bool fifo = is_fifo(p);
    if (fifo) oflags |= O_NONBLOCK;
    for (int attempt = 0;; attempt++) {
        int fd = open(p, oflags | O_CLOEXEC, perm);
        if (fd >= 0) return fd;
        if (errno == EINTR) continue;
        if (fifo && errno == ENXIO) { green_sleep(0.01); p = str_cstr(path); continue; }
        if ((errno == EMFILE || errno == ENFILE) && attempt == 0) { gc_start(); continue; }
        exc_sys_fail(p);
    }
}

VALUE io_open_path(VALUE klass, VALUE path, int oflags, int fmode, int perm)
{
    path = str_new_frozen(conv_to_str(path));
    VALUE io = io_alloc(klass);
    int fd = sysopen_path(path, oflags, perm);
    io_setup(io, fd, fmode, path);
    return io;
}

/* Kernel#open and IO.read & co.: "|cmd" runs a command, else a File. */
VALUE io_open_generic(VALUE path, VALUE mode, VALUE perm)
{
    path = conv_to_str(path);
    vm_check_safe_obj(path);
    int oflags;
    int fmode = io_mode_arg(mode, &oflags);
    if (RSTRING_LEN(path) > 0 && RSTRING_PTR(path)[0] == '|')
        return io_popen_cmd(str_substr(path, 1, RSTRING_LEN(path) - 1), fmode);
    int p = NIL_P(perm) ? 0666 : num_to_int(perm);
    return io_open_path(vm.c.File, path, oflags, fmode, p);
}

VALUE io_close_ensure(VALUE io)
{
    struct rio *f = io_rio(io);
    if (f->fd >= 0) io_close_rio(f, true);
    return Qnil;
}

/* ------------------------------------------------------------ IO.new, IO.open */
static VALUE io_initialize(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    vm_secure(4);
    int fd = num_to_int(argv[0]);
    struct stat st;
    if (fstat(fd, &st) < 0) exc_sys_fail(NULL);
    int fmode;
    if (argc > 1) fmode = io_mode_arg(argv[1], NULL);
    else {
        int fl = fcntl(fd, F_GETFL);
        fmode = fl < 0 ? FMODE_READABLE : io_mode_from_oflags(fl);
    }
    io_setup(self, fd, fmode & ~(FMODE_CREATE | FMODE_TRUNC), Qnil);
    if (fd == 2) io_rio(self)->mode |= FMODE_SYNC;
    return self;
}

static VALUE io_s_for_fd(VALUE klass, int argc, const VALUE *argv)
{
    return class_new_instance(klass, argc, argv);
}

static VALUE io_s_open(VALUE klass, int argc, const VALUE *argv)
{
    VALUE io = class_new_instance(klass, argc, argv);
    if (!vm_block_given()) return io;
    return vm_ensure((VALUE (*)(VALUE))vm_yield1, io, io_close_ensure, io);
}

static VALUE io_s_sysopen(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 3);
    int oflags;
    io_mode_arg(argc > 1 ? argv[1] : Qnil, &oflags);
    int perm = argc > 2 && !NIL_P(argv[2]) ? num_to_int(argv[2]) : 0666;
    VALUE path = conv_to_str(argv[0]);
    vm_check_safe_name(path, "sysopen");
    return INT2FIX(sysopen_path(path, oflags, perm));
}

/* Kernel#open(path, mode = "r", perm = 0666) { |io| } */
static VALUE k_open(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 3);
    if (STRING_P(argv[0])) vm_check_safe_name(argv[0], "initialize");   /* as 1.8.7 names it */
    VALUE io = io_open_generic(argv[0], argc > 1 ? argv[1] : Qnil, argc > 2 ? argv[2] : Qnil);
    if (!vm_block_given()) return io;
    return vm_ensure((VALUE (*)(VALUE))vm_yield1, io, io_close_ensure, io);
}

/* ------------------------------------------------------------ stream methods */
static VALUE io_fileno(VALUE self, int argc, const VALUE *argv)
{
    return INT2FIX(io_rio_open(self)->fd);
}

static VALUE io_close(VALUE self, int argc, const VALUE *argv)
{
    io_close_rio(io_rio_open(self), true);
    return Qnil;
}

static VALUE io_closed_p(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(io_rio(self)->fd < 0);
}

static VALUE io_close_read(VALUE self, int argc, const VALUE *argv)
{
    struct rio *f = io_rio_open(self);
    if (f->wfd < 0) {
        if (f->mode & FMODE_WRITABLE) exc_raise(vm.c.IOError, "closing non-duplex IO for reading");
        io_close_rio(f, true);
        return Qnil;
    }
    io_close_fd(f->fd);
    f->fd = f->wfd;
    f->wfd = -1;
    f->rpos = f->rlen = 0;
    f->mode &= ~FMODE_READABLE;
    return Qnil;
}

static VALUE io_close_write(VALUE self, int argc, const VALUE *argv)
{
    struct rio *f = io_rio_open(self);
    if (f->wfd < 0) {
        if (f->mode & FMODE_READABLE) exc_raise(vm.c.IOError, "closing non-duplex IO for writing");
        io_close_rio(f, true);
        return Qnil;
    }
    io_fflush(f);
    io_close_fd(f->wfd);
    f->wfd = -1;
    f->mode &= ~FMODE_WRITABLE;
    return Qnil;
}

static VALUE io_flush(VALUE self, int argc, const VALUE *argv)
{
    struct rio *f = io_rio_writable(self);
    io_fflush(f);
    return self;
}

static VALUE io_fsync(VALUE self, int argc, const VALUE *argv)
{
    struct rio *f = io_rio_writable(self);
    io_fflush(f);
    if (fsync(rio_wfd(f)) < 0 && errno != EINVAL && errno != EROFS) exc_sys_fail(rio_path_cstr(f));
    return INT2FIX(0);
}

static VALUE io_sync(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(io_rio_open(self)->mode & FMODE_SYNC);
}

static VALUE io_set_sync(VALUE self, int argc, const VALUE *argv)
{
    struct rio *f = io_rio_open(self);
    if (RTEST(argv[0])) {
        f->mode |= FMODE_SYNC;
        if (f->wlen > 0) io_fflush(f);
    } else {
        f->mode &= ~FMODE_SYNC;
    }
    return argv[0];
}

static VALUE io_isatty(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(isatty(io_rio_open(self)->fd));
}

static VALUE io_binmode(VALUE self, int argc, const VALUE *argv)
{
    io_rio_open(self)->mode |= FMODE_BINMODE;
    return self;
}

static VALUE io_pid(VALUE self, int argc, const VALUE *argv)
{
    struct rio *f = io_rio(self);
    return f->pid > 0 ? INT2FIX(f->pid) : Qnil;
}

static VALUE io_lineno(VALUE self, int argc, const VALUE *argv)
{
    return int_new(io_rio_readable(self)->lineno);
}

static VALUE io_set_lineno(VALUE self, int argc, const VALUE *argv)
{
    io_rio_readable(self)->lineno = num_to_long(argv[0]);
    return argv[0];
}

static VALUE io_to_io(VALUE self, int argc, const VALUE *argv) { return self; }

static off_t rio_tell(struct rio *f)
{
    if (f->wlen > 0) io_fflush(f);
    off_t pos = lseek(f->fd, 0, SEEK_CUR);
    if (pos < 0) exc_sys_fail(rio_path_cstr(f));
    return pos - f->rlen;
}

static VALUE io_tell(VALUE self, int argc, const VALUE *argv)
{
    return int_new((long)rio_tell(io_rio_open(self)));
}

static void rio_seek(struct rio *f, off_t off, int whence)
{
    if (f->wlen > 0) io_fflush(f);
    if (whence == SEEK_CUR) off -= f->rlen;
    f->rpos = f->rlen = 0;
    if (lseek(f->fd, off, whence) < 0) exc_sys_fail(rio_path_cstr(f));
}

static VALUE io_seek(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    int whence = argc > 1 ? num_to_int(argv[1]) : SEEK_SET;
    rio_seek(io_rio_open(self), (off_t)num_to_long(argv[0]), whence);
    return INT2FIX(0);
}

static VALUE io_sysseek(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    struct rio *f = io_rio_open(self);
    int whence = argc > 1 ? num_to_int(argv[1]) : SEEK_SET;
    if (f->rlen > 0) exc_raise(vm.c.IOError, "sysseek for buffered IO");
    if (f->wlen > 0) exc_warn("sysseek for buffered IO");
    off_t pos = lseek(f->fd, (off_t)num_to_long(argv[0]), whence);
    if (pos < 0) exc_sys_fail(rio_path_cstr(f));
    return int_new((long)pos);
}

static VALUE io_set_pos(VALUE self, int argc, const VALUE *argv)
{
    rio_seek(io_rio_open(self), (off_t)num_to_long(argv[0]), SEEK_SET);
    return argv[0];
}

static VALUE io_rewind(VALUE self, int argc, const VALUE *argv)
{
    struct rio *f = io_rio_open(self);
    rio_seek(f, 0, SEEK_SET);
    f->lineno = 0;
    return INT2FIX(0);
}

/* The argument of fcntl and ioctl, as 1.8.7's rb_io_ctl: nil and false
   are 0, true 1, an Integer itself; a String is a buffer of at least
   CTL_BUF bytes (a shorter one grows to CTL_BUF and a sentinel byte, as
   in 1.8.7, zero-filled here), and the call must leave the byte after
   the buffer alone (the NUL of a longer one, put back after). */
#define CTL_BUF 256
#define CTL_SENTINEL 17

struct ctl_buf {
    VALUE str;        /* nil: no buffer */
    long at;          /* the sentinel's position */
};

static long ctl_arg(VALUE arg, struct ctl_buf *b)
{
    b->str = Qnil;
    if (NIL_P(arg) || arg == Qfalse) return 0;
    if (arg == Qtrue) return 1;
    if (FIXNUM_P(arg)) return FIX2LONG(arg);
    VALUE str = conv_check_str(arg);
    if (NIL_P(str)) return num_to_long(arg);
    str_modify(str);
    long len = RSTRING_LEN(str);
    if (len < CTL_BUF) {
        str_resize(str, CTL_BUF + 1);
        memset(RSTRING_PTR(str) + len, 0, (size_t)(CTL_BUF - len));
        len = CTL_BUF;
    }
    RSTRING_PTR(str)[len] = CTL_SENTINEL;
    b->str = str;
    b->at = len;
    return (long)RSTRING_PTR(str);
}

static void ctl_check(const struct ctl_buf *b)
{
    if (NIL_P(b->str)) return;
    char *p = RSTRING_PTR(b->str);
    if (p[b->at] != CTL_SENTINEL) exc_raise(vm.c.ArgumentError, "return value overflowed string");
    if (b->at == RSTRING_LEN(b->str)) p[b->at] = '\0';
}

static VALUE io_ctl(VALUE self, int argc, const VALUE *argv, bool is_ioctl)
{
    vm_secure(2);
    arity_check(argc, 1, 2);
    unsigned long cmd = (unsigned long)num_to_long(argv[0]);
    struct rio *f = io_rio_open(self);
    struct ctl_buf b;
    long arg = ctl_arg(argc > 1 ? argv[1] : Qnil, &b);
    int r = is_ioctl ? ioctl(f->fd, cmd, arg) : fcntl(f->fd, (int)cmd, arg);
    if (r < 0) exc_sys_fail(rio_path_cstr(f));
    ctl_check(&b);
    return INT2FIX(r);
}

static VALUE io_fcntl(VALUE self, int argc, const VALUE *argv) { return io_ctl(self, argc, argv, false); }
static VALUE io_ioctl(VALUE self, int argc, const VALUE *argv) { return io_ctl(self, argc, argv, true); }

static VALUE io_inspect(VALUE self, int argc, const VALUE *argv)
{
    struct rio *f = io_rio(self);
    if (!STRING_P(f->path)) return obj_any_to_s(self);
    return str_new_fmt("#<%s:%s%s>", obj_classname(self), str_cstr(f->path), f->fd < 0 ? " (closed)" : "");
}

/* dup: a new descriptor for the same open file (its position is shared);
   what the original buffered is flushed or given back first. */
static VALUE io_init_copy(VALUE self, int argc, const VALUE *argv)
{
    VALUE orig = argv[0];
    if (self == orig) return self;
    struct rio *o = io_rio_open(orig);
    if (o->wlen > 0) io_fflush(o);
    if (o->rlen > 0 && o->regular) io_unread_discard(o);
    int fd = fcntl(o->fd, F_DUPFD_CLOEXEC, 3);
    if (fd < 0) exc_sys_fail(rio_path_cstr(o));
    int wfd = -1;
    if (o->wfd >= 0 && (wfd = fcntl(o->wfd, F_DUPFD_CLOEXEC, 3)) < 0) {
        close(fd);
        exc_sys_fail(rio_path_cstr(o));
    }
    io_setup(self, fd, o->mode, o->path);
    struct rio *f = io_rio(self);
    f->wfd = wfd;
    f->pid = o->pid;
    f->lineno = o->lineno;
    return self;
}

/* reopen(other_io) or reopen(path, mode): keeps this IO's descriptor
   number (so $stdout.reopen redirects fd 1) and takes the other's class. */
static VALUE io_reopen(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    struct rio *f = io_rio(self);
    VALUE other = argv[0];
    if (argc == 1 && !STRING_P(other) && io_is_io(other)) {
        struct rio *o = io_rio_open(other);
        if (o == f) return self;
        if (o->wlen > 0) io_fflush(o);
        if (f->fd >= 0 && f->wlen > 0) io_fflush(f);
        int fd = f->fd >= 0 ? f->fd : -1;
        if (fd >= 0) green_fd_closed(fd);        /* the number names another file now */
        if (fd >= 0 && dup2(o->fd, fd) < 0) exc_sys_fail(NULL);
        if (fd < 0 && (fd = dup(o->fd)) < 0) exc_sys_fail(NULL);
        io_cloexec_fd(fd);
        io_setup(self, fd, o->mode, o->path);
        RBASIC(self)->klass = RBASIC(other)->klass;
        return self;
    }
    VALUE path = str_new_frozen(conv_to_str(other));
    int fmode = f->fd >= 0 ? (f->mode & (FMODE_READWRITE | FMODE_APPEND)) : FMODE_READABLE;
    if (fmode == FMODE_WRITABLE) fmode |= FMODE_CREATE | FMODE_TRUNC;
    int oflags = io_mode_to_oflags(fmode);
    if (argc > 1) fmode = io_mode_arg(argv[1], &oflags);
    int nfd = sysopen_path(path, oflags, 0666);
    int fd = nfd;
    if (f->fd >= 0) {
        if (f->wlen > 0) io_fflush(f);
        fd = f->fd;
        green_fd_closed(fd);
        if (dup2(nfd, fd) < 0) { close(nfd); exc_sys_fail(NULL); }
        close(nfd);
        io_cloexec_fd(fd);
    }
    int sync = f->mode & FMODE_SYNC;
    io_setup(self, fd, (fmode & ~(FMODE_CREATE | FMODE_TRUNC)) | sync, path);
    return self;
}

/* ------------------------------------------------------------ init */
/* A standard descriptor closed at start-up stays taken: else the next
   open() (the signal-wakeup pipe, a File) gets it and $stdout writes into
   that.  /dev/null opened the other way round holds the number while a
   read or write on it still fails with EBADF, as on the closed one, here
   and in child processes. */
void io_reserve_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int nfd = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (nfd > fd) {
            dup2(nfd, fd);
            close(nfd);
        }
    }
}

static void define_streams(void)
{
    VALUE *roots[] = { &stdin_io, &stdout_io, &stderr_io, &var_stdin, &var_stdout, &var_stderr,
                       &var_rs, &var_ors, &var_ofs, &var_fs, &default_rs, &last_status };
    for (size_t i = 0; i < countof(roots); i++) {
        *roots[i] = Qnil;
        gc_register_root(roots[i]);
    }
    stdin_io = io_new_fd(vm.c.IO, 0, FMODE_READABLE, Qnil);
    stdout_io = io_new_fd(vm.c.IO, 1, FMODE_WRITABLE, Qnil);
    stderr_io = io_new_fd(vm.c.IO, 2, FMODE_WRITABLE | FMODE_SYNC, Qnil);
    var_stdin = stdin_io;
    var_stdout = stdout_io;
    var_stderr = stderr_io;
    define_global_const("STDIN", stdin_io);
    define_global_const("STDOUT", stdout_io);
    define_global_const("STDERR", stderr_io);
    gvar_define_hooked("$stdin", &var_stdin, get_plain, set_plain);
    gvar_define_hooked("$stdout", &var_stdout, get_plain, set_output);
    gvar_define_hooked("$stderr", &var_stderr, get_plain, set_output);
    gvar_define_hooked("$>", &var_stdout, get_plain, set_output);
    gvar_define_hooked("$defout", &var_stdout, get_plain, set_output);
    gvar_define_hooked("$deferr", &var_stderr, get_plain, set_output);
}

static void define_io_globals(void)
{
    default_rs = obj_freeze(str_new("\n", 1));
    var_rs = default_rs;
    var_ors = var_ofs = var_fs = Qnil;
    last_status = Qnil;
    gvar_define_hooked("$/", &var_rs, get_plain, set_str_or_nil);
    gvar_define_hooked("$-0", &var_rs, get_plain, set_str_or_nil);
    gvar_define_hooked("$\\", &var_ors, get_plain, set_str_or_nil);
    gvar_define_hooked("$,", &var_ofs, get_plain, set_str_or_nil);
    gvar_define_hooked("$;", &var_fs, get_plain, set_plain);
    gvar_define_hooked("$-F", &var_fs, get_plain, set_plain);
    gvar_define_hooked("$.", NULL, get_lineno, set_lineno);
    gvar_define_readonly("$?", NULL, get_last_status);
}

static void define_stream_methods(VALUE c)
{
    define_method(c, "initialize", io_initialize, -1);
    define_method(c, "fileno", io_fileno, 0);
    define_method(c, "to_i", io_fileno, 0);
    define_method(c, "close", io_close, 0);
    define_method(c, "closed?", io_closed_p, 0);
    define_method(c, "close_read", io_close_read, 0);
    define_method(c, "close_write", io_close_write, 0);
    define_method(c, "flush", io_flush, 0);
    define_method(c, "fsync", io_fsync, 0);
    define_method(c, "sync", io_sync, 0);
    define_method(c, "sync=", io_set_sync, 1);
    define_method(c, "isatty", io_isatty, 0);
    define_method(c, "tty?", io_isatty, 0);
    define_method(c, "binmode", io_binmode, 0);
    define_method(c, "pid", io_pid, 0);
    define_method(c, "lineno", io_lineno, 0);
    define_method(c, "lineno=", io_set_lineno, 1);
    define_method(c, "to_io", io_to_io, 0);
    define_method(c, "pos", io_tell, 0);
    define_method(c, "tell", io_tell, 0);
    define_method(c, "pos=", io_set_pos, 1);
    define_method(c, "seek", io_seek, -1);
    define_method(c, "sysseek", io_sysseek, -1);
    define_method(c, "rewind", io_rewind, 0);
    define_method(c, "fcntl", io_fcntl, -1);
    define_method(c, "ioctl", io_ioctl, -1);
    define_method(c, "inspect", io_inspect, 0);
    define_method(c, "reopen", io_reopen, -1);
    define_method(c, "initialize_copy", io_init_copy, 1);
    define_method(c, "write", io_m_write, 1);
}

void io_init(void)
{
    id_write = sym_intern_cstr("write");
    VALUE c = vm.c.IO = class_define("IO", vm.c.Object);
    class_set_allocator(c, io_alloc);
    module_include(c, vm.c.Enumerable);
    define_const(c, "SEEK_SET", INT2FIX(SEEK_SET));
    define_const(c, "SEEK_CUR", INT2FIX(SEEK_CUR));
    define_const(c, "SEEK_END", INT2FIX(SEEK_END));
    define_singleton_method(c, "for_fd", io_s_for_fd, -1);
    define_singleton_method(c, "open", io_s_open, -1);
    define_singleton_method(c, "sysopen", io_s_sysopen, -1);
    define_global_function("open", k_open, -1);
    define_stream_methods(c);
    define_streams();
    define_io_globals();
    io_read_init();
    io_write_init();
    io_proc_init();
}

/* IO#write: the one place a String reaches the buffer; see io_write(). */
static VALUE io_m_write(VALUE self, int argc, const VALUE *argv)
{
    write_safe_check();
    VALUE str = STRING_P(argv[0]) ? argv[0] : obj_to_s(argv[0]);
    struct rio *f = io_rio_writable(self);
    long n = rio_write_str(f, str);
    GC_GUARD(str);
    return int_new(n);
}

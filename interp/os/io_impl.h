/* io_impl.h: what the IO files (io.c, io_read.c, io_write.c, io_proc.c,
 * file.c, process.c) share: the IO object's C struct and its buffered
 * primitives.  Not for other modules: they use the io_ functions of ruby.h.
 *
 * An IO is a T_DATA holding a struct rio.  Reads go through a per-IO read
 * buffer, writes through a write buffer (flushed when full, at a newline on
 * a tty, before reading and seeking, at close and at exit).  Every wait for
 * a file descriptor goes through the scheduler (green_wait_fd), so only the
 * calling green thread blocks. */
#ifndef MR_IO_IMPL_H
#define MR_IO_IMPL_H

#include <sys/types.h>
#include "runtime/internal.h"

#define FMODE_READABLE 0x001
#define FMODE_WRITABLE 0x002
#define FMODE_READWRITE (FMODE_READABLE | FMODE_WRITABLE)
#define FMODE_APPEND   0x004
#define FMODE_CREATE   0x008
#define FMODE_BINMODE  0x010
#define FMODE_SYNC     0x020   /* every write goes straight to the fd */
#define FMODE_LINEBUF  0x040   /* flush at each newline (stdout on a tty) */
#define FMODE_TRUNC    0x080
#define FMODE_EXCL     0x100

struct rio {
    int fd;             /* -1 once closed */
    int wfd;            /* read-write popen: the write end, else -1 */
    int mode;           /* FMODE_ bits */
    pid_t pid;          /* popen child, 0 if none */
    long lineno;
    VALUE path;         /* String or nil */
    bool regular;       /* regular file: reads and writes never block */
    bool socket;        /* a socket of ours: MSG_DONTWAIT, no poll before a call */
    bool nowait;        /* a pipe (fd, and popen's wfd): RWF_NOWAIT, no poll before a call */
    bool eof_seen;      /* a read returned 0 (ttys: cleared by the next read) */
    char *rbuf;         /* unread bytes: rbuf[rpos .. rpos + rlen) */
    long rpos, rlen, rcapa;
    char *wbuf;         /* bytes not yet written */
    long wlen, wcapa;
    struct rio *next, *prev;   /* every live IO, for io_flush_all */
};

extern const struct data_type io_data_type;

/* ---- io.c: objects and low-level I/O */
struct rio *io_rio(VALUE io);              /* TypeError unless an IO */
struct rio *io_rio_open(VALUE io);         /* IOError "closed stream" */
struct rio *io_rio_readable(VALUE io);     /* + "not opened for reading" */
struct rio *io_rio_writable(VALUE io);     /* + "not opened for writing" */
bool io_is_io(VALUE v);
VALUE io_alloc(VALUE klass);
void io_setup(VALUE io, int fd, int mode, VALUE path);
VALUE io_new_fd(VALUE klass, int fd, int mode, VALUE path);
int io_mode_from_str(const char *m);        /* FMODE_; ArgumentError if bad */
int io_mode_to_oflags(int fmode);
int io_mode_from_oflags(int oflags);
int io_mode_arg(VALUE v, int *oflags);      /* String or Fixnum mode -> FMODE_, O_ */
void io_fflush(struct rio *f);              /* raises on error */
long io_sysread(struct rio *f, char *buf, long n);   /* waits; 0 at EOF */
long io_read_now(struct rio *f, char *buf, long n);  /* never waits: -1 and EAGAIN if nothing */
long io_write_now(struct rio *f, int fd, VALUE str); /* never waits: -1 and EAGAIN if no room */
void io_syswrite_str(struct rio *f, int fd, VALUE str);  /* unbuffered, all of it */
int io_fill(struct rio *f);                 /* refill the read buffer: bytes read, 0 at EOF */
void io_unread_discard(struct rio *f);      /* before a seek or a write on r+ */
void io_close_rio(struct rio *f, bool wait_child);
int io_cloexec_fd(int fd);
void io_set_nonblock(int fd);               /* for descriptors miniruby makes */
void io_close_fd(int fd);                   /* close(2), waking the threads waiting on fd */
void io_set_last_status(int status, pid_t pid);
VALUE io_last_status(void);
VALUE io_get_rs(void);                      /* $/ */
void io_set_lastline_no(long n);            /* $. */
VALUE io_open_path(VALUE klass, VALUE path, int oflags, int fmode, int perm);
VALUE io_open_generic(VALUE path, VALUE mode, VALUE perm);   /* "|cmd" too */
VALUE io_close_ensure(VALUE io);

/* ---- io_read.c */
VALUE io_getline(VALUE io, VALUE sep);      /* nil at EOF; counts lineno */
VALUE io_read_all(struct rio *f);
void io_read_init(void);

/* ---- io_write.c */
void io_write_init(void);

/* ---- io_proc.c: pipes, popen, select */
VALUE io_popen_cmd(VALUE cmd, int fmode);   /* cmd without the "|" */
void io_proc_init(void);
pid_t io_spawn(VALUE cmd, int argc, const VALUE *argv, int in_fd, int out_fd, int *exec_errno);
int io_exec_now(VALUE cmd, int argc, const VALUE *argv);   /* errno if exec failed */

/* ---- process_id.c: limits, priorities, groups, Process::Sys/UID/GID */
void process_id_init(VALUE mProcess);

/* ---- file.c */
void file_stat_init(void);                  /* file_stat.c */
VALUE file_stat_new(const void *st);        /* struct stat * */
VALUE file_expand_path(VALUE path, VALUE dir);

const char *file_ftype_name(unsigned mode);  /* "file", "directory" ... */
void file_path_init(void);                  /* file_path.c */

/* ---- time.c */
struct timespec;
VALUE time_new_timespec(long sec, long nsec);
void time_to_timespec(VALUE t, struct timespec *ts);  /* Time or Numeric */

/* ---- process.c */
void process_flush_before_fork(void);
void process_after_fork_child(void);        /* the scheduler keeps only this thread */

#endif

/* io_wait.c: require 'io/wait', after Ruby 1.8.7's API.
 *
 *   IO#ready?        true if bytes are buffered, else the number of bytes
 *                    readable without blocking (FIONREAD), or nil
 *   IO#wait(timeout = nil)
 *                    waits until input is available: self, or nil when
 *                    the time ran out or the end of the stream came
 *   IO#nread         bytes readable without blocking (0 if none)
 *
 * IO#wait blocks only the calling green thread (green_wait_fd).  Where
 * 1.8.7's wait answered nil for an IO whose bytes were all buffered, this
 * one answers self.
 */
#include <sys/ioctl.h>
#include <poll.h>
#include "ruby.h"
#include "ruby/green.h"

void ext_io_wait_init(void);

/* Bytes the kernel holds for fd, 0 when it cannot tell. */
static long kernel_nread(int fd)
{
    int n = 0;
    if (ioctl(fd, FIONREAD, &n) < 0) return 0;
    return n;
}

static VALUE io_ready_p(VALUE self, int argc, const VALUE *argv)
{
    long buffered;
    int fd = io_readable_fd(self, &buffered);
    if (buffered > 0) return Qtrue;
    long n = kernel_nread(fd);
    return n > 0 ? int_new(n) : Qnil;
}

static VALUE io_nread(VALUE self, int argc, const VALUE *argv)
{
    long buffered;
    int fd = io_readable_fd(self, &buffered);
    if (buffered > 0) return int_new(buffered);
    return int_new(kernel_nread(fd));
}

static VALUE io_wait(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    double timeout = argc > 0 && !NIL_P(argv[0]) ? num_to_dbl(argv[0]) : -1;
    if (timeout < 0 && argc > 0 && !NIL_P(argv[0]))
        exc_raise(core_classes->ArgumentError, "time interval must be positive");
    long buffered;
    int fd = io_readable_fd(self, &buffered);
    if (buffered > 0) return self;
    if (green_wait_fd(fd, POLLIN, timeout) == 0) return Qnil;
    io_readable_fd(self, &buffered);   /* closed by another thread meanwhile? */
    return kernel_nread(fd) > 0 ? self : Qnil;
}

void ext_io_wait_init(void)
{
    define_method(core_classes->IO, "ready?", io_ready_p, 0);
    define_method(core_classes->IO, "nread", io_nread, 0);
    define_method(core_classes->IO, "wait", io_wait, -1);
}

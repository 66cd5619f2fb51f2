/* socket.c: require 'socket': the class tree, the descriptor helpers the
 * other files share (socket(2), connect, accept, recvfrom and send that
 * wait through the scheduler), and BasicSocket, after Ruby 1.8.7's API:
 *   BasicSocket.for_fd, BasicSocket.do_not_reverse_lookup(=) (false by
 *   default: addresses come back with host names), #do_not_reverse_lookup(=)
 *   per socket, #shutdown, #close_read, #close_write, #setsockopt and
 *   #getsockopt (packed Strings, or Integers and booleans to set),
 *   #getsockname, #getpeername, #send, #recv, #recv_nonblock.
 * Errors are 1.8.7's: Errno::X "message - func(2)" for a failing system
 * call, SocketError for the resolver, IOError "recv for buffered IO" when
 * gets has read ahead.
 *
 * Every descriptor made here is O_NONBLOCK and close-on-exec; a call that
 * would block waits with green_wait_fd and tries again, so it blocks only
 * its green thread.  After every wait the descriptor is fetched from the
 * IO again: another thread may have closed it (IOError "closed stream"). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#include "sock.h"

struct sock_classes sk;

static bool do_not_reverse_lookup;      /* BasicSocket.do_not_reverse_lookup */
static ID id_dnrl, id_close;

/* ------------------------------------------------------------ descriptors */
NORETURN void sock_sys_fail(int err, const char *what)
{
    errno = err;
    exc_sys_fail(what);
}

int sock_set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0 && !(fl & O_NONBLOCK)) fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}

/* socket(2), non-blocking; out of descriptors, collect unreferenced
   sockets and retry once, as 1.8.7 did.  -1 and errno on failure. */
int sock_socket_try(int domain, int type, int proto)
{
    int fd = socket(domain, type | SOCK_NONBLOCK | SOCK_CLOEXEC, proto);
    if (fd < 0 && (errno == EMFILE || errno == ENFILE)) {
        gc_start();
        fd = socket(domain, type | SOCK_NONBLOCK | SOCK_CLOEXEC, proto);
    }
    return fd;
}

int sock_socket(int domain, int type, int proto)
{
    int fd = sock_socket_try(domain, type, proto);
    if (fd < 0) sock_sys_fail(errno, "socket(2)");
    return fd;
}

void sock_init_fd(VALUE sock, int fd)
{
    io_setup_socket(sock, fd);
    ivar_set(sock, id_dnrl, BOOL2V(do_not_reverse_lookup));
}

VALUE sock_new_fd(VALUE klass, int fd)
{
    VALUE sock = class_allocate(klass);
    sock_init_fd(sock, fd);
    return sock;
}

int sock_fd(VALUE sock) { return io_fd(sock); }

bool sock_reverse_default(void) { return !do_not_reverse_lookup; }

bool sock_reverse(VALUE sock)
{
    VALUE v = ivar_lookup(sock, id_dnrl);
    return v == Qundef ? !do_not_reverse_lookup : !RTEST(v);
}

/* ------------------------------------------------------------ blocking calls */
/* The descriptor to use: sock's (fetched again after each wait: another
   thread may close it), or fd while sock is nil. */
static int fd_of(VALUE sock, int fd) { return NIL_P(sock) ? fd : sock_fd(sock); }

int sock_connect(VALUE sock, int fd, const struct sockaddr *sa, socklen_t len)
{
    fd = fd_of(sock, fd);
    for (double pause = 0.001;; pause = pause < 0.05 ? pause * 2 : pause) {
        if (connect(fd, sa, len) == 0) return 0;
        if (errno != EAGAIN || sa->sa_family != AF_UNIX) break;
        /* a Unix server's backlog is full: no event says when it has room */
        green_sleep(pause);
        fd = fd_of(sock, fd);
    }
    /* EINTR: the connection goes on without us, as EINPROGRESS */
    if (errno != EINPROGRESS && errno != EINTR) return errno;
    for (;;) {
        short rev = (short)green_wait_fd(fd, POLLOUT, -1);
        fd = fd_of(sock, fd);
        if (!(rev & (POLLOUT | POLLERR | POLLHUP | POLLNVAL))) continue;
        int err = 0;
        socklen_t elen = sizeof err;
        if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen) < 0) return errno;
        return err;
    }
}

struct connect_args { int fd; const struct sockaddr *sa; socklen_t len; int err; };

static VALUE connect_body(VALUE arg)
{
    struct connect_args *a = (struct connect_args *)arg;
    a->err = sock_connect(Qnil, a->fd, a->sa, a->len);
    return Qnil;
}

int sock_connect_fd(int fd, const struct sockaddr *sa, socklen_t len)
{
    struct connect_args a = { fd, sa, len, 0 };
    int state;
    vm_protect(connect_body, (VALUE)&a, &state);
    if (state) {
        sock_close_fd(fd);
        vm_jump_state(state);
    }
    return a.err;
}

void sock_close_fd(int fd)
{
    green_fd_closed(fd);
    close(fd);
}

/* accept(2) on server's descriptor; the new one is non-blocking.  The
   blocking form fails as 1.8.7's accept did, with no function named. */
int sock_accept(VALUE server, struct sockaddr *sa, socklen_t *len, bool nonblock)
{
    socklen_t len0 = *len;
    bool collected = false;
    for (;;) {
        int lfd = sock_fd(server);
        *len = len0;
        int fd = accept4(lfd, sa, len, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd >= 0) return fd;
        int err = errno;
        if (err == EINTR || err == ECONNABORTED) continue;
        if (err == EAGAIN || err == EWOULDBLOCK) {
            if (nonblock) sock_sys_fail(err, "accept(2)");
            green_wait_blocked(lfd, POLLIN);
            continue;
        }
        if ((err == EMFILE || err == ENFILE) && !collected) {
            collected = true;
            gc_start();
            continue;
        }
        sock_sys_fail(err, nonblock ? "accept(2)" : NULL);
    }
}

static long recv_len_arg(VALUE v)
{
    long n = num_to_long(v);
    if (n < 0 || n > 0x7fffffffL) exc_raise(core_classes->ArgumentError, "negative string size (or size too big)");
    return n;
}

static VALUE recv_result(VALUE str, enum recv_kind kind, struct sockaddr_storage *from, socklen_t alen,
                         VALUE sock)
{
    switch (kind) {
    case RECV_PLAIN:
        return str;
    case RECV_IP:
        /* connected stream sockets leave the sender empty */
        if (alen == 0 || alen == sizeof *from) return ary_new_of(2, str, Qnil);
        return ary_new_of(2, str, sock_ipaddr((struct sockaddr *)from, alen, sock_reverse(sock)));
    case RECV_UNIX:
        return ary_new_of(2, str, sock_unixaddr((struct sockaddr_un *)from, alen));
    case RECV_SOCKADDR:
        return ary_new_of(2, str, str_new((const char *)from, alen));
    }
    return str;
}

/* recv, recvfrom and their _nonblock forms: (maxlen, flags = 0). */
VALUE sock_recvfrom(VALUE sock, int argc, const VALUE *argv, enum recv_kind kind, bool nonblock)
{
    arity_check(argc, 1, 2);
    long maxlen = recv_len_arg(argv[0]);
    int flags = argc > 1 && !NIL_P(argv[1]) ? num_to_int(argv[1]) : 0;
    int fd = sock_fd(sock);
    if (io_read_pending(sock) > 0)
        exc_raise(core_classes->IOError, nonblock ? "recvfrom for buffered IO" : "recv for buffered IO");
    VALUE str = str_new_capa(maxlen);
    /* 1.8.7 waited for the socket first: recv(0) waits for data too */
    if (maxlen == 0 && !nonblock) green_wait_fd(fd, POLLIN, -1);
    struct sockaddr_storage from;
    for (;;) {
        fd = sock_fd(sock);
        socklen_t alen = sizeof from;
        memset(&from, 0, sizeof from);
        ssize_t n = recvfrom(fd, RSTRING_PTR(str), (size_t)maxlen, flags, (struct sockaddr *)&from, &alen);
        if (n >= 0) {
            /* a short datagram or read: do not keep maxlen bytes alive for it */
            if (maxlen > 4096 && n < maxlen / 4) str = str_new(RSTRING_PTR(str), (long)n);
            else str_resize(str, (long)n);
            return recv_result(str, kind, &from, alen, sock);
        }
        int err = errno;
        if (err == EINTR) continue;
        if (err != EAGAIN && err != EWOULDBLOCK) sock_sys_fail(err, "recvfrom(2)");
        if (nonblock) sock_sys_fail(err, "recvfrom(2)");
        green_wait_blocked(fd, POLLIN);
    }
}

/* send(mesg, flags[, dest_sockaddr]): the bytes sent (maybe fewer). */
VALUE sock_send(VALUE sock, int argc, const VALUE *argv)
{
    arity_check(argc, 2, 3);
    VALUE mesg = conv_to_str(argv[0]);
    int flags = num_to_int(argv[1]) | MSG_NOSIGNAL;
    VALUE to = argc > 2 ? conv_to_str(argv[2]) : Qnil;
    const char *func = NIL_P(to) ? "send(2)" : "sendto(2)";
    for (;;) {
        int fd = sock_fd(sock);
        ssize_t n = NIL_P(to)
            ? send(fd, RSTRING_PTR(mesg), (size_t)RSTRING_LEN(mesg), flags)
            : sendto(fd, RSTRING_PTR(mesg), (size_t)RSTRING_LEN(mesg), flags,
                     (const struct sockaddr *)RSTRING_PTR(to), (socklen_t)RSTRING_LEN(to));
        if (n >= 0) return int_new((long)n);
        int err = errno;
        if (err == EINTR) continue;
        if (err != EAGAIN && err != EWOULDBLOCK) sock_sys_fail(err, func);
        green_wait_blocked(fd, POLLOUT);
    }
}

/* ------------------------------------------------------------ BasicSocket */
static VALUE bsock_s_for_fd(VALUE klass, int argc, const VALUE *argv)
{
    int fd = num_to_int(argv[0]);
    if (fcntl(fd, F_GETFL) < 0) sock_sys_fail(errno, NULL);
    return sock_new_fd(klass, sock_set_nonblock(fd));
}

static VALUE bsock_s_dnrl(VALUE klass, int argc, const VALUE *argv)
{
    return BOOL2V(do_not_reverse_lookup);
}

static VALUE bsock_s_set_dnrl(VALUE klass, int argc, const VALUE *argv)
{
    do_not_reverse_lookup = RTEST(argv[0]);
    return argv[0];
}

static VALUE bsock_dnrl(VALUE self, int argc, const VALUE *argv)
{
    return BOOL2V(!sock_reverse(self));
}

static VALUE bsock_set_dnrl(VALUE self, int argc, const VALUE *argv)
{
    ivar_set(self, id_dnrl, BOOL2V(RTEST(argv[0])));
    return argv[0];
}

static VALUE bsock_shutdown(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    int how = argc > 0 && !NIL_P(argv[0]) ? num_to_int(argv[0]) : SHUT_RDWR;
    if (how != SHUT_RD && how != SHUT_WR && how != SHUT_RDWR)
        exc_raise(core_classes->ArgumentError, "`how' should be either 0, 1, 2");
    if (shutdown(sock_fd(self), how) < 0) sock_sys_fail(errno, NULL);
    return INT2FIX(0);
}

/* close_read / close_write: shutdown(2) that direction; the socket closes
   once neither is left. */
static VALUE bsock_close_dir(VALUE self, bool read)
{
    int fd = sock_fd(self);
    shutdown(fd, read ? SHUT_RD : SHUT_WR);
    if (io_shut(self, read)) vm_call0(self, id_close);
    return Qnil;
}

static VALUE bsock_close_read(VALUE self, int argc, const VALUE *argv) { return bsock_close_dir(self, true); }
static VALUE bsock_close_write(VALUE self, int argc, const VALUE *argv) { return bsock_close_dir(self, false); }

static VALUE bsock_setsockopt(VALUE self, int argc, const VALUE *argv)
{
    int level = num_to_int(argv[0]), opt = num_to_int(argv[1]);
    VALUE val = argv[2];
    int i;
    const void *p;
    socklen_t len;
    if (FIXNUM_P(val) || val == Qfalse || val == Qtrue) {
        i = FIXNUM_P(val) ? num_to_int(val) : val == Qtrue;
        p = &i;
        len = sizeof i;
    } else {
        val = conv_to_str(val);
        p = RSTRING_PTR(val);
        len = (socklen_t)RSTRING_LEN(val);
    }
    if (setsockopt(sock_fd(self), level, opt, p, len) < 0) sock_sys_fail(errno, NULL);
    GC_GUARD(val);
    return INT2FIX(0);
}

static VALUE bsock_getsockopt(VALUE self, int argc, const VALUE *argv)
{
    int level = num_to_int(argv[0]), opt = num_to_int(argv[1]);
    char buf[256];
    socklen_t len = sizeof buf;
    if (getsockopt(sock_fd(self), level, opt, buf, &len) < 0) sock_sys_fail(errno, NULL);
    return str_new(buf, (long)len);
}

static VALUE bsock_getsockname(VALUE self, int argc, const VALUE *argv)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getsockname(sock_fd(self), (struct sockaddr *)&ss, &len) < 0) sock_sys_fail(errno, "getsockname(2)");
    return str_new((const char *)&ss, (long)len);
}

static VALUE bsock_getpeername(VALUE self, int argc, const VALUE *argv)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getpeername(sock_fd(self), (struct sockaddr *)&ss, &len) < 0) sock_sys_fail(errno, "getpeername(2)");
    return str_new((const char *)&ss, (long)len);
}

static VALUE bsock_send(VALUE self, int argc, const VALUE *argv) { return sock_send(self, argc, argv); }

static VALUE bsock_recv(VALUE self, int argc, const VALUE *argv)
{
    return sock_recvfrom(self, argc, argv, RECV_PLAIN, false);
}

static VALUE bsock_recv_nonblock(VALUE self, int argc, const VALUE *argv)
{
    return sock_recvfrom(self, argc, argv, RECV_PLAIN, true);
}

/* No IO#initialize: each socket class has its own, which makes the
   descriptor; BasicSocket.new and IPSocket.new fail as in 1.8.7. */
static void bsock_init(void)
{
    VALUE c = sk.BasicSocket = class_define("BasicSocket", core_classes->IO);
    undef_method(c, "initialize");
    define_singleton_method(c, "for_fd", bsock_s_for_fd, 1);
    define_singleton_method(c, "do_not_reverse_lookup", bsock_s_dnrl, 0);
    define_singleton_method(c, "do_not_reverse_lookup=", bsock_s_set_dnrl, 1);
    define_method(c, "do_not_reverse_lookup", bsock_dnrl, 0);
    define_method(c, "do_not_reverse_lookup=", bsock_set_dnrl, 1);
    define_method(c, "shutdown", bsock_shutdown, -1);
    define_method(c, "close_read", bsock_close_read, 0);
    define_method(c, "close_write", bsock_close_write, 0);
    define_method(c, "setsockopt", bsock_setsockopt, 3);
    define_method(c, "getsockopt", bsock_getsockopt, 2);
    define_method(c, "getsockname", bsock_getsockname, 0);
    define_method(c, "getpeername", bsock_getpeername, 0);
    define_method(c, "send", bsock_send, -1);
    define_method(c, "recv", bsock_recv, -1);
    define_method(c, "recv_nonblock", bsock_recv_nonblock, -1);
}

void ext_socket_init(void)
{
    id_dnrl = sym_intern_cstr("__do_not_reverse_lookup");
    id_close = sym_intern_cstr("close");
    sk.SocketError = class_define("SocketError", core_classes->StandardError);
    bsock_init();
    sock_ip_init();
    sock_unix_init();
    sock_socket_init();
    sock_const_init();
    sock_addr_init();
}

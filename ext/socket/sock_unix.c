/* sock_unix.c: Unix-domain sockets, after Ruby 1.8.7's API:
 *   UNIXSocket.new(path), UNIXSocket.pair / socketpair([type[, protocol]]),
 *   #path, #addr, #peeraddr, #recvfrom, #send_io, #recv_io([klass[, mode]]);
 *   UNIXServer.new(path), #accept, #accept_nonblock, #sysaccept, #listen.
 * A connect or bind that fails raises Errno with the path as 1.8.7 did
 * ("No such file or directory - /tmp/sock"); a path longer than sun_path
 * is an ArgumentError. */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#include "sock.h"

static VALUE init_unix(VALUE self, VALUE path, bool server)
{
    struct sockaddr_un sa;
    socklen_t len;
    sock_unix_sockaddr(path, &sa, &len);
    int fd = sock_socket(AF_UNIX, SOCK_STREAM, 0);
    int err = server ? (bind(fd, (struct sockaddr *)&sa, len) < 0 ? errno : 0)
                     : sock_connect_fd(fd, (struct sockaddr *)&sa, len);
    if (err == 0 && server && listen(fd, SOMAXCONN) < 0) err = errno;
    if (err) {
        sock_close_fd(fd);
        sock_sys_fail(err, sa.sun_path);
    }
    sock_init_fd(self, fd);
    return self;
}

static VALUE unix_init(VALUE self, int argc, const VALUE *argv) { return init_unix(self, argv[0], false); }
static VALUE unix_svr_init(VALUE self, int argc, const VALUE *argv) { return init_unix(self, argv[0], true); }

static VALUE unix_name(VALUE self, bool peer)
{
    struct sockaddr_un sa;
    socklen_t len = sizeof sa;
    memset(&sa, 0, sizeof sa);
    int r = peer ? getpeername(sock_fd(self), (struct sockaddr *)&sa, &len)
                 : getsockname(sock_fd(self), (struct sockaddr *)&sa, &len);
    if (r < 0) sock_sys_fail(errno, peer ? "getpeername(2)" : "getsockname(2)");
    return sock_unixaddr(&sa, len);
}

static VALUE unix_addr(VALUE self, int argc, const VALUE *argv) { return unix_name(self, false); }
static VALUE unix_peeraddr(VALUE self, int argc, const VALUE *argv) { return unix_name(self, true); }

static VALUE unix_path(VALUE self, int argc, const VALUE *argv)
{
    return RARRAY_PTR(unix_name(self, false))[1];
}

static VALUE unix_recvfrom(VALUE self, int argc, const VALUE *argv)
{
    return sock_recvfrom(self, argc, argv, RECV_UNIX, false);
}

/* ------------------------------------------------------------ passing descriptors */
union fd_cmsg {
    struct cmsghdr hdr;
    char buf[CMSG_SPACE(sizeof(int))];
};

static VALUE unix_send_io(VALUE self, int argc, const VALUE *argv)
{
    VALUE v = argv[0];
    int fd;
    if (obj_is_kind_of(v, core_classes->IO)) fd = io_fd(v);
    else if (FIXNUM_P(v)) fd = (int)FIX2LONG(v);
    else exc_raise(core_classes->TypeError, "neither IO nor file descriptor");
    char byte = 0;
    struct iovec iov = { &byte, 1 };
    union fd_cmsg cm;
    memset(&cm, 0, sizeof cm);
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = cm.buf;
    msg.msg_controllen = sizeof cm.buf;
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_len = CMSG_LEN(sizeof(int));
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    memcpy(CMSG_DATA(c), &fd, sizeof fd);
    for (;;) {
        int s = sock_fd(self);
        if (sendmsg(s, &msg, MSG_NOSIGNAL) >= 0) return Qnil;
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) sock_sys_fail(errno, "sendmsg(2)");
        green_wait_blocked(s, POLLOUT);
    }
}

/* The descriptor in a received message, or SocketError as 1.8.7 said. */
static int passed_fd(struct msghdr *msg)
{
    struct cmsghdr *c = CMSG_FIRSTHDR(msg);
    if (!c || msg->msg_controllen < sizeof(struct cmsghdr))
        exc_raise(sk.SocketError, "file descriptor was not passed (msg_controllen=%d smaller than sizeof(struct cmsghdr)=%d)",
                  (int)msg->msg_controllen, (int)sizeof(struct cmsghdr));
    if (c->cmsg_level != SOL_SOCKET)
        exc_raise(sk.SocketError, "file descriptor was not passed (cmsg_level=%d, %d expected)", c->cmsg_level,
                  SOL_SOCKET);
    if (c->cmsg_type != SCM_RIGHTS)
        exc_raise(sk.SocketError, "file descriptor was not passed (cmsg_type=%d, %d expected)", c->cmsg_type,
                  SCM_RIGHTS);
    if (c->cmsg_len < CMSG_LEN(sizeof(int)))
        exc_raise(sk.SocketError, "file descriptor was not passed (cmsg_len=%d, %d expected)", (int)c->cmsg_len,
                  (int)CMSG_LEN(sizeof(int)));
    int fd;
    memcpy(&fd, CMSG_DATA(c), sizeof fd);
    return fd;
}

/* recv_io(klass = IO, mode = nil): klass.for_fd(fd[, mode]), or the
   descriptor itself when klass is nil. */
static VALUE unix_recv_io(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 2);
    VALUE klass = argc > 0 ? argv[0] : core_classes->IO;
    char byte;
    struct iovec iov = { &byte, 1 };
    union fd_cmsg cm;
    struct msghdr msg;
    for (;;) {
        memset(&cm, 0, sizeof cm);
        memset(&msg, 0, sizeof msg);
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = cm.buf;
        msg.msg_controllen = sizeof cm.buf;
        int s = sock_fd(self);
        if (recvmsg(s, &msg, MSG_CMSG_CLOEXEC) >= 0) break;
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) sock_sys_fail(errno, "recvmsg(2)");
        green_wait_blocked(s, POLLIN);
    }
    int fd = passed_fd(&msg);
    if (NIL_P(klass)) return INT2FIX(fd);
    VALUE args[2] = { INT2FIX(fd), argc > 1 ? argv[1] : Qnil };
    return vm_call(klass, sym_intern_cstr("for_fd"), argc > 1 ? 2 : 1, args);
}

/* ------------------------------------------------------------ pairs */
/* Shared with Socket.pair: [a, b] of klass, connected to each other. */
VALUE sock_pair(VALUE klass, int domain, int type, int proto)
{
    int sv[2];
    if (socketpair(domain, type | SOCK_NONBLOCK | SOCK_CLOEXEC, proto, sv) < 0) {
        if (errno != EMFILE && errno != ENFILE) sock_sys_fail(errno, "socketpair(2)");
        gc_start();
        if (socketpair(domain, type | SOCK_NONBLOCK | SOCK_CLOEXEC, proto, sv) < 0)
            sock_sys_fail(errno, "socketpair(2)");
    }
    VALUE a = sock_new_fd(klass, sv[0]);
    return ary_new_of(2, a, sock_new_fd(klass, sv[1]));
}

static VALUE unix_s_pair(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 2);
    int type = argc > 0 && !NIL_P(argv[0]) ? sock_type_arg(argv[0]) : SOCK_STREAM;
    int proto = argc > 1 && !NIL_P(argv[1]) ? num_to_int(argv[1]) : 0;
    return sock_pair(klass, AF_UNIX, type, proto);
}

/* ------------------------------------------------------------ UNIXServer */
static int unix_accept_fd(VALUE self, bool nonblock)
{
    struct sockaddr_un sa;
    socklen_t len = sizeof sa;
    return sock_accept(self, (struct sockaddr *)&sa, &len, nonblock);
}

static VALUE unix_svr_accept(VALUE self, int argc, const VALUE *argv)
{
    return sock_new_fd(sk.UNIXSocket, unix_accept_fd(self, false));
}

static VALUE unix_svr_accept_nonblock(VALUE self, int argc, const VALUE *argv)
{
    return sock_new_fd(sk.UNIXSocket, unix_accept_fd(self, true));
}

static VALUE unix_svr_sysaccept(VALUE self, int argc, const VALUE *argv)
{
    return INT2FIX(unix_accept_fd(self, false));
}

void sock_unix_init(void)
{
    VALUE c = sk.UNIXSocket = class_define("UNIXSocket", sk.BasicSocket);
    define_method(c, "initialize", unix_init, 1);
    define_method(c, "path", unix_path, 0);
    define_method(c, "addr", unix_addr, 0);
    define_method(c, "peeraddr", unix_peeraddr, 0);
    define_method(c, "recvfrom", unix_recvfrom, -1);
    define_method(c, "send_io", unix_send_io, 1);
    define_method(c, "recv_io", unix_recv_io, -1);
    define_singleton_method(c, "pair", unix_s_pair, -1);
    define_singleton_method(c, "socketpair", unix_s_pair, -1);

    c = sk.UNIXServer = class_define("UNIXServer", sk.UNIXSocket);
    define_method(c, "initialize", unix_svr_init, 1);
    define_method(c, "accept", unix_svr_accept, 0);
    define_method(c, "accept_nonblock", unix_svr_accept_nonblock, 0);
    define_method(c, "sysaccept", unix_svr_sysaccept, 0);
    define_method(c, "listen", sock_listen, 1);
}

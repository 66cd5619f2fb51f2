/* sock_ip.c: the Internet sockets, after Ruby 1.8.7's API:
 *   IPSocket#addr, #peeraddr, #recvfrom;
 *   TCPSocket.new(host, port[, local_host, local_port]) (open too, from
 *   IO), tried on each address the host resolves to, in order;
 *   TCPServer.new([host,] port), #accept, #accept_nonblock, #sysaccept,
 *   #listen;
 *   UDPSocket.new([family]), #bind, #connect, #send (with or without a
 *   host and port), #recvfrom_nonblock.
 * A server socket sets SO_REUSEADDR and listens with SOMAXCONN (1.8.7's
 * backlog was 5, too few for a server of many clients). */
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#include "sock.h"

/* ------------------------------------------------------------ IPSocket */
static VALUE ip_addr(VALUE self, int argc, const VALUE *argv)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getsockname(sock_fd(self), (struct sockaddr *)&ss, &len) < 0) sock_sys_fail(errno, "getsockname(2)");
    return sock_ipaddr((struct sockaddr *)&ss, len, sock_reverse(self));
}

static VALUE ip_peeraddr(VALUE self, int argc, const VALUE *argv)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getpeername(sock_fd(self), (struct sockaddr *)&ss, &len) < 0) sock_sys_fail(errno, "getpeername(2)");
    return sock_ipaddr((struct sockaddr *)&ss, len, sock_reverse(self));
}

static VALUE ip_recvfrom(VALUE self, int argc, const VALUE *argv)
{
    return sock_recvfrom(self, argc, argv, RECV_IP, false);
}

/* ------------------------------------------------------------ TCP */
/* Bind and listen on fd; 0 or the errno, *func the call that failed. */
static int serve_on(int fd, const struct addrinfo *ai, const char **func)
{
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    *func = "bind(2)";
    if (bind(fd, ai->ai_addr, ai->ai_addrlen) < 0) return errno;
    *func = "listen(2)";
    if (listen(fd, SOMAXCONN) < 0) return errno;
    return 0;
}

static int connect_to(int fd, const struct addrinfo *ai, const struct addrinfo *local, const char **func)
{
    *func = "bind(2)";
    if (local && bind(fd, local->ai_addr, local->ai_addrlen) < 0) return errno;
    *func = "connect(2)";
    return sock_connect_fd(fd, ai->ai_addr, ai->ai_addrlen);
}

/* A TCP client or server on the first address of the host that works;
   else the last failure as Errno "... - connect(2)" (or bind, socket). */
static VALUE init_inet(VALUE self, VALUE rhost, VALUE rport, VALUE lhost, VALUE lport, bool server)
{
    VALUE keep, lkeep = Qnil;
    struct addrinfo *res = sock_getaddrinfo(rhost, rport, AF_UNSPEC, SOCK_STREAM, server ? AI_PASSIVE : 0, &keep);
    struct addrinfo *local = NULL;
    if (!NIL_P(lhost) || !NIL_P(lport))
        local = sock_getaddrinfo(lhost, lport, AF_UNSPEC, SOCK_STREAM, 0, &lkeep);
    int err = 0;
    const char *func = "socket(2)";
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        int fd = sock_socket_try(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd < 0) {
            err = errno;
            func = "socket(2)";
            continue;
        }
        err = server ? serve_on(fd, ai, &func) : connect_to(fd, ai, local, &func);
        if (err == 0) {
            sock_init_fd(self, fd);
            GC_GUARD(keep);
            GC_GUARD(lkeep);
            return self;
        }
        sock_close_fd(fd);
    }
    sock_sys_fail(err, func);
}

static VALUE tcp_init(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 2, 4);
    return init_inet(self, argv[0], argv[1], argc > 2 ? argv[2] : Qnil, argc > 3 ? argv[3] : Qnil, false);
}

static VALUE tcp_svr_init(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    if (argc == 1) return init_inet(self, Qnil, argv[0], Qnil, Qnil, true);
    return init_inet(self, argv[0], argv[1], Qnil, Qnil, true);
}

static int accept_fd(VALUE self, bool nonblock)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    return sock_accept(self, (struct sockaddr *)&ss, &len, nonblock);
}

static VALUE tcp_svr_accept(VALUE self, int argc, const VALUE *argv)
{
    return sock_new_fd(sk.TCPSocket, accept_fd(self, false));
}

static VALUE tcp_svr_accept_nonblock(VALUE self, int argc, const VALUE *argv)
{
    return sock_new_fd(sk.TCPSocket, accept_fd(self, true));
}

static VALUE tcp_svr_sysaccept(VALUE self, int argc, const VALUE *argv)
{
    return INT2FIX(accept_fd(self, false));
}

/* Shared with UNIXServer and Socket: listen(backlog). */
VALUE sock_listen(VALUE self, int argc, const VALUE *argv)
{
    if (listen(sock_fd(self), num_to_int(argv[0])) < 0) sock_sys_fail(errno, "listen(2)");
    return INT2FIX(0);
}

/* ------------------------------------------------------------ UDP */
static VALUE udp_init(VALUE self, int argc, const VALUE *argv)
{
    arity_check(argc, 0, 1);
    int family = argc > 0 ? sock_family_arg(argv[0]) : AF_INET;
    int fd = sock_socket_try(family, SOCK_DGRAM, 0);
    if (fd < 0) sock_sys_fail(errno, "socket(2) - udp");
    sock_init_fd(self, fd);
    return self;
}

static VALUE udp_connect(VALUE self, int argc, const VALUE *argv)
{
    VALUE keep;
    struct addrinfo *res = sock_getaddrinfo(argv[0], argv[1], AF_UNSPEC, SOCK_DGRAM, 0, &keep);
    int err = 0;
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next)
        if ((err = sock_connect(self, -1, ai->ai_addr, ai->ai_addrlen)) == 0) return INT2FIX(0);
    GC_GUARD(keep);
    sock_sys_fail(err, "connect(2)");
}

static VALUE udp_bind(VALUE self, int argc, const VALUE *argv)
{
    VALUE keep;
    struct addrinfo *res = sock_getaddrinfo(argv[0], argv[1], AF_UNSPEC, SOCK_DGRAM, 0, &keep);
    int err = 0;
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        if (bind(sock_fd(self), ai->ai_addr, ai->ai_addrlen) == 0) return INT2FIX(0);
        err = errno;
    }
    GC_GUARD(keep);
    sock_sys_fail(err, "bind(2)");
}

/* One datagram to ai, waiting while the buffer is full: sent or errno. */
static long send_to(VALUE self, VALUE mesg, int flags, const struct addrinfo *ai, int *err)
{
    for (;;) {
        int fd = sock_fd(self);
        ssize_t n = sendto(fd, RSTRING_PTR(mesg), (size_t)RSTRING_LEN(mesg), flags | MSG_NOSIGNAL,
                           ai->ai_addr, ai->ai_addrlen);
        if (n >= 0) return (long)n;
        *err = errno;
        if (*err == EINTR) continue;
        if (*err != EAGAIN && *err != EWOULDBLOCK) return -1;
        green_wait_blocked(fd, POLLOUT);
    }
}

/* send(mesg, flags[, sockaddr]) or send(mesg, flags, host, port) */
static VALUE udp_send(VALUE self, int argc, const VALUE *argv)
{
    if (argc == 2 || argc == 3) return sock_send(self, argc, argv);
    arity_check(argc, 2, 4);
    VALUE mesg = conv_to_str(argv[0]);
    int flags = num_to_int(argv[1]);
    VALUE keep;
    struct addrinfo *res = sock_getaddrinfo(argv[2], argv[3], AF_UNSPEC, SOCK_DGRAM, 0, &keep);
    int err = 0;
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        long n = send_to(self, mesg, flags, ai, &err);
        if (n >= 0) return int_new(n);
    }
    GC_GUARD(keep);
    sock_sys_fail(err, "sendto(2)");
}

static VALUE udp_recvfrom_nonblock(VALUE self, int argc, const VALUE *argv)
{
    return sock_recvfrom(self, argc, argv, RECV_IP, true);
}

void sock_ip_init(void)
{
    VALUE c = sk.IPSocket = class_define("IPSocket", sk.BasicSocket);
    define_method(c, "addr", ip_addr, 0);
    define_method(c, "peeraddr", ip_peeraddr, 0);
    define_method(c, "recvfrom", ip_recvfrom, -1);

    c = sk.TCPSocket = class_define("TCPSocket", sk.IPSocket);
    define_method(c, "initialize", tcp_init, -1);

    c = sk.TCPServer = class_define("TCPServer", sk.TCPSocket);
    define_method(c, "initialize", tcp_svr_init, -1);
    define_method(c, "accept", tcp_svr_accept, 0);
    define_method(c, "accept_nonblock", tcp_svr_accept_nonblock, 0);
    define_method(c, "sysaccept", tcp_svr_sysaccept, 0);
    define_method(c, "listen", sock_listen, 1);

    c = sk.UDPSocket = class_define("UDPSocket", sk.IPSocket);
    define_method(c, "initialize", udp_init, -1);
    define_method(c, "connect", udp_connect, 2);
    define_method(c, "bind", udp_bind, 2);
    define_method(c, "send", udp_send, -1);
    define_method(c, "recvfrom_nonblock", udp_recvfrom_nonblock, -1);
}

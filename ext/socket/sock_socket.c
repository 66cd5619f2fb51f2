/* sock_socket.c: the Socket class, the BSD socket calls with packed
 * addresses (Strings from Socket.pack_sockaddr_in and _un), after Ruby
 * 1.8.7's API:
 *   Socket.new(domain, type, protocol) (domain and type Integers or names
 *   such as "AF_INET", "SOCK_STREAM"), Socket.pair / socketpair,
 *   #connect, #connect_nonblock, #bind, #listen, #accept and
 *   #accept_nonblock ([socket, sockaddr]), #sysaccept ([fd, sockaddr]),
 *   #recvfrom and #recvfrom_nonblock ([data, sockaddr]).
 * The name functions (Socket.getaddrinfo ...) are in sock_addr.c. */
#include <errno.h>
#include <string.h>
#include "sock.h"

VALUE sock_pair(VALUE klass, int domain, int type, int proto);   /* sock_unix.c */

static VALUE socket_init(VALUE self, int argc, const VALUE *argv)
{
    int fd = sock_socket(sock_family_arg(argv[0]), sock_type_arg(argv[1]), num_to_int(argv[2]));
    sock_init_fd(self, fd);
    return self;
}

static VALUE sockaddr_arg(VALUE v)
{
    VALUE s = conv_to_str(v);
    if (RSTRING_LEN(s) > (long)sizeof(struct sockaddr_storage))
        exc_raise(core_classes->TypeError, "sockaddr length too big");
    return s;
}

static VALUE socket_connect(VALUE self, int argc, const VALUE *argv)
{
    VALUE sa = sockaddr_arg(argv[0]);
    /* a copy: the String may change while this thread waits */
    struct sockaddr_storage ss;
    memcpy(&ss, RSTRING_PTR(sa), (size_t)RSTRING_LEN(sa));
    int err = sock_connect(self, -1, (struct sockaddr *)&ss, (socklen_t)RSTRING_LEN(sa));
    if (err) sock_sys_fail(err, "connect(2)");
    return INT2FIX(0);
}

static VALUE socket_connect_nonblock(VALUE self, int argc, const VALUE *argv)
{
    VALUE sa = sockaddr_arg(argv[0]);
    if (connect(sock_fd(self), (struct sockaddr *)RSTRING_PTR(sa), (socklen_t)RSTRING_LEN(sa)) < 0)
        sock_sys_fail(errno, "connect(2)");
    return INT2FIX(0);
}

static VALUE socket_bind(VALUE self, int argc, const VALUE *argv)
{
    VALUE sa = sockaddr_arg(argv[0]);
    if (bind(sock_fd(self), (struct sockaddr *)RSTRING_PTR(sa), (socklen_t)RSTRING_LEN(sa)) < 0)
        sock_sys_fail(errno, "bind(2)");
    return INT2FIX(0);
}

static VALUE socket_accept_as(VALUE self, bool nonblock, bool sys)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    int fd = sock_accept(self, (struct sockaddr *)&ss, &len, nonblock);
    VALUE peer = str_new((const char *)&ss, (long)len);
    return ary_new_of(2, sys ? INT2FIX(fd) : sock_new_fd(sk.Socket, fd), peer);
}

static VALUE socket_accept(VALUE self, int argc, const VALUE *argv) { return socket_accept_as(self, false, false); }
static VALUE socket_accept_nonblock(VALUE self, int argc, const VALUE *argv) { return socket_accept_as(self, true, false); }
static VALUE socket_sysaccept(VALUE self, int argc, const VALUE *argv) { return socket_accept_as(self, false, true); }

static VALUE socket_recvfrom(VALUE self, int argc, const VALUE *argv)
{
    return sock_recvfrom(self, argc, argv, RECV_SOCKADDR, false);
}

static VALUE socket_recvfrom_nonblock(VALUE self, int argc, const VALUE *argv)
{
    return sock_recvfrom(self, argc, argv, RECV_SOCKADDR, true);
}

static VALUE socket_s_pair(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 2, 3);
    int proto = argc > 2 && !NIL_P(argv[2]) ? num_to_int(argv[2]) : 0;
    return sock_pair(klass, sock_family_arg(argv[0]), sock_type_arg(argv[1]), proto);
}

void sock_socket_init(void)
{
    VALUE c = sk.Socket = class_define("Socket", sk.BasicSocket);
    define_method(c, "initialize", socket_init, 3);
    define_method(c, "connect", socket_connect, 1);
    define_method(c, "connect_nonblock", socket_connect_nonblock, 1);
    define_method(c, "bind", socket_bind, 1);
    define_method(c, "listen", sock_listen, 1);
    define_method(c, "accept", socket_accept, 0);
    define_method(c, "accept_nonblock", socket_accept_nonblock, 0);
    define_method(c, "sysaccept", socket_sysaccept, 0);
    define_method(c, "recvfrom", socket_recvfrom, -1);
    define_method(c, "recvfrom_nonblock", socket_recvfrom_nonblock, -1);
    define_singleton_method(c, "pair", socket_s_pair, -1);
    define_singleton_method(c, "socketpair", socket_s_pair, -1);
}

/* sock.h: what the files of ext/socket share (require 'socket').
 *
 * A socket is an IO (interp/os) on a non-blocking descriptor: IO's reads
 * and writes wait through the scheduler, and so does every call here
 * that could block (accept, connect, recv, send, name lookups), so only
 * the calling green thread waits. */
#ifndef MR_SOCK_H
#define MR_SOCK_H

#include <netdb.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "ruby.h"
#include "ruby/green.h"

/* The classes (constants of Object, so the GC sees them anyway). */
struct sock_classes {
    VALUE BasicSocket, IPSocket, TCPSocket, TCPServer, UDPSocket;
    VALUE UNIXSocket, UNIXServer, Socket, Constants, SocketError;
};
extern struct sock_classes sk;

/* How recvfrom reports the sender. */
enum recv_kind { RECV_PLAIN, RECV_IP, RECV_UNIX, RECV_SOCKADDR };

/* ---- socket.c: descriptors and BasicSocket */
int sock_socket(int domain, int type, int proto);  /* non-blocking; Errno "socket(2)" */
int sock_socket_try(int domain, int type, int proto);  /* -1 and errno on failure */
void sock_init_fd(VALUE sock, int fd);             /* make sock an IO on fd */
VALUE sock_new_fd(VALUE klass, int fd);            /* a new klass on fd */
int sock_fd(VALUE sock);                           /* IOError "closed stream" */
int sock_set_nonblock(int fd);                       /* and close-on-exec */
bool sock_reverse(VALUE sock);                     /* reverse lookups for sock's addresses */
bool sock_reverse_default(void);                   /* !BasicSocket.do_not_reverse_lookup */
NORETURN void sock_sys_fail(int err, const char *what);
/* connect(2), waiting for the outcome through the scheduler: 0 or an
   errno; raises only IOError (closed meanwhile) and interrupts.  On sock,
   or on a bare fd (sock nil): sock_connect_fd closes fd when interrupted. */
int sock_connect(VALUE sock, int fd, const struct sockaddr *sa, socklen_t len);
int sock_connect_fd(int fd, const struct sockaddr *sa, socklen_t len);
/* Close a descriptor no IO owns yet (a failed connect or bind): waits on
   it may have been edge-triggered (green_wait_blocked), so the scheduler
   is told, as IO#close tells it. */
void sock_close_fd(int fd);
int sock_accept(VALUE server, struct sockaddr *sa, socklen_t *len, bool nonblock);
VALUE sock_recvfrom(VALUE sock, int argc, const VALUE *argv, enum recv_kind kind, bool nonblock);
VALUE sock_send(VALUE sock, int argc, const VALUE *argv);
VALUE sock_listen(VALUE self, int argc, const VALUE *argv);   /* #listen(backlog), sock_ip.c */

/* ---- sock_addr.c: addresses and names */
struct addrinfo *sock_getaddrinfo(VALUE host, VALUE port, int family, int socktype, int flags,
                                  VALUE *keep);     /* SocketError; *keep frees the list */
VALUE sock_ipaddr(const struct sockaddr *sa, socklen_t len, bool reverse);  /* ["AF_INET", port, host, ip] */
VALUE sock_unixaddr(const struct sockaddr_un *sa, socklen_t len);         /* ["AF_UNIX", path] */
VALUE sock_unixpath(const struct sockaddr_un *sa, socklen_t len);
void sock_unix_sockaddr(VALUE path, struct sockaddr_un *sa, socklen_t *len);  /* ArgumentError if too long */
int sock_family_arg(VALUE v);
int sock_type_arg(VALUE v);
const char *sock_family_name(int family, char *buf, size_t n);
NORETURN void sock_gai_fail(const char *what, int err);  /* SocketError "what: message" */
void sock_addr_init(void);                         /* Socket.getaddrinfo & co. */

/* ---- sock_ip.c, sock_unix.c, sock_socket.c, sock_const.c */
void sock_ip_init(void);
void sock_unix_init(void);
void sock_socket_init(void);
void sock_const_init(void);

#endif

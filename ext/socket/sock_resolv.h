/* sock_resolv.h: getaddrinfo and getnameinfo that block only the calling
 * green thread (sock_resolv.c).  Same results as the libc calls; the
 * thread may be raised or killed while it waits. */
#ifndef MR_SOCK_RESOLV_H
#define MR_SOCK_RESOLV_H

#include "sock.h"

/* getaddrinfo; with aliases, also the canonical name's aliases (a
   malloc'd list of NUL-terminated names ending with an empty one). */
int resolv_getaddrinfo(const char *host, const char *serv, const struct addrinfo *hints,
                       struct addrinfo **res, char **aliases, int *sys_errno);
int resolv_getnameinfo(const struct sockaddr *sa, socklen_t len, char *host, size_t hlen, char *serv,
                       size_t slen, int flags, int *sys_errno);

#endif

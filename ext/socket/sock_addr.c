/* sock_addr.c: addresses and names, after Ruby 1.8.7's socket API:
 *   Socket.getaddrinfo, getnameinfo, gethostname, gethostbyname,
 *   getservbyname, pack_sockaddr_in (sockaddr_in), unpack_sockaddr_in,
 *   pack_sockaddr_un (sockaddr_un), unpack_sockaddr_un,
 *   IPSocket.getaddress, TCPSocket.gethostbyname, and the address arrays
 *   of addr, peeraddr and recvfrom: ["AF_INET", port, host, ip] (the
 *   host reverse-looked-up unless do_not_reverse_lookup), ["AF_UNIX", path].
 * Hosts are what 1.8.7 took: nil (any), a String ("" and "<any>" are
 * INADDR_ANY, "<broadcast>" INADDR_BROADCAST) or an Integer address;
 * ports nil, an Integer or a service name.  Unlike glibc, which would take
 * port 70000 as 4464, a port out of 0..65535 is a SocketError.
 * Resolver failures are SocketError "getaddrinfo: <gai_strerror>".
 * Left out: Socket.gethostbyaddr. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sock_resolv.h"

/* ------------------------------------------------------------ errors */
NORETURN void sock_gai_fail(const char *what, int err)
{
    exc_raise(sk.SocketError, "%s: %s", what, gai_strerror(err));
}

static NORETURN void gai_fail_sys(const char *what, int err, int sys_errno)
{
    if (err == EAI_SYSTEM) sock_sys_fail(sys_errno, what);
    sock_gai_fail(what, err);
}

/* ------------------------------------------------------------ families and types */
static const struct { const char *name; int value; } families[] = {
    { "AF_INET", AF_INET }, { "PF_INET", AF_INET }, { "INET", AF_INET },
    { "AF_INET6", AF_INET6 }, { "PF_INET6", AF_INET6 }, { "INET6", AF_INET6 },
    { "AF_UNIX", AF_UNIX }, { "PF_UNIX", AF_UNIX }, { "UNIX", AF_UNIX },
    { "AF_LOCAL", AF_UNIX }, { "PF_LOCAL", AF_UNIX },
    { "AF_UNSPEC", AF_UNSPEC }, { "PF_UNSPEC", AF_UNSPEC },
};

static const struct { const char *name; int value; } types[] = {
    { "SOCK_STREAM", SOCK_STREAM }, { "SOCK_DGRAM", SOCK_DGRAM }, { "SOCK_RAW", SOCK_RAW },
    { "SOCK_SEQPACKET", SOCK_SEQPACKET }, { "SOCK_RDM", SOCK_RDM }, { "SOCK_PACKET", SOCK_PACKET },
};

int sock_family_arg(VALUE v)
{
    if (!STRING_P(v)) return num_to_int(v);
    const char *s = str_cstr(v);
    for (size_t i = 0; i < countof(families); i++)
        if (strcmp(families[i].name, s) == 0) return families[i].value;
    exc_raise(sk.SocketError, "unknown socket domain %s", s);
}

int sock_type_arg(VALUE v)
{
    if (!STRING_P(v)) return num_to_int(v);
    const char *s = str_cstr(v);
    for (size_t i = 0; i < countof(types); i++)
        if (strcmp(types[i].name, s) == 0) return types[i].value;
    exc_raise(sk.SocketError, "unknown socket type %s", s);
}

const char *sock_family_name(int family, char *buf, size_t n)
{
    switch (family) {
    case AF_INET: return "AF_INET";
    case AF_INET6: return "AF_INET6";
    case AF_UNIX: return "AF_UNIX";
    default: snprintf(buf, n, "unknown:%d", family); return buf;
    }
}

/* ------------------------------------------------------------ host and port arguments */
static const char *cstr_arg(VALUE v)
{
    VALUE s = conv_to_str(v);
    const char *p = str_cstr(s);
    if ((long)strlen(p) != RSTRING_LEN(s)) exc_raise(core_classes->ArgumentError, "string contains null byte");
    return p;
}

static void inet_text(uint32_t host_order, char *buf, size_t n)
{
    struct in_addr a = { htonl(host_order) };
    inet_ntop(AF_INET, &a, buf, (socklen_t)n);
}

static const char *host_arg(VALUE host, char *buf, size_t n)
{
    if (NIL_P(host)) return NULL;
    if (INTEGER_P(host)) {
        inet_text((uint32_t)num_to_long(host), buf, n);
        return buf;
    }
    const char *name = cstr_arg(host);
    if (name[0] == 0 || strcmp(name, "<any>") == 0) inet_text(INADDR_ANY, buf, n);
    else if (strcmp(name, "<broadcast>") == 0) inet_text(INADDR_BROADCAST, buf, n);
    else if (strlen(name) >= n) exc_raise(core_classes->ArgumentError, "hostname too long (%zu)", strlen(name));
    else strcpy(buf, name);
    return buf;
}

static bool all_digits(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return false;
    return true;
}

static const char *port_arg(VALUE port, char *buf, size_t n)
{
    if (NIL_P(port)) return NULL;
    if (FIXNUM_P(port)) {
        long p = FIX2LONG(port);
        if (p < 0 || p > 65535) sock_gai_fail("getaddrinfo", EAI_SERVICE);
        snprintf(buf, n, "%ld", p);
        return buf;
    }
    if (BIGNUM_P(port)) sock_gai_fail("getaddrinfo", EAI_SERVICE);
    const char *serv = cstr_arg(port);
    if (strlen(serv) >= n) exc_raise(core_classes->ArgumentError, "service name too long (%zu)", strlen(serv));
    if (all_digits(serv) && (strlen(serv) > 5 || atol(serv) > 65535)) sock_gai_fail("getaddrinfo", EAI_SERVICE);
    strcpy(buf, serv);
    return buf;
}

/* ------------------------------------------------------------ getaddrinfo */
static void ai_free(void *p)
{
    if (p) freeaddrinfo(p);
}

static const struct data_type ai_type = { "addrinfo", NULL, ai_free, NULL };

/* The list lives as long as *keep (a hidden object): nothing leaks when
   the caller raises. */
static struct addrinfo *resolve(const char *h, const char *p, int family, int socktype, int flags,
                                VALUE *keep, char **aliases)
{
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = family;
    hints.ai_socktype = socktype;
    hints.ai_flags = flags;
    struct addrinfo *res = NULL;
    int sys_errno = 0;
    int err = resolv_getaddrinfo(h, p, &hints, &res, aliases, &sys_errno);
    if (err) gai_fail_sys("getaddrinfo", err, sys_errno);
    *keep = data_new(core_classes->Object, &ai_type, res);
    return res;
}

struct addrinfo *sock_getaddrinfo(VALUE host, VALUE port, int family, int socktype, int flags, VALUE *keep)
{
    char hbuf[1024], pbuf[32];
    const char *h = host_arg(host, hbuf, sizeof hbuf);
    const char *p = port_arg(port, pbuf, sizeof pbuf);
    return resolve(h, p, family, socktype, flags, keep, NULL);
}

/* ------------------------------------------------------------ address arrays */
static int sa_port(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET6) return ntohs(((const struct sockaddr_in6 *)sa)->sin6_port);
    return ntohs(((const struct sockaddr_in *)sa)->sin_port);
}

static VALUE numeric_addr(const struct sockaddr *sa, socklen_t len)
{
    char buf[NI_MAXHOST];
    int err = getnameinfo(sa, len, buf, sizeof buf, NULL, 0, NI_NUMERICHOST);
    if (err) sock_gai_fail("getnameinfo", err);
    return str_new_cstr(buf);
}

VALUE sock_ipaddr(const struct sockaddr *sa, socklen_t len, bool reverse)
{
    char fbuf[32], hbuf[NI_MAXHOST];
    VALUE ip = numeric_addr(sa, len);
    VALUE name = ip;
    int sys_errno;
    if (reverse && resolv_getnameinfo(sa, len, hbuf, sizeof hbuf, NULL, 0, 0, &sys_errno) == 0)
        name = str_new_cstr(hbuf);
    VALUE fam = str_new_cstr(sock_family_name(sa->sa_family, fbuf, sizeof fbuf));
    return ary_new_of(4, fam, INT2FIX(sa_port(sa)), name, ip);
}

VALUE sock_unixpath(const struct sockaddr_un *sa, socklen_t len)
{
    size_t off = offsetof(struct sockaddr_un, sun_path);
    if (len <= off) return str_new("", 0);
    size_t max = len - off;
    if (max > sizeof sa->sun_path) max = sizeof sa->sun_path;
    return str_new(sa->sun_path, (long)strnlen(sa->sun_path, max));
}

VALUE sock_unixaddr(const struct sockaddr_un *sa, socklen_t len)
{
    return ary_new_of(2, str_new_cstr("AF_UNIX"), sock_unixpath(sa, len));
}

void sock_unix_sockaddr(VALUE path, struct sockaddr_un *sa, socklen_t *len)
{
    path = conv_to_str(path);
    if (RSTRING_LEN(path) >= (long)sizeof sa->sun_path)
        exc_raise(core_classes->ArgumentError, "too long unix socket path (max: %dbytes)", (int)sizeof sa->sun_path - 1);
    memset(sa, 0, sizeof *sa);
    sa->sun_family = AF_UNIX;
    memcpy(sa->sun_path, RSTRING_PTR(path), (size_t)RSTRING_LEN(path));
    *len = sizeof *sa;
}

/* ------------------------------------------------------------ Socket.getaddrinfo */
static VALUE opt_arg(int argc, const VALUE *argv, int i)
{
    return argc > i ? argv[i] : Qnil;
}

/* getaddrinfo(host, port, family = nil, socktype = nil, protocol = nil, flags = nil) */
static VALUE sock_s_getaddrinfo(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 2, 6);
    char pbuf[32];
    const char *h = NIL_P(argv[0]) ? NULL : cstr_arg(argv[0]);
    const char *p = port_arg(argv[1], pbuf, sizeof pbuf);
    VALUE fam = opt_arg(argc, argv, 2), type = opt_arg(argc, argv, 3);
    VALUE proto = opt_arg(argc, argv, 4), flags = opt_arg(argc, argv, 5);
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = NIL_P(fam) ? AF_UNSPEC : sock_family_arg(fam);
    hints.ai_socktype = NIL_P(type) ? 0 : sock_type_arg(type);
    hints.ai_protocol = NIL_P(proto) ? 0 : num_to_int(proto);
    hints.ai_flags = NIL_P(flags) ? 0 : num_to_int(flags);
    struct addrinfo *res = NULL;
    int sys_errno = 0;
    int err = resolv_getaddrinfo(h, p, &hints, &res, NULL, &sys_errno);
    if (err) gai_fail_sys("getaddrinfo", err, sys_errno);
    VALUE keep = data_new(core_classes->Object, &ai_type, res);
    VALUE out = ary_new();
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        if (ai->ai_family != AF_INET && ai->ai_family != AF_INET6) continue;
        VALUE a = sock_ipaddr(ai->ai_addr, ai->ai_addrlen, sock_reverse_default());
        ary_push(a, INT2FIX(ai->ai_family));
        ary_push(a, INT2FIX(ai->ai_socktype));
        ary_push(a, INT2FIX(ai->ai_protocol));
        ary_push(out, a);
    }
    GC_GUARD(keep);
    return out;
}

/* ------------------------------------------------------------ Socket.getnameinfo */
static int nameinfo(const struct sockaddr *sa, socklen_t len, int flags, char *h, char *s)
{
    int sys_errno;
    int err = resolv_getnameinfo(sa, len, h, NI_MAXHOST, s, NI_MAXSERV, flags, &sys_errno);
    if (err) gai_fail_sys("getnameinfo", err, sys_errno);
    return 0;
}

/* The sockaddr an Array [family, port, host] or [family, port, name, ip]
   stands for: resolved, and it must name one address. */
static VALUE nameinfo_of_array(VALUE ary, int flags)
{
    long n = RARRAY_LEN(ary);
    if (n != 3 && n != 4) exc_raise(core_classes->ArgumentError, "array size should be 3 or 4, %ld given", n);
    VALUE fam = RARRAY_PTR(ary)[0], port = RARRAY_PTR(ary)[1];
    VALUE host = n == 4 && !NIL_P(RARRAY_PTR(ary)[3]) ? RARRAY_PTR(ary)[3] : RARRAY_PTR(ary)[2];
    int family = NIL_P(fam) ? AF_UNSPEC : sock_family_arg(fam);
    VALUE keep;
    struct addrinfo *res = sock_getaddrinfo(host, port, family, (flags & NI_DGRAM) ? SOCK_DGRAM : SOCK_STREAM,
                                            0, &keep);
    char h[NI_MAXHOST], s[NI_MAXSERV], h2[NI_MAXHOST], s2[NI_MAXSERV];
    nameinfo(res->ai_addr, res->ai_addrlen, flags, h, s);
    for (struct addrinfo *ai = res->ai_next; ai; ai = ai->ai_next) {
        nameinfo(ai->ai_addr, ai->ai_addrlen, flags, h2, s2);
        if (strcmp(h, h2) != 0 || strcmp(s, s2) != 0)
            exc_raise(sk.SocketError, "sockaddr resolved to multiple nodename");
    }
    GC_GUARD(keep);
    return ary_new_of(2, str_new_cstr(h), str_new_cstr(s));
}

/* getnameinfo(sockaddr, flags = 0): [host, service] */
static VALUE sock_s_getnameinfo(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    int flags = argc > 1 && !NIL_P(argv[1]) ? num_to_int(argv[1]) : 0;
    VALUE sa = argv[0];
    if (ARRAY_P(sa)) return nameinfo_of_array(sa, flags);
    VALUE s = conv_check_str(sa);
    if (NIL_P(s)) exc_raise(core_classes->TypeError, "expecting String or Array");
    struct sockaddr_storage ss;
    if (RSTRING_LEN(s) > (long)sizeof ss) exc_raise(core_classes->TypeError, "sockaddr length too big");
    memset(&ss, 0, sizeof ss);
    memcpy(&ss, RSTRING_PTR(s), (size_t)RSTRING_LEN(s));
    char h[NI_MAXHOST], serv[NI_MAXSERV];
    nameinfo((struct sockaddr *)&ss, (socklen_t)RSTRING_LEN(s), flags, h, serv);
    return ary_new_of(2, str_new_cstr(h), str_new_cstr(serv));
}

/* ------------------------------------------------------------ host entries */
static VALUE packed_addr(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET6)
        return str_new((const char *)&((const struct sockaddr_in6 *)sa)->sin6_addr, sizeof(struct in6_addr));
    return str_new((const char *)&((const struct sockaddr_in *)sa)->sin_addr, sizeof(struct in_addr));
}

static void ai_free_aliases(void *p) { free(p); }
static const struct data_type aliases_type = { "aliases", NULL, ai_free_aliases, NULL };

/* [name, aliases, family, address...]: addresses packed (Socket) or as
   text (TCPSocket), those of the first one's family only. */
static VALUE hostent(VALUE host, bool packed)
{
    char hbuf[1024];
    const char *h = host_arg(host, hbuf, sizeof hbuf);
    VALUE keep;
    char *aliases = NULL;
    struct addrinfo *res = resolve(h, NULL, AF_UNSPEC, SOCK_STREAM, AI_CANONNAME, &keep, &aliases);
    VALUE keep2 = data_new(core_classes->Object, &aliases_type, aliases);
    VALUE out = ary_new();
    ary_push(out, str_new_cstr(res->ai_canonname ? res->ai_canonname : h ? h : ""));
    VALUE names = ary_new();
    for (char *a = aliases; a && *a; a += strlen(a) + 1) ary_push(names, str_new_cstr(a));
    ary_push(out, names);
    ary_push(out, INT2FIX(res->ai_family));
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next)
        if (ai->ai_family == res->ai_family)
            ary_push(out, packed ? packed_addr(ai->ai_addr) : numeric_addr(ai->ai_addr, ai->ai_addrlen));
    GC_GUARD(keep);
    GC_GUARD(keep2);
    return out;
}

static VALUE sock_s_gethostbyname(VALUE klass, int argc, const VALUE *argv) { return hostent(argv[0], true); }
static VALUE tcp_s_gethostbyname(VALUE klass, int argc, const VALUE *argv) { return hostent(argv[0], false); }

static VALUE sock_s_gethostname(VALUE klass, int argc, const VALUE *argv)
{
    char buf[1024];
    if (gethostname(buf, sizeof buf - 1) < 0) sock_sys_fail(errno, "gethostname(3)");
    buf[sizeof buf - 1] = 0;
    return str_new_cstr(buf);
}

/* getservbyname(service, proto = "tcp"): the port; a number is itself. */
static VALUE sock_s_getservbyname(VALUE klass, int argc, const VALUE *argv)
{
    arity_check(argc, 1, 2);
    const char *name = cstr_arg(argv[0]);
    const char *proto = argc > 1 && !NIL_P(argv[1]) ? cstr_arg(argv[1]) : "tcp";
    struct servent se, *sp = NULL;
    char buf[4096];
    if (getservbyname_r(name, proto, &se, buf, sizeof buf, &sp) == 0 && sp) return INT2FIX(ntohs(sp->s_port));
    char *end;
    long port = strtol(name, &end, 0);
    if (*name && *end == 0) return INT2FIX(port);
    exc_raise(sk.SocketError, "no such service %s/%s", name, proto);
}

static VALUE ip_s_getaddress(VALUE klass, int argc, const VALUE *argv)
{
    VALUE keep;
    struct addrinfo *res = sock_getaddrinfo(argv[0], Qnil, AF_UNSPEC, SOCK_STREAM, 0, &keep);
    VALUE ip = numeric_addr(res->ai_addr, res->ai_addrlen);
    GC_GUARD(keep);
    return ip;
}

/* ------------------------------------------------------------ packing */
static VALUE sock_s_pack_sockaddr_in(VALUE klass, int argc, const VALUE *argv)
{
    VALUE keep;
    struct addrinfo *res = sock_getaddrinfo(argv[1], argv[0], AF_UNSPEC, 0, 0, &keep);
    VALUE s = str_new((const char *)res->ai_addr, (long)res->ai_addrlen);
    GC_GUARD(keep);
    return s;
}

static VALUE sock_s_unpack_sockaddr_in(VALUE klass, int argc, const VALUE *argv)
{
    VALUE s = conv_to_str(argv[0]);
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    long len = RSTRING_LEN(s);
    if (len > (long)sizeof ss) len = sizeof ss;
    memcpy(&ss, RSTRING_PTR(s), (size_t)len);
    long need = ss.ss_family == AF_INET6 ? (long)sizeof(struct sockaddr_in6) : (long)sizeof(struct sockaddr_in);
    if (len < (long)sizeof(sa_family_t) || (ss.ss_family != AF_INET && ss.ss_family != AF_INET6))
        exc_raise(core_classes->ArgumentError, "not an AF_INET/AF_INET6 sockaddr");
    if (len < need) exc_raise(core_classes->ArgumentError, "too short sockaddr");
    struct sockaddr *sa = (struct sockaddr *)&ss;
    return ary_new_of(2, INT2FIX(sa_port(sa)), numeric_addr(sa, (socklen_t)need));
}

static VALUE sock_s_pack_sockaddr_un(VALUE klass, int argc, const VALUE *argv)
{
    struct sockaddr_un sa;
    socklen_t len;
    sock_unix_sockaddr(argv[0], &sa, &len);
    return str_new((const char *)&sa, (long)len);
}

static VALUE sock_s_unpack_sockaddr_un(VALUE klass, int argc, const VALUE *argv)
{
    VALUE s = conv_to_str(argv[0]);
    struct sockaddr_un sa;
    if (RSTRING_LEN(s) > (long)sizeof sa)
        exc_raise(core_classes->TypeError, "too long sockaddr_un - %ld longer than %d", RSTRING_LEN(s), (int)sizeof sa);
    memset(&sa, 0, sizeof sa);
    memcpy(&sa, RSTRING_PTR(s), (size_t)RSTRING_LEN(s));
    if (RSTRING_LEN(s) < (long)sizeof(sa_family_t) || sa.sun_family != AF_UNIX)
        exc_raise(core_classes->ArgumentError, "not an AF_UNIX sockaddr");
    return sock_unixpath(&sa, (socklen_t)RSTRING_LEN(s));
}

/* After the classes: Socket, IPSocket and TCPSocket. */
void sock_addr_init(void)
{
    VALUE socket = sk.Socket, ipsocket = sk.IPSocket, tcpsocket = sk.TCPSocket;
    define_singleton_method(socket, "getaddrinfo", sock_s_getaddrinfo, -1);
    define_singleton_method(socket, "getnameinfo", sock_s_getnameinfo, -1);
    define_singleton_method(socket, "gethostname", sock_s_gethostname, 0);
    define_singleton_method(socket, "gethostbyname", sock_s_gethostbyname, 1);
    define_singleton_method(socket, "getservbyname", sock_s_getservbyname, -1);
    define_singleton_method(socket, "pack_sockaddr_in", sock_s_pack_sockaddr_in, 2);
    define_singleton_method(socket, "sockaddr_in", sock_s_pack_sockaddr_in, 2);
    define_singleton_method(socket, "unpack_sockaddr_in", sock_s_unpack_sockaddr_in, 1);
    define_singleton_method(socket, "pack_sockaddr_un", sock_s_pack_sockaddr_un, 1);
    define_singleton_method(socket, "sockaddr_un", sock_s_pack_sockaddr_un, 1);
    define_singleton_method(socket, "unpack_sockaddr_un", sock_s_unpack_sockaddr_un, 1);
    define_singleton_method(ipsocket, "getaddress", ip_s_getaddress, 1);
    define_singleton_method(tcpsocket, "gethostbyname", tcp_s_gethostbyname, 1);
}

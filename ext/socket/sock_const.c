/* sock_const.c: the constants of the socket calls (AF_INET, SOCK_STREAM,
 * SOL_SOCKET, SO_REUSEADDR, TCP_NODELAY, MSG_PEEK, SHUT_RDWR, AI_PASSIVE,
 * NI_NUMERICHOST, INADDR_ANY ...), those this system's headers have, on
 * Socket itself and on Socket::Constants (for `include Socket::Constants`),
 * as 1.8.7 defined them. */
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include "sock.h"

/* EAI_ADDRFAMILY, EAI_NODATA and EAI_OVERFLOW are GNU extensions of netdb.h:
   _GNU_SOURCE brings them. */
#define C(name) { #name, (long)(name) }

static const struct { const char *name; long value; } constants[] = {
#ifdef AF_INET
    C(AF_INET),
#endif
#ifdef AF_INET6
    C(AF_INET6),
#endif
#ifdef AF_UNIX
    C(AF_UNIX),
#endif
#ifdef AF_LOCAL
    C(AF_LOCAL),
#endif
#ifdef AF_UNSPEC
    C(AF_UNSPEC),
#endif
#ifdef AF_IPX
    C(AF_IPX),
#endif
#ifdef AF_APPLETALK
    C(AF_APPLETALK),
#endif
#ifdef AF_PACKET
    C(AF_PACKET),
#endif
#ifdef AF_NETLINK
    C(AF_NETLINK),
#endif
#ifdef AF_MAX
    C(AF_MAX),
#endif
#ifdef PF_INET
    C(PF_INET),
#endif
#ifdef PF_INET6
    C(PF_INET6),
#endif
#ifdef PF_UNIX
    C(PF_UNIX),
#endif
#ifdef PF_LOCAL
    C(PF_LOCAL),
#endif
#ifdef PF_UNSPEC
    C(PF_UNSPEC),
#endif
#ifdef PF_IPX
    C(PF_IPX),
#endif
#ifdef PF_APPLETALK
    C(PF_APPLETALK),
#endif
#ifdef PF_PACKET
    C(PF_PACKET),
#endif
#ifdef PF_NETLINK
    C(PF_NETLINK),
#endif
#ifdef PF_MAX
    C(PF_MAX),
#endif
#ifdef SOCK_STREAM
    C(SOCK_STREAM),
#endif
#ifdef SOCK_DGRAM
    C(SOCK_DGRAM),
#endif
#ifdef SOCK_RAW
    C(SOCK_RAW),
#endif
#ifdef SOCK_SEQPACKET
    C(SOCK_SEQPACKET),
#endif
#ifdef SOCK_RDM
    C(SOCK_RDM),
#endif
#ifdef SOCK_PACKET
    C(SOCK_PACKET),
#endif
#ifdef IPPROTO_IP
    C(IPPROTO_IP),
#endif
#ifdef IPPROTO_ICMP
    C(IPPROTO_ICMP),
#endif
#ifdef IPPROTO_IGMP
    C(IPPROTO_IGMP),
#endif
#ifdef IPPROTO_TCP
    C(IPPROTO_TCP),
#endif
#ifdef IPPROTO_UDP
    C(IPPROTO_UDP),
#endif
#ifdef IPPROTO_IPV6
    C(IPPROTO_IPV6),
#endif
#ifdef IPPROTO_RAW
    C(IPPROTO_RAW),
#endif
#ifdef IPPROTO_ICMPV6
    C(IPPROTO_ICMPV6),
#endif
#ifdef IPPROTO_EGP
    C(IPPROTO_EGP),
#endif
#ifdef IPPROTO_PUP
    C(IPPROTO_PUP),
#endif
#ifdef IPPROTO_IDP
    C(IPPROTO_IDP),
#endif
#ifdef IPPROTO_HOPOPTS
    C(IPPROTO_HOPOPTS),
#endif
#ifdef IPPROTO_ROUTING
    C(IPPROTO_ROUTING),
#endif
#ifdef IPPROTO_FRAGMENT
    C(IPPROTO_FRAGMENT),
#endif
#ifdef IPPROTO_ESP
    C(IPPROTO_ESP),
#endif
#ifdef IPPROTO_AH
    C(IPPROTO_AH),
#endif
#ifdef IPPROTO_NONE
    C(IPPROTO_NONE),
#endif
#ifdef IPPROTO_DSTOPTS
    C(IPPROTO_DSTOPTS),
#endif
#ifdef SOL_SOCKET
    C(SOL_SOCKET),
#endif
#ifdef SOL_IP
    C(SOL_IP),
#endif
#ifdef SOL_TCP
    C(SOL_TCP),
#endif
#ifdef SOL_UDP
    C(SOL_UDP),
#endif
#ifdef SO_DEBUG
    C(SO_DEBUG),
#endif
#ifdef SO_REUSEADDR
    C(SO_REUSEADDR),
#endif
#ifdef SO_REUSEPORT
    C(SO_REUSEPORT),
#endif
#ifdef SO_TYPE
    C(SO_TYPE),
#endif
#ifdef SO_ERROR
    C(SO_ERROR),
#endif
#ifdef SO_DONTROUTE
    C(SO_DONTROUTE),
#endif
#ifdef SO_BROADCAST
    C(SO_BROADCAST),
#endif
#ifdef SO_SNDBUF
    C(SO_SNDBUF),
#endif
#ifdef SO_RCVBUF
    C(SO_RCVBUF),
#endif
#ifdef SO_KEEPALIVE
    C(SO_KEEPALIVE),
#endif
#ifdef SO_OOBINLINE
    C(SO_OOBINLINE),
#endif
#ifdef SO_NO_CHECK
    C(SO_NO_CHECK),
#endif
#ifdef SO_PRIORITY
    C(SO_PRIORITY),
#endif
#ifdef SO_LINGER
    C(SO_LINGER),
#endif
#ifdef SO_PASSCRED
    C(SO_PASSCRED),
#endif
#ifdef SO_PEERCRED
    C(SO_PEERCRED),
#endif
#ifdef SO_RCVLOWAT
    C(SO_RCVLOWAT),
#endif
#ifdef SO_SNDLOWAT
    C(SO_SNDLOWAT),
#endif
#ifdef SO_RCVTIMEO
    C(SO_RCVTIMEO),
#endif
#ifdef SO_SNDTIMEO
    C(SO_SNDTIMEO),
#endif
#ifdef SO_ACCEPTCONN
    C(SO_ACCEPTCONN),
#endif
#ifdef SO_BINDTODEVICE
    C(SO_BINDTODEVICE),
#endif
#ifdef SO_ATTACH_FILTER
    C(SO_ATTACH_FILTER),
#endif
#ifdef SO_DETACH_FILTER
    C(SO_DETACH_FILTER),
#endif
#ifdef SO_PEERNAME
    C(SO_PEERNAME),
#endif
#ifdef SO_TIMESTAMP
    C(SO_TIMESTAMP),
#endif
#ifdef SO_SECURITY_AUTHENTICATION
    C(SO_SECURITY_AUTHENTICATION),
#endif
#ifdef SO_SECURITY_ENCRYPTION_TRANSPORT
    C(SO_SECURITY_ENCRYPTION_TRANSPORT),
#endif
#ifdef SO_SECURITY_ENCRYPTION_NETWORK
    C(SO_SECURITY_ENCRYPTION_NETWORK),
#endif
#ifdef TCP_NODELAY
    C(TCP_NODELAY),
#endif
#ifdef TCP_MAXSEG
    C(TCP_MAXSEG),
#endif
#ifdef TCP_CORK
    C(TCP_CORK),
#endif
#ifdef TCP_DEFER_ACCEPT
    C(TCP_DEFER_ACCEPT),
#endif
#ifdef TCP_INFO
    C(TCP_INFO),
#endif
#ifdef TCP_KEEPCNT
    C(TCP_KEEPCNT),
#endif
#ifdef TCP_KEEPIDLE
    C(TCP_KEEPIDLE),
#endif
#ifdef TCP_KEEPINTVL
    C(TCP_KEEPINTVL),
#endif
#ifdef TCP_LINGER2
    C(TCP_LINGER2),
#endif
#ifdef TCP_QUICKACK
    C(TCP_QUICKACK),
#endif
#ifdef TCP_SYNCNT
    C(TCP_SYNCNT),
#endif
#ifdef TCP_WINDOW_CLAMP
    C(TCP_WINDOW_CLAMP),
#endif
#ifdef MSG_OOB
    C(MSG_OOB),
#endif
#ifdef MSG_PEEK
    C(MSG_PEEK),
#endif
#ifdef MSG_DONTROUTE
    C(MSG_DONTROUTE),
#endif
#ifdef MSG_EOR
    C(MSG_EOR),
#endif
#ifdef MSG_TRUNC
    C(MSG_TRUNC),
#endif
#ifdef MSG_CTRUNC
    C(MSG_CTRUNC),
#endif
#ifdef MSG_WAITALL
    C(MSG_WAITALL),
#endif
#ifdef MSG_DONTWAIT
    C(MSG_DONTWAIT),
#endif
#ifdef MSG_NOSIGNAL
    C(MSG_NOSIGNAL),
#endif
#ifdef MSG_CONFIRM
    C(MSG_CONFIRM),
#endif
#ifdef MSG_ERRQUEUE
    C(MSG_ERRQUEUE),
#endif
#ifdef MSG_FIN
    C(MSG_FIN),
#endif
#ifdef MSG_MORE
    C(MSG_MORE),
#endif
#ifdef MSG_PROXY
    C(MSG_PROXY),
#endif
#ifdef MSG_RST
    C(MSG_RST),
#endif
#ifdef MSG_SYN
    C(MSG_SYN),
#endif
#ifdef SHUT_RD
    C(SHUT_RD),
#endif
#ifdef SHUT_WR
    C(SHUT_WR),
#endif
#ifdef SHUT_RDWR
    C(SHUT_RDWR),
#endif
#ifdef IP_OPTIONS
    C(IP_OPTIONS),
#endif
#ifdef IP_HDRINCL
    C(IP_HDRINCL),
#endif
#ifdef IP_TOS
    C(IP_TOS),
#endif
#ifdef IP_TTL
    C(IP_TTL),
#endif
#ifdef IP_RECVOPTS
    C(IP_RECVOPTS),
#endif
#ifdef IP_RECVRETOPTS
    C(IP_RECVRETOPTS),
#endif
#ifdef IP_RETOPTS
    C(IP_RETOPTS),
#endif
#ifdef IP_MULTICAST_IF
    C(IP_MULTICAST_IF),
#endif
#ifdef IP_MULTICAST_TTL
    C(IP_MULTICAST_TTL),
#endif
#ifdef IP_MULTICAST_LOOP
    C(IP_MULTICAST_LOOP),
#endif
#ifdef IP_ADD_MEMBERSHIP
    C(IP_ADD_MEMBERSHIP),
#endif
#ifdef IP_DROP_MEMBERSHIP
    C(IP_DROP_MEMBERSHIP),
#endif
#ifdef IP_DEFAULT_MULTICAST_TTL
    C(IP_DEFAULT_MULTICAST_TTL),
#endif
#ifdef IP_DEFAULT_MULTICAST_LOOP
    C(IP_DEFAULT_MULTICAST_LOOP),
#endif
#ifdef IP_MAX_MEMBERSHIPS
    C(IP_MAX_MEMBERSHIPS),
#endif
#ifdef IP_PKTINFO
    C(IP_PKTINFO),
#endif
#ifdef IP_MTU_DISCOVER
    C(IP_MTU_DISCOVER),
#endif
#ifdef IP_RECVERR
    C(IP_RECVERR),
#endif
#ifdef IP_ROUTER_ALERT
    C(IP_ROUTER_ALERT),
#endif
#ifdef IP_PMTUDISC_DONT
    C(IP_PMTUDISC_DONT),
#endif
#ifdef IP_PMTUDISC_WANT
    C(IP_PMTUDISC_WANT),
#endif
#ifdef IP_PMTUDISC_DO
    C(IP_PMTUDISC_DO),
#endif
#ifdef IPV6_JOIN_GROUP
    C(IPV6_JOIN_GROUP),
#endif
#ifdef IPV6_LEAVE_GROUP
    C(IPV6_LEAVE_GROUP),
#endif
#ifdef IPV6_MULTICAST_HOPS
    C(IPV6_MULTICAST_HOPS),
#endif
#ifdef IPV6_MULTICAST_IF
    C(IPV6_MULTICAST_IF),
#endif
#ifdef IPV6_MULTICAST_LOOP
    C(IPV6_MULTICAST_LOOP),
#endif
#ifdef IPV6_UNICAST_HOPS
    C(IPV6_UNICAST_HOPS),
#endif
#ifdef IPV6_V6ONLY
    C(IPV6_V6ONLY),
#endif
#ifdef IPV6_CHECKSUM
    C(IPV6_CHECKSUM),
#endif
#ifdef IPV6_DONTFRAG
    C(IPV6_DONTFRAG),
#endif
#ifdef IPV6_DSTOPTS
    C(IPV6_DSTOPTS),
#endif
#ifdef IPV6_HOPLIMIT
    C(IPV6_HOPLIMIT),
#endif
#ifdef IPV6_HOPOPTS
    C(IPV6_HOPOPTS),
#endif
#ifdef IPV6_NEXTHOP
    C(IPV6_NEXTHOP),
#endif
#ifdef IPV6_PKTINFO
    C(IPV6_PKTINFO),
#endif
#ifdef IPV6_RECVDSTOPTS
    C(IPV6_RECVDSTOPTS),
#endif
#ifdef IPV6_RECVHOPLIMIT
    C(IPV6_RECVHOPLIMIT),
#endif
#ifdef IPV6_RECVHOPOPTS
    C(IPV6_RECVHOPOPTS),
#endif
#ifdef IPV6_RECVPKTINFO
    C(IPV6_RECVPKTINFO),
#endif
#ifdef IPV6_RECVRTHDR
    C(IPV6_RECVRTHDR),
#endif
#ifdef IPV6_RECVTCLASS
    C(IPV6_RECVTCLASS),
#endif
#ifdef IPV6_RTHDR
    C(IPV6_RTHDR),
#endif
#ifdef IPV6_RTHDRDSTOPTS
    C(IPV6_RTHDRDSTOPTS),
#endif
#ifdef IPV6_RTHDR_TYPE_0
    C(IPV6_RTHDR_TYPE_0),
#endif
#ifdef IPV6_TCLASS
    C(IPV6_TCLASS),
#endif
#ifdef AI_PASSIVE
    C(AI_PASSIVE),
#endif
#ifdef AI_CANONNAME
    C(AI_CANONNAME),
#endif
#ifdef AI_NUMERICHOST
    C(AI_NUMERICHOST),
#endif
#ifdef AI_NUMERICSERV
    C(AI_NUMERICSERV),
#endif
#ifdef AI_V4MAPPED
    C(AI_V4MAPPED),
#endif
#ifdef AI_ALL
    C(AI_ALL),
#endif
#ifdef AI_ADDRCONFIG
    C(AI_ADDRCONFIG),
#endif
#ifdef EAI_ADDRFAMILY
    C(EAI_ADDRFAMILY),
#endif
#ifdef EAI_AGAIN
    C(EAI_AGAIN),
#endif
#ifdef EAI_BADFLAGS
    C(EAI_BADFLAGS),
#endif
#ifdef EAI_FAIL
    C(EAI_FAIL),
#endif
#ifdef EAI_FAMILY
    C(EAI_FAMILY),
#endif
#ifdef EAI_MEMORY
    C(EAI_MEMORY),
#endif
#ifdef EAI_NODATA
    C(EAI_NODATA),
#endif
#ifdef EAI_NONAME
    C(EAI_NONAME),
#endif
#ifdef EAI_OVERFLOW
    C(EAI_OVERFLOW),
#endif
#ifdef EAI_SERVICE
    C(EAI_SERVICE),
#endif
#ifdef EAI_SOCKTYPE
    C(EAI_SOCKTYPE),
#endif
#ifdef EAI_SYSTEM
    C(EAI_SYSTEM),
#endif
#ifdef NI_MAXHOST
    C(NI_MAXHOST),
#endif
#ifdef NI_MAXSERV
    C(NI_MAXSERV),
#endif
#ifdef NI_NOFQDN
    C(NI_NOFQDN),
#endif
#ifdef NI_NUMERICHOST
    C(NI_NUMERICHOST),
#endif
#ifdef NI_NAMEREQD
    C(NI_NAMEREQD),
#endif
#ifdef NI_NUMERICSERV
    C(NI_NUMERICSERV),
#endif
#ifdef NI_DGRAM
    C(NI_DGRAM),
#endif
#ifdef INADDR_ANY
    C(INADDR_ANY),
#endif
#ifdef INADDR_BROADCAST
    C(INADDR_BROADCAST),
#endif
#ifdef INADDR_LOOPBACK
    C(INADDR_LOOPBACK),
#endif
#ifdef INADDR_NONE
    C(INADDR_NONE),
#endif
#ifdef INADDR_UNSPEC_GROUP
    C(INADDR_UNSPEC_GROUP),
#endif
#ifdef INADDR_ALLHOSTS_GROUP
    C(INADDR_ALLHOSTS_GROUP),
#endif
#ifdef INADDR_MAX_LOCAL_GROUP
    C(INADDR_MAX_LOCAL_GROUP),
#endif
#ifdef SOMAXCONN
    C(SOMAXCONN),
#endif
#ifdef SCM_RIGHTS
    C(SCM_RIGHTS),
#endif
#ifdef SCM_CREDENTIALS
    C(SCM_CREDENTIALS),
#endif
#ifdef SCM_TIMESTAMP
    C(SCM_TIMESTAMP),
#endif
#ifdef INET_ADDRSTRLEN
    C(INET_ADDRSTRLEN),
#endif
#ifdef INET6_ADDRSTRLEN
    C(INET6_ADDRSTRLEN),
#endif
#ifdef IFNAMSIZ
    C(IFNAMSIZ),
#endif
#ifdef IF_NAMESIZE
    C(IF_NAMESIZE),
#endif
};

void sock_const_init(void)
{
    sk.Constants = module_define_under(sk.Socket, "Constants");
    for (size_t i = 0; i < countof(constants); i++) {
        VALUE v = int_new(constants[i].value);
        define_const(sk.Socket, constants[i].name, v);
        define_const(sk.Constants, constants[i].name, v);
    }
}

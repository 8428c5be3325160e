#define _GNU_SOURCE
/*
 * sp_socket_addr.c — the data side of require 'socket': Socket constants
 * (also in Socket::Constants), Addrinfo and Socket::Option.
 *
 * Representation: an Addrinfo is a plain object of class Addrinfo with
 * hidden instance variables: __sa (the sockaddr bytes, a String),
 * __type, __proto (socket type and protocol), __pfam (protocol family:
 * the address's own family unless Addrinfo.new was given one, PF_UNSPEC
 * for a bare packed sockaddr) and __host (the name it was resolved from,
 * nil for numeric hosts; shown in inspect as CRuby does), __canon (the
 * canonical name getaddrinfo gave with AI_CANONNAME, else nil).
 * A Socket::Option holds __family, __level, __optname and __data (bytes).
 */
#include "sp_socket.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_sched.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <net/if.h>
#include <netinet/tcp.h>
#include <netinet/udp.h>
#include <stdio.h>
#include <string.h>
#include <sys/un.h>

static sp_value cAddrinfo, cOption;
static sp_id i_sa, i_type, i_proto, i_host, i_family, i_level, i_optname, i_data, i_pfam, i_canon;

/* ------------------------------------------------------------------ */
/* Constants                                                           */

typedef struct kconst { const char *name; long value; } kconst;
#define K(x) { #x, x }
/* Every integer constant of CRuby 3.1's Socket::Constants that Linux
 * headers define (the list is Debian ruby's, the values the headers'). */
static const kconst consts[] = {
    K(AF_ALG), K(AF_APPLETALK), K(AF_AX25), K(AF_BLUETOOTH), K(AF_CAN), K(AF_DECnet), K(AF_IB),
    K(AF_INET), K(AF_INET6), K(AF_IPX), K(AF_ISDN), K(AF_KCM), K(AF_KEY), K(AF_LLC), K(AF_LOCAL),
    K(AF_MAX), K(AF_MPLS), K(AF_NETLINK), K(AF_PACKET), K(AF_PPPOX), K(AF_RDS), K(AF_ROUTE),
    K(AF_SNA), K(AF_TIPC), K(AF_UNIX), K(AF_UNSPEC), K(AF_VSOCK), K(AF_XDP), K(AI_ADDRCONFIG),
    K(AI_ALL), K(AI_CANONNAME), K(AI_NUMERICHOST), K(AI_NUMERICSERV), K(AI_PASSIVE), K(AI_V4MAPPED),
    K(EAI_ADDRFAMILY), K(EAI_AGAIN), K(EAI_BADFLAGS), K(EAI_FAIL), K(EAI_FAMILY), K(EAI_MEMORY),
    K(EAI_NODATA), K(EAI_NONAME), K(EAI_OVERFLOW), K(EAI_SERVICE), K(EAI_SOCKTYPE), K(EAI_SYSTEM),
    K(IFF_ALLMULTI), K(IFF_AUTOMEDIA), K(IFF_BROADCAST), K(IFF_DEBUG), K(IFF_DYNAMIC),
    K(IFF_LOOPBACK), K(IFF_MASTER), K(IFF_MULTICAST), K(IFF_NOARP), K(IFF_NOTRAILERS),
    K(IFF_POINTOPOINT), K(IFF_PORTSEL), K(IFF_PROMISC), K(IFF_RUNNING), K(IFF_SLAVE), K(IFF_UP),
    K(IFNAMSIZ), K(IF_NAMESIZE), K(INADDR_ALLHOSTS_GROUP), K(INADDR_ANY), K(INADDR_BROADCAST),
    K(INADDR_LOOPBACK), K(INADDR_MAX_LOCAL_GROUP), K(INADDR_NONE), K(INADDR_UNSPEC_GROUP),
    K(INET6_ADDRSTRLEN), K(INET_ADDRSTRLEN), K(IPPORT_RESERVED), K(IPPORT_USERRESERVED),
    K(IPPROTO_AH), K(IPPROTO_DSTOPTS), K(IPPROTO_EGP), K(IPPROTO_ESP), K(IPPROTO_FRAGMENT),
    K(IPPROTO_HOPOPTS), K(IPPROTO_ICMP), K(IPPROTO_ICMPV6), K(IPPROTO_IDP), K(IPPROTO_IGMP),
    K(IPPROTO_IP), K(IPPROTO_IPV6), K(IPPROTO_NONE), K(IPPROTO_PUP), K(IPPROTO_RAW),
    K(IPPROTO_ROUTING), K(IPPROTO_TCP), K(IPPROTO_TP), K(IPPROTO_UDP), K(IPV6_CHECKSUM),
    K(IPV6_DONTFRAG), K(IPV6_DSTOPTS), K(IPV6_HOPLIMIT), K(IPV6_HOPOPTS), K(IPV6_JOIN_GROUP),
    K(IPV6_LEAVE_GROUP), K(IPV6_MULTICAST_HOPS), K(IPV6_MULTICAST_IF), K(IPV6_MULTICAST_LOOP),
    K(IPV6_NEXTHOP), K(IPV6_PATHMTU), K(IPV6_PKTINFO), K(IPV6_RECVDSTOPTS), K(IPV6_RECVHOPLIMIT),
    K(IPV6_RECVHOPOPTS), K(IPV6_RECVPATHMTU), K(IPV6_RECVPKTINFO), K(IPV6_RECVRTHDR),
    K(IPV6_RECVTCLASS), K(IPV6_RTHDR), K(IPV6_RTHDRDSTOPTS), K(IPV6_RTHDR_TYPE_0), K(IPV6_TCLASS),
    K(IPV6_UNICAST_HOPS), K(IPV6_V6ONLY), K(IP_ADD_MEMBERSHIP), K(IP_ADD_SOURCE_MEMBERSHIP),
    K(IP_BLOCK_SOURCE), K(IP_DEFAULT_MULTICAST_LOOP), K(IP_DEFAULT_MULTICAST_TTL),
    K(IP_DROP_MEMBERSHIP), K(IP_DROP_SOURCE_MEMBERSHIP), K(IP_FREEBIND), K(IP_HDRINCL),
    K(IP_IPSEC_POLICY), K(IP_MAX_MEMBERSHIPS), K(IP_MINTTL), K(IP_MSFILTER), K(IP_MTU),
    K(IP_MTU_DISCOVER), K(IP_MULTICAST_IF), K(IP_MULTICAST_LOOP), K(IP_MULTICAST_TTL),
    K(IP_OPTIONS), K(IP_PASSSEC), K(IP_PKTINFO), K(IP_PKTOPTIONS), K(IP_PMTUDISC_DO),
    K(IP_PMTUDISC_DONT), K(IP_PMTUDISC_WANT), K(IP_RECVERR), K(IP_RECVOPTS), K(IP_RECVRETOPTS),
    K(IP_RECVTOS), K(IP_RECVTTL), K(IP_RETOPTS), K(IP_ROUTER_ALERT), K(IP_TOS), K(IP_TRANSPARENT),
    K(IP_TTL), K(IP_UNBLOCK_SOURCE), K(IP_XFRM_POLICY), K(MCAST_BLOCK_SOURCE), K(MCAST_EXCLUDE),
    K(MCAST_INCLUDE), K(MCAST_JOIN_GROUP), K(MCAST_JOIN_SOURCE_GROUP), K(MCAST_LEAVE_GROUP),
    K(MCAST_LEAVE_SOURCE_GROUP), K(MCAST_MSFILTER), K(MCAST_UNBLOCK_SOURCE), K(MSG_CONFIRM),
    K(MSG_CTRUNC), K(MSG_DONTROUTE), K(MSG_DONTWAIT), K(MSG_EOR), K(MSG_ERRQUEUE), K(MSG_FASTOPEN),
    K(MSG_FIN), K(MSG_MORE), K(MSG_NOSIGNAL), K(MSG_OOB), K(MSG_PEEK), K(MSG_PROXY), K(MSG_RST),
    K(MSG_SYN), K(MSG_TRUNC), K(MSG_WAITALL), K(NI_DGRAM), K(NI_MAXHOST), K(NI_MAXSERV),
    K(NI_NAMEREQD), K(NI_NOFQDN), K(NI_NUMERICHOST), K(NI_NUMERICSERV), K(PF_ALG), K(PF_APPLETALK),
    K(PF_AX25), K(PF_BLUETOOTH), K(PF_CAN), K(PF_DECnet), K(PF_IB), K(PF_INET), K(PF_INET6),
    K(PF_IPX), K(PF_ISDN), K(PF_KCM), K(PF_KEY), K(PF_LLC), K(PF_LOCAL), K(PF_MAX), K(PF_MPLS),
    K(PF_NETLINK), K(PF_PACKET), K(PF_PPPOX), K(PF_RDS), K(PF_ROUTE), K(PF_SNA), K(PF_TIPC),
    K(PF_UNIX), K(PF_UNSPEC), K(PF_VSOCK), K(PF_XDP), K(SCM_CREDENTIALS), K(SCM_RIGHTS),
    K(SCM_TIMESTAMP), K(SCM_TIMESTAMPING), K(SCM_TIMESTAMPNS), K(SCM_WIFI_STATUS), K(SHUT_RD),
    K(SHUT_RDWR), K(SHUT_WR), K(SOCK_CLOEXEC), K(SOCK_DGRAM), K(SOCK_NONBLOCK), K(SOCK_PACKET),
    K(SOCK_RAW), K(SOCK_RDM), K(SOCK_SEQPACKET), K(SOCK_STREAM), K(SOL_IP), K(SOL_SOCKET),
    K(SOL_TCP), K(SOL_UDP), K(SOMAXCONN), K(SO_ACCEPTCONN), K(SO_ATTACH_FILTER), K(SO_BINDTODEVICE),
    K(SO_BPF_EXTENSIONS), K(SO_BROADCAST), K(SO_BUSY_POLL), K(SO_DEBUG), K(SO_DETACH_FILTER),
    K(SO_DOMAIN), K(SO_DONTROUTE), K(SO_ERROR), K(SO_GET_FILTER), K(SO_KEEPALIVE), K(SO_LINGER),
    K(SO_LOCK_FILTER), K(SO_MARK), K(SO_MAX_PACING_RATE), K(SO_NOFCS), K(SO_NO_CHECK),
    K(SO_OOBINLINE), K(SO_PASSCRED), K(SO_PASSSEC), K(SO_PEEK_OFF), K(SO_PEERCRED), K(SO_PEERNAME),
    K(SO_PEERSEC), K(SO_PRIORITY), K(SO_PROTOCOL), K(SO_RCVBUF), K(SO_RCVBUFFORCE), K(SO_RCVLOWAT),
    K(SO_RCVTIMEO), K(SO_REUSEADDR), K(SO_REUSEPORT), K(SO_RXQ_OVFL), K(SO_SECURITY_AUTHENTICATION),
    K(SO_SECURITY_ENCRYPTION_NETWORK), K(SO_SECURITY_ENCRYPTION_TRANSPORT), K(SO_SELECT_ERR_QUEUE),
    K(SO_SNDBUF), K(SO_SNDBUFFORCE), K(SO_SNDLOWAT), K(SO_SNDTIMEO), K(SO_TIMESTAMP),
    K(SO_TIMESTAMPING), K(SO_TIMESTAMPNS), K(SO_TYPE), K(SO_WIFI_STATUS), K(TCP_CONGESTION),
    K(TCP_COOKIE_TRANSACTIONS), K(TCP_CORK), K(TCP_DEFER_ACCEPT), K(TCP_FASTOPEN), K(TCP_INFO),
    K(TCP_KEEPCNT), K(TCP_KEEPIDLE), K(TCP_KEEPINTVL), K(TCP_LINGER2), K(TCP_MAXSEG), K(TCP_MD5SIG),
    K(TCP_NODELAY), K(TCP_QUEUE_SEQ), K(TCP_QUICKACK), K(TCP_REPAIR), K(TCP_REPAIR_OPTIONS),
    K(TCP_REPAIR_QUEUE), K(TCP_SYNCNT), K(TCP_THIN_DUPACK), K(TCP_THIN_LINEAR_TIMEOUTS),
    K(TCP_TIMESTAMP), K(TCP_USER_TIMEOUT), K(TCP_WINDOW_CLAMP), K(UDP_CORK),
};

/* Option names by level, for symbols (:REUSEADDR) and inspect. */
typedef struct kopt { int level; const char *name; int value; } kopt;
static const kopt opts[] = {
    { SOL_SOCKET, "REUSEADDR", SO_REUSEADDR }, { SOL_SOCKET, "REUSEPORT", SO_REUSEPORT },
    { SOL_SOCKET, "KEEPALIVE", SO_KEEPALIVE }, { SOL_SOCKET, "BROADCAST", SO_BROADCAST },
    { SOL_SOCKET, "RCVBUF", SO_RCVBUF }, { SOL_SOCKET, "SNDBUF", SO_SNDBUF },
    { SOL_SOCKET, "ERROR", SO_ERROR }, { SOL_SOCKET, "TYPE", SO_TYPE },
    { SOL_SOCKET, "LINGER", SO_LINGER }, { SOL_SOCKET, "OOBINLINE", SO_OOBINLINE },
    { SOL_SOCKET, "RCVLOWAT", SO_RCVLOWAT }, { SOL_SOCKET, "SNDLOWAT", SO_SNDLOWAT },
    { IPPROTO_TCP, "NODELAY", TCP_NODELAY }, { IPPROTO_TCP, "KEEPIDLE", TCP_KEEPIDLE },
    { IPPROTO_TCP, "KEEPINTVL", TCP_KEEPINTVL }, { IPPROTO_TCP, "KEEPCNT", TCP_KEEPCNT },
    { IPPROTO_TCP, "CORK", TCP_CORK },
    { IPPROTO_IP, "TTL", IP_TTL }, { IPPROTO_IP, "MULTICAST_TTL", IP_MULTICAST_TTL },
    { IPPROTO_IP, "MULTICAST_LOOP", IP_MULTICAST_LOOP }, { IPPROTO_IPV6, "V6ONLY", IPV6_V6ONLY },
};

void sp_init_socket_consts(sp_value S)
{
    sp_value C = sp_define_module_under(S, "Constants");
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++) {
        sp_define_const(S, consts[i].name, SP_FIX(consts[i].value));
        sp_define_const(C, consts[i].name, SP_FIX(consts[i].value));
    }
}

const char *sp_sock_name_of(sp_value v)
{
    if (SP_SYMBOL_P(v)) return sp_id_name(SP_SYM2ID(v));
    return sp_str_cstr(sp_str_to_str(v));
}

int sp_sock_family(sp_value v)
{
    if (v == SP_NIL) return AF_UNSPEC;
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    const char *s = sp_sock_name_of(v);
    if (!strncmp(s, "AF_", 3) || !strncmp(s, "PF_", 3)) s += 3;
    if (!strcmp(s, "INET")) return AF_INET;
    if (!strcmp(s, "INET6")) return AF_INET6;
    if (!strcmp(s, "UNIX") || !strcmp(s, "LOCAL")) return AF_UNIX;
    if (!strcmp(s, "UNSPEC")) return AF_UNSPEC;
    sp_raise(sp_eSocketError, "unknown socket domain: %s", sp_sock_name_of(v));
}

int sp_sockopt_level(sp_value v)
{
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    const char *s = sp_sock_name_of(v);
    if (!strcmp(s, "SOCKET") || !strcmp(s, "SOL_SOCKET")) return SOL_SOCKET;
    if (!strncmp(s, "IPPROTO_", 8)) s += 8;
    if (!strcmp(s, "IP")) return IPPROTO_IP;
    if (!strcmp(s, "TCP")) return IPPROTO_TCP;
    if (!strcmp(s, "UDP")) return IPPROTO_UDP;
    if (!strcmp(s, "IPV6")) return IPPROTO_IPV6;
    char buf[64];
    snprintf(buf, sizeof buf, "IPPROTO_%s", s);
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++)
        if (!strcmp(consts[i].name, buf)) return (int)consts[i].value;
    sp_raise(sp_eSocketError, "unknown protocol level: %s", sp_sock_name_of(v));
}

int sp_sockopt_name(int level, sp_value v)
{
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    const char *s = sp_sock_name_of(v);
    const char *t = s;
    if (!strncmp(t, "SO_", 3) || !strncmp(t, "IP_", 3)) t += 3;
    else if (!strncmp(t, "TCP_", 4)) t += 4;
    else if (!strncmp(t, "IPV6_", 5)) t += 5;
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (opts[i].level == level && !strcmp(opts[i].name, t)) return opts[i].value;
    sp_raise(sp_eSocketError, "unknown socket level option name: %s", s);
}

sp_value sp_sockopt_pack(sp_value v)
{
    int i;
    if (v == SP_TRUE) i = 1;
    else if (v == SP_FALSE) i = 0;
    else if (SP_FIXNUM_P(v)) i = (int)SP_FIX2LONG(v);
    else return sp_str_to_str(v);
    return sp_str_new((const char *)&i, sizeof i);
}

/* Names of socket types and IP protocols (inspect, marshal_dump). */
static const kconst socktypes[] = {
    { "SOCK_STREAM", SOCK_STREAM }, { "SOCK_DGRAM", SOCK_DGRAM }, { "SOCK_RAW", SOCK_RAW },
    { "SOCK_RDM", SOCK_RDM }, { "SOCK_SEQPACKET", SOCK_SEQPACKET }, { "SOCK_PACKET", SOCK_PACKET },
};
static const kconst protos[] = {
    K(IPPROTO_IP), K(IPPROTO_ICMP), K(IPPROTO_IGMP), K(IPPROTO_TCP), K(IPPROTO_EGP),
    K(IPPROTO_PUP), K(IPPROTO_UDP), K(IPPROTO_IDP), K(IPPROTO_TP), K(IPPROTO_IPV6),
    K(IPPROTO_ROUTING), K(IPPROTO_FRAGMENT), K(IPPROTO_ESP), K(IPPROTO_AH), K(IPPROTO_ICMPV6),
    K(IPPROTO_NONE), K(IPPROTO_DSTOPTS), K(IPPROTO_RAW),
};
static const char *kname(const kconst *t, size_t n, long v)
{
    for (size_t i = 0; i < n; i++) if (t[i].value == v) return t[i].name;
    return NULL;
}
#define KNAME(t, v) kname(t, sizeof t / sizeof t[0], v)

/* :STREAM, "SOCK_DGRAM", Socket::SOCK_RAW ... -> SOCK_*; nil -> 0 */
int sp_sock_type(sp_value v)
{
    if (v == SP_NIL) return 0;
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    const char *s = sp_sock_name_of(v);
    char buf[64];
    snprintf(buf, sizeof buf, "%s%s", strncmp(s, "SOCK_", 5) ? "SOCK_" : "", s);
    for (size_t i = 0; i < sizeof socktypes / sizeof socktypes[0]; i++)
        if (!strcmp(socktypes[i].name, buf)) return (int)socktypes[i].value;
    sp_raise(sp_eSocketError, "unknown socket type: %s", s);
}

static const char *family_str(int f)
{
    return f == AF_INET ? "INET" : f == AF_INET6 ? "INET6" : f == AF_UNIX ? "UNIX" : f == AF_UNSPEC ? "UNSPEC" : NULL;
}

/* ------------------------------------------------------------------ */
/* Socket::Option                                                      */

sp_value sp_sockopt_new(int family, int level, int optname, sp_value data)
{
    sp_value o = sp_obj_alloc(cOption);
    sp_ivar_set(o, i_family, SP_FIX(family));
    sp_ivar_set(o, i_level, SP_FIX(level));
    sp_ivar_set(o, i_optname, SP_FIX(optname));
    sp_ivar_set(o, i_data, data);
    return o;
}

SP_METHOD(opt_s_new)
{
    if (argc != 4) sp_raise_arity(argc, 4, 4);
    int level = sp_sockopt_level(argv[1]);
    return sp_sockopt_new(sp_sock_family(argv[0]), level, sp_sockopt_name(level, argv[2]), sp_str_to_str(argv[3]));
}
SP_METHOD(opt_s_int)
{
    if (argc != 4) sp_raise_arity(argc, 4, 4);
    int level = sp_sockopt_level(argv[1]);
    return sp_sockopt_new(sp_sock_family(argv[0]), level, sp_sockopt_name(level, argv[2]),
                          sp_sockopt_pack(SP_FIX(sp_num_to_long(argv[3]))));
}
SP_METHOD(opt_s_bool)
{
    if (argc != 4) sp_raise_arity(argc, 4, 4);
    int level = sp_sockopt_level(argv[1]);
    return sp_sockopt_new(sp_sock_family(argv[0]), level, sp_sockopt_name(level, argv[2]),
                          sp_sockopt_pack(SP_RTEST(argv[3]) ? SP_TRUE : SP_FALSE));
}

SP_METHOD(opt_level) { return sp_ivar_get(self, i_level); }
SP_METHOD(opt_optname) { return sp_ivar_get(self, i_optname); }
SP_METHOD(opt_family) { return sp_ivar_get(self, i_family); }
SP_METHOD(opt_data) { return sp_ivar_get(self, i_data); }

static int opt_int_value(sp_value self)
{
    sp_value d = sp_ivar_get(self, i_data);
    int i = 0;
    if (sp_str_len(d) != sizeof i)
        sp_raise(sp_eTypeError, "size differ.  expected as sizeof(int)=%zu but %zu", sizeof i, sp_str_len(d));
    memcpy(&i, sp_str_ptr(d), sizeof i);
    return i;
}
SP_METHOD(opt_int) { return SP_FIX(opt_int_value(self)); }
SP_METHOD(opt_bool) { return SP_BOOL(opt_int_value(self) != 0); }

/* Socket::Option.linger(onoff, secs) / #linger -> [onoff, secs] */
SP_METHOD(opt_s_linger)
{
    struct linger l;
    l.l_onoff = SP_FIXNUM_P(argv[0]) ? (int)SP_FIX2LONG(argv[0]) : SP_RTEST(argv[0]);
    l.l_linger = (int)sp_num_to_long(argv[1]);
    return sp_sockopt_new(AF_UNSPEC, SOL_SOCKET, SO_LINGER, sp_str_new((const char *)&l, sizeof l));
}
SP_METHOD(opt_linger)
{
    if (SP_FIX2LONG(sp_ivar_get(self, i_level)) != SOL_SOCKET || SP_FIX2LONG(sp_ivar_get(self, i_optname)) != SO_LINGER)
        sp_raise(sp_eTypeError, "linger socket option expected");
    sp_value d = sp_ivar_get(self, i_data);
    struct linger l;
    if (sp_str_len(d) != sizeof l)
        sp_raise(sp_eTypeError, "size differ.  expected as sizeof(struct linger)=%zu but %zu", sizeof l, sp_str_len(d));
    memcpy(&l, sp_str_ptr(d), sizeof l);
    return sp_ary_new2(SP_BOOL(l.l_onoff != 0), SP_FIX(l.l_linger));
}

/* #<Socket::Option: INET SOCKET REUSEADDR 0> */
SP_METHOD(opt_inspect)
{
    int fam = (int)SP_FIX2LONG(sp_ivar_get(self, i_family));
    int level = (int)SP_FIX2LONG(sp_ivar_get(self, i_level));
    int name = (int)SP_FIX2LONG(sp_ivar_get(self, i_optname));
    const char *fn = fam == AF_INET ? "INET" : fam == AF_INET6 ? "INET6" : fam == AF_UNIX ? "UNIX" : "UNSPEC";
    const char *ln = level == SOL_SOCKET ? "SOCKET" : level == IPPROTO_TCP ? "TCP" : level == IPPROTO_IP ? "IP" :
                     level == IPPROTO_IPV6 ? "IPV6" : level == IPPROTO_UDP ? "UDP" : NULL;
    const char *on = NULL;
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (opts[i].level == level && opts[i].value == name) on = opts[i].name;
    sp_value s = sp_str_format("#<Socket::Option: %s ", fn);
    if (ln) sp_str_cat(s, ln, strlen(ln)); else sp_str_buf_cat_value(s, sp_str_format("level:%d", level));
    sp_str_cat(s, " ", 1);
    if (on) sp_str_cat(s, on, strlen(on)); else sp_str_buf_cat_value(s, sp_str_format("optname:%d", name));
    sp_value d = sp_ivar_get(self, i_data);
    if (sp_str_len(d) == sizeof(int)) sp_str_buf_cat_value(s, sp_str_format(" %d", opt_int_value(self)));
    else sp_str_buf_cat_value(s, sp_funcall0(d, "inspect"));
    sp_str_cat(s, ">", 1);
    return s;
}

/* ------------------------------------------------------------------ */
/* Addrinfo                                                            */

sp_value sp_addrinfo_new(const struct sockaddr *sa, socklen_t len, int socktype, int protocol)
{
    sp_value a = sp_obj_alloc(cAddrinfo);
    sp_ivar_set(a, i_sa, sp_str_new((const char *)sa, len));
    sp_ivar_set(a, i_type, SP_FIX(socktype));
    sp_ivar_set(a, i_proto, SP_FIX(protocol));
    sp_ivar_set(a, i_host, SP_NIL);
    sp_ivar_set(a, i_pfam, SP_FIX(len >= sizeof(sa_family_t) ? sa->sa_family : AF_UNSPEC));
    return a;
}

static const struct sockaddr *ai_sa(sp_value self, socklen_t *len)
{
    sp_value s = sp_ivar_get(self, i_sa);
    /* an Addrinfo made without its address (allocate, or Marshal.load:
     * marshal_dump/marshal_load are not provided): CRuby's TypeError */
    if (!sp_str_p(s)) sp_raise(sp_eTypeError, "uninitialized socket address");
    *len = (socklen_t)sp_str_len(s);
    return (const struct sockaddr *)sp_str_ptr(s);
}

static int ai_family(sp_value self)
{
    socklen_t len;
    const struct sockaddr *sa = ai_sa(self, &len);
    return len >= sizeof(sa_family_t) ? sa->sa_family : AF_UNSPEC;
}

sp_value sp_sock_sockaddr_of(sp_value v)
{
    if (!SP_SPECIAL_CONST_P(v) && sp_obj_class(v) == cAddrinfo) { socklen_t n; ai_sa(v, &n); return sp_ivar_get(v, i_sa); }
    return sp_str_to_str(v);
}

/* Resolve host:port as Addrinfo objects of socket type type. */
static sp_value ai_resolve_flags(sp_value host, sp_value port, int family, int type, int proto, int first_only, int flags)
{
    char pbuf[64];
    if (port == SP_NIL) snprintf(pbuf, sizeof pbuf, "0");
    else if (SP_FIXNUM_P(port)) snprintf(pbuf, sizeof pbuf, "%ld", SP_FIX2LONG(port));
    else snprintf(pbuf, sizeof pbuf, "%s", sp_str_cstr(sp_str_to_str(port)));
    const char *h = host == SP_NIL ? NULL : sp_str_cstr(sp_str_to_str(host));
    if (h && !*h) h = NULL;
    struct addrinfo *res = sp_sock_resolve(h, pbuf, family, type, flags);
    sp_value out = sp_ary_new();
    /* getaddrinfo(3) names the canonical name in the first entry only */
    sp_value canon = res && res->ai_canonname ? sp_str_new_cstr(res->ai_canonname) : SP_NIL;
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        if (proto && ai->ai_protocol != proto) continue;
        sp_value a = sp_addrinfo_new(ai->ai_addr, ai->ai_addrlen, ai->ai_socktype, ai->ai_protocol);
        sp_ivar_set(a, i_canon, canon);
        char num[NI_MAXHOST];
        int p;
        sp_sock_numeric(ai->ai_addr, ai->ai_addrlen, num, sizeof num, &p);
        if (h && strcmp(h, num)) sp_ivar_set(a, i_host, sp_str_new_cstr(h));
        sp_ary_push(out, a);
        if (first_only) break;
    }
    freeaddrinfo(res);
    return out;
}
static sp_value ai_resolve(sp_value host, sp_value port, int family, int type, int proto, int first_only)
{
    return ai_resolve_flags(host, port, family, type, proto, first_only, 0);
}

/* Addrinfo.ip(host): the first address of host, socket type and protocol 0 */
SP_METHOD(ai_s_ip)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    sp_value a = sp_ary_entry_inline(ai_resolve(argv[0], SP_NIL, AF_UNSPEC, 0, 0, 1), 0);
    sp_ivar_set(a, i_type, SP_FIX(0));
    sp_ivar_set(a, i_proto, SP_FIX(0));
    return a;
}

/* Socket.sockaddr_in(port, host) / pack_sockaddr_in: the packed sockaddr
 * of host's first address ("" and "<any>" are INADDR_ANY, as CRuby) */
SP_METHOD(sock_s_sockaddr_in)
{
    if (argc != 2) sp_raise_arity(argc, 2, 2);
    sp_value host = argv[1];
    if (host != SP_NIL) {
        const char *h = sp_str_cstr(sp_str_to_str(host));
        if (!*h || !strcmp(h, "<any>")) host = sp_str_new_cstr("0.0.0.0");
        else if (!strcmp(h, "<broadcast>")) host = sp_str_new_cstr("255.255.255.255");
    }
    sp_value a = sp_ary_entry_inline(ai_resolve(host, argv[0], AF_UNSPEC, 0, 0, 1), 0);
    sp_value r = sp_str_dup(sp_ivar_get(a, i_sa));
    sp_str_set_binary(r);
    return r;
}

/* BasicSocket#connect_address (socket.rb's): local_address with a
 * wildcard address replaced by the loopback one; SocketError when the
 * socket is not bound */
sp_value sp_sock_connect_address(const struct sockaddr *sa, socklen_t len, int type)
{
    struct sockaddr_storage c;
    memcpy(&c, sa, len);
    if (sa->sa_family == AF_INET) {
        struct sockaddr_in *in = (struct sockaddr_in *)&c;
        if (!in->sin_port) sp_raise(sp_eSocketError, "unbound IPv4 socket");
        if (in->sin_addr.s_addr == htonl(INADDR_ANY)) in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    } else if (sa->sa_family == AF_INET6) {
        struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&c;
        if (!in6->sin6_port) sp_raise(sp_eSocketError, "unbound IPv6 socket");
        if (IN6_IS_ADDR_UNSPECIFIED(&in6->sin6_addr)) in6->sin6_addr = in6addr_loopback;
    } else if (sa->sa_family == AF_UNIX) {
        if (len <= offsetof(struct sockaddr_un, sun_path) || !((struct sockaddr_un *)&c)->sun_path[0])
            sp_raise(sp_eSocketError, "unbound Unix socket");
    }
    return sp_addrinfo_new((struct sockaddr *)&c, len, type, 0);
}

SP_METHOD(ai_s_tcp)
{
    if (argc != 2) sp_raise_arity(argc, 2, 2);
    return sp_ary_entry_inline(ai_resolve(argv[0], argv[1], AF_UNSPEC, SOCK_STREAM, IPPROTO_TCP, 1), 0);
}
SP_METHOD(ai_s_udp)
{
    if (argc != 2) sp_raise_arity(argc, 2, 2);
    return sp_ary_entry_inline(ai_resolve(argv[0], argv[1], AF_UNSPEC, SOCK_DGRAM, IPPROTO_UDP, 1), 0);
}
SP_METHOD(ai_s_unix)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    struct sockaddr_un un;
    memset(&un, 0, sizeof un);
    un.sun_family = AF_UNIX;
    const char *p = sp_str_cstr(sp_str_to_str(argv[0]));
    size_t n = strlen(p);
    if (n >= sizeof un.sun_path) sp_raise(sp_eArgError, "too long unix socket path");
    memcpy(un.sun_path, p, n);
    int type = argc > 1 && argv[1] != SP_NIL ? sp_sock_type(argv[1]) : SOCK_STREAM;
    /* the whole struct, as CRuby's to_sockaddr gives it */
    return sp_addrinfo_new((struct sockaddr *)&un, sizeof un, type, 0);
}
/* Addrinfo.getaddrinfo(node, service, family = nil, socktype = nil, protocol = nil, flags = nil) */
SP_METHOD(ai_s_getaddrinfo)
{
    if (argc < 2 || argc > 6) sp_raise_arity(argc, 2, 6);
    int fam = argc > 2 ? sp_sock_family(argv[2]) : AF_UNSPEC;
    int type = argc > 3 ? sp_sock_type(argv[3]) : 0;
    int proto = argc > 4 && argv[4] != SP_NIL ? (int)sp_num_to_long(argv[4]) : 0;
    int flags = argc > 5 && argv[5] != SP_NIL ? (int)sp_num_to_long(argv[5]) : 0;
    return ai_resolve_flags(argv[0], argv[1], fam, type, proto, 0, flags);
}

static void ai_numeric(sp_value self, char *host, size_t hn, int *port)
{
    socklen_t len;
    const struct sockaddr *sa = ai_sa(self, &len);
    int f = ai_family(self);
    if (f != AF_INET && f != AF_INET6) sp_raise(sp_eSocketError, "need IPv4 or IPv6 address");
    sp_sock_numeric(sa, len, host, hn, port);
}

SP_METHOD(ai_ip_address)
{
    char h[NI_MAXHOST]; int p;
    ai_numeric(self, h, sizeof h, &p);
    return sp_str_new_cstr(h);
}
SP_METHOD(ai_ip_port)
{
    char h[NI_MAXHOST]; int p;
    ai_numeric(self, h, sizeof h, &p);
    return SP_FIX(p);
}
SP_METHOD(ai_ip_unpack)
{
    char h[NI_MAXHOST]; int p;
    ai_numeric(self, h, sizeof h, &p);
    return sp_ary_new2(sp_str_new_cstr(h), SP_FIX(p));
}
SP_METHOD(ai_ip_p) { int f = ai_family(self); return SP_BOOL(f == AF_INET || f == AF_INET6); }
SP_METHOD(ai_ipv4_p) { return SP_BOOL(ai_family(self) == AF_INET); }
SP_METHOD(ai_ipv6_p) { return SP_BOOL(ai_family(self) == AF_INET6); }
SP_METHOD(ai_unix_p) { return SP_BOOL(ai_family(self) == AF_UNIX); }
SP_METHOD(ai_afamily) { return SP_FIX(ai_family(self)); }
SP_METHOD(ai_pfamily) { return sp_ivar_get(self, i_pfam); }
SP_METHOD(ai_canonname) { return sp_ivar_get(self, i_canon); }
SP_METHOD(ai_socktype) { return sp_ivar_get(self, i_type); }
SP_METHOD(ai_protocol) { return sp_ivar_get(self, i_proto); }
SP_METHOD(ai_to_sockaddr) { return sp_str_dup(sp_sock_sockaddr_of(self)); }
SP_METHOD(ai_unix_path)
{
    if (ai_family(self) != AF_UNIX) sp_raise(sp_eSocketError, "need AF_UNIX address");
    socklen_t len;
    const struct sockaddr_un *un = (const struct sockaddr_un *)ai_sa(self, &len);
    size_t off = offsetof(struct sockaddr_un, sun_path);
    return len > off ? sp_str_new(un->sun_path, strnlen(un->sun_path, len - off)) : sp_str_new("", 0);
}

/* "127.0.0.1:80", "[::1]:80", "/tmp/sock", "UNIX sock" (a relative
 * path), "empty-sockaddr", "unknown address family N" */
SP_METHOD(ai_inspect_sockaddr)
{
    socklen_t len;
    ai_sa(self, &len);
    if (len == 0) return sp_str_new_cstr("empty-sockaddr");
    int f = ai_family(self);
    if (f == AF_UNIX) {
        sp_value path = ai_unix_path(self, 0, NULL, SP_NIL);
        if (sp_str_len(path) == 0) return sp_str_new_cstr("empty-path-AF_UNIX-sockaddr");
        if (sp_str_ptr(path)[0] == '/') return path;
        sp_value s = sp_str_new_cstr("UNIX ");
        sp_str_buf_cat_value(s, path);
        return s;
    }
    if (f != AF_INET && f != AF_INET6) return sp_str_format("unknown address family %d", f);
    char h[NI_MAXHOST]; int p;
    ai_numeric(self, h, sizeof h, &p);
    if (f == AF_INET6) return p ? sp_str_format("[%s]:%d", h, p) : sp_str_new_cstr(h);
    return p ? sp_str_format("%s:%d", h, p) : sp_str_new_cstr(h);
}

/* #<Addrinfo: 127.0.0.1:80 TCP (localhost)>, as CRuby's
 * rsock_addrinfo_inspect: the protocol family when it differs from the
 * address's, TCP/UDP for internet families, else type and protocol */
SP_METHOD(ai_inspect)
{
    sp_value s = sp_str_new_cstr("#<Addrinfo: ");
    sp_str_buf_cat_value(s, ai_inspect_sockaddr(self, 0, NULL, SP_NIL));
    int f = ai_family(self);
    int pf = (int)SP_FIX2LONG(sp_ivar_get(self, i_pfam));
    int type = (int)SP_FIX2LONG(sp_ivar_get(self, i_type));
    int proto = (int)SP_FIX2LONG(sp_ivar_get(self, i_proto));
    if (pf && pf != f) {
        const char *n = family_str(pf);
        sp_str_buf_cat_value(s, n ? sp_str_format(" PF_%s", n) : sp_str_format(" PF_\?\?\?(%d)", pf));
    }
    int inet = pf == AF_INET || pf == AF_INET6;
    if (inet && type == SOCK_STREAM && (proto == 0 || proto == IPPROTO_TCP)) sp_str_cat(s, " TCP", 4);
    else if (inet && type == SOCK_DGRAM && (proto == 0 || proto == IPPROTO_UDP)) sp_str_cat(s, " UDP", 4);
    else {
        if (type) {
            const char *t = KNAME(socktypes, type);
            sp_str_buf_cat_value(s, t ? sp_str_format(" %s", t) : sp_str_format(" SOCK_\?\?\?(%d)", type));
        }
        if (proto) {
            const char *t = inet ? KNAME(protos, proto) : NULL;
            sp_str_buf_cat_value(s, t ? sp_str_format(" %s", t) : sp_str_format(" UNKNOWN_PROTOCOL(%d)", proto));
        }
    }
    sp_value host = sp_ivar_get(self, i_host);
    if (host != SP_NIL) {
        sp_str_cat(s, " (", 2);
        sp_str_buf_cat_value(s, host);
        sp_str_cat(s, ")", 1);
    }
    sp_str_cat(s, ">", 1);
    return s;
}

/* ------------------------------------------------------------------ */
/* Addrinfo.new, names of types and protocols, marshal, predicates      */

/* Addrinfo.new(sockaddr, family = nil, socktype = nil, protocol = nil):
 * sockaddr a packed sockaddr String, ["AF_UNIX", path] or
 * [family, port, host, numeric address] (resolved numerically with the
 * family, socket type and protocol as hints: a combination getaddrinfo(3)
 * refuses is CRuby's SocketError) */
SP_METHOD(ai_initialize)
{
    if (argc < 1 || argc > 4) sp_raise_arity(argc, 1, 4);
    sp_value sa = argv[0];
    int pfam = argc > 1 && argv[1] != SP_NIL ? sp_sock_family(argv[1]) : -1;
    int type = argc > 2 ? sp_sock_type(argv[2]) : 0;
    int proto = argc > 3 && argv[3] != SP_NIL ? (int)sp_num_to_long(argv[3]) : 0;
    sp_value ary = SP_SPECIAL_CONST_P(sa) ? SP_NIL : sp_try_convert(sa, sp_cArray, "to_ary");
    sp_value host = SP_NIL;
    if (ary != SP_NIL) {
        long n = sp_ary_len(ary);
        int afam = sp_sock_family(sp_ary_entry(ary, 0));
        if (afam == AF_UNIX) {
            if (n != 2) sp_raise(sp_eArgError, "array size should be 2, %ld given", n);
            struct sockaddr_un un;
            memset(&un, 0, sizeof un);
            un.sun_family = AF_UNIX;
            sp_value path = sp_str_to_str(sp_ary_entry(ary, 1));
            size_t pn = sp_str_len(path);
            if (pn > sizeof un.sun_path) sp_raise(sp_eArgError, "too long unix socket path (%zu bytes given but %zu bytes max)", pn, sizeof un.sun_path);
            memcpy(un.sun_path, sp_str_ptr(path), pn);
            sa = sp_str_new((const char *)&un, offsetof(struct sockaddr_un, sun_path) + pn);
            if (pfam < 0) pfam = AF_UNIX;
            if (argc < 3) type = SOCK_STREAM;
        } else {
            if (n != 3 && n != 4) sp_raise(sp_eArgError, "array size should be 3 or 4, %ld given", n);
            sp_value name = sp_ary_entry(ary, 2);
            sp_value numeric = sp_str_to_str(sp_ary_entry(ary, n == 4 ? 3 : 2));
            char pbuf[64];
            sp_value port = sp_ary_entry(ary, 1);
            if (SP_FIXNUM_P(port)) snprintf(pbuf, sizeof pbuf, "%ld", SP_FIX2LONG(port));
            else snprintf(pbuf, sizeof pbuf, "%s", sp_str_cstr(sp_str_to_str(port)));
            struct addrinfo hints, *res = NULL;
            memset(&hints, 0, sizeof hints);
            hints.ai_family = pfam > 0 ? pfam : afam;
            /* glibc refuses a port for SOCK_RAW; CRuby's Addrinfo takes any
             * protocol with it: resolve the address alone then */
            hints.ai_socktype = type == SOCK_RAW ? 0 : type;
            hints.ai_protocol = type == SOCK_RAW ? 0 : proto;
            hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV;
            int r = getaddrinfo(sp_str_cstr(numeric), pbuf, &hints, &res);
            if (r != 0) sp_raise(sp_eSocketError, "getaddrinfo: %s", gai_strerror(r));
            sa = sp_str_new((const char *)res->ai_addr, res->ai_addrlen);
            freeaddrinfo(res);
            if (pfam < 0) pfam = afam;
            if (name != SP_NIL && !sp_equal(sp_str_to_str(name), numeric)) host = sp_str_dup(sp_str_to_str(name));
        }
    } else {
        sa = sp_str_dup(sp_str_to_str(sa));
        if (pfam < 0) pfam = AF_UNSPEC;
    }
    sp_str_set_binary(sa);
    sp_ivar_set(self, i_sa, sa);
    sp_ivar_set(self, i_pfam, SP_FIX(pfam));
    sp_ivar_set(self, i_type, SP_FIX(type));
    sp_ivar_set(self, i_proto, SP_FIX(proto));
    sp_ivar_set(self, i_host, host);
    return SP_NIL;
}

/* Addrinfo#marshal_dump: [afamily, address, pfamily, socktype, protocol,
 * canonname, inspectname] with names where CRuby has them */
SP_METHOD(ai_marshal_dump)
{
    socklen_t len;
    const struct sockaddr *sa = ai_sa(self, &len);
    int af = ai_family(self);
    const char *fs = family_str(af);
    if (!fs) sp_raise(sp_eSocketError, "unknown address family: %d", af);
    sp_value addr;
    if (af == AF_UNIX) addr = ai_unix_path(self, 0, NULL, SP_NIL);
    else if (af == AF_UNSPEC) addr = sp_str_new("", 0);
    else {
        char h[NI_MAXHOST]; int p;
        sp_sock_numeric(sa, len, h, sizeof h, &p);
        addr = sp_ary_new2(sp_str_new_cstr(h), sp_str_format("%d", p));
    }
    int pf = (int)SP_FIX2LONG(sp_ivar_get(self, i_pfam));
    const char *ps = family_str(pf);
    if (!ps) sp_raise(sp_eSocketError, "unknown protocol family: %d", pf);
    int type = (int)SP_FIX2LONG(sp_ivar_get(self, i_type));
    int proto = (int)SP_FIX2LONG(sp_ivar_get(self, i_proto));
    sp_value tv = SP_FIX(0), pv = SP_FIX(0);
    if (type) {
        const char *t = KNAME(socktypes, type);
        if (!t) sp_raise(sp_eSocketError, "unknown socktype: %d", type);
        tv = sp_str_new_cstr(t);
    }
    if (proto) {
        const char *t = KNAME(protos, proto);
        if (!t) sp_raise(sp_eSocketError, "unknown IP protocol: %d", proto);
        pv = sp_str_new_cstr(t);
    }
    sp_value a[7] = { sp_str_format("AF_%s", fs), addr, sp_str_format("PF_%s", ps), tv, pv, sp_ivar_get(self, i_canon), sp_ivar_get(self, i_host) };
    return sp_ary_new_from(7, a);
}

static int named_const(sp_value v, const kconst *t, size_t n)
{
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    const char *s = sp_sock_name_of(v);
    for (size_t i = 0; i < n; i++) if (!strcmp(t[i].name, s)) return (int)t[i].value;
    sp_raise(sp_eSocketError, "unknown name: %s", s);
}

/* Addrinfo#marshal_load(marshal_dump's array) */
SP_METHOD(ai_marshal_load)
{
    sp_value a = sp_check_array(argv[0]);
    if (a == SP_NIL) sp_raise_type(argv[0], "Array");
    if (sp_ary_len(a) != 7) sp_raise(sp_eTypeError, "invalid marshal data");
    int af = sp_sock_family(sp_ary_entry(a, 0));
    sp_value addr = sp_ary_entry(a, 1);
    sp_value init[4];
    if (af == AF_UNIX) init[0] = sp_ary_new2(sp_str_new_cstr("AF_UNIX"), addr);
    else {
        sp_value h = sp_ary_entry(addr, 0);
        sp_value parts[4] = { sp_ary_entry(a, 0), sp_ary_entry(addr, 1), h, h };
        init[0] = sp_ary_new_from(4, parts);
    }
    init[1] = SP_FIX(sp_sock_family(sp_ary_entry(a, 2)));
    init[2] = SP_FIX(named_const(sp_ary_entry(a, 3), socktypes, sizeof socktypes / sizeof socktypes[0]));
    init[3] = SP_FIX(named_const(sp_ary_entry(a, 4), protos, sizeof protos / sizeof protos[0]));
    ai_initialize(self, 4, init, SP_NIL);
    sp_ivar_set(self, i_canon, sp_ary_entry(a, 5));
    sp_ivar_set(self, i_host, sp_ary_entry(a, 6));
    return self;
}

/* Addrinfo#family_addrinfo(host, port) / (path) / (addrinfo): an
 * Addrinfo of the same family, socket type and protocol */
SP_METHOD(ai_family_addrinfo)
{
    int af = ai_family(self);
    if (argc >= 1 && !SP_SPECIAL_CONST_P(argv[0]) && sp_obj_class(argv[0]) == cAddrinfo) {
        if (argc != 1) sp_raise_arity(argc, 1, 1);
        if (ai_family(argv[0]) != af || !sp_equal(sp_ivar_get(argv[0], i_pfam), sp_ivar_get(self, i_pfam)) ||
            !sp_equal(sp_ivar_get(argv[0], i_type), sp_ivar_get(self, i_type)) ||
            !sp_equal(sp_ivar_get(argv[0], i_proto), sp_ivar_get(self, i_proto)))
            sp_raise(sp_eArgError, "Addrinfo type mismatch");
        return argv[0];
    }
    int type = (int)SP_FIX2LONG(sp_ivar_get(self, i_type));
    int proto = (int)SP_FIX2LONG(sp_ivar_get(self, i_proto));
    if (af == AF_INET || af == AF_INET6) {
        if (argc != 2) sp_raise(sp_eArgError, "IP address needs host and port but %d arguments given", argc);
        return sp_ary_entry_inline(ai_resolve(argv[0], argv[1], af, type, proto, 1), 0);
    }
    if (af == AF_UNIX) {
        if (argc != 1) sp_raise(sp_eArgError, "UNIX socket needs single path argument but %d arguments given", argc);
        sp_value a = ai_s_unix(cAddrinfo, 1, argv, SP_NIL);
        sp_ivar_set(a, i_type, SP_FIX(type));
        return a;
    }
    sp_raise(sp_eArgError, "unexpected family");
}

/* The IPv6 address, or NULL for other families. */
static const struct in6_addr *ai_in6(sp_value self)
{
    socklen_t len;
    const struct sockaddr *sa = ai_sa(self, &len);
    if (ai_family(self) != AF_INET6 || len < sizeof(struct sockaddr_in6)) return NULL;
    return &((const struct sockaddr_in6 *)sa)->sin6_addr;
}
static uint32_t ai_in4(sp_value self, int *ok)
{
    socklen_t len;
    const struct sockaddr *sa = ai_sa(self, &len);
    *ok = ai_family(self) == AF_INET && len >= sizeof(struct sockaddr_in);
    return *ok ? ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) : 0;
}
#define AI_V6P(name, test) \
    SP_METHOD(name) { const struct in6_addr *a = ai_in6(self); return SP_BOOL(a && (test)); }
AI_V6P(ai_ipv6_loopback_p, IN6_IS_ADDR_LOOPBACK(a))
AI_V6P(ai_ipv6_unspecified_p, IN6_IS_ADDR_UNSPECIFIED(a))
AI_V6P(ai_ipv6_multicast_p, IN6_IS_ADDR_MULTICAST(a))
AI_V6P(ai_ipv6_linklocal_p, IN6_IS_ADDR_LINKLOCAL(a))
AI_V6P(ai_ipv6_sitelocal_p, IN6_IS_ADDR_SITELOCAL(a))
AI_V6P(ai_ipv6_unique_local_p, (a->s6_addr[0] & 0xfe) == 0xfc)
AI_V6P(ai_ipv6_v4mapped_p, IN6_IS_ADDR_V4MAPPED(a))
AI_V6P(ai_ipv6_v4compat_p, IN6_IS_ADDR_V4COMPAT(a))
AI_V6P(ai_ipv6_mc_nodelocal_p, IN6_IS_ADDR_MC_NODELOCAL(a))
AI_V6P(ai_ipv6_mc_linklocal_p, IN6_IS_ADDR_MC_LINKLOCAL(a))
AI_V6P(ai_ipv6_mc_sitelocal_p, IN6_IS_ADDR_MC_SITELOCAL(a))
AI_V6P(ai_ipv6_mc_orglocal_p, IN6_IS_ADDR_MC_ORGLOCAL(a))
AI_V6P(ai_ipv6_mc_global_p, IN6_IS_ADDR_MC_GLOBAL(a))
#undef AI_V6P
#define AI_V4P(name, test) \
    SP_METHOD(name) { int ok; uint32_t a = ai_in4(self, &ok); return SP_BOOL(ok && (test)); }
AI_V4P(ai_ipv4_loopback_p, (a & 0xff000000) == 0x7f000000)
AI_V4P(ai_ipv4_multicast_p, (a & 0xf0000000) == 0xe0000000)
AI_V4P(ai_ipv4_private_p, (a & 0xff000000) == 0x0a000000 || (a & 0xfff00000) == 0xac100000 || (a & 0xffff0000) == 0xc0a80000)
#undef AI_V4P

/* Addrinfo#ipv6_to_ipv4: the IPv4 address of a v4-mapped or v4-compat
 * IPv6 address (without the port, as CRuby), else nil */
SP_METHOD(ai_ipv6_to_ipv4)
{
    const struct in6_addr *a = ai_in6(self);
    if (!a || !(IN6_IS_ADDR_V4MAPPED(a) || (IN6_IS_ADDR_V4COMPAT(a)))) return SP_NIL;
    struct sockaddr_in in;
    memset(&in, 0, sizeof in);
    in.sin_family = AF_INET;
    memcpy(&in.sin_addr, a->s6_addr + 12, 4);
    return sp_addrinfo_new((struct sockaddr *)&in, sizeof in, (int)SP_FIX2LONG(sp_ivar_get(self, i_type)),
                           (int)SP_FIX2LONG(sp_ivar_get(self, i_proto)));
}

/* getnameinfo(3) of a sockaddr in a blocking region: [host, service];
 * SocketError "getnameinfo: ..." on failure */
sp_value sp_sock_getnameinfo(const struct sockaddr *sa, socklen_t len, int flags)
{
    char h[NI_MAXHOST], serv[NI_MAXSERV];
    sp_blocking_begin();
    int r = getnameinfo(sa, len, h, sizeof h, serv, sizeof serv, flags);
    sp_blocking_end();
    if (r != 0) {
        if (r == EAI_SYSTEM) sp_raise_syserr(errno, "getnameinfo");
        sp_raise(sp_eSocketError, "getnameinfo: %s", gai_strerror(r));
    }
    return sp_ary_new2(sp_str_new_cstr(h), sp_str_new_cstr(serv));
}

/* Addrinfo#getnameinfo(flags = 0) */
SP_METHOD(ai_getnameinfo)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    socklen_t len;
    const struct sockaddr *sa = ai_sa(self, &len);
    int flags = argc > 0 && argv[0] != SP_NIL ? (int)sp_num_to_long(argv[0]) : 0;
    if ((int)SP_FIX2LONG(sp_ivar_get(self, i_type)) == SOCK_DGRAM) flags |= NI_DGRAM;
    return sp_sock_getnameinfo(sa, len, flags);
}

/* Socket.getnameinfo(sockaddr, flags = 0): sockaddr packed or
 * [family, port, host] / [family, port, host, numeric address] */
SP_METHOD(sock_s_getnameinfo)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    int flags = argc > 1 && argv[1] != SP_NIL ? (int)sp_num_to_long(argv[1]) : 0;
    sp_value ary = SP_SPECIAL_CONST_P(argv[0]) ? SP_NIL : sp_try_convert(argv[0], sp_cArray, "to_ary");
    if (ary == SP_NIL) {
        sp_value sa = sp_str_to_str(argv[0]);
        return sp_sock_getnameinfo((const struct sockaddr *)sp_str_ptr(sa), (socklen_t)sp_str_len(sa), flags);
    }
    long n = sp_ary_len(ary);
    if (n != 3 && n != 4) sp_raise(sp_eArgError, "array size should be 3 or 4, %ld given", n);
    sp_value a = sp_obj_alloc(cAddrinfo);
    ai_initialize(a, 1, &ary, SP_NIL);
    socklen_t len;
    const struct sockaddr *sa = ai_sa(a, &len);
    return sp_sock_getnameinfo(sa, len, flags);
}

/* Socket.unpack_sockaddr_in(sockaddr) -> [port, address] */
SP_METHOD(sock_s_unpack_sockaddr_in)
{
    sp_value s = sp_sock_sockaddr_of(argv[0]);
    const struct sockaddr *sa = (const struct sockaddr *)sp_str_ptr(s);
    size_t len = sp_str_len(s);
    if (len < sizeof(sa_family_t) || (sa->sa_family != AF_INET && sa->sa_family != AF_INET6))
        sp_raise(sp_eArgError, "not an AF_INET/AF_INET6 sockaddr");
    char h[NI_MAXHOST]; int p;
    sp_sock_numeric(sa, (socklen_t)len, h, sizeof h, &p);
    return sp_ary_new2(SP_FIX(p), sp_str_new_cstr(h));
}

/* Socket.sockaddr_un(path) / pack_sockaddr_un: a whole struct sockaddr_un */
SP_METHOD(sock_s_sockaddr_un)
{
    sp_value path = sp_str_to_str(argv[0]);
    struct sockaddr_un un;
    memset(&un, 0, sizeof un);
    un.sun_family = AF_UNIX;
    size_t n = sp_str_len(path);
    if (n > sizeof un.sun_path)
        sp_raise(sp_eArgError, "too long unix socket path (%zu bytes given but %zu bytes max)", n, sizeof un.sun_path);
    memcpy(un.sun_path, sp_str_ptr(path), n);
    size_t total = sizeof un;
    if (n > sizeof un.sun_path - 1) total = offsetof(struct sockaddr_un, sun_path) + n;
    sp_value r = sp_str_new((const char *)&un, total);
    sp_str_set_binary(r);
    return r;
}

/* Socket.unpack_sockaddr_un(sockaddr) -> path */
SP_METHOD(sock_s_unpack_sockaddr_un)
{
    sp_value s = sp_sock_sockaddr_of(argv[0]);
    const struct sockaddr_un *un = (const struct sockaddr_un *)sp_str_ptr(s);
    size_t len = sp_str_len(s), off = offsetof(struct sockaddr_un, sun_path);
    if (len < sizeof(sa_family_t) || un->sun_family != AF_UNIX) sp_raise(sp_eArgError, "not an AF_UNIX sockaddr");
    return len > off ? sp_str_new(un->sun_path, strnlen(un->sun_path, len - off)) : sp_str_new("", 0);
}

void sp_init_addrinfo(void)
{
    i_sa = sp_intern("__sa"); i_type = sp_intern("__type"); i_proto = sp_intern("__proto");
    i_host = sp_intern("__host"); i_family = sp_intern("__family"); i_level = sp_intern("__level");
    i_optname = sp_intern("__optname"); i_data = sp_intern("__data"); i_pfam = sp_intern("__pfam");
    i_canon = sp_intern("__canon");

    cAddrinfo = sp_define_class("Addrinfo", sp_cObject);
    sp_define_singleton_method(cAddrinfo, "tcp", ai_s_tcp, -1);
    sp_define_singleton_method(cAddrinfo, "ip", ai_s_ip, -1);
    sp_define_singleton_method(sp_cSocket, "sockaddr_in", sock_s_sockaddr_in, -1);
    sp_define_singleton_method(sp_cSocket, "pack_sockaddr_in", sock_s_sockaddr_in, -1);
    sp_define_singleton_method(cAddrinfo, "udp", ai_s_udp, -1);
    sp_define_singleton_method(cAddrinfo, "unix", ai_s_unix, -1);
    sp_define_singleton_method(cAddrinfo, "getaddrinfo", ai_s_getaddrinfo, -1);
    sp_define_method(cAddrinfo, "ip_address", ai_ip_address, 0);
    sp_define_method(cAddrinfo, "ip_port", ai_ip_port, 0);
    sp_define_method(cAddrinfo, "ip_unpack", ai_ip_unpack, 0);
    sp_define_method(cAddrinfo, "ip?", ai_ip_p, 0);
    sp_define_method(cAddrinfo, "ipv4?", ai_ipv4_p, 0);
    sp_define_method(cAddrinfo, "ipv6?", ai_ipv6_p, 0);
    sp_define_method(cAddrinfo, "unix?", ai_unix_p, 0);
    sp_define_method(cAddrinfo, "unix_path", ai_unix_path, 0);
    sp_define_method(cAddrinfo, "afamily", ai_afamily, 0);
    sp_define_method(cAddrinfo, "pfamily", ai_pfamily, 0);
    sp_define_method(cAddrinfo, "canonname", ai_canonname, 0);
    sp_define_method(cAddrinfo, "socktype", ai_socktype, 0);
    sp_define_method(cAddrinfo, "protocol", ai_protocol, 0);
    sp_define_method(cAddrinfo, "to_sockaddr", ai_to_sockaddr, 0);
    sp_define_method(cAddrinfo, "to_s", ai_to_sockaddr, 0);
    sp_define_method(cAddrinfo, "inspect_sockaddr", ai_inspect_sockaddr, 0);
    sp_define_method(cAddrinfo, "inspect", ai_inspect, 0);
    sp_define_private_method(cAddrinfo, "initialize", ai_initialize, -1);
    sp_define_method(cAddrinfo, "marshal_dump", ai_marshal_dump, 0);
    sp_define_method(cAddrinfo, "marshal_load", ai_marshal_load, 1);
    sp_define_method(cAddrinfo, "family_addrinfo", ai_family_addrinfo, -1);
    sp_define_method(cAddrinfo, "getnameinfo", ai_getnameinfo, -1);
    sp_define_method(cAddrinfo, "ipv6_loopback?", ai_ipv6_loopback_p, 0);
    sp_define_method(cAddrinfo, "ipv6_unspecified?", ai_ipv6_unspecified_p, 0);
    sp_define_method(cAddrinfo, "ipv6_multicast?", ai_ipv6_multicast_p, 0);
    sp_define_method(cAddrinfo, "ipv6_linklocal?", ai_ipv6_linklocal_p, 0);
    sp_define_method(cAddrinfo, "ipv6_sitelocal?", ai_ipv6_sitelocal_p, 0);
    sp_define_method(cAddrinfo, "ipv6_unique_local?", ai_ipv6_unique_local_p, 0);
    sp_define_method(cAddrinfo, "ipv6_v4mapped?", ai_ipv6_v4mapped_p, 0);
    sp_define_method(cAddrinfo, "ipv6_v4compat?", ai_ipv6_v4compat_p, 0);
    sp_define_method(cAddrinfo, "ipv6_mc_nodelocal?", ai_ipv6_mc_nodelocal_p, 0);
    sp_define_method(cAddrinfo, "ipv6_mc_linklocal?", ai_ipv6_mc_linklocal_p, 0);
    sp_define_method(cAddrinfo, "ipv6_mc_sitelocal?", ai_ipv6_mc_sitelocal_p, 0);
    sp_define_method(cAddrinfo, "ipv6_mc_orglocal?", ai_ipv6_mc_orglocal_p, 0);
    sp_define_method(cAddrinfo, "ipv6_mc_global?", ai_ipv6_mc_global_p, 0);
    sp_define_method(cAddrinfo, "ipv4_loopback?", ai_ipv4_loopback_p, 0);
    sp_define_method(cAddrinfo, "ipv4_multicast?", ai_ipv4_multicast_p, 0);
    sp_define_method(cAddrinfo, "ipv4_private?", ai_ipv4_private_p, 0);
    sp_define_method(cAddrinfo, "ipv6_to_ipv4", ai_ipv6_to_ipv4, 0);
    sp_define_singleton_method(sp_cSocket, "getnameinfo", sock_s_getnameinfo, -1);
    sp_define_singleton_method(sp_cSocket, "unpack_sockaddr_in", sock_s_unpack_sockaddr_in, 1);
    sp_define_singleton_method(sp_cSocket, "unpack_sockaddr_un", sock_s_unpack_sockaddr_un, 1);
    sp_define_singleton_method(sp_cSocket, "sockaddr_un", sock_s_sockaddr_un, 1);
    sp_define_singleton_method(sp_cSocket, "pack_sockaddr_un", sock_s_sockaddr_un, 1);

    cOption = sp_define_class_under(sp_cSocket, "Option", sp_cObject);
    sp_define_singleton_method(cOption, "new", opt_s_new, -1);
    sp_define_singleton_method(cOption, "int", opt_s_int, -1);
    sp_define_singleton_method(cOption, "bool", opt_s_bool, -1);
    sp_define_method(cOption, "level", opt_level, 0);
    sp_define_method(cOption, "optname", opt_optname, 0);
    sp_define_method(cOption, "family", opt_family, 0);
    sp_define_method(cOption, "data", opt_data, 0);
    sp_define_method(cOption, "to_s", opt_data, 0);
    sp_define_method(cOption, "int", opt_int, 0);
    sp_define_method(cOption, "bool", opt_bool, 0);
    sp_define_singleton_method(cOption, "linger", opt_s_linger, 2);
    sp_define_method(cOption, "linger", opt_linger, 0);
    sp_define_method(cOption, "inspect", opt_inspect, 0);
}

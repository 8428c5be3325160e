#define _GNU_SOURCE
/*
 * sp_socket_addr.c — the data side of require 'socket': Socket constants
 * (also in Socket::Constants), Addrinfo and Socket::Option.
 *
 * Representation: an Addrinfo is a plain object of class Addrinfo with
 * hidden instance variables: __sa (the sockaddr bytes, a String),
 * __type, __proto (socket type and protocol) and __host (the name it was
 * resolved from, nil for numeric hosts; shown in inspect as CRuby does).
 * A Socket::Option holds __family, __level, __optname and __data (bytes).
 */
#include "sp_socket.h"
#include "sp_string.h"
#include "sp_array.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/un.h>

static sp_value cAddrinfo, cOption;
static sp_id i_sa, i_type, i_proto, i_host, i_family, i_level, i_optname, i_data;

/* ------------------------------------------------------------------ */
/* Constants                                                           */

typedef struct kconst { const char *name; long value; } kconst;
#define K(x) { #x, x }
static const kconst consts[] = {
    K(AF_INET), K(AF_INET6), K(AF_UNIX), K(AF_UNSPEC), K(AF_LOCAL),
    K(PF_INET), K(PF_INET6), K(PF_UNIX), K(PF_UNSPEC), K(PF_LOCAL),
    K(SOCK_STREAM), K(SOCK_DGRAM), K(SOCK_RAW), K(SOCK_SEQPACKET),
    K(IPPROTO_IP), K(IPPROTO_TCP), K(IPPROTO_UDP), K(IPPROTO_IPV6), K(IPPROTO_ICMP),
    K(SOL_SOCKET), K(SO_REUSEADDR), K(SO_REUSEPORT), K(SO_KEEPALIVE), K(SO_BROADCAST),
    K(SO_RCVBUF), K(SO_SNDBUF), K(SO_ERROR), K(SO_TYPE), K(SO_LINGER),
    K(SO_RCVTIMEO), K(SO_SNDTIMEO), K(SO_OOBINLINE), K(SO_RCVLOWAT), K(SO_SNDLOWAT),
    K(TCP_NODELAY), K(TCP_KEEPIDLE), K(TCP_KEEPINTVL), K(TCP_KEEPCNT), K(TCP_CORK),
    K(IP_TTL), K(IP_MULTICAST_TTL), K(IP_MULTICAST_LOOP), K(IPV6_V6ONLY),
    K(SHUT_RD), K(SHUT_WR), K(SHUT_RDWR),
    K(MSG_PEEK), K(MSG_OOB), K(MSG_DONTWAIT), K(MSG_WAITALL), K(MSG_NOSIGNAL), K(MSG_TRUNC),
    K(AI_PASSIVE), K(AI_CANONNAME), K(AI_NUMERICHOST), K(AI_NUMERICSERV), K(AI_ADDRCONFIG),
    K(NI_NUMERICHOST), K(NI_NUMERICSERV), K(NI_NAMEREQD), K(NI_MAXHOST), K(NI_MAXSERV),
    K(EAI_NONAME), K(EAI_AGAIN), K(EAI_FAIL), K(EAI_FAMILY), K(EAI_SERVICE),
    K(INADDR_ANY), K(INADDR_LOOPBACK), K(INADDR_BROADCAST), K(SOMAXCONN),
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

static const char *name_of(sp_value v)
{
    if (SP_SYMBOL_P(v)) return sp_id_name(SP_SYM2ID(v));
    return sp_str_cstr(sp_str_to_str(v));
}

int sp_sock_family(sp_value v)
{
    if (v == SP_NIL) return AF_UNSPEC;
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    const char *s = name_of(v);
    if (!strncmp(s, "AF_", 3) || !strncmp(s, "PF_", 3)) s += 3;
    if (!strcmp(s, "INET")) return AF_INET;
    if (!strcmp(s, "INET6")) return AF_INET6;
    if (!strcmp(s, "UNIX") || !strcmp(s, "LOCAL")) return AF_UNIX;
    if (!strcmp(s, "UNSPEC")) return AF_UNSPEC;
    sp_raise(sp_eSocketError, "unknown socket domain: %s", name_of(v));
}

int sp_sockopt_level(sp_value v)
{
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    const char *s = name_of(v);
    if (!strcmp(s, "SOCKET") || !strcmp(s, "SOL_SOCKET")) return SOL_SOCKET;
    if (!strncmp(s, "IPPROTO_", 8)) s += 8;
    if (!strcmp(s, "IP")) return IPPROTO_IP;
    if (!strcmp(s, "TCP")) return IPPROTO_TCP;
    if (!strcmp(s, "UDP")) return IPPROTO_UDP;
    if (!strcmp(s, "IPV6")) return IPPROTO_IPV6;
    sp_raise(sp_eSocketError, "unknown protocol level: %s", name_of(v));
}

int sp_sockopt_name(int level, sp_value v)
{
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    const char *s = name_of(v);
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
static sp_value ai_resolve(sp_value host, sp_value port, int family, int type, int proto, int first_only)
{
    char pbuf[64];
    if (port == SP_NIL) snprintf(pbuf, sizeof pbuf, "0");
    else if (SP_FIXNUM_P(port)) snprintf(pbuf, sizeof pbuf, "%ld", SP_FIX2LONG(port));
    else snprintf(pbuf, sizeof pbuf, "%s", sp_str_cstr(sp_str_to_str(port)));
    const char *h = host == SP_NIL ? NULL : sp_str_cstr(sp_str_to_str(host));
    if (h && !*h) h = NULL;
    struct addrinfo *res = sp_sock_resolve(h, pbuf, family, type, 0);
    sp_value out = sp_ary_new();
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        if (proto && ai->ai_protocol != proto) continue;
        sp_value a = sp_addrinfo_new(ai->ai_addr, ai->ai_addrlen, ai->ai_socktype, ai->ai_protocol);
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
    int type = SOCK_STREAM;
    if (argc > 1) {
        const char *t = name_of(argv[1]);
        if (!strncmp(t, "SOCK_", 5)) t += 5;
        type = !strcmp(t, "DGRAM") ? SOCK_DGRAM : SOCK_STREAM;
    }
    return sp_addrinfo_new((struct sockaddr *)&un, (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n + 1), type, 0);
}
/* Addrinfo.getaddrinfo(node, service, family = nil, socktype = nil, protocol = nil) */
SP_METHOD(ai_s_getaddrinfo)
{
    if (argc < 2 || argc > 6) sp_raise_arity(argc, 2, 6);
    int fam = argc > 2 ? sp_sock_family(argv[2]) : AF_UNSPEC;
    int type = 0;
    if (argc > 3 && argv[3] != SP_NIL) {
        if (SP_FIXNUM_P(argv[3])) type = (int)SP_FIX2LONG(argv[3]);
        else {
            const char *t = name_of(argv[3]);
            if (!strncmp(t, "SOCK_", 5)) t += 5;
            type = !strcmp(t, "DGRAM") ? SOCK_DGRAM : !strcmp(t, "STREAM") ? SOCK_STREAM : 0;
        }
    }
    int proto = argc > 4 && argv[4] != SP_NIL ? (int)sp_num_to_long(argv[4]) : 0;
    return ai_resolve(argv[0], argv[1], fam, type, proto, 0);
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

/* "127.0.0.1:80", "[::1]:80", "/tmp/sock" */
SP_METHOD(ai_inspect_sockaddr)
{
    int f = ai_family(self);
    if (f == AF_UNIX) return ai_unix_path(self, 0, NULL, SP_NIL);
    char h[NI_MAXHOST]; int p;
    ai_numeric(self, h, sizeof h, &p);
    if (f == AF_INET6) return p ? sp_str_format("[%s]:%d", h, p) : sp_str_new_cstr(h);
    return p ? sp_str_format("%s:%d", h, p) : sp_str_new_cstr(h);
}

/* #<Addrinfo: 127.0.0.1:80 TCP (localhost)> */
SP_METHOD(ai_inspect)
{
    sp_value s = sp_str_new_cstr("#<Addrinfo: ");
    sp_str_buf_cat_value(s, ai_inspect_sockaddr(self, 0, NULL, SP_NIL));
    int f = ai_family(self);
    int type = (int)SP_FIX2LONG(sp_ivar_get(self, i_type));
    int proto = (int)SP_FIX2LONG(sp_ivar_get(self, i_proto));
    const char *t = NULL;
    if ((f == AF_INET || f == AF_INET6) && type == SOCK_STREAM && (proto == 0 || proto == IPPROTO_TCP)) t = "TCP";
    else if ((f == AF_INET || f == AF_INET6) && type == SOCK_DGRAM && (proto == 0 || proto == IPPROTO_UDP)) t = "UDP";
    else if (type == SOCK_STREAM) t = "SOCK_STREAM";
    else if (type == SOCK_DGRAM) t = "SOCK_DGRAM";
    if (t) { sp_str_cat(s, " ", 1); sp_str_cat(s, t, strlen(t)); }
    sp_value host = sp_ivar_get(self, i_host);
    if (host != SP_NIL) {
        sp_str_cat(s, " (", 2);
        sp_str_buf_cat_value(s, host);
        sp_str_cat(s, ")", 1);
    }
    sp_str_cat(s, ">", 1);
    return s;
}

void sp_init_addrinfo(void)
{
    i_sa = sp_intern("__sa"); i_type = sp_intern("__type"); i_proto = sp_intern("__proto");
    i_host = sp_intern("__host"); i_family = sp_intern("__family"); i_level = sp_intern("__level");
    i_optname = sp_intern("__optname"); i_data = sp_intern("__data");

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
    sp_define_method(cAddrinfo, "pfamily", ai_afamily, 0);
    sp_define_method(cAddrinfo, "socktype", ai_socktype, 0);
    sp_define_method(cAddrinfo, "protocol", ai_protocol, 0);
    sp_define_method(cAddrinfo, "to_sockaddr", ai_to_sockaddr, 0);
    sp_define_method(cAddrinfo, "to_s", ai_to_sockaddr, 0);
    sp_define_method(cAddrinfo, "inspect_sockaddr", ai_inspect_sockaddr, 0);
    sp_define_method(cAddrinfo, "inspect", ai_inspect, 0);

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
    sp_define_method(cOption, "inspect", opt_inspect, 0);
}

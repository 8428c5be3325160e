#define _GNU_SOURCE
/*
 * sp_socket_name.c — require 'socket': the name-service lookups
 * Socket.gethostbyname/gethostbyaddr, TCPSocket.gethostbyname,
 * IPSocket.getaddress, Socket.getservbyname/getservbyport and the
 * interface list (Socket.ip_address_list, Socket.getifaddrs with
 * Socket::Ifaddr).
 *
 * Every resolver call (getaddrinfo(3), getnameinfo(3), getservby*_r(3))
 * can block on the network or on files: it runs in a blocking region, so
 * sysmon hands the worker's queue on if it lasts (doc/io.md).
 * Socket::Ifaddr is a plain object with hidden ivars __name, __index,
 * __flags, __addr, __netmask, __broadaddr, __dstaddr (Addrinfo or nil).
 */
#include "sp_socket.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_sched.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/un.h>

static sp_value cIfaddr;
static sp_id i_name, i_index, i_flags, i_addr, i_netmask, i_broad, i_dst;

/* "" and "<any>" are the wildcard, "<broadcast>" the broadcast address */
static const char *special_host(sp_value h)
{
    const char *s = sp_str_cstr(sp_str_to_str(h));
    if (!*s || !strcmp(s, "<any>")) return "0.0.0.0";
    if (!strcmp(s, "<broadcast>")) return "255.255.255.255";
    return s;
}

static size_t in_addr_len(int family)
{
    return family == AF_INET6 ? sizeof(struct in6_addr) : sizeof(struct in_addr);
}
static const void *in_addr_of(const struct sockaddr *sa)
{
    return sa->sa_family == AF_INET6 ? (const void *)&((const struct sockaddr_in6 *)sa)->sin6_addr
                                     : (const void *)&((const struct sockaddr_in *)sa)->sin_addr;
}

/* [name, aliases, family, *addresses] of host's addresses of the first
 * address's family; addresses packed (numeric: their text, for
 * TCPSocket.gethostbyname). */
static sp_value hostent(sp_value host, int numeric)
{
    const char *h = special_host(host);
    struct addrinfo *res = sp_sock_resolve(h, NULL, AF_UNSPEC, SOCK_STREAM, AI_CANONNAME);
    int family = res->ai_family;
    sp_value out = sp_ary_new();
    sp_ary_push(out, sp_str_new_cstr(res->ai_canonname ? res->ai_canonname : h));
    sp_ary_push(out, sp_ary_new());
    sp_ary_push(out, SP_FIX(family));
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        if (ai->ai_family != family) continue;
        if (numeric) {
            char buf[INET6_ADDRSTRLEN];
            inet_ntop(family, in_addr_of(ai->ai_addr), buf, sizeof buf);
            sp_ary_push(out, sp_str_new_cstr(buf));
        } else {
            sp_value s = sp_str_new((const char *)in_addr_of(ai->ai_addr), in_addr_len(family));
            sp_str_set_binary(s);
            sp_ary_push(out, s);
        }
    }
    freeaddrinfo(res);
    return out;
}

SP_METHOD(sock_s_gethostbyname) { return hostent(argv[0], 0); }
SP_METHOD(tcp_s_gethostbyname) { return hostent(argv[0], 1); }

/* IPSocket.getaddress(host): its first address as text */
SP_METHOD(ip_s_getaddress)
{
    struct addrinfo *res = sp_sock_resolve(special_host(argv[0]), NULL, AF_UNSPEC, SOCK_STREAM, 0);
    char buf[NI_MAXHOST];
    int port;
    sp_sock_numeric(res->ai_addr, res->ai_addrlen, buf, sizeof buf, &port);
    freeaddrinfo(res);
    return sp_str_new_cstr(buf);
}

/* Socket.gethostbyaddr(packed_address, family = by the address's size)
 * -> [name, aliases, family, packed_address] */
SP_METHOD(sock_s_gethostbyaddr)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value a = sp_str_to_str(argv[0]);
    size_t n = sp_str_len(a);
    int family = argc > 1 && argv[1] != SP_NIL ? sp_sock_family(argv[1]) : n == sizeof(struct in6_addr) ? AF_INET6 : AF_INET;
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    socklen_t len;
    if (family == AF_INET && n == sizeof(struct in_addr)) {
        struct sockaddr_in *in = (struct sockaddr_in *)&ss;
        in->sin_family = AF_INET;
        memcpy(&in->sin_addr, sp_str_ptr(a), n);
        len = sizeof *in;
    } else if (family == AF_INET6 && n == sizeof(struct in6_addr)) {
        struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&ss;
        in6->sin6_family = AF_INET6;
        memcpy(&in6->sin6_addr, sp_str_ptr(a), n);
        len = sizeof *in6;
    } else sp_raise(sp_eSocketError, "host not found");
    char name[NI_MAXHOST];
    sp_blocking_begin();
    int r = getnameinfo((struct sockaddr *)&ss, len, name, sizeof name, NULL, 0, NI_NAMEREQD);
    sp_blocking_end();
    if (r != 0) sp_raise(sp_eSocketError, "host not found");
    sp_value addr = sp_str_dup(a);
    sp_str_set_binary(addr);
    sp_value v[4] = { sp_str_new_cstr(name), sp_ary_new(), SP_FIX(family), addr };
    return sp_ary_new_from(4, v);
}

/* Socket.getservbyname(service, proto = "tcp") -> port */
SP_METHOD(sock_s_getservbyname)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    const char *name = sp_str_cstr(sp_str_to_str(argv[0]));
    const char *proto = argc > 1 ? sp_str_cstr(sp_str_to_str(argv[1])) : "tcp";
    struct servent se, *res = NULL;
    char buf[1024];
    sp_blocking_begin();
    getservbyname_r(name, proto, &se, buf, sizeof buf, &res);
    sp_blocking_end();
    if (res) return SP_FIX(ntohs((uint16_t)res->s_port));
    char *end;
    long port = strtol(name, &end, 10);
    if (*name && !*end) return SP_FIX(port);
    sp_raise(sp_eSocketError, "no such service %s/%s", name, proto);
}

/* Socket.getservbyport(port, proto = "tcp") -> service name */
SP_METHOD(sock_s_getservbyport)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    long port = sp_num_to_long(argv[0]);
    if (port < -32768 || port > 65535)
        sp_raise(sp_eRangeError, "integer %ld too %s to convert into 'int16_t'", port, port < 0 ? "small" : "big");
    const char *proto = argc > 1 ? sp_str_cstr(sp_str_to_str(argv[1])) : "tcp";
    struct servent se, *res = NULL;
    char buf[1024];
    sp_blocking_begin();
    getservbyport_r(htons((uint16_t)port), proto, &se, buf, sizeof buf, &res);
    sp_blocking_end();
    if (!res) sp_raise(sp_eSocketError, "no such service for port %ld/%s", port, proto);
    return sp_str_new_cstr(res->s_name);
}

/* ------------------------------------------------------------------ */
/* Interfaces                                                          */

static socklen_t sa_len(const struct sockaddr *sa)
{
    switch (sa->sa_family) {
    case AF_INET: return sizeof(struct sockaddr_in);
    case AF_INET6: return sizeof(struct sockaddr_in6);
    case AF_UNIX: return sizeof(struct sockaddr_un);
    default: return sizeof(struct sockaddr_storage);
    }
}
static sp_value ai_or_nil(const struct sockaddr *sa)
{
    return sa ? sp_addrinfo_new(sa, sa_len(sa), 0, 0) : SP_NIL;
}

static struct ifaddrs *get_ifaddrs(void)
{
    struct ifaddrs *ifa = NULL;
    sp_blocking_begin();
    int r = getifaddrs(&ifa);
    int e = errno;
    sp_blocking_end();
    if (r < 0) sp_raise_syserr(e, "getifaddrs");
    return ifa;
}

/* Socket.ip_address_list: an Addrinfo for each IPv4/IPv6 address of
 * the host's interfaces */
SP_METHOD(sock_s_ip_address_list)
{
    struct ifaddrs *ifa = get_ifaddrs();
    sp_value out = sp_ary_new();
    for (struct ifaddrs *p = ifa; p; p = p->ifa_next)
        if (p->ifa_addr && (p->ifa_addr->sa_family == AF_INET || p->ifa_addr->sa_family == AF_INET6))
            sp_ary_push(out, ai_or_nil(p->ifa_addr));
    freeifaddrs(ifa);
    return out;
}

/* Socket.getifaddrs: a Socket::Ifaddr for each interface address */
SP_METHOD(sock_s_getifaddrs)
{
    struct ifaddrs *ifa = get_ifaddrs();
    sp_value out = sp_ary_new();
    for (struct ifaddrs *p = ifa; p; p = p->ifa_next) {
        sp_value o = sp_obj_alloc(cIfaddr);
        sp_ivar_set(o, i_name, sp_str_new_cstr(p->ifa_name));
        sp_ivar_set(o, i_index, SP_FIX(if_nametoindex(p->ifa_name)));
        sp_ivar_set(o, i_flags, SP_FIX(p->ifa_flags));
        sp_ivar_set(o, i_addr, ai_or_nil(p->ifa_addr));
        sp_ivar_set(o, i_netmask, ai_or_nil(p->ifa_netmask));
        int bcast = (p->ifa_flags & IFF_BROADCAST) != 0, ptp = (p->ifa_flags & IFF_POINTOPOINT) != 0;
        sp_ivar_set(o, i_broad, bcast ? ai_or_nil(p->ifa_broadaddr) : SP_NIL);
        sp_ivar_set(o, i_dst, ptp ? ai_or_nil(p->ifa_dstaddr) : SP_NIL);
        sp_ary_push(out, o);
    }
    freeifaddrs(ifa);
    return out;
}

SP_METHOD(ifaddr_name) { return sp_ivar_get(self, i_name); }
SP_METHOD(ifaddr_ifindex) { return sp_ivar_get(self, i_index); }
SP_METHOD(ifaddr_flags) { return sp_ivar_get(self, i_flags); }
SP_METHOD(ifaddr_addr) { return sp_ivar_get(self, i_addr); }
SP_METHOD(ifaddr_netmask) { return sp_ivar_get(self, i_netmask); }
SP_METHOD(ifaddr_broadaddr) { return sp_ivar_get(self, i_broad); }
SP_METHOD(ifaddr_dstaddr) { return sp_ivar_get(self, i_dst); }

void sp_init_socket_name(sp_value cTCPSocket, sp_value cIPSocket)
{
    i_name = sp_intern("__name"); i_index = sp_intern("__index"); i_flags = sp_intern("__flags");
    i_addr = sp_intern("__addr"); i_netmask = sp_intern("__netmask"); i_broad = sp_intern("__broadaddr");
    i_dst = sp_intern("__dstaddr");
    sp_value S = sp_cSocket;
    sp_define_singleton_method(S, "gethostbyname", sock_s_gethostbyname, 1);
    sp_define_singleton_method(S, "gethostbyaddr", sock_s_gethostbyaddr, -1);
    sp_define_singleton_method(S, "getservbyname", sock_s_getservbyname, -1);
    sp_define_singleton_method(S, "getservbyport", sock_s_getservbyport, -1);
    sp_define_singleton_method(S, "ip_address_list", sock_s_ip_address_list, 0);
    sp_define_singleton_method(S, "getifaddrs", sock_s_getifaddrs, 0);
    sp_define_singleton_method(cTCPSocket, "gethostbyname", tcp_s_gethostbyname, 1);
    sp_define_singleton_method(cIPSocket, "getaddress", ip_s_getaddress, 1);

    cIfaddr = sp_define_class_under(S, "Ifaddr", sp_cObject);
    sp_undef_method(sp_singleton_class(cIfaddr), "new");
    sp_define_method(cIfaddr, "name", ifaddr_name, 0);
    sp_define_method(cIfaddr, "ifindex", ifaddr_ifindex, 0);
    sp_define_method(cIfaddr, "flags", ifaddr_flags, 0);
    sp_define_method(cIfaddr, "addr", ifaddr_addr, 0);
    sp_define_method(cIfaddr, "netmask", ifaddr_netmask, 0);
    sp_define_method(cIfaddr, "broadaddr", ifaddr_broadaddr, 0);
    sp_define_method(cIfaddr, "dstaddr", ifaddr_dstaddr, 0);
}

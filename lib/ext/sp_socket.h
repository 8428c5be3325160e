/*
 * sp_socket.h — shared between the socket files: sp_socket.c (socket
 * classes) and sp_socket_addr.c (constants, Addrinfo, Socket::Option).
 */
#ifndef SPINEL_SOCKET_H
#define SPINEL_SOCKET_H

#include "spinel.h"
#include <netdb.h>
#include <sys/socket.h>

extern sp_value sp_cBasicSocket, sp_cSocket, sp_eSocketError;

/* sp_socket.c */
sp_value sp_sock_wrap(sp_value klass, int fd);
struct addrinfo *sp_sock_resolve(const char *host, const char *port, int family, int type, int flags);
void sp_sock_numeric(const struct sockaddr *sa, socklen_t len, char *host, size_t hn, int *port);
sp_value sp_sock_addr_ary(const struct sockaddr *sa, socklen_t len);
sp_value sp_sock_addr_ary_rev(const struct sockaddr *sa, socklen_t len, int reverse);
int sp_sock_reverse_arg(sp_value sock, int argc, const sp_value *argv, int i);
/* s given to blk and closed however the block is left (X.open's block, as
 * CRuby's rb_ensure); s itself without a block. */
sp_value sp_sock_open_block(sp_value s, sp_value blk);

/* sp_socket_msg.c: sendmsg/recvmsg, Socket::AncillaryData */
void sp_init_socket_msg(void);
/* sp_socket_name.c: gethostbyname, getservbyname, getifaddrs ... */
void sp_init_socket_name(sp_value tcp_socket_class, sp_value ip_socket_class);

/* sp_socket_addr.c */
void sp_init_socket_consts(sp_value socket_class);
void sp_init_addrinfo(void);
/* A Symbol's name or a String's text (else to_str's) */
const char *sp_sock_name_of(sp_value v);
/* :INET, "AF_INET6", Socket::AF_UNIX ... -> AF_* */
int sp_sock_family(sp_value v);
/* :STREAM, "SOCK_DGRAM", Socket::SOCK_RAW ... -> SOCK_*; nil -> 0 */
int sp_sock_type(sp_value v);
/* setsockopt/getsockopt arguments: level, option name, value bytes */
int sp_sockopt_level(sp_value v);
int sp_sockopt_name(int level, sp_value v);
sp_value sp_sockopt_pack(sp_value v);
sp_value sp_sockopt_new(int family, int level, int optname, sp_value data);
/* An Addrinfo of a sockaddr; host (or NULL) the name it was resolved from. */
sp_value sp_addrinfo_new(const struct sockaddr *sa, socklen_t len, int socktype, int protocol);
sp_value sp_sock_connect_address(const struct sockaddr *sa, socklen_t len, int type);  /* BasicSocket#connect_address */
/* Addrinfo or packed sockaddr String -> the sockaddr bytes (String). */
sp_value sp_sock_sockaddr_of(sp_value v);

#endif

#define _GNU_SOURCE
/*
 * sp_socket_msg.c — require 'socket': BasicSocket#sendmsg, #recvmsg (and
 * their _nonblock forms) and Socket::AncillaryData, the control messages
 * they carry (SCM_RIGHTS file descriptors, integers, raw bytes).
 *
 * Representation: an AncillaryData is a plain object with hidden ivars
 * __family, __level, __type (Integers) and __data (the cmsg payload, a
 * binary String); one made by AncillaryData.unix_rights or received with
 * scm_rights: true also keeps __ios, the IO objects of its descriptors.
 *
 * Waiting: as sp_socket.c's recv/send, sendmsg(2)/recvmsg(2) run with
 * MSG_DONTWAIT and park the green thread on EAGAIN (sp_io_wait_ready),
 * never the worker; the _nonblock forms raise IO::EAGAINWait* instead.
 */
#include "sp_io.h"
#include "sp_io_int.h"
#include "sp_socket.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_hash.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static sp_value cAnc;
static sp_id i_family, i_level, i_type, i_data, i_ios;

/* The cmsg type of level: an Integer, or a name looked up among the
 * level's constants (SCM_ for SOL_SOCKET, IP_, IPV6_, TCP_, UDP_);
 * other levels take Integers only, as CRuby. */
static int cmsg_type_arg(int family, int level, sp_value v)
{
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    const char *prefix = level == SOL_SOCKET ? "SCM_" : level == IPPROTO_IP ? "IP_" :
                         level == IPPROTO_IPV6 ? "IPV6_" : level == IPPROTO_TCP ? "TCP_" :
                         level == IPPROTO_UDP ? "UDP_" : NULL;
    if (!prefix) return (int)sp_num_to_long(v);
    const char *s = sp_sock_name_of(v);
    char buf[96];
    snprintf(buf, sizeof buf, "%s%s", strncmp(s, prefix, strlen(prefix)) ? prefix : "", s);
    sp_value k = sp_const_get(sp_cSocket, sp_intern("Constants"));
    if (sp_funcall1(k, "const_defined?", sp_str_new_cstr(buf)) == SP_TRUE)
        return (int)sp_num_to_long(sp_funcall1(k, "const_get", sp_str_new_cstr(buf)));
    const char *what = level == SOL_SOCKET ? (family == AF_UNIX || family == AF_INET || family == AF_INET6 ? "UNIX" : "socket") :
                       level == IPPROTO_IP ? "IP" : level == IPPROTO_IPV6 ? "IPv6" : level == IPPROTO_TCP ? "TCP" : "UDP";
    sp_raise(sp_eSocketError, "unknown %s control message: %s", what, s);
}

static sp_value anc_new(int family, int level, int type, sp_value data)
{
    sp_value a = sp_obj_alloc(cAnc);
    sp_ivar_set(a, i_family, SP_FIX(family));
    sp_ivar_set(a, i_level, SP_FIX(level));
    sp_ivar_set(a, i_type, SP_FIX(type));
    sp_str_set_binary(data);
    sp_ivar_set(a, i_data, data);
    return a;
}

/* The cmsg level: an Integer or a name; a UNIX socket's names are only
 * SOCKET/SOL_SOCKET, as CRuby's (the IP levels are the internet families') */
static int level_arg(int family, sp_value v)
{
    if (family == AF_UNIX && !SP_FIXNUM_P(v)) {
        const char *s = sp_sock_name_of(v);
        if (strcmp(s, "SOCKET") && strcmp(s, "SOL_SOCKET")) sp_raise(sp_eSocketError, "unknown protocol level: %s", s);
    }
    return sp_sockopt_level(v);
}

/* Socket::AncillaryData.new(family, level, type, data) */
SP_METHOD(anc_initialize)
{
    if (argc != 4) sp_raise_arity(argc, 4, 4);
    int family = sp_sock_family(argv[0]);
    int level = level_arg(family, argv[1]);
    int type = cmsg_type_arg(family, level, argv[2]);
    sp_ivar_set(self, i_family, SP_FIX(family));
    sp_ivar_set(self, i_level, SP_FIX(level));
    sp_ivar_set(self, i_type, SP_FIX(type));
    sp_value d = sp_str_dup(sp_str_to_str(argv[3]));
    sp_str_set_binary(d);
    sp_ivar_set(self, i_data, d);
    return SP_NIL;
}

SP_METHOD(anc_family) { return sp_ivar_get(self, i_family); }
SP_METHOD(anc_level) { return sp_ivar_get(self, i_level); }
SP_METHOD(anc_type) { return sp_ivar_get(self, i_type); }
SP_METHOD(anc_data) { return sp_ivar_get(self, i_data); }

/* #cmsg_is?(level, type) */
SP_METHOD(anc_cmsg_is)
{
    int family = (int)SP_FIX2LONG(sp_ivar_get(self, i_family));
    int level = sp_sockopt_level(argv[0]);
    int type = cmsg_type_arg(family, level, argv[1]);
    return SP_BOOL(level == SP_FIX2LONG(sp_ivar_get(self, i_level)) && type == SP_FIX2LONG(sp_ivar_get(self, i_type)));
}

/* AncillaryData.int(family, level, type, integer) / #int */
SP_METHOD(anc_s_int)
{
    if (argc != 4) sp_raise_arity(argc, 4, 4);
    int family = sp_sock_family(argv[0]);
    int level = sp_sockopt_level(argv[1]);
    int i = (int)sp_num_to_long(argv[3]);
    return anc_new(family, level, cmsg_type_arg(family, level, argv[2]), sp_str_new((const char *)&i, sizeof i));
}
SP_METHOD(anc_int)
{
    sp_value d = sp_ivar_get(self, i_data);
    int i;
    if (sp_str_len(d) != sizeof i)
        sp_raise(sp_eTypeError, "size differ.  expected as sizeof(int)=%zu but %zu", sizeof i, sp_str_len(d));
    memcpy(&i, sp_str_ptr(d), sizeof i);
    return SP_FIX(i);
}

/* AncillaryData.unix_rights(*ios): SCM_RIGHTS of their descriptors */
SP_METHOD(anc_s_unix_rights)
{
    sp_value d = sp_str_new("", 0);
    sp_value ios = sp_ary_new();
    for (int i = 0; i < argc; i++) {
        sp_value io = sp_try_convert(argv[i], sp_cIO, "to_io");
        if (io == SP_NIL) sp_raise(sp_eTypeError, "IO expected");
        int fd = SP_IO(io)->fd;
        sp_str_cat(d, (const char *)&fd, sizeof fd);
        sp_ary_push(ios, io);
    }
    sp_value a = anc_new(AF_UNIX, SOL_SOCKET, SCM_RIGHTS, d);
    sp_ivar_set(a, i_ios, ios);
    return a;
}

/* #unix_rights: the IOs (nil for data not made from or received as IOs) */
SP_METHOD(anc_unix_rights)
{
    if (SP_FIX2LONG(sp_ivar_get(self, i_level)) != SOL_SOCKET || SP_FIX2LONG(sp_ivar_get(self, i_type)) != SCM_RIGHTS)
        sp_raise(sp_eTypeError, "SCM_RIGHTS ancillary data expected");
    return sp_ivar_get(self, i_ios);
}

/* AncillaryData.ip_pktinfo(addr, ifindex, spec_dst = addr) / #ip_pktinfo
 * -> [addr, ifindex, spec_dst] (struct in_pktinfo; addresses without ports) */
static sp_value ip_addrinfo(int family, const void *addr)
{
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    socklen_t len;
    if (family == AF_INET) {
        struct sockaddr_in *in = (struct sockaddr_in *)&ss;
        in->sin_family = AF_INET;
        memcpy(&in->sin_addr, addr, sizeof in->sin_addr);
        len = sizeof *in;
    } else {
        struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&ss;
        in6->sin6_family = AF_INET6;
        memcpy(&in6->sin6_addr, addr, sizeof in6->sin6_addr);
        len = sizeof *in6;
    }
    return sp_addrinfo_new((struct sockaddr *)&ss, len, 0, 0);
}
/* The address bytes of an IPv4/IPv6 Addrinfo or packed sockaddr */
static void ip_addr_arg(sp_value v, int family, void *out)
{
    sp_value sa = sp_sock_sockaddr_of(v);
    const struct sockaddr *p = (const struct sockaddr *)sp_str_ptr(sa);
    if (sp_str_len(sa) < sizeof(sa_family_t) || p->sa_family != family)
        sp_raise(sp_eArgError, family == AF_INET ? "addr should be AF_INET address" : "addr should be AF_INET6 address");
    if (family == AF_INET) memcpy(out, &((const struct sockaddr_in *)p)->sin_addr, sizeof(struct in_addr));
    else memcpy(out, &((const struct sockaddr_in6 *)p)->sin6_addr, sizeof(struct in6_addr));
}
SP_METHOD(anc_s_ip_pktinfo)
{
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    struct in_pktinfo pi;
    memset(&pi, 0, sizeof pi);
    ip_addr_arg(argv[0], AF_INET, &pi.ipi_addr);
    pi.ipi_ifindex = (int)sp_num_to_long(argv[1]);
    ip_addr_arg(argc > 2 ? argv[2] : argv[0], AF_INET, &pi.ipi_spec_dst);
    return anc_new(AF_INET, IPPROTO_IP, IP_PKTINFO, sp_str_new((const char *)&pi, sizeof pi));
}
SP_METHOD(anc_ip_pktinfo)
{
    sp_value d = sp_ivar_get(self, i_data);
    if (SP_FIX2LONG(sp_ivar_get(self, i_level)) != IPPROTO_IP || SP_FIX2LONG(sp_ivar_get(self, i_type)) != IP_PKTINFO ||
        sp_str_len(d) != sizeof(struct in_pktinfo))
        sp_raise(sp_eTypeError, "IP_PKTINFO is not expected");
    struct in_pktinfo pi;
    memcpy(&pi, sp_str_ptr(d), sizeof pi);
    sp_value a[3] = { ip_addrinfo(AF_INET, &pi.ipi_addr), SP_FIX(pi.ipi_ifindex), ip_addrinfo(AF_INET, &pi.ipi_spec_dst) };
    return sp_ary_new_from(3, a);
}

/* AncillaryData.ipv6_pktinfo(addr, ifindex) / #ipv6_pktinfo -> [addr, ifindex]
 * (struct in6_pktinfo), #ipv6_pktinfo_addr, #ipv6_pktinfo_ifindex */
SP_METHOD(anc_s_ipv6_pktinfo)
{
    struct in6_pktinfo pi;
    memset(&pi, 0, sizeof pi);
    ip_addr_arg(argv[0], AF_INET6, &pi.ipi6_addr);
    pi.ipi6_ifindex = (unsigned)sp_num_to_long(argv[1]);
    return anc_new(AF_INET6, IPPROTO_IPV6, IPV6_PKTINFO, sp_str_new((const char *)&pi, sizeof pi));
}
static struct in6_pktinfo v6_pktinfo(sp_value self)
{
    sp_value d = sp_ivar_get(self, i_data);
    if (SP_FIX2LONG(sp_ivar_get(self, i_level)) != IPPROTO_IPV6 || SP_FIX2LONG(sp_ivar_get(self, i_type)) != IPV6_PKTINFO ||
        sp_str_len(d) != sizeof(struct in6_pktinfo))
        sp_raise(sp_eTypeError, "IPV6_PKTINFO is not expected");
    struct in6_pktinfo pi;
    memcpy(&pi, sp_str_ptr(d), sizeof pi);
    return pi;
}
SP_METHOD(anc_ipv6_pktinfo)
{
    struct in6_pktinfo pi = v6_pktinfo(self);
    return sp_ary_new2(ip_addrinfo(AF_INET6, &pi.ipi6_addr), SP_FIX(pi.ipi6_ifindex));
}
SP_METHOD(anc_ipv6_pktinfo_addr) { struct in6_pktinfo pi = v6_pktinfo(self); return ip_addrinfo(AF_INET6, &pi.ipi6_addr); }
SP_METHOD(anc_ipv6_pktinfo_ifindex) { struct in6_pktinfo pi = v6_pktinfo(self); return SP_FIX(pi.ipi6_ifindex); }

/* #<Socket::AncillaryData: UNIX SOCKET RIGHTS 4 5> */
SP_METHOD(anc_inspect)
{
    int family = (int)SP_FIX2LONG(sp_ivar_get(self, i_family));
    int level = (int)SP_FIX2LONG(sp_ivar_get(self, i_level));
    int type = (int)SP_FIX2LONG(sp_ivar_get(self, i_type));
    sp_value d = sp_ivar_get(self, i_data);
    const char *fn = family == AF_INET ? "INET" : family == AF_INET6 ? "INET6" : family == AF_UNIX ? "UNIX" : NULL;
    sp_value s = sp_str_new_cstr("#<Socket::AncillaryData: ");
    sp_str_buf_cat_value(s, fn ? sp_str_new_cstr(fn) : sp_str_format("family:%d", family));
    const char *ln = level == SOL_SOCKET ? "SOCKET" : level == IPPROTO_IP ? "IP" : level == IPPROTO_IPV6 ? "IPV6" :
                     level == IPPROTO_TCP ? "TCP" : level == IPPROTO_UDP ? "UDP" : NULL;
    sp_str_buf_cat_value(s, ln ? sp_str_format(" %s", ln) : sp_str_format(" cmsg_level:%d", level));
    if (level == SOL_SOCKET && type == SCM_RIGHTS && sp_str_len(d) % sizeof(int)) {
        sp_str_cat(s, " RIGHTS ", 8);
        sp_str_buf_cat_value(s, sp_inspect(d));
    } else if (level == SOL_SOCKET && type == SCM_RIGHTS) {
        sp_str_cat(s, " RIGHTS", 7);
        const int *fds = (const int *)sp_str_ptr(d);
        for (size_t i = 0; i < sp_str_len(d) / sizeof(int); i++) sp_str_buf_cat_value(s, sp_str_format(" %d", fds[i]));
    } else {
        sp_str_buf_cat_value(s, sp_str_format(" cmsg_type:%d ", type));
        sp_str_buf_cat_value(s, sp_inspect(d));
    }
    sp_str_cat(s, ">", 1);
    return s;
}

/* ------------------------------------------------------------------ */
/* sendmsg / recvmsg                                                   */

/* The control buffer of sendmsg's controls: AncillaryData or
 * [level, type, data] triples. */
static sp_value build_control(int n, const sp_value *ctl)
{
    sp_value buf = sp_str_new("", 0);
    for (int i = 0; i < n; i++) {
        int level, type;
        sp_value data;
        if (!SP_SPECIAL_CONST_P(ctl[i]) && sp_obj_is_kind_of(ctl[i], cAnc)) {
            level = (int)SP_FIX2LONG(sp_ivar_get(ctl[i], i_level));
            type = (int)SP_FIX2LONG(sp_ivar_get(ctl[i], i_type));
            data = sp_ivar_get(ctl[i], i_data);
        } else {
            sp_value a = sp_check_array(ctl[i]);
            if (a == SP_NIL || sp_ary_len(a) != 3) sp_raise(sp_eTypeError, "control message should be AncillaryData or [level, type, data]");
            level = sp_sockopt_level(sp_ary_entry(a, 0));
            type = cmsg_type_arg(AF_UNSPEC, level, sp_ary_entry(a, 1));
            data = sp_str_to_str(sp_ary_entry(a, 2));
        }
        size_t dl = sp_str_len(data), space = CMSG_SPACE(dl);
        char *tmp = calloc(1, space);
        struct cmsghdr *c = (struct cmsghdr *)tmp;
        c->cmsg_len = CMSG_LEN(dl);
        c->cmsg_level = level;
        c->cmsg_type = type;
        memcpy(CMSG_DATA(c), sp_str_ptr(data), dl);
        sp_str_cat(buf, tmp, space);
        free(tmp);
    }
    return buf;
}

static int kw_exception(int *argc, int argc_, const sp_value *argv, sp_value *scm_rights)
{
    int exc = 1;
    if (argc_ & SP_ARGC_KW) {
        (*argc)--;
        exc = SP_RTEST(sp_hash_lookup(argv[*argc], sp_sym("exception"), SP_TRUE));
        if (scm_rights) *scm_rights = sp_hash_lookup(argv[*argc], sp_sym("scm_rights"), SP_FALSE);
    }
    return exc;
}

/* sendmsg(mesg, flags = 0, dest_sockaddr = nil, *controls) */
static sp_value sendmsg_common(sp_value self, int argc_, const sp_value *argv, int nonblock)
{
    int argc = SP_ARGC(argc_);
    int exc = nonblock ? kw_exception(&argc, argc_, argv, NULL) : 1;
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    sp_io *io = SP_IO(self);
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
    sp_value mesg = sp_str_to_str(argv[0]);
    int flags = argc > 1 && argv[1] != SP_NIL ? (int)sp_num_to_long(argv[1]) : 0;
    sp_value dest = argc > 2 && argv[2] != SP_NIL ? sp_sock_sockaddr_of(argv[2]) : SP_NIL;
    sp_value control = argc > 3 ? build_control(argc - 3, argv + 3) : SP_NIL;
    struct iovec iov = { (void *)sp_str_ptr(mesg), sp_str_len(mesg) };
    struct msghdr mh;
    memset(&mh, 0, sizeof mh);
    mh.msg_iov = &iov;
    mh.msg_iovlen = 1;
    if (dest != SP_NIL) { mh.msg_name = (void *)sp_str_ptr(dest); mh.msg_namelen = (socklen_t)sp_str_len(dest); }
    if (control != SP_NIL && sp_str_len(control)) { mh.msg_control = (void *)sp_str_ptr(control); mh.msg_controllen = sp_str_len(control); }
    sp_io_lock(io);
    int ferr = sp_io_flush_locked(io);
    pthread_mutex_unlock(&io->lock);
    if (ferr) sp_raise_syserr(ferr, NULL);
    for (;;) {
        ssize_t w = sendmsg(io->fd, &mh, flags | MSG_DONTWAIT | MSG_NOSIGNAL);
        if (w >= 0) return SP_FIX(w);
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            if (nonblock) {
                if (!exc) return sp_sym("wait_writable");
                sp_io_raise_would_block(1, "sendmsg(2) would block");
            }
            sp_io_wait_ready(io, SP_FD_WRITE, 0);
            continue;
        }
        sp_raise_syserr(errno, "sendmsg(2)");
    }
}
SP_METHOD(bs_sendmsg) { (void)argc; return sendmsg_common(self, argc_, argv, 0); }
SP_METHOD(bs_sendmsg_nb) { (void)argc; return sendmsg_common(self, argc_, argv, 1); }

/* An IO for a received descriptor: a Socket for a socket, else an IO. */
static sp_value io_for_fd(int fd)
{
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode)) return sp_sock_wrap(sp_cSocket, fd);
    return (sp_value)sp_io_alloc_collectable(sp_cIO, fd, 3);
}

/* recvmsg(maxmesglen = nil, flags = 0, maxcontrollen = nil, scm_rights: false)
 * -> [mesg, sender Addrinfo, rflags, *controls]; nil at end of a stream */
static sp_value recvmsg_common(sp_value self, int argc_, const sp_value *argv, int nonblock)
{
    int argc = SP_ARGC(argc_);
    sp_value scm = SP_FALSE;
    int exc = kw_exception(&argc, argc_, argv, &scm);
    if (argc > 3) sp_raise_arity(argc, 0, 3);
    sp_io *io = SP_IO(self);
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
    size_t maxlen = argc > 0 && argv[0] != SP_NIL ? (size_t)sp_num_to_long(argv[0]) : 4096;
    int flags = argc > 1 && argv[1] != SP_NIL ? (int)sp_num_to_long(argv[1]) : 0;
    size_t maxctl = argc > 2 && argv[2] != SP_NIL ? (size_t)sp_num_to_long(argv[2]) : 4096;
    char *buf = malloc(maxlen ? maxlen : 1);
    char *cbuf = calloc(1, maxctl ? maxctl : 1);
    struct sockaddr_storage from;
    struct iovec iov = { buf, maxlen };
    struct msghdr mh;
    ssize_t r;
    for (;;) {
        memset(&mh, 0, sizeof mh);
        mh.msg_name = &from;
        mh.msg_namelen = sizeof from;
        mh.msg_iov = &iov;
        mh.msg_iovlen = 1;
        mh.msg_control = cbuf;
        mh.msg_controllen = maxctl;
        r = recvmsg(io->fd, &mh, flags | MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
        if (r >= 0) break;
        int e = errno;
        if (e == EINTR) continue;
        if (e == EAGAIN || e == EWOULDBLOCK) {
            if (!nonblock) { sp_io_wait_ready(io, SP_FD_READ, 0); continue; }
            free(buf); free(cbuf);
            if (!exc) return sp_sym("wait_readable");
            sp_io_raise_would_block(0, "recvmsg(2) would block");
        }
        free(buf); free(cbuf);
        sp_raise_syserr(e, "recvmsg(2)");
    }
    if (r == 0 && io->stream && maxlen > 0 && !nonblock) { free(buf); free(cbuf); return SP_NIL; }
    int type = 0;
    socklen_t tl = sizeof type;
    getsockopt(io->fd, SOL_SOCKET, SO_TYPE, &type, &tl);
    sp_value out = sp_ary_new();
    sp_ary_push(out, sp_str_new(buf, (size_t)r));
    sp_ary_push(out, sp_addrinfo_new((struct sockaddr *)&from, mh.msg_namelen, type, 0));
    sp_ary_push(out, SP_FIX(mh.msg_flags));
    struct sockaddr_storage me;
    socklen_t ml = sizeof me;
    int family = getsockname(io->fd, (struct sockaddr *)&me, &ml) == 0 ? me.ss_family : AF_UNSPEC;
    for (struct cmsghdr *c = mh.msg_controllen ? CMSG_FIRSTHDR(&mh) : NULL; c; c = CMSG_NXTHDR(&mh, c)) {
        size_t dl = c->cmsg_len - CMSG_LEN(0);
        sp_value a = anc_new(family, c->cmsg_level, c->cmsg_type, sp_str_new((const char *)CMSG_DATA(c), dl));
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
            const int *fds = (const int *)CMSG_DATA(c);
            size_t nfd = dl / sizeof(int);
            if (SP_RTEST(scm)) {
                sp_value ios = sp_ary_new();
                for (size_t i = 0; i < nfd; i++) sp_ary_push(ios, io_for_fd(fds[i]));
                sp_ivar_set(a, i_ios, ios);
            } else {
                for (size_t i = 0; i < nfd; i++) close(fds[i]);   /* CRuby discards them */
            }
        }
        sp_ary_push(out, a);
    }
    free(buf); free(cbuf);
    return out;
}
SP_METHOD(bs_recvmsg) { (void)argc; return recvmsg_common(self, argc_, argv, 0); }
SP_METHOD(bs_recvmsg_nb) { (void)argc; return recvmsg_common(self, argc_, argv, 1); }

/* UNIXSocket#send_io(io or fd): one byte carrying the descriptor */
SP_METHOD(unix_send_io)
{
    int fd;
    if (SP_FIXNUM_P(argv[0])) fd = (int)SP_FIX2LONG(argv[0]);
    else {
        sp_value io = sp_try_convert(argv[0], sp_cIO, "to_io");
        if (io == SP_NIL) sp_raise_type(argv[0], "IO");
        fd = SP_IO(io)->fd;
    }
    sp_value ctl = anc_new(AF_UNIX, SOL_SOCKET, SCM_RIGHTS, sp_str_new((const char *)&fd, sizeof fd));
    sp_value args[4] = { sp_str_new("\0", 1), SP_FIX(0), SP_NIL, ctl };
    sendmsg_common(self, 4, args, 0);
    return SP_NIL;
}

/* UNIXSocket#recv_io(klass = IO, mode = nil): the received descriptor
 * as a klass (an Integer when klass is nil) */
SP_METHOD(unix_recv_io)
{
    if (argc > 2) sp_raise_arity(argc, 0, 2);
    sp_value klass = argc > 0 ? argv[0] : sp_cIO;
    sp_io *io = SP_IO(self);
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
    char b;
    char cbuf[CMSG_SPACE(sizeof(int))];
    struct iovec iov = { &b, 1 };
    struct msghdr mh;
    ssize_t r;
    for (;;) {
        memset(&mh, 0, sizeof mh);
        mh.msg_iov = &iov;
        mh.msg_iovlen = 1;
        mh.msg_control = cbuf;
        mh.msg_controllen = sizeof cbuf;
        r = recvmsg(io->fd, &mh, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
        if (r >= 0) break;
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) { sp_io_wait_ready(io, SP_FD_READ, 0); continue; }
        sp_raise_syserr(errno, "recvmsg(2)");
    }
    struct cmsghdr *c = mh.msg_controllen ? CMSG_FIRSTHDR(&mh) : NULL;
    if (!c || c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS || c->cmsg_len != CMSG_LEN(sizeof(int)))
        sp_raise(sp_eSocketError, "file descriptor was not passed");
    int fd;
    memcpy(&fd, CMSG_DATA(c), sizeof fd);
    if (klass == SP_NIL) return SP_FIX(fd);
    if (sp_obj_is_kind_of(klass, sp_cClass) && sp_funcall1(klass, "<=", sp_cBasicSocket) == SP_TRUE)
        return sp_sock_wrap(klass, fd);
    int mode;
    if (argc > 1 && argv[1] != SP_NIL) mode = (int)sp_num_to_long(argv[1]);
    else mode = fcntl(fd, F_GETFL);
    int acc = (mode & O_ACCMODE) == O_RDONLY ? 1 : (mode & O_ACCMODE) == O_WRONLY ? 2 : 3;
    return (sp_value)sp_io_alloc_collectable(klass, fd, acc);
}

void sp_init_socket_msg(void)
{
    i_family = sp_intern("__family"); i_level = sp_intern("__level"); i_type = sp_intern("__type");
    i_data = sp_intern("__data"); i_ios = sp_intern("__ios");
    sp_value B = sp_cBasicSocket;
    sp_define_method(B, "sendmsg", bs_sendmsg, -1);
    sp_define_method(B, "sendmsg_nonblock", bs_sendmsg_nb, -1);
    sp_define_method(B, "recvmsg", bs_recvmsg, -1);
    sp_define_method(B, "recvmsg_nonblock", bs_recvmsg_nb, -1);
    sp_value U = sp_const_get(sp_cObject, sp_intern("UNIXSocket"));
    sp_define_method(U, "send_io", unix_send_io, 1);
    sp_define_method(U, "recv_io", unix_recv_io, -1);

    cAnc = sp_define_class_under(sp_cSocket, "AncillaryData", sp_cObject);
    sp_define_private_method(cAnc, "initialize", anc_initialize, -1);
    sp_define_singleton_method(cAnc, "int", anc_s_int, -1);
    sp_define_singleton_method(cAnc, "unix_rights", anc_s_unix_rights, -1);
    sp_define_method(cAnc, "family", anc_family, 0);
    sp_define_method(cAnc, "level", anc_level, 0);
    sp_define_method(cAnc, "type", anc_type, 0);
    sp_define_method(cAnc, "data", anc_data, 0);
    sp_define_method(cAnc, "cmsg_is?", anc_cmsg_is, 2);
    sp_define_method(cAnc, "int", anc_int, 0);
    sp_define_method(cAnc, "unix_rights", anc_unix_rights, 0);
    sp_define_method(cAnc, "inspect", anc_inspect, 0);
    sp_define_singleton_method(cAnc, "ip_pktinfo", anc_s_ip_pktinfo, -1);
    sp_define_method(cAnc, "ip_pktinfo", anc_ip_pktinfo, 0);
    sp_define_singleton_method(cAnc, "ipv6_pktinfo", anc_s_ipv6_pktinfo, 2);
    sp_define_method(cAnc, "ipv6_pktinfo", anc_ipv6_pktinfo, 0);
    sp_define_method(cAnc, "ipv6_pktinfo_addr", anc_ipv6_pktinfo_addr, 0);
    sp_define_method(cAnc, "ipv6_pktinfo_ifindex", anc_ipv6_pktinfo_ifindex, 0);
}

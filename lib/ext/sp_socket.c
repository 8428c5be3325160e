#define _GNU_SOURCE
/*
 * sp_socket.c — require 'socket': BasicSocket, IPSocket, TCPSocket,
 * TCPServer, UNIXSocket, UNIXServer, UDPSocket, Socket (constants,
 * Socket.tcp, Socket.pair, Socket.getaddrinfo), SocketError.  Addrinfo and
 * Socket::Option are sp_socket_addr.c.
 *
 * Representation: a socket is an IO (sp_io_int.h) of the socket class,
 * sync, on a close-on-exec, non-blocking fd (as CRuby makes them).
 * Reads and writes through IO methods use sp_io.c's buffers and waits.
 *
 * Waiting: every call that can block parks the green thread on the fd
 * (sp_io_wait_ready -> sp_sched_wait_fd), never the worker: accept waits
 * for readable and retries on EAGAIN, connect(2) returns EINPROGRESS and
 * waits for writable (connect_timeout: is the wait's deadline), recv/send
 * wait and retry.  Name resolution (getaddrinfo(3)) cannot be waited on by
 * readiness: it runs in a blocking region, so sysmon hands the worker's
 * queue on if it lasts (doc/io.md).  Errors are CRuby's: Errno::X with
 * "connect(2) for \"host\" port N" style details, SocketError
 * (Socket::ResolutionError) for names that do not resolve.
 */
#include "sp_io.h"
#include "sp_io_int.h"
#include "sp_socket.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_hash.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

sp_value sp_cBasicSocket, sp_cSocket, sp_eSocketError;
static sp_value cIPSocket, cTCPSocket, cTCPServer, cUNIXSocket, cUNIXServer, cUDPSocket, eResolution;
/* BasicSocket.do_not_reverse_lookup (true, as CRuby): the value each new
 * socket's own flag (hidden ivar __dnrl) starts with. */
static volatile int dnrl_default = 1;
static sp_id i_dnrl;

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

static sp_io *sock_io(sp_value self)
{
    sp_io *io = SP_IO(self);
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
    return io;
}

/* An IO of klass on a fresh socket fd: sync, pollable. */
sp_value sp_sock_wrap(sp_value klass, int fd)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0 && !(fl & O_NONBLOCK)) fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    sp_io *io = sp_io_alloc_collectable(klass, fd, 3);
    io->sync = 1;
    io->pollable = 1;
    io->nbfd = 1;
    int type = 0;
    socklen_t tl = sizeof type;
    io->stream = getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &tl) == 0 && type == SOCK_STREAM;
    sp_ivar_set((sp_value)io, i_dnrl, SP_BOOL(dnrl_default));
    return (sp_value)io;
}

static int new_socket(int family, int type, int proto)
{
    int fd = socket(family, type | SOCK_CLOEXEC | SOCK_NONBLOCK, proto);
    if (fd < 0 && sp_io_gc_for_fd(errno))
        fd = socket(family, type | SOCK_CLOEXEC | SOCK_NONBLOCK, proto);
    if (fd < 0) sp_raise_syserr(errno, "socket(2)");
    return fd;
}

/* "host" argument: nil/"" -> NULL (any), else its string. */
static const char *host_arg(sp_value h)
{
    if (h == SP_NIL) return NULL;
    const char *s = sp_str_cstr(sp_str_to_str(h));
    return *s ? s : NULL;
}

static void port_arg(sp_value p, char *buf, size_t n)
{
    if (p == SP_NIL) snprintf(buf, n, "0");
    else if (SP_FIXNUM_P(p)) snprintf(buf, n, "%ld", SP_FIX2LONG(p));
    else snprintf(buf, n, "%s", sp_str_cstr(sp_str_to_str(p)));
}

/* getaddrinfo(3) in a blocking region; SocketError (ResolutionError) on
 * failure, with CRuby's "getaddrinfo: <gai_strerror>" message. */
struct addrinfo *sp_sock_resolve(const char *host, const char *port, int family, int type, int flags)
{
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = family;
    hints.ai_socktype = type;
    hints.ai_flags = flags;
    sp_blocking_begin();
    int r = getaddrinfo(host, port, &hints, &res);
    sp_blocking_end();
    if (r != 0) {
        if (r == EAI_SYSTEM) sp_raise_syserr(errno, "getaddrinfo");
        sp_raise_exc(sp_exc_new(eResolution, "getaddrinfo: %s", gai_strerror(r)));
    }
    return res;
}

/* Numeric host of a sockaddr ("127.0.0.1", "::1") and its port. */
void sp_sock_numeric(const struct sockaddr *sa, socklen_t len, char *host, size_t hn, int *port)
{
    char serv[32];
    if (getnameinfo(sa, len, host, (socklen_t)hn, serv, sizeof serv, NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
        snprintf(host, hn, "?");
        *port = 0;
        return;
    }
    *port = atoi(serv);
}

static const char *family_name(int f)
{
    return f == AF_INET ? "AF_INET" : f == AF_INET6 ? "AF_INET6" : f == AF_UNIX ? "AF_UNIX" : "AF_UNSPEC";
}

/* IPSocket#addr style: ["AF_INET", port, host, host] (host numeric
 * unless reverse: then the name getnameinfo(3) finds, in a blocking
 * region, or the number when it finds none); ["AF_UNIX", path] for UNIX
 * sockets. */
sp_value sp_sock_addr_ary_rev(const struct sockaddr *sa, socklen_t len, int reverse)
{
    if (len < sizeof(sa_family_t)) {
        sp_value a[2] = { sp_str_new_cstr("AF_UNIX"), sp_str_new("", 0) };
        return sp_ary_new_from(2, a);
    }
    if (sa->sa_family == AF_UNIX) {
        const struct sockaddr_un *un = (const struct sockaddr_un *)sa;
        size_t n = len > offsetof(struct sockaddr_un, sun_path) ? strnlen(un->sun_path, len - offsetof(struct sockaddr_un, sun_path)) : 0;
        sp_value a[2] = { sp_str_new_cstr("AF_UNIX"), sp_str_new(un->sun_path, n) };
        return sp_ary_new_from(2, a);
    }
    char host[NI_MAXHOST];
    int port;
    sp_sock_numeric(sa, len, host, sizeof host, &port);
    sp_value name = sp_str_new_cstr(host);
    if (reverse) {
        char rname[NI_MAXHOST];
        sp_blocking_begin();
        int r = getnameinfo(sa, len, rname, sizeof rname, NULL, 0, 0);
        sp_blocking_end();
        if (r == 0) name = sp_str_new_cstr(rname);
    }
    sp_value a[4] = { sp_str_new_cstr(family_name(sa->sa_family)), SP_FIX(port),
                      name, sp_str_new_cstr(host) };
    return sp_ary_new_from(4, a);
}
sp_value sp_sock_addr_ary(const struct sockaddr *sa, socklen_t len)
{
    return sp_sock_addr_ary_rev(sa, len, 0);
}

/* The reverse_lookup argument (argv[i] if given) of #addr, #peeraddr,
 * Socket.getaddrinfo: true/:hostname look names up, false/:numeric do
 * not, nil follows sock's do_not_reverse_lookup (sock nil: the default). */
int sp_sock_reverse_arg(sp_value sock, int argc, const sp_value *argv, int i)
{
    sp_value v = argc > i ? argv[i] : SP_NIL;
    if (v == SP_NIL)
        return sock == SP_NIL ? !dnrl_default : !SP_RTEST(sp_ivar_get(sock, i_dnrl));
    if (v == SP_TRUE || v == sp_sym("hostname")) return 1;
    if (v == SP_FALSE || v == sp_sym("numeric")) return 0;
    sp_raise(sp_eArgError, "invalid reverse_lookup flag: %s", sp_str_cstr(sp_inspect(v)));
}

/* connect(2) on a non-blocking fd: park until it completes or the
 * deadline passes.  Returns 0 or an errno (ETIMEDOUT on the deadline). */
static int connect_wait(sp_value sock, const struct sockaddr *sa, socklen_t len, int64_t deadline)
{
    sp_io *io = SP_IO(sock);
    int r;
    do r = connect(io->fd, sa, len); while (r < 0 && errno == EINTR);
    if (r == 0) return 0;
    if (errno != EINPROGRESS) return errno;
    if (!sp_io_wait_ready(io, SP_FD_WRITE, deadline)) return ETIMEDOUT;
    int err = 0;
    socklen_t el = sizeof err;
    if (getsockopt(io->fd, SOL_SOCKET, SO_ERROR, &err, &el) < 0) return errno;
    return err;
}

static SP_NORETURN void raise_for(int err, const char *call, const char *host, const char *port)
{
    char detail[512];
    snprintf(detail, sizeof detail, "%s for \"%s\" port %s", call, host ? host : "0.0.0.0", port);
    if (err == ETIMEDOUT && !strcmp(call, "connect(2)"))
        snprintf(detail, sizeof detail, "user specified timeout");
    sp_raise_syserr(err, detail);
}

/* connect_timeout: keyword -> deadline (0: none) */
static int64_t kw_deadline(int argc_, const sp_value *argv, const char *key, int *n)
{
    *n = SP_ARGC(argc_);
    if (!(argc_ & SP_ARGC_KW)) return 0;
    (*n)--;
    sp_value t = sp_hash_lookup(argv[*n], sp_sym(key), SP_NIL);
    if (t == SP_NIL) return 0;
    return sp_sched_now() + (int64_t)(sp_num_to_double(t) * 1e9) + 1;
}

/* A connected TCP socket of klass: tries each resolved address in turn. */
static sp_value tcp_connect(sp_value klass, sp_value host, sp_value port, int64_t deadline)
{
    char pbuf[64];
    port_arg(port, pbuf, sizeof pbuf);
    const char *h = host_arg(host);
    struct addrinfo *res = sp_sock_resolve(h ? h : "localhost", pbuf, AF_UNSPEC, SOCK_STREAM, 0);
    int err = ECONNREFUSED;
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
        if (fd < 0) { err = errno; continue; }
        sp_value s = sp_sock_wrap(klass, fd);
        err = connect_wait(s, ai->ai_addr, ai->ai_addrlen, deadline);
        if (err == 0) { freeaddrinfo(res); return s; }
        sp_io_close(s);
        if (err == ETIMEDOUT) break;
    }
    freeaddrinfo(res);
    raise_for(err, "connect(2)", h ? h : "localhost", pbuf);
}

/* ------------------------------------------------------------------ */
/* TCPSocket / TCPServer                                               */

/* TCPSocket.new(host, port, local_host = nil, local_port = nil,
 *               connect_timeout: nil) */
SP_METHOD(tcp_s_new)
{
    int n;
    int64_t deadline = kw_deadline(argc_, argv, "connect_timeout", &n);
    if (n < 2 || n > 4) sp_raise_arity(n, 2, 4);
    if (blk != SP_NIL) sp_io_warn_new_block(self);
    return tcp_connect(self, argv[0], argv[1], deadline);
}

/* A listening socket bound to host:port (SO_REUSEADDR, as CRuby). */
static sp_value tcp_listen(sp_value klass, sp_value host, sp_value port)
{
    char pbuf[64];
    port_arg(port, pbuf, sizeof pbuf);
    const char *h = host_arg(host);
    struct addrinfo *res = sp_sock_resolve(h, pbuf, AF_UNSPEC, SOCK_STREAM, AI_PASSIVE);
    int err = EADDRNOTAVAIL;
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
        if (fd < 0) { err = errno; continue; }
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, ai->ai_addr, ai->ai_addrlen) < 0) { err = errno; close(fd); continue; }
        if (listen(fd, SOMAXCONN) < 0) { err = errno; close(fd); continue; }
        freeaddrinfo(res);
        return sp_sock_wrap(klass, fd);
    }
    freeaddrinfo(res);
    raise_for(err, "bind(2)", h, pbuf);
}

/* TCPServer.new([host,] port) */
SP_METHOD(tcpserver_s_new)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    if (blk != SP_NIL) sp_io_warn_new_block(self);
    return argc == 1 ? tcp_listen(self, SP_NIL, argv[0]) : tcp_listen(self, argv[0], argv[1]);
}

/* accept(2), parking while no connection is pending.  nonblock: return
 * -1 (errno EAGAIN) instead of waiting. */
static int do_accept(sp_io *io, int nonblock, struct sockaddr_storage *ss, socklen_t *len)
{
    for (;;) {
        *len = sizeof *ss;
        int fd = accept4(io->fd, (struct sockaddr *)ss, len, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (fd >= 0) return fd;
        if (errno == EINTR || errno == ECONNABORTED) continue;
        if (sp_io_gc_for_fd(errno)) {
            fd = accept4(io->fd, (struct sockaddr *)ss, len, SOCK_CLOEXEC | SOCK_NONBLOCK);
            if (fd >= 0) return fd;
        }
        if (errno != EAGAIN && errno != EWOULDBLOCK) sp_raise_syserr(errno, "accept(2)");
        if (nonblock) return -1;
        sp_io_wait_ready(io, SP_FD_READ, 0);
    }
}

static sp_value accept_as(sp_value self, sp_value klass)
{
    struct sockaddr_storage ss;
    socklen_t len;
    return sp_sock_wrap(klass, do_accept(sock_io(self), 0, &ss, &len));
}

static sp_value accept_nb_as(sp_value self, int argc_, const sp_value *argv, sp_value klass)
{
    int exc = 1;
    if ((argc_ & SP_ARGC_KW) && SP_ARGC(argc_) > 0)
        exc = SP_RTEST(sp_hash_lookup(argv[SP_ARGC(argc_) - 1], sp_sym("exception"), SP_TRUE));
    struct sockaddr_storage ss;
    socklen_t len;
    int fd = do_accept(sock_io(self), 1, &ss, &len);
    if (fd >= 0) return sp_sock_wrap(klass, fd);
    if (!exc) return sp_sym("wait_readable");
    sp_io_raise_would_block(0, "accept(2) would block");
}

SP_METHOD(tcpserver_accept) { return accept_as(self, cTCPSocket); }
SP_METHOD(tcpserver_accept_nb) { return accept_nb_as(self, argc_, argv, cTCPSocket); }

/* TCPServer#listen(backlog) */
SP_METHOD(sock_listen)
{
    if (listen(sock_io(self)->fd, (int)sp_num_to_long(argv[0])) < 0) sp_raise_syserr(errno, "listen(2)");
    return SP_FIX(0);
}

/* IPSocket#addr / #peeraddr(reverse_lookup = nil) */
SP_METHOD(ip_addr)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getsockname(sock_io(self)->fd, (struct sockaddr *)&ss, &len) < 0) sp_raise_syserr(errno, "getsockname(2)");
    return sp_sock_addr_ary_rev((struct sockaddr *)&ss, len, sp_sock_reverse_arg(self, argc, argv, 0));
}
SP_METHOD(ip_peeraddr)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getpeername(sock_io(self)->fd, (struct sockaddr *)&ss, &len) < 0) sp_raise_syserr(errno, "getpeername(2)");
    return sp_sock_addr_ary_rev((struct sockaddr *)&ss, len, sp_sock_reverse_arg(self, argc, argv, 0));
}

/* BasicSocket.do_not_reverse_lookup(=) and the socket's own flag */
SP_METHOD(bs_s_dnrl) { return SP_BOOL(dnrl_default); }
SP_METHOD(bs_s_set_dnrl) { dnrl_default = SP_RTEST(argv[0]); return argv[0]; }
SP_METHOD(bs_dnrl) { return SP_BOOL(SP_RTEST(sp_ivar_get(self, i_dnrl))); }
SP_METHOD(bs_set_dnrl) { sp_ivar_set(self, i_dnrl, SP_BOOL(SP_RTEST(argv[0]))); return argv[0]; }

/* BasicSocket#inspect: #<UNIXSocket:fd 5>, #<TCPSocket:(closed)>;
 * IPSocket#inspect adds the local address: #<TCPServer:fd 5, AF_INET, 0.0.0.0, 8080> */
static sp_value sock_inspect(sp_value self, int ip)
{
    sp_io *io = SP_IO(self);
    sp_value s = sp_str_format("#<%s:", sp_str_cstr(sp_to_s(sp_obj_class(self))));
    if (io->closed) sp_str_cat(s, "(closed)", 8);
    else {
        sp_str_buf_cat_value(s, sp_str_format("fd %d", io->fd));
        struct sockaddr_storage ss;
        socklen_t len = sizeof ss;
        if (ip && getsockname(io->fd, (struct sockaddr *)&ss, &len) == 0 && (ss.ss_family == AF_INET || ss.ss_family == AF_INET6)) {
            char host[NI_MAXHOST];
            int port;
            sp_sock_numeric((struct sockaddr *)&ss, len, host, sizeof host, &port);
            sp_str_buf_cat_value(s, sp_str_format(", %s, %s, %d", family_name(ss.ss_family), host, port));
        }
    }
    sp_str_cat(s, ">", 1);
    return s;
}
SP_METHOD(bs_inspect) { return sock_inspect(self, 0); }
SP_METHOD(ip_inspect) { return sock_inspect(self, 1); }

/* BasicSocket#binmode?: a socket is always in binary mode in CRuby (its
 * fd is opened binary and nothing turns that off) */
SP_METHOD(bs_binmode_p) { return SP_TRUE; }

/* BasicSocket.for_fd(fd): a socket of this class over an existing fd */
SP_METHOD(bs_s_for_fd)
{
    long fd = sp_num_to_long(argv[0]);
    int type;
    socklen_t tl = sizeof type;
    if (getsockopt((int)fd, SOL_SOCKET, SO_TYPE, &type, &tl) < 0) sp_raise_syserr(EBADF, "not a socket file descriptor");
    return sp_sock_wrap(self, (int)fd);
}

/* ------------------------------------------------------------------ */
/* UNIXSocket / UNIXServer                                             */

/* Errno::X "... - connect(2) for /path" */
static SP_NORETURN void raise_path(int err, const char *call, const char *path)
{
    char detail[256];
    snprintf(detail, sizeof detail, "%s for %s", call, path);
    sp_raise_syserr(err, detail);
}

static socklen_t unix_addr(sp_value path, struct sockaddr_un *un)
{
    const char *p = sp_str_cstr(sp_str_to_str(path));
    memset(un, 0, sizeof *un);
    un->sun_family = AF_UNIX;
    size_t n = strlen(p);
    if (n >= sizeof un->sun_path) sp_raise(sp_eArgError, "too long unix socket path (%zu bytes given but %zu bytes max)", n, sizeof un->sun_path - 1);
    memcpy(un->sun_path, p, n);
    return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n + 1);
}

SP_METHOD(unix_s_new)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    struct sockaddr_un un;
    socklen_t len = unix_addr(argv[0], &un);
    sp_value s = sp_sock_wrap(self, new_socket(AF_UNIX, SOCK_STREAM, 0));
    int err = connect_wait(s, (struct sockaddr *)&un, len, 0);
    if (err) { sp_io_close(s); raise_path(err, "connect(2)", un.sun_path); }
    if (blk != SP_NIL) sp_io_warn_new_block(self);
    return s;
}

SP_METHOD(unixserver_s_new)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    struct sockaddr_un un;
    socklen_t len = unix_addr(argv[0], &un);
    int fd = new_socket(AF_UNIX, SOCK_STREAM, 0);
    if (bind(fd, (struct sockaddr *)&un, len) < 0 || listen(fd, SOMAXCONN) < 0) {
        int err = errno;
        close(fd);
        raise_path(err, "bind(2)", un.sun_path);
    }
    if (blk != SP_NIL) sp_io_warn_new_block(self);
    return sp_sock_wrap(self, fd);
}

SP_METHOD(unixserver_accept) { return accept_as(self, cUNIXSocket); }
SP_METHOD(unixserver_accept_nb) { return accept_nb_as(self, argc_, argv, cUNIXSocket); }

/* A socket type argument; nil is SOCK_STREAM */
static int pair_type(sp_value v)
{
    return v == SP_NIL ? SOCK_STREAM : sp_sock_type(v);
}

/* UNIXSocket.pair(type = :STREAM) / Socket.pair(:UNIX, type) */
static sp_value make_pair(sp_value klass, int type)
{
    int fds[2];
    if (socketpair(AF_UNIX, type | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, fds) < 0) sp_raise_syserr(errno, "socketpair(2)");
    sp_value a[2] = { sp_sock_wrap(klass, fds[0]), sp_sock_wrap(klass, fds[1]) };
    return sp_ary_new_from(2, a);
}
SP_METHOD(unix_s_pair) { return make_pair(self, pair_type(argc > 0 ? argv[0] : SP_NIL)); }
SP_METHOD(socket_s_pair)
{
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    return make_pair(self, pair_type(argv[1]));
}

SP_METHOD(unix_path)
{
    struct sockaddr_un un;
    socklen_t len = sizeof un;
    if (getsockname(sock_io(self)->fd, (struct sockaddr *)&un, &len) < 0) sp_raise_syserr(errno, "getsockname(2)");
    size_t off = offsetof(struct sockaddr_un, sun_path);
    return len > off ? sp_str_new(un.sun_path, strnlen(un.sun_path, len - off)) : sp_str_new("", 0);
}

/* ------------------------------------------------------------------ */
/* BasicSocket: send / recv / shutdown / close_read / close_write      */

/* recv(2) into a string, parking while nothing is there.  flags may
 * hold MSG_PEEK; nonblock: return NULL with errno EAGAIN instead. */
static sp_value do_recv(sp_io *io, long maxlen, int flags, int nonblock, struct sockaddr_storage *from, socklen_t *fromlen, int *err)
{
    char stackbuf[16384];
    char *buf = (size_t)maxlen <= sizeof stackbuf ? stackbuf : malloc((size_t)maxlen);
    sp_value s = SP_UNDEF;
    for (;;) {
        if (from) *fromlen = sizeof *from;
        ssize_t r = recvfrom(io->fd, buf, (size_t)maxlen, flags | MSG_DONTWAIT,
                             (struct sockaddr *)from, from ? fromlen : NULL);
        if (r >= 0) { s = sp_str_new(buf, (size_t)r); break; }
        if (errno == EINTR) continue;
        if ((errno == EAGAIN || errno == EWOULDBLOCK) && !nonblock) { sp_io_wait_ready(io, SP_FD_READ, 0); continue; }
        *err = errno;
        break;
    }
    if (buf != stackbuf) free(buf);
    return s;
}

static int flags_arg(int n, const sp_value *argv, int i)
{
    return n > i && argv[i] != SP_NIL ? (int)sp_num_to_long(argv[i]) : 0;
}

/* BasicSocket#recv(maxlen, flags = 0, outbuf = nil): nil at end of stream
 * (3.3+), bytes already in the IO buffer first. */
SP_METHOD(bs_recv)
{
    if (argc < 1 || argc > 3) sp_raise_arity(argc, 1, 3);
    sp_io *io = sock_io(self);
    long maxlen = (long)sp_num_to_long(argv[0]);
    sp_value outbuf = argc > 2 ? argv[2] : SP_NIL;
    sp_io_lock(io);
    if (io->rpos < io->rlen) {
        sp_value s = sp_io_take_buffered(io, maxlen, outbuf);
        pthread_mutex_unlock(&io->lock);
        return s;
    }
    pthread_mutex_unlock(&io->lock);
    int err = 0;
    sp_value s = do_recv(io, maxlen, flags_arg(argc, argv, 1), 0, NULL, NULL, &err);
    if (s == SP_UNDEF) sp_raise_syserr(err, "recvfrom(2)");
    if (sp_str_len(s) == 0 && maxlen > 0) {
        int type = 0;
        socklen_t tl = sizeof type;
        getsockopt(io->fd, SOL_SOCKET, SO_TYPE, &type, &tl);
        if (type == SOCK_STREAM) return SP_NIL;
    }
    return outbuf == SP_NIL ? s : sp_io_give(outbuf, sp_str_ptr(s), sp_str_len(s));
}

/* BasicSocket#recv_nonblock(maxlen, flags = 0, buf = nil, exception: true) */
SP_METHOD(bs_recv_nonblock)
{
    int n = argc, exc = 1;
    if (argc_ & SP_ARGC_KW) { n--; exc = SP_RTEST(sp_hash_lookup(argv[n], sp_sym("exception"), SP_TRUE)); }
    if (n < 1 || n > 3) sp_raise_arity(n, 1, 3);
    sp_io *io = sock_io(self);
    long maxlen = (long)sp_num_to_long(argv[0]);
    int err = 0;
    sp_value s = do_recv(io, maxlen, flags_arg(n, argv, 1), 1, NULL, NULL, &err);
    if (s == SP_UNDEF) {
        if (err == EAGAIN || err == EWOULDBLOCK) {
            if (!exc) return sp_sym("wait_readable");
            sp_io_raise_would_block(0, "recvfrom(2) would block");
        }
        sp_raise_syserr(err, "recvfrom(2)");
    }
    if (sp_str_len(s) == 0 && maxlen > 0) {
        int type = 0;
        socklen_t tl = sizeof type;
        getsockopt(io->fd, SOL_SOCKET, SO_TYPE, &type, &tl);
        if (type == SOCK_STREAM) return SP_NIL;
    }
    return n > 2 && argv[2] != SP_NIL ? sp_io_give(argv[2], sp_str_ptr(s), sp_str_len(s)) : s;
}

/* sendto(2) of all of str (parks while the socket is full). */
static long do_send(sp_io *io, sp_value str, int flags, const struct sockaddr *to, socklen_t tolen)
{
    const char *p = sp_str_ptr(str);
    size_t n = sp_str_len(str), done = 0;
    sp_io_lock(io);
    int ferr = sp_io_flush_locked(io);
    pthread_mutex_unlock(&io->lock);
    if (ferr) sp_raise_syserr(ferr, NULL);
    do {
        ssize_t w = sendto(io->fd, p + done, n - done, flags | MSG_DONTWAIT | MSG_NOSIGNAL, to, tolen);
        if (w >= 0) { done += (size_t)w; if (to) break; continue; }
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) { sp_io_wait_ready(io, SP_FD_WRITE, 0); continue; }
        sp_raise_syserr(errno, "sendto(2)");
    } while (done < n);
    return (long)done;
}

/* BasicSocket#send(mesg, flags [, dest_sockaddr]) */
SP_METHOD(bs_send)
{
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    sp_io *io = sock_io(self);
    sp_value str = sp_str_to_str(argv[0]);
    int flags = flags_arg(argc, argv, 1);
    if (argc == 3 && argv[2] != SP_NIL) {
        sp_value sa = sp_sock_sockaddr_of(argv[2]);
        return SP_FIX(do_send(io, str, flags, (const struct sockaddr *)sp_str_ptr(sa), (socklen_t)sp_str_len(sa)));
    }
    return SP_FIX(do_send(io, str, flags, NULL, 0));
}

static int how_arg(sp_value v)
{
    if (v == SP_NIL) return SHUT_RDWR;
    if (SP_FIXNUM_P(v)) return (int)SP_FIX2LONG(v);
    const char *s = SP_SYMBOL_P(v) ? sp_id_name(SP_SYM2ID(v)) : sp_str_cstr(sp_str_to_str(v));
    if (!strncmp(s, "SHUT_", 5)) s += 5;
    if (!strcmp(s, "RD")) return SHUT_RD;
    if (!strcmp(s, "WR")) return SHUT_WR;
    if (!strcmp(s, "RDWR")) return SHUT_RDWR;
    sp_raise(sp_eSocketError, "unknown shutdown argument: %s", s);
}

/* BasicSocket#shutdown(how = Socket::SHUT_RDWR) -> 0 */
SP_METHOD(bs_shutdown)
{
    sp_io *io = sock_io(self);
    int how = how_arg(argc > 0 ? argv[0] : SP_NIL);
    sp_io_lock(io);
    int ferr = how != SHUT_RD ? sp_io_flush_locked(io) : 0;
    pthread_mutex_unlock(&io->lock);
    if (ferr) sp_raise_syserr(ferr, NULL);
    if (shutdown(io->fd, how) < 0) sp_raise_syserr(errno, "shutdown(2)");
    return SP_FIX(0);
}

/* close_read / close_write: shutdown one direction; the second closes. */
static sp_value bs_close_half(sp_value self, int bit)
{
    sp_io *io = SP_IO(self);
    if (io->closed) return SP_NIL;
    if (bit == 2) {
        sp_io_lock(io);
        sp_io_flush_locked(io);
        pthread_mutex_unlock(&io->lock);
    }
    if (!(io->mode & ~bit)) return sp_io_close(self);
    shutdown(io->fd, bit == 1 ? SHUT_RD : SHUT_WR);
    io->mode &= ~bit;
    return SP_NIL;
}
SP_METHOD(bs_close_read) { return bs_close_half(self, 1); }
SP_METHOD(bs_close_write) { return bs_close_half(self, 2); }

/* The socket's own (peer 0) or its peer's (peer 1) address and its type
 * (SOCK_STREAM ...); raises Errno from the system call. */
static socklen_t sock_name(sp_value self, int peer, struct sockaddr_storage *ss, int *type)
{
    socklen_t len = sizeof *ss;
    sp_io *io = sock_io(self);
    int r = peer ? getpeername(io->fd, (struct sockaddr *)ss, &len) : getsockname(io->fd, (struct sockaddr *)ss, &len);
    if (r < 0) sp_raise_syserr(errno, peer ? "getpeername(2)" : "getsockname(2)");
    if (type) {
        socklen_t tl = sizeof *type;
        *type = 0;
        getsockopt(io->fd, SOL_SOCKET, SO_TYPE, type, &tl);
    }
    return len;
}

SP_METHOD(bs_local_address)
{
    struct sockaddr_storage ss;
    int type;
    socklen_t len = sock_name(self, 0, &ss, &type);
    return sp_addrinfo_new((struct sockaddr *)&ss, len, type, 0);
}
/* BasicSocket#getsockname / #getpeername: the packed address (BINARY) */
static sp_value packed_name(sp_value self, int peer)
{
    struct sockaddr_storage ss;
    socklen_t len = sock_name(self, peer, &ss, NULL);
    sp_value s = sp_str_new((const char *)&ss, len);
    sp_str_set_binary(s);
    return s;
}
SP_METHOD(bs_getsockname) { (void)argc_; (void)argv; (void)blk; return packed_name(self, 0); }
SP_METHOD(bs_getpeername) { (void)argc_; (void)argv; (void)blk; return packed_name(self, 1); }

SP_METHOD(bs_connect_address)
{
    struct sockaddr_storage ss;
    int type;
    socklen_t len = sock_name(self, 0, &ss, &type);
    return sp_sock_connect_address((struct sockaddr *)&ss, len, type);
}
SP_METHOD(bs_remote_address)
{
    struct sockaddr_storage ss;
    int type;
    socklen_t len = sock_name(self, 1, &ss, &type);
    return sp_addrinfo_new((struct sockaddr *)&ss, len, type, 0);
}

/* BasicSocket#setsockopt(level, optname, value) / (Socket::Option) */
SP_METHOD(bs_setsockopt)
{
    sp_io *io = sock_io(self);
    int level, opt;
    sp_value data;
    if (argc == 1) {
        level = (int)sp_num_to_long(sp_funcall0(argv[0], "level"));
        opt = (int)sp_num_to_long(sp_funcall0(argv[0], "optname"));
        data = sp_funcall0(argv[0], "data");
    } else {
        if (argc != 3) sp_raise_arity(argc, 3, 3);
        level = sp_sockopt_level(argv[0]);
        opt = sp_sockopt_name(level, argv[1]);
        data = sp_sockopt_pack(argv[2]);
    }
    if (setsockopt(io->fd, level, opt, sp_str_ptr(data), (socklen_t)sp_str_len(data)) < 0)
        sp_raise_syserr(errno, "setsockopt(2)");
    return SP_FIX(0);
}

/* BasicSocket#getsockopt(level, optname) -> Socket::Option */
SP_METHOD(bs_getsockopt)
{
    if (argc != 2) sp_raise_arity(argc, 2, 2);
    sp_io *io = sock_io(self);
    int level = sp_sockopt_level(argv[0]);
    int opt = sp_sockopt_name(level, argv[1]);
    char buf[256];
    socklen_t len = sizeof buf;
    if (getsockopt(io->fd, level, opt, buf, &len) < 0) sp_raise_syserr(errno, "getsockopt(2)");
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    int fam = getsockname(io->fd, (struct sockaddr *)&ss, &sl) == 0 ? ss.ss_family : AF_UNSPEC;
    return sp_sockopt_new(fam, level, opt, sp_str_new(buf, len));
}

/* ------------------------------------------------------------------ */
/* UDPSocket                                                           */

SP_METHOD(udp_s_new)
{
    int fam = argc > 0 ? sp_sock_family(argv[0]) : AF_INET;
    if (blk != SP_NIL) sp_io_warn_new_block(self);
    return sp_sock_wrap(self, new_socket(fam, SOCK_DGRAM, 0));
}

/* The first address host:port resolves to for a datagram socket. */
static struct addrinfo *udp_resolve(sp_value host, sp_value port, int passive, char *pbuf, size_t pn)
{
    port_arg(port, pbuf, pn);
    return sp_sock_resolve(host_arg(host), pbuf, AF_UNSPEC, SOCK_DGRAM, passive ? AI_PASSIVE : 0);
}

SP_METHOD(udp_bind)
{
    if (argc != 2) sp_raise_arity(argc, 2, 2);
    char pbuf[64];
    struct addrinfo *ai = udp_resolve(argv[0], argv[1], 1, pbuf, sizeof pbuf);
    int r = bind(SP_IO(self)->fd, ai->ai_addr, ai->ai_addrlen);
    int err = errno;
    freeaddrinfo(ai);
    if (r < 0) raise_for(err, "bind(2)", host_arg(argv[0]), pbuf);
    return SP_FIX(0);
}

SP_METHOD(udp_connect)
{
    if (argc != 2) sp_raise_arity(argc, 2, 2);
    char pbuf[64];
    struct addrinfo *ai = udp_resolve(argv[0], argv[1], 0, pbuf, sizeof pbuf);
    int r = connect(SP_IO(self)->fd, ai->ai_addr, ai->ai_addrlen);
    int err = errno;
    freeaddrinfo(ai);
    if (r < 0) raise_for(err, "connect(2)", host_arg(argv[0]), pbuf);
    return SP_FIX(0);
}

/* UDPSocket#send(mesg, flags [, host, port]) */
SP_METHOD(udp_send)
{
    if (argc == 4) {
        char pbuf[64];
        struct addrinfo *ai = udp_resolve(argv[2], argv[3], 0, pbuf, sizeof pbuf);
        long n = do_send(sock_io(self), sp_str_to_str(argv[0]), flags_arg(argc, argv, 1), ai->ai_addr, ai->ai_addrlen);
        freeaddrinfo(ai);
        return SP_FIX(n);
    }
    return bs_send(self, argc_, argv, blk);
}

/* The receiving half of every recvfrom: parses (maxlen, flags = 0,
 * outbuf = nil, exception: true) with at most maxargs positional
 * arguments, receives one message and its sender into *from and *fl, raises
 * as CRuby. Returns the message; or, with *done set, the value the method
 * returns as it is: nil at the end of a stream (3.3+, also nonblocking), :wait_readable
 * (exception: false). */
static sp_value recvfrom_message(sp_value self, int argc_, const sp_value *argv, int nonblock, int maxargs,
                                 struct sockaddr_storage *from, socklen_t *fl, int *done)
{
    int argc = SP_ARGC(argc_), exc = 1;
    if (argc_ & SP_ARGC_KW) { argc--; exc = SP_RTEST(sp_hash_lookup(argv[argc], sp_sym("exception"), SP_TRUE)); }
    if (argc < 1 || argc > maxargs) sp_raise_arity(argc, 1, maxargs);
    sp_io *io = sock_io(self);
    int err = 0;
    *done = 1;
    sp_value s = do_recv(io, (long)sp_num_to_long(argv[0]), flags_arg(argc, argv, 1), nonblock, from, fl, &err);
    if (s == SP_UNDEF) {
        if (nonblock && (err == EAGAIN || err == EWOULDBLOCK)) {
            if (!exc) return sp_sym("wait_readable");
            sp_io_raise_would_block(0, "recvfrom(2) would block");
        }
        sp_raise_syserr(err, "recvfrom(2)");
    }
    if (sp_str_len(s) == 0 && io->stream) return SP_NIL;
    *done = 0;
    if (argc > 2 && argv[2] != SP_NIL) {    /* the buffer keeps its encoding (CRuby) */
        sp_value enc = sp_funcall0(argv[2], "encoding");
        s = sp_io_give(argv[2], sp_str_ptr(s), sp_str_len(s));
        sp_funcall1(s, "force_encoding", enc);
    }
    return s;
}

static sp_value recvfrom_common(sp_value self, int argc_, const sp_value *argv, int nonblock)
{
    struct sockaddr_storage from;
    socklen_t fl = sizeof from;
    int done;
    sp_value s = recvfrom_message(self, argc_, argv, nonblock, 3, &from, &fl, &done);
    if (done) return s;
    sp_value addr;
    if (sp_obj_is_kind_of(self, cUNIXSocket)) addr = sp_sock_addr_ary_rev((struct sockaddr *)&from, fl < sizeof(sa_family_t) ? 0 : fl, 0);
    else if (fl < sizeof(sa_family_t)) addr = SP_NIL;       /* a connected stream names no sender */
    else addr = sp_sock_addr_ary_rev((struct sockaddr *)&from, fl, sp_sock_reverse_arg(self, 0, NULL, 0));
    sp_value a[2] = { s, addr };
    return sp_ary_new_from(2, a);
}

/* IPSocket#recvfrom(maxlen, flags = 0) -> [mesg, ["AF_INET", port, host, host]] */
SP_METHOD(ip_recvfrom) { return recvfrom_common(self, argc_, argv, 0); }
SP_METHOD(udp_recvfrom_nb) { return recvfrom_common(self, argc_, argv, 1); }

/* ------------------------------------------------------------------ */
/* Socket                                                              */

/* Socket.new(domain, type, protocol = 0) */
SP_METHOD(socket_s_new)
{
    if (argc < 2 || argc > 3) sp_raise_arity(argc, 2, 3);
    return sp_sock_wrap(self, new_socket(sp_sock_family(argv[0]), pair_type(argv[1]),
                                         argc > 2 ? (int)sp_num_to_long(argv[2]) : 0));
}

/* Socket.tcp(host, port, local_host = nil, local_port = nil,
 *            connect_timeout: nil) [{ |sock| }] */
SP_METHOD(socket_s_tcp)
{
    int n;
    int64_t deadline = kw_deadline(argc_, argv, "connect_timeout", &n);
    if (n < 2 || n > 4) sp_raise_arity(n, 2, 4);
    return sp_sock_open_block(tcp_connect(self, argv[0], argv[1], deadline), blk);
}

/* The ensure of an open block: close unless the block did. */
static void sock_close_unless_closed(sp_value s)
{
    if (!SP_IO(s)->closed) sp_io_close(s);
}

sp_value sp_sock_open_block(sp_value s, sp_value blk)
{
    if (blk == SP_NIL) return s;
    return sp_yield_ensure(blk, 1, &s, sock_close_unless_closed, s);
}

/* X.open(...) [{ |sock| }]: X.new's socket, given to the block */
#define SOCK_OPEN(name, newfn) \
    SP_METHOD(name) { (void)argc; return sp_sock_open_block(newfn(self, argc_, argv, SP_NIL), blk); }
SOCK_OPEN(tcp_s_open, tcp_s_new)
SOCK_OPEN(tcpserver_s_open, tcpserver_s_new)
SOCK_OPEN(unix_s_open, unix_s_new)
SOCK_OPEN(unixserver_s_open, unixserver_s_new)
SOCK_OPEN(udp_s_open, udp_s_new)
#undef SOCK_OPEN

/* Socket#connect(sockaddr), #bind(sockaddr), #listen, #accept */
SP_METHOD(socket_connect)
{
    sp_value sa = sp_sock_sockaddr_of(argv[0]);
    int err = connect_wait(self, (const struct sockaddr *)sp_str_ptr(sa), (socklen_t)sp_str_len(sa), 0);
    if (err) sp_raise_syserr(err, "connect(2)");
    return SP_FIX(0);
}
SP_METHOD(socket_bind)
{
    sp_value sa = sp_sock_sockaddr_of(argv[0]);
    sp_io *io = sock_io(self);
    int one = 1;
    (void)one;
    if (bind(io->fd, (const struct sockaddr *)sp_str_ptr(sa), (socklen_t)sp_str_len(sa)) < 0)
        sp_raise_syserr(errno, "bind(2)");
    return SP_FIX(0);
}
/* Socket#accept -> [Socket, Addrinfo] */
SP_METHOD(socket_accept)
{
    struct sockaddr_storage ss;
    socklen_t len;
    sp_io *io = sock_io(self);
    int fd = do_accept(io, 0, &ss, &len);
    int type = 0;
    socklen_t tl = sizeof type;
    getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &tl);
    sp_value a[2] = { sp_sock_wrap(sp_cSocket, fd), sp_addrinfo_new((struct sockaddr *)&ss, len, type, 0) };
    return sp_ary_new_from(2, a);
}

/* Socket#accept_nonblock(exception: true) -> [Socket, Addrinfo] */
SP_METHOD(socket_accept_nb)
{
    int exc = 1;
    if ((argc_ & SP_ARGC_KW) && argc > 0) { argc--; exc = SP_RTEST(sp_hash_lookup(argv[argc], sp_sym("exception"), SP_TRUE)); }
    if (argc != 0) sp_raise_arity(argc, 0, 0);
    struct sockaddr_storage ss;
    socklen_t len;
    int fd = do_accept(sock_io(self), 1, &ss, &len);
    if (fd < 0) {
        if (!exc) return sp_sym("wait_readable");
        sp_io_raise_would_block(0, "accept(2) would block");
    }
    int type = 0;
    socklen_t tl = sizeof type;
    getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &tl);
    sp_value a[2] = { sp_sock_wrap(sp_cSocket, fd), sp_addrinfo_new((struct sockaddr *)&ss, len, type, 0) };
    return sp_ary_new_from(2, a);
}

/* Socket#sysaccept -> [fd, Addrinfo]; TCPServer/UNIXServer#sysaccept -> fd.
 * The fd is a plain blocking descriptor, as CRuby leaves it. */
static int sysaccept_fd(sp_value self, struct sockaddr_storage *ss, socklen_t *len)
{
    int fd = do_accept(sock_io(self), 0, ss, len);
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    return fd;
}
SP_METHOD(socket_sysaccept)
{
    struct sockaddr_storage ss;
    socklen_t len;
    int fd = sysaccept_fd(self, &ss, &len);
    int type = 0;
    socklen_t tl = sizeof type;
    getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &tl);
    sp_value a[2] = { SP_FIX(fd), sp_addrinfo_new((struct sockaddr *)&ss, len, type, 0) };
    return sp_ary_new_from(2, a);
}
SP_METHOD(server_sysaccept)
{
    struct sockaddr_storage ss;
    socklen_t len;
    return SP_FIX(sysaccept_fd(self, &ss, &len));
}

/* Socket#connect_nonblock(sockaddr, exception: true): 0 once connected;
 * IO::EINPROGRESSWaitWritable (or :wait_writable) while in progress. */
SP_METHOD(socket_connect_nb)
{
    int exc = 1;
    if ((argc_ & SP_ARGC_KW) && argc > 0) { argc--; exc = SP_RTEST(sp_hash_lookup(argv[argc], sp_sym("exception"), SP_TRUE)); }
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    sp_value sa = sp_sock_sockaddr_of(argv[0]);
    sp_io *io = sock_io(self);
    int r;
    do r = connect(io->fd, (const struct sockaddr *)sp_str_ptr(sa), (socklen_t)sp_str_len(sa)); while (r < 0 && errno == EINTR);
    if (r == 0) return SP_FIX(0);
    int err = errno;
    if (err == EISCONN && !exc) return SP_FIX(0);
    if (err == EINPROGRESS) {
        if (!exc) return sp_sym("wait_writable");
        sp_value k = sp_const_get(sp_cIO, sp_intern("EINPROGRESSWaitWritable"));
        sp_value e = sp_exc_new_str(k, sp_str_new_cstr("connect(2) would block"));
        sp_ivar_set(e, sp_intern("__errno"), SP_FIX(EINPROGRESS));
        sp_raise_exc(e);
    }
    sp_raise_syserr(err, "connect(2)");
}

/* Socket#recvfrom(maxlen, flags = 0) / #recvfrom_nonblock(maxlen, flags = 0,
 * outbuf = nil, exception: true) -> [mesg, Addrinfo of the sender] */
static sp_value socket_recvfrom_common(sp_value self, int argc_, const sp_value *argv, int nonblock)
{
    struct sockaddr_storage from;
    socklen_t fl = sizeof from;
    int done;
    sp_value s = recvfrom_message(self, argc_, argv, nonblock, nonblock ? 3 : 2, &from, &fl, &done);
    if (done) return s;
    int type = 0;
    socklen_t tl = sizeof type;
    getsockopt(sock_io(self)->fd, SOL_SOCKET, SO_TYPE, &type, &tl);
    sp_value a[2] = { s, sp_addrinfo_new((struct sockaddr *)&from, fl, type, 0) };
    return sp_ary_new_from(2, a);
}
SP_METHOD(socket_recvfrom) { return socket_recvfrom_common(self, argc_, argv, 0); }
SP_METHOD(socket_recvfrom_nb) { return socket_recvfrom_common(self, argc_, argv, 1); }

/* ------------------------------------------------------------------ */
/* Addrinfo#connect, #connect_from, #connect_to, #bind, #listen (CRuby's
 * socket.rb): a Socket of the Addrinfo's family, type and protocol;
 * given to the block and closed after it, or returned. */

static sp_value ai_socket(sp_value ai)
{
    sp_value a[3] = { sp_funcall0(ai, "pfamily"), sp_funcall0(ai, "socktype"), sp_funcall0(ai, "protocol") };
    return sp_sock_wrap(sp_cSocket, new_socket((int)sp_num_to_long(a[0]), (int)sp_num_to_long(a[1]), (int)sp_num_to_long(a[2])));
}

/* The timeout: keyword of argv (removed from *argc) -> deadline, 0 none */
static int64_t ai_kw_timeout(int argc_, const sp_value *argv, int *argc)
{
    *argc = SP_ARGC(argc_);
    if (!(argc_ & SP_ARGC_KW) || *argc == 0) return 0;
    (*argc)--;
    sp_value t = sp_hash_lookup(argv[*argc], sp_sym("timeout"), SP_NIL);
    return t == SP_NIL ? 0 : sp_sched_now() + (int64_t)(sp_num_to_double(t) * 1e9) + 1;
}

/* remote.connect with local (an Addrinfo or nil) bound first */
static sp_value ai_connect_internal(sp_value remote, sp_value local, int64_t deadline, sp_value blk)
{
    sp_value s = ai_socket(remote);
    if (local != SP_NIL) {
        sp_value la = sp_sock_sockaddr_of(local);
        if (bind(SP_IO(s)->fd, (const struct sockaddr *)sp_str_ptr(la), (socklen_t)sp_str_len(la)) < 0) {
            int e = errno;
            sp_io_close(s);
            sp_raise_syserr(e, "bind(2)");
        }
    }
    sp_value ra = sp_sock_sockaddr_of(remote);
    int err = connect_wait(s, (const struct sockaddr *)sp_str_ptr(ra), (socklen_t)sp_str_len(ra), deadline);
    if (err) {
        sp_io_close(s);
        sp_raise_syserr(err, err == ETIMEDOUT && deadline ? "user specified timeout" : "connect(2)");
    }
    return sp_sock_open_block(s, blk);
}

/* The Addrinfo of args for self's family: an Addrinfo, or family_addrinfo's arguments */
static sp_value ai_peer(sp_value self, int argc, const sp_value *argv)
{
    return sp_funcall(self, sp_intern("family_addrinfo"), argc, argv, SP_NIL);
}

SP_METHOD(ai_connect)
{
    int n;
    int64_t deadline = ai_kw_timeout(argc_, argv, &n);
    if (n != 0) sp_raise_arity(n, 0, 0);
    return ai_connect_internal(self, SP_NIL, deadline, blk);
}
SP_METHOD(ai_connect_from)
{
    int n;
    int64_t deadline = ai_kw_timeout(argc_, argv, &n);
    return ai_connect_internal(self, ai_peer(self, n, argv), deadline, blk);
}
SP_METHOD(ai_connect_to)
{
    int n;
    int64_t deadline = ai_kw_timeout(argc_, argv, &n);
    return ai_connect_internal(ai_peer(self, n, argv), self, deadline, blk);
}

/* A socket bound to self, SO_REUSEADDR set (and IPV6_V6ONLY for IPv6) */
static sp_value ai_bound(sp_value self)
{
    sp_value s = ai_socket(self);
    int fd = SP_IO(s)->fd, one = 1;
    sp_value sa = sp_sock_sockaddr_of(self);
    const struct sockaddr *p = (const struct sockaddr *)sp_str_ptr(sa);
    if (p->sa_family == AF_INET6) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, p, (socklen_t)sp_str_len(sa)) < 0) {
        int e = errno;
        sp_io_close(s);
        sp_raise_syserr(e, "bind(2)");
    }
    return s;
}
SP_METHOD(ai_bind)
{
    return sp_sock_open_block(ai_bound(self), blk);
}
SP_METHOD(ai_listen)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    sp_value s = ai_bound(self);
    if (listen(SP_IO(s)->fd, argc > 0 ? (int)sp_num_to_long(argv[0]) : SOMAXCONN) < 0) {
        int e = errno;
        sp_io_close(s);
        sp_raise_syserr(e, "listen(2)");
    }
    return sp_sock_open_block(s, blk);
}

/* Socket.getaddrinfo(host, port, family = nil, socktype = nil, protocol = nil, flags = nil,
 *                    reverse_lookup = nil)
 * -> [["AF_INET", port, host, host, family, socktype, protocol], ...] */
SP_METHOD(socket_s_getaddrinfo)
{
    if (argc < 2 || argc > 7) sp_raise_arity(argc, 2, 7);
    char pbuf[64];
    port_arg(argv[1], pbuf, sizeof pbuf);
    int fam = argc > 2 && argv[2] != SP_NIL ? sp_sock_family(argv[2]) : AF_UNSPEC;
    int type = argc > 3 && argv[3] != SP_NIL ? pair_type(argv[3]) : 0;
    int flags = argc > 5 && argv[5] != SP_NIL ? (int)sp_num_to_long(argv[5]) : 0;
    int reverse = sp_sock_reverse_arg(SP_NIL, argc, argv, 6);
    struct addrinfo *res = sp_sock_resolve(host_arg(argv[0]), pbuf, fam, type, flags);
    sp_value out = sp_ary_new();
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        sp_value base = sp_sock_addr_ary_rev(ai->ai_addr, ai->ai_addrlen, reverse);
        sp_ary_push(base, SP_FIX(ai->ai_family));
        sp_ary_push(base, SP_FIX(ai->ai_socktype));
        sp_ary_push(base, SP_FIX(ai->ai_protocol));
        sp_ary_push(out, base);
    }
    freeaddrinfo(res);
    return out;
}

SP_METHOD(socket_s_gethostname)
{
    char buf[256];
    if (gethostname(buf, sizeof buf) < 0) sp_raise_syserr(errno, "gethostname(3)");
    buf[sizeof buf - 1] = 0;
    return sp_str_new_cstr(buf);
}

/* ------------------------------------------------------------------ */

void sp_init_socket(void)
{
    i_dnrl = sp_intern("__dnrl");
    sp_eSocketError = sp_define_class("SocketError", sp_eStandardError);
    sp_cBasicSocket = sp_define_class("BasicSocket", sp_cIO);
    cIPSocket = sp_define_class("IPSocket", sp_cBasicSocket);
    cTCPSocket = sp_define_class("TCPSocket", cIPSocket);
    cTCPServer = sp_define_class("TCPServer", cTCPSocket);
    cUDPSocket = sp_define_class("UDPSocket", cIPSocket);
    cUNIXSocket = sp_define_class("UNIXSocket", sp_cBasicSocket);
    cUNIXServer = sp_define_class("UNIXServer", cUNIXSocket);
    sp_cSocket = sp_define_class("Socket", sp_cBasicSocket);
    eResolution = sp_define_class_under(sp_cSocket, "ResolutionError", sp_eSocketError);
    sp_init_socket_consts(sp_cSocket);

    sp_value B = sp_cBasicSocket;
    sp_define_singleton_method(B, "for_fd", bs_s_for_fd, 1);
    sp_define_singleton_method(B, "do_not_reverse_lookup", bs_s_dnrl, 0);
    sp_define_singleton_method(B, "do_not_reverse_lookup=", bs_s_set_dnrl, 1);
    sp_define_method(B, "do_not_reverse_lookup", bs_dnrl, 0);
    sp_define_method(B, "inspect", bs_inspect, 0);
    sp_define_method(B, "binmode?", bs_binmode_p, 0);
    sp_define_method(cIPSocket, "inspect", ip_inspect, 0);
    sp_define_method(B, "do_not_reverse_lookup=", bs_set_dnrl, 1);
    sp_define_method(B, "send", bs_send, -1);
    sp_define_method(B, "recv", bs_recv, -1);
    sp_define_method(B, "recv_nonblock", bs_recv_nonblock, -1);
    sp_define_method(B, "shutdown", bs_shutdown, -1);
    sp_define_method(B, "close_read", bs_close_read, 0);
    sp_define_method(B, "close_write", bs_close_write, 0);
    sp_define_method(B, "setsockopt", bs_setsockopt, -1);
    sp_define_method(B, "getsockopt", bs_getsockopt, -1);
    sp_define_method(B, "local_address", bs_local_address, 0);
    sp_define_method(B, "connect_address", bs_connect_address, 0);
    sp_define_method(B, "getsockname", bs_getsockname, 0);
    sp_define_method(B, "getpeername", bs_getpeername, 0);
    sp_define_method(B, "remote_address", bs_remote_address, 0);

    sp_define_method(cIPSocket, "addr", ip_addr, -1);
    sp_define_method(cIPSocket, "peeraddr", ip_peeraddr, -1);
    sp_define_method(cIPSocket, "recvfrom", ip_recvfrom, -1);

    sp_define_singleton_method(cTCPSocket, "new", tcp_s_new, -1);
    sp_define_singleton_method(cTCPSocket, "open", tcp_s_open, -1);
    sp_define_singleton_method(cTCPServer, "new", tcpserver_s_new, -1);
    sp_define_singleton_method(cTCPServer, "open", tcpserver_s_open, -1);
    sp_define_method(cTCPServer, "accept", tcpserver_accept, 0);
    sp_define_method(cTCPServer, "accept_nonblock", tcpserver_accept_nb, -1);
    sp_define_method(cTCPServer, "listen", sock_listen, 1);

    sp_define_singleton_method(cUNIXSocket, "new", unix_s_new, -1);
    sp_define_singleton_method(cUNIXSocket, "open", unix_s_open, -1);
    sp_define_singleton_method(cUNIXSocket, "pair", unix_s_pair, -1);
    sp_define_singleton_method(cUNIXSocket, "socketpair", unix_s_pair, -1);
    sp_define_method(cUNIXSocket, "path", unix_path, 0);
    sp_define_method(cUNIXSocket, "addr", ip_addr, 0);
    sp_define_method(cUNIXSocket, "peeraddr", ip_peeraddr, 0);
    sp_define_method(cUNIXSocket, "recvfrom", ip_recvfrom, -1);
    sp_define_singleton_method(cUNIXServer, "new", unixserver_s_new, -1);
    sp_define_singleton_method(cUNIXServer, "open", unixserver_s_open, -1);
    sp_define_method(cUNIXServer, "accept", unixserver_accept, 0);
    sp_define_method(cUNIXServer, "accept_nonblock", unixserver_accept_nb, -1);
    sp_define_method(cUNIXServer, "listen", sock_listen, 1);

    sp_define_singleton_method(cUDPSocket, "new", udp_s_new, -1);
    sp_define_singleton_method(cUDPSocket, "open", udp_s_open, -1);
    sp_define_method(cUDPSocket, "bind", udp_bind, -1);
    sp_define_method(cUDPSocket, "connect", udp_connect, -1);
    sp_define_method(cUDPSocket, "send", udp_send, -1);
    sp_define_method(cUDPSocket, "recvfrom_nonblock", udp_recvfrom_nb, -1);

    sp_value S = sp_cSocket;
    sp_define_singleton_method(S, "new", socket_s_new, -1);
    sp_define_singleton_method(S, "tcp", socket_s_tcp, -1);
    sp_define_singleton_method(S, "pair", socket_s_pair, -1);
    sp_define_singleton_method(S, "socketpair", socket_s_pair, -1);
    sp_define_singleton_method(S, "getaddrinfo", socket_s_getaddrinfo, -1);
    sp_define_singleton_method(S, "gethostname", socket_s_gethostname, 0);
    sp_define_method(S, "connect", socket_connect, 1);
    sp_define_method(S, "bind", socket_bind, 1);
    sp_define_method(S, "listen", sock_listen, 1);
    sp_define_method(S, "accept", socket_accept, 0);
    sp_define_method(S, "accept_nonblock", socket_accept_nb, -1);
    sp_define_method(S, "sysaccept", socket_sysaccept, 0);
    sp_define_method(S, "connect_nonblock", socket_connect_nb, -1);
    sp_define_method(S, "recvfrom", socket_recvfrom, -1);
    sp_define_method(S, "recvfrom_nonblock", socket_recvfrom_nb, -1);
    sp_define_method(cTCPServer, "sysaccept", server_sysaccept, 0);
    sp_define_method(cUNIXServer, "sysaccept", server_sysaccept, 0);

    sp_init_addrinfo();
    sp_value A = sp_const_get(sp_cObject, sp_intern("Addrinfo"));
    sp_define_method(A, "connect", ai_connect, -1);
    sp_define_method(A, "connect_from", ai_connect_from, -1);
    sp_define_method(A, "connect_to", ai_connect_to, -1);
    sp_define_method(A, "bind", ai_bind, 0);
    sp_define_method(A, "listen", ai_listen, -1);
    sp_init_socket_msg();
    sp_init_socket_name(cTCPSocket, cIPSocket);
}

#define _GNU_SOURCE
/*
 * sp_io_nb.c — readiness and unbuffered I/O on IO objects: IO.select,
 * IO#wait_readable/wait_writable/wait/ready? (io/wait), read_nonblock /
 * write_nonblock (IO::WaitReadable, IO::EAGAINWaitReadable ...),
 * readpartial, sysread/syswrite/sysseek, nonblock=/nonblock? (io/nonblock)
 * and fcntl.  The IO record and its buffers are sp_io.c's (sp_io_int.h).
 *
 * Waiting never holds a worker: one fd parks the green thread in
 * sp_sched_wait_fd through sp_io_wait_locked (so close wakes it); IO.select
 * over several fds puts them in a private epoll set and parks on that set's
 * fd (an epoll fd is itself readable when any member is ready), then polls
 * the members with a zero timeout to build the answer.  Readiness is
 * always re-checked with poll(2): a wake may be spurious.  Data already in
 * an IO's read buffer counts as readable, as in CRuby.
 */
#include "sp_io_int.h"
#include "sp_string.h"
#include "sp_array.h"
#include "sp_hash.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <unistd.h>

static sp_value cWaitReadable, cWaitWritable, cEAGAINRead, cEAGAINWrite;

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

static sp_io *to_io(sp_value v)
{
    if (sp_io_p(v)) return SP_IO(v);
    if (!SP_SPECIAL_CONST_P(v) && sp_respond_to(v, sp_intern("to_io"), 1)) {
        sp_value r = sp_funcall0(v, "to_io");
        if (sp_io_p(r)) return SP_IO(r);
    }
    sp_raise_type(v, "IO");
}

static void check_open(sp_io *io)
{
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
}

/* A timeout argument (nil: none) as an absolute deadline; 0 means none,
 * so an already-due deadline is "now" (at least 1). */
static int64_t deadline_of(sp_value t)
{
    if (t == SP_NIL) return 0;
    double d = sp_num_to_double(t);
    if (d < 0 || isnan(d)) sp_raise(sp_eArgError, "time interval must not be negative");
    return sp_sched_now() + (int64_t)(d * 1e9) + 1;
}

/* The keyword `exception:` of the *_nonblock methods (default true);
 * strips the keyword hash from the count. */
static int kw_exception(int argc_, const sp_value *argv, int *n)
{
    *n = SP_ARGC(argc_);
    if (!(argc_ & SP_ARGC_KW)) return 1;
    (*n)--;
    return SP_RTEST(sp_hash_lookup(argv[*n], sp_sym("exception"), SP_TRUE));
}

static int buffered(sp_io *io) { return io->rpos < io->rlen; }

/* One poll(2) of fd with timeout ms (0: just look). */
static int poll_one(int fd, short events, int ms)
{
    struct pollfd p = { .fd = fd, .events = events };
    int r;
    do r = poll(&p, 1, ms); while (r < 0 && errno == EINTR && ms == 0);
    return r > 0 ? p.revents : 0;
}

static void set_nonblock(int fd, int on)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0) sp_raise_syserr(errno, NULL);
    int nf = on ? (fl | O_NONBLOCK) : (fl & ~O_NONBLOCK);
    if (nf != fl && fcntl(fd, F_SETFL, nf) < 0) sp_raise_syserr(errno, NULL);
}

/* CRuby's IO::EAGAINWaitReadable "Resource temporarily unavailable - read
 * would block" (an Errno::EAGAIN that includes IO::WaitReadable). */
SP_NORETURN void sp_io_raise_would_block(int writing, const char *what)
{
    sp_value k = writing ? cEAGAINWrite : cEAGAINRead;
    sp_value exc = sp_exc_new_str(k, sp_str_new_cstr(what));
    sp_ivar_set(exc, sp_intern("__errno"), SP_FIX(EAGAIN));
    sp_raise_exc(exc);
}

static SP_NORETURN void raise_eof(void)
{
    sp_raise(sp_eEOFError, "end of file reached");
}

/* The result string: a new one, or outbuf replaced by the bytes. */
sp_value sp_io_give(sp_value outbuf, const char *p, size_t n)
{
    sp_value s = sp_str_new(p, n);
    if (outbuf == SP_NIL) return s;
    sp_funcall(outbuf, sp_intern("replace"), 1, &s, SP_NIL);
    return outbuf;
}

static long maxlen_arg(sp_value v)
{
    long n = (long)sp_num_to_long(v);
    if (n < 0) sp_raise(sp_eArgError, "negative length %ld given", n);
    return n;
}

/* Take up to n buffered bytes (caller holds io->lock, buffer not empty). */
sp_value sp_io_take_buffered(sp_io *io, long n, sp_value outbuf)
{
    size_t avail = io->rlen - io->rpos;
    if ((size_t)n > avail) n = (long)avail;
    sp_value s = sp_io_give(outbuf, io->rbuf + io->rpos, (size_t)n);
    io->rpos += (size_t)n;
    return s;
}

/* ------------------------------------------------------------------ */
/* Waiting on one IO                                                   */

int sp_io_wait_ready(sp_io *io, int events, int64_t deadline)
{
    short pev = (short)(((events & SP_FD_READ) ? POLLIN : 0) | ((events & SP_FD_WRITE) ? POLLOUT : 0));
    int fd = (events & SP_FD_WRITE) && !(events & SP_FD_READ) ? SP_IO_WFD(io) : io->fd;
    sp_io_lock(io);
    for (;;) {
        if (io->closed) { pthread_mutex_unlock(&io->lock); sp_raise(sp_eIOError, "closed stream"); }
        if (((events & SP_FD_READ) && buffered(io)) || poll_one(fd, pev, 0)) break;
        if (deadline && sp_sched_now() >= deadline) { pthread_mutex_unlock(&io->lock); return 0; }
        sp_io_wait_locked(io, events, deadline);
    }
    pthread_mutex_unlock(&io->lock);
    return 1;
}

/* IO#wait_readable(timeout = nil) -> self or nil */
SP_METHOD(io_wait_readable_m)
{
    sp_io *io = SP_IO(self);
    sp_io_check_readable(io);
    return sp_io_wait_ready(io, SP_FD_READ, deadline_of(argc > 0 ? argv[0] : SP_NIL)) ? self : SP_NIL;
}

/* IO#wait_writable(timeout = nil) -> self or nil */
SP_METHOD(io_wait_writable_m)
{
    sp_io *io = SP_IO(self);
    sp_io_check_writable(io);
    return sp_io_wait_ready(io, SP_FD_WRITE, deadline_of(argc > 0 ? argv[0] : SP_NIL)) ? self : SP_NIL;
}

/* IO#wait(events, timeout) / IO#wait(timeout = nil, mode = :read) */
/* wait_mode_sym: the events of one mode Symbol of IO#wait */
static int wait_mode_sym(sp_value sym)
{
    const char *m = sp_id_name(SP_SYM2ID(sym));
    if (!strcmp(m, "r") || !strcmp(m, "read") || !strcmp(m, "readable")) return SP_FD_READ;
    if (!strcmp(m, "w") || !strcmp(m, "write") || !strcmp(m, "writable")) return SP_FD_WRITE;
    if (!strcmp(m, "rw") || !strcmp(m, "read_write") || !strcmp(m, "readable_writable"))
        return SP_FD_READ | SP_FD_WRITE;
    sp_raise(sp_eArgError, "unsupported mode: %s", m);
}

/* The IO::READABLE/WRITABLE mask of what is ready now among events. */
static long ready_mask(sp_io *io, int events)
{
    long mask = 0;
    if ((events & SP_FD_READ) && (buffered(io) || poll_one(io->fd, POLLIN, 0))) mask |= 1;
    if ((events & SP_FD_WRITE) && poll_one(SP_IO_WFD(io), POLLOUT, 0)) mask |= 4;
    return mask;
}

/* IO#wait(events, timeout) -> the ready events mask or nil (CRuby's fast
 * form: exactly two arguments, neither a Symbol);
 * IO#wait(timeout = nil, mode...) -> self or nil, modes :r/:w/:rw and
 * their long names in any order, READABLE when none is given. */
SP_METHOD(io_wait_m)
{
    sp_io *io = SP_IO(self);
    int events = 0, return_io = 1;
    sp_value timeout = SP_NIL;
    if (argc == 2 && !SP_SYMBOL_P(argv[0]) && !SP_SYMBOL_P(argv[1])) {
        long ev = sp_num_to_long(argv[0]);
        if (ev <= 0) sp_raise(sp_eArgError, "Events must be positive integer!");
        events = ((ev & 1) ? SP_FD_READ : 0) | ((ev & 4) ? SP_FD_WRITE : 0);
        timeout = argv[1];
        return_io = 0;
    } else {
        int have_timeout = 0;
        for (int i = 0; i < argc; i++) {
            if (SP_SYMBOL_P(argv[i])) events |= wait_mode_sym(argv[i]);
            else if (have_timeout) sp_raise(sp_eArgError, "timeout given more than once");
            else { timeout = argv[i]; have_timeout = 1; }
        }
        if (!events) events = SP_FD_READ;
    }
    check_open(io);
    if ((events & SP_FD_READ) && buffered(io)) return return_io ? SP_TRUE : SP_FIX(1);
    if (!events) sp_raise(sp_eNotImpError, "IO#wait for IO::PRIORITY alone is not supported by Spinel");
    if (!sp_io_wait_ready(io, events, deadline_of(timeout))) return SP_NIL;
    if (return_io) return self;
    long mask = ready_mask(io, events);
    return mask ? SP_FIX(mask) : SP_FALSE;
}

/* IO#ready? -> true when a read would not block */
SP_METHOD(io_ready_p)
{
    sp_io *io = SP_IO(self);
    sp_io_check_readable(io);
    return SP_BOOL(buffered(io) || poll_one(io->fd, POLLIN, 0));
}

/* IO#nread -> bytes readable without blocking (buffered + FIONREAD) */
SP_METHOD(io_nread)
{
    sp_io *io = SP_IO(self);
    sp_io_check_readable(io);
    if (buffered(io)) return SP_FIX((long)(io->rlen - io->rpos));
    int n = 0;
    if (ioctl(io->fd, FIONREAD, &n) < 0) return SP_FIX(0);
    return SP_FIX(n);
}

/* ------------------------------------------------------------------ */
/* IO.select                                                           */

typedef struct sel_ent { sp_value obj; sp_io *io; int set; } sel_ent;

static void sel_collect(sp_value arr, int set, sel_ent **ents, int *n, int *cap)
{
    if (arr == SP_NIL) return;
    if (!sp_ary_p(arr)) sp_raise_type(arr, "Array");
    long len = sp_ary_len(arr);
    for (long i = 0; i < len; i++) {
        sp_value v = sp_ary_entry_inline(arr, i);
        sp_io *io = to_io(v);
        check_open(io);
        if (*n == *cap) { *cap = *cap ? *cap * 2 : 8; *ents = realloc(*ents, sizeof(sel_ent) * (size_t)*cap); }
        (*ents)[(*n)++] = (sel_ent){ v, io, set };
    }
}

static short sel_events(int set) { return set == 0 ? POLLIN : set == 1 ? POLLOUT : POLLPRI; }

static int sel_fd(const sel_ent *e) { return e->set == 1 ? SP_IO_WFD(e->io) : e->io->fd; }

/* Look once (no wait).  Fills ready[] and returns how many are ready. */
static int sel_look(sel_ent *e, int n, struct pollfd *pf, int *ready)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (e[i].io->closed) sp_raise(sp_eIOError, "closed stream");
        pf[i] = (struct pollfd){ .fd = sel_fd(&e[i]), .events = sel_events(e[i].set) };
    }
    int r;
    do r = poll(pf, (nfds_t)n, 0); while (r < 0 && errno == EINTR);
    if (r < 0) sp_raise_syserr(errno, NULL);
    for (int i = 0; i < n; i++) {
        short want = sel_events(e[i].set);
        /* EOF and errors make a read or write return at once: ready */
        if (e[i].set != 2) want |= POLLHUP | POLLERR | POLLNVAL;
        ready[i] = (pf[i].revents & want) || (e[i].set == 0 && buffered(e[i].io));
        count += ready[i];
    }
    return count;
}

/* Park until one of the fds may be ready (or the deadline). */
static void sel_park(sel_ent *e, int n, int64_t deadline)
{
    if (!sp_sched_started()) {
        struct pollfd *pf = malloc(sizeof *pf * (size_t)n);
        for (int i = 0; i < n; i++) pf[i] = (struct pollfd){ .fd = sel_fd(&e[i]), .events = sel_events(e[i].set) };
        int ms = -1;
        if (deadline) { int64_t left = deadline - sp_sched_now(); ms = left <= 0 ? 0 : (int)((left + 999999) / 1000000); }
        int r = poll(pf, (nfds_t)n, ms);
        int err = errno;
        free(pf);
        if (r < 0 && err == EINTR) sp_sched_check_ints();
        return;
    }
    int ep = epoll_create1(EPOLL_CLOEXEC);
    if (ep < 0) sp_raise_syserr(errno, NULL);
    for (int i = 0; i < n; i++) {
        int fd = sel_fd(&e[i]);
        uint32_t ev = 0;
        for (int j = 0; j < n; j++)      /* one registration per fd: union */
            if (sel_fd(&e[j]) == fd)
                ev |= e[j].set == 0 ? EPOLLIN | EPOLLRDHUP : e[j].set == 1 ? EPOLLOUT : EPOLLPRI;
        struct epoll_event ee = { .events = ev };
        ee.data.fd = fd;
        epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ee);   /* EEXIST for a repeat: fine */
    }
    int why = sp_sched_wait_fd(ep, SP_FD_READ, deadline);
    close(ep);
    if (why == SP_WAKE_INTERRUPT) sp_sched_check_ints();
}

/* IO.select(reads, writes = nil, errors = nil, timeout = nil) */
SP_METHOD(io_s_select)
{
    if (argc < 1 || argc > 4) sp_raise_arity(argc, 1, 4);
    sel_ent *e = NULL;
    int n = 0, cap = 0;
    for (int s = 0; s < 3 && s < argc; s++) sel_collect(argv[s], s, &e, &n, &cap);
    int64_t deadline = deadline_of(argc > 3 ? argv[3] : SP_NIL);
    if (n == 0) {          /* nothing to watch: a sleep */
        free(e);
        if (!deadline) sp_sched_sleep_until(0, SP_PARK_DEADLOCKABLE);
        else while (sp_sched_now() < deadline)
            if (sp_sched_sleep_until(deadline, 0) == SP_WAKE_INTERRUPT) sp_sched_check_ints();
        return SP_NIL;
    }
    struct pollfd *pf = malloc(sizeof *pf * (size_t)n);
    int *ready = malloc(sizeof(int) * (size_t)n);
    while (sel_look(e, n, pf, ready) == 0) {
        if (deadline && sp_sched_now() >= deadline) { free(e); free(pf); free(ready); return SP_NIL; }
        sel_park(e, n, deadline);
    }
    sp_value res[3] = { sp_ary_new(), sp_ary_new(), sp_ary_new() };
    for (int i = 0; i < n; i++)
        if (ready[i]) sp_ary_push(res[e[i].set], e[i].obj);
    free(e); free(pf); free(ready);
    return sp_ary_new_from(3, res);
}

/* ------------------------------------------------------------------ */
/* Unbuffered and non-blocking reads and writes                        */

/* read(2) of up to n bytes into a new string (or outbuf): returns the
 * byte count, 0 at EOF, -1 with errno. */
static ssize_t raw_read(int fd, long n, sp_value *out, sp_value outbuf)
{
    char stackbuf[16384];
    char *buf = (size_t)n <= sizeof stackbuf ? stackbuf : malloc((size_t)n);
    ssize_t r;
    do r = read(fd, buf, (size_t)n); while (r < 0 && errno == EINTR);
    int err = errno;
    if (r > 0) *out = sp_io_give(outbuf, buf, (size_t)r);
    if (buf != stackbuf) free(buf);
    errno = err;
    return r;
}

/* IO#read_nonblock(maxlen, outbuf = nil, exception: true) */
SP_METHOD(io_read_nonblock)
{
    int n;
    int exc = kw_exception(argc_, argv, &n);
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_io *io = SP_IO(self);
    sp_io_check_readable(io);
    long len = maxlen_arg(argv[0]);
    sp_value outbuf = n > 1 ? argv[1] : SP_NIL;
    if (len == 0) return sp_io_give(outbuf, "", 0);
    sp_io_lock(io);
    if (buffered(io)) {
        sp_value s = sp_io_take_buffered(io, len, outbuf);
        pthread_mutex_unlock(&io->lock);
        return s;
    }
    pthread_mutex_unlock(&io->lock);
    set_nonblock(io->fd, 1);      /* as CRuby: the fd stays non-blocking */
    io->nbfd = 1;
    sp_value s = SP_NIL;
    ssize_t r = raw_read(io->fd, len, &s, outbuf);
    if (r > 0) return s;
    if (r == 0) { if (!exc) return SP_NIL; raise_eof(); }
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
        if (!exc) return sp_sym("wait_readable");
        sp_io_raise_would_block(0, "read would block");
    }
    sp_raise_syserr(errno, NULL);
}

/* IO#write_nonblock(string, exception: true) -> bytes written */
SP_METHOD(io_write_nonblock)
{
    int n;
    int exc = kw_exception(argc_, argv, &n);
    if (n != 1) sp_raise_arity(n, 1, 1);
    sp_io *io = SP_IO(self);
    sp_io_check_writable(io);
    sp_value str = sp_to_s(argv[0]);
    sp_io_lock(io);
    int err = sp_io_flush_locked(io);
    pthread_mutex_unlock(&io->lock);
    if (err) sp_raise_syserr(err, NULL);
    int fd = SP_IO_WFD(io);
    set_nonblock(fd, 1);
    ssize_t w;
    do w = write(fd, sp_str_ptr(str), sp_str_len(str)); while (w < 0 && errno == EINTR);
    if (w >= 0) return SP_FIX(w);
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
        if (!exc) return sp_sym("wait_writable");
        sp_io_raise_would_block(1, "write would block");
    }
    sp_raise_syserr(errno, NULL);
}

/* IO#readpartial(maxlen, outbuf = nil): what is there, waiting only when
 * nothing is; EOFError at end of file. */
SP_METHOD(io_readpartial)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_io *io = SP_IO(self);
    sp_io_check_readable(io);
    long len = maxlen_arg(argv[0]);
    sp_value outbuf = argc > 1 ? argv[1] : SP_NIL;
    if (len == 0) return sp_io_give(outbuf, "", 0);
    sp_io_lock(io);
    if (!buffered(io)) {
        io->eof = 0;                /* a pipe may have more after a 0-byte read race */
        if (!sp_io_fill_locked(io) && !buffered(io)) {
            int closed = io->closed;
            pthread_mutex_unlock(&io->lock);
            if (closed) sp_raise(sp_eIOError, "stream closed in another thread");
            raise_eof();
        }
    }
    sp_value s = sp_io_take_buffered(io, len, outbuf);
    pthread_mutex_unlock(&io->lock);
    return s;
}

/* IO#sysread(maxlen, outbuf = nil): one read(2), parking first on a pipe
 * or socket; IOError when the IO has buffered data (as CRuby). */
SP_METHOD(io_sysread)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_io *io = SP_IO(self);
    sp_io_check_readable(io);
    long len = maxlen_arg(argv[0]);
    sp_value outbuf = argc > 1 ? argv[1] : SP_NIL;
    if (buffered(io)) sp_raise(sp_eIOError, "sysread for buffered IO");
    if (len == 0) return sp_io_give(outbuf, "", 0);
    for (;;) {
        if (sp_io_pollable(io)) sp_io_wait_ready(io, SP_FD_READ, 0);
        sp_value s = SP_NIL;
        sp_blocking_begin();
        ssize_t r = raw_read(io->fd, len, &s, outbuf);
        int err = errno;
        sp_blocking_end();
        if (r > 0) return s;
        if (r == 0) raise_eof();
        if (err == EAGAIN || err == EWOULDBLOCK) continue;
        sp_raise_syserr(err, NULL);
    }
}

/* IO#syswrite(string) -> bytes written (all of them; parks on a full
 * non-blocking pipe or socket). */
SP_METHOD(io_syswrite)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    sp_io *io = SP_IO(self);
    sp_io_check_writable(io);
    sp_value str = sp_to_s(argv[0]);
    const char *p = sp_str_ptr(str);
    size_t n = sp_str_len(str), done = 0;
    int fd = SP_IO_WFD(io);
    while (done < n) {
        sp_blocking_begin();
        ssize_t w;
        do w = write(fd, p + done, n - done); while (w < 0 && errno == EINTR);
        int err = errno;
        sp_blocking_end();
        if (w >= 0) { done += (size_t)w; continue; }
        if (err == EAGAIN || err == EWOULDBLOCK) { sp_io_wait_ready(io, SP_FD_WRITE, 0); continue; }
        sp_raise_syserr(err, NULL);
    }
    return SP_FIX((long)n);
}

/* IO#sysseek(offset, whence = IO::SEEK_SET) -> new offset */
SP_METHOD(io_sysseek)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_io *io = SP_IO(self);
    check_open(io);
    if (buffered(io)) sp_raise(sp_eIOError, "sysseek for buffered IO");
    int whence = SEEK_SET;
    if (argc > 1) {
        if (SP_SYMBOL_P(argv[1])) {
            const char *w = sp_id_name(SP_SYM2ID(argv[1]));
            whence = !strcmp(w, "CUR") ? SEEK_CUR : !strcmp(w, "END") ? SEEK_END : SEEK_SET;
        } else whence = (int)sp_num_to_long(argv[1]);
    }
    off_t r = lseek(io->fd, (off_t)sp_num_to_long(argv[0]), whence);
    if (r < 0) sp_raise_syserr(errno, NULL);
    return SP_FIX((long)r);
}

/* IO#nonblock=(bool), IO#nonblock? (io/nonblock) */
SP_METHOD(io_set_nonblock)
{
    sp_io *io = SP_IO(self);
    check_open(io);
    set_nonblock(io->fd, SP_RTEST(argv[0]));
    io->nbfd = SP_RTEST(argv[0]);
    return argv[0];
}
SP_METHOD(io_nonblock_p)
{
    sp_io *io = SP_IO(self);
    check_open(io);
    int fl = fcntl(io->fd, F_GETFL);
    if (fl < 0) sp_raise_syserr(errno, NULL);
    return SP_BOOL(fl & O_NONBLOCK);
}

/* IO#fcntl(cmd, arg = 0): integer commands only (F_GETFL, F_SETFL,
 * F_GETFD, F_SETFD, F_DUPFD ...). */
SP_METHOD(io_fcntl)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_io *io = SP_IO(self);
    check_open(io);
    long arg = 0;
    if (argc > 1) {
        if (argv[1] == SP_TRUE) arg = 1;
        else if (argv[1] != SP_FALSE && argv[1] != SP_NIL) arg = (long)sp_num_to_long(argv[1]);
    }
    int r = fcntl(io->fd, (int)sp_num_to_long(argv[0]), arg);
    if (r < 0) sp_raise_syserr(errno, NULL);
    return SP_FIX(r);
}

/* IO#fsync / IO#fdatasync: flush, then the system call in a blocking
 * region (a slow disk holds this worker; sysmon hands its queue on).
 * Returns 0. */
static sp_value io_sync_common(sp_value self, int data)
{
    sp_io *io = SP_IO(self);
    check_open(io);
    sp_io_lock(io);
    int err = sp_io_flush_locked(io);
    pthread_mutex_unlock(&io->lock);
    if (err) sp_raise_syserr(err, NULL);
    sp_blocking_begin();
    int r = data ? fdatasync(io->fd) : fsync(io->fd);
    err = errno;
    sp_blocking_end();
    if (r < 0) sp_raise_syserr(err, NULL);     /* EINVAL for pipes, as CRuby */
    return SP_FIX(0);
}
SP_METHOD(io_fsync) { return io_sync_common(self, 0); }
SP_METHOD(io_fdatasync) { return io_sync_common(self, 1); }
SP_METHOD(io_to_io) { return self; }

/* ------------------------------------------------------------------ */

/* require 'fcntl': the Fcntl constants IO#fcntl takes. */
void sp_init_fcntl(void)
{
    sp_value F = sp_define_module("Fcntl");
    static const struct { const char *name; long v; } k[] = {
        { "F_DUPFD", F_DUPFD }, { "F_GETFD", F_GETFD }, { "F_SETFD", F_SETFD },
        { "F_GETFL", F_GETFL }, { "F_SETFL", F_SETFL }, { "F_GETLK", F_GETLK },
        { "F_SETLK", F_SETLK }, { "F_SETLKW", F_SETLKW }, { "FD_CLOEXEC", FD_CLOEXEC },
        { "F_RDLCK", F_RDLCK }, { "F_UNLCK", F_UNLCK }, { "F_WRLCK", F_WRLCK },
        { "F_DUPFD_CLOEXEC", F_DUPFD_CLOEXEC },
        { "O_CREAT", O_CREAT }, { "O_EXCL", O_EXCL }, { "O_NOCTTY", O_NOCTTY },
        { "O_TRUNC", O_TRUNC }, { "O_APPEND", O_APPEND }, { "O_NONBLOCK", O_NONBLOCK },
        { "O_NDELAY", O_NDELAY }, { "O_RDONLY", O_RDONLY }, { "O_RDWR", O_RDWR },
        { "O_WRONLY", O_WRONLY }, { "O_ACCMODE", O_ACCMODE },
    };
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
        sp_define_const(F, k[i].name, SP_FIX(k[i].v));
    sp_define_const(F, "VERSION", sp_str_new_frozen("1.1.0", 5));
}

/* IO#close_on_exec? / #close_on_exec=: the fd's FD_CLOEXEC flag */
SP_METHOD(io_close_on_exec_p)
{
    sp_io *io = SP_IO(self);
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
    int fl = fcntl(io->fd, F_GETFD);
    if (fl < 0) sp_raise_syserr(errno, NULL);
    return SP_BOOL(fl & FD_CLOEXEC);
}
SP_METHOD(io_set_close_on_exec)
{
    sp_io *io = SP_IO(self);
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
    int fl = fcntl(io->fd, F_GETFD);
    if (fl < 0 || fcntl(io->fd, F_SETFD, SP_RTEST(argv[0]) ? fl | FD_CLOEXEC : fl & ~FD_CLOEXEC) < 0)
        sp_raise_syserr(errno, NULL);
    return argv[0];
}

void sp_init_io_nb(void)
{
    sp_value I = sp_cIO;
    cWaitReadable = sp_define_module_under(I, "WaitReadable");
    cWaitWritable = sp_define_module_under(I, "WaitWritable");
    sp_value eagain = sp_const_get(sp_mErrno, sp_intern("EAGAIN"));
    cEAGAINRead = sp_define_class_under(I, "EAGAINWaitReadable", eagain);
    sp_include_module(cEAGAINRead, cWaitReadable);
    cEAGAINWrite = sp_define_class_under(I, "EAGAINWaitWritable", eagain);
    sp_include_module(cEAGAINWrite, cWaitWritable);
    sp_value einprogress = sp_const_get(sp_mErrno, sp_intern("EINPROGRESS"));
    sp_value cEINPROGRESSWrite = sp_define_class_under(I, "EINPROGRESSWaitWritable", einprogress);
    sp_include_module(cEINPROGRESSWrite, cWaitWritable);
    sp_define_const(I, "EWOULDBLOCKWaitReadable", cEAGAINRead);
    sp_define_const(I, "EWOULDBLOCKWaitWritable", cEAGAINWrite);
    sp_define_const(I, "READABLE", SP_FIX(1));
    sp_define_const(I, "PRIORITY", SP_FIX(2));
    sp_define_const(I, "WRITABLE", SP_FIX(4));
    sp_define_const(I, "SEEK_SET", SP_FIX(SEEK_SET));
    sp_define_const(I, "SEEK_CUR", SP_FIX(SEEK_CUR));
    sp_define_const(I, "SEEK_END", SP_FIX(SEEK_END));

    sp_define_singleton_method(I, "select", io_s_select, -1);
    sp_define_method(I, "wait_readable", io_wait_readable_m, -1);
    sp_define_method(I, "wait_writable", io_wait_writable_m, -1);
    sp_define_method(I, "wait", io_wait_m, -1);
    sp_define_method(I, "ready?", io_ready_p, 0);
    sp_define_method(I, "nread", io_nread, 0);
    sp_define_method(I, "read_nonblock", io_read_nonblock, -1);
    sp_define_method(I, "write_nonblock", io_write_nonblock, -1);
    sp_define_method(I, "readpartial", io_readpartial, -1);
    sp_define_method(I, "sysread", io_sysread, -1);
    sp_define_method(I, "syswrite", io_syswrite, -1);
    sp_define_method(I, "sysseek", io_sysseek, -1);
    sp_define_method(I, "nonblock=", io_set_nonblock, 1);
    sp_define_method(I, "nonblock?", io_nonblock_p, 0);
    sp_define_method(I, "fcntl", io_fcntl, -1);
    sp_define_method(I, "fsync", io_fsync, 0);
    sp_define_method(I, "close_on_exec?", io_close_on_exec_p, 0);
    sp_define_method(I, "close_on_exec=", io_set_close_on_exec, 1);
    sp_define_method(I, "fdatasync", io_fdatasync, 0);
    sp_define_method(I, "to_io", io_to_io, 0);
}

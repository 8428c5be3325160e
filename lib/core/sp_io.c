#define _GNU_SOURCE
/*
 * sp_io.c — Kernel#puts/print/p/printf/putc/gets/open, IO for the
 * standard streams, and File (open modes r/w/a with +, File::Constants
 * flags, class-level read/write/readlines/foreach, path functions,
 * queries; Errno errors with CRuby's "@ function - path" messages via
 * sp_raise_syserr_path in sp_dir.c).  Kernel#pp's layout is sp_pp.c.
 *
 * Representation: sp_io {hdr, fd, write buffer, read buffer, lock}.
 * stdout is fully buffered (64 KiB) when it is not a terminal and line
 * buffered when it is; stderr is unbuffered (written through at once),
 * like CRuby.  Each IO has its own pthread mutex, held only while bytes
 * are copied into the buffer or written with write(2) — never while Ruby
 * code runs — so a green thread can never park holding it and output
 * from parallel threads interleaves at whole-call granularity.
 * sp_flush_all() (called by sp_main_finish and atexit) flushes both.
 * A File open for reading and writing shares its one kernel offset
 * between the buffers: pending writes are flushed before a read refill,
 * and read-ahead is given back (lseek) before a write, so pos/seek/rewind
 * see the logical position.
 * Cost: puts of a short string is a memcpy into the buffer plus a lock.
 *
 * Waiting: a read from a pipe, socket or terminal first polls; when no
 * byte is ready the green thread parks in sp_sched_wait_fd with io->lock
 * released (the worker runs other threads; Thread#raise/kill interrupt the
 * wait).  Regular files read inside sp_blocking_begin/end, and write(2)
 * always runs in a blocking region (a full pipe can block it).  IO.pipe
 * makes close-on-exec pipes (write end sync); IO.popen (sp_process.c)
 * IOs carry the child's pid (reaped by close) and, for "r+", a second fd
 * for writes (wfd).
 */
#include "sp_string.h"
#include "sp_numeric.h"
#include "sp_array.h"
#include "sp_hash.h"
#include "sp_enum.h"
#include "sp_io.h"
#include "sp_sched.h"
#include "sp_io_int.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#define IO(v) ((sp_io *)(v))
sp_value sp_any_to_s(sp_value obj);   /* sp_object.c: #<Foo> */

extern long sp_last_lineno;   /* $. (sp_argf.c) */
sp_value sp_stdout_obj = SP_NIL, sp_stderr_obj = SP_NIL, sp_stdin_obj = SP_NIL;
static sp_value cur_stdout = SP_NIL, cur_stderr = SP_NIL;
static sp_value cFile;

/* $stdout = obj: obj must respond to write (CRuby's TypeError). */
static void check_write_method(sp_value v, const char *gv)
{
    if (!sp_respond_to(v, sp_intern("write"), 0))
        sp_raise(sp_eTypeError, "%s must have write method, %s given", gv, sp_obj_classname(v));
}
sp_value sp_io_get_stdout(void) { return cur_stdout; }
void sp_io_set_stdout(sp_value v) { check_write_method(v, "$stdout"); cur_stdout = v; }
sp_value sp_io_get_stderr(void) { return cur_stderr; }
void sp_io_set_stderr(sp_value v) { check_write_method(v, "$stderr"); cur_stderr = v; }

#define IO_BUF_SIZE 65536   /* initial read and write buffer size */

static void io_finalize(void *obj, void *cd);
static void reg_add(sp_io *io);

static void io_init(sp_io *io, sp_value klass, int fd, int mode)
{
    io->hdr.klass = (sp_class *)klass;
    io->hdr.type = SP_T_IO;
    io->fd = fd;
    io->mode = mode;
    /* The buffers are taken on first use (io_write, io_fill): a pipe or
     * socket that is opened and closed without traffic cost two 64 KiB
     * mallocs, each a brk up and a trim down. */
    io->wcap = IO_BUF_SIZE;
    io->rcap = IO_BUF_SIZE;
    io->path = SP_NIL;
    io->enc_ext = io->enc_int = SP_NIL;
    io->wfd = -1;
    io->reg = -1;
    pthread_mutex_init(&io->lock, NULL);
}

/* An IO that lives for the whole run (the standard streams, DATA, popen
 * IOs, whose child close must reap). */
static sp_io *io_new(sp_value klass, int fd, int mode)
{
    sp_io *io = GC_MALLOC_UNCOLLECTABLE(sizeof(sp_io));
    io_init(io, klass, fd, mode);
    reg_add(io);
    return io;
}

/* A collectable IO (Files, pipes, sockets): once unreachable, the
 * collector's finalizer flushes, closes and frees it, as CRuby's GC does,
 * so IOs dropped without close do not leak fds. */
static sp_io *io_new_gc(sp_value klass, int fd, int mode)
{
    sp_io *io = GC_MALLOC(sizeof(sp_io));
    io_init(io, klass, fd, mode);
    GC_REGISTER_FINALIZER(io, io_finalize, NULL, NULL, NULL);
    reg_add(io);
    return io;
}

/* The fd writes go to (a duplex popen IO has two). */
#define WFD(io) ((io)->wfd >= 0 ? (io)->wfd : (io)->fd)

/* A full pipe or a slow terminal can block write(2): the loop is a
 * blocking region (sp_sched.h), so the worker's other threads move on. */
/* Returns 0, or EPIPE when the reader is gone (SIGPIPE is caught by a
 * no-op handler, sp_process.c): the caller raises Errno::EPIPE once it has
 * dropped io->lock.  For stdout/stderr the process dies of SIGPIPE
 * instead, as CRuby's does (`prog | head` exits 141, silently).  Other
 * write errors drop the bytes. */
/* nb: fd is non-blocking (io->nbfd), so write(2) itself never waits and
 * the blocking region starts only when the fd is full. */
static int write_all_nb(int fd, const char *p, size_t n, int nb)
{
    int err = 0, region = !nb;
    if (region) sp_blocking_begin();
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                /* a non-blocking fd (socket, nonblock=true) is full: wait
                 * here, in the blocking region (the write buffer cannot be
                 * given up to park: io->lock guards it) */
                if (!region) { sp_blocking_begin(); region = 1; }
                struct pollfd pw = { .fd = fd, .events = POLLOUT };
                poll(&pw, 1, -1);
                continue;
            }
            if (errno == EPIPE) err = EPIPE;
            break;
        }
        p += w; n -= (size_t)w;
    }
    if (region) sp_blocking_end();
    if (err && fd <= 2) {
        signal(SIGPIPE, SIG_DFL);
        raise(SIGPIPE);
    }
    return err;
}
static int write_all(int fd, const char *p, size_t n) { return write_all_nb(fd, p, n, 0); }

/* Caller holds io->lock.  Returns write_all's error. */
static int io_flush_locked(sp_io *io)
{
    int err = 0;
    if (io->wlen) { err = write_all_nb(WFD(io), io->wbuf, io->wlen, io->nbfd); io->wlen = 0; }
    return err;
}

/* A File opened for reading and writing shares one file offset between
 * the two buffers: before writing, give back the read-ahead (seek back
 * over unread bytes); before reading, flush pending writes.  Caller holds
 * io->lock.  Pipes and ttys never have both (lseek just fails there). */
static void io_unread_locked(sp_io *io)
{
    if (io->wfd >= 0) return;      /* duplex pipe: nothing to give back */
    if (io->rlen > io->rpos && io->fd > 2) lseek(io->fd, -(off_t)(io->rlen - io->rpos), SEEK_CUR);
    if (io->fd > 2) { io->rpos = io->rlen = 0; io->eof = 0; }
}

static void io_write(sp_io *io, const char *p, size_t n)
{
    int err = 0;
    sp_io_lock(io);
    if (io->closed) {
        pthread_mutex_unlock(&io->lock);
        sp_raise(sp_eIOError, "closed stream");
    }
    if (io->rlen) io_unread_locked(io);
    if (io->sync || io->fd == 2) {
        err = io_flush_locked(io);
        if (!err) err = write_all_nb(WFD(io), p, n, io->nbfd);
    } else {
        if (io->wlen + n > io->wcap) err = io_flush_locked(io);
        if (!err && n >= io->wcap) err = write_all_nb(WFD(io), p, n, io->nbfd);
        else if (!err) {
            if (!io->wbuf) io->wbuf = malloc(io->wcap);
            memcpy(io->wbuf + io->wlen, p, n);
            io->wlen += n;
        }
        if (!err && io->line_buffered && memchr(p, '\n', n)) err = io_flush_locked(io);
    }
    pthread_mutex_unlock(&io->lock);
    if (err) sp_raise_syserr(err, NULL);
}

static void io_flush(sp_io *io)
{
    sp_io_lock(io);
    int err = io_flush_locked(io);
    pthread_mutex_unlock(&io->lock);
    if (err) sp_raise_syserr(err, NULL);
}

void sp_write_stdout(const char *p, size_t len) { io_write(IO(sp_stdout_obj), p, len); }
void sp_write_stderr(const char *p, size_t len) { io_write(IO(sp_stderr_obj), p, len); }

void sp_flush_all(void)
{
    if (sp_stdout_obj != SP_NIL) io_flush(IO(sp_stdout_obj));
    if (sp_stderr_obj != SP_NIL) io_flush(IO(sp_stderr_obj));
}

static int is_io(sp_value v) { return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_IO; }

/* IOError "closed stream" for a method that needs an open IO. */
static void check_open(sp_io *io)
{
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
}

static void check_writable(sp_io *io)
{
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
    if (!(io->mode & 2)) sp_raise(sp_eIOError, "not opened for writing");
}

/* Write a String to an IO-like destination (IO or any object with #write). */
/* Does obj's method `name` come from Ruby code (a subclass, a singleton
 * method, a mock) rather than this file?  CRuby's output methods then
 * dispatch to it (rb_io_write calls #write, Kernel#puts $stdout.puts). */
static int redefined(sp_value obj, const char *name)
{
    sp_method *m = sp_find_method(sp_class_of(obj), sp_intern(name));
    return m && (m->kind != SP_MK_CFUNC || m->src != NULL);
}

static void dest_write(sp_value dest, const char *p, size_t n)
{
    if (is_io(dest) && !redefined(dest, "write")) { check_writable(IO(dest)); io_write(IO(dest), p, n); return; }
    sp_funcall1(dest, "write", sp_str_new(p, n));
}

static void dest_write_str(sp_value dest, sp_value s)
{
    size_t n; const char *p = sp_str_snap(s, &n);
    dest_write(dest, p, n);
}

/* ------------------------------------------------------------------ */
/* puts / print / p                                                    */

static void puts_value(sp_value out, sp_value buf, sp_value v)
{
    if (sp_str_p(v)) {
        size_t n; const char *p = sp_str_snap(v, &n);
        sp_str_cat(buf, p, n);
        if (n == 0 || p[n - 1] != '\n') sp_str_cat(buf, "\n", 1);
        return;
    }
    sp_value a = SP_SPECIAL_CONST_P(v) ? SP_NIL : sp_check_array(v);
    if (a != SP_NIL) {
        if (sp_guard_push(a)) { sp_str_cat(buf, "[...]\n", 6); return; }
        long n = sp_ary_len(a);
        for (long i = 0; i < n && i < sp_ary_len(a); i++) puts_value(out, buf, sp_ary_entry(a, i));
        sp_guard_pop(a);
        return;
    }
    if (v == SP_NIL) { sp_str_cat(buf, "\n", 1); return; }
    sp_value s = sp_to_s(v);
    if (!sp_str_p(s)) s = sp_any_to_s(v);
    puts_value(out, buf, s);
}

static sp_value do_puts(sp_value out, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    if (argc == 0) { dest_write(out, "\n", 1); return SP_NIL; }
    sp_value buf = sp_str_buf_new(64);
    for (int i = 0; i < argc; i++) puts_value(out, buf, argv[i]);
    if (sp_str_len(buf) > 0) dest_write_str(out, buf);      /* puts([]) writes nothing */
    return SP_NIL;
}

static sp_value do_print(sp_value out, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    sp_value buf = sp_str_buf_new(64);
    /* $, between the arguments and $\ after them, as CRuby's print */
    sp_value ofs = sp_gvar_get_quiet(sp_intern("$,")), ors = sp_gvar_get_quiet(sp_intern("$\\"));
    for (int i = 0; i < argc; i++) {
        sp_value v = argv[i];
        if (i > 0 && sp_str_p(ofs)) sp_str_append(buf, ofs);
        if (sp_str_p(v)) sp_str_append(buf, v);
        else sp_str_append(buf, sp_to_s(v));
    }
    if (sp_str_p(ors)) sp_str_append(buf, ors);
    dest_write_str(out, buf);
    return SP_NIL;
}

/* puts/print to any object with #write (StringIO: lib/ext/sp_stringio.c). */
void sp_init_file_stat(sp_value cFile);   /* lib/ext/sp_file_stat.c */
void sp_init_file_path(sp_value cFile);   /* sp_file_path.c */
sp_value sp_io_puts_to(sp_value out, int argc_, const sp_value *argv) { return do_puts(out, argc_, argv); }
sp_value sp_io_print_to(sp_value out, int argc_, const sp_value *argv) { return do_print(out, argc_, argv); }

/* Kernel#puts/print/putc: $stdout's own method when Ruby code defines it */
SP_METHOD(k_puts)
{
    if (redefined(cur_stdout, "puts")) return sp_funcall(cur_stdout, sp_intern("puts"), argc_, argv, SP_NIL);
    return do_puts(cur_stdout, argc, argv);
}
SP_METHOD(k_print)
{
    if (redefined(cur_stdout, "print")) return sp_funcall(cur_stdout, sp_intern("print"), argc_, argv, SP_NIL);
    return do_print(cur_stdout, argc, argv);
}

/* Kernel#p flushes $stdout when it is an IO, with or without arguments, as
 * CRuby's rb_f_p does (debug output survives a crash or a kill). */
SP_METHOD(k_p)
{
    if (argc > 0) {
        sp_value buf = sp_str_buf_new(64);
        for (int i = 0; i < argc; i++) {
            sp_value v = argv[i];
            sp_str_append(buf, sp_str_p(v) ? sp_str_inspect(v) : sp_inspect(v));
            sp_str_cat(buf, "\n", 1);
        }
        dest_write_str(cur_stdout, buf);
    }
    if (is_io(cur_stdout)) io_flush(IO(cur_stdout));
    if (argc == 0) return SP_NIL;
    if (argc == 1) return argv[0];
    return sp_ary_new_from(argc, argv);
}

/* Kernel#pp(*objs): CRuby's pretty layout (sp_pp.c), returns like p. */
sp_value sp_pp_format(sp_value v);
SP_METHOD(k_pp)
{
    if (argc == 0) return SP_NIL;
    sp_value buf = sp_str_buf_new(64);
    for (int i = 0; i < argc; i++) sp_str_append(buf, sp_pp_format(argv[i]));
    dest_write_str(cur_stdout, buf);
    if (argc == 1) return argv[0];
    return sp_ary_new_from(argc, argv);
}

/* Kernel#warn(*msgs, uplevel: nil, category: nil): the text $stderr.puts
 * would write, through Warning.warn (sp_warning.c). */
SP_METHOD(k_warn)
{
    int n = argc - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    sp_value buf = SP_NIL;
    if (n > 0) {
        buf = sp_str_buf_new(64);
        for (int i = 0; i < n; i++) puts_value(cur_stderr, buf, argv[i]);
    }
    return sp_warn_kernel(buf, sp_kwarg(argc_, argv, "uplevel", SP_NIL), sp_kwarg(argc_, argv, "category", SP_NIL));
}

SP_METHOD(k_printf)
{
    if (argc == 0) return SP_NIL;
    if (!sp_str_p(argv[0])) {
        sp_value s = sp_sprintf(argv[1], argc - 2, argv + 2);
        sp_funcall1(argv[0], "write", s);
        return SP_NIL;
    }
    dest_write_str(cur_stdout, sp_sprintf(argv[0], argc - 1, argv + 1));
    return SP_NIL;
}

static sp_value putc_value(sp_value out, sp_value v)
{
    char c;
    if (sp_str_p(v)) {
        size_t n; const char *p = sp_str_snap(v, &n);
        if (n) dest_write(out, p, 1);
        return v;
    }
    c = (char)sp_num_to_long(v);
    dest_write(out, &c, 1);
    return v;
}
SP_METHOD(k_putc)
{
    if (redefined(cur_stdout, "putc")) return sp_funcall(cur_stdout, sp_intern("putc"), 1, argv, SP_NIL);
    return putc_value(cur_stdout, argv[0]);
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */

static int io_pollable(sp_io *io)
{
    if (!io->pollable) {
        struct stat st;
        io->pollable = fstat(io->fd, &st) == 0 &&
            (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) || S_ISCHR(st.st_mode)) ? 1 : 2;
    }
    return io->pollable == 1;
}

/* Before a read(2) that could wait (pipe, socket, terminal): when no byte
 * is ready, park the green thread until the fd is readable so the worker
 * runs other threads (sp_sched_wait_fd; sysmon watches the fd).  io->lock
 * is released while parked (a green thread never parks holding it) and
 * re-taken; callers recompute their buffer pointers after io_fill.  A
 * pending Thread#raise/kill is handled with the lock released. */
int sp_io_wait_locked(sp_io *io, int events, int64_t deadline_ns)
{
    sp_io_waiter me = { sp_sched_current(), io->waiters };
    int shared = io->waiters != NULL;
    io->waiters = &me;
    int fd = io->fd;
    if ((events & SP_FD_WRITE) && io->wfd >= 0) fd = io->wfd;
    /* io->fd's persistent registration (sp_pollfd.c), made at its first
     * wait under the scheduler; a popen's write end waits one-shot */
    if (fd == io->fd && !io->pd && sp_sched_started() && io_pollable(io))
        io->pd = sp_pd_open(fd);
    sp_pd *pd = fd == io->fd ? io->pd : NULL;
    pthread_mutex_unlock(&io->lock);
    int why;
    if (pd)
        why = sp_pd_wait(pd, events, deadline_ns);
    else if (shared && sp_sched_started())
        /* sysmon's set holds one registration per fd: a second waiter on
         * the same fd waits on a private epoll set holding it */
        why = sp_fd_wait_private(fd, events, deadline_ns);
    else
        why = sp_sched_wait_fd(fd, events, deadline_ns);
    sp_io_lock(io);
    /* a wait may have taken the fd's kept edge: read before waiting again
     * (sp_pollfd.c invariant 3) */
    if (events & SP_FD_READ) io->rdrained = 0;
    for (sp_io_waiter **pp = &io->waiters; *pp; pp = &(*pp)->next)
        if (*pp == &me) { *pp = me.next; break; }
    if (io->closed) {
        pthread_mutex_unlock(&io->lock);
        sp_raise(sp_eIOError, "stream closed in another thread");
    }
    if (why == SP_WAKE_INTERRUPT) {
        pthread_mutex_unlock(&io->lock);
        sp_sched_check_ints();
        sp_io_lock(io);
    }
    return why;
}

/* Returns 1 if it waited.  A non-blocking fd (socket) reads first and
 * waits on EAGAIN, except that a stream socket whose last fill read less
 * than it asked for was drained by that read (rdrained): the next fill
 * waits first, which costs no system call (the poll descriptor keeps any
 * edge that came since, sp_pollfd.c invariant 3) and saves a read that
 * says EAGAIN when the peer answers requests.  A pipe or terminal asks a
 * zero-timeout poll(2) first. */
static int io_wait_readable(sp_io *io)
{
    if (io->nbfd) {
        if (!io->rdrained) return 0;
        sp_io_wait_locked(io, SP_FD_READ, 0);
        return 1;
    }
    if (!io_pollable(io)) return 0;
    struct pollfd pf = { .fd = io->fd, .events = POLLIN };
    if (poll(&pf, 1, 0) != 0) return 0;     /* ready, EOF or error: read now */
    sp_io_wait_locked(io, SP_FD_READ, 0);
    return 1;
}

static int io_fill(sp_io *io)
{
    if (io->wlen && io->fd > 2) io_flush_locked(io);
    if (io->eof) return 0;
    if (io == IO(sp_stdin_obj)) sp_flush_all();
    io_wait_readable(io);
    if (io->eof || io->closed) return 0;
    if (!io->rbuf) {
        if (io->rcap == 0) io->rcap = IO_BUF_SIZE;
        io->rbuf = malloc(io->rcap);
    }
    if (io->rpos > 0 && io->rpos < io->rlen) {
        memmove(io->rbuf, io->rbuf + io->rpos, io->rlen - io->rpos);
    }
    io->rlen -= io->rpos; io->rpos = 0;
    if (io->rlen == io->rcap) { io->rcap *= 2; io->rbuf = realloc(io->rbuf, io->rcap); }
    ssize_t r;
    size_t want;
    for (;;) {
        /* a slow read frees the worker (sp_sched.h); a non-blocking fd's
         * read never waits */
        want = io->rcap - io->rlen;
        if (!io->nbfd) sp_blocking_begin();
        do r = read(io->fd, io->rbuf + io->rlen, want); while (r < 0 && errno == EINTR);
        if (!io->nbfd) sp_blocking_end();
        /* a non-blocking fd with nothing yet (or another thread drained
         * it first): wait */
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && io_pollable(io)) {
            sp_io_wait_locked(io, SP_FD_READ, 0);
            if (io->closed) return 0;
            continue;
        }
        break;
    }
    if (r <= 0) { io->eof = 1; return 0; }
    /* a stream socket's short read took all it held (a datagram or a
     * terminal line would not: those always read first) */
    io->rdrained = io->stream && (size_t)r < want;
    io->rlen += (size_t)r;
    return 1;
}

static void check_readable(sp_io *io)
{
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
    if (!(io->mode & 1)) sp_raise(sp_eIOError, "not opened for reading");
}

/* One line including the separator; nil at EOF.  sep NULL: read all. */
static sp_value io_gets(sp_io *io, const char *sep, size_t seplen, long limit, int chomp)
{
    check_readable(io);
    if (sep && seplen == 0) { sep = "\n\n"; seplen = 2; }   /* paragraph mode (approximate) */
    sp_io_lock(io);
    for (;;) {
        size_t avail = io->rlen - io->rpos;
        const char *p = io->rbuf + io->rpos;
        if (sep && avail >= seplen) {
            const char *hit = memmem(p, avail, sep, seplen);
            if (hit) {
                size_t n = (size_t)(hit - p) + seplen;
                if (limit > 0 && n > (size_t)limit) n = (size_t)limit;
                sp_value s = sp_str_new(p, chomp && n >= seplen && hit + seplen == p + n ? n - seplen : n);
                io->rpos += n;
                io->lineno++;
                __atomic_store_n(&sp_last_lineno, io->lineno, __ATOMIC_RELAXED);   /* $. (sp_argf.c; threads race for it) */
                pthread_mutex_unlock(&io->lock);
                return s;
            }
        }
        if (limit > 0 && avail >= (size_t)limit) {
            sp_value s = sp_str_new(p, (size_t)limit);
            io->rpos += (size_t)limit;
            pthread_mutex_unlock(&io->lock);
            return s;
        }
        if (!io_fill(io)) {
            avail = io->rlen - io->rpos;
            if (avail == 0) { pthread_mutex_unlock(&io->lock); return SP_NIL; }
            sp_value s = sp_str_new(io->rbuf + io->rpos, avail);
            io->rpos = io->rlen;
            io->lineno++;
            __atomic_store_n(&sp_last_lineno, io->lineno, __ATOMIC_RELAXED);   /* $. (sp_argf.c; threads race for it) */
            pthread_mutex_unlock(&io->lock);
            return s;
        }
    }
}

static sp_value gets_args_raw(sp_io *io, int argc_, const sp_value *argv)
{
    const char *sep = "\n"; size_t seplen = 1;
    long limit = -1;
    int chomp = 0;
    int n = SP_ARGC(argc_);
    if (argc_ & SP_ARGC_KW) {
        n--;
        chomp = SP_RTEST(sp_hash_lookup(argv[n], sp_sym("chomp"), SP_FALSE));
    }
    if (n > 0) {
        if (argv[0] == SP_NIL) sep = NULL;
        else if (sp_str_p(argv[0])) sep = sp_str_snap(argv[0], &seplen);
        else limit = (long)sp_num_to_long(argv[0]);
    }
    if (n > 1) limit = (long)sp_num_to_long(argv[1]);
    if (limit == 0) { check_readable(io); return sp_str_new("", 0); }   /* CRuby: an empty line */
    return io_gets(io, sep, seplen, limit, chomp);
}
/* readlines / each_line / foreach with a limit of 0 would never end:
 * ArgumentError "invalid limit: 0 for readlines", as CRuby. */
void sp_io_check_line_limit(int argc_, const sp_value *argv, const char *meth)
{
    int n = SP_ARGC(argc_) - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    for (int i = 0; i < n && i < 2; i++)
        if (argv[i] == SP_FIX(0))
            sp_raise(sp_eArgError, "invalid limit: 0 for %s", meth);
}
/* A line in io's external encoding (sp_io_fd.c). */
static sp_value gets_args(sp_io *io, int argc_, const sp_value *argv)
{
    return sp_io_tag_read(io, gets_args_raw(io, argc_, argv));
}

SP_METHOD(k_gets)
{
    sp_value s = gets_args(IO(sp_stdin_obj), argc_, argv);
    sp_ec_current();  /* $_ is not tracked */
    return s;
}

static sp_value io_read_all(sp_io *io)
{
    check_readable(io);
    sp_io_lock(io);
    while (io_fill(io)) ;
    sp_value s = sp_str_new(io->rbuf + io->rpos, io->rlen - io->rpos);
    io->rpos = io->rlen;
    pthread_mutex_unlock(&io->lock);
    return s;
}

/* ------------------------------------------------------------------ */
/* IO methods                                                          */

SP_METHOD(io_m_write)
{
    long total = 0;
    for (int i = 0; i < argc; i++) {
        sp_value s = sp_str_p(argv[i]) ? argv[i] : sp_to_s(argv[i]);
        size_t n; const char *p = sp_str_snap(s, &n);
        check_writable(IO(self));
        io_write(IO(self), p, n);
        total += (long)n;
    }
    return SP_FIX(total);
}
SP_METHOD(io_m_lshift)
{
    if (redefined(self, "write")) sp_funcall(self, sp_intern("write"), 1, argv, SP_NIL);
    else io_m_write(self, 1, argv, blk);
    return self;
}
SP_METHOD(io_m_puts) { check_writable(IO(self)); return do_puts(self, argc, argv); }
SP_METHOD(io_m_print) { check_writable(IO(self)); return do_print(self, argc, argv); }
SP_METHOD(io_m_printf)
{
    if (argc == 0) return SP_NIL;
    dest_write_str(self, sp_sprintf(argv[0], argc - 1, argv + 1));
    return SP_NIL;
}
SP_METHOD(io_m_putc) { return putc_value(self, argv[0]); }
SP_METHOD(io_m_flush) { check_open(IO(self)); io_flush(IO(self)); return self; }
SP_METHOD(io_m_sync) { check_open(IO(self)); return SP_BOOL(IO(self)->sync || IO(self)->fd == 2); }
SP_METHOD(io_m_set_sync)
{
    check_open(IO(self));
    IO(self)->sync = SP_RTEST(argv[0]);
    if (IO(self)->sync) io_flush(IO(self));
    return argv[0];
}
SP_METHOD(io_m_fileno) { check_open(IO(self)); return SP_FIX(IO(self)->fd); }
SP_METHOD(io_m_tty) { check_open(IO(self)); return SP_BOOL(isatty(IO(self)->fd)); }
SP_METHOD(io_m_gets) { return gets_args(IO(self), argc_, argv); }
/* IO#read([length [, outbuf]]): outbuf (to_str) gets what was read, or
 * is cleared at end of file. */
SP_METHOD(io_m_read)
{
    if (argc > 2) sp_raise_arity(argc, 0, 2);
    check_readable(IO(self));
    sp_value outbuf = argc > 1 && argv[1] != SP_NIL ? sp_str_to_str(argv[1]) : SP_NIL;
    sp_value s;
    if (argc > 0 && argv[0] != SP_NIL) {
        long n = (long)sp_num_to_long(argv[0]);
        if (n < 0) sp_raise(sp_eArgError, "negative length %ld given", n);
        sp_io *io = IO(self);
        sp_io_lock(io);
        while (io->rlen - io->rpos < (size_t)n && io_fill(io)) ;
        size_t avail = io->rlen - io->rpos;
        if (avail == 0 && n > 0) {
            pthread_mutex_unlock(&io->lock);
            if (outbuf != SP_NIL) sp_io_give(outbuf, "", 0);
            return SP_NIL;
        }
        if ((size_t)n > avail) n = (long)avail;
        s = sp_str_new(io->rbuf + io->rpos, (size_t)n);
        io->rpos += (size_t)n;
        pthread_mutex_unlock(&io->lock);
        sp_str_set_binary(s);   /* read(length) reads bytes (CRuby) */
    } else {
        s = sp_io_tag_read(IO(self), io_read_all(IO(self)));
    }
    if (outbuf == SP_NIL) return s;
    sp_funcall(outbuf, sp_intern("replace"), 1, &s, SP_NIL);
    return outbuf;
}
SP_METHOD(io_m_readlines)
{
    sp_io_check_line_limit(argc_, argv, "readlines");
    sp_value a = sp_ary_new();
    sp_value l;
    while ((l = gets_args(IO(self), argc_, argv)) != SP_NIL) sp_ary_push(a, l);
    return a;
}
SP_METHOD(io_m_each_line)
{
    SP_RETURN_ENUM(self, "each_line", argc_, argv);
    sp_io_check_line_limit(argc_, argv, "each_line");
    sp_value l;
    while ((l = gets_args(IO(self), argc_, argv)) != SP_NIL) sp_yield1(blk, l);
    return self;
}
SP_METHOD(io_m_readline)
{
    sp_value l = gets_args(IO(self), argc_, argv);
    if (l == SP_NIL) sp_raise(sp_eEOFError, "end of file reached");
    return l;
}
SP_METHOD(io_m_each_char)
{
    SP_RETURN_ENUM(self, "each_char", argc_, argv);
    sp_value s = io_read_all(IO(self));
    sp_funcall(s, sp_intern("each_char"), 0, NULL, blk);
    return self;
}
SP_METHOD(io_m_each_byte)
{
    SP_RETURN_ENUM(self, "each_byte", argc_, argv);
    sp_value s = io_read_all(IO(self));
    size_t n; const char *p = sp_str_snap(s, &n);
    for (size_t i = 0; i < n; i++) sp_yield1(blk, SP_FIX((unsigned char)p[i]));
    return self;
}
SP_METHOD(io_m_getc)
{
    sp_io *io = IO(self);
    check_readable(io);
    sp_io_lock(io);
    if (io->rpos >= io->rlen && !io_fill(io)) { pthread_mutex_unlock(&io->lock); return SP_NIL; }
    unsigned char c = (unsigned char)io->rbuf[io->rpos];
    size_t n = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    while (io->rlen - io->rpos < n && io_fill(io)) ;
    if (n > io->rlen - io->rpos) n = io->rlen - io->rpos;
    sp_value s = sp_str_new(io->rbuf + io->rpos, n);
    io->rpos += n;
    pthread_mutex_unlock(&io->lock);
    return s;
}
/* IO#getbyte: the next byte as an Integer, nil at EOF. */
SP_METHOD(io_m_getbyte)
{
    sp_io *io = IO(self);
    check_readable(io);
    pthread_mutex_lock(&io->lock);
    if (io->rpos >= io->rlen && !io_fill(io)) { pthread_mutex_unlock(&io->lock); return SP_NIL; }
    unsigned char c = (unsigned char)io->rbuf[io->rpos++];
    pthread_mutex_unlock(&io->lock);
    return SP_FIX(c);
}
/* IO#readbyte: getbyte, EOFError at EOF. */
SP_METHOD(io_m_readbyte)
{
    sp_value b = io_m_getbyte(self, 0, NULL, SP_NIL);
    if (b == SP_NIL) sp_raise(sp_eEOFError, "end of file reached");
    return b;
}
/* IO#pos: the kernel offset minus read-ahead plus pending writes. */
SP_METHOD(io_m_pos)
{
    sp_io *io = IO(self);
    check_open(io);
    sp_io_lock(io);
    off_t o = lseek(io->fd, 0, SEEK_CUR);
    long pos = (long)o - (long)(io->rlen - io->rpos) + (long)io->wlen;
    pthread_mutex_unlock(&io->lock);
    if (o < 0) sp_raise_syserr(errno, NULL);
    return SP_FIX(pos);
}
static void io_seek(sp_io *io, off_t off, int whence)
{
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
    sp_io_lock(io);
    io_flush_locked(io);
    if (whence == SEEK_CUR) off -= (off_t)(io->rlen - io->rpos);
    io->rpos = io->rlen = 0;
    io->eof = 0;
    off_t r = lseek(io->fd, off, whence);
    pthread_mutex_unlock(&io->lock);
    if (r < 0) sp_raise_syserr(errno, NULL);
}
SP_METHOD(io_m_seek)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    int whence = SEEK_SET;
    if (argc > 1) {
        sp_value w = argv[1];
        if (w == sp_sym("CUR")) whence = SEEK_CUR;
        else if (w == sp_sym("END")) whence = SEEK_END;
        else if (w == sp_sym("SET")) whence = SEEK_SET;
        else whence = (int)sp_num_to_long(w);
    }
    io_seek(IO(self), (off_t)sp_num_to_long(argv[0]), whence);
    return SP_FIX(0);
}
SP_METHOD(io_m_set_pos)
{
    io_seek(IO(self), (off_t)sp_num_to_long(argv[0]), SEEK_SET);
    return argv[0];
}
SP_METHOD(io_m_rewind)
{
    io_seek(IO(self), 0, SEEK_SET);
    IO(self)->lineno = 0;
    return SP_FIX(0);
}
SP_METHOD(io_m_set_lineno)
{
    check_readable(IO(self));
    IO(self)->lineno = (long)sp_num_to_long(argv[0]);
    return argv[0];
}
SP_METHOD(file_m_size)
{
    sp_io *io = IO(self);
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
    io_flush(io);
    struct stat st;
    if (fstat(io->fd, &st) != 0) sp_raise_syserr(errno, NULL);
    return SP_FIX((long)st.st_size);
}
SP_METHOD(io_m_eof)
{
    sp_io *io = IO(self);
    check_readable(io);
    sp_io_lock(io);
    int e = io->rpos >= io->rlen && !io_fill(io);
    pthread_mutex_unlock(&io->lock);
    return SP_BOOL(e);
}
/* close: wake every green thread parked on the fd and wait until each has
 * removed its registration and left the list (sp_io_int.h invariants); a
 * wake that lands before the waiter has parked is repeated.  Bounded: each
 * round ends a wait that has begun, and no new waiter joins a closed IO. */
static void io_close_wake_waiters(sp_io *io)
{
    for (;;) {
        sp_io_lock(io);
        /* a waiter whose thread is dead (it did not come along a fork)
         * will never unlink itself */
        for (sp_io_waiter **pp = &io->waiters; *pp;) {
            if (atomic_load(&(*pp)->g->state) == SP_G_DEAD) *pp = (*pp)->next;
            else pp = &(*pp)->next;
        }
        sp_io_waiter *w = io->waiters;
        for (; w; w = w->next) sp_sched_wake(w->g, SP_WAKE_WAKEUP);
        int left = io->waiters != NULL;
        pthread_mutex_unlock(&io->lock);
        if (!left) return;
        sp_sched_sleep_until(sp_sched_now() + 200000, 0);
    }
}
/* Before close(2) of io->fd, with no waiter left: its registration goes
 * (sp_pollfd.c invariant 1). */
static void io_pd_drop(sp_io *io)
{
    sp_io_lock(io);
    sp_pd *pd = io->pd;
    io->pd = NULL;
    pthread_mutex_unlock(&io->lock);
    if (pd) sp_pd_close(pd);
}
/* A closed IO keeps no buffers (128 KiB of address space each; a server
 * closes thousands of sockets).  Every buffer user holds io->lock and
 * checks closed first; the empty buffers have rlen == rpos == wlen == 0. */
static void io_release_buffers(sp_io *io)
{
    if (io->fd <= 2) return;
    sp_io_lock(io);
    free(io->rbuf); free(io->wbuf);
    io->rbuf = io->wbuf = NULL;
    io->rcap = io->wcap = io->rlen = io->rpos = io->wlen = 0;
    pthread_mutex_unlock(&io->lock);
}

SP_METHOD(io_m_close)
{
    sp_io *io = IO(self);
    if (io->closed) return SP_NIL;
    io_flush(io);
    sp_io_lock(io);
    io->closed = 1;
    pthread_mutex_unlock(&io->lock);
    io_close_wake_waiters(io);
    io_pd_drop(io);
    if (io->wfd >= 0) { close(io->wfd); io->wfd = -1; }
    if (io->fd > 2 && !io->noautoclose) close(io->fd);
    if (io->pid > 0) { pid_t pid = io->pid; io->pid = 0; sp_process_reap(pid); }
    io_release_buffers(io);
    return SP_NIL;
}
/* IO#autoclose= / #autoclose?: whether close (and the collector) close
 * the fd; false for an IO made over an fd something else owns. */
SP_METHOD(io_m_set_autoclose) { check_open(IO(self)); IO(self)->noautoclose = !SP_RTEST(argv[0]); return argv[0]; }
SP_METHOD(io_m_autoclose_p) { check_open(IO(self)); return SP_BOOL(!IO(self)->noautoclose); }
SP_METHOD(io_m_pid) { check_open(IO(self)); return IO(self)->pid > 0 ? SP_FIX(IO(self)->pid) : SP_NIL; }

/* An IO on a child's pipe ends (IO.popen, sp_process.c): read from rfd,
 * write to wfd (either may be -1); sync, like CRuby's. */
sp_value sp_io_popen_new(sp_value klass, int rfd, int wfd, pid_t pid)
{
    sp_io *io = io_new(klass, rfd >= 0 ? rfd : wfd, (rfd >= 0 ? 1 : 0) | (wfd >= 0 ? 2 : 0));
    if (rfd >= 0 && wfd >= 0) io->wfd = wfd;
    io->pollable = 1;
    io->sync = 1;
    io->pid = pid;
    return (sp_value)io;
}
SP_METHOD(io_m_closed) { return SP_BOOL(IO(self)->closed); }
SP_METHOD(io_m_inspect)
{
    sp_io *io = IO(self);
    if (io->fd == 0) return sp_str_new_cstr("#<IO:<STDIN>>");
    if (io->fd == 1) return sp_str_new_cstr("#<IO:<STDOUT>>");
    if (io->fd == 2) return sp_str_new_cstr("#<IO:<STDERR>>");
    if (io->path != SP_NIL) return sp_str_format("#<File:%s%s>", sp_str_cstr(io->path), io->closed ? " (closed)" : "");
    return sp_str_format("#<IO:fd %d>", io->fd);
}
SP_METHOD(io_m_lineno) { check_readable(IO(self)); return SP_FIX(IO(self)->lineno); }
/* File#path / #to_path: a new String each call (CRuby dups it); a File
 * made on a bare descriptor has none. */
SP_METHOD(file_m_path)
{
    sp_value p = IO(self)->path;
    if (p == SP_NIL) sp_raise(sp_eIOError, "File is unnamed (TMPFILE?)");
    return sp_str_dup(p);
}

SP_METHOD(io_m_path)
{
    sp_io *io = IO(self);
    if (io->path != SP_NIL) return io->path;
    if (io->fd == 0) return sp_str_new_cstr("<STDIN>");
    if (io->fd == 1) return sp_str_new_cstr("<STDOUT>");
    if (io->fd == 2) return sp_str_new_cstr("<STDERR>");
    return SP_NIL;
}

/* ------------------------------------------------------------------ */
/* IO.pipe                                                             */

/* The ensure of File.open's and IO.pipe's block, as CRuby's io_close:
 * #closed? and #close by dynamic dispatch (a subclass or singleton may
 * define them); an IOError "closed stream" from close is ignored, any
 * other exception propagates. */
static sp_value io_call_close(void *io) { return sp_funcall0((sp_value)io, "close"); }
static void close_unless_closed(sp_value io)
{
    if (SP_RTEST(sp_funcall0(io, "closed?"))) return;
    sp_value exc = SP_NIL;
    if (sp_run_protected(io_call_close, (void *)io, &exc) != SP_UNDEF || exc == SP_NIL) return;
    if (sp_obj_is_kind_of(exc, sp_eIOError) && !strcmp(sp_str_cstr(sp_exc_message(exc)), "closed stream"))
        return;
    sp_raise_exc(exc);
}

static void pipe_close(sp_value pair)
{
    close_unless_closed(sp_ary_entry(pair, 0));
    close_unless_closed(sp_ary_entry(pair, 1));
}


/* IO.pipe -> [read_io, write_io]; with a block yields both, closes them
 * afterwards (also on a raise) and returns the block's value.  Both fds
 * are close-on-exec, so a child started by system/spawn does not keep
 * the write end open.  The write end is sync (unbuffered), as in CRuby. */
SP_METHOD(io_s_pipe)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) < 0 && (!sp_io_gc_for_fd(errno) || pipe2(fds, O_CLOEXEC) < 0))
        sp_raise_syserr(errno, NULL);
    sp_io *r = io_new_gc(self, fds[0], 1), *w = io_new_gc(self, fds[1], 2);
    r->pollable = w->pollable = 1;
    w->sync = 1;
    sp_value a[3] = { blk, (sp_value)r, (sp_value)w };
    if (blk == SP_NIL) return sp_ary_new_from(2, a + 1);
    sp_value pair = sp_ary_new_from(2, a + 1);
    return sp_yield_ensure(blk, 2, a + 1, pipe_close, pair);
}

SP_METHOD(io_m_close_write)
{
    sp_io *io = IO(self);
    if (io->mode == 2) return io_m_close(self, 0, NULL, SP_NIL);
    if (io->wfd >= 0) {             /* duplex popen: the reader stays */
        io_flush(io);
        close(io->wfd);
        io->wfd = -1;
        io->mode = 1;
        return SP_NIL;
    }
    if (!(io->mode & 2)) sp_raise(sp_eIOError, "closing non-duplex IO for writing");
    return SP_NIL;
}
SP_METHOD(io_m_close_read)
{
    sp_io *io = IO(self);
    if (io->mode == 1) return io_m_close(self, 0, NULL, SP_NIL);
    if (io->wfd >= 0) {             /* duplex popen: the writer stays */
        io_pd_drop(io);
        close(io->fd);
        io->fd = io->wfd;
        io->wfd = -1;
        io->mode = 2;
        io->rpos = io->rlen = 0;
        return SP_NIL;
    }
    if (!(io->mode & 1)) sp_raise(sp_eIOError, "closing non-duplex IO for reading");
    return SP_NIL;
}

/* The other's unread buffered bytes go back to the file (io_unread),
 * so a descriptor duplicated from it reads on from there. */
static void io_unread(sp_io *o)
{
    if (o->rlen > o->rpos && lseek(o->fd, -(off_t)(o->rlen - o->rpos), SEEK_CUR) >= 0)
        o->rpos = o->rlen = 0;
}

/* IO#initialize_copy (dup/clone): the copy (a shallow copy of the GC
 * block) gets its own descriptor (dup, close-on-exec), empty buffers,
 * lock and poll state, and is closed by the collector like a File. */
SP_METHOD(io_m_init_copy)
{
    sp_value orig = argv[0];
    if (orig == self) return self;
    if (!sp_io_p(orig)) sp_raise(sp_eTypeError, "initialize_copy should take same class object");
    sp_io *io = IO(self), *o = IO(orig);
    if (o->closed) sp_raise(sp_eIOError, "closed stream");
    if (o->mode & 2) io_flush(o);
    io_unread(o);
    int fd = fcntl(o->fd, F_DUPFD_CLOEXEC, 3);
    if (fd < 0) sp_raise_syserr_path(errno, "dup", o->path != SP_NIL ? sp_str_cstr(o->path) : "");
    int wfd = o->wfd >= 0 ? fcntl(o->wfd, F_DUPFD_CLOEXEC, 3) : -1;
    io->wbuf = io->rbuf = NULL;
    io->wlen = io->rpos = io->rlen = 0;
    io->closed = io->eof = 0;
    io->pd = NULL;
    io->waiters = NULL;
    io->pid = 0;
    io->pollable = 0;
    io_init(io, (sp_value)io->hdr.klass, fd, o->mode);
    io->wfd = wfd;
    GC_REGISTER_FINALIZER(io, io_finalize, NULL, NULL, NULL);
    reg_add(io);
    return self;
}

/* IO#reopen(other_io) / reopen(path [, mode]): self's descriptor number
 * now refers to the other's open file (dup2, as CRuby keeps 0-2 and the
 * number of any IO), positioned where the other one reads; self takes its
 * mode, path and line number, and its class (CRuby's RBASIC_SET_CLASS: a
 * singleton class of self is gone).  A path is opened as File.open does,
 * with self's access mode when no mode is given. */
static sp_value file_open(sp_value klass, int argc_, const sp_value *argv);
SP_METHOD(io_m_reopen)
{
    int n = argc - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    if (n < 1 || n > 2) sp_raise_arity(n, 1, 2);
    sp_io *io = IO(self);
    sp_value other = argv[0], tmp_file = SP_NIL;
    if (!sp_io_p(other) && !SP_SPECIAL_CONST_P(other) && !sp_str_p(other) &&
        sp_respond_to(other, sp_intern("to_io"), 1)) {
        if (io->closed) sp_raise(sp_eIOError, "closed stream");
        sp_value got = sp_funcall0(other, "to_io");
        /* never a path: "something else" would be opened (and created) */
        if (!sp_io_p(got)) sp_raise_convert_gives(other, "IO", "to_io", got);
        other = got;
    } else if (sp_io_p(other) && io->closed) {
        sp_raise(sp_eIOError, "closed stream");
    }
    if (!sp_io_p(other)) {
        sp_value mode = n > 1 ? argv[1] : SP_NIL;
        if (mode == SP_NIL)
            mode = sp_str_new_cstr(io->closed ? "r" : io->mode == 1 ? "r" : io->mode == 2 ? "w" : "r+");
        sp_value a[2] = { other, mode };
        other = tmp_file = file_open(cFile, 2, a);
    }
    sp_io *o = IO(other);
    if (o == io) return self;
    if (o->closed) sp_raise(sp_eIOError, "closed stream");
    if (!io->closed && (io->mode & 2)) io_flush(io);
    if (o->mode & 2) io_flush(o);
    io_unread(o);
    int fd;
    if (io->closed || io->fd < 0) {
        fd = fcntl(o->fd, F_DUPFD_CLOEXEC, 3);
    } else {
        io_pd_drop(io);
        fd = io->fd == o->fd ? io->fd : dup3(o->fd, io->fd, io->fd > 2 ? O_CLOEXEC : 0);
    }
    if (fd < 0) sp_raise_syserr_path(errno, "dup2", o->path != SP_NIL ? sp_str_cstr(o->path) : "");
    io->fd = fd;
    if (io->wfd >= 0) { close(io->wfd); io->wfd = -1; }
    io->mode = o->mode;
    io->closed = 0;
    io->eof = 0;
    io->rpos = io->rlen = 0;
    io->lineno = o->lineno;
    io->pollable = 0;
    io->nbfd = o->nbfd;
    io->stream = o->stream;
    io->path = o->path;
    if (tmp_file != SP_NIL) sp_io_close(tmp_file);
    else if (SP_HEAP_P(self)) SP_HDR(self)->klass = (sp_class *)sp_obj_class(other);
    return self;
}

/* ------------------------------------------------------------------ */
/* File (basics)                                                       */

static SP_NORETURN void raise_errno_at(int err, const char *func, sp_value path)
{
    if (!sp_str_p(path)) sp_raise_syserr(err, NULL);    /* an IO's fstat */
    sp_raise_syserr_path(err, func, sp_str_cstr(path));
}
static SP_NORETURN void raise_errno(int err, sp_value path)
{
    raise_errno_at(err, "rb_sysopen", path);
}

/* A path argument: String, or an object with to_path (Pathname, File). */
static sp_value path_arg(sp_value v) { return sp_file_path_str(v); }

/* File.new(fd, mode = nil): a File on an open descriptor, no path (CRuby's
 * rb_io_initialize): EBADF for a closed fd, EINVAL when mode asks for
 * reading or writing the fd was not opened for. */
static sp_value file_for_fd(sp_value klass, int argc, const sp_value *argv)
{
    int fd = (int)SP_FIX2LONG(argv[0]);
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0) sp_raise_syserr(errno, NULL);
    int have = (fl & O_ACCMODE) == O_RDONLY ? 1 : (fl & O_ACCMODE) == O_WRONLY ? 2 : 3, m = have;
    if (argc > 1 && argv[1] != SP_NIL) {
        if (SP_FIXNUM_P(argv[1])) {
            int f = (int)SP_FIX2LONG(argv[1]) & O_ACCMODE;
            m = f == O_RDONLY ? 1 : f == O_WRONLY ? 2 : 3;
        } else {
            const char *md = sp_str_cstr(sp_str_to_str(argv[1]));
            m = strchr(md, '+') ? 3 : md[0] == 'r' ? 1 : 2;
        }
        if (m & ~have) sp_raise_syserr(EINVAL, NULL);
    }
    sp_io *io = io_new_gc(klass, fd, m);
    io->path = SP_NIL;
    return (sp_value)io;
}

static sp_value file_open(sp_value klass, int argc_, const sp_value *argv)
{
    int argc = SP_ARGC(argc_);
    if (SP_FIXNUM_P(argv[0])) return file_for_fd(klass, argc, argv);
    sp_value path = path_arg(argv[0]);
    const char *mode = argc > 1 && sp_str_p(argv[1]) ? sp_str_cstr(argv[1]) : "r";
    int flags = 0, m = 0;
    if (argc > 1 && SP_FIXNUM_P(argv[1])) {
        /* File::RDONLY | File::CREAT ... */
        flags = (int)SP_FIX2LONG(argv[1]);
        m = (flags & O_ACCMODE) == O_RDONLY ? 1 : (flags & O_ACCMODE) == O_WRONLY ? 2 : 3;
    }
    else if (mode[0] == 'r') { flags = strchr(mode, '+') ? O_RDWR : O_RDONLY; m = strchr(mode, '+') ? 3 : 1; }
    else if (mode[0] == 'w') { flags = (strchr(mode, '+') ? O_RDWR : O_WRONLY) | O_CREAT | O_TRUNC; m = strchr(mode, '+') ? 3 : 2; }
    else if (mode[0] == 'a') { flags = (strchr(mode, '+') ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND; m = strchr(mode, '+') ? 3 : 2; }
    else sp_raise(sp_eArgError, "invalid access mode %s", mode);
    if (!(argc > 1 && SP_FIXNUM_P(argv[1])) && strchr(mode, 'x')) {
        /* 'x' (exclusive creation) goes with 'w' only, as in CRuby */
        if (mode[0] != 'w') sp_raise(sp_eArgError, "invalid access mode %s", mode);
        flags |= O_EXCL;
    }
    if (argc > 3 && argv[3] != SP_NIL) flags |= (int)sp_num_to_long(argv[3]);   /* flags: */
    mode_t perm = argc > 2 && argv[2] != SP_NIL ? (mode_t)sp_num_to_long(argv[2]) : 0666;
    /* open(2) of a FIFO waits for the other end, of a network file system
     * for the server: a blocking region, so sysmon hands this worker's
     * queue to another OS thread when it lasts (doc/io.md). */
    int fd;
    sp_blocking_begin();
    do fd = open(sp_str_cstr(path), flags | O_CLOEXEC, perm); while (fd < 0 && errno == EINTR);
    int err = errno;
    sp_blocking_end();
    if (fd < 0 && sp_io_gc_for_fd(err)) {
        sp_blocking_begin();
        do fd = open(sp_str_cstr(path), flags | O_CLOEXEC, 0666); while (fd < 0 && errno == EINTR);
        err = errno;
        sp_blocking_end();
    }
    if (fd < 0) raise_errno(err, path);
    sp_io *io = io_new_gc(klass, fd, m);
    io->path = sp_str_dup(path);
    return (sp_value)io;
}


/* File.open(path, mode = "r", perm = 0666, mode:, perm:, flags:) [{ |f| ... }]:
 * with a block the file is closed when the block ends, also by a raise. */
SP_METHOD(f_s_open)
{
    int n = argc;
    sp_value args[4] = { SP_NIL, SP_NIL, SP_NIL, SP_NIL }, kw = SP_NIL;
    if ((argc_ & SP_ARGC_KW) && n > 0) kw = argv[--n];
    if (n < 1 || n > 3) sp_raise_arity(n, 1, 3);
    for (int i = 0; i < n; i++) args[i] = argv[i];
    sp_value pos_mode = args[1];   /* the positional mode, for sp_io_apply_mode */
    if (kw != SP_NIL) {
        sp_value m = sp_hash_lookup(kw, sp_sym("mode"), SP_NIL);
        if (m != SP_NIL && pos_mode != SP_NIL) sp_raise(sp_eArgError, "mode specified twice");
        if (m != SP_NIL) args[1] = m;
        sp_value perm = sp_hash_lookup(kw, sp_sym("perm"), SP_NIL);
        if (perm != SP_NIL) args[2] = perm;
        args[3] = sp_hash_lookup(kw, sp_sym("flags"), SP_NIL);
    }
    if (args[1] == SP_NIL && args[3] != SP_NIL) args[1] = SP_FIX(0);   /* flags: alone: O_RDONLY | flags */
    sp_value f = file_open(self, 4, args);
    sp_io_apply_mode(IO(f), pos_mode, kw);
    if (blk == SP_NIL) return f;
    return sp_yield_ensure(blk, 1, &f, close_unless_closed, f);
}

/* File.new: File.open without the block (CRuby warns that it is ignored). */
SP_METHOD(f_s_new)
{
    if (blk != SP_NIL) sp_io_warn_new_block(self);
    return f_s_open(self, argc_, argv, SP_NIL);
}

/* File.read(path, length = nil, offset = 0) */
SP_METHOD(f_s_read)
{
    int n = argc - ((argc_ & SP_ARGC_KW) ? 1 : 0);
    if (n < 1 || n > 3) sp_raise_arity(n, 1, 3);
    sp_value f = file_open(cFile, 1, argv);
    struct stat st;
    if (fstat(IO(f)->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        io_m_close(f, 0, NULL, SP_NIL);
        raise_errno_at(EISDIR, "io_fread", path_arg(argv[0]));
    }
    if (n > 2 && argv[2] != SP_NIL) io_seek(IO(f), (off_t)sp_num_to_long(argv[2]), SEEK_SET);
    sp_value s;
    if (n > 1 && argv[1] != SP_NIL) {
        long len = (long)sp_num_to_long(argv[1]);
        if (len < 0) { io_m_close(f, 0, NULL, SP_NIL); sp_raise(sp_eArgError, "negative length %ld given", len); }
        s = io_m_read(f, 1, argv + 1, SP_NIL);
    } else {
        s = io_read_all(IO(f));
    }
    io_m_close(f, 0, NULL, SP_NIL);
    return s;
}

/* IO.binread(path, length = nil, offset = nil): File.read's bytes as
 * ASCII-8BIT (no keyword options). */
SP_METHOD(f_s_binread)
{
    if (argc_ & SP_ARGC_KW) sp_raise_arity(argc, 1, 3);
    sp_value s = f_s_read(self, argc_, argv, blk);
    if (sp_str_p(s)) sp_str_set_binary(s);
    return s;
}

SP_METHOD(f_s_readlines)
{
    if (argc > 1) sp_io_check_line_limit((argc - 1) | (argc_ & SP_ARGC_KW), argv + 1, "readlines");
    sp_value f = file_open(cFile, 1, argv);
    sp_value a = io_m_readlines(f, (argc - 1) | (argc_ & SP_ARGC_KW), argv + 1, SP_NIL);
    io_m_close(f, 0, NULL, SP_NIL);
    return a;
}

SP_METHOD(f_s_foreach)
{
    SP_RETURN_ENUM(self, "foreach", argc_, argv);
    if (argc > 1) sp_io_check_line_limit((argc - 1) | (argc_ & SP_ARGC_KW), argv + 1, "foreach");
    sp_value f = file_open(cFile, 1, argv);
    sp_value l;
    /* the separator/limit/chomp: arguments after the path go to gets */
    int rest = (argc - 1) | (argc_ & SP_ARGC_KW);
    while ((l = gets_args(IO(f), rest, argv + 1)) != SP_NIL) sp_yield1(blk, l);
    io_m_close(f, 0, NULL, SP_NIL);
    return SP_NIL;
}

SP_METHOD(f_s_write)
{
    sp_value mode = sp_str_new_cstr("w");
    if ((argc_ & SP_ARGC_KW) && argc > 2) {
        sp_value m = sp_hash_lookup(argv[argc - 1], sp_sym("mode"), SP_NIL);
        if (m != SP_NIL) mode = sp_str_to_str(m);
    }
    sp_value args[2] = { argv[0], mode };
    sp_value f = file_open(cFile, 2, args);
    sp_value s = sp_str_p(argv[1]) ? argv[1] : sp_to_s(argv[1]);
    io_m_write(f, 1, &s, SP_NIL);
    io_m_close(f, 0, NULL, SP_NIL);
    return SP_FIX((long)sp_str_len(s));
}

SP_METHOD(f_s_exist)
{
    struct stat st;
    return SP_BOOL(sp_file_stat_arg(argv[0], &st, NULL) == 0);
}
SP_METHOD(f_s_file_p)
{
    struct stat st;
    return SP_BOOL(sp_file_stat_arg(argv[0], &st, NULL) == 0 && S_ISREG(st.st_mode));
}
SP_METHOD(f_s_dir_p)
{
    struct stat st;
    return SP_BOOL(sp_file_stat_arg(argv[0], &st, NULL) == 0 && S_ISDIR(st.st_mode));
}
SP_METHOD(f_s_size)
{
    struct stat st;
    sp_value path;
    if (sp_file_stat_arg(argv[0], &st, &path) != 0) raise_errno_at(errno, "rb_file_s_size", path);
    return SP_FIX((long)st.st_size);
}
/* File.size?: nil when missing or empty */
SP_METHOD(f_s_size_p)
{
    struct stat st;
    if (sp_file_stat_arg(argv[0], &st, NULL) != 0 || st.st_size == 0) return SP_NIL;
    return SP_FIX((long)st.st_size);
}
SP_METHOD(f_s_zero_p)
{
    struct stat st;
    return SP_BOOL(sp_file_stat_arg(argv[0], &st, NULL) == 0 && st.st_size == 0);
}
SP_METHOD(f_s_readable_p) { return SP_BOOL(access(sp_str_cstr(path_arg(argv[0])), R_OK) == 0); }
SP_METHOD(f_s_writable_p) { return SP_BOOL(access(sp_str_cstr(path_arg(argv[0])), W_OK) == 0); }
SP_METHOD(f_s_executable_p) { return SP_BOOL(access(sp_str_cstr(path_arg(argv[0])), X_OK) == 0); }
SP_METHOD(f_s_symlink_p)
{
    struct stat st;
    return SP_BOOL(lstat(sp_str_cstr(path_arg(argv[0])), &st) == 0 && S_ISLNK(st.st_mode));
}
/* File.mtime: a Time (Time.at(sec, nsec, :nsec) through the Time class). */
SP_METHOD(f_s_mtime)
{
    struct stat st;
    sp_value path = path_arg(argv[0]);
    if (stat(sp_str_cstr(path), &st) != 0) raise_errno_at(errno, "rb_file_s_mtime", path);
    sp_value a[3] = { SP_FIX((long)st.st_mtim.tv_sec), SP_FIX(st.st_mtim.tv_nsec), sp_sym("nsec") };
    return sp_funcall(sp_const_get(sp_cObject, sp_intern("Time")), sp_intern("at"), 3, a, SP_NIL);
}
SP_METHOD(f_s_delete)
{
    for (int i = 0; i < argc; i++) {
        sp_value path = path_arg(argv[i]);
        if (unlink(sp_str_cstr(path)) != 0) raise_errno_at(errno, "apply2files", path);
    }
    return SP_FIX(argc);
}
SP_METHOD(f_s_rename)
{
    sp_value from = path_arg(argv[0]), to = path_arg(argv[1]);
    if (rename(sp_str_cstr(from), sp_str_cstr(to)) != 0) {
        int e = errno;
        sp_raise_syserr_path(e, "rb_file_s_rename",
                             sp_str_cstr(sp_str_format("(%s, %s)", sp_str_cstr(from), sp_str_cstr(to))));
    }
    return SP_FIX(0);
}

/* Kernel#open(path, mode = "r") [{ |f| }]: File.open (no pipes). */
SP_METHOD(k_open) { return f_s_open(cFile, argc_, argv, blk); }
/* Kernel#readline / #readlines: from $stdin. */
SP_METHOD(k_readline) { return io_m_readline(sp_stdin_obj, argc_, argv, blk); }
SP_METHOD(k_readlines) { return io_m_readlines(sp_stdin_obj, argc_, argv, blk); }

/* ------------------------------------------------------------------ */

/* The helpers sp_io_int.h exports to the other I/O files. */
sp_io *sp_io_alloc(sp_value klass, int fd, int mode) { return io_new(klass, fd, mode); }

/* Out of fds (EMFILE/ENFILE): collect, so the finalizers of unreachable
 * IOs close theirs, and tell the caller to try once more (CRuby runs its
 * GC there too). */
int sp_io_gc_for_fd(int err)
{
    if (err != EMFILE && err != ENFILE)
        return 0;
    GC_gcollect();
    GC_invoke_finalizers();
    return 1;
}

/* Every IO, so that exit flushes the writable ones still open (CRuby
 * flushes every IO at exit) and a fork child can make their locks anew.
 * The table holds hidden pointers: the collector does not see them, so it
 * keeps no IO alive; a collectable IO's finalizer takes its entry out
 * (under reg_lock, so never while the exit flush looks at it); the
 * uncollectable ones (standard streams, DATA, popen) stay. */
static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static GC_hidden_pointer *reg_tab;
static int reg_len, reg_cap;

static void reg_add(sp_io *io)
{
    pthread_mutex_lock(&reg_lock);
    if (reg_len == reg_cap) {
        int ncap = reg_cap ? reg_cap * 2 : 64;
        GC_hidden_pointer *n = realloc(reg_tab, sizeof *n * (size_t)ncap);
        if (!n) { pthread_mutex_unlock(&reg_lock); return; }   /* not flushed at exit */
        reg_tab = n;
        reg_cap = ncap;
    }
    io->reg = reg_len;
    reg_tab[reg_len++] = GC_HIDE_POINTER(io);
    pthread_mutex_unlock(&reg_lock);
}

static void reg_remove(sp_io *io)
{
    pthread_mutex_lock(&reg_lock);
    int i = io->reg;
    if (i >= 0) {
        sp_io *last = GC_REVEAL_POINTER(reg_tab[--reg_len]);
        reg_tab[i] = reg_tab[reg_len];
        last->reg = i;          /* still allocated: its finalizer waits for reg_lock */
        io->reg = -1;
    }
    pthread_mutex_unlock(&reg_lock);
}

/* atexit: flush every writable collectable IO still open.  An IO whose
 * lock another thread holds right now is skipped rather than waited for. */
void sp_io_flush_at_exit(void)
{
    pthread_mutex_lock(&reg_lock);
    for (int i = 0; i < reg_len; i++) {
        sp_io *io = GC_REVEAL_POINTER(reg_tab[i]);
        if (io->closed || !io->wlen || pthread_mutex_trylock(&io->lock) != 0)
            continue;
        if (!io->closed) io_flush_locked(io);
        pthread_mutex_unlock(&io->lock);
    }
    pthread_mutex_unlock(&reg_lock);
}

void sp_io_lock_slow(sp_io *io)
{
    sp_gthread *g = sp_sched_current();
    int region = !(g && sp_sched_in_blocking(g));
    if (region) sp_blocking_begin();
    pthread_mutex_lock(&io->lock);
    if (region) sp_blocking_end();
}

/* fork(2) child (sp_fork.c): the threads that did not come along may have
 * held an IO's lock, in a write(2) or a file read, when the world was
 * stopped for the fork (no thread holds one anywhere else).  The forking
 * thread holds none, so every lock is made anew, as CRuby's child
 * abandons the mutexes of its dead threads. */
void sp_io_atfork_child(void)
{
    pthread_mutex_init(&reg_lock, NULL);
    for (int i = 0; i < reg_len; i++) {
        sp_io *io = GC_REVEAL_POINTER(reg_tab[i]);
        pthread_mutex_init(&io->lock, NULL);
    }
}

/* The collector's finalizer: the IO is unreachable, so nobody holds its
 * lock or waits on it.  Pending bytes are written (errors ignored, as in
 * CRuby's finalizer), then the fds are closed and the buffers freed. */
static void io_finalize(void *obj, void *cd)
{
    (void)cd;
    sp_io *io = obj;
    reg_remove(io);
    if (!io->closed) {
        for (size_t off = 0; off < io->wlen;) {
            ssize_t w = write(WFD(io), io->wbuf + off, io->wlen - off);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) break;
            off += (size_t)w;
        }
        if (io->pd) sp_pd_close(io->pd);
        if (io->fd > 2 && !io->noautoclose) close(io->fd);
        if (io->wfd > 2) close(io->wfd);
    }
    free(io->rbuf); free(io->wbuf);
    pthread_mutex_destroy(&io->lock);
}
sp_io *sp_io_alloc_collectable(sp_value klass, int fd, int mode)
{
    return io_new_gc(klass, fd, mode);
}
int sp_io_p(sp_value v) { return is_io(v); }
void sp_io_check_readable(sp_io *io) { check_readable(io); }
void sp_io_check_writable(sp_io *io) { check_writable(io); }
int sp_io_fill_locked(sp_io *io) { return io_fill(io); }
int sp_io_flush_locked(sp_io *io) { return io_flush_locked(io); }
int sp_io_write_all(int fd, const char *p, size_t n) { return write_all(fd, p, n); }
sp_value sp_io_close(sp_value io) { return io_m_close(io, 0, NULL, SP_NIL); }

void sp_io_warn_new_block(sp_value klass)
{
    if (sp_gvar_get(sp_intern("$VERBOSE")) == SP_NIL) return;
    /* the caller's "file:line" is the first backtrace entry up to ":in " */
    sp_value bt = sp_backtrace_here(sp_ec_current(), 0);
    sp_value msg = sp_str_buf_new(128);
    for (long i = 0; i < sp_ary_len(bt); i++) {
        sp_value loc = sp_ary_entry(bt, i);
        const char *l = sp_str_cstr(loc), *in = strstr(l, ":in ");
        if (!in || l[0] == '<') continue;
        sp_str_cat(msg, l, (size_t)(in - l));
        sp_str_cat_cstr(msg, ": ");
        break;
    }
    const char *k = sp_class_path(klass);
    sp_str_append(msg, sp_str_format("warning: %s::new() does not take block; use %s::open() instead\n", k, k));
    sp_funcall1(sp_io_get_stderr(), "write", msg);
}
int sp_io_pollable(sp_io *io) { return io_pollable(io); }

void sp_init_format(void);
void sp_init_io_nb(void);
void sp_init_io_fd(void);

void sp_init_io(void)
{
    sp_value I = sp_cIO;
    sp_io *o = io_new(I, 1, 2), *e = io_new(I, 2, 2), *in = io_new(I, 0, 1);
    o->line_buffered = isatty(1);
    sp_stdout_obj = cur_stdout = (sp_value)o;
    sp_stderr_obj = cur_stderr = (sp_value)e;
    sp_stdin_obj = (sp_value)in;
    atexit(sp_flush_all);
    atexit(sp_io_flush_at_exit);
    sp_define_const(sp_cObject, "STDOUT", sp_stdout_obj);
    sp_define_const(sp_cObject, "STDERR", sp_stderr_obj);
    sp_define_const(sp_cObject, "STDIN", sp_stdin_obj);

    sp_value K = sp_mKernel;
    sp_define_private_method(K, "puts", k_puts, -1);
    sp_define_private_method(K, "print", k_print, -1);
    sp_define_private_method(K, "p", k_p, -1);
    sp_define_private_method(K, "pp", k_pp, -1);
    sp_define_private_method(K, "printf", k_printf, -1);
    sp_define_private_method(K, "putc", k_putc, 1);
    sp_define_private_method(K, "warn", k_warn, -1);
    sp_define_private_method(K, "gets", k_gets, -1);
    sp_define_private_method(K, "open", k_open, -1);
    sp_define_private_method(K, "readline", k_readline, -1);
    sp_define_private_method(K, "readlines", k_readlines, -1);

    sp_define_method(I, "write", io_m_write, -1);
    sp_define_method(I, "<<", io_m_lshift, 1);
    sp_define_method(I, "puts", io_m_puts, -1);
    sp_define_method(I, "print", io_m_print, -1);
    sp_define_method(I, "printf", io_m_printf, -1);
    sp_define_method(I, "putc", io_m_putc, 1);
    sp_define_method(I, "flush", io_m_flush, 0);
    sp_define_method(I, "fsync", io_m_flush, 0);
    sp_define_method(I, "sync", io_m_sync, 0);
    sp_define_method(I, "sync=", io_m_set_sync, 1);
    sp_define_method(I, "fileno", io_m_fileno, 0);
    sp_define_method(I, "tty?", io_m_tty, 0);
    sp_define_method(I, "isatty", io_m_tty, 0);
    sp_define_method(I, "gets", io_m_gets, -1);
    sp_define_method(I, "read", io_m_read, -1);
    sp_define_method(I, "readlines", io_m_readlines, -1);
    sp_define_method(I, "each_line", io_m_each_line, -1);
    sp_define_method(I, "each", io_m_each_line, -1);
    sp_define_method(I, "readline", io_m_readline, -1);
    sp_define_method(I, "eof?", io_m_eof, 0);
    sp_define_method(I, "eof", io_m_eof, 0);
    sp_define_method(I, "close", io_m_close, 0);
    sp_define_method(I, "closed?", io_m_closed, 0);
    sp_define_method(I, "autoclose=", io_m_set_autoclose, 1);
    sp_define_method(I, "autoclose?", io_m_autoclose_p, 0);
    sp_define_method(I, "inspect", io_m_inspect, 0);
    sp_define_method(I, "lineno", io_m_lineno, 0);
    sp_define_method(I, "lineno=", io_m_set_lineno, 1);
    sp_define_method(I, "each_char", io_m_each_char, 0);
    sp_define_method(I, "each_byte", io_m_each_byte, 0);
    sp_define_method(I, "getc", io_m_getc, 0);
    sp_define_method(I, "getbyte", io_m_getbyte, 0);
    sp_define_method(I, "readbyte", io_m_readbyte, 0);
    sp_define_method(I, "pos", io_m_pos, 0);
    sp_define_method(I, "tell", io_m_pos, 0);
    sp_define_method(I, "pos=", io_m_set_pos, 1);
    sp_define_method(I, "seek", io_m_seek, -1);
    sp_define_method(I, "rewind", io_m_rewind, 0);
    sp_define_singleton_method(I, "pipe", io_s_pipe, -1);
    sp_define_method(I, "close_write", io_m_close_write, 0);
    sp_define_method(I, "close_read", io_m_close_read, 0);
    sp_define_method(I, "reopen", io_m_reopen, -1);
    sp_define_private_method(I, "initialize_copy", io_m_init_copy, 1);
    sp_define_method(I, "pid", io_m_pid, 0);
    /* IO.read, binread, readlines, foreach, write: sp_io_fd.c ("|cmd"), else File's */
    sp_include_module(I, sp_mEnumerable);

    cFile = sp_define_class("File", I);
    /* File::Constants (IO includes it in CRuby); its constants are also
     * defined on IO and File themselves, where most code reads them */
    sp_value fconsts = sp_define_module_under(cFile, "Constants");
    sp_include_module(I, fconsts);
    sp_init_file_stat(cFile);   /* lib/ext/sp_file_stat.c: File::Stat, flock, IO::SEEK_* */
    sp_value sep = sp_str_new_frozen("/", 1);
    sp_define_const(cFile, "SEPARATOR", sep);
    sp_define_const(cFile, "Separator", sep);
    sp_define_singleton_method(cFile, "open", f_s_open, -1);
    sp_define_singleton_method(cFile, "new", f_s_new, -1);
    sp_define_singleton_method(cFile, "read", f_s_read, -1);
    sp_define_singleton_method(cFile, "binread", f_s_binread, -1);
    sp_define_singleton_method(cFile, "readlines", f_s_readlines, -1);
    sp_define_singleton_method(cFile, "foreach", f_s_foreach, -1);
    sp_define_singleton_method(cFile, "write", f_s_write, -1);
    sp_define_singleton_method(cFile, "exist?", f_s_exist, 1);
    sp_define_singleton_method(cFile, "file?", f_s_file_p, 1);
    sp_define_singleton_method(cFile, "directory?", f_s_dir_p, 1);
    sp_define_singleton_method(cFile, "size", f_s_size, 1);
    sp_define_singleton_method(cFile, "delete", f_s_delete, -1);
    sp_define_singleton_method(cFile, "unlink", f_s_delete, -1);
    sp_define_singleton_method(cFile, "size?", f_s_size_p, 1);
    sp_define_singleton_method(cFile, "zero?", f_s_zero_p, 1);
    sp_define_singleton_method(cFile, "empty?", f_s_zero_p, 1);
    sp_define_singleton_method(cFile, "rename", f_s_rename, 2);
    sp_define_singleton_method(cFile, "readable?", f_s_readable_p, 1);
    sp_define_singleton_method(cFile, "writable?", f_s_writable_p, 1);
    sp_define_singleton_method(cFile, "executable?", f_s_executable_p, 1);
    sp_define_singleton_method(cFile, "symlink?", f_s_symlink_p, 1);
    sp_define_singleton_method(cFile, "mtime", f_s_mtime, 1);
    sp_define_const(cFile, "ALT_SEPARATOR", SP_NIL);
    /* File::Constants::NULL in CRuby, which IO includes: one object */
    sp_value null_path = sp_str_new_frozen("/dev/null", 9);
    /* File::Constants: the open flags of this system (BINARY and
     * SHARE_DELETE mean something on Windows only: 0 here, as in CRuby) */
    static const struct { const char *n; int v; } oflags[] = {
        { "RDONLY", O_RDONLY }, { "WRONLY", O_WRONLY }, { "RDWR", O_RDWR }, { "CREAT", O_CREAT },
        { "TRUNC", O_TRUNC }, { "APPEND", O_APPEND }, { "EXCL", O_EXCL }, { "NONBLOCK", O_NONBLOCK },
        { "NOCTTY", O_NOCTTY }, { "SYNC", O_SYNC }, { "DSYNC", O_DSYNC }, { "RSYNC", O_RSYNC },
        { "NOFOLLOW", O_NOFOLLOW }, { "DIRECT", O_DIRECT }, { "NOATIME", O_NOATIME },
        { "TMPFILE", O_TMPFILE }, { "BINARY", 0 }, { "SHARE_DELETE", 0 } };
    sp_value ktargets[3] = { I, cFile, fconsts };
    for (int t = 0; t < 3; t++) {
        sp_define_const(ktargets[t], "NULL", null_path);
        for (size_t i = 0; i < sizeof oflags / sizeof oflags[0]; i++)
            sp_define_const(ktargets[t], oflags[i].n, SP_FIX(oflags[i].v));
    }
    sp_define_const(cFile, "PATH_SEPARATOR", sp_str_new_frozen(":", 1));
    sp_define_method(cFile, "size", file_m_size, 0);
    sp_define_method(I, "path", io_m_path, 0);
    sp_define_method(I, "to_path", io_m_path, 0);
    sp_define_method(cFile, "path", file_m_path, 0);
    sp_define_method(cFile, "to_path", file_m_path, 0);
    sp_init_file_path(cFile);   /* sp_file_path.c: basename, join, realpath..., FileTest */

    sp_init_format();
    sp_init_io_nb();
    sp_init_io_fd();
}

/* An IO of class klass on an open fd (mode 1 read, 2 write, 3 both),
 * reporting `path` as its path (DATA, sp_load.c). */
sp_value sp_io_fd_new(sp_value klass, int fd, int mode, const char *path)
{
    sp_io *io = io_new(klass, fd, mode);
    if (path) io->path = sp_str_new_cstr(path);
    return (sp_value)io;
}

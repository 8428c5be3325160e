/*
 * sp_io_int.h — the IO record and the few sp_io.c helpers that the other
 * I/O files (sp_io_nb.c: readiness, non-blocking and sys* methods;
 * lib/ext/sp_socket*.c: sockets) build on.  Not for other subsystems.
 *
 * Invariants (doc/io.md):
 *  - io->lock is a pthread mutex held only while bytes are copied or a
 *    system call runs; a green thread never parks holding it.
 *  - A green thread parked on io->fd is linked in io->waiters (under
 *    io->lock) for the whole wait.  The fd's netpoll registration is the
 *    IO's poll descriptor (io->pd, lib/sched/sp_pollfd.c: made at the
 *    first wait, edge-triggered, persistent); a waiter only occupies one
 *    of its slots (or a private epoll set of its own) for its wait.
 *  - close marks the IO closed, wakes every waiter, closes io->pd once the
 *    list is empty and only then the fd, so no registration outlives the
 *    fd and a reused fd number is never read by a late waiter.  A woken
 *    waiter that finds the IO closed raises IOError "stream closed in
 *    another thread".
 */
#ifndef SPINEL_IO_INT_H
#define SPINEL_IO_INT_H

#include "spinel.h"
#include "sp_sched.h"
#include <pthread.h>
#include <sys/types.h>

typedef struct sp_io_waiter {
    sp_gthread *g;
    struct sp_io_waiter *next;
} sp_io_waiter;

typedef struct sp_io {
    sp_header hdr;
    int fd;
    int mode;             /* 1 read, 2 write, 3 both */
    int line_buffered;
    int sync;
    int closed;
    char *wbuf;           /* write buffer (malloc'd, not GC) */
    size_t wlen, wcap;
    char *rbuf;           /* read buffer */
    size_t rpos, rlen, rcap;
    int eof;
    long lineno;
    sp_value path;
    int pollable;         /* 0 unknown, 1 pipe/socket/tty (wait with the scheduler), 2 no */
    int nbfd;             /* the fd is O_NONBLOCK (sockets): read first, wait on EAGAIN */
    int stream;           /* a stream socket: a short read(2) drained it */
    int rdrained;         /* stream: the last fill read less than asked and no wait
                             has taken an edge since, so the next fill waits first */
    sp_pd *pd;            /* fd's poll descriptor (sp_pollfd.c), NULL until a wait */
    int reg;              /* slot in the table of collectable writable IOs, -1 none */
    int wfd;              /* IO.popen "r+": the write end (fd reads); -1 otherwise */
    pid_t pid;            /* IO.popen: the child, reaped (and $? set) by close */
    int noautoclose;      /* IO#autoclose = false: close and the collector leave fd open */
    sp_io_waiter *waiters;  /* green threads parked on fd (under lock) */
    int binmode;          /* IO#binmode, "b" (sp_io_fd.c) */
    sp_value enc_ext, enc_int;  /* set external / internal Encoding, or nil */
    pthread_mutex_t lock;
} sp_io;

#define SP_IO(v) ((sp_io *)(v))

/* Take io->lock.  Its holder may be inside a blocking region (a write(2)
 * to a full pipe), so a contended take is one too: the waiting worker
 * hands its queue on, and a fork counts it as stopped (sp_sched.c). */
void sp_io_lock_slow(sp_io *io);
static inline void sp_io_lock(sp_io *io)
{
    if (SP_UNLIKELY(pthread_mutex_trylock(&io->lock) != 0))
        sp_io_lock_slow(io);
}
#define SP_IO_WFD(io) ((io)->wfd >= 0 ? (io)->wfd : (io)->fd)

/* A new IO of class klass on fd (mode 1 read, 2 write, 3 both). */
sp_io *sp_io_alloc(sp_value klass, int fd, int mode);
/* The same, collectable: flushed, closed (fd) and freed (buffers) by the
 * collector when unreachable, as CRuby's GC does (sockets, Files, pipes). */
sp_io *sp_io_alloc_collectable(sp_value klass, int fd, int mode);
/* err is EMFILE/ENFILE: run the collector (unreachable IOs close their
 * fds) and return 1 so the caller retries once; else 0. */
int sp_io_gc_for_fd(int err);
/* Is v an IO (any subclass)? */
int sp_io_p(sp_value v);
/* IOError "closed stream" / "not opened for reading|writing". */
void sp_io_check_readable(sp_io *io);
void sp_io_check_writable(sp_io *io);
/* With io->lock held: refill the read buffer (parks on a pipe/socket);
 * 0 at EOF. */
int sp_io_fill_locked(sp_io *io);
/* With io->lock held: write out the write buffer; 0 or an errno. */
int sp_io_flush_locked(sp_io *io);
/* Write all of p (no buffering, no lock); 0 or EPIPE. */
int sp_io_write_all(int fd, const char *p, size_t n);
/* With io->lock held: park until fd has the events (SP_FD_READ/WRITE) or
 * the deadline (0: none) passes, io->lock released meanwhile.  Returns the
 * sp_sched wake reason; raises IOError when another thread closed io, and
 * handles a Thread#raise/kill. */
int sp_io_wait_locked(sp_io *io, int events, int64_t deadline_ns);
/* Pipe, socket or terminal (an fd the scheduler can wait on)? */
int sp_io_pollable(sp_io *io);
/* Park until io is ready for events (SP_FD_READ/WRITE) or the deadline
 * (0: none) passes: 1 ready, 0 timed out.  Buffered data counts as
 * readable; regular files are always ready.  IOError if io is closed. */
int sp_io_wait_ready(sp_io *io, int events, int64_t deadline);
/* IO::EAGAINWaitReadable / EAGAINWaitWritable "Resource temporarily
 * unavailable - <what>". */
SP_NORETURN void sp_io_raise_would_block(int writing, const char *what);
/* Up to n buffered bytes (io->lock held, buffer not empty) as a new
 * String, or written into outbuf (not nil). */
sp_value sp_io_take_buffered(sp_io *io, long n, sp_value outbuf);
/* p[0, n] as a new String, or outbuf replaced with it. */
sp_value sp_io_give(sp_value outbuf, const char *p, size_t n);
/* A String read from io tagged with io's external encoding (sp_io_fd.c). */
sp_value sp_io_tag_read(sp_io *io, sp_value s);
/* File.open's mode (String/Integer/nil) and options Hash (or nil): io's
 * binmode and encodings (sp_io_fd.c). */
void sp_io_apply_mode(sp_io *io, sp_value mode, sp_value opts);
/* IO#close. */
sp_value sp_io_close(sp_value io);

#endif

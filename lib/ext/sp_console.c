/*
 * sp_console.c — `require 'io/console'`: terminal control on IO (termios
 * and the window-size ioctls), as CRuby's io/console extension.
 *
 * IO#winsize / winsize=, raw / raw! (min:, time:, intr:), cooked /
 * cooked!, noecho, echo= / echo?, getch, getpass, iflush / oflush /
 * ioflush, beep, and IO.console (the process's /dev/tty as a File, opened
 * once and kept; nil when there is no controlling terminal; :close closes
 * it, any other symbol is sent to it).
 *
 * Nothing is pretended where there is no terminal: termios calls fail with
 * ENOTTY and raise Errno::ENOTTY with CRuby's messages (" - <path>" for the
 * methods CRuby reports with the IO's path, the bare strerror text for the
 * block forms).  A block form (raw, cooked, noecho, getch, getpass)
 * restores the saved modes however it is left — value, raise, break,
 * return, throw — through a cleanup record, so a `return` from the block
 * is not a LocalJumpError.  IO::ConsoleMode (console_mode) is not
 * provided: those methods raise NoMethodError.
 */
#include "spinel.h"
#include "sp_io.h"
#include "sp_io_int.h"
#include "sp_string.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static sp_value console_io;      /* IO.console's File (or 0) */

static sp_io *io_of(sp_value v)
{
    if (!sp_io_p(v)) sp_raise(sp_eTypeError, "wrong argument type %s (expected IO)", sp_obj_classname(v));
    sp_io *io = SP_IO(v);
    if (io->closed) sp_raise(sp_eIOError, "closed stream");
    return io;
}

/* Errno::X "strerror - path" (CRuby's sys_fail on the IO's path; no
 * suffix when the IO has no path). */
static SP_NORETURN void fail_io(int err, sp_value self)
{
    sp_value path = sp_funcall0(self, "path");
    sp_raise_syserr(err, path == SP_NIL ? NULL : sp_str_cstr(path));
}

static int getattr(int fd, struct termios *t) { return tcgetattr(fd, t) == 0; }

static int setattr(int fd, const struct termios *t)
{
    while (tcsetattr(fd, TCSANOW, t)) if (errno != EINTR) return 0;
    return 1;
}

/* raw mode options (min:, time:, intr:), -1 / 0 when not given */
typedef struct rawopt { int vmin, vtime, intr, given; } rawopt;

static rawopt raw_options(int argc_, const sp_value *argv)
{
    rawopt o = { 1, 0, 0, 0 };
    if (!(argc_ & SP_ARGC_KW)) {
        if (SP_ARGC(argc_) > 0) sp_raise_arity(SP_ARGC(argc_), 0, 0);
        return o;
    }
    if (SP_ARGC(argc_) > 1) sp_raise_arity(SP_ARGC(argc_) - 1, 0, 0);
    sp_value min = sp_kwarg(argc_, argv, "min", SP_NIL);
    sp_value time = sp_kwarg(argc_, argv, "time", SP_NIL);
    sp_value intr = sp_kwarg(argc_, argv, "intr", SP_NIL);
    if (min != SP_NIL) { o.vmin = (int)sp_num_to_long(min); o.given = 1; }
    if (time != SP_NIL) {
        o.vtime = (int)sp_num_to_long(sp_funcall1(time, "*", SP_FIX(10)));
        o.given = 1;
    }
    if (intr == SP_TRUE) { o.intr = 1; o.given = 1; }
    else if (intr == SP_FALSE) o.given = 1;
    else if (intr != SP_NIL)
        sp_raise(sp_eArgError, "true or false expected as intr: %s", sp_str_cstr(sp_inspect(intr)));
    return o;
}

static void set_raw(struct termios *t, const void *arg)
{
    const rawopt *o = arg;
    cfmakeraw(t);
    t->c_lflag &= ~(tcflag_t)(ECHOE | ECHOK);
    if (o && o->given) {
        if (o->vmin >= 0) t->c_cc[VMIN] = (cc_t)o->vmin;
        if (o->vtime >= 0) t->c_cc[VTIME] = (cc_t)o->vtime;
        if (o->intr) { t->c_iflag |= BRKINT; t->c_lflag |= ISIG; t->c_oflag |= OPOST; }
    }
}

static void set_cooked(struct termios *t, const void *arg)
{
    (void)arg;
    t->c_iflag |= (BRKINT | ISTRIP | ICRNL | IXON);
    t->c_oflag |= OPOST;
    t->c_lflag |= (ECHO | ECHOE | ECHOK | ECHONL | ICANON | ISIG | IEXTEN);
}

static void set_noecho(struct termios *t, const void *arg)
{
    (void)arg;
    t->c_lflag &= ~(tcflag_t)(ECHO | ECHOE | ECHOK | ECHONL);
}

static void set_echo(struct termios *t, const void *arg)
{
    (void)arg;
    t->c_lflag |= (ECHO | ECHOE | ECHOK | ECHONL);
}

typedef void (*setter_fn)(struct termios *, const void *);

/* The saved modes of the (up to two) fds a block form changed. */
typedef struct ttysave {
    int fd[2];
    struct termios t[2];
} ttysave;

static int tty_restore(ttysave *s)
{
    int err = 0;
    for (int i = 0; i < 2; i++)
        if (s->fd[i] != -1 && !setattr(s->fd[i], &s->t[i])) err = errno;
    return err;
}

static void tty_cleanup(sp_ec *ec, sp_value arg)
{
    (void)ec;
    tty_restore((ttysave *)(uintptr_t)arg);
}

enum { BODY_YIELD, BODY_GETC, BODY_GETS };

/* CRuby's ttymode: change the read fd's (and a separate write fd's)
 * modes, run the body, put the modes back. */
static sp_value ttymode(sp_value self, setter_fn setter, const void *arg, int body, sp_value blk)
{
    sp_io *io = io_of(self);
    ttysave *s = GC_MALLOC_ATOMIC(sizeof *s);
    int fds[2] = { io->fd, SP_IO_WFD(io) };
    int ok = 0, error = 0;
    for (int i = 0; i < 2; i++) {
        s->fd[i] = -1;
        if (fds[i] == -1 || (i == 1 && fds[1] == fds[0])) continue;
        struct termios r;
        if (getattr(fds[i], &s->t[i])) {
            r = s->t[i];
            setter(&r, arg);
            if (setattr(fds[i], &r)) { s->fd[i] = fds[i]; ok = 1; continue; }
        }
        error = errno;
    }
    if (!ok) sp_raise_syserr(error, NULL);
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_push_cleanup(ec, &h, tty_cleanup, (sp_value)(uintptr_t)s);
    sp_value r;
    if (body == BODY_YIELD) r = sp_yield1(blk, self);
    else r = sp_funcall0(self, body == BODY_GETC ? "getc" : "gets");
    ec->handler = h.prev;
    error = tty_restore(s);
    if (error) sp_raise_syserr(error, NULL);
    return r;
}

/* The "!" forms: change the read fd's modes in place. */
static sp_value set_mode(sp_value self, setter_fn setter, const void *arg)
{
    sp_io *io = io_of(self);
    struct termios t;
    if (!getattr(io->fd, &t)) fail_io(errno, self);
    setter(&t, arg);
    if (!setattr(io->fd, &t)) fail_io(errno, self);
    return self;
}

SP_METHOD(c_raw)
{
    (void)argc;
    rawopt o = raw_options(argc_, argv);
    if (blk == SP_NIL) sp_raise_no_block();
    return ttymode(self, set_raw, &o, BODY_YIELD, blk);
}

SP_METHOD(c_raw_bang)
{
    (void)argc; (void)blk;
    rawopt o = raw_options(argc_, argv);
    return set_mode(self, set_raw, &o);
}

SP_METHOD(c_cooked)
{
    (void)argc_; (void)argc; (void)argv;
    if (blk == SP_NIL) sp_raise_no_block();
    return ttymode(self, set_cooked, NULL, BODY_YIELD, blk);
}

SP_METHOD(c_cooked_bang) { (void)argc_; (void)argc; (void)argv; (void)blk; return set_mode(self, set_cooked, NULL); }

SP_METHOD(c_noecho)
{
    (void)argc_; (void)argc; (void)argv;
    if (blk == SP_NIL) sp_raise_no_block();
    return ttymode(self, set_noecho, NULL, BODY_YIELD, blk);
}

SP_METHOD(c_set_echo)
{
    (void)argc_; (void)argc; (void)blk;
    set_mode(self, SP_RTEST(argv[0]) ? set_echo : set_noecho, NULL);
    return argv[0];
}

SP_METHOD(c_echo_p)
{
    (void)argc_; (void)argc; (void)argv; (void)blk;
    sp_io *io = io_of(self);
    struct termios t;
    if (!getattr(io->fd, &t)) fail_io(errno, self);
    return SP_BOOL((t.c_lflag & (ECHO | ECHONL)) != 0);
}

SP_METHOD(c_getch)
{
    (void)argc; (void)blk;
    rawopt o = raw_options(argc_, argv);
    return ttymode(self, set_raw, &o, BODY_GETC, SP_NIL);
}

/* The "\n" getpass writes after the line, however the read ended. */
static void getpass_newline(sp_ec *ec, sp_value wio)
{
    (void)ec;
    sp_funcall1(wio, "write", sp_str_new("\n", 1));
}

/* getpass(prompt = nil): the prompt to the write side ($stderr for
 * $stdin), a line read without echo, chomped. */
SP_METHOD(c_getpass)
{
    (void)argc_; (void)blk;
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    io_of(self);
    sp_value wio = self;
    if (self == sp_gvar_get(sp_intern("$stdin"))) wio = sp_io_get_stderr();
    if (argc > 0 && argv[0] != SP_NIL) sp_funcall1(wio, "write", sp_str_to_str(argv[0]));
    sp_funcall0(wio, "flush");
    sp_ec *ec = sp_ec_current();
    sp_handler h;
    sp_push_cleanup(ec, &h, getpass_newline, wio);
    sp_value str = ttymode(self, set_noecho, NULL, BODY_GETS, SP_NIL);
    ec->handler = h.prev;
    getpass_newline(ec, wio);
    if (str != SP_NIL) str = sp_funcall1(str, "chomp", sp_str_new("\n", 1));
    return str;
}

SP_METHOD(c_winsize)
{
    (void)argc_; (void)argc; (void)argv; (void)blk;
    sp_io *io = io_of(self);
    struct winsize ws;
    if (ioctl(SP_IO_WFD(io), TIOCGWINSZ, &ws) != 0) fail_io(errno, self);
    return sp_ary_new2(SP_FIX(ws.ws_row), SP_FIX(ws.ws_col));
}

SP_METHOD(c_set_winsize)
{
    (void)argc_; (void)argc; (void)blk;
    sp_io *io = io_of(self);
    sp_value size = sp_funcall1(sp_main_obj, "Array", argv[0]);
    long n = sp_ary_len(size);
    if (n != 2 && n != 4)
        sp_raise(sp_eArgError, "wrong number of arguments (given %ld, expected 2 or 4)", n);
    struct winsize ws;
    memset(&ws, 0, sizeof ws);
    unsigned short *f[4] = { &ws.ws_row, &ws.ws_col, &ws.ws_xpixel, &ws.ws_ypixel };
    for (long i = 0; i < n; i++) {
        sp_value v = sp_ary_entry(size, i);
        *f[i] = v == SP_NIL ? 0 : (unsigned short)sp_num_to_long(v);
    }
    if (ioctl(SP_IO_WFD(io), TIOCSWINSZ, &ws) != 0) fail_io(errno, self);
    return argv[0];
}

static sp_value flush_queue(sp_value self, int which)
{
    sp_io *io = io_of(self);
    int fd = which == TCOFLUSH ? SP_IO_WFD(io) : io->fd;
    if (tcflush(fd, which) != 0) fail_io(errno, self);
    return self;
}

SP_METHOD(c_iflush) { (void)argc_; (void)argc; (void)argv; (void)blk; return flush_queue(self, TCIFLUSH); }
SP_METHOD(c_oflush) { (void)argc_; (void)argc; (void)argv; (void)blk; return flush_queue(self, TCOFLUSH); }

SP_METHOD(c_ioflush)
{
    (void)argc_; (void)argc; (void)argv; (void)blk;
    sp_io *io = io_of(self);
    if (SP_IO_WFD(io) == io->fd) return flush_queue(self, TCIOFLUSH);
    flush_queue(self, TCIFLUSH);
    return flush_queue(self, TCOFLUSH);
}

SP_METHOD(c_beep)
{
    (void)argc_; (void)argc; (void)argv; (void)blk;
    sp_funcall1(self, "write", sp_str_new("\a", 1));
    return self;
}

/* IO.console(sym = nil, *args) */
SP_METHOD(c_s_console)
{
    (void)self;
    if (console_io && SP_IO(console_io)->closed) console_io = 0;
    if (argc > 0 && argv[0] == sp_sym("close")) {
        if (console_io) sp_funcall0(console_io, "close");
        console_io = 0;
        return SP_NIL;
    }
    if (!console_io) {
        int fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY);
        if (fd < 0) return SP_NIL;
        console_io = sp_io_fd_new(sp_const_get(sp_cObject, sp_intern("File")), fd, 3, "/dev/tty");
    }
    if (argc == 0) return console_io;
    if (!SP_SYMBOL_P(argv[0])) sp_raise(sp_eTypeError, "%s is not a symbol nor a string", sp_str_cstr(sp_inspect(argv[0])));
    return sp_funcall(console_io, SP_SYM2ID(argv[0]), argc_ - 1, argv + 1, blk);
}

/* IO::generic_readable#getch (StringIO includes the module): getc, as
 * io/console's io_getch for objects that are not terminals */
SP_METHOD(gr_getch) { (void)blk; return sp_funcall(self, sp_intern("getc"), SP_ARGC(argc_), argv, SP_NIL); }

void sp_init_console(void)
{
    sp_value I = sp_cIO;
    sp_define_method(sp_define_module_under(I, "generic_readable"), "getch", gr_getch, -1);
    sp_define_method(I, "raw", c_raw, -1);
    sp_define_method(I, "raw!", c_raw_bang, -1);
    sp_define_method(I, "cooked", c_cooked, 0);
    sp_define_method(I, "cooked!", c_cooked_bang, 0);
    sp_define_method(I, "noecho", c_noecho, 0);
    sp_define_method(I, "echo=", c_set_echo, 1);
    sp_define_method(I, "echo?", c_echo_p, 0);
    sp_define_method(I, "getch", c_getch, -1);
    sp_define_method(I, "getpass", c_getpass, -1);
    sp_define_method(I, "winsize", c_winsize, 0);
    sp_define_method(I, "winsize=", c_set_winsize, 1);
    sp_define_method(I, "iflush", c_iflush, 0);
    sp_define_method(I, "oflush", c_oflush, 0);
    sp_define_method(I, "ioflush", c_ioflush, 0);
    sp_define_method(I, "beep", c_beep, 0);
    sp_define_singleton_method(I, "console", c_s_console, -1);
}

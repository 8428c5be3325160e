/*
 * sp_errno.c — SystemCallError and the Errno module: one class per error
 * number the platform defines (Errno::EXXX, with its Errno constant),
 * SystemCallError.new choosing that class from a number, and #errno.
 *
 * Representation: errno_classes[n] is the class of error number n (the
 * first name defined for n); a later name with the same number
 * (EWOULDBLOCK = EAGAIN, EOPNOTSUPP = ENOTSUP, EDEADLOCK = EDEADLK) is a
 * constant naming that same class, as in CRuby.  Names another platform
 * defines and Linux does not (BSD/macOS errors) are constants naming
 * Errno::NOERROR, as CRuby makes them.  The errno itself is the hidden
 * ivar __errno (the value given to new, not converted: a Float stays one).
 */
#include <errno.h>
#include <string.h>
#include "sp_class.h"

static sp_value errno_classes[256];
static sp_id a_errno;

/* Error numbers in CRuby's known_errors order; an alias after its target. */
#define E_(n) { #n, n }
static const struct { const char *name; int err; } errnos[] = {
    E_(EPERM), E_(ENOENT), E_(ESRCH), E_(EINTR), E_(EIO),
    E_(ENXIO), E_(E2BIG), E_(ENOEXEC), E_(EBADF), E_(ECHILD),
    E_(EAGAIN), E_(ENOMEM), E_(EACCES), E_(EFAULT), E_(ENOTBLK),
    E_(EBUSY), E_(EEXIST), E_(EXDEV), E_(ENODEV), E_(ENOTDIR),
    E_(EISDIR), E_(EINVAL), E_(ENFILE), E_(EMFILE), E_(ENOTTY),
    E_(ETXTBSY), E_(EFBIG), E_(ENOSPC), E_(ESPIPE), E_(EROFS),
    E_(EMLINK), E_(EPIPE), E_(EDOM), E_(ERANGE), E_(EDEADLK),
    E_(ENAMETOOLONG), E_(ENOLCK), E_(ENOSYS), E_(ENOTEMPTY), E_(ELOOP),
    E_(ENOMSG), E_(EIDRM), E_(ECHRNG), E_(EL2NSYNC), E_(EL3HLT),
    E_(EL3RST), E_(ELNRNG), E_(EUNATCH), E_(ENOCSI), E_(EL2HLT),
    E_(EBADE), E_(EBADR), E_(EXFULL), E_(ENOANO), E_(EBADRQC),
    E_(EBADSLT), E_(EBFONT), E_(ENOSTR), E_(ENODATA), E_(ETIME),
    E_(ENOSR), E_(ENONET), E_(ENOPKG), E_(EREMOTE), E_(ENOLINK),
    E_(EADV), E_(ESRMNT), E_(ECOMM), E_(EPROTO), E_(EMULTIHOP),
    E_(EDOTDOT), E_(EBADMSG), E_(EOVERFLOW), E_(ENOTUNIQ), E_(EBADFD),
    E_(EREMCHG), E_(ELIBACC), E_(ELIBBAD), E_(ELIBSCN), E_(ELIBMAX),
    E_(ELIBEXEC), E_(EILSEQ), E_(ERESTART), E_(ESTRPIPE), E_(EUSERS),
    E_(ENOTSOCK), E_(EDESTADDRREQ), E_(EMSGSIZE), E_(EPROTOTYPE), E_(ENOPROTOOPT),
    E_(EPROTONOSUPPORT), E_(ESOCKTNOSUPPORT), E_(ENOTSUP), E_(EPFNOSUPPORT), E_(EAFNOSUPPORT),
    E_(EADDRINUSE), E_(EADDRNOTAVAIL), E_(ENETDOWN), E_(ENETUNREACH), E_(ENETRESET),
    E_(ECONNABORTED), E_(ECONNRESET), E_(ENOBUFS), E_(EISCONN), E_(ENOTCONN),
    E_(ESHUTDOWN), E_(ETOOMANYREFS), E_(ETIMEDOUT), E_(ECONNREFUSED), E_(EHOSTDOWN),
    E_(EHOSTUNREACH), E_(EALREADY), E_(EINPROGRESS), E_(ESTALE), E_(EUCLEAN),
    E_(ENOTNAM), E_(ENAVAIL), E_(EISNAM), E_(EREMOTEIO), E_(EDQUOT),
    E_(ENOMEDIUM), E_(EMEDIUMTYPE), E_(ECANCELED), E_(ENOKEY), E_(EKEYEXPIRED),
    E_(EKEYREVOKED), E_(EKEYREJECTED), E_(EOWNERDEAD), E_(ENOTRECOVERABLE), E_(ERFKILL),
    E_(EHWPOISON), E_(EDEADLOCK), E_(EOPNOTSUPP), E_(EWOULDBLOCK),
};
#undef E_

/* CRuby's names Linux has no number for. */
static const char *const foreign[] = {
    "EAUTH", "EBADARCH", "EBADEXEC", "EBADMACHO", "EBADRPC", "ECAPMODE", "EDEVERR",
    "EDOOFUS", "EFTYPE", "EIPSEC", "ELAST", "ENEEDAUTH", "ENOATTR", "ENOPOLICY",
    "ENOTCAPABLE", "EPROCLIM", "EPROCUNAVAIL", "EPROGMISMATCH", "EPROGUNAVAIL",
    "EPWROFF", "EQFULL", "ERPCMISMATCH", "ESHLIBVERS", NULL
};

static sp_value errno_class(long err)
{
    return err >= 0 && err < 256 ? errno_classes[err] : 0;
}

sp_value sp_syserr_new(int err, const char *detail)
{
    sp_value k = errno_class(err);
    if (!k) k = sp_eSystemCallError;
    sp_value msg = sp_str_new_cstr(strerror(err));
    if (detail) { sp_str_cat(msg, " - ", 3); sp_str_cat(msg, detail, strlen(detail)); }
    sp_value e = sp_exc_alloc(k);
    ((sp_exception *)e)->message = msg;
    sp_ivar_set(e, a_errno, SP_FIX(err));
    return e;
}

SP_NORETURN void sp_raise_syserr(int err, const char *detail)
{
    sp_raise_exc(sp_syserr_new(err, detail));
}

/* NUM2INT: the C int of an errno argument (#to_int, range checked) */
static int errno_int(sp_value v)
{
    int64_t n = sp_num_to_long(v);
    if (n < -2147483648LL || n > 2147483647LL)
        sp_raise(sp_eRangeError, "integer %lld too %s to convert to 'int'", (long long)n,
                 n < 0 ? "small" : "big");
    return (int)n;
}

/* SystemCallError.new(msg = nil, errno = nil, location = nil) becomes an
 * instance of the Errno class of errno when there is one (the object's
 * class is changed, as CRuby does); Errno::EXXX.new(msg = nil, location =
 * nil) takes its number from the class's Errno constant.  The message is
 * "strerror[ @ location] - msg". */
SP_METHOD(syserr_initialize)
{
    extern sp_value sp_str_to_str(sp_value v);
    sp_value k = sp_obj_class(self);
    sp_value msg = SP_NIL, err = SP_NIL, loc = SP_NIL;
    if (k == sp_eSystemCallError) {
        if (argc < 1 || argc > 3) sp_raise_arity(argc, 1, 3);
        msg = argv[0];
        if (argc > 1) err = argv[1];
        if (argc > 2) loc = argv[2];
        if (argc == 1 && SP_FIXNUM_P(msg)) { err = msg; msg = SP_NIL; }
        if (err != SP_NIL) {
            sp_value ek = errno_class(sp_num_to_long(err));
            if (ek && SP_HEAP_P(self) && sp_class_of(self) == SP_CLASS(sp_eSystemCallError))
                SP_HDR(self)->klass = SP_CLASS(ek);
        }
    } else {
        if (argc > 2) sp_raise_arity(argc, 0, 2);
        if (argc > 0) msg = argv[0];
        if (argc > 1) loc = argv[1];
        err = sp_const_find(k, sp_intern("Errno"), 1);
        if (err == SP_UNDEF) err = SP_NIL;
    }
    sp_value s = sp_str_new_cstr(err != SP_NIL ? strerror(errno_int(err)) : "unknown error");
    if (msg != SP_NIL) {
        sp_value m = sp_str_to_str(msg);
        if (loc != SP_NIL) {
            sp_str_cat(s, " @ ", 3);
            sp_str_append(s, sp_to_s(loc));
        }
        sp_str_cat(s, " - ", 3);
        sp_str_append(s, m);
    }
    ((sp_exception *)self)->message = s;
    sp_ivar_set(self, a_errno, err);
    return SP_NIL;
}

SP_METHOD(syserr_errno)
{
    sp_value v = sp_ivar_get_raw(self, a_errno);
    return v == SP_UNDEF ? SP_NIL : v;
}

/* SystemCallError.===(exc): an Errno class matches any SystemCallError (or
 * object answering #errno) with its number. */
SP_METHOD(syserr_s_eqq)
{
    sp_value exc = argv[0], num;
    if (!sp_obj_is_kind_of(exc, sp_eSystemCallError)) {
        if (!sp_respond_to(exc, sp_intern("errno"), 0)) return SP_FALSE;
    } else if (self == sp_eSystemCallError) {
        return SP_TRUE;
    }
    num = sp_ivar_get_raw(exc, a_errno);
    if (num == SP_UNDEF || num == SP_NIL) num = sp_funcall0(exc, "errno");
    sp_value e = sp_const_find(self, sp_intern("Errno"), 1);
    if (e == SP_UNDEF) return SP_FALSE;
    return SP_BOOL(sp_equal(num, e));
}

static sp_value def_errno(int err, const char *name)
{
    sp_value k = errno_class(err);
    if (k) {
        sp_define_const(sp_mErrno, name, k);
        return k;
    }
    k = sp_define_class_under(sp_mErrno, name, sp_eSystemCallError);
    sp_define_const(k, "Errno", SP_FIX(err));
    if (err >= 0 && err < 256) errno_classes[err] = k;
    return k;
}

/* Called by sp_init_exc_classes once SystemCallError exists. */
void sp_init_errno_classes(void)
{
    a_errno = sp_intern("__errno");
    sp_mErrno = sp_define_module("Errno");
    sp_value noerror = def_errno(0, "NOERROR");
    for (size_t i = 0; i < sizeof errnos / sizeof errnos[0]; i++) def_errno(errnos[i].err, errnos[i].name);
    for (int i = 0; foreign[i]; i++) sp_define_const(sp_mErrno, foreign[i], noerror);
    sp_eENOENT = errno_classes[ENOENT];
}

void sp_init_errno(void)
{
    sp_define_private_method(sp_eSystemCallError, "initialize", syserr_initialize, -1);
    sp_define_method(sp_eSystemCallError, "errno", syserr_errno, 0);
    sp_define_singleton_method(sp_eSystemCallError, "===", syserr_s_eqq, 1);
}

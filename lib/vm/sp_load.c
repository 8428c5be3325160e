/*
 * sp_load.c — the run-time half of require/load (the compiler resolves
 * names, codegen/sema/loadpath.c) and the script conventions: $0, $LOAD_PATH,
 * $LOADED_FEATURES, DATA.
 *
 * A Ruby file compiled into the program is one C function; the generated
 * code runs it through sp_require_file (once per real path: the path is
 * recorded in a private set and appended to $LOADED_FEATURES, as CRuby
 * does) or sp_load_file (every time).  Its self is main.  A second thread
 * requiring a file another thread is loading waits for the load to finish
 * and gets false, as CRuby.
 *
 * autoload: Module#autoload/Kernel#autoload record (module, constant,
 * name); the compiler compiles an autoloaded file like a required one and
 * registers it by name (sp_autoload_file).  The first miss of the
 * constant in that module (or at the top level for Object's) requires
 * the name — the compiled file, a native library, or LoadError — and
 * looks the constant up again.
 *
 * Names the compiler could not resolve raise LoadError where the call
 * runs (sp_load_missing, and the run-time Kernel#load/require_relative
 * defined here for arguments known only at run time).
 */
#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "spinel.h"
#include "sp_vm.h"
#include "sp_io.h"
#include "sp_load.h"
#include "sp_string.h"
#include "sp_sched.h"

const char *sp_exe_path;                  /* argv[0] of the running executable */
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_value loaded_set;               /* Hash: real path => true */

static sp_value features(void)
{
    return sp_vm_gvar_get(sp_intern("$LOADED_FEATURES"));
}

/* A load that raised: the path is forgotten, so a later require retries
 * (as CRuby), and threads waiting for it go on. */
static void require_failed(sp_ec *ec, sp_value p)
{
    (void)ec;
    pthread_mutex_lock(&load_lock);
    sp_funcall(loaded_set, sp_intern("delete"), 1, &p, SP_NIL);
    pthread_mutex_unlock(&load_lock);
}

/* loaded_set: path => true when loaded, => the loading Thread while its
 * body runs.  Another thread requiring it then waits (yielding) until the
 * load ends and gets false, as CRuby; the loading thread itself (a
 * circular require) gets false at once. */
sp_value sp_require_file(const char *path, sp_value (*body)(sp_value))
{
    sp_value p = sp_str_new_frozen(path, strlen(path));
    sp_value me = sp_funcall0(sp_const_get(sp_cObject, sp_intern("Thread")), "current");
    for (;;) {
        pthread_mutex_lock(&load_lock);
        sp_value v = sp_hash_lookup(loaded_set, p, SP_UNDEF);
        if (v == SP_UNDEF) sp_hash_aset(loaded_set, p, me);
        pthread_mutex_unlock(&load_lock);
        if (v == SP_UNDEF) break;
        if (v == SP_TRUE || v == me) return SP_FALSE;
        sp_sched_yield();
    }
    sp_value f = features();
    if (SP_HEAP_P(f) && SP_TYPE(f) == SP_T_ARRAY) sp_ary_push(f, p);
    sp_handler h;
    sp_push_cleanup(sp_ec_current(), &h, require_failed, p);
    body(sp_main_obj);
    sp_pop_handler(sp_ec_current(), &h);
    pthread_mutex_lock(&load_lock);
    sp_hash_aset(loaded_set, p, SP_TRUE);
    pthread_mutex_unlock(&load_lock);
    return SP_TRUE;
}

sp_value sp_load_file(const char *path, sp_value (*body)(sp_value))
{
    (void)path;
    body(sp_main_obj);
    return SP_TRUE;
}

static SP_NORETURN void load_error(sp_value name)
{
    sp_value e = sp_exc_new(sp_eLoadError, "cannot load such file -- %s", sp_str_cstr(name));
    sp_ivar_set(e, sp_intern("@path"), name);
    sp_raise_exc(e);
}

sp_value sp_load_missing(const char *name)
{
    load_error(sp_str_new_cstr(name));
}

/* Kernel#load with an argument the compiler could not fold. */
SP_METHOD(k_load)
{
    (void)self; (void)blk;
    if (argc_ < 1 || argc_ > 2) sp_raise_arity(argc_, 1, 2);
    sp_value f = argv[0];
    if (!SP_HEAP_P(f) || SP_TYPE(f) != SP_T_STRING) sp_raise_type(f, "String");
    load_error(f);
}

/* Kernel#require_relative with an argument the compiler could not fold:
 * CRuby's message names the path expanded against the caller's file. */
SP_METHOD(k_require_relative)
{
    (void)self; (void)blk;
    if (argc_ != 1) sp_raise_arity(argc_, 1, 1);
    sp_value f = argv[0];
    if (!SP_HEAP_P(f) || SP_TYPE(f) != SP_T_STRING) sp_raise_type(f, "String");
    const char *name = sp_str_cstr(f);
    if (name[0] == '/') load_error(f);
    sp_ec *ec = sp_ec_current();
    sp_frame *fr = ec->frame;
    while (fr && (!fr->info || !fr->info->file)) fr = fr->prev;
    char dir[PATH_MAX], real[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", fr ? fr->info->file : ".");
    char *sl = strrchr(dir, '/');
    if (sl) *sl = 0; else snprintf(dir, sizeof dir, ".");
    if (!realpath(dir, real)) snprintf(real, sizeof real, "%s", dir);
    load_error(sp_str_format("%s/%s", real, name));
}

/* The text after __END__ of the main file as a read-only File positioned
 * at its start (CRuby's DATA is the script file opened at that offset;
 * the compiled program carries the text, so it lives in a memfd). */
static void define_data(const char *bytes, size_t len, const char *script)
{
    int fd = memfd_create("DATA", MFD_CLOEXEC);
    if (fd < 0) return;
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, bytes + off, len - off);
        if (w <= 0) { close(fd); return; }
        off += (size_t)w;
    }
    lseek(fd, 0, SEEK_SET);
    sp_value file = sp_const_get(sp_cObject, sp_intern("File"));
    sp_const_set(sp_cObject, sp_intern("DATA"), sp_io_fd_new(file, fd, 1, script));
}

/* ---- autoload ---- */

typedef struct al_file {
    const char *name, *path;
    sp_value (*body)(sp_value);
    struct al_file *next;
} al_file;
static al_file *al_files;                 /* malloc'd list, registered once per call site run */
static sp_value al_consts;                /* Array of [module, Symbol, name] (GC root) */

void sp_autoload_file(const char *name, const char *path, sp_value (*body)(sp_value))
{
    pthread_mutex_lock(&load_lock);
    al_file *f = al_files;
    while (f && strcmp(f->name, name) != 0) f = f->next;
    if (!f && (f = malloc(sizeof *f)) != NULL) {
        f->name = name; f->path = path; f->body = body;
        f->next = al_files;
        al_files = f;
    }
    pthread_mutex_unlock(&load_lock);
}

static void al_record(sp_value mod, sp_value sym, sp_value name)
{
    if (!SP_SYMBOL_P(sym)) sym = sp_funcall0(sp_str_to_str(sym), "to_sym");
    name = sp_str_to_str(name);
    if (sp_str_len(name) == 0) sp_raise(sp_eArgError, "empty file name");
    if (sp_const_find(mod, SP_SYM2ID(sym), 0) != SP_UNDEF) return;   /* already defined: ignored */
    sp_value e[3] = { mod, sym, name };
    pthread_mutex_lock(&load_lock);
    if (!al_consts) { al_consts = sp_ary_new(); GC_add_roots(&al_consts, &al_consts + 1); }
    sp_ary_push(al_consts, sp_ary_new_from(3, e));
    pthread_mutex_unlock(&load_lock);
}

/* the entry for (mod, id) or nil; take: remove it */
static sp_value al_find(sp_value mod, sp_id id, int take)
{
    sp_value r = SP_NIL;
    pthread_mutex_lock(&load_lock);
    for (long i = 0; al_consts && i < sp_ary_len(al_consts); i++) {
        sp_value e = sp_ary_entry(al_consts, i);
        if (sp_ary_entry(e, 0) == mod && SP_SYM2ID(sp_ary_entry(e, 1)) == id) {
            r = e;
            if (take) sp_funcall(al_consts, sp_intern("delete_at"), 1, (sp_value[]){ SP_FIX(i) }, SP_NIL);
            break;
        }
    }
    pthread_mutex_unlock(&load_lock);
    return r;
}

static void al_require(sp_value name)
{
    const char *n = sp_str_cstr(name);
    pthread_mutex_lock(&load_lock);
    al_file *f = al_files;
    while (f && strcmp(f->name, n) != 0) f = f->next;
    pthread_mutex_unlock(&load_lock);
    if (f) { sp_require_file(f->path, f->body); return; }
    sp_funcall(sp_main_obj, sp_intern("require"), 1, &name, SP_NIL);
}

sp_value sp_autoload_try(sp_value klass, sp_id id)
{
    if (!al_consts) return SP_UNDEF;
    sp_value mod = klass;
    sp_value e = al_find(mod, id, 1);
    if (e == SP_NIL && klass != sp_cObject) e = al_find(mod = sp_cObject, id, 1);
    if (e == SP_NIL) return SP_UNDEF;
    al_require(sp_ary_entry(e, 2));
    return sp_const_find(mod, id, 1);   /* also found in Object, as the lookup then continues */
}

/* Module#autoload(const, name) */
SP_METHOD(mod_autoload)
{
    (void)blk;
    if (argc != 2) sp_raise_arity(argc, 2, 2);
    al_record(self, argv[0], argv[1]);
    return SP_NIL;
}

/* Kernel#autoload(const, name): on Object (self's class when self is not main) */
SP_METHOD(k_autoload)
{
    (void)blk;
    if (argc != 2) sp_raise_arity(argc, 2, 2);
    sp_value mod = SP_HEAP_P(self) && (SP_TYPE(self) == SP_T_CLASS || SP_TYPE(self) == SP_T_MODULE) ? self : sp_cObject;
    al_record(mod, argv[0], argv[1]);
    return SP_NIL;
}

/* Module#autoload?(const) / Kernel#autoload?: the name, or nil */
static sp_value al_query(sp_value mod, sp_value sym)
{
    if (!SP_SYMBOL_P(sym)) sym = sp_funcall0(sp_str_to_str(sym), "to_sym");
    sp_value e = al_find(mod, SP_SYM2ID(sym), 0);
    return e == SP_NIL ? SP_NIL : sp_ary_entry(e, 2);
}
SP_METHOD(mod_autoload_p) { (void)blk; (void)argc_; return al_query(self, argv[0]); }
SP_METHOD(k_autoload_p) { (void)blk; (void)argc_; (void)self; return al_query(sp_cObject, argv[0]); }

/* LoadError#path: the name that could not be loaded. */
SP_METHOD(le_path) { (void)argc_; (void)argv; (void)blk; return sp_ivar_get(self, sp_intern("@path")); }

void sp_load_init(const char *script, const char *const *dirs, int ndirs, const char *data, size_t data_len)
{
    sp_exe_path = sp_script_name;
    sp_script_name = script;
    loaded_set = sp_hash_new();
    GC_add_roots(&loaded_set, &loaded_set + 1);
    sp_value lp = sp_ary_new();
    for (int i = 0; i < ndirs; i++) sp_ary_push(lp, sp_str_new_cstr(dirs[i]));
    sp_gvar_init(sp_intern("$LOAD_PATH"), lp);
    sp_vm_gvar_alias(sp_intern("$:"), sp_intern("$LOAD_PATH"));
    sp_vm_gvar_alias(sp_intern("$-I"), sp_intern("$LOAD_PATH"));
    sp_gvar_init(sp_intern("$LOADED_FEATURES"), sp_ary_new());
    sp_vm_gvar_alias(sp_intern("$\""), sp_intern("$LOADED_FEATURES"));
    sp_define_private_method(sp_mKernel, "load", k_load, -1);
    sp_define_private_method(sp_mKernel, "require_relative", k_require_relative, -1);
    sp_define_method(sp_eLoadError, "path", le_path, 0);
    sp_define_method(sp_cModule, "autoload", mod_autoload, -1);
    sp_define_method(sp_cModule, "autoload?", mod_autoload_p, -1);
    sp_define_private_method(sp_mKernel, "autoload", k_autoload, -1);
    sp_define_private_method(sp_mKernel, "autoload?", k_autoload_p, -1);
    sp_argf_init();
    sp_compat_init();
    if (data) define_data(data, data_len, script);
}

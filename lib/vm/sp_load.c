/*
 * sp_load.c — the run-time half of require/load (the compiler resolves
 * names, codegen/sema/loadpath.c) and the script conventions: $0, $LOAD_PATH,
 * $LOADED_FEATURES, DATA.
 *
 * A Ruby file compiled into the program is one C function; the generated
 * code runs it through sp_require_file (once per real path: the path is
 * recorded in a private set and appended to $LOADED_FEATURES, as CRuby
 * does) or sp_load_file (every time).  Its self is main.  A second thread
 * requiring a file another thread is loading gets false at once (CRuby
 * would wait for the load to finish).
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

#define M(name) static sp_value name(sp_value self, int argc, const sp_value *argv, sp_value blk)

const char *sp_exe_path;                  /* argv[0] of the running executable */
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_value loaded_set;               /* Hash: real path => true */

static sp_value features(void)
{
    return sp_vm_gvar_get(sp_intern("$LOADED_FEATURES"));
}

sp_value sp_require_file(const char *path, sp_value (*body)(sp_value))
{
    sp_value p = sp_str_new_frozen(path, strlen(path));
    pthread_mutex_lock(&load_lock);
    int seen = sp_hash_lookup(loaded_set, p, SP_UNDEF) != SP_UNDEF;
    if (!seen) sp_hash_aset(loaded_set, p, SP_TRUE);
    pthread_mutex_unlock(&load_lock);
    if (seen) return SP_FALSE;
    sp_value f = features();
    if (SP_HEAP_P(f) && SP_TYPE(f) == SP_T_ARRAY) sp_ary_push(f, p);
    body(sp_main_obj);
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
M(k_load)
{
    (void)self; (void)blk;
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value f = argv[0];
    if (!SP_HEAP_P(f) || SP_TYPE(f) != SP_T_STRING) sp_raise_type(f, "String");
    load_error(f);
}

/* Kernel#require_relative with an argument the compiler could not fold:
 * CRuby's message names the path expanded against the caller's file. */
M(k_require_relative)
{
    (void)self; (void)blk;
    if (argc != 1) sp_raise_arity(argc, 1, 1);
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

/* LoadError#path: the name that could not be loaded. */
M(le_path) { (void)argc; (void)argv; (void)blk; return sp_ivar_get(self, sp_intern("@path")); }

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
    sp_argf_init();
    sp_compat_init();
    if (data) define_data(data, data_len, script);
}

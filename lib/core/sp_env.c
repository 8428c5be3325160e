/*
 * sp_env.c — ENV and the RUBY_* version constants.
 *
 * ENV is a plain Object with singleton methods backed directly by the C
 * environment (getenv/setenv/unsetenv): nothing is cached, so a change
 * made by a C library call is seen at once.  The C environment is not
 * thread-safe, so every access goes through env_lock (a short critical
 * section; none of it can switch fibers).  Values come back as new
 * frozen Strings, as in CRuby.
 */
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>

#include "spinel.h"

extern char **environ;
static pthread_mutex_t env_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_value env_obj;

/* A change of TZ takes effect at once (CRuby resets its zone cache):
 * localtime_r, unlike localtime, need not reread TZ.  Called under env_lock. */
static void env_changed(const char *name)
{
    if (!strcmp(name, "TZ")) tzset();
}

static char *env_name(sp_value key)
{
    if (!SP_HEAP_P(key) || SP_TYPE(key) != SP_T_STRING)
        sp_raise(sp_eTypeError, "no implicit conversion of %s into String", sp_obj_classname(key));
    return sp_str_cstr(key);
}

static sp_value env_get(const char *name)
{
    pthread_mutex_lock(&env_lock);
    const char *v = getenv(name);
    sp_value r = v ? sp_obj_freeze(sp_str_new_cstr(v)) : SP_NIL;
    pthread_mutex_unlock(&env_lock);
    return r;
}

SP_METHOD(env_aref)
{
    return env_get(env_name(argv[0]));
}

SP_METHOD(env_aset)
{
    char *name = env_name(argv[0]);
    /* convert before locking: env_name raises */
    char *val = SP_NIL_P(argv[1]) ? NULL : env_name(argv[1]);
    pthread_mutex_lock(&env_lock);
    if (!val) unsetenv(name);
    else setenv(name, val, 1);
    env_changed(name);
    pthread_mutex_unlock(&env_lock);
    return argv[1];
}

SP_METHOD(env_fetch)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value v = env_get(env_name(argv[0]));
    if (!SP_NIL_P(v)) return v;
    if (!SP_NIL_P(blk)) return sp_yield1(blk, argv[0]);
    if (argc == 2) return argv[1];
    sp_raise_key_error(sp_str_format("key not found: %s", sp_str_cstr(sp_inspect(argv[0]))), self, argv[0]);
}

SP_METHOD(env_key_p)
{
    return SP_BOOL(!SP_NIL_P(env_get(env_name(argv[0]))));
}

SP_METHOD(env_delete)
{
    char *name = env_name(argv[0]);
    sp_value old = env_get(name);
    pthread_mutex_lock(&env_lock);
    unsetenv(name);
    env_changed(name);
    pthread_mutex_unlock(&env_lock);
    if (SP_NIL_P(old) && !SP_NIL_P(blk)) return sp_yield1(blk, argv[0]);
    return old;
}

/* A snapshot of the environment as a Hash, in environ order. */
SP_METHOD(env_to_h)
{
    sp_value h = sp_hash_new();
    pthread_mutex_lock(&env_lock);
    size_t n = 0;
    for (char **e = environ; e && *e; e++) n++;
    char **copy = GC_MALLOC(sizeof(char *) * (n + 1));
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(environ[i]);
        copy[i] = GC_MALLOC_ATOMIC(len + 1);
        memcpy(copy[i], environ[i], len + 1);
    }
    pthread_mutex_unlock(&env_lock);
    for (size_t i = 0; i < n; i++) {
        char *eq = strchr(copy[i], '=');
        if (!eq) continue;
        sp_hash_aset(h, sp_str_new(copy[i], (size_t)(eq - copy[i])), sp_str_new_cstr(eq + 1));
    }
    return h;
}

static sp_value env_via_hash(sp_value self, const char *meth, int argc, const sp_value *argv, sp_value blk)
{
    return sp_funcall(env_to_h(self, 0, NULL, SP_NIL), sp_intern(meth), argc, argv, blk);
}

SP_METHOD(env_keys)
{ return env_via_hash(self, "keys", 0, NULL, SP_NIL); }
SP_METHOD(env_values)
{ return env_via_hash(self, "values", 0, NULL, SP_NIL); }
SP_METHOD(env_size)
{ return env_via_hash(self, "size", 0, NULL, SP_NIL); }
SP_METHOD(env_empty_p)
{ return env_via_hash(self, "empty?", 0, NULL, SP_NIL); }
SP_METHOD(env_inspect)
{ return env_via_hash(self, "inspect", 0, NULL, SP_NIL); }
SP_METHOD(env_each)
{
    env_via_hash(self, "each", 0, NULL, blk);
    return self;
}
/* ENV methods answered by a Hash snapshot (select/reject return Hashes,
 * as in CRuby). */
#define ENV_VIA_HASH(fn, meth) \
    SP_METHOD(fn) \
    { return env_via_hash(self, meth, argc, argv, blk); }
ENV_VIA_HASH(env_select, "select")
ENV_VIA_HASH(env_reject, "reject")
ENV_VIA_HASH(env_map, "map")
ENV_VIA_HASH(env_to_a, "to_a")
ENV_VIA_HASH(env_values_at, "values_at")
ENV_VIA_HASH(env_slice, "slice")
ENV_VIA_HASH(env_any, "any?")
ENV_VIA_HASH(env_count, "count")
ENV_VIA_HASH(env_find, "find")
ENV_VIA_HASH(env_key, "key")
ENV_VIA_HASH(env_value_p, "value?")
ENV_VIA_HASH(env_filter_map, "filter_map")
ENV_VIA_HASH(env_sort_by, "sort_by")
SP_METHOD(env_each_key)
{
    env_via_hash(self, "each_key", 0, NULL, blk);
    return self;
}

SP_METHOD(env_to_s)
{ return sp_str_new_cstr("ENV"); }

static void define_version_constants(void)
{
    sp_define_const(sp_cObject, "RUBY_VERSION", sp_obj_freeze(sp_str_new_cstr("3.4.1")));
    sp_define_const(sp_cObject, "RUBY_PATCHLEVEL", SP_FIX(0));
    sp_define_const(sp_cObject, "RUBY_RELEASE_DATE", sp_obj_freeze(sp_str_new_cstr("2024-12-25")));
#if defined(__x86_64__)
#define SP_RUBY_PLATFORM "x86_64-linux"
#elif defined(__aarch64__)
#define SP_RUBY_PLATFORM "aarch64-linux"
#else
#define SP_RUBY_PLATFORM "unknown-linux"
#endif
    sp_define_const(sp_cObject, "RUBY_PLATFORM", sp_obj_freeze(sp_str_new_cstr(SP_RUBY_PLATFORM)));
    /* CRuby 3.4.1's layout (version, date, revision, platform), naming
     * Spinel where CRuby lists its build options */
    sp_define_const(sp_cObject, "RUBY_REVISION",
        sp_obj_freeze(sp_str_new_cstr("48d4efcb85000e1ebae42004e963b5d0cedddcf2")));
    sp_define_const(sp_cObject, "RUBY_DESCRIPTION",
        sp_obj_freeze(sp_str_new_cstr("ruby 3.4.1 (2024-12-25 revision 48d4efcb85) +Spinel [" SP_RUBY_PLATFORM "]")));
    /* Programs test RUBY_ENGINE to pick code paths; Spinel aims at CRuby's
     * behaviour, so it answers "ruby" like CRuby does. */
    sp_define_const(sp_cObject, "RUBY_ENGINE", sp_obj_freeze(sp_str_new_cstr("ruby")));
    sp_define_const(sp_cObject, "RUBY_ENGINE_VERSION", sp_obj_freeze(sp_str_new_cstr("3.4.1")));
    sp_define_const(sp_cObject, "RUBY_COPYRIGHT",
        sp_obj_freeze(sp_str_new_cstr("ruby - Copyright (C) 1993-2024 Yukihiro Matsumoto")));
}

void sp_init_env(void)
{
    define_version_constants();
    env_obj = (sp_value)sp_alloc(sizeof(sp_object), (sp_value)sp_cObject, SP_T_OBJECT);
    GC_add_roots(&env_obj, &env_obj + 1);
    sp_define_singleton_method(env_obj, "[]", env_aref, 1);
    sp_define_singleton_method(env_obj, "[]=", env_aset, 2);
    sp_define_singleton_method(env_obj, "store", env_aset, 2);
    sp_define_singleton_method(env_obj, "fetch", env_fetch, -1);
    sp_define_singleton_method(env_obj, "key?", env_key_p, 1);
    sp_define_singleton_method(env_obj, "has_key?", env_key_p, 1);
    sp_define_singleton_method(env_obj, "include?", env_key_p, 1);
    sp_define_singleton_method(env_obj, "member?", env_key_p, 1);
    sp_define_singleton_method(env_obj, "delete", env_delete, 1);
    sp_define_singleton_method(env_obj, "to_h", env_to_h, 0);
    sp_define_singleton_method(env_obj, "to_hash", env_to_h, 0);
    sp_define_singleton_method(env_obj, "keys", env_keys, 0);
    sp_define_singleton_method(env_obj, "values", env_values, 0);
    sp_define_singleton_method(env_obj, "size", env_size, 0);
    sp_define_singleton_method(env_obj, "length", env_size, 0);
    sp_define_singleton_method(env_obj, "empty?", env_empty_p, 0);
    sp_define_singleton_method(env_obj, "each", env_each, 0);
    sp_define_singleton_method(env_obj, "each_pair", env_each, 0);
    sp_define_singleton_method(env_obj, "inspect", env_inspect, 0);
    sp_define_singleton_method(env_obj, "to_s", env_to_s, 0);
    sp_define_singleton_method(env_obj, "select", env_select, -1);
    sp_define_singleton_method(env_obj, "filter", env_select, -1);
    sp_define_singleton_method(env_obj, "reject", env_reject, -1);
    sp_define_singleton_method(env_obj, "map", env_map, -1);
    sp_define_singleton_method(env_obj, "to_a", env_to_a, 0);
    sp_define_singleton_method(env_obj, "values_at", env_values_at, -1);
    sp_define_singleton_method(env_obj, "slice", env_slice, -1);
    sp_define_singleton_method(env_obj, "any?", env_any, -1);
    sp_define_singleton_method(env_obj, "count", env_count, -1);
    sp_define_singleton_method(env_obj, "find", env_find, -1);
    sp_define_singleton_method(env_obj, "key", env_key, 1);
    sp_define_singleton_method(env_obj, "value?", env_value_p, 1);
    sp_define_singleton_method(env_obj, "has_value?", env_value_p, 1);
    sp_define_singleton_method(env_obj, "filter_map", env_filter_map, -1);
    sp_define_singleton_method(env_obj, "sort_by", env_sort_by, -1);
    sp_define_singleton_method(env_obj, "each_key", env_each_key, 0);
    sp_define_const(sp_cObject, "ENV", env_obj);
}

/* ARGV: the program's arguments after argv[0], as a mutable Array of
 * Strings (sp_init calls this with main's argc/argv). */
void sp_init_argv(int argc, char **argv)
{
    sp_value a = sp_ary_new();
    for (int i = 1; i < argc; i++) sp_ary_push(a, sp_str_new_cstr(argv[i]));
    sp_define_const(sp_cObject, "ARGV", a);
}

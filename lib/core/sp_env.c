/*
 * sp_env.c — ENV and the RUBY_* version constants.
 *
 * ENV is a plain Object extended with Enumerable, with singleton methods
 * backed directly by the C environment (getenv/setenv/unsetenv): nothing
 * is cached, so a change made by a C library call is seen at once.  The
 * C environment is not thread-safe, so every access goes through env_lock
 * (a short critical section; none of it can switch fibers or raise):
 * iteration works on a snapshot (env_pairs), so a block may change ENV.
 * Names and values come back as new frozen Strings, as in CRuby.
 *
 * Arguments: names and values are Strings or objects with #to_str
 * (TypeError otherwise, ArgumentError for a NUL byte); setenv refuses an
 * empty name or one with '=' (Errno::EINVAL "setenv(NAME)", CRuby's).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>

#include "spinel.h"
#include "sp_hash.h"
#include "sp_enum.h"
#include "sp_string.h"

extern char **environ;
static pthread_mutex_t env_lock = PTHREAD_MUTEX_INITIALIZER;
static sp_value env_obj;

/* StringValue for a name or value ("name"/"value" in the NUL message). */
static sp_value env_strval(sp_value v, const char *what)
{
    sp_value s = sp_str_p(v) ? v : sp_try_convert(v, sp_cString, "to_str");
    if (s == SP_NIL) sp_raise_type(v, "String");
    if (memchr(sp_str_ptr(s), 0, sp_str_len(s)))
        sp_raise(sp_eArgError, "bad environment variable %s: contains null byte", what);
    return s;
}
static char *env_name(sp_value key) { return sp_str_cstr(env_strval(key, "name")); }

static sp_value env_str(const char *p, size_t n) { return sp_obj_freeze(sp_str_new(p, n)); }

static sp_value env_get(const char *name)
{
    pthread_mutex_lock(&env_lock);
    const char *v = getenv(name);
    size_t n = v ? strlen(v) : 0;
    char *copy = v ? GC_MALLOC_ATOMIC(n + 1) : NULL;
    if (v) memcpy(copy, v, n + 1);
    pthread_mutex_unlock(&env_lock);
    return copy ? env_str(copy, n) : SP_NIL;
}

/* setenv refuses an empty name or one with '=': CRuby's Errno::EINVAL */
static void check_name(const char *name)
{
    if (!*name || strchr(name, '=')) sp_raise_syserr(EINVAL, sp_str_cstr(sp_str_format("setenv(%s)", name)));
}

static void env_set(const char *name, const char *val)
{
    check_name(name);
    pthread_mutex_lock(&env_lock);
    int r = val ? setenv(name, val, 1) : unsetenv(name);
    int e = errno;
    /* a change of TZ takes effect at once (CRuby resets its zone cache):
     * localtime_r, unlike localtime, need not reread TZ */
    if (r == 0 && !strcmp(name, "TZ")) tzset();
    pthread_mutex_unlock(&env_lock);
    if (r < 0) sp_raise_syserr(e, name);
}

/* A snapshot: an Array of [name, value] pairs in environ order. */
static sp_value env_pairs(void)
{
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
    sp_value a = sp_ary_new();
    for (size_t i = 0; i < n; i++) {
        char *eq = strchr(copy[i], '=');
        if (!eq) continue;
        sp_value pr[2] = { env_str(copy[i], (size_t)(eq - copy[i])), env_str(eq + 1, strlen(eq + 1)) };
        sp_ary_push(a, sp_ary_new_from(2, pr));
    }
    return a;
}
#define PAIR_K(p) sp_ary_entry((p), 0)
#define PAIR_V(p) sp_ary_entry((p), 1)

static sp_value env_size_fn(sp_value self) { return SP_FIX(sp_ary_len(env_pairs())); }

/* The no-block form: an Enumerator whose size is ENV.size (to_enum with
 * a size block). */
static sp_value env_size_blk(void *env, int argc, const sp_value *argv)
{
    (void)env; (void)argc; (void)argv;
    return env_size_fn(SP_NIL);
}
static sp_value env_enum(sp_value self, const char *meth)
{
    sp_value sym = sp_sym(meth);
    return sp_funcall(self, sp_intern("enum_for"), 1, &sym, sp_cblock_new(env_size_blk, NULL));
}

SP_METHOD(env_aref) { return env_get(env_name(argv[0])); }

SP_METHOD(env_aset)
{
    char *name = env_name(argv[0]);
    char *val = SP_NIL_P(argv[1]) ? NULL : sp_str_cstr(env_strval(argv[1], "value"));
    if (!val && (!*name || strchr(name, '='))) return SP_NIL;   /* nothing to delete */
    env_set(name, val);
    return argv[1];
}

SP_METHOD(env_fetch)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    if (argc == 2 && blk != SP_NIL) sp_warn("block supersedes default value argument");
    sp_value v = env_get(env_name(argv[0]));
    if (!SP_NIL_P(v)) return v;
    if (!SP_NIL_P(blk)) return sp_yield1(blk, argv[0]);
    if (argc == 2) return argv[1];
    sp_raise_key_error(sp_str_format("key not found: %s", sp_str_cstr(sp_inspect(argv[0]))), self, argv[0]);
}

SP_METHOD(env_key_p) { return SP_BOOL(!SP_NIL_P(env_get(env_name(argv[0])))); }

SP_METHOD(env_delete)
{
    char *name = env_name(argv[0]);
    sp_value old = env_get(name);
    if (!SP_NIL_P(old)) env_set(name, NULL);
    if (SP_NIL_P(old) && !SP_NIL_P(blk)) return sp_yield1(blk, argv[0]);
    return old;
}

SP_METHOD(env_to_hash)
{
    sp_value h = sp_hash_new(), a = env_pairs();
    for (long i = 0; i < sp_ary_len(a); i++) sp_hash_aset(h, PAIR_K(sp_ary_entry(a, i)), PAIR_V(sp_ary_entry(a, i)));
    return h;
}

/* to_h { |name, value| [k, v] } as Hash#to_h with a block */
SP_METHOD(env_to_h)
{
    if (blk == SP_NIL) return env_to_hash(self, 0, NULL, SP_NIL);
    sp_value a = env_pairs(), h = sp_hash_new();
    for (long i = 0; i < sp_ary_len(a); i++) {
        sp_value pr = sp_ary_entry(a, i), kv[2] = { PAIR_K(pr), PAIR_V(pr) };
        sp_value r = sp_yield(blk, 2, kv), e = sp_try_convert(r, sp_cArray, "to_ary");
        if (e == SP_NIL) sp_raise(sp_eTypeError, "wrong element type %s (expected array)", sp_obj_classname(r));
        if (sp_ary_len(e) != 2)
            sp_raise(sp_eArgError, "element has wrong array length (expected 2, was %ld)", sp_ary_len(e));
        sp_hash_aset(h, sp_ary_entry(e, 0), sp_ary_entry(e, 1));
    }
    return h;
}

static sp_value pairs_column(int col)
{
    sp_value a = env_pairs(), r = sp_ary_new();
    for (long i = 0; i < sp_ary_len(a); i++) sp_ary_push(r, sp_ary_entry(sp_ary_entry(a, i), col));
    return r;
}
SP_METHOD(env_keys) { return pairs_column(0); }
SP_METHOD(env_values) { return pairs_column(1); }
SP_METHOD(env_to_a) { return env_pairs(); }
SP_METHOD(env_size) { return env_size_fn(self); }
SP_METHOD(env_empty_p) { return SP_BOOL(sp_ary_len(env_pairs()) == 0); }
SP_METHOD(env_inspect) { return sp_inspect(env_to_hash(self, 0, NULL, SP_NIL)); }
SP_METHOD(env_to_s) { return sp_str_new_cstr("ENV"); }
SP_METHOD(env_rehash) { return SP_NIL; }

SP_METHOD(env_each_pair)
{
    if (blk == SP_NIL) return env_enum(self, "each_pair");
    sp_value a = env_pairs();
    for (long i = 0; i < sp_ary_len(a); i++) sp_yield1(blk, sp_ary_entry(a, i));
    return self;
}
static sp_value each_column(sp_value self, sp_value blk, const char *meth, int col)
{
    if (blk == SP_NIL) return env_enum(self, meth);
    sp_value a = pairs_column(col);
    for (long i = 0; i < sp_ary_len(a); i++) sp_yield1(blk, sp_ary_entry(a, i));
    return self;
}
SP_METHOD(env_each_key) { return each_column(self, blk, "each_key", 0); }
SP_METHOD(env_each_value) { return each_column(self, blk, "each_value", 1); }

static int yield_pair(sp_value blk, sp_value pair)
{
    sp_value kv[2] = { PAIR_K(pair), PAIR_V(pair) };
    return SP_RTEST(sp_yield(blk, 2, kv));
}

/* delete_if / reject! (want 1: delete when the block is true) and
 * keep_if / select! / filter! (want 0); the bang forms return nil when
 * nothing was deleted. */
static sp_value env_delete_where(sp_value self, sp_value blk, const char *meth, int want, int bang)
{
    if (blk == SP_NIL) return env_enum(self, meth);
    sp_value a = env_pairs();
    int deleted = 0;
    for (long i = 0; i < sp_ary_len(a); i++) {
        sp_value pr = sp_ary_entry(a, i);
        if (yield_pair(blk, pr) == want) {
            env_set(sp_str_cstr(PAIR_K(pr)), NULL);
            deleted = 1;
        }
    }
    return bang && !deleted ? SP_NIL : self;
}
SP_METHOD(env_delete_if) { return env_delete_where(self, blk, "delete_if", 1, 0); }
SP_METHOD(env_reject_bang) { return env_delete_where(self, blk, "reject!", 1, 1); }
SP_METHOD(env_keep_if) { return env_delete_where(self, blk, "keep_if", 0, 0); }
SP_METHOD(env_select_bang) { return env_delete_where(self, blk, "select!", 0, 1); }

/* select / filter / reject: a Hash of the pairs kept */
static sp_value env_select_where(sp_value self, sp_value blk, const char *meth, int want)
{
    if (blk == SP_NIL) return env_enum(self, meth);
    sp_value a = env_pairs(), h = sp_hash_new();
    for (long i = 0; i < sp_ary_len(a); i++) {
        sp_value pr = sp_ary_entry(a, i);
        if (yield_pair(blk, pr) == want) sp_hash_aset(h, PAIR_K(pr), PAIR_V(pr));
    }
    return h;
}
SP_METHOD(env_select) { return env_select_where(self, blk, "select", 1); }
SP_METHOD(env_reject) { return env_select_where(self, blk, "reject", 0); }

SP_METHOD(env_clear)
{
    sp_value a = pairs_column(0);
    for (long i = 0; i < sp_ary_len(a); i++) env_set(sp_str_cstr(sp_ary_entry(a, i)), NULL);
    return self;
}

/* update / merge!(hash, ...) { |name, old, new| }: values by #to_str */
typedef struct { sp_value blk; } upd_state;
static int update_fn(sp_value k, sp_value v, void *arg)
{
    upd_state *u = arg;
    char *name = env_name(k);
    if (u->blk != SP_NIL) {
        sp_value old = env_get(name);
        if (old != SP_NIL) {
            sp_value a[3] = { env_str(name, strlen(name)), old, v };
            v = sp_yield(u->blk, 3, a);
        }
    }
    env_set(name, SP_NIL_P(v) ? NULL : sp_str_cstr(env_strval(v, "value")));
    return 0;
}
static sp_value hash_arg(sp_value v)
{
    sp_value h = sp_hash_p(v) ? v : sp_try_convert(v, sp_cHash, "to_hash");
    if (h == SP_NIL) sp_raise_type(v, "Hash");
    return h;
}
SP_METHOD(env_update)
{
    upd_state u = { blk };
    for (int i = 0; i < argc; i++) sp_hash_foreach(hash_arg(argv[i]), update_fn, &u);
    return self;
}

/* replace(hash): ENV becomes hash (names checked before any change) */
static int check_fn(sp_value k, sp_value v, void *arg)
{
    (void)arg;
    check_name(env_name(k));
    env_strval(v, "value");
    return 0;
}
SP_METHOD(env_replace)
{
    sp_value h = hash_arg(argv[0]);
    sp_hash_foreach(h, check_fn, NULL);
    sp_value a = pairs_column(0);
    for (long i = 0; i < sp_ary_len(a); i++) {
        sp_value k = sp_ary_entry(a, i);
        if (sp_hash_lookup(h, k, SP_UNDEF) == SP_UNDEF) env_set(sp_str_cstr(k), NULL);
    }
    upd_state u = { SP_NIL };
    sp_hash_foreach(h, update_fn, &u);
    return self;
}

SP_METHOD(env_shift)
{
    sp_value a = env_pairs();
    if (sp_ary_len(a) == 0) return SP_NIL;
    sp_value pr = sp_ary_entry(a, 0);
    env_set(sp_str_cstr(PAIR_K(pr)), NULL);
    return pr;
}

SP_METHOD(env_invert)
{
    sp_value a = env_pairs(), h = sp_hash_new();
    for (long i = 0; i < sp_ary_len(a); i++) sp_hash_aset(h, PAIR_V(sp_ary_entry(a, i)), PAIR_K(sp_ary_entry(a, i)));
    return h;
}

SP_METHOD(env_assoc)
{
    char *name = env_name(argv[0]);
    sp_value v = env_get(name);
    if (v == SP_NIL) return SP_NIL;
    sp_value pr[2] = { env_str(name, strlen(name)), v };
    return sp_ary_new_from(2, pr);
}

/* A value argument of rassoc / key / value?: a String or #to_str, else
 * nothing matches (CRuby answers nil, no TypeError). */
static sp_value value_arg(sp_value v)
{
    return sp_str_p(v) ? v : sp_try_convert(v, sp_cString, "to_str");
}
static sp_value find_value(sp_value s)
{
    sp_value a = env_pairs();
    for (long i = 0; i < sp_ary_len(a); i++)
        if (sp_str_equal(PAIR_V(sp_ary_entry(a, i)), s)) return sp_ary_entry(a, i);
    return SP_NIL;
}
SP_METHOD(env_rassoc)
{
    sp_value s = value_arg(argv[0]);
    return s == SP_NIL ? SP_NIL : find_value(s);
}
SP_METHOD(env_value_p)
{
    sp_value s = value_arg(argv[0]);
    if (s == SP_NIL) return SP_NIL;
    return SP_BOOL(find_value(s) != SP_NIL);
}
SP_METHOD(env_key)
{
    sp_value s = sp_str_p(argv[0]) ? argv[0] : sp_try_convert(argv[0], sp_cString, "to_str");
    if (s == SP_NIL) sp_raise_type(argv[0], "String");
    sp_value pr = find_value(s);
    return pr == SP_NIL ? SP_NIL : PAIR_K(pr);
}

SP_METHOD(env_values_at)
{
    sp_value r = sp_ary_new();
    for (int i = 0; i < argc; i++) sp_ary_push(r, env_get(env_name(argv[i])));
    return r;
}

SP_METHOD(env_slice)
{
    sp_value h = sp_hash_new();
    for (int i = 0; i < argc; i++) {
        char *name = env_name(argv[i]);
        sp_value v = env_get(name);
        if (v != SP_NIL) sp_hash_aset(h, argv[i], v);     /* the key as given */
    }
    return h;
}

SP_METHOD(env_except)
{
    sp_value h = env_to_hash(self, 0, NULL, SP_NIL);
    for (int i = 0; i < argc; i++) sp_funcall1(h, "delete", argv[i]);
    return h;
}

SP_METHOD(env_freeze) { sp_raise(sp_eTypeError, "cannot freeze ENV"); }
SP_METHOD(env_dup) { sp_raise(sp_eTypeError, "Cannot dup ENV, use ENV.to_h to get a copy of ENV as a hash"); }

/* clone(freeze: nil): Object#clone's keyword check, then TypeError */
static int clone_kw_fn(sp_value k, sp_value v, void *arg)
{
    (void)arg;
    if (!(SP_SYMBOL_P(k) && !strcmp(sp_id_name(SP_SYM2ID(k)), "freeze")))
        sp_raise(sp_eArgError, "unknown keyword: %s", sp_str_cstr(sp_inspect(k)));
    if (v != SP_NIL && v != SP_TRUE && v != SP_FALSE)
        sp_raise(sp_eArgError, "unexpected value for freeze: %s", sp_obj_classname(v));
    return 0;
}
SP_METHOD(env_clone)
{
    if (argc > 1) sp_raise_arity(argc, 0, 0);
    if (argc == 1) {
        if (!sp_hash_p(argv[0])) sp_raise_arity(argc, 0, 0);
        sp_hash_foreach(argv[0], clone_kw_fn, NULL);
    }
    sp_raise(sp_eTypeError, "Cannot clone ENV, use ENV.to_h to get a copy of ENV as a hash");
}

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
    static const struct { const char *name; sp_cfunc fn; int arity; } m[] = {
        { "[]", env_aref, 1 }, { "[]=", env_aset, 2 }, { "store", env_aset, 2 },
        { "fetch", env_fetch, -1 }, { "key?", env_key_p, 1 }, { "has_key?", env_key_p, 1 },
        { "include?", env_key_p, 1 }, { "member?", env_key_p, 1 }, { "delete", env_delete, 1 },
        { "to_h", env_to_h, 0 }, { "to_hash", env_to_hash, 0 }, { "keys", env_keys, 0 },
        { "values", env_values, 0 }, { "to_a", env_to_a, 0 }, { "size", env_size, 0 },
        { "length", env_size, 0 }, { "empty?", env_empty_p, 0 }, { "inspect", env_inspect, 0 },
        { "to_s", env_to_s, 0 }, { "rehash", env_rehash, 0 }, { "each", env_each_pair, 0 },
        { "each_pair", env_each_pair, 0 }, { "each_key", env_each_key, 0 },
        { "each_value", env_each_value, 0 }, { "delete_if", env_delete_if, 0 },
        { "reject!", env_reject_bang, 0 }, { "keep_if", env_keep_if, 0 },
        { "select!", env_select_bang, 0 }, { "filter!", env_select_bang, 0 },
        { "select", env_select, 0 }, { "filter", env_select, 0 }, { "reject", env_reject, 0 },
        { "clear", env_clear, 0 }, { "update", env_update, -1 }, { "merge!", env_update, -1 },
        { "replace", env_replace, 1 }, { "shift", env_shift, 0 }, { "invert", env_invert, 0 },
        { "assoc", env_assoc, 1 }, { "rassoc", env_rassoc, 1 }, { "key", env_key, 1 },
        { "value?", env_value_p, 1 }, { "has_value?", env_value_p, 1 },
        { "values_at", env_values_at, -1 }, { "slice", env_slice, -1 }, { "except", env_except, -1 },
        { "freeze", env_freeze, 0 }, { "dup", env_dup, 0 }, { "clone", env_clone, -1 },
    };
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
        sp_define_singleton_method(env_obj, m[i].name, m[i].fn, m[i].arity);
    sp_include_module(sp_singleton_class(env_obj), sp_mEnumerable);
    sp_define_const(sp_cObject, "ENV", env_obj);
}

/* ARGV: the program's arguments after argv[0], as a mutable Array of
 * Strings (sp_init calls this with main's argc/argv). */
/* The memory of main's argv strings (contiguous, as the kernel lays
 * them out): Process.setproctitle writes the title there, which is what
 * /proc/PID/cmdline and ps show (CRuby's setproctitle does the same;
 * a title longer than the area is cut to it). */
static char *argv_area;
static size_t argv_area_len;

void sp_argv_set_title(const char *title, size_t len)
{
    if (!argv_area || argv_area_len < 2) return;
    if (len > argv_area_len - 1) len = argv_area_len - 1;
    memcpy(argv_area, title, len);
    memset(argv_area + len, 0, argv_area_len - len);
}

void sp_init_argv(int argc, char **argv)
{
    if (argc > 0 && argv[0]) {
        char *end = argv[0] + strlen(argv[0]) + 1;
        for (int i = 1; i < argc && argv[i] == end; i++) end = argv[i] + strlen(argv[i]) + 1;
        /* the environment strings follow: move them to the heap (environ
         * points at the copies) so a title may use their room too */
        size_t ne = 0;
        for (char **e = environ; e && *e; e++) ne++;
        char **copy = ne ? malloc(sizeof(char *) * (ne + 1)) : NULL;
        if (copy) {
            for (size_t i = 0; i < ne; i++) {
                if (environ[i] == end) end = environ[i] + strlen(environ[i]) + 1;
                copy[i] = strdup(environ[i]);
            }
            copy[ne] = NULL;
            environ = copy;
        }
        argv_area = argv[0];
        argv_area_len = (size_t)(end - argv[0]);
    }
    sp_value a = sp_ary_new();
    for (int i = 1; i < argc; i++) sp_ary_push(a, sp_str_new_cstr(argv[i]));
    sp_define_const(sp_cObject, "ARGV", a);
}

/*
 * sp_fiddle_import.c — `require 'fiddle/import'`: Fiddle::Importer (a
 * module a program extends to declare C functions with C syntax),
 * Fiddle::CStruct, Fiddle::CUnion and Fiddle::CStructEntity, with a small
 * parser of C declarations of its own (CRuby's is fiddle/cparser.rb).
 *
 * Importer state lives in the extending module's ivars, as in CRuby:
 * @handler (Array of Handles from dlload), @func_map (name => Function),
 * @type_alias (name => type name).  `extern "int abs(int)"` and `bind`
 * define a module function that calls the Function.
 *
 * Struct classes: `struct([...])` returns an anonymous subclass of
 * CStruct (CUnion for `union`) whose layout — an SP_T_DATA object
 * { hdr, n, names, types, counts, offsets, size } computed with the C
 * alignment rules — is the class ivar __layout__.  An instance is a plain
 * object whose @entity is a CStructEntity (a Fiddle::Pointer) to the
 * memory; member accessors are methods defined with a C proc per member.
 *
 * Declarations understood: base types (char, short, int, long, long long
 * with signed/unsigned, float, double, bool, size_t, ssize_t, ptrdiff_t,
 * intptr_t, uintptr_t, intN_t/uintN_t, void), `const`, any pointer (`*`)
 * as void*, typealias names, an optional parameter/member name and, in
 * structs, one array dimension `name[N]`.  Not supported: nested structs
 * in a struct, function-pointer syntax, bit fields.
 */
#include "sp_fiddle.h"
#include "sp_string.h"
#include "sp_hash.h"
#include "sp_numeric.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static sp_value cImporter, cCStruct, cCUnion, cEntity, cLayout;
static sp_id id_handler, id_func_map, id_type_alias, id_layout, id_entity;

/* ------------------------------------------------------------------ */
/* Parsing C declarations                                              */

static const struct { const char *name; int type; } base_types[] = {
    {"void", SP_FT_VOID}, {"char", SP_FT_CHAR}, {"signed char", SP_FT_CHAR},
    {"unsigned char", -SP_FT_CHAR}, {"short", SP_FT_SHORT}, {"short int", SP_FT_SHORT},
    {"signed short", SP_FT_SHORT}, {"unsigned short", -SP_FT_SHORT},
    {"unsigned short int", -SP_FT_SHORT}, {"int", SP_FT_INT}, {"signed int", SP_FT_INT},
    {"signed", SP_FT_INT}, {"unsigned int", -SP_FT_INT}, {"unsigned", -SP_FT_INT}, {"uint", -SP_FT_INT},
    {"long", SP_FT_LONG}, {"long int", SP_FT_LONG}, {"signed long", SP_FT_LONG},
    {"unsigned long", -SP_FT_LONG}, {"unsigned long int", -SP_FT_LONG},
    {"long long", SP_FT_LLONG}, {"long long int", SP_FT_LLONG},
    {"unsigned long long", -SP_FT_LLONG}, {"unsigned long long int", -SP_FT_LLONG},
    {"float", SP_FT_FLOAT}, {"double", SP_FT_DOUBLE}, {"bool", SP_FT_BOOL},
    {"_Bool", SP_FT_BOOL}, {"size_t", -SP_FT_LONG}, {"ssize_t", SP_FT_LONG},
    {"ptrdiff_t", SP_FT_LONG}, {"intptr_t", SP_FT_LONG}, {"uintptr_t", -SP_FT_LONG},
    {"int8_t", SP_FT_CHAR}, {"uint8_t", -SP_FT_CHAR}, {"int16_t", SP_FT_SHORT},
    {"uint16_t", -SP_FT_SHORT}, {"int32_t", SP_FT_INT}, {"uint32_t", -SP_FT_INT},
    {"int64_t", SP_FT_LLONG}, {"uint64_t", -SP_FT_LLONG},
};

/* One parsed declaration: type, optional name, array count (0: scalar). */
typedef struct { int type; char name[128]; long count; } cdecl_t;

static int base_type(const char *s)
{
    for (size_t i = 0; i < sizeof base_types / sizeof base_types[0]; i++)
        if (!strcmp(base_types[i].name, s)) return base_types[i].type;
    return 99;
}

/* Collapse whitespace, drop `const`/`volatile`/`struct`. */
static void normalise(const char *in, char *out, size_t cap)
{
    size_t o = 0;
    const char *p = in;
    while (*p) {
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;
        const char *w = p;
        if (*p == '*' || *p == '[' || *p == ']') p++;
        else while (*p && !isspace((unsigned char)*p) && *p != '*' && *p != '[' && *p != ']') p++;
        size_t n = (size_t)(p - w);
        if ((n == 5 && !strncmp(w, "const", 5)) || (n == 8 && !strncmp(w, "volatile", 8)))
            continue;
        if (o && o + 1 < cap) out[o++] = ' ';
        if (o + n >= cap) n = cap - o - 1;
        memcpy(out + o, w, n);
        o += n;
    }
    out[o] = 0;
}

static SP_NORETURN void unknown_type(const char *t)
{
    sp_raise(sp_eFiddleDLError, "unknown type: %s", t);
}

/* A type name (no declarator name) through the alias table. */
static int resolve_type(const char *t, sp_value aliases, int depth)
{
    if (strchr(t, '*')) return SP_FT_VOIDP;
    int bt = base_type(t);
    if (bt != 99) return bt;
    if (aliases != SP_NIL && depth < 16) {
        sp_value a = sp_hash_lookup(aliases, sp_str_new_cstr(t), SP_UNDEF);
        if (a != SP_UNDEF) {
            if (SP_FIXNUM_P(a)) return (int)SP_FIX2LONG(a);
            char buf[256];
            normalise(sp_str_cstr(sp_to_s(a)), buf, sizeof buf);
            return resolve_type(buf, aliases, depth + 1);
        }
    }
    if (!strncmp(t, "struct ", 7)) return resolve_type(t + 7, aliases, depth + 1);
    unknown_type(t);
}

static int is_ident(const char *s)
{
    if (!*s || isdigit((unsigned char)*s)) return 0;
    for (; *s; s++) if (!isalnum((unsigned char)*s) && *s != '_') return 0;
    return 1;
}

/* in_struct: `x[N]` is an array member; elsewhere (parameters, sizeof)
 * brackets make a pointer, as in CRuby's parse_ctype. */
static void parse_decl(const char *src, sp_value aliases, cdecl_t *d, int in_struct)
{
    char buf[256];
    normalise(src, buf, sizeof buf);
    d->count = 0;
    d->name[0] = 0;
    char *lb = strchr(buf, '[');
    if (lb) {
        d->count = strtol(lb + 1, NULL, 10);
        *lb = 0;
        size_t n = strlen(buf);
        while (n && buf[n - 1] == ' ') buf[--n] = 0;
    }
    /* a trailing identifier that is not part of the type is the name */
    char *sp = strrchr(buf, ' ');
    char *st = strrchr(buf, '*');
    char *cut = st && (!sp || st > sp) ? st + 1 : sp ? sp + 1 : NULL;
    if (cut && *cut && is_ident(cut)) {
        char type[256];
        size_t tl = (size_t)(cut - buf);
        memcpy(type, buf, tl);
        type[tl] = 0;
        while (tl && type[tl - 1] == ' ') type[--tl] = 0;
        if (base_type(buf) == 99 && tl) {
            snprintf(d->name, sizeof d->name, "%s", cut);
            d->type = resolve_type(type, aliases, 0);
            goto done;
        }
    }
    d->type = resolve_type(buf, aliases, 0);
done:
    if (lb && !in_struct) { d->type = SP_FT_VOIDP; d->count = 0; }
}

/* "ret name(args)" -> name, return type, argument types (Array). */
static void parse_signature(sp_value sig, sp_value aliases, char *name, size_t cap, int *ret, sp_value *args)
{
    const char *s = sp_str_cstr(sig);
    const char *lp = strchr(s, '(');
    const char *rp = strrchr(s, ')');
    const char *end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1])) end--;
    if (!lp || !rp || rp < lp || rp + 1 != end || strchr(lp + 1, '(') != NULL)
        sp_raise(sp_eRuntimeError, "can't parse the function prototype: %s", s);
    char head[256];
    size_t hl = (size_t)(lp - s);
    if (hl >= sizeof head) hl = sizeof head - 1;
    memcpy(head, s, hl);
    head[hl] = 0;
    cdecl_t d;
    parse_decl(head, aliases, &d, 0);
    if (!d.name[0]) sp_raise(sp_eRuntimeError, "can't parse the function prototype: %s", s);
    snprintf(name, cap, "%s", d.name);
    *ret = d.type;
    *args = sp_ary_new();
    char inner[512];
    size_t il = (size_t)(rp - lp - 1);
    if (il >= sizeof inner) il = sizeof inner - 1;
    memcpy(inner, lp + 1, il);
    inner[il] = 0;
    char norm[512];
    normalise(inner, norm, sizeof norm);
    if (!norm[0] || !strcmp(norm, "void")) return;
    for (char *tok = strtok(norm, ","); tok; tok = strtok(NULL, ",")) {
        cdecl_t a;
        parse_decl(tok, aliases, &a, 0);
        sp_ary_push(*args, SP_FIX(a.type));
    }
}

/* ------------------------------------------------------------------ */
/* Importer                                                            */

static sp_value aliases_of(sp_value mod)
{
    sp_value a = sp_ivar_defined(mod, id_type_alias) ? sp_ivar_get(mod, id_type_alias) : SP_NIL;
    if (a == SP_NIL) { a = sp_hash_new(); sp_ivar_set(mod, id_type_alias, a); }
    return a;
}

static sp_value func_map_of(sp_value mod)
{
    sp_value a = sp_ivar_defined(mod, id_func_map) ? sp_ivar_get(mod, id_func_map) : SP_NIL;
    if (a == SP_NIL) { a = sp_hash_new(); sp_ivar_set(mod, id_func_map, a); }
    return a;
}

SP_METHOD(imp_dlload)
{
    sp_value hs = sp_ary_new();
    for (int i = 0; i < argc; i++) {
        sp_value l = argv[i];
        if (SP_HEAP_P(l) && sp_obj_is_kind_of(l, sp_cFiddleHandle)) {
            sp_ary_push(hs, l);
        } else if (SP_HEAP_P(l) && sp_ivar_defined(l, id_handler) && !sp_str_p(l)) {
            sp_ary_concat(hs, sp_ivar_get(l, id_handler));
        } else {
            sp_ary_push(hs, sp_class_new_instance(sp_cFiddleHandle, 1, &l, SP_NIL));
        }
    }
    sp_ivar_set(self, id_handler, hs);
    func_map_of(self);
    aliases_of(self);
    return hs;
}

SP_METHOD(imp_typealias)
{
    sp_hash_aset(aliases_of(self), sp_str_dup(sp_str_to_str(argv[0])), argv[1]);
    return SP_NIL;
}

/* The method `extern`/`bind` define: calls the Function in the proc's env. */
static sp_value imp_func_body(sp_proc *p, int argc_, const sp_value *argv, sp_value blk)
{
    return sp_fiddle_fn_call((sp_value)p->env, argc_, argv);
}

static void define_func(sp_value mod, const char *name, sp_value fn)
{
    sp_hash_aset(func_map_of(mod), sp_str_new_cstr(name), fn);
    sp_value proc = sp_proc_new(imp_func_body, (void *)fn, mod, 0, -1, 1);
    sp_value a[2] = { sp_sym(name), proc };
    sp_funcall(mod, sp_intern("define_method"), 2, a, SP_NIL);
    sp_funcall(mod, sp_intern("module_function"), 1, a, SP_NIL);
}

/* Function.new(ptr, args, ret, name: name); ptr: an address or a Closure */
static sp_value new_function(sp_value ptr, sp_value args, int ret, const char *name)
{
    sp_value kw = sp_hash_new();
    sp_hash_aset(kw, sp_sym("name"), sp_str_new_cstr(name));
    sp_value a[4] = { ptr, args, SP_FIX(ret), kw };
    return sp_class_new_instance(sp_cFiddleFunction, 4 | SP_ARGC_KW, a, SP_NIL);
}

static void *import_symbol(sp_value mod, const char *name)
{
    sp_value hs = sp_ivar_defined(mod, id_handler) ? sp_ivar_get(mod, id_handler) : SP_NIL;
    if (hs == SP_NIL) sp_raise(sp_eRuntimeError, "call dlload before importing symbols and functions");
    for (long i = 0; i < sp_ary_len(hs); i++) {
        void *p = sp_fiddle_handle_dlsym(sp_ary_entry(hs, i), name);
        if (p) return p;
    }
    return NULL;
}

/* extern "ret name(args)" */
SP_METHOD(imp_extern)
{
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    char name[128];
    int ret;
    sp_value args;
    parse_signature(sp_str_to_str(argv[0]), aliases_of(self), name, sizeof name, &ret, &args);
    void *addr = import_symbol(self, name);
    if (!addr) sp_raise(sp_eFiddleDLError, "cannot find the function: %s()", name);
    sp_value fn = new_function(sp_fiddle_uint_new((uintptr_t)addr), args, ret, name);
    define_func(self, name, fn);
    return fn;
}

/* bind("ret name(args)") { |*args| ... }: a Closure and a Function calling it */
SP_METHOD(imp_bind)
{
    if (argc < 1) sp_raise_arity(argc, 1, -1);
    char name[128];
    int ret;
    sp_value args;
    parse_signature(sp_str_to_str(argv[0]), aliases_of(self), name, sizeof name, &ret, &args);
    sp_value ca[2] = { SP_FIX(ret), args };
    sp_value cl = sp_class_new_instance(sp_cFiddleBlockCaller, 2, ca, blk);
    sp_value fn = new_function(cl, args, ret, name);
    define_func(self, name, fn);
    return fn;
}

SP_METHOD(imp_aref)
{
    return sp_hash_lookup(func_map_of(self), sp_str_to_str(argv[0]), SP_NIL);
}

/* ------------------------------------------------------------------ */
/* Struct layouts                                                      */

typedef struct {
    sp_header hdr;
    long n;
    sp_value names;     /* Array of member name Strings */
    int8_t *types;
    long *counts;       /* 0: scalar, else array length */
    size_t *offs;
    size_t size;
} sp_layout;

static sp_value layout_new(sp_value sig, sp_value aliases, int is_union)
{
    sp_value list;
    if (sp_str_p(sig)) {
        list = sp_ary_new();
        char *s = sp_str_cstr(sig);
        for (char *tok = strtok(s, ",;"); tok; tok = strtok(NULL, ",;")) {
            while (isspace((unsigned char)*tok)) tok++;
            if (*tok) sp_ary_push(list, sp_str_new_cstr(tok));
        }
    } else {
        list = sp_to_ary(sig);
    }
    long n = sp_ary_len(list);
    sp_layout *L = sp_alloc(sizeof *L, cLayout, SP_T_DATA);
    L->n = n;
    L->names = sp_ary_new();
    L->types = sp_alloc_atomic((size_t)n + 1);
    L->counts = sp_alloc_atomic(sizeof(long) * ((size_t)n + 1));
    L->offs = sp_alloc_atomic(sizeof(size_t) * ((size_t)n + 1));
    size_t off = 0, maxal = 1, size = 0;
    for (long i = 0; i < n; i++) {
        cdecl_t d;
        parse_decl(sp_str_cstr(sp_str_to_str(sp_ary_entry(list, i))), aliases, &d, 1);
        if (d.type == SP_FT_VOID) unknown_type("void");
        size_t al = sp_fiddle_type_align(d.type), sz = sp_fiddle_type_size(d.type) * (size_t)(d.count ? d.count : 1);
        if (al > maxal) maxal = al;
        if (is_union) {
            L->offs[i] = 0;
            if (sz > size) size = sz;
        } else {
            off = (off + al - 1) / al * al;
            L->offs[i] = off;
            off += sz;
            size = off;
        }
        L->types[i] = (int8_t)d.type;
        L->counts[i] = d.count;
        sp_ary_push(L->names, sp_str_new_cstr(d.name));
    }
    L->size = (size + maxal - 1) / maxal * maxal;
    return (sp_value)L;
}

static sp_layout *layout_of_class(sp_value k)
{
    for (; k != SP_NIL && k != cCStruct && k != cCUnion; k = sp_class_superclass(k))
        if (sp_ivar_defined(k, id_layout)) return (sp_layout *)sp_ivar_get(k, id_layout);
    sp_raise(sp_eTypeError, "not a struct class");
}

static char *member_addr(sp_value obj, sp_layout **Lp, long i)
{
    sp_layout *L = layout_of_class(sp_obj_class(obj));
    sp_value e = sp_ivar_get(obj, id_entity);
    if (!sp_fiddle_ptr_p(e)) sp_raise(sp_eTypeError, "uninitialized struct");
    char *base = ((sp_fiddle_ptr *)e)->ptr;
    if (!base) sp_raise(sp_eFiddleDLError, "NULL pointer dereference");
    *Lp = L;
    return base + L->offs[i];
}

static sp_value member_get(sp_value obj, long i)
{
    sp_layout *L;
    char *p = member_addr(obj, &L, i);
    int t = L->types[i];
    if (!L->counts[i]) return sp_fiddle_from_c(t, p);
    sp_value a = sp_ary_new_capa(L->counts[i]);
    size_t sz = sp_fiddle_type_size(t);
    for (long k = 0; k < L->counts[i]; k++) sp_ary_push(a, sp_fiddle_from_c(t, p + (size_t)k * sz));
    return a;
}

static void member_set(sp_value obj, long i, sp_value v)
{
    sp_layout *L;
    char *p = member_addr(obj, &L, i);
    int t = L->types[i];
    size_t sz = sp_fiddle_type_size(t);
    sp_ffi_val cv;
    if (!L->counts[i]) {
        sp_fiddle_to_c(t, v, &cv);
        memcpy(p, &cv, sz);
        return;
    }
    sp_value a = sp_to_ary(v);
    long n = sp_ary_len(a);
    if (n > L->counts[i]) n = L->counts[i];
    for (long k = 0; k < n; k++) {
        sp_fiddle_to_c(t, sp_ary_entry(a, k), &cv);
        memcpy(p + (size_t)k * sz, &cv, sz);
    }
}

/* Accessor procs: env = the member index (a fixnum in a pointer). */
static sp_value acc_get(sp_proc *p, int argc_, const sp_value *argv, sp_value blk)
{
    return member_get(p->self, (long)(intptr_t)p->env);
}

static sp_value acc_set(sp_proc *p, int argc_, const sp_value *argv, sp_value blk)
{
    member_set(p->self, (long)(intptr_t)p->env, argv[0]);
    return argv[0];
}

static sp_value struct_class(sp_value mod, sp_value sig, int is_union)
{
    sp_value L = layout_new(sig, mod == SP_NIL ? SP_NIL : aliases_of(mod), is_union);
    sp_value k = sp_class_new(is_union ? cCUnion : cCStruct);
    sp_ivar_set(k, id_layout, L);
    sp_layout *lp = (sp_layout *)L;
    for (long i = 0; i < lp->n; i++) {
        const char *nm = sp_str_cstr(sp_ary_entry(lp->names, i));
        char setter[140];
        snprintf(setter, sizeof setter, "%s=", nm);
        sp_value a[2] = { sp_sym(nm), sp_proc_new(acc_get, (void *)(intptr_t)i, k, 0, 0, 1) };
        sp_funcall(k, sp_intern("define_method"), 2, a, SP_NIL);
        sp_value b[2] = { sp_sym(setter), sp_proc_new(acc_set, (void *)(intptr_t)i, k, 1, 1, 1) };
        sp_funcall(k, sp_intern("define_method"), 2, b, SP_NIL);
    }
    return k;
}

SP_METHOD(imp_struct) { return struct_class(self, argv[0], 0); }
SP_METHOD(imp_union) { return struct_class(self, argv[0], 1); }

SP_METHOD(imp_sizeof)
{
    sp_value t = argv[0];
    if (SP_HEAP_P(t) && (SP_TYPE(t) == SP_T_CLASS) && sp_class_inherits(t, cCStruct) == 1)
        return SP_FIX((long)layout_of_class(t)->size);
    if (SP_HEAP_P(t) && (SP_TYPE(t) == SP_T_CLASS) && sp_class_inherits(t, cCUnion) == 1)
        return SP_FIX((long)layout_of_class(t)->size);
    if (sp_str_p(t)) {
        cdecl_t d;
        parse_decl(sp_str_cstr(t), aliases_of(self), &d, 0);
        if (d.type == SP_FT_VOID) sp_raise(sp_eFiddleDLError, "unknown type: 0");
        return SP_FIX((long)(sp_fiddle_type_size(d.type) * (size_t)(d.count ? d.count : 1)));
    }
    if (SP_FIXNUM_P(t)) return SP_FIX((long)sp_fiddle_type_size(sp_fiddle_type_check(t, 0)));
    sp_raise(sp_eFiddleDLError, "unknown type: %s", sp_str_cstr(sp_inspect(t)));
}

/* ------------------------------------------------------------------ */
/* CStruct                                                             */

static sp_value entity_new(sp_value klass, void *addr, sp_fiddle_freefn f)
{
    sp_value e = sp_fiddle_ptr_alloc(cEntity);
    ((sp_fiddle_ptr *)e)->ptr = addr;
    ((sp_fiddle_ptr *)e)->size = (long)layout_of_class(klass)->size;
    sp_fiddle_ptr_set_free((sp_fiddle_ptr *)e, f);
    return e;
}

/* Struct.new(addr) */
SP_METHOD(cs_init)
{
    if (argc < 1 || argc > 2) sp_raise_arity(argc, 1, 2);
    sp_value a = argv[0];
    void *addr = sp_fiddle_ptr_p(a) ? ((sp_fiddle_ptr *)a)->ptr : (void *)sp_fiddle_uintptr(sp_fiddle_integer(a));
    sp_value e = entity_new(sp_obj_class(self), addr, argc > 1 ? sp_fiddle_freefn_of(argv[1]) : NULL);
    if (sp_fiddle_ptr_p(a)) ((sp_fiddle_ptr *)e)->keep = a;
    sp_ivar_set(self, id_entity, e);
    return SP_NIL;
}

/* Struct.malloc(free = nil) */
SP_METHOD(cs_s_malloc)
{
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    sp_layout *L = layout_of_class(self);
    void *m = calloc(1, L->size ? L->size : 1);
    if (!m) sp_raise(sp_const_get(sp_cObject, sp_intern("NoMemoryError")), "failed to allocate memory");
    sp_value obj = sp_obj_alloc(self);
    sp_ivar_set(obj, id_entity, entity_new(self, m, argc > 0 ? sp_fiddle_freefn_of(argv[0]) : NULL));
    return obj;
}

SP_METHOD(cs_s_size) { return SP_FIX((long)layout_of_class(self)->size); }
SP_METHOD(cs_s_members) { return sp_ary_concat(sp_ary_new(), layout_of_class(self)->names); }
SP_METHOD(cs_to_ptr) { return sp_ivar_get(self, id_entity); }
SP_METHOD(cs_to_i) { return sp_fiddle_uint_new((uintptr_t)((sp_fiddle_ptr *)sp_ivar_get(self, id_entity))->ptr); }

static long member_index(sp_value obj, sp_value name)
{
    sp_layout *L = layout_of_class(sp_obj_class(obj));
    sp_value s = sp_to_s(name);
    for (long i = 0; i < L->n; i++)
        if (sp_str_equal(sp_ary_entry(L->names, i), s)) return i;
    sp_raise(sp_eArgError, "no such member: %s", sp_str_cstr(s));
}

SP_METHOD(cs_aref) { return member_get(self, member_index(self, argv[0])); }
SP_METHOD(cs_aset) { member_set(self, member_index(self, argv[0]), argv[1]); return argv[1]; }

void sp_init_fiddle_import_feature(void)
{
    if (!sp_mFiddle) sp_init_fiddle();
    id_handler = sp_intern("@handler");
    id_func_map = sp_intern("@func_map");
    id_type_alias = sp_intern("@type_alias");
    id_layout = sp_intern("__layout__");
    id_entity = sp_intern("@entity");
    cLayout = sp_class_new(sp_cObject);
    cImporter = sp_define_module_under(sp_mFiddle, "Importer");
    sp_define_method(cImporter, "dlload", imp_dlload, -1);
    sp_define_method(cImporter, "typealias", imp_typealias, 2);
    sp_define_method(cImporter, "extern", imp_extern, -1);
    sp_define_method(cImporter, "bind", imp_bind, -1);
    sp_define_method(cImporter, "struct", imp_struct, 1);
    sp_define_method(cImporter, "union", imp_union, 1);
    sp_define_method(cImporter, "sizeof", imp_sizeof, 1);
    sp_define_method(cImporter, "[]", imp_aref, 1);
    cEntity = sp_define_class_under(sp_mFiddle, "CStructEntity", sp_cFiddlePointer);
    sp_define_class_under(sp_mFiddle, "CUnionEntity", cEntity);
    cCStruct = sp_define_class_under(sp_mFiddle, "CStruct", sp_cObject);
    cCUnion = sp_define_class_under(sp_mFiddle, "CUnion", sp_cObject);
    sp_value ks[2] = { cCStruct, cCUnion };
    for (int i = 0; i < 2; i++) {
        sp_define_method(ks[i], "initialize", cs_init, -1);
        sp_define_method(ks[i], "to_ptr", cs_to_ptr, 0);
        sp_define_method(ks[i], "to_i", cs_to_i, 0);
        sp_define_method(ks[i], "[]", cs_aref, 1);
        sp_define_method(ks[i], "[]=", cs_aset, 2);
        sp_define_singleton_method(ks[i], "malloc", cs_s_malloc, -1);
        sp_define_singleton_method(ks[i], "size", cs_s_size, 0);
        sp_define_singleton_method(ks[i], "members", cs_s_members, 0);
    }
}

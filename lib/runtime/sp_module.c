/*
 * sp_module.c — Module methods over constant paths and names:
 * const_get / const_defined? / const_source_location (a String names a
 * path "A::B", "::A"; a Symbol one constant), set_temporary_name,
 * undefined_instance_methods, and refinements, which Spinel does not
 * have: Module#refine raises NotImplementedError after CRuby's argument
 * checks, so no module ever holds a refinement (#refinements and
 * Module.used_refinements are empty, #using of a module activates
 * nothing, which is what CRuby does for a module without refinements).
 *
 * Constants live in sp_class.c (sp_const entries with the file and line
 * of the program's assignment); this file only walks them.
 */
#include <string.h>
#include "sp_class.h"

/* ---- constant paths ---- */

/* CRuby's StringValue: a String, or #to_str's, else TypeError */
static sp_value string_value(sp_value v)
{
    if (SP_HEAP_P(v) && SP_TYPE(v) == SP_T_STRING) return v;
    sp_value s = SP_SPECIAL_CONST_P(v) ? SP_NIL : sp_try_convert(v, sp_cString, "to_str");
    if (s == SP_NIL) sp_raise_type(v, "String");
    return s;
}

enum { CP_GET, CP_DEFINED, CP_LOCATION };

SP_NORETURN static void wrong_name(sp_value name, const char *s)
{
    sp_raise_name_error(name, SP_NIL, "wrong constant name %s", s);
}

/* the entry for id in mod: own only, or (inherit) its ancestors, Object's
 * too for the first segment of a module (a class has Object among its
 * ancestors, a BasicObject subclass not), never for later segments
 * (A::B does not find a top-level B) */
static sp_const *seg_entry(sp_value mod, sp_id id, int inherit, int first)
{
    sp_const *c = sp_const_entry(mod, id, inherit, inherit && !first && mod != sp_cObject);
    if (!c && inherit && first && SP_TYPE(mod) == SP_T_MODULE) c = sp_const_entry(sp_cObject, id, 1, 0);
    return c;
}

/* value of a segment for const_get: autoload / const_missing when absent */
static sp_value seg_get(sp_value mod, sp_id id, int inherit, int first)
{
    sp_const *c = seg_entry(mod, id, inherit, first);
    return c ? c->val : sp_const_missing(mod, id);
}

static sp_value const_result(int op, sp_value mod, sp_id id, int inherit, int first)
{
    if (op == CP_GET) return seg_get(mod, id, inherit, first);
    sp_const *c = seg_entry(mod, id, inherit, first);
    if (op == CP_DEFINED) return SP_BOOL(c != NULL);
    if (!c) return SP_NIL;
    if (!c->file) return sp_ary_new();          /* defined by the runtime (C) */
    sp_value loc[2] = { sp_str_new_cstr(c->file), SP_FIX(c->line) };
    return sp_ary_new_from(2, loc);
}

static sp_value const_path(sp_value self, sp_value name, int inherit, int op)
{
    if (SP_SYMBOL_P(name)) {
        sp_id id = SP_SYM2ID(name);
        if (!sp_id_is_const(id)) wrong_name(name, sp_id_name(id));
        return const_result(op, self, id, inherit, 1);
    }
    sp_value str = string_value(name);   /* a path is a String */
    sp_id whole = sp_intern_len(sp_str_ptr(str), sp_str_len(str));
    const char *p = sp_id_name(whole), *end = p + strlen(p);
    sp_value sname = sp_str_new_cstr(p);
    sp_value mod = self;
    int first = 1;
    if (p[0] == ':' && p[1] == ':') { mod = sp_cObject; p += 2; first = 0; }
    if (p >= end) wrong_name(sname, sp_id_name(whole));
    for (;;) {
        const char *e = strstr(p, "::");
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == 0 || (e && e + 2 >= end)) wrong_name(sname, sp_id_name(whole));
        sp_id id = sp_intern_len(p, len);
        if (!sp_id_is_const(id)) wrong_name(sname, sp_id_name(whole));
        if (!e) return const_result(op, mod, id, inherit, first);
        if (op == CP_DEFINED && !seg_entry(mod, id, inherit, first)) return SP_FALSE;
        mod = seg_get(mod, id, inherit, first);
        if (!SP_HEAP_P(mod) || (SP_TYPE(mod) != SP_T_CLASS && SP_TYPE(mod) != SP_T_MODULE))
            sp_raise(sp_eTypeError, "%s does not refer to class/module", sp_id_name(whole));
        first = 0;
        p = e + 2;
    }
}

static int inherit_arg(int argc, const sp_value *argv, int max)
{
    if (argc < 1 || argc > max) sp_raise_arity(argc, 1, max);
    return argc < 2 || SP_RTEST(argv[1]);
}

SP_METHOD(mod_const_get) { return const_path(self, argv[0], inherit_arg(argc, argv, 2), CP_GET); }
SP_METHOD(mod_const_defined) { return const_path(self, argv[0], inherit_arg(argc, argv, 2), CP_DEFINED); }
SP_METHOD(mod_const_source_location)
{
    return const_path(self, argv[0], inherit_arg(argc, argv, 2), CP_LOCATION);
}

/* ---- names ---- */

/* Module#set_temporary_name(name or nil) */
SP_METHOD(mod_set_temporary_name)
{
    sp_class *k = SP_CLASS(self);
    if (__atomic_load_n(&k->path, __ATOMIC_ACQUIRE) && !(k->cflags & SP_CF_TMPNAME))
        sp_raise(sp_eRuntimeError, "can't change permanent name");
    if (argv[0] == SP_NIL) {
        __atomic_store_n(&k->path, (const char *)NULL, __ATOMIC_RELEASE);
        k->cflags &= ~(uint32_t)SP_CF_TMPNAME;
        return self;
    }
    sp_value s = string_value(argv[0]);
    const char *p = sp_str_cstr(s);
    if (!*p) sp_raise(sp_eArgError, "empty class/module name");
    /* a constant path ("A", "A::B", "::A") would pass for a real name */
    const char *q = p[0] == ':' && p[1] == ':' ? p + 2 : p;
    int is_path = 1;
    for (;;) {
        const char *e = strstr(q, "::");
        size_t len = e ? (size_t)(e - q) : strlen(q);
        if (!len || !sp_id_is_const(sp_intern_len(q, len))) { is_path = 0; break; }
        if (!e) break;
        q = e + 2;
    }
    if (is_path) sp_raise(sp_eArgError, "the temporary name must not be a constant path to avoid confusion");
    char *copy = GC_MALLOC_ATOMIC(strlen(p) + 1);
    strcpy(copy, p);
    __atomic_store_n(&k->path, (const char *)copy, __ATOMIC_RELEASE);
    k->cflags |= SP_CF_TMPNAME;
    return self;
}

/* Module#undefined_instance_methods: the names undef'd in self itself */
SP_METHOD(mod_undefined_instance_methods)
{
    sp_class *k = __atomic_load_n(&SP_CLASS(self)->origin, __ATOMIC_ACQUIRE);
    if (!k) k = SP_CLASS(self);
    sp_value a = sp_ary_new();
    sp_idtbl *t = __atomic_load_n(&k->mtbl, __ATOMIC_ACQUIRE);
    for (uint32_t i = 0; t && i < t->count; i++) {
        sp_method *m = (sp_method *)t->ents[i].val;
        if (m && m->visibility == SP_VIS_UNDEF) sp_ary_push(a, SP_ID2SYM(t->ents[i].key));
    }
    return a;
}

/* Module#const_added(name) and the other hooks: the default does nothing */
SP_METHOD(mod_hook_nil) { return SP_NIL; }

/* ---- refinements (not supported) ---- */

SP_METHOD(mod_refine)
{
    if (argc != 1) sp_raise_arity(argc, 1, 1);
    if (!SP_HEAP_P(blk)) sp_raise(sp_eArgError, "no block given");
    sp_value c = argv[0];
    if (!SP_HEAP_P(c) || (SP_TYPE(c) != SP_T_CLASS && SP_TYPE(c) != SP_T_MODULE))
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Class or Module)",
                 sp_class_path(sp_obj_class(c)));
    sp_raise(sp_eNotImpError, "Module#refine is not supported by Spinel (refinements are not implemented)");
}

/* Module#using(mod): no module holds refinements (refine raises), so
 * activating mod's is activating none */
SP_METHOD(mod_using)
{
    sp_value m = argv[0];
    if (!SP_HEAP_P(m) || SP_TYPE(m) != SP_T_MODULE)
        sp_raise(sp_eTypeError, "wrong argument type %s (expected Module)", sp_class_path(sp_obj_class(m)));
    return self;
}

SP_METHOD(mod_refinements) { return sp_ary_new(); }

/* ---- Class.allocate / Class#initialize ---- */

/* Class.allocate: a class without a superclass until Class#initialize */
static sp_value class_alloc_uninit(sp_value klass)
{
    sp_class *k = sp_class_alloc(klass, SP_T_CLASS, NULL);
    k->cflags |= SP_CF_UNINIT;
    return SP_CVAL(k);
}

/* Class#initialize(superclass = Object) { body } */
SP_METHOD(class_initialize)
{
    sp_class *k = SP_CLASS(self);
    if (!(k->cflags & SP_CF_UNINIT)) sp_raise(sp_eTypeError, "already initialized class");
    if (argc > 1) sp_raise_arity(argc, 0, 1);
    sp_value super = argc ? argv[0] : sp_cObject;
    if (!SP_HEAP_P(super) || SP_TYPE(super) != SP_T_CLASS)
        sp_raise(sp_eTypeError, "superclass must be an instance of Class (given an instance of %s)",
                 sp_class_path(sp_obj_class(super)));
    if (SP_CLASS(super)->hdr.flags & SP_FL_SINGLETON) sp_raise(sp_eTypeError, "can't make subclass of singleton class");
    if (super == sp_cClass) sp_raise(sp_eTypeError, "can't make subclass of Class");
    k->super = SP_CLASS(super);
    k->alloc = SP_CLASS(super)->alloc;
    k->cflags &= ~(uint32_t)SP_CF_UNINIT;
    sp_class_make_metaclass(k);
    sp_funcall(super, sp_intern("inherited"), 1, &self, SP_NIL);
    if (SP_HEAP_P(blk)) sp_funcall(self, sp_intern("class_exec"), 1, &self, blk);
    return SP_NIL;
}

void sp_init_module(void)
{
    sp_value m = sp_cModule;
    sp_class_set_allocator(sp_cClass, class_alloc_uninit);
    /* the hooks' defaults (the program's overrides are called) */
    sp_define_private_method(m, "method_removed", mod_hook_nil, 1);
    sp_define_private_method(m, "method_undefined", mod_hook_nil, 1);
    sp_define_private_method(sp_cBasicObject, "singleton_method_removed", mod_hook_nil, 1);
    sp_define_private_method(sp_cBasicObject, "singleton_method_undefined", mod_hook_nil, 1);
    sp_const_set(sp_cBasicObject, sp_intern("BasicObject"), sp_cBasicObject);
    sp_define_private_method(sp_cClass, "initialize", class_initialize, -1);
    sp_define_method(m, "const_get", mod_const_get, -1);
    sp_define_method(m, "const_defined?", mod_const_defined, -1);
    sp_define_method(m, "const_source_location", mod_const_source_location, -1);
    sp_define_method(m, "set_temporary_name", mod_set_temporary_name, 1);
    sp_define_method(m, "undefined_instance_methods", mod_undefined_instance_methods, 0);
    sp_define_private_method(m, "const_added", mod_hook_nil, 1);
    sp_define_private_method(m, "refine", mod_refine, -1);
    sp_define_private_method(m, "using", mod_using, 1);
    sp_define_method(m, "refinements", mod_refinements, 0);
    sp_define_singleton_method(m, "used_refinements", mod_refinements, 0);
    sp_undef_method(sp_cClass, "refine");
}

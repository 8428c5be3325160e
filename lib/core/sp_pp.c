/*
 * sp_pp.c — Kernel#pp's pretty layout (CRuby's pp/prettyprint output).
 *
 * A value becomes a small document tree: TEXT leaves, BREAK points (a
 * separator when flat, a newline plus indentation when broken) and GROUPs
 * whose indentation increment applies to the breaks inside them.  Like
 * CRuby's PrettyPrint (Oppen), a group is printed flat when its flat text
 * plus whatever follows it up to the next break fits in the line width
 * (79 columns: PP uses 80 - 1 for a non-terminal); otherwise every break
 * that belongs directly to it becomes a newline.
 *
 * Documents (as CRuby's pp.rb builds them):
 *   Array   group(1, "[", "]") with "," + break between elements
 *   Hash    group(1, "{", "}"); a pair is `key:` (or `k =>`) followed by
 *           group(1) { break; value }
 *   Object  with ivars (sorted) and the default #inspect: group(1, "#<Foo:0x..", ">")
 *           with "," between `break @a=` group(1) { break(""); value }
 *   Struct  "#<struct Name" likewise with member=value
 *   others  their #inspect text
 * Recursive arrays/hashes print [...] / {...} through the inspect guard.
 * Cost: one tree per pp call; layout is linear apart from the fit checks.
 */
#include "sp_string.h"
#include "sp_array.h"
#include "sp_hash.h"

#include <string.h>

#define PP_WIDTH 79

enum { D_TEXT, D_BREAK, D_GROUP, D_CONCAT };

typedef struct pp_doc {
    int kind;
    int indent;               /* D_GROUP: increment for its breaks */
    const char *s;            /* D_TEXT text / D_BREAK flat separator */
    size_t len;
    struct pp_doc **kids;     /* D_GROUP / D_CONCAT */
    int nkids, cap;
} pp_doc;

sp_value sp_any_to_s(sp_value obj);   /* sp_object.c: #<Foo:0x...> */

static pp_doc *doc_new(int kind)
{
    pp_doc *d = GC_MALLOC(sizeof *d);
    d->kind = kind;
    return d;
}

static pp_doc *doc_text(const char *s, size_t len)
{
    pp_doc *d = doc_new(D_TEXT);
    d->s = s; d->len = len;
    return d;
}

static pp_doc *doc_cstr(const char *s) { return doc_text(s, strlen(s)); }

static pp_doc *doc_str(sp_value str)
{
    size_t n; const char *p = sp_str_snap(str, &n);
    return doc_text(p, n);
}

static pp_doc *doc_break(const char *sep)
{
    pp_doc *d = doc_new(D_BREAK);
    d->s = sep; d->len = strlen(sep);
    return d;
}

static void doc_add(pp_doc *g, pp_doc *k)
{
    if (g->nkids == g->cap) {
        int nc = g->cap ? g->cap * 2 : 8;
        pp_doc **nk = GC_MALLOC(sizeof(pp_doc *) * (size_t)nc);
        if (g->nkids) memcpy(nk, g->kids, sizeof(pp_doc *) * (size_t)g->nkids);
        g->kids = nk; g->cap = nc;
    }
    g->kids[g->nkids++] = k;
}

static pp_doc *doc_group(int indent)
{
    pp_doc *d = doc_new(D_GROUP);
    d->indent = indent;
    return d;
}

/* ------------------------------------------------------------------ */
/* building                                                            */

static pp_doc *build(sp_value v);

/* `value` wrapped as group(1) { break(sep); value } */
static pp_doc *nested_value(sp_value v, const char *sep)
{
    pp_doc *g = doc_group(1);
    doc_add(g, doc_break(sep));
    doc_add(g, build(v));
    return g;
}

static pp_doc *build_array(sp_value a)
{
    long n = sp_ary_len(a);
    if (n == 0) return doc_cstr("[]");
    if (sp_guard_push(a)) return doc_cstr("[...]");
    pp_doc *g = doc_group(1);
    doc_add(g, doc_cstr("["));
    for (long i = 0; i < n && i < sp_ary_len(a); i++) {
        if (i > 0) { doc_add(g, doc_cstr(",")); doc_add(g, doc_break(" ")); }
        doc_add(g, build(sp_ary_entry(a, i)));
    }
    doc_add(g, doc_cstr("]"));
    sp_guard_pop(a);
    return g;
}

/* A Symbol key prints as `name:` unless its inspect needs quotes or ends
 * in an operator character, then as `"name":` (CRuby 3.4's pp). */
static pp_doc *sym_key(sp_value k)
{
    sp_value ins = sp_inspect(k);
    size_t n; const char *p = sp_str_snap(ins, &n);
    int quote = n >= 2 && (p[1] == '"' || p[1] == '$' || p[1] == '@');
    if (!quote && n > 0 && strchr("%&*+-/<=>@]^`|~", p[n - 1])) quote = 1;
    sp_value out;
    if (quote) out = sp_str_inspect(sp_to_s(k));
    else out = sp_str_new(p + 1, n - 1);
    sp_str_cat(out, ":", 1);
    return doc_str(out);
}

typedef struct hash_build { pp_doc *g; int first; } hash_build;

static int hash_pair(sp_value k, sp_value v, void *arg)
{
    hash_build *hb = arg;
    if (!hb->first) { doc_add(hb->g, doc_cstr(",")); doc_add(hb->g, doc_break(" ")); }
    hb->first = 0;
    pp_doc *pair = doc_new(D_CONCAT);
    if (SP_SYMBOL_P(k)) doc_add(pair, sym_key(k));
    else { doc_add(pair, build(k)); doc_add(pair, doc_cstr(" =>")); }
    doc_add(pair, nested_value(v, " "));
    doc_add(hb->g, pair);
    return 0;
}

static pp_doc *build_hash(sp_value h)
{
    if (sp_hash_size(h) == 0) return doc_cstr("{}");
    if (sp_guard_push(h)) return doc_cstr("{...}");
    hash_build hb = { doc_group(1), 1 };
    doc_add(hb.g, doc_cstr("{"));
    sp_hash_foreach(h, hash_pair, &hb);
    doc_add(hb.g, doc_cstr("}"));
    sp_guard_pop(h);
    return hb.g;
}

/* "#<Foo:0x...", then `@a=value` pairs, ">" */
static pp_doc *build_object(sp_value obj, sp_value ivars)
{
    if (sp_guard_push(obj)) return doc_str(sp_inspect(obj));
    sp_value head = sp_any_to_s(obj);               /* "#<Foo:0x...>" */
    size_t n; const char *p = sp_str_snap(head, &n);
    pp_doc *g = doc_group(1);
    doc_add(g, doc_text(p, n > 0 ? n - 1 : 0));
    long cnt = sp_ary_len(ivars);
    for (long i = 0; i < cnt; i++) {
        sp_value name = sp_ary_entry(ivars, i);
        if (i > 0) doc_add(g, doc_cstr(","));
        doc_add(g, doc_break(" "));
        sp_value t = sp_str_dup(sp_to_s(name));
        sp_str_cat(t, "=", 1);
        doc_add(g, doc_str(t));
        doc_add(g, nested_value(sp_ivar_get(obj, SP_SYM2ID(name)), ""));
    }
    doc_add(g, doc_cstr(">"));
    sp_guard_pop(obj);
    return g;
}

static pp_doc *build_struct(sp_value s)
{
    sp_value name = sp_class_name(sp_obj_class(s));
    if (name == SP_NIL) return doc_str(sp_inspect(s));
    if (sp_guard_push(s)) return doc_str(sp_inspect(s));
    sp_value members = sp_funcall0(s, "members");
    sp_value values = sp_funcall0(s, "to_a");
    pp_doc *g = doc_group(1);
    sp_value head = sp_str_new_cstr("#<struct ");
    sp_str_append(head, name);
    doc_add(g, doc_str(head));
    long cnt = sp_ary_len(members);
    for (long i = 0; i < cnt; i++) {
        if (i > 0) doc_add(g, doc_cstr(","));
        doc_add(g, doc_break(" "));
        sp_value t = sp_str_dup(sp_to_s(sp_ary_entry(members, i)));
        sp_str_cat(t, "=", 1);
        doc_add(g, doc_str(t));
        doc_add(g, nested_value(sp_ary_entry(values, i), ""));
    }
    doc_add(g, doc_cstr(">"));
    sp_guard_pop(s);
    return g;
}

/* Does obj use Kernel's default #inspect (so pp shows its ivars)? */
static int default_inspect(sp_value obj)
{
    sp_method *m = sp_find_method(sp_class_of(obj), sp_intern("inspect"));
    if (!m || !m->owner) return 0;
    sp_value owner = (sp_value)m->owner;
    return owner == sp_mKernel || owner == sp_cObject;
}

static pp_doc *build(sp_value v)
{
    if (SP_HEAP_P(v)) {
        int t = SP_TYPE(v);
        /* user classes may override inspect even for core types */
        int plain = !sp_respond_to(v, sp_intern("pretty_print"), 1);
        if (t == SP_T_ARRAY && plain) return build_array(v);
        if (t == SP_T_HASH && plain) return build_hash(v);
        if (t == SP_T_STRUCT && plain) {
            sp_value ins = sp_inspect(v);
            if (sp_str_len(ins) > 9 && !memcmp(sp_str_ptr(ins), "#<struct ", 9)) return build_struct(v);
            return doc_str(ins);
        }
        if (t == SP_T_OBJECT && plain && default_inspect(v)) {
            /* pp lists instance variables sorted by name */
            sp_value iv = sp_funcall0(sp_ivar_list(v), "sort");
            if (sp_ary_len(iv) > 0) return build_object(v, iv);
        }
    }
    return doc_str(sp_inspect(v));
}

/* ------------------------------------------------------------------ */
/* layout                                                              */

typedef struct frame { pp_doc *d; int indent; int flat; } frame;

typedef struct stack { frame *v; int n, cap; } stack;

static void push(stack *s, pp_doc *d, int indent, int flat)
{
    if (s->n == s->cap) {
        int nc = s->cap ? s->cap * 2 : 64;
        frame *nv = GC_MALLOC(sizeof(frame) * (size_t)nc);
        if (s->n) memcpy(nv, s->v, sizeof(frame) * (size_t)s->n);
        s->v = nv; s->cap = nc;
    }
    s->v[s->n++] = (frame){ d, indent, flat };
}

/* Width of d printed flat, stopping early once it exceeds limit. */
static long flat_width(pp_doc *d, long limit)
{
    if (d->kind == D_TEXT || d->kind == D_BREAK) return (long)d->len;
    long w = 0;
    for (int i = 0; i < d->nkids && w <= limit; i++) w += flat_width(d->kids[i], limit - w);
    return w;
}

/* Width of the text that follows, up to the first break (any break ends
 * the line candidate, as in Oppen's algorithm).  *hit set when a break
 * was reached. */
static long until_break(pp_doc *d, long limit, int *hit)
{
    if (d->kind == D_TEXT) return (long)d->len;
    if (d->kind == D_BREAK) { *hit = 1; return 0; }
    long w = 0;
    for (int i = 0; i < d->nkids && !*hit && w <= limit; i++) w += until_break(d->kids[i], limit - w, hit);
    return w;
}

static int fits(pp_doc *g, stack *s, long room)
{
    long w = flat_width(g, room);
    if (w > room) return 0;
    int hit = 0;
    for (int i = s->n - 1; i >= 0 && !hit; i--) {
        frame *f = &s->v[i];
        if (f->d->kind == D_BREAK && !f->flat) break;
        if (f->d->kind == D_BREAK) { w += (long)f->d->len; }
        else w += until_break(f->d, room - w, &hit);
        if (w > room) return 0;
    }
    return w <= room;
}

static void layout(sp_value out, pp_doc *root)
{
    stack s = {0};
    long col = 0;
    push(&s, root, 0, 0);
    while (s.n > 0) {
        frame f = s.v[--s.n];
        pp_doc *d = f.d;
        switch (d->kind) {
        case D_TEXT:
            sp_str_cat(out, d->s, d->len);
            col += (long)d->len;
            break;
        case D_BREAK:
            if (f.flat) { sp_str_cat(out, d->s, d->len); col += (long)d->len; }
            else {
                sp_str_cat(out, "\n", 1);
                for (int i = 0; i < f.indent; i++) sp_str_cat(out, " ", 1);
                col = f.indent;
            }
            break;
        case D_GROUP: {
            int flat = f.flat || fits(d, &s, PP_WIDTH - col);
            for (int i = d->nkids - 1; i >= 0; i--) push(&s, d->kids[i], f.indent + d->indent, flat);
            break;
        }
        case D_CONCAT:
            for (int i = d->nkids - 1; i >= 0; i--) push(&s, d->kids[i], f.indent, f.flat);
            break;
        }
    }
}

/* The text Kernel#pp prints for one value (with the trailing newline). */
sp_value sp_pp_format(sp_value v)
{
    sp_value out = sp_str_buf_new(64);
    layout(out, build(v));
    sp_str_cat(out, "\n", 1);
    return out;
}

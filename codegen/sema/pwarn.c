/*
 * pwarn.c — the parse-time warnings of CRuby 3.4 for a syntax tree:
 *
 *   key K is duplicated and overwritten on line N   (a hash literal, keys of
 *       nested **{literal} hashes included; warned at the earlier key)
 *   'when' clause on line N duplicates 'when' clause on line M and is ignored
 *       (verbose only; literal tests)
 *   integer literal in flip-flop                    (each integer end)
 *   possibly useless use of defined? in void context (verbose only)
 *
 * The walk is read-only and visits every slot of every node in source
 * order; the list it returns is in that order (line numbers of the parsed
 * code).  Only static literals take part in the duplicate checks:
 * symbols, strings, integers (not bignums) and floats.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pwarn.h"

typedef struct pw_list { pw_warn *v; int n, cap; } pw_list;

static void add(pw_list *l, int line, int verbose, const char *msg)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 8;
        l->v = realloc(l->v, (size_t)l->cap * sizeof *l->v);
    }
    l->v[l->n].line = line;
    l->v[l->n].verbose = verbose;
    l->v[l->n].msg = strdup(msg);
    l->n++;
}

static int static_key(const sp_node *k)
{
    if (!k) return 0;
    if (k->kind == N_INT) return !(k->flags & NF_BIGNUM);
    return k->kind == N_SYM || k->kind == N_STR || k->kind == N_FLOAT;
}

static int same_key(const sp_node *x, const sp_node *y)
{
    if (x->kind != y->kind) return 0;
    switch (x->kind) {
    case N_INT: return x->ival == y->ival;
    case N_FLOAT: return x->fval == y->fval;
    case N_SYM: return x->name && y->name && !strcmp(x->name, y->name);
    case N_STR: return x->len == y->len && !memcmp(x->str, y->str, x->len);
    default: return 0;
    }
}

static void put_quoted(char *b, size_t n, const char *s, size_t len)
{
    size_t o = 0;
    b[o++] = '"';
    for (size_t i = 0; i < len && o + 6 < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') { b[o++] = '\\'; b[o++] = (char)c; }
        else if (c == '\n') { b[o++] = '\\'; b[o++] = 'n'; }
        else if (c == '\t') { b[o++] = '\\'; b[o++] = 't'; }
        else if (c < 0x20 || c == 0x7f) o += (size_t)snprintf(b + o, n - o, "\\x%02X", c);
        else b[o++] = (char)c;
    }
    b[o++] = '"';
    b[o] = 0;
}

/* The key as CRuby's warning shows it (#inspect, except a symbol's name is bare). */
static void key_text(const sp_node *k, char *b, size_t n)
{
    switch (k->kind) {
    case N_INT: snprintf(b, n, "%lld", (long long)k->ival); break;
    case N_FLOAT: {
        /* the shortest text that reads back as the same double, with ".0" for integers */
        for (int prec = 1; prec <= 17; prec++) {
            snprintf(b, n, "%.*g", prec, k->fval);
            if (strtod(b, NULL) == k->fval) break;
        }
        if (!strpbrk(b, ".eEn")) strncat(b, ".0", n - strlen(b) - 1);
        break;
    }
    case N_SYM: snprintf(b, n, ":%s", k->name); break;   /* as CRuby prints it: no quotes */
    default: put_quoted(b, n, k->str, k->len); break;
    }
}

/* The keys of hash literal h in insertion order, **{literal} flattened. */
static void hash_keys(const sp_node *h, const sp_node ***keys, int *n, int *cap)
{
    for (int i = 0; i < h->list.n; i++) {
        const sp_node *e = h->list.v[i];
        if (e->kind == N_DSPLAT && e->a && e->a->kind == N_HASH) { hash_keys(e->a, keys, n, cap); continue; }
        if (e->kind != N_PAIR || !static_key(e->a)) continue;
        if (*n == *cap) {
            *cap = *cap ? *cap * 2 : 8;
            *keys = realloc(*keys, (size_t)*cap * sizeof **keys);
        }
        (*keys)[(*n)++] = e->a;
    }
}

static void check_hash(pw_list *l, const sp_node *h)
{
    const sp_node **keys = NULL;
    int n = 0, cap = 0;
    hash_keys(h, &keys, &n, &cap);
    for (int i = 1; i < n; i++) {
        /* the latest earlier key equal to this one is the one overwritten */
        for (int j = i - 1; j >= 0; j--) {
            if (!keys[j] || !same_key(keys[j], keys[i])) continue;
            char kt[256], msg[400];
            key_text(keys[i], kt, sizeof kt);
            snprintf(msg, sizeof msg, "key %s is duplicated and overwritten on line %d", kt, keys[i]->line);
            add(l, keys[j]->line, 0, msg);
            keys[j] = NULL;
            break;
        }
    }
    free(keys);
}

static void check_case(pw_list *l, const sp_node *c)
{
    for (int i = 0; i < c->list.n; i++) {
        const sp_node *w = c->list.v[i];
        for (int t = 0; t < w->list.n; t++) {
            const sp_node *x = w->list.v[t];
            if (!static_key(x)) continue;
            int found = 0;
            for (int pi = 0; pi <= i && !found; pi++) {
                const sp_node *pw = c->list.v[pi];
                int lim = pi == i ? t : pw->list.n;
                for (int pt = 0; pt < lim && !found; pt++) {
                    const sp_node *y = pw->list.v[pt];
                    if (!static_key(y) || !same_key(x, y)) continue;
                    char msg[200];
                    snprintf(msg, sizeof msg, "'when' clause on line %d duplicates 'when' clause on line %d and is ignored",
                             x->line, y->line);
                    add(l, x->line, 1, msg);
                    found = 1;
                }
            }
        }
    }
}

static void walk(pw_list *l, const sp_node *n);

static void walk_list(pw_list *l, const sp_nodes *v, int stmts)
{
    for (int i = 0; i < v->n; i++) {
        const sp_node *s = v->v[i];
        if (stmts && i + 1 < v->n && s && s->kind == N_DEFINED)
            add(l, s->line, 1, "possibly useless use of defined? in void context");
        walk(l, s);
    }
}

/* The elements of a hash literal already checked with its nested
 * **{literal} hashes: those are not checked again on their own. */
static void walk_hash_elems(pw_list *l, const sp_node *h)
{
    for (int i = 0; i < h->list.n; i++) {
        const sp_node *e = h->list.v[i];
        if (e->kind == N_DSPLAT && e->a && e->a->kind == N_HASH) walk_hash_elems(l, e->a);
        else walk(l, e);
    }
}

static void walk(pw_list *l, const sp_node *n)
{
    if (!n) return;
    switch (n->kind) {
    case N_HASH:
        check_hash(l, n);
        walk_hash_elems(l, n);
        return;
    case N_CASE: check_case(l, n); break;
    case N_FLIPFLOP:
        if (n->a && n->a->kind == N_INT) add(l, n->a->line, 0, "integer literal in flip-flop");
        if (n->b && n->b->kind == N_INT) add(l, n->b->line, 0, "integer literal in flip-flop");
        break;
    default: break;
    }
    walk(l, n->a);
    walk(l, n->b);
    walk(l, n->c);
    walk(l, n->d);
    walk(l, n->body);
    walk_list(l, &n->list, n->kind == N_STMTS);
    walk_list(l, &n->list2, 0);
}

int pw_collect(const sp_node *root, pw_warn **out)
{
    pw_list l = { NULL, 0, 0 };
    walk(&l, root);
    *out = l.v;
    return l.n;
}

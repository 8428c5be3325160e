/*
 * sp_pack.h — Array#pack (sp_pack.c) and the format helpers String#unpack
 * shares with it.
 */
#ifndef SPINEL_PACK_H
#define SPINEL_PACK_H
#include "spinel.h"

/* Blanks between directives and `#` comments: 1 if f[*i] starts one (*i
 * moves to its last character). */
int sp_pack_skip(const char *f, size_t fl, size_t *i);
/* The modifiers and count after the directive f[*i] (*i moves past them);
 * ArgumentError for modifiers after a directive that takes none. */
void sp_pack_count(const char *f, size_t fl, size_t *i, char mods[4], long *count, int *star, int *has_count);
/* An integer directive's size in bytes, signedness and endianness (0 when
 * c is not one); mods are the '<' '>' '_' '!' after it. */
int sp_pack_int_info(char c, const char *mods, int *size, int *sgn, int *big);
/* Defines Array#pack (called by sp_init_array). */
void sp_init_pack(sp_value array_class);
#endif

/*
 * sp_string.h — String representation (sp_string.c).
 *
 * A String is an object header plus a pointer to an immutable-capacity
 * byte buffer {capa; bytes[capa+1]} and a byte length.  Publication rule
 * (race safety without locks): writers that need more room copy into a
 * new buffer and publish it with a release store of `buf`, then store
 * `len`; readers load `buf` (acquire) once, then `len`, and clamp len to
 * that buffer's capa (sp_str_snap).  A racing reader therefore always sees
 * a (buffer, length) pair it can index safely; lost updates are allowed.
 * Old buffers stay alive while any reader holds them (GC).
 */
#ifndef SPINEL_STRING_H
#define SPINEL_STRING_H

#include "spinel.h"

typedef struct sp_strbuf {
    size_t capa;        /* usable bytes (bytes[capa] exists for a NUL) */
    char bytes[];
} sp_strbuf;

typedef struct sp_string {
    sp_header hdr;
    sp_strbuf *buf;     /* access with __atomic (see rule above) */
    size_t len;
} sp_string;

#define SP_STR_BINARY SP_FL_USER0      /* ASCII-8BIT encoding */
#define SP_STR_USASCII (SP_FL_USER0 << 1)
/* Any other encoding (ISO-8859-1, UTF-16LE, ...; sp_string_enc.c): this
 * flag, SP_STR_BINARY (characters are handled byte-wise) and the
 * encoding's table index in the 4 bits at SP_STR_ENC_SHIFT. */
#define SP_STR_OTHERENC (SP_FL_USER0 << 2)
#define SP_STR_ENC_SHIFT 11
#define SP_STR_ENC_MASK (SP_STR_BINARY | SP_STR_USASCII | SP_STR_OTHERENC | (0xFu << SP_STR_ENC_SHIFT))
/* A property of the bytes, not of the encoding: bytes[0..len) are all
 * below 0x80 (so byte offsets are character offsets).  Set lazily by the
 * first reader that scans the bytes (sp_str_ascii_cached); cleared by
 * every write that can bring a byte >= 0x80 (publication of new contents,
 * an append of such a byte, setbyte).  Not part of SP_STR_ENC_MASK: the
 * flag is never copied to another string. */
#define SP_STR_ASCII (1u << 15)

static inline int sp_str_p(sp_value v)
{
    return SP_HEAP_P(v) && SP_TYPE(v) == SP_T_STRING;
}

/* Consistent (pointer, length) snapshot of a String. */
static inline const char *sp_str_snap(sp_value s, size_t *lenp)
{
    sp_string *str = (sp_string *)s;
    sp_strbuf *b = __atomic_load_n(&str->buf, __ATOMIC_ACQUIRE);
    size_t len = __atomic_load_n(&str->len, __ATOMIC_ACQUIRE);
    if (len > b->capa) len = b->capa;
    *lenp = len;
    return b->bytes;
}

/* The header word is read whole, with a relaxed atomic load: String#replace
 * changes the encoding bits of a shared String with a CAS (and freeze, the
 * all-ASCII flag are atomic RMWs) while lock-free readers look.  Every
 * read of another String's encoding goes through sp_str_enc_bits. */
static inline uint32_t sp_str_enc_bits(sp_value s) { return __atomic_load_n(&SP_HDR(s)->flags, __ATOMIC_RELAXED) & SP_STR_ENC_MASK; }
static inline int sp_str_binary_p(sp_value s) { return (sp_str_enc_bits(s) & SP_STR_BINARY) != 0; }
void sp_str_set_binary(sp_value s);
void sp_str_enc_concat(sp_value self, sp_value other); /* String#<<'s encoding rule */
void sp_str_enc_check(sp_value a, sp_value b);  /* CompatibilityError unless a and b mix */
sp_value sp_enc_default_internal(void);     /* Encoding.default_internal (nil or an Encoding) */
sp_value sp_enc_default_external(void);     /* Encoding.default_external */
int sp_enc_default_external_utf8(void);     /* ... is UTF-8 (the usual case, no work for a read) */

/* UTF-8 helpers. */
int sp_utf8_encode(uint32_t cp, char *out);                 /* returns 1..4 */
/* Length of the (possibly invalid) character at p; *cp gets its code
 * point or -1 when the bytes are not valid UTF-8 (length 1 then). */
int sp_utf8_char(const char *p, const char *e, int32_t *cp);
long sp_str_char_len(sp_value s);                           /* String#length */

sp_value sp_str_dup(sp_value s);
sp_value sp_str_new_like(sp_value like, const char *p, size_t len); /* keeps encoding */
sp_value sp_str_frozen_key(sp_value s);     /* Hash key: frozen copy unless frozen */
uint64_t sp_str_hash(sp_value s);
int      sp_str_equal(sp_value a, sp_value b);
int      sp_str_cmp(sp_value a, sp_value b);
sp_value sp_str_inspect(sp_value s);
void     sp_str_inspect_cat(sp_value out, sp_value s);  /* append inspect of s */
sp_value sp_str_to_str(sp_value v);          /* implicit conversion (TypeError) */
sp_value sp_str_resize(sp_value s, size_t len);
sp_value sp_str_substr_bytes(sp_value s, size_t beg, size_t len);
/* Byte offset of character index ci (clamped to len). */
size_t   sp_str_char_offset(const char *p, size_t len, long ci, int binary);
sp_value sp_str_buf_cat_value(sp_value out, sp_value v);  /* out << v.to_s */

/* sprintf/format/String#% (sp_format.c). */
sp_value sp_sprintf(sp_value fmt, int argc, const sp_value *argv);

#endif

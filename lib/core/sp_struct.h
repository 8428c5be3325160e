/*
 * sp_struct.h — what sp_data.c shares with sp_struct.c.
 *
 * Struct and Data instances have the same layout: { hdr, len, vals[len] }
 * (member values inline, fixed size).  Struct uses SP_T_STRUCT; Data uses
 * SP_T_DATA with the class Data (or a subclass) so nothing mistakes one
 * for the other.
 */
#ifndef SPINEL_STRUCT_H
#define SPINEL_STRUCT_H

#include "spinel.h"

typedef struct sp_struct {
    sp_header hdr;
    long len;
    sp_value vals[];
} sp_struct;

/* The slot count an instance advertises in hdr.flags bits 24..31 (the
 * field SP_OBJ_NEMBED reads): vals[] sits at the offset of a plain
 * object's embed[] (static assert in sp_vm.c), so the inline attribute
 * records of sp_vm.h read and write member i of a Struct/Data instance as
 * embedded slot i.  Capped at 255 (the field's width); members that high
 * have no dedicated accessor and no record anyway. */
static inline uint32_t sp_struct_nembed_flags(long n)
{
    return (uint32_t)(n > 255 ? 255 : n) << SP_OBJ_NEMBED_SHIFT;
}

/* i when fn is the dedicated reader (writer: 1, the writer) of member i,
 * else -1 (sp_vm.c: attribute records for Struct/Data members). */
long sp_struct_accessor_index(sp_cfunc fn, int writer);

/* Define a public zero-argument reader `name` returning vals[i]. */
void sp_struct_define_reader(sp_value klass, sp_id name, long i);

/* {member => value} (mems: the member Symbols); a block maps each pair. */
sp_value sp_struct_to_h(sp_value self, sp_value mems, sp_value blk);

#endif

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

/* Define a public zero-argument reader `name` returning vals[i]. */
void sp_struct_define_reader(sp_value klass, sp_id name, long i);

/* {member => value} (mems: the member Symbols); a block maps each pair. */
sp_value sp_struct_to_h(sp_value self, sp_value mems, sp_value blk);

#endif

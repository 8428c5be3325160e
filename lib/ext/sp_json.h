/*
 * sp_json.h — internal interface between the JSON parser (sp_json.c) and
 * generator (sp_json_gen.c), the native half of `require 'json'`.
 */
#ifndef SP_JSON_H
#define SP_JSON_H

#include "spinel.h"

extern sp_value sp_json_mJSON, sp_json_eParserError, sp_json_eNestingError,
                sp_json_eGeneratorError, sp_json_cState;

/* Option lookup in an options Hash (SP_UNDEF when absent or opts is not
 * a Hash).  Keys may be Symbols or Strings, as json's State#configure
 * accepts both. */
sp_value sp_json_opt(sp_value opts, const char *name);

/* Generator entry points (sp_json_gen.c). */
void     sp_json_init_generator(void);
/* A fresh State configured from opts (nil, Hash or State); pretty: start
 * from pretty_generate's defaults. */
sp_value sp_json_state_for(sp_value opts, int pretty);
sp_value sp_json_generate(sp_value obj, sp_value state);

#endif

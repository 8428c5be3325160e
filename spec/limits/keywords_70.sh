#!/bin/bash
# A def with 70 required keywords (the emitter's keyword list once held 64:
# the call raised "unknown keywords: :k64, ...").
cd "$1"
kws=$(seq -s ', ' -f 'k%g:' 0 69)
args() { for i in $(seq 0 "$1"); do printf 'k%d: %d, ' "$i" "$i"; done; }
all=$(args 69); most=$(args 68)
{
    echo "def k($kws) = [$(seq -s ', ' -f 'k%g' 0 69)].sum"
    echo "p k(${all%, })"
    echo "begin; k(${most%, }); rescue ArgumentError => e; puts e.message; end"
    echo "begin; k(${all}zz: 1); rescue ArgumentError => e; puts e.message; end"
} > main.rb
printf '2415\nmissing keyword: :k69\nunknown keyword: :zz\n' > expected

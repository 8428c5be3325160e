#!/bin/bash
# A def with 100 required parameters and one with 70 optional ones (the
# emitter's parameter lists once held 64: the 65th and later parameters were
# dropped, so the call raised "given 100, expected 64").
cd "$1"
req=$(seq -s ', ' -f 'a%g' 0 99)
opt=$(for i in $(seq 0 69); do printf 'b%d = %d, ' "$i" "$i"; done)
{
    echo "def m($req) = [$req].sum"
    echo "def o(${opt%, }) = [$(seq -s ', ' -f 'b%g' 0 69)].sum"
    echo "p m($(seq -s ', ' 0 99))"
    echo "begin; m($(seq -s ', ' 0 98)); rescue ArgumentError => e; puts e.message; end"
    echo "p o"
    echo "p o($(yes 100 | head -70 | paste -sd, -))"
    echo "p method(:m).arity, method(:o).arity"
} > main.rb
printf '4950\nwrong number of arguments (given 99, expected 100)\n2415\n7000\n100\n-1\n' > expected

#!/bin/bash
# 150 nested while loops and 150 nested begin/ensure blocks in one method
# (the emitter's per-function stacks of loops and handler regions once held
# 128 entries, unchecked).  Each loop runs once around the innermost
# `s += 1`; the innermost begin raises, and every ensure records its depth on
# the way out, innermost first.  (Checked against Debian's ruby
# 3.1: ruby.wasm (cruby34) runs out of its stack-capture buffer here.)
cd "$1"
n=150
{
    echo 'def loops'
    echo '  s = 0'
    for ((i = 0; i < n; i++)); do echo "  i$i = 0"; echo "  while i$i < 1"; echo "  i$i += 1"; done
    echo '  s += 1'
    for ((i = 0; i < n; i++)); do echo '  end'; done
    echo '  s'
    echo 'end'
    echo 'def ensures(log)'
    for ((i = 0; i < n; i++)); do echo '  begin'; done
    echo '  raise "deep"'
    for ((i = n - 1; i >= 0; i--)); do echo "  ensure"; echo "  log << $i"; echo "  end"; done
    echo 'end'
    echo 'p loops'
    echo 'log = []'
    echo 'begin; ensures(log); rescue => e; p e.message; end'
    echo 'p log.size, log.first, log.last'
} > main.rb
printf '1\n"deep"\n150\n149\n0\n' > expected

#!/bin/bash
# 10,000 top-level defs (the emitter's table of compiled functions once
# held 4,096: the 4,097th def was a C redefinition error).  Each m<i>
# returns i; the program calls a few directly (the direct-call path names
# the compiled function) and all of them through send, so the expected
# sum is 0 + 1 + ... + 9999 = 49995000.
cd "$1"
n=10000
{
    for ((i = 0; i < n; i++)); do echo "def m$i = $i"; done
    echo 'p [m0, m4095, m4096, m4097, m9999]'
    echo 'p (0...10000).sum { |i| send("m#{i}") }'
} > main.rb
printf '[0, 4095, 4096, 4097, 9999]\n49995000\n' > expected

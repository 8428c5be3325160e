#!/bin/bash
# 500 required files (the emitter's file table once held 256: later files
# shared file 255's index, so their call sites were registered with the
# wrong source; the resolver's table of loaded paths held 512).  Each
# req/f<i>.rb defines f<i>; the program sums their results, requires one
# file twice (a no-op), reports where f0/f255/f256/f499 raise, and dies of a
# NoMethodError in the last file, whose message quotes that file's line.
cd "$1"
mkdir -p req
for ((i = 0; i < 500; i++)); do
    printf 'def f%d(x = 0)\n  raise "f%d" if x == 1\n  x.nope%d if x.nil?\n  %d\nend\n' "$i" "$i" "$i" "$i" > "req/f$i.rb"
done
{
    for ((i = 0; i < 500; i++)); do echo "require_relative \"req/f$i\""; done
    echo 'p require_relative("req/f7")'
    echo 'p (0...500).sum { |i| send("f#{i}") }'
    for i in 0 255 256 499; do
        echo "begin; f$i(1); rescue => e; l = e.backtrace_locations[0]; puts \"#{File.basename(l.path)}:#{l.lineno} #{e.message}\"; end"
    done
    echo 'f499(nil)'
} > main.rb
printf 'false\n124750\nf0.rb:2 f0\nf255.rb:2 f255\nf256.rb:2 f256\nf499.rb:2 f499\n' > expected
printf "%s/req/f499.rb:3:in 'Object#f499': undefined method 'nope499' for nil (NoMethodError)\n\n  x.nope499 if x.nil?\n   ^^^^^^^^\n\tfrom main.rb:507:in '<main>'\n" "$(pwd -P)" > expected.err
echo 1 > expected.status

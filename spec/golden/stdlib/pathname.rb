# golden: ruby31
# Pathname: the C core native (lib/ext/sp_pathname.c), pathname.rb compiled from
# the installed Ruby (its autoload of FileUtils runs on the first miss).
# Ruby 3.1 oracle: the 3.4 WebAssembly oracle's file system lists no . and ..
require 'pathname'
pn = Pathname.new("/usr/lib/../bin/./ruby")
p pn, pn.to_s, pn.cleanpath, pn.basename, pn.dirname, pn.extname
p pn.absolute?, pn.relative?, Pathname("a/b").relative?
p Pathname("a") + "b", Pathname("/a") / "b/c", Pathname("a").join("b", "c")
p Pathname("/a/b/c").relative_path_from(Pathname("/a/x")).to_s
p Pathname("foo.rb").sub_ext(".txt"), Pathname("foo.rb").sub("foo", "bar")
p Pathname("a/b/c").each_filename.to_a, Pathname("/a/b").parent, Pathname("/").root?
p Pathname("a") == Pathname("a"), Pathname("a") <=> Pathname("b"), Pathname("a/b") <=> Pathname("a.b")
p [Pathname("b"), Pathname("a")].sort, {Pathname("a") => 1}[Pathname("a")]
d = Pathname(Dir.pwd) + "spinel_pn_#{Process.pid}"
d.mkpath
(d + "x.txt").write("hi\n")
p (d + "x.txt").read, (d + "x.txt").exist?, (d + "x.txt").file?, d.directory?, (d + "x.txt").size
p d.children.map { _1.basename.to_s }, d.entries.map(&:to_s).sort
p d.glob("*.txt").map { _1.basename.to_s }
Pathname("x").ascend { |q| p q }
Pathname("/a/b").descend.to_a.then { p _1 }
p (d + "x.txt").readlines, (d + "x.txt").each_line.to_a
(d + "x.txt").open("a") { |f| f.puts "more" }
p (d + "x.txt").read.lines.size
p (d + "x.txt").split.map(&:to_s).last
d.rmtree
p d.exist?
p Pathname("a\0b") rescue p $!
p Pathname.new(Pathname("q")).to_s
p Pathname("x/").cleanpath, Pathname("").to_s, Pathname("a//b/../c").cleanpath

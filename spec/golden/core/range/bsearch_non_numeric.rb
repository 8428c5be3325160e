# Range#bsearch on non-numeric bounds raises TypeError (it used to segfault).
[-> { (0..1).bsearch { Object.new } }, -> { (0..1).bsearch { "1" } }, -> { (0.0..1.0).bsearch { "1" } },
 -> { r = Range.new(Object.new, Object.new) rescue (p $!; nil); r && r.bsearch { true } },
 -> { ("a".."e").bsearch { true } }, -> { ("a".."e").bsearch }].each_with_index do |l, i|
  begin
    p [i, l.call]
  rescue => e
    p [i, e.class, e.message]
  end
  $stdout.flush
end

# Array#pack: missing elements, nil for string directives, modifiers only after integer types
[-> { [].pack("B") }, -> { [nil].pack("B") }, -> { [1].pack("B") }, -> { ["1"].pack("B_") }, -> { ["1"].pack("B!") }, -> { ["1"].pack("B<") }, -> { ["abc"].pack("h*") }, -> { [].pack("h") }].each_with_index do |l, i|
  begin
    p [i, l.call]
  rescue => e
    p [i, e.class, e.message]
  end
end
p [1].pack("s_"), [1].pack("l<"), [1].pack("q>"), [1, 2].pack("S!2")

# One thread switches the encoding of 2,000 Strings back and forth while
# another freezes them one by one and a third reads them: a freeze is never
# lost to a concurrent force_encoding (both change the object's flag word),
# as under CRuby's lock.  A force_encoding that comes after the freeze
# raises FrozenError.
# golden: ruby31
strs = Array.new(2_000) { |i| ("x" * 80 + i.to_s).dup }
stop = false
flipper = Thread.new do
  until stop
    strs.each do |s|
      begin
        s.force_encoding(s.encoding == Encoding::UTF_8 ? Encoding::BINARY : Encoding::UTF_8)
      rescue FrozenError
        # frozen meanwhile: expected
      end
    end
  end
end
reader = Thread.new do
  n = 0
  n += strs.count { |s| s[70, 5] == "xxxxx" } until stop
  n
end
freezer = Thread.new { strs.each { |s| s.freeze; Thread.pass if s.size % 97 == 0 } }
freezer.join
stop = true
flipper.join
reader.value
puts strs.all?(&:frozen?)
puts strs.map(&:encoding).uniq.all? { |e| e == Encoding::UTF_8 || e == Encoding::BINARY }
puts strs.count { |s| begin; s.force_encoding(Encoding::BINARY); false; rescue FrozenError; true; end }

# Corpus: ensure_order, gsub_hash_block
def steps
  out = []
  begin
    out << 1
    return out
  ensure
    out << 2
  end
end
puts steps.inspect
def nested
  yield
rescue ZeroDivisionError
  "rescued in method"
end
puts nested { 1 / 0 }

puts "cat hat".gsub(/[ch]at/, "cat" => "dog", "hat" => "cap")
puts "hello".gsub(/l/) { $&.upcase }
puts "a1b22c333".gsub(/\d+/) { |d| "<#{d.size}>" }
puts "x".sub(/(?<ch>x)/, '\k<ch>\k<ch>'), "path/to/file.rb".sub(%r{.*/}, "")

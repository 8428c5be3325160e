name = "World"
n = 42
f = 3.14159
puts "Hello, #{name}!"
puts "n=#{n} f=#{f} sum=#{n + f}"
puts "nested #{"inner #{n * 2}"}"
puts "array #{[1, "two", :three]} hash #{{a: 1}}"
puts "nil:#{nil}: true:#{true} sym:#{:sym}"
puts "expr #{n > 40 ? "big" : "small"}"
puts "#{n}" + "#{n}"
class Temp
  def initialize(d) = @d = d
  def to_s = "#{@d}°"
end
puts "temp: #{Temp.new(20)}"
class NoToS; end
s = "obj: #{NoToS.new}"
puts s.start_with?("obj: #<NoToS")
puts "multi
line #{n}"
puts 'single #{n}'
puts "tab\tand\\slash \"quoted\""
puts "%05.2f|%-6s|%x|%o|%e" % [f, "ab", 255, 8, 12345.678]
puts format("%3d|%-3d|%+d", 5, 5, 5)
puts "a" "b" 'c'
heredoc = <<~TEXT
  Name: #{name}
    indented
  Total: #{n * 2}
TEXT
puts heredoc
raw = <<~'RAW'
  no #{interp}
RAW
puts raw
puts "#{1}#{2}#{3}"
sym = :"dyn_#{n}"
p sym
puts "#@iv and #$gv".inspect
@iv = 1
$gv = 2
puts "#@iv and #$gv"
puts "unicode: #{"héllo".length} #{"héllo".bytesize}"
puts "esc: \e[0m".length
puts "\u00e9\x41\101"
puts "a\
b"
w = %w[x y z]
puts "#{w.join("-")}"
puts "#{}" == ""
puts "#{n.to_s.rjust(5, "0")}"
puts "ch: #{?a}"

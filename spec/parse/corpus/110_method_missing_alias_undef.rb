# Corpus: method_missing, alias_undef, heredoc, hashes
class Ghost
  def method_missing(name, *args, &blk)
    if name.to_s.start_with?("get_")
      "got #{name.to_s.sub('get_', '')} #{args.inspect}"
    else
      super
    end
  end
  def respond_to_missing?(name, include_private = false) = name.to_s.start_with?("get_") || super
end
g = Ghost.new
puts g.get_thing(1, 2), g.respond_to?(:get_x)
begin
  g.other
rescue NoMethodError => e
  puts e.class
end

class Str2 < String
  alias_method :old_upcase, :upcase
  alias shout upcase
  def upcase = "UP:" + old_upcase
  undef_method :downcase rescue nil
end
s2 = Str2.new("hi")
puts s2.upcase, s2.shout
class Tmp
  def a = 1
  def b = 2
  undef b
end
puts Tmp.new.respond_to?(:b)

name = "world"
text = <<~EOS
  Hello, #{name}!
    indented line
  last line
EOS
raw = <<-'RAW'
    no #{interp} here\n
    RAW
puts text, raw
puts(<<~A + <<~B)
  first
A
  second
B
sql = <<~SQL.strip.tr("\n", " ")
  SELECT *
  FROM t
SQL
puts sql

inventory = {apple: 3, "banana" => 5, pear: 0}
inventory[:kiwi] = 7
inventory.delete(:pear)
inventory.each_pair { |k, v| puts "#{k}=#{v}" }
puts inventory.select { |_, v| v > 4 }.keys.inspect
puts inventory.transform_values { _1 * 2 }.values.sum
defaults = {color: "red", size: 1}
opts = {**defaults, size: 3}
puts opts.inspect
puts opts.fetch(:weight, "none"), opts.dig(:color)

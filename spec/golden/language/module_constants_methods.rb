module Colors
  RED = "#f00"
  ALL = [RED, "#0f0"].freeze
  def self.random(seed) = ALL[seed % ALL.size]
  def self.each(&) = ALL.each(&)
  def hex_of(name) = Colors.const_get(name.to_s.upcase)
end
p Colors::RED, Colors.random(3)
Colors.each { print _1, " " }
puts
class Palette
  include Colors
  def first = RED
end
p Palette.new.first, Palette.new.hex_of(:red)
p Palette::RED, Palette.const_get(:ALL).size
p Colors.constants.sort, Colors.singleton_methods.sort
p Colors.class, Colors.respond_to?(:random)
module Colors
  BLUE = "#00f"
end
p Palette::BLUE
begin
  Colors.new
rescue NoMethodError => e
  puts e.message
end

# Corpus: structs, enumerable, nested_data, comparable
Pair = Struct.new(:left, :right) do
  def sum = left + right
end
pr = Pair.new(1, 2)
puts pr.sum, pr.to_a.inspect, pr.left
Coord = Struct.new(:lat, :lng, keyword_init: true)
c = Coord.new(lat: 1.5, lng: -2.25)
puts c.lat, c.lng

class NumberBag
  include Enumerable
  def initialize(*nums) = @nums = nums
  def each(&block)
    return enum_for(:each) unless block
    @nums.each(&block)
    self
  end
end
bag = NumberBag.new(5, 3, 8, 1)
puts bag.sort.inspect, bag.min, bag.include?(3), bag.each_slice(2).map(&:sum).inspect
puts bag.reduce(:+), bag.sort_by { -_1 }.first, bag.partition(&:odd?).inspect

data = {
  users: [
    {name: "a", roles: [:admin, :dev]},
    {name: "b", roles: [:dev]},
  ],
  "meta" => {count: 2},
}
admins = data[:users].select { |u| u[:roles].include?(:admin) }.map { _1[:name] }
puts admins.inspect, data["meta"][:count], data.dig(:users, 1, :name)
data[:users].each do |user|
  case user
  in {name:, roles: [*, :admin, *]}
    puts "#{name} is admin"
  in {name:}
    puts "#{name} is not"
  end
end

class Version
  include Comparable
  attr_reader :parts
  def initialize(s) = @parts = s.split(".").map(&:to_i)
  def <=>(other) = parts <=> other.parts
  def to_s = parts.join(".")
end
vs = %w[1.2.0 1.10.1 1.9].map { Version.new(_1) }
puts vs.sort.map(&:to_s).inspect, vs.max, Version.new("2.0") > Version.new("1.99")

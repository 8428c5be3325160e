# Corpus: multiple_assignment, nested_data
a, b, c = 1, 2
puts [a, b, c].inspect
first, *middle, last = [1, 2, 3, 4, 5]
puts first, middle.inspect, last
(x, y), z = [1, 2], 3
puts x + y + z
a, b = b, a
puts a, b
h, = [9, 8]
puts h
def pair = [:l, :r]
l, r = pair
puts l, r

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

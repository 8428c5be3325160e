# Corpus: numbered_params, nested_data
puts [1, 2, 3].map { _1 * 10 }.inspect
puts({a: 1, b: 2}.map { "#{_1}=#{_2}" }.join("&"))
puts [[1, 2], [3, 4]].map { _1 + _2 }.inspect
puts %w[x yy zzz].sum { _1.size }

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

# Corpus: nested data
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

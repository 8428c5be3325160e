# Corpus: nested_data, string_builder
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

buf = +""
buf << "a" << "b"
buf.concat("c", "d")
buf.prepend(">")
buf.insert(1, "_")
puts buf, buf.length, buf.reverse, buf.include?("bc"), buf.index("c")
puts "abc" * 3, "a-b-c".split("-", 2).inspect, "Hello World".swapcase, "ab\n".chomp + "!"
puts "%.3e" % 12345.678, 10.0 / 3, 1e10.to_i, 2.5.truncate, 1.0 / 0, -0.0

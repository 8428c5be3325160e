# Corpus: yield_forms, nested_data, gsub_hash_block
def each_pair_of(arr)
  return to_enum(:each_pair_of, arr) unless block_given?
  arr.each_slice(2) { |a, b| yield a, b }
end
each_pair_of([1, 2, 3, 4]) { |x, y| puts x * y }
puts each_pair_of([5, 6]).to_a.inspect
def twice
  yield
  yield
end
count = 0
twice { count += 1 }
puts count
def with_value = yield(10)
puts with_value { |v| v + 1 }

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

puts "cat hat".gsub(/[ch]at/, "cat" => "dog", "hat" => "cap")
puts "hello".gsub(/l/) { $&.upcase }
puts "a1b22c333".gsub(/\d+/) { |d| "<#{d.size}>" }
puts "x".sub(/(?<ch>x)/, '\k<ch>\k<ch>'), "path/to/file.rb".sub(%r{.*/}, "")

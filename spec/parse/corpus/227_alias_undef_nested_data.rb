# Corpus: alias_undef, nested_data
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

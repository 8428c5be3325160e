class User
  attr_reader :name
  def initialize(name) = @name = name
end
users = [User.new("a"), nil]
users.each do |u|
  puts u.name.upcase
end

class Person
  attr_reader :name
  attr_writer :nick
  attr_accessor :age, :email
  def initialize(name) = @name = name
  def nick = @nick || name[0, 3]
end
pp = Person.new("Jonathan")
p pp.name, pp.nick
pp.nick = "Jo"
pp.age = 30
pp.age += 1
p pp.nick, pp.age, pp.email
p pp.respond_to?(:name=), pp.respond_to?(:nick=), pp.respond_to?(:email=)
p Person.instance_methods(false).sort
r = (pp.email = "a@b")
p r
p pp.public_send(:age=, 5), pp.age
class Person
  attr_accessor :tags
end
pp.tags = []
pp.tags << :x
p pp.tags
p pp.instance_variables.sort

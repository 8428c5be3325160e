# uncaught NoMethodError from inside a method: backtrace + error_highlight
class Greeter
  def initialize(name)
    @name = name
  end

  def greet
    "Hello, #{@name.upcase}!"
  end
end

puts Greeter.new("ada").greet
$stdout.flush
puts Greeter.new(nil).greet

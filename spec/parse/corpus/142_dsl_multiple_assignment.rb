# Corpus: dsl, multiple_assignment, exceptions_custom, proc_arity
class RouteSet
  def initialize = @routes = []
  def get(path, to:) = @routes << [:get, path, to]
  def post(path, to:) = @routes << [:post, path, to]
  def draw(&block)
    instance_eval(&block)
    self
  end
  def to_s = @routes.map { |verb, path, to| "#{verb.upcase} #{path} -> #{to}" }.join("\n")
end
routes = RouteSet.new.draw do
  get "/", to: "home#index"
  post "/users", to: "users#create"
end
puts routes

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

class ValidationError < StandardError
  attr_reader :field
  def initialize(field, msg = nil)
    @field = field
    super(msg || "#{field} is invalid")
  end
end
def validate!(h)
  raise ValidationError.new(:name) if h[:name].to_s.empty?
  raise ValidationError.new(:age, "too young") if h[:age] < 18
  :ok
end
[{name: "", age: 30}, {name: "x", age: 3}, {name: "y", age: 40}].each do |h|
  puts validate!(h)
rescue ValidationError => e
  puts "#{e.field}: #{e.message}"
end

pr = proc { |a, b| [a, b] }
la = lambda { |a, b| [a, b] }
puts pr.call(1).inspect, pr.call(1, 2, 3).inspect, pr.call([4, 5]).inspect
puts pr.arity, la.arity, la.lambda?, proc { |*a| a }.call(1, 2).inspect
begin
  la.call(1)
rescue ArgumentError => e
  puts e.class
end

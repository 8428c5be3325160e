# Corpus: io_like, dsl, proc_arity, pattern_matching
require 'stringio'
io = StringIO.new
io.puts "line one"
io.print "a", "b", "\n"
io << "appended\n"
io.printf("%d items\n", 3)
puts io.string.lines.map(&:chomp).inspect
$stdout.write("direct\n")
STDOUT.puts "const stdout"
$stderr.class
warn "to stderr" if false

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

pr = proc { |a, b| [a, b] }
la = lambda { |a, b| [a, b] }
puts pr.call(1).inspect, pr.call(1, 2, 3).inspect, pr.call([4, 5]).inspect
puts pr.arity, la.arity, la.lambda?, proc { |*a| a }.call(1, 2).inspect
begin
  la.call(1)
rescue ArgumentError => e
  puts e.class
end

def describe(v)
  case v
  in Integer => n if n > 100 then "big #{n}"
  in Integer | Float => n then "num #{n}"
  in [] then "empty"
  in [x] then "one #{x}"
  in [x, *rest] then "many #{x} #{rest.size}"
  in {name: String => nm, age: Integer => age} then "#{nm}/#{age}"
  in {type: :circle, r:} then "circle #{r}"
  else "?"
  end
end
puts describe(500), describe(2.5), describe([]), describe([1]), describe([1, 2, 3])
puts describe({name: "Al", age: 3}), describe({type: :circle, r: 2}), describe("x")
config = {db: {user: "admin", port: 5432}}
config => {db: {user:}}
puts user
puts((1 in Integer))

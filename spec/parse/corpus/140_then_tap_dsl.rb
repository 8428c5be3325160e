# Corpus: then_tap, dsl, exceptions
puts 5.then { _1 * 3 }
v = [3, 1, 2].tap { |a| puts "before sort #{a.size}" }.sort
puts v.inspect
puts 10.clamp(1, 5), 4.between?(1, 5), 7.pred.succ

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

class AppError < StandardError
  def initialize(msg = "app failed") = super
end
def risky(n)
  raise AppError if n == 0
  raise ArgumentError, "negative" if n < 0
  10 / n
rescue ArgumentError => e
  "arg: #{e.message}"
else
  "ok"
ensure
  puts "done #{n}"
end
puts risky(1), risky(-1)
begin
  risky(0)
rescue AppError => e
  puts "caught #{e.message} #{e.class}"
end
x = Integer("zz") rescue -1
puts x
attempts = 0
begin
  attempts += 1
  raise "retry me" if attempts < 3
  puts "succeeded after #{attempts}"
rescue
  retry
end

# Corpus: iterators, memo, dsl, safe_navigation
total = 0
[1, 2, 3, 4].each_with_index do |v, i|
  total += v * i
end
puts total
puts (1..10).select(&:even?).map { |x| x * x }.sum
puts %w[a b c].each_slice(2).to_a.inspect
h = Hash.new(0)
"mississippi".each_char { |c| h[c] += 1 }
puts h.sort_by { |k, v| [-v, k] }.first(2).inspect
3.times.map { |i| i * 10 }.each { puts _1 }
puts [[1, 2], [3, 4]].map { |a, b| a * b }.inspect

class Fibber
  def initialize = @memo = {0 => 0, 1 => 1}
  def [](n) = @memo[n] ||= self[n - 1] + self[n - 2]
end
puts Fibber.new[80]
cache = Hash.new { |h, k| h[k] = k * k }
puts cache[12], cache.size

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

User = Struct.new(:profile)
Profile = Struct.new(:email)
u1 = User.new(Profile.new("a@b.c"))
u2 = User.new(nil)
puts u1.profile&.email, u2.profile&.email.inspect, u2&.profile&.email.to_s.empty?
list = nil
puts list&.size.inspect
puts (list || []).size

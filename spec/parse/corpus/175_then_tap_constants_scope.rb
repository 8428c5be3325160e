# Corpus: then_tap, constants_scope, dsl
puts 5.then { _1 * 3 }
v = [3, 1, 2].tap { |a| puts "before sort #{a.size}" }.sort
puts v.inspect
puts 10.clamp(1, 5), 4.between?(1, 5), 7.pred.succ

module Outer
  LIMIT = 10
  class Inner
    def limit = LIMIT
    def top = ::TOP_LEVEL
  end
end
TOP_LEVEL = :top
puts Outer::Inner.new.limit, Outer::Inner.new.top, Outer::LIMIT, Outer.const_get(:LIMIT)

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

# Corpus: dsl, modules
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

module Greeter
  DEFAULT = "Hello"
  def self.greet(name, greeting: DEFAULT) = "#{greeting}, #{name}!"
  module Loud
    def shout(s) = s.upcase + "!"
  end
end
include Greeter::Loud
puts Greeter.greet("Ann"), Greeter.greet("Bob", greeting: "Hi")
puts shout("hey")
puts Greeter::DEFAULT.length

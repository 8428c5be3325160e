# Corpus: dsl, heredoc
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

name = "world"
text = <<~EOS
  Hello, #{name}!
    indented line
  last line
EOS
raw = <<-'RAW'
    no #{interp} here\n
    RAW
puts text, raw
puts(<<~A + <<~B)
  first
A
  second
B
sql = <<~SQL.strip.tr("\n", " ")
  SELECT *
  FROM t
SQL
puts sql

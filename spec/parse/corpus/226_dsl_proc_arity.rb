# Corpus: dsl, proc_arity, gvars_special
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

$counter = 0
def bump = $counter += 1
3.times { bump }
puts $counter
puts $PROGRAM_NAME.class, __method__.inspect
def meth_name = __method__
puts meth_name
puts __FILE__.end_with?(".rb"), __LINE__ > 0
"abc" =~ /b/
puts $~.pre_match, $`, $'

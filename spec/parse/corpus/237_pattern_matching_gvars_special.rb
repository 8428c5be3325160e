# Corpus: pattern_matching, gvars_special, comparable
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

class Version
  include Comparable
  attr_reader :parts
  def initialize(s) = @parts = s.split(".").map(&:to_i)
  def <=>(other) = parts <=> other.parts
  def to_s = parts.join(".")
end
vs = %w[1.2.0 1.10.1 1.9].map { Version.new(_1) }
puts vs.sort.map(&:to_s).inspect, vs.max, Version.new("2.0") > Version.new("1.99")

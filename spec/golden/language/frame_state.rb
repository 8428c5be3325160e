# Per-frame and per-call state that CRuby keeps: $~ is local to a method
# frame, retry and loop leave $! as it was, named captures assign locals,
# LocalJumpError knows its reason, constants set at run time are seen by
# compiled references, $stdout can be any object with #write.

def digits_of(s)
  s =~ /(\d+)/ ? $1 : nil
end

def parse_pair(text)
  return nil unless text =~ /(\w+)=(\w+)/
  key = $1
  inner = digits_of("n42")        # a match in the callee...
  [key, $2, inner, $~[0]]          # ...leaves ours alone
end

p parse_pair("color=red")
p parse_pair("nothing")

def fresh_frame
  $~
end
"abc" =~ /b/
p fresh_frame
p $~[0]

def raise_after_match
  "zzz" =~ /(z+)/
  raise ArgumentError, "boom"
end

def rescuer
  "keep" =~ /(ee)/
  begin
    raise_after_match
  rescue ArgumentError
    p $1
  end
end
rescuer

def gsub_user(s)
  s.gsub(/(\d)/) { ($1.to_i * 2).to_s }
end
"x9" =~ /(9)/
p gsub_user("a1b2")
p $1

# retry, loop and $!
attempts = 0
begin
  attempts += 1
  raise "flaky #{attempts}" if attempts < 3
  p [attempts, $!]
rescue
  retry
end
p $!
e = [1, 2].each
loop { e.next }
p $!

# named captures
if /(?<year>\d{4})-(?<month>\d\d)/ =~ "on 2024-05-17"
  p [year, month]
end
/(?<missing>q)/ =~ "none"
p missing

# LocalJumpError
def make_proc = proc { return 10 }
begin
  make_proc.call
rescue LocalJumpError => err
  p [err.reason, err.exit_value, err.message]
end

# arity with keywords
p [proc { |a, b: 1| }.arity, lambda { |a, b: 1| }.arity, proc { |x, **k| }.arity,
   lambda { |x, **k| }.arity, proc { |a, b:| }.arity, lambda { |b:| }.arity]

# define_method with return
class Shape
  define_method(:area) { |w, h| return w * h if w > 0; 0 }
end
p Shape.new.area(3, 4)
p Shape.instance_method(:area).arity

# constants defined at run time
module Config; end
def limit = Config::LIMIT
p((limit rescue :undefined))
Config.const_set(:LIMIT, 5)
p limit

# $stdout replacement
class Collector
  attr_reader :parts
  def initialize = @parts = []
  def write(*s)
    @parts.concat(s.map(&:to_s))
    s.sum { |x| x.to_s.size }
  end
end
c = Collector.new
saved = $stdout
$stdout = c
puts "captured"
print "a", "b"
$stdout = saved
p c.parts.join
p $stdout.equal?(STDOUT)

# Corpus: object_equality, private_def, io_like
class Money
  attr_reader :cents
  def initialize(c) = @cents = c
  def eql?(o) = o.is_a?(Money) && cents == o.cents
  alias == eql?
  def hash = cents.hash
end
puts [Money.new(1), Money.new(1), Money.new(2)].uniq.size
puts({Money.new(5) => :five}[Money.new(5)])

class Tool
  private def helper = "secret"
  def use = helper.upcase
  private attr_reader :internal rescue nil
end
puts Tool.new.use, Tool.private_instance_methods(false).include?(:helper)

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

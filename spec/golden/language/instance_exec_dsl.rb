class HTMLBuilder
  def initialize
    @out = []
    @depth = 0
  end
  def method_missing(tag, content = nil, **attrs, &blk)
    attr_s = attrs.map { |k, v| " #{k}=\"#{v}\"" }.join
    if blk
      @out << "#{"  " * @depth}<#{tag}#{attr_s}>"
      @depth += 1
      instance_eval(&blk)
      @depth -= 1
      @out << "#{"  " * @depth}</#{tag}>"
    else
      @out << "#{"  " * @depth}<#{tag}#{attr_s}>#{content}</#{tag}>"
    end
    self
  end
  def respond_to_missing?(*) = true
  def result = @out.join("\n")
  def self.build(&blk) = new.tap { |b| b.instance_eval(&blk) }.result
end
items = %w[apple banana]
html = HTMLBuilder.build do
  html do
    head { title "Fruit" }
    body(class: "main") do
      h1 "List", id: "top"
      ul do
        items.each { |i| li i }
      end
    end
  end
end
puts html
class Config
  attr_reader :settings
  def initialize = @settings = {}
  def set(k, v) = @settings[k] = v
  def self.configure(&blk)
    c = new
    c.instance_exec(42, &blk)
    c.settings
  end
end
p Config.configure { |n| set(:answer, n); set(:name, "x") }
class Validator
  def self.rules = (@rules ||= [])
  def self.validate(name, &check) = rules << [name, check]
  validate(:positive) { |v| v > 0 }
  validate(:even) { |v| v.even? }
  def check(v) = self.class.rules.reject { |_, c| c.call(v) }.map(&:first)
end
p Validator.new.check(3), Validator.new.check(-2), Validator.new.check(4)
counter = Object.new
counter.instance_variable_set(:@n, 0)
5.times { counter.instance_eval { @n += 1 } }
p counter.instance_variable_get(:@n)
klass = Class.new do
  attr_accessor :v
  def initialize = @v = 10
end
p klass.new.instance_exec(5) { |x| @v + x }
String.class_exec do
  def twice = self * 2
end
p "ab".twice

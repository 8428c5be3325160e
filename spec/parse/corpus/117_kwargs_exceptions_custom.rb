# Corpus: kwargs, exceptions_custom
def connect(host, port = 80, *rest, timeout: 5, retries:, **extra, &cb)
  cb&.call("#{host}:#{port} t=#{timeout} r=#{retries} rest=#{rest} extra=#{extra}")
end
connect("a", retries: 1) { |s| puts s }
connect("b", 8080, 1, 2, retries: 3, timeout: 9, verbose: true) { puts _1 }
opts = {retries: 2}
connect("c", **opts) { |m| puts m }
def fwd(...) = connect(...)
fwd("d", retries: 0) { puts _1 }

class ValidationError < StandardError
  attr_reader :field
  def initialize(field, msg = nil)
    @field = field
    super(msg || "#{field} is invalid")
  end
end
def validate!(h)
  raise ValidationError.new(:name) if h[:name].to_s.empty?
  raise ValidationError.new(:age, "too young") if h[:age] < 18
  :ok
end
[{name: "", age: 30}, {name: "x", age: 3}, {name: "y", age: 40}].each do |h|
  puts validate!(h)
rescue ValidationError => e
  puts "#{e.field}: #{e.message}"
end

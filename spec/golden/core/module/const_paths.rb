# Module#const_get / const_defined? / const_source_location over constant
# paths; names through #to_str; Module#const_added.
module CP
  X = 1
  module In; Y = 2; end
end
p Object.const_source_location(:String)
p CP.const_source_location(:X)
p Object.const_source_location("CP::In::Y")
p Object.const_source_location("::CP")
p CP.const_source_location(:Nope)
p CP::In.const_source_location(:X, false)
[:"CP::X", "CP::::X", "::", "CP::", "lower"].each do |n|
  begin
    Object.const_get(n)
  rescue NameError => e
    p [e.class, e.message]
  end
end
p Object.const_get("CP::In::Y"), Object.const_get("::CP::X")
p Object.const_defined?("CP::In::Y"), Object.const_defined?("CP::In::Z"), CP.const_defined?("String")
p CP::In.const_defined?("CP::X")
name = Object.new
def name.to_str = "CP"
p Object.const_get(name)
bad = Object.new
def bad.to_str = 123
begin
  Object.const_get(bad)
rescue TypeError => e
  p e.class
end
begin
  Object.const_get(Object.new)
rescue TypeError => e
  p e.message.sub(/0x\h+/, "XX")
end
begin
  Object.const_get("CP::X::Y")
rescue TypeError => e
  p e.message
end
module Added
  def self.const_added(n)
    (@seen ||= []) << n
  end
  A = 1
  class K; end
  module M; end
  const_set(:B, 2)
  p @seen
end
p Module.private_instance_methods(false).include?(:const_added)

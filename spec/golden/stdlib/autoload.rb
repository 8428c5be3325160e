# autoload(:Const, "name"): the file is compiled into the program and
# loaded at the constant's first miss; autoload? answers the name until then.
autoload(:Shellwords, 'shellwords')
p autoload?(:Shellwords), defined?(Shellwords::Escape)
p Shellwords.split("a 'b c'")
p autoload?(:Shellwords)
module M
  autoload :Base64, 'base64'
  p autoload?(:Base64)
  def self.enc = Base64.strict_encode64("hi")
end
p M.enc, M.autoload?(:Base64)
autoload(:NoSuchThingXyz, 'no_such_lib_xyz')
begin
  NoSuchThingXyz
rescue LoadError => e
  p e.class, e.message
end
# module_function on an alias makes the alias's name a singleton method
module F
  def cf(a) = a + 1
  module_function :cf
  alias ident cf
  module_function :ident
end
p F.cf(1), F.ident(2)

# Methods a C extension defines as initialize/initialize_copy are private, as
# rb_define_method makes them (StringScanner, StringIO, Zlib); must_C_version.
require 'strscan'
require 'stringio'
require 'zlib'
[StringScanner, StringIO, Zlib::Deflate, Zlib::GzipWriter].each do |c|
  p [c, c.private_instance_methods(false).include?(:initialize), c.public_method_defined?(:initialize)]
end
p StringScanner.must_C_version
begin
  StringScanner.new("a").initialize("b")
rescue NoMethodError => e
  p e.message
end
s = StringScanner.new("abc")
s.scan(/ab/)
p s.dup.pos, s.clone.rest

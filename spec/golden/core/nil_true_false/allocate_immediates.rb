# Integer.allocate, NilClass.allocate ...: TypeError 'allocator undefined' (ruby/spec core/nil/nilclass_spec.rb).
begin
  NilClass.allocate
rescue => e
  p e.class, e.message
end
begin
  Integer.allocate
rescue => e
  p e.class, e.message
end
begin
  Symbol.allocate
rescue => e
  p e.class, e.message
end
begin; Integer.new; rescue NoMethodError => e; p e.message; end

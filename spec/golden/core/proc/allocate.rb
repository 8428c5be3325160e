# Proc/Method/UnboundMethod.allocate: TypeError, allocator undefined.
begin; Proc.allocate; rescue TypeError => e; p e.message; end
begin; Method.allocate; rescue TypeError => e; p e.message; end
begin; UnboundMethod.allocate; rescue TypeError => e; p e.message; end
p proc { 1 }.call, Proc.new { 2 }.call, method(:p).unbind.class

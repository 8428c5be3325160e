# A safe-navigation attribute target (for a&.x in, rescue => a&.x) assigns
# nothing when its receiver is nil.
class T; attr_accessor :target, :captured_error; end
a = nil
for a&.target in [1, 2]; end
p a
t = T.new
for t&.target in [1, 2]; end
p t.target
begin
  raise "x"
rescue => a&.captured_error
  p :rescued
end
begin
  raise "y"
rescue => t&.captured_error
end
p t.captured_error

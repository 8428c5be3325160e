def find_first(xs)
  xs.each_with_index do |x, i|
    [x].each do |y|
      return [y, i] if y > 10
    end
  end
  :none
end
p find_first([1, 20, 30]), find_first([1, 2])
def with_proc
  pr = Proc.new { |v| return v * 2 }
  [1, 2, 3].each(&pr)
  :unreachable
end
p with_proc
def lambda_vs_proc
  l = -> { return :from_lambda }
  v = l.call
  pr = proc { next :from_next }
  [v, pr.call, :method_end]
end
p lambda_vs_proc
def escape_after_return
  proc { return 1 }
end
pr = escape_after_return
begin
  pr.call
rescue LocalJumpError => e
  p e.class, e.message
end
def break_from_proc
  pr = proc { break 5 }
  pr.call
rescue LocalJumpError => e
  e.message
end
p break_from_proc
def yielder = yield
def uses_break = yielder { break :broken_out } 
p uses_break
define_method(:dm) { |x| return x + 1 } rescue nil
class DM
  define_method(:ret) { |x| return x * 3; :never }
end
p DM.new.ret(4)

# yield outside a method body is a SyntaxError ("Invalid yield"); in eval'd
# code it is raised when the eval runs
["1.times { yield }", "class << Object.new\n  yield\nend", "module YieldOutside\n  yield\nend"].each_with_index do |_, i|
  begin
    case i
    when 0 then eval("1.times { yield }")
    when 1 then eval("class << Object.new\n  yield\nend")
    when 2 then eval("module YieldOutside\n  yield\nend")
    end
  rescue SyntaxError => e
    p [i, e.message.include?("Invalid yield")]
  end
end
def m; [1, 2].each { |x| yield x }; end
m { |x| p x }

# Kernel#trace_var/untrace_var (block and proc commands, latest first,
# removal of one or all), global_variables, and Kernel#select as IO.select.
# golden: ruby31  (IO.pipe: the WebAssembly oracle has none)
$tv = nil
log = []
trace_var(:$tv) { |v| log << [:a, v] }
pr = proc { |v| log << [:b, v] }
trace_var :$tv, pr
$tv = 1
$tv = "two"
p log
p untrace_var(:$tv, pr).size
$tv = 3
p log.last
p untrace_var(:$tv).size
$tv = 4
p log.size
p untrace_var(:$tv)
p untrace_var(:$tv, pr)
begin; trace_var(:$tv); rescue ArgumentError => e; puts e.class; end
begin; untrace_var(:$never_assigned_anywhere); rescue NameError => e; puts e.message.lines.first; end
begin; trace_var(:foo) {}; rescue NameError => e; puts e.message; end
p global_variables.grep(/std/).sort
p global_variables.include?(:$tv), global_variables.include?(:$LOAD_PATH)
p global_variables.include?(:$zzz_unset)
r, w = IO.pipe
w.write "x"
p select([r], nil, nil, 0).map(&:size)
p select([r], nil, nil, 0)[0][0].equal?(r)
p Kernel.private_instance_methods(false).include?(:select), Kernel.public_methods(false).include?(:trace_var)

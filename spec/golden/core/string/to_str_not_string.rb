# an argument whose #to_str gives no String: TypeError, never a crash
arg = Object.new
def arg.to_str; 1; end
[-> { "abc".chomp(arg) }, -> { "abc" + arg }, -> { "abc".start_with?(arg) }, -> { "abc".center(9, arg) },
 -> { "abc".include?(arg) }, -> { "abc".delete(arg) }, -> { "abc".count(arg) }, -> { "abc" << arg }].each do |l|
  begin
    l.call
    p :no_error
  rescue TypeError => e
    p e.message
  end
end

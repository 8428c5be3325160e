# An uncaught SystemStackError (and its full_message) with more than 18
# backtrace entries prints the first 9, "... N levels..." and the last 4;
# 18 entries or fewer, or any other class (a subclass too), print them all.
class MyStackError < SystemStackError; end

def g(n, cls)
  n == 0 ? raise(cls, "deep") : g(n - 1, cls)
end

[[16, SystemStackError], [17, SystemStackError], [30, SystemStackError],
 [30, MyStackError], [30, RuntimeError]].each do |n, cls|
  begin
    g(n, cls)
  rescue Exception => e
    puts "#{cls} #{n}: #{e.backtrace.size} entries"
    puts e.full_message(highlight: false)
  end
end
g(20, SystemStackError)

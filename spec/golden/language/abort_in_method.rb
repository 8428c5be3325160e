# abort prints its message to stderr and exits 1; rescue Exception sees it as
# SystemExit first.
def check(v)
  abort "fatal: #{v} is negative" if v < 0
  v
end

begin
  check(-1)
rescue SystemExit => e
  puts "caught #{e.class} status=#{e.status} msg=#{e.message}"
end
puts check(3)
check(-2)
puts "not reached"

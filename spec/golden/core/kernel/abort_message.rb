# abort prints its message to stderr and exits 1
puts "before abort"
begin
  exit 5
rescue SystemExit => e
  puts "caught SystemExit status=#{e.status} success=#{e.success?}"
end
begin
  exit
rescue SystemExit => e
  puts "caught SystemExit status=#{e.status} success=#{e.success?}"
end
abort "fatal: giving up"
puts "never"

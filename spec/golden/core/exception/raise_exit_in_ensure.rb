# exit inside rescue: status and ensure order
begin
  raise "trouble"
rescue => e
  puts "handling #{e.message}"
  exit 4
ensure
  puts "outer ensure"
end

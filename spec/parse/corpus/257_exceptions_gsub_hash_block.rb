# Corpus: exceptions, gsub_hash_block, gvars_special
class AppError < StandardError
  def initialize(msg = "app failed") = super
end
def risky(n)
  raise AppError if n == 0
  raise ArgumentError, "negative" if n < 0
  10 / n
rescue ArgumentError => e
  "arg: #{e.message}"
else
  "ok"
ensure
  puts "done #{n}"
end
puts risky(1), risky(-1)
begin
  risky(0)
rescue AppError => e
  puts "caught #{e.message} #{e.class}"
end
x = Integer("zz") rescue -1
puts x
attempts = 0
begin
  attempts += 1
  raise "retry me" if attempts < 3
  puts "succeeded after #{attempts}"
rescue
  retry
end

puts "cat hat".gsub(/[ch]at/, "cat" => "dog", "hat" => "cap")
puts "hello".gsub(/l/) { $&.upcase }
puts "a1b22c333".gsub(/\d+/) { |d| "<#{d.size}>" }
puts "x".sub(/(?<ch>x)/, '\k<ch>\k<ch>'), "path/to/file.rb".sub(%r{.*/}, "")

$counter = 0
def bump = $counter += 1
3.times { bump }
puts $counter
puts $PROGRAM_NAME.class, __method__.inspect
def meth_name = __method__
puts meth_name
puts __FILE__.end_with?(".rb"), __LINE__ > 0
"abc" =~ /b/
puts $~.pre_match, $`, $'

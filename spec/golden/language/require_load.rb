# require / require_relative / load: resolved when the program is compiled,
# run where the call runs, once per file for require.
p require_relative("lib/req_counter")
p require_relative("lib/req_counter.rb")
p require(File.join(__dir__, "lib", "req_counter"))
p require(File.expand_path("lib/req_counter", __dir__))
p $req_counter_runs
p ReqCounter.where
p $LOADED_FEATURES.count { |f| f.end_with?("/lib/req_counter.rb") }

p load(File.join(__dir__, "lib/req_counter.rb"))
p load(File.join(__dir__, "lib/req_counter.rb"))
p $req_counter_runs

def later
  require "shellwords"
end
p defined?(Shellwords)
p later
p later
p Shellwords.split("a 'b c' d")
p ["x y", "z"].shelljoin
p $LOADED_FEATURES.any? { |f| f.end_with?("/shellwords.rb") }
p $LOAD_PATH.is_a?(Array), $:.equal?($LOAD_PATH)

begin
  require "spinel_no_such_library"
rescue LoadError => e
  p e.class, e.message, e.path
end
begin
  require_relative "lib/no_such_file"
rescue LoadError => e
  p e.message.end_with?("language/lib/no_such_file")
end
x = "no_such_" + "dynamic"
begin
  require x
rescue LoadError => e
  p e.message
end

p __FILE__ == $0
p $0 == $PROGRAM_NAME
p __dir__ == File.expand_path(File.dirname(__FILE__))
if __FILE__ == $PROGRAM_NAME
  puts "main guard"
end
puts DATA.read
p DATA.eof?
__END__
data line 1
data line 2

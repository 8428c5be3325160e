# loaded by require_load.rb: counts how often its body runs
$req_counter_runs = ($req_counter_runs || 0) + 1
module ReqCounter
  def self.where = [__FILE__.start_with?("/"), File.basename(__FILE__), __FILE__ == $0]
end
if __FILE__ == $0
  puts "req_counter run as a program"
end

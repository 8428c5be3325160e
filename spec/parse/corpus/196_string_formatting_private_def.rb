# Corpus: string_formatting, private_def, symbols_to_proc
puts format("%-10s|%5d|%08.3f", "name", 42, 3.14159)
puts "%s and %p" % ["str", "str"]
puts 1234567.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
puts 255.to_s(2), "ff".hex, "0b101".to_i(0), 3.7.floor, 3.2.ceil, -3.5.round
puts "abc".succ, "az".next, "a".ord, 98.chr, "hello world".tr('lo', 'xy')
puts "  trim  ".strip.length, "x".ljust(3, ".") + "|", "Hello"[1..3], "Hello"[-1]

class Tool
  private def helper = "secret"
  def use = helper.upcase
  private attr_reader :internal rescue nil
end
puts Tool.new.use, Tool.private_instance_methods(false).include?(:helper)

names = %i[alice bob carol]
puts names.map(&:to_s).map(&:capitalize).inspect
puts names.each_with_object({}) { |n, h| h[n] = n.length }.inspect
puts %I[a#{1} b].inspect, :"quoted sym".inspect, :a <=> :b

# Corpus: matrix_math, private_def
m = [[1, 2], [3, 4]]
t = m.transpose
prod = m.map { |row| t.map { |col| row.zip(col).sum { |a, b| a * b } } }
puts prod.inspect, m.flatten.sum, m.map(&:sum).inspect
id = Array.new(3) { |i| Array.new(3) { |j| i == j ? 1 : 0 } }
puts id.map { _1.join(" ") }

class Tool
  private def helper = "secret"
  def use = helper.upcase
  private attr_reader :internal rescue nil
end
puts Tool.new.use, Tool.private_instance_methods(false).include?(:helper)

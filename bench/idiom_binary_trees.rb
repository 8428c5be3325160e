# bench: idiomatic — binary trees with a TreeNode class (attr_reader),
# recursive check, Integer#step over depths, 1 << d, interpolated output.
SCALE = 1

class TreeNode
  attr_reader :left, :right

  def initialize(left, right)
    @left = left
    @right = right
  end

  def check
    return 1 if @left.nil?
    1 + @left.check + @right.check
  end

  def self.bottom_up(depth)
    return new(nil, nil) if depth == 0
    depth -= 1
    new(bottom_up(depth), bottom_up(depth))
  end
end

max_depth = 14
min_depth = 4
stretch = max_depth + 1
puts "stretch tree of depth #{stretch}\t check: #{TreeNode.bottom_up(stretch).check}"
long_lived = TreeNode.bottom_up(max_depth)
nodes = 0
SCALE.times do
  min_depth.step(max_depth, 2) do |depth|
    iterations = 1 << (max_depth - depth + min_depth)
    check = 0
    1.upto(iterations) do
      check += TreeNode.bottom_up(depth).check
    end
    nodes += check
    puts "#{iterations}\t trees of depth #{depth}\t check: #{check}"
  end
end
puts "long lived tree of depth #{max_depth}\t check: #{long_lived.check}"
puts "ops: #{nodes}"

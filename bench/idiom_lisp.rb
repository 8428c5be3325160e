# bench: idiomatic — a tiny expression interpreter: AST nodes as Structs,
# evaluation by case/when on the node class, environments as Hashes with
# Symbol keys, recursion.
SCALE = 1

Num = Struct.new(:value)
Var = Struct.new(:name)
Add = Struct.new(:left, :right)
Mul = Struct.new(:left, :right)
Lt = Struct.new(:left, :right)
If = Struct.new(:cond, :then_branch, :else_branch)
Let = Struct.new(:name, :value, :body)

def evaluate(node, env)
  case node
  when Num then node.value
  when Var then env.fetch(node.name)
  when Add then evaluate(node.left, env) + evaluate(node.right, env)
  when Mul then evaluate(node.left, env) * evaluate(node.right, env) % 1_000_003
  when Lt then evaluate(node.left, env) < evaluate(node.right, env)
  when If then evaluate(node.cond, env) ? evaluate(node.then_branch, env) : evaluate(node.else_branch, env)
  when Let then evaluate(node.body, env.merge(node.name => evaluate(node.value, env)))
  else raise ArgumentError, "unknown node #{node.class}"
  end
end

# let y = x * x + 3 in if y < 500 then y + x else (y * 7) + 1
expr = Let.new(:y, Add.new(Mul.new(Var.new(:x), Var.new(:x)), Num.new(3)),
               If.new(Lt.new(Var.new(:y), Num.new(500)),
                      Add.new(Var.new(:y), Var.new(:x)),
                      Add.new(Mul.new(Var.new(:y), Num.new(7)), Num.new(1))))
reps = 100_000 * SCALE
acc = 0
reps.times do |i|
  acc += evaluate(expr, { x: i % 100 })
end
puts acc
puts evaluate(expr, { x: 3 })
puts "ops: #{reps}"

# product / combination / permutation / transpose / zip / repeated_*
p [1, 2].product([3, 4]), [1, 2].product([3], [5, 6]), [1, 2].product([])
p [1, 2, 3].combination(2).to_a, [1, 2, 3].combination(0).to_a, [1, 2, 3].combination(4).to_a
p [1, 2, 3].permutation.to_a, [1, 2, 3].permutation(2).count, [1, 2, 3, 4].permutation(3).first(3)
p [1, 2].repeated_combination(2).to_a, [1, 2].repeated_permutation(2).to_a
p [[1, 2, 3], [4, 5, 6]].transpose, [[1, :a], [2, :b]].transpose, [].transpose
begin
  [[1, 2], [3]].transpose
rescue IndexError => e
  puts "#{e.class}: #{e.message}"
end
p [1, 2, 3].zip([4, 5, 6], [7, 8, 9]), [1, 2].zip, %w[a b c].zip(1..3).to_h
p (1..4).each_slice(2).to_a, (1..4).each_cons(2).to_a, (1..6).each_slice(4).map(&:sum)
p [1, 2, 3, 4].combination(2).select { |a, b| (a + b).even? }, [3, 1, 2].permutation.map(&:join).sort.first(3)
p [1, 2, 3].each_slice(2).with_index.map { |sl, i| sl.sum * i }
p [[3, "c"], [1, "a"], [2, "b"]].sort.map(&:last).join, [[1, 2], [3, 4]].to_h, [[1, 2], [1, 3]].to_h
p [1, 2, 3].cycle.take(7), [1, 2, 3].each_slice(1).flat_map(&:itself)
p (1..3).flat_map { |x| (1..x).map { |y| [x, y] } }.size

# Enumerator::Lazy#to_enum/enum_for give a Lazy (with_index through Enumerator's
# version), and each_slice/each_cons/with_object/... on a Lazy stay lazy.
inf = (0..Float::INFINITY).lazy
r = inf.to_enum; p r.class, r.equal?(inf)
p Enumerator::Lazy.new(Object.new, 100) {}.to_enum.size, Enumerator::Lazy.new(Object.new, 100) {}.to_enum { 30 }.size
p inf.to_enum(:with_index, 10).first(3)
p inf.to_enum(:each_slice, 2).map { |a| a.first * a.last }.first(4)
p({ each_with_index: [], with_index: [], cycle: [1], each_with_object: [Object.new], with_object: [Object.new], each_slice: [2], each_entry: [], each_cons: [2] }.map { |m, a| inf.send(m, *a).class })
p (0..Float::INFINITY).lazy.to_enum(:with_index).first(3), inf.each_slice(2).first(2), inf.enum_for(:each_cons, 3).first(1)
p [1, 2].lazy.to_enum(:each).force
p [1,2,3].each.with_object([]).size, [1,2].each_slice(1).with_object(1).size

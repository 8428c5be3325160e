# Random: seeds converted as rb_to_int (Rational, Complex without an
# imaginary part), Random::DEFAULT gone (3.2), Random.srand/seed/bytes/
# random_number, #random_number with no/zero/negative limits, private
# #state and #left.
p Random.new(Rational(7, 2)).seed, Random.new(Complex(5, 0)).seed, Random.new(3.9).seed
begin; Random.new(Complex(1, 2)); rescue => e; p e.class, e.message; end
begin; Random.new("1"); rescue => e; p e.class, e.message; end
begin; Random.new(nil); rescue => e; p e.class, e.message; end
p Random.const_defined?(:DEFAULT)
p Random.srand(10).class, Random.srand(20), Random.seed
p Random.rand(100), Random.random_number(100), Random.bytes(5).size, Random.bytes(5).encoding
r = Random.new(1)
p r.random_number(10), r.random_number, r.random_number(0).class, r.random_number(-3).class, r.random_number(nil).class, r.random_number(2.5).class, r.random_number(1..3)
p Random.new(4) == Random.new(4), Random.new(4).send(:state) == Random.new(4).send(:state)
p Random.new(42).send(:left)
p Random.new(1).random_number(Rational(1,2)).class
p Random.new(1).rand(1.5).class
p Random.new(3).send(:state).to_s.size
p Random.new(9).tap { |r| 700.times { r.rand } }.send(:left), Random.new(5).send(:state) == Random.new(5).tap(&:rand).send(:state)

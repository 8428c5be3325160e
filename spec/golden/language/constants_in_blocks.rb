module Outer
  LIMIT = 3
  class Runner
    STEP = 2
    def run = (1..LIMIT).map { |i| [1].map { i * STEP }.first }
    def self.build = [LIMIT, STEP].then { |a, b| a + b }
  end
  LAMBDA = -> { LIMIT * 10 }
end
p Outer::Runner.new.run
p Outer::Runner.build
p Outer::LAMBDA.call
klass = Class.new do
  def lim = Outer::LIMIT
end
p klass.new.lim
Outer.module_eval do
  p LIMIT rescue p :not_lexical
end
class Outer::Runner
  def step_again = STEP
end
p Outer::Runner.new.step_again
begin
  class Outer::Runner
    def limit_again = LIMIT
  end
  Outer::Runner.new.limit_again
rescue NameError => e
  puts e.message
end

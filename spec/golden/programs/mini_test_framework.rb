# A mini test framework: define_method-built assertions, method_missing matchers, hooks, reporting
module MiniSpec
  class AssertionFailed < StandardError; end

  class Expectation
    def initialize(actual)
      @actual = actual
    end

    def to(matcher) = matcher.call(@actual, false)
    def not_to(matcher) = matcher.call(@actual, true)
  end

  module Matchers
    def eq(expected)
      lambda do |actual, negate|
        ok = actual == expected
        ok = !ok if negate
        raise AssertionFailed, "expected #{actual.inspect} #{negate ? 'not ' : ''}to eq #{expected.inspect}" unless ok
        true
      end
    end

    def raise_error(klass, msg = nil)
      lambda do |blk, negate|
        begin
          blk.call
        rescue klass => e
          if msg && e.message != msg
            raise AssertionFailed, "expected message #{msg.inspect}, got #{e.message.inspect}"
          end
          raise AssertionFailed, "expected no #{klass}" if negate
          return true
        end
        raise AssertionFailed, "expected #{klass} to be raised" unless negate
        true
      end
    end

    # be_empty, be_even, be_frozen ... -> predicate matchers via method_missing
    def method_missing(name, *args)
      if name.to_s.start_with?("be_")
        pred = "#{name.to_s.delete_prefix('be_')}?"
        lambda do |actual, negate|
          ok = actual.public_send(pred, *args)
          ok = !ok if negate
          raise AssertionFailed, "expected #{actual.inspect} #{negate ? 'not ' : ''}to be #{pred.chomp('?')}" unless ok
          true
        end
      else
        super
      end
    end

    def respond_to_missing?(name, priv = false) = name.to_s.start_with?("be_") || super
  end

  class Context
    include Matchers
    def expect(actual = nil, &blk) = Expectation.new(blk || actual)

    %i[equal_to greater_than less_than].zip(%i[== > <]).each do |name, op|
      define_method("assert_#{name}") do |a, b|
        raise AssertionFailed, "expected #{a.inspect} #{op} #{b.inspect}" unless a.public_send(op, b)
        true
      end
    end
  end

  class Suite
    attr_reader :results

    def initialize(name, &body)
      @name = name
      @tests = []
      @befores = []
      @results = Hash.new(0)
      instance_eval(&body)
    end

    def before(&blk) = @befores << blk
    def it(desc, &blk) = @tests << [desc, blk]
    def xit(desc, &_blk) = @tests << [desc, nil]

    def run(out)
      out << "#{@name}"
      @tests.each do |desc, blk|
        if blk.nil?
          @results[:pending] += 1
          out << "  - #{desc} (PENDING)"
          next
        end
        ctx = Context.new
        @befores.each { |b| ctx.instance_eval(&b) }
        begin
          ctx.instance_eval(&blk)
          @results[:passed] += 1
          out << "  + #{desc}"
        rescue AssertionFailed => e
          @results[:failed] += 1
          out << "  x #{desc}: #{e.message}"
        rescue StandardError => e
          @results[:errors] += 1
          out << "  ! #{desc}: #{e.class}: #{e.message}"
        end
      end
      self
    end
  end
end

def describe(name, &body) = MiniSpec::Suite.new(name, &body)

suites = []
suites << describe("Array") do
  before { @list = [3, 1, 2] }
  it("sorts") { expect(@list.sort).to eq([1, 2, 3]) }
  it("is not empty") { expect(@list).not_to be_empty }
  it("fails on purpose") { expect(@list.size).to eq(4) }
  it("raises on fetch") { expect { @list.fetch(10) }.to raise_error(IndexError) }
  it("checks message") { expect { @list.fetch(10) }.to raise_error(IndexError, "wrong") }
  it("errors") { @list.nonexistent_method }
  xit("someday") { expect(1).to eq(2) }
end
suites << describe("Integer") do
  it("even") { expect(4).to be_even }
  it("not odd") { expect(4).not_to be_odd }
  it("between") { expect(5).to be_between(1, 10) }
  it("zero fails") { expect(5).to be_zero }
  it("compares") { assert_greater_than(3, 2) && assert_less_than(2, 3) && assert_equal_to(1, 1) }
  it("compare fails") { assert_less_than(3, 2) }
  it("no raise expected") { expect { 1 + 1 }.not_to raise_error(ZeroDivisionError) }
  it("raise expected") { expect { 1 + 1 }.to raise_error(ZeroDivisionError) }
end
suites << describe("String") do
  before { @s = +"hello" }
  before { @s << " world" }
  it("sees both befores") { expect(@s).to eq("hello world") }
  it("frozen check") { expect(@s).not_to be_frozen }
  it("unknown matcher") { expect(@s).to look_nice }
end

lines = []
suites.each { |s| s.run(lines) }
puts lines
totals = suites.map(&:results).inject(Hash.new(0)) { |acc, r| acc.merge(r) { |_, a, b| a + b } }
puts format("%d passed, %d failed, %d errors, %d pending", *totals.values_at(:passed, :failed, :errors, :pending))
p MiniSpec::Context.new.respond_to?(:be_anything), MiniSpec::Context.public_method_defined?(:assert_equal_to)

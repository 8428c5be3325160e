# Roman numerals: conversion both ways, validation, arithmetic, and a Roman number class
module Roman
  TABLE = [[1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"],
           [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]].freeze
  VALUES = {"I" => 1, "V" => 5, "X" => 10, "L" => 50, "C" => 100, "D" => 500, "M" => 1000}.freeze
  VALID = /\AM{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})\z/

  class InvalidNumeral < ArgumentError; end

  def self.to_roman(n)
    raise RangeError, "#{n} out of range 1..3999" unless (1..3999).cover?(n)
    TABLE.each_with_object(+"") do |(value, letters), out|
      count, n = n.divmod(value)
      out << letters * count
    end
  end

  def self.from_roman(s)
    s = s.upcase
    raise InvalidNumeral, "invalid numeral #{s.inspect}" if s.empty? || !VALID.match?(s)
    total = 0
    s.chars.each_cons(2) { |a, b| total += VALUES[a] < VALUES[b] ? -VALUES[a] : VALUES[a] }
    total + VALUES[s[-1]]
  end

  def self.from_roman_recursive(s)
    return 0 if s.empty?
    TABLE.each do |value, letters|
      return value + from_roman_recursive(s[letters.size..]) if s.start_with?(letters)
    end
    raise InvalidNumeral, "bad char in #{s}"
  end
end

class RomanNumber
  include Comparable
  attr_reader :value

  def initialize(v)
    @value = v.is_a?(String) ? Roman.from_roman(v) : v
    Roman.to_roman(@value)
  end

  def +(o) = RomanNumber.new(value + o.value)
  def -(o) = RomanNumber.new(value - o.value)
  def *(o) = RomanNumber.new(value * o.value)
  def <=>(o) = value <=> o.value
  def to_s = Roman.to_roman(value)
  def inspect = "#<Roman #{self} (#{value})>"
  def coerce(n) = [RomanNumber.new(n), self]
end

[1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999, 444, 1666, 3888].each do |n|
  r = Roman.to_roman(n)
  back = Roman.from_roman(r)
  rec = Roman.from_roman_recursive(r)
  puts format("%4d => %-15s => %4d %s", n, r, back, back == n && rec == n ? "ok" : "MISMATCH")
end
%w[IIII VV IC MMMM XM iv mcmxcix ABC].push("").each do |s|
  puts "#{s.inspect} => #{Roman.from_roman(s)}"
rescue Roman::InvalidNumeral => e
  puts "#{e.class}: #{e.message}"
end
[0, 4000, -5].each do |n|
  Roman.to_roman(n)
rescue RangeError => e
  puts "RangeError: #{e.message}"
end
a = RomanNumber.new("XLII")
b = RomanNumber.new(8)
p a, b, a + b, a - b, a * b, [a, b, RomanNumber.new("C")].sort, [a, b].max
puts "#{a} + #{b} = #{a + b}"
begin
  b - a
rescue RangeError => e
  puts "RangeError: #{e.message}"
end
p a > b, a.between?(b, RomanNumber.new(100)), a.clamp(b, b)
all = (1..3999).map { |i| Roman.to_roman(i) }
p all.max_by(&:length), all.map(&:length).max, all.count { |r| r.include?("CM") }
p all.uniq.size, all.each_with_index.all? { |r, i| Roman.from_roman(r) == i + 1 }
hist = all.join.chars.tally.sort_by { |c, _| Roman::VALUES[c] }
p hist
p (1..20).map { |i| Roman.to_roman(i) }.join(" ")
years = "Built MCMLXXXIV, renovated MMX, demolished MMXXIII."
p years.gsub(/\b[MDCLXVI]+\b/) { |m| Roman.from_roman(m).to_s }

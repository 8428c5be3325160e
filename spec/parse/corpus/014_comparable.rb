# Corpus: comparable
class Version
  include Comparable
  attr_reader :parts
  def initialize(s) = @parts = s.split(".").map(&:to_i)
  def <=>(other) = parts <=> other.parts
  def to_s = parts.join(".")
end
vs = %w[1.2.0 1.10.1 1.9].map { Version.new(_1) }
puts vs.sort.map(&:to_s).inspect, vs.max, Version.new("2.0") > Version.new("1.99")

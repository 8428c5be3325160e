# bench: idiomatic — a Version class with Comparable and <=> on arrays:
# sort, min, max, between?, clamp, uniq by hash/eql?.
SCALE = 1

class Version
  include Comparable
  attr_reader :major, :minor, :patch

  def initialize(major, minor, patch)
    @major = major
    @minor = minor
    @patch = patch
  end

  def <=>(other)
    [major, minor, patch] <=> [other.major, other.minor, other.patch]
  end

  def to_s
    "#{major}.#{minor}.#{patch}"
  end
end

seed = 3
versions = Array.new(3_000) do
  seed = (seed * 1103515245 + 12345) % 2147483648
  Version.new(seed % 4, (seed >> 4) % 10, (seed >> 9) % 20)
end
low = Version.new(1, 2, 0)
high = Version.new(2, 5, 10)
inside = 0
clamped = 0
reps = 10 * SCALE
sorted = nil
reps.times do
  sorted = versions.sort
  inside += versions.count { |v| v.between?(low, high) }
  clamped += versions.count { |v| v.clamp(low, high) == low }
end
puts sorted.first.to_s
puts sorted.last.to_s
puts versions.min.to_s + " " + versions.max.to_s
puts inside
puts clamped
puts (low < high) && !(low > high) && low == Version.new(1, 2, 0)
puts "ops: #{reps * versions.size}"

# Date parsing and formatting from four threads at once: the parsers'
# regular expressions are compiled on first use by whichever thread gets
# there first; Date objects are immutable and shared.
require 'date'

inputs = ["2024-03-04", "Mar 4 2024", "4 March 2024", "03/04/2024", "20240304",
          "Tue, 1 Jul 2003 10:52:37 +0200", "2024-W10-1", "H31.04.30", "2024-064"]
shared = Date.new(2024, 1, 1)
threads = 4.times.map do |t|
  Thread.new do
    acc = []
    200.times do |i|
      s = inputs[(i + t) % inputs.size]
      d = Date.parse(s)
      acc << [s, d.to_s, (d - shared).to_i, d.strftime("%a %j %V")]
      acc << Date.strptime("#{2000 + i % 30}-#{1 + i % 12}-#{1 + i % 28}", "%Y-%m-%d").jd
    end
    acc
  end
end
results = threads.map(&:value)
puts results.map(&:size).inspect
puts results.map { |r| r.hash }.uniq.size == 4 ? "per-thread orders differ" : "same"
puts results.flatten(1).select { |x| x.is_a?(Array) }.uniq.sort.map { |x| x.join(" | ") }
puts results.flatten(1).grep(Integer).sum

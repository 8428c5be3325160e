# bench: idiomatic — log processing: lines built then split by lines/each_line,
# fields by split(" "), to_i/to_f conversions, Hash of Arrays with ||=,
# start_with?, percentiles by sort and index, format with %.
SCALE = 1

PATHS = %w[/ /login /api/items /api/items/42 /static/app.js /health]
seed = 99
lines = +""
40_000.times do |i|
  seed = (seed * 1103515245 + 12345) % 2147483648
  status = [200, 200, 200, 404, 500, 302][seed % 6]
  ms = (seed >> 5) % 900 / 10.0
  lines << "10.0.#{seed % 7}.#{seed % 250} GET #{PATHS[(seed >> 3) % PATHS.size]} #{status} #{ms}\n"
end
reps = 3 * SCALE
report = nil
reps.times do
  by_path = {}
  errors = 0
  lines.each_line do |line|
    ip, _verb, path, status, ms = line.split(" ")
    (by_path[path] ||= []) << ms.to_f
    errors += 1 if status.to_i >= 500 || ip.start_with?("10.0.6.")
  end
  report = by_path.sort.map do |path, times|
    sorted = times.sort
    p50 = sorted[sorted.size / 2]
    p99 = sorted[(sorted.size * 99) / 100]
    "%-16s n=%-6d p50=%5.1f p99=%5.1f" % [path, times.size, p50, p99]
  end
  report << "errors=#{errors}"
end
puts report
puts "ops: #{reps * 40_000}"

# Log analyzer: regexp parsing of access logs, aggregation by status/path/hour, percentiles, anomaly report
LOG = <<~LOG
  10.0.0.1 - - [12/Mar/2024:09:15:02 +0000] "GET /index.html HTTP/1.1" 200 5120 0.012
  10.0.0.2 - - [12/Mar/2024:09:15:07 +0000] "GET /api/users HTTP/1.1" 200 830 0.087
  10.0.0.1 - - [12/Mar/2024:09:16:11 +0000] "POST /api/users HTTP/1.1" 201 112 0.140
  10.0.0.3 - - [12/Mar/2024:09:59:59 +0000] "GET /missing HTTP/1.1" 404 0 0.003
  10.0.0.4 - - [12/Mar/2024:10:01:00 +0000] "GET /api/orders?id=7 HTTP/1.1" 500 64 1.502
  10.0.0.2 - - [12/Mar/2024:10:02:30 +0000] "GET /api/orders?id=8 HTTP/1.1" 200 2048 0.220
  malformed line without the expected shape
  10.0.0.5 - - [12/Mar/2024:10:05:45 +0000] "DELETE /api/users/3 HTTP/1.1" 403 21 0.009
  10.0.0.1 - - [12/Mar/2024:10:30:00 +0000] "GET /index.html HTTP/1.1" 304 0 0.002
  10.0.0.6 - - [12/Mar/2024:11:00:01 +0000] "GET /api/users HTTP/1.1" 200 845 0.095
  10.0.0.4 - - [12/Mar/2024:11:11:11 +0000] "GET /api/orders?id=9 HTTP/1.1" 502 0 3.001
  10.0.0.2 - - [12/Mar/2024:11:45:00 +0000] "PUT /api/users/2 HTTP/1.1" 200 300 0.180
  10.0.0.7 - - [12/Mar/2024:11:59:00 +0000] "GET /static/app.js HTTP/1.1" 200 90210 0.030
LOG

LINE_RE = %r{\A(?<ip>\d+(?:\.\d+){3}) - - \[(?<day>\d+)/(?<mon>\w+)/(?<year>\d+):(?<h>\d\d):(?<m>\d\d):(?<s>\d\d) [+-]\d{4}\] "(?<verb>[A-Z]+) (?<path>\S+) HTTP/[\d.]+" (?<status>\d{3}) (?<bytes>\d+) (?<secs>[\d.]+)\z}

Entry = Struct.new(:ip, :hour, :verb, :path, :status, :bytes, :secs) do
  def endpoint = path.sub(/\?.*/, "").gsub(%r{/\d+(?=/|\z)}, "/:id")
  def error? = status >= 500
  def client_error? = (400..499).cover?(status)
end

entries = []
bad = []
LOG.each_line(chomp: true).with_index(1) do |line, no|
  m = LINE_RE.match(line)
  if m.nil?
    bad << no
    next
  end
  entries << Entry.new(m[:ip], m[:h].to_i, m[:verb], m[:path], m[:status].to_i, m[:bytes].to_i, m[:secs].to_f)
end
puts "parsed #{entries.size} entries, #{bad.size} malformed (lines #{bad.join(', ')})"

puts "\nStatus classes:"
entries.group_by { |e| "#{e.status / 100}xx" }.sort.each do |cls, es|
  puts format("  %s %3d  %s", cls, es.size, es.map(&:status).tally.sort.map { |s, n| "#{s}x#{n}" }.join(" "))
end

puts "\nEndpoints:"
by_ep = entries.group_by(&:endpoint)
by_ep.sort_by { |ep, es| [-es.size, ep] }.each do |ep, es|
  avg = es.sum(&:secs) / es.size
  puts format("  %-18s hits=%d avg=%.3fs bytes=%d verbs=%s", ep, es.size, avg, es.sum(&:bytes), es.map(&:verb).uniq.sort.join("/"))
end

puts "\nPer hour:"
(9..11).each do |h|
  es = entries.select { |e| e.hour == h }
  bar = "#" * es.size
  puts format("  %02d:00 %-6s %d req, %d errors", h, bar, es.size, es.count(&:error?))
end

def percentile(sorted, pct)
  return nil if sorted.empty?
  rank = (pct / 100.0 * (sorted.size - 1))
  lo = sorted[rank.floor]
  hi = sorted[rank.ceil]
  lo + (hi - lo) * (rank - rank.floor)
end
lat = entries.map(&:secs).sort
puts "\nLatency: " + [50, 90, 99].map { |pc| format("p%d=%.3f", pc, percentile(lat, pc)) }.join(" ") + format(" max=%.3f", lat.max)

puts "\nClients:"
entries.group_by(&:ip).map { |ip, es| [ip, es.size, es.sum(&:bytes)] }.sort_by { |ip, n, b| [-b, ip] }.first(4).each do |ip, n, b|
  puts format("  %-10s %2d req %7d bytes", ip, n, b)
end

slow = entries.select { |e| e.secs > 1.0 }
errors = entries.select(&:error?)
puts "\nAnomalies:"
puts "  slow requests: #{slow.map { |e| "#{e.endpoint}(#{e.secs}s)" }.join(', ')}"
puts "  server errors: #{errors.map { |e| "#{e.status} #{e.path}" }.join(', ')}"
puts "  error rate: #{(100.0 * errors.size / entries.size).round(2)}%"
suspicious = entries.select(&:client_error?).map(&:ip).tally.select { |_, n| n >= 1 }.keys
puts "  clients with 4xx: #{suspicious.sort.join(', ')}"
total_mb = entries.sum(&:bytes) / 1024.0 / 1024.0
puts format("  total transfer: %.4f MiB", total_mb)

puts "\nSessions (requests from the same ip within 60 minutes):"
sessions = Hash.new { |hh, k| hh[k] = [] }
entries.each_with_index do |e, i|
  minute = e.hour * 60 + LOG.lines.grep(/\A\d/)[i][/:(\d\d):(\d\d):/, 2].to_i
  list = sessions[e.ip]
  if list.empty? || minute - list.last.last > 60
    list << [minute, minute]
  else
    list.last[1] = minute
  end
end
sessions.sort.each do |ip, ss|
  puts format("  %-9s %d session(s): %s", ip, ss.size, ss.map { |a, b| format("%02d:%02d-%02d:%02d", a / 60, a % 60, b / 60, b % 60) }.join(" "))
end
verbs = entries.map(&:verb).tally.sort_by { |v, n| [-n, v] }
puts "\nVerbs: " + verbs.map { |v, n| "#{v}=#{n}" }.join(" ")
sizes = entries.map(&:bytes).reject(&:zero?).sort
puts "Non-empty response sizes: min=#{sizes.first} median=#{sizes[sizes.size / 2]} max=#{sizes.last}"

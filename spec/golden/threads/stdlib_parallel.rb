# Regexp, StringScanner and JSON used from several threads at once (worker-local
# PCRE2 match data, reentrant parser and generator).
require 'json'
require 'strscan'
ths = 4.times.map do |t|
  Thread.new do
    ok = 0
    2000.times do |i|
      s = "k#{t}_#{i}=v#{i * 7};"
      m = s.match(/k(\d+)_(\d+)=v(\d+)/)
      ok += 1 if m[1].to_i == t && m[2].to_i == i && m[3].to_i == i * 7
      ss = StringScanner.new(s)
      ok += 1 if ss.scan(/k\d+_/) && ss.scan(/\d+/) == i.to_s
      ok += 1 if JSON.parse(JSON.generate({"t" => t, "i" => [i, s]}))["i"][1] == s
    end
    ok
  end
end
p ths.map(&:value)

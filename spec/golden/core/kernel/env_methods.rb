# ENV as CRuby has it: an Object extended with Enumerable whose methods
# read and write the C environment; names and values by #to_str, CRuby's
# errors (TypeError, ArgumentError for NUL bytes, Errno::EINVAL for a bad
# name), frozen String results, the mutating iterators (delete_if,
# keep_if, select!, reject!), update with a block, replace, shift,
# invert, assoc/rassoc, key/value?, slice/except, and no dup/clone/freeze.
# Values are ones no other variable has (SHLVL=3 made rassoc("3") depend
# on the shell).
ENV.delete_if { |k, _| k.start_with?("SPX_") }
ENV["SPX_A"] = "spx1"
ENV.store("SPX_B", "spx2")
name = Object.new
def name.to_str = "SPX_C"
ENV[name] = "spx3"
mine = -> { ENV.select { |k, _| k.start_with?("SPX_") }.sort.to_h }
p mine.call
p ENV["SPX_A"].frozen?, ENV.keys.grep(/\ASPX_/).all?(&:frozen?)
p ENV.singleton_class.include?(Enumerable), ENV.class, ENV.to_s
p ENV.fetch("SPX_A"), ENV.fetch("SPX_NONE", "dflt"), ENV.fetch("SPX_NONE") { |k| k.downcase }
p ENV.assoc("SPX_B"), ENV.rassoc("spx3"), ENV.key("spx3"), ENV.value?("spx2"), ENV.value?(2), ENV.rassoc(2)
p ENV.values_at("SPX_A", "SPX_NONE"), ENV.slice("SPX_A", "SPX_NONE")
p ENV.except(*ENV.keys.reject { |k| k.start_with?("SPX_") }).sort.to_h
p ENV.invert.select { |k, _| %w[spx1 spx2 spx3].include?(k) }.sort.to_h
p ENV.update("SPX_A" => "x", "SPX_D" => "4") { |k, old, new| "#{k}:#{old}+#{new}" }.equal?(ENV)
p mine.call
p ENV.reject! { |k, _| k == "SPX_D" }.equal?(ENV), ENV.reject! { false }
p ENV.select! { true }, ENV.keep_if { |k, _| k != "SPX_C" }.equal?(ENV)
p mine.call
p ENV.each_key.size == ENV.size, ENV.each_value.class, ENV.to_h { |k, v| [k.downcase, v] }.key?("spx_a")
e = ENV.each_pair
p e.next.size
p ENV.delete("SPX_NONE") { |k| "none #{k}" }, ENV.delete("SPX_B"), ENV.rehash
[
  -> { ENV["SPX_="] = "x" }, -> { ENV[""] = "x" }, -> { ENV["SPX_\0"] = "x" },
  -> { ENV["SPX_E"] = "x\0" }, -> { ENV[1] = "x" }, -> { ENV["SPX_E"] = 1 },
  -> { ENV.fetch("SPX_NONE") }, -> { ENV.key(1) }, -> { ENV.freeze }, -> { ENV.dup },
  -> { ENV.clone }, -> { ENV.clone(freeze: 1) }, -> { ENV.update(1) },
].each do |l|
  l.call
rescue => e
  p [e.class, e.message]
end
saved = ENV.to_h
ENV.replace(saved.merge("SPX_R" => "r").reject { |k, _| k == "SPX_A" })
p mine.call
ENV.delete_if { |k, _| k.start_with?("SPX_") }
p mine.call, ENV.to_h == saved.reject { |k, _| k.start_with?("SPX_") }
ENV["SPX_T"] = "t"
key = Object.new
def key.to_str = "SPX_T"
p ENV.slice(key).keys.first.equal?(key), (ENV["SPX_=="] = nil), ENV.method(:filter) == ENV.method(:select)
p ENV.to_h { |k, v| [k.downcase, v] }["spx_t"]
[-> { ENV.to_h { 1 } }, -> { ENV.to_h { [1] } }].each do |l|
  l.call
rescue => e
  p [e.class, e.message]
end
ENV.delete("SPX_T")

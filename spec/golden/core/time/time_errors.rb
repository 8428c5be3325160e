# Time/Process argument errors (messages as CRuby 3.4)
def e; yield; rescue => x; p [x.class, x.message]; end
e { Time.utc }
e { Time.at("x") }
e { Time.at(nil) }
e { Time.utc(2024, 1, 32) }
e { Time.utc(2024, 1, 1, 25) }
e { Time.utc(2024, 1, 1, 0, 60) }
e { Time.utc(2024, 1, 1, 0, 0, 61) }
e { Time.utc(2024, 0, 1) }
e { Time.now + Time.now }
e { Time.now - "x" }
e { Time.now + nil }
e { Time.now < 3 }
e { Time.utc(2024).strftime(3) }
e { Time.new(2024, 1, 1, 0, 0, 0, "+25:00") }
e { Time.new(2024, 1, 1, 0, 0, 0, "EST") }
e { Time.new("2024-01-02") }
e { Time.new("junk") }
e { Time.utc(2024).round(-1) }
e { Time.at(0, 1, :foo) }
e { Process.clock_gettime }
e { Time.utc(2024, "xyz") }
p Time.utc(2024, "12", "5").to_s, Time.utc("2024").year, Time.utc(2024, 2, 31).to_s
p Time.utc(2024, 1, 1) <=> Time.utc(2024, 1, 1, 0, 0, 0, 1), Time.utc(2024).eql?(1), Time.utc(2024) == nil
p Time.utc(2024).is_a?(Comparable), Time.ancestors.include?(Comparable), Time.utc(2024).class
p Process.pid == $$, Process.clock_gettime(Process::CLOCK_MONOTONIC, :float_microsecond).class

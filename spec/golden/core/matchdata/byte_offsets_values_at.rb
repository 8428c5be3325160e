# MatchData: bytebegin/byteend/match/match_length, values_at with ranges,
# #to_int group numbers, deconstruct_keys in the keys' order (it crashed on
# a non-Array argument).
n = /(?<a>.)(?<b>x)?/.match("THX1138.")
p n.bytebegin(:a), n.byteend("a"), n.match(:a), n.match(:b), n.match_length(:b)
m = /(.)(.)(\d+)(\d)?/.match("THX1138.")
p m.bytebegin(0), m.byteend(1), m.bytebegin(4)
p m.match(1), m.match(4), m.match_length(3), m.match_length(4)
begin; m.match(9); rescue IndexError => e; p e.message; end
begin; m.bytebegin(:y); rescue IndexError => e; p e.message; end
p m.values_at(0, 2..3, 1..), m.values_at(..1), m.values_at(3..9), m.values_at(5..6)
begin; m.values_at(-7..3); rescue RangeError => e; p e.message; end
o = Object.new; def o.to_int; 2; end
p m.begin(o), m.offset(o)
begin; m.offset(Object.new); rescue TypeError => e; p e.message; end
u = /é(.)/.match("aéb")
p u.bytebegin(1), u.begin(1), u.match_length(0)
m = /(?<hours>\d+):(?<minutes>\d+)/.match("18:37")
p m.deconstruct_keys([:hours, :minutes])
p m.deconstruct_keys(nil)
p m.deconstruct_keys([:hours])
p m.deconstruct_keys([:nope])
m2 = /(\d+)/.match("1")
p m2.deconstruct_keys(nil)
begin; m.deconstruct_keys(1); rescue => e; p [e.class, e.message]; end
begin; m.deconstruct_keys(["hours"]); rescue => e; p [e.class, e.message]; end
m = /(?<hours>\d+):(?<minutes>\d+)/.match("18:37")
p m.deconstruct_keys([:minutes, :hours]), m.deconstruct_keys([:hours, :nope, :minutes]), m.deconstruct_keys([:a, :b, :c])

# Array#join: an element's to_str giving nil falls through to to_ary, then to_s
o = Object.new
def o.to_str; nil; end
def o.to_ary; ["foo"]; end
p [o].join
q = Object.new
def q.to_str; nil; end
def q.to_ary; nil; end
def q.to_s; "bar"; end
p [q].join

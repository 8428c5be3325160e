# nil.to_r / nil.rationalize, and :$-w symbols (ruby/spec core/nil, core/symbol).
p nil.to_r, nil.rationalize, nil.rationalize(0.1)
begin
  nil.rationalize(1, 2)
rescue ArgumentError => e
  p e.message
end
p :$-w, :$-0, :"$-ww", :$+, :$1

class P; def to_proc; 3; end; end
begin; [1].each(&P.new); rescue TypeError => e; puts e.message; end
begin; [1].map(&P.new); rescue TypeError => e; puts e.message; end
def m; yield; end
begin; m(&P.new); rescue TypeError => e; puts e.message; end
class Q; def to_proc; proc { |x| x * 2 }; end; end
p [1, 2].map(&Q.new)
begin; [1].each(&Object.new); rescue TypeError => e; puts e.message; end

# Wrong number of arguments to a user method: the report points at the
# callee's definition line, then the caller, with error_highlight.
class Grid
  def initialize(w, h)
    @w = w
    @h = h
  end

  def cell(x, y)
    [x, y]
  end

  def corner
    cell(@w)
  end
end

g = Grid.new(3, 4)
p g.cell(1, 2)
p g.corner

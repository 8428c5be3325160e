# An undefined local variable or method is a run-time NameError with
# error_highlight carets under the name.
class Report
  def initialize(rows)
    @rows = rows
  end

  def total
    @rows.sum { |r| r[:amount] }
  end

  def summary
    "total=#{total} count=#{row_count}"
  end
end

r = Report.new([{amount: 3}, {amount: 4}])
puts r.total
puts r.summary
puts "not reached"

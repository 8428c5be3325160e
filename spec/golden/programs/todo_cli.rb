# A todo-list command processor reading commands from stdin
class TodoList
  Task = Struct.new(:id, :title, :priority, :tags, :done)

  def initialize
    @tasks = []
    @next_id = 1
  end

  def execute(line)
    cmd, rest = line.strip.split(" ", 2)
    rest = rest.to_s
    case cmd
    when "add"
      title = rest.gsub(/\s*(![123]|#\w+)/, "").strip
      return "error: empty title" if title.empty?
      prio = rest[/!([123])/, 1]&.to_i || 2
      tags = rest.scan(/#(\w+)/).flatten
      t = Task.new(@next_id, title, prio, tags, false)
      @next_id += 1
      @tasks << t
      "added ##{t.id}: #{t.title} (p#{prio}#{tags.empty? ? '' : ' ' + tags.map { |g| "##{g}" }.join(' ')})"
    when "done", "undo"
      t = find(rest) or return "error: no task #{rest}"
      t.done = cmd == "done"
      "#{cmd} ##{t.id}"
    when "rm"
      t = find(rest) or return "error: no task #{rest}"
      @tasks.delete(t)
      "removed ##{t.id}"
    when "list"
      tasks = filtered(rest)
      return "(no tasks)" if tasks.empty?
      tasks.sort_by { |t| [t.done ? 1 : 0, t.priority, t.id] }.map { |t| format_task(t) }.join("\n")
    when "stats"
      done = @tasks.count(&:done)
      by_tag = @tasks.flat_map(&:tags).tally.sort_by { |tag, c| [-c, tag] }.map { |tag, c| "#{tag}:#{c}" }.join(" ")
      "#{@tasks.size} tasks, #{done} done, #{@tasks.size - done} open; tags #{by_tag.empty? ? '-' : by_tag}"
    when "rename"
      id, title = rest.split(" ", 2)
      t = find(id) or return "error: no task #{id}"
      old = t.title
      t.title = title.to_s.strip
      "renamed ##{t.id}: #{old.inspect} -> #{t.title.inspect}"
    when nil then ""
    else "error: unknown command #{cmd.inspect}"
    end
  end

  private

  def find(id) = @tasks.find { |t| t.id == id.to_i }

  def filtered(arg)
    case arg
    when "" then @tasks
    when "open" then @tasks.reject(&:done)
    when "done" then @tasks.select(&:done)
    when /\A#(\w+)\z/ then @tasks.select { |t| t.tags.include?($1) }
    when /\A!([123])\z/ then @tasks.select { |t| t.priority == $1.to_i }
    else []
    end
  end

  def format_task(t)
    box = t.done ? "[x]" : "[ ]"
    tags = t.tags.empty? ? "" : "  " + t.tags.map { |g| "##{g}" }.join(" ")
    format("%s %3d  p%d  %-24s%s", box, t.id, t.priority, t.title, tags)
  end
end

todo = TodoList.new
n = 0
$stdin.each_line do |line|
  next if line.start_with?("#")
  n += 1
  out = todo.execute(line)
  puts "$ #{line.chomp}"
  puts out unless out.empty?
end
puts "processed #{n} commands"

# An in-memory file system: paths, mkdir -p, write/read/append, ls, glob matching, du, tree, mv/rm with errors
class MemFS
  class FSError < StandardError; end
  Dir_ = Struct.new(:name, :children)
  File_ = Struct.new(:name, :content)

  def initialize
    @root = Dir_.new("", {})
  end

  def mkdir_p(path)
    parts(path).inject(@root) do |dir, name|
      child = dir.children[name] ||= Dir_.new(name, {})
      raise FSError, "not a directory: #{name}" unless child.is_a?(Dir_)
      child
    end
    path
  end

  def write(path, content, append: false)
    *dirs, base = parts(path)
    dir = lookup_dir(dirs, path)
    existing = dir.children[base]
    raise FSError, "is a directory: #{path}" if existing.is_a?(Dir_)
    if append && existing
      existing.content += content
    else
      dir.children[base] = File_.new(base, content.dup)
    end
    content.bytesize
  end

  def read(path)
    node = find(path)
    raise FSError, "no such file: #{path}" if node.nil?
    raise FSError, "is a directory: #{path}" if node.is_a?(Dir_)
    node.content
  end

  def ls(path = "/")
    node = find(path) or raise FSError, "no such directory: #{path}"
    return [node.name] if node.is_a?(File_)
    node.children.keys.sort.map { |k| node.children[k].is_a?(Dir_) ? "#{k}/" : k }
  end

  def rm(path, recursive: false)
    *dirs, base = parts(path)
    dir = lookup_dir(dirs, path)
    node = dir.children[base] or raise FSError, "no such file: #{path}"
    raise FSError, "directory not empty: #{path}" if node.is_a?(Dir_) && !node.children.empty? && !recursive
    dir.children.delete(base)
    path
  end

  def mv(src, dst)
    node = find(src) or raise FSError, "no such file: #{src}"
    raise FSError, "destination exists: #{dst}" if find(dst)
    *sd, sb = parts(src)
    *dd, db = parts(dst)
    lookup_dir(sd, src).children.delete(sb)
    node.name = db
    lookup_dir(dd, dst).children[db] = node
    dst
  end

  def walk(node = @root, prefix = "", &blk)
    return enum_for(:walk, node, prefix) unless blk
    node.children.keys.sort.each do |k|
      child = node.children[k]
      path = "#{prefix}/#{k}"
      yield path, child
      walk(child, path, &blk) if child.is_a?(Dir_)
    end
  end

  def glob(pattern)
    re = Regexp.new("\\A" + pattern.gsub(/\*\*\/|\*|\?|[^*?]+/) do |tok|
      case tok
      when "**/" then "(?:.*/)?"
      when "*" then "[^/]*"
      when "?" then "[^/]"
      else Regexp.escape(tok)
      end
    end + "\\z")
    walk.select { |path, n| n.is_a?(File_) && re.match?(path) }.map(&:first)
  end

  def du(path = "/")
    node = find(path) or raise FSError, "no such file: #{path}"
    return node.content.bytesize if node.is_a?(File_)
    walk(node, "").sum { |_, n| n.is_a?(File_) ? n.content.bytesize : 0 }
  end

  def tree(node = @root, indent = "")
    lines = []
    keys = node.children.keys.sort
    keys.each_with_index do |k, i|
      child = node.children[k]
      last = i == keys.size - 1
      lines << "#{indent}#{last ? '`-- ' : '|-- '}#{k}#{child.is_a?(Dir_) ? '/' : " (#{child.content.bytesize}b)"}"
      lines.concat(tree(child, indent + (last ? "    " : "|   "))) if child.is_a?(Dir_)
    end
    lines
  end

  private

  def parts(path) = path.split("/").reject(&:empty?)

  def find(path)
    parts(path).inject(@root) do |node, name|
      return nil unless node.is_a?(Dir_)
      node.children[name] or return nil
    end
  end

  def lookup_dir(names, full)
    node = names.inject(@root) { |n, name| n.children[name] or raise FSError, "no such directory for #{full}" }
    raise FSError, "not a directory: #{full}" unless node.is_a?(Dir_)
    node
  end
end

fs = MemFS.new
fs.mkdir_p("/src/lib/util")
fs.mkdir_p("/docs")
p fs.write("/src/main.rb", "puts 'hi'\n"), fs.write("/src/lib/a.rb", "A = 1\n"), fs.write("/src/lib/util/b.rb", "B = 2\n" * 3)
fs.write("/docs/README.md", "# Title\n")
fs.write("/docs/README.md", "more\n", append: true)
fs.write("/notes.txt", "café")
p fs.ls, fs.ls("/src"), fs.ls("/src/lib"), fs.ls("/notes.txt"), fs.read("/docs/README.md")
p fs.glob("/src/**/*.rb"), fs.glob("/src/*.rb"), fs.glob("/**/*.md"), fs.glob("/*.t?t"), fs.glob("/nothing/*")
p fs.du, fs.du("/src"), fs.du("/notes.txt")
puts fs.tree
[-> { fs.read("/src") }, -> { fs.read("/missing") }, -> { fs.write("/nodir/x", "") }, -> { fs.rm("/src") },
 -> { fs.mv("/notes.txt", "/docs/README.md") }, -> { fs.ls("/zzz") }, -> { fs.mkdir_p("/notes.txt/sub") },
 -> { fs.write("/src", "x") }].each do |op|
  op.call
  puts "no error"
rescue MemFS::FSError => e
  puts "FSError: #{e.message}"
end
p fs.mv("/notes.txt", "/docs/notes.txt"), fs.rm("/src/lib", recursive: true), fs.ls("/src"), fs.ls("/docs")
puts fs.tree
p fs.walk.map { |path, _node| path }

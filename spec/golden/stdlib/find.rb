# Find compiled from the installed find.rb.
require 'find'
root = File.join(__dir__, "lib")
names = []
Find.find(root) { |path| names << path.delete_prefix(root) }
p names.sort
p Find.find(root).map { File.basename(_1) }.sort.first(2)
pruned = []
Find.find(File.dirname(root)) do |path|
  if File.directory?(path) && File.basename(path) == "lib"
    Find.prune
  end
  pruned << File.basename(path) if path.end_with?("find.rb")
end
p pruned.sort


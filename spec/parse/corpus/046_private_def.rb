# Corpus: private def
class Tool
  private def helper = "secret"
  def use = helper.upcase
  private attr_reader :internal rescue nil
end
puts Tool.new.use, Tool.private_instance_methods(false).include?(:helper)

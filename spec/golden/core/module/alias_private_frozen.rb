# alias_method to initialize/respond_to_missing? makes a private method; on a
# frozen class it raises FrozenError
class Al
  def pub; end
  alias_method :initialize, :pub
  alias_method :respond_to_missing?, :pub
end
p Al.private_instance_methods(false).sort
begin; Class.new { def a; end }.freeze.send(:alias_method, :b, :a); rescue => e; p e.class; end
